/*
 * rtbench ThreadX adapter - what port_threadx.c and startup_threadx.c share
 * (private to ports/threadx).
 */
#ifndef RTB_TX_PORT_H
#define RTB_TX_PORT_H

/* Bytes of the byte pool behind rtb_malloc (the same as the FreeRTOS
 * example's configTOTAL_HEAP_SIZE). */
#ifndef RTB_TX_HEAP_BYTES
#define RTB_TX_HEAP_BYTES (32u * 1024u)
#endif

/* Fill the run header's identity. After rtb_timer_init. */
void rtb_tx_info_init(void);
/* Create the byte pool of rtb_malloc. From tx_application_define, before
 * the runner's thread (rtb_core_create_main). 0 or rtb_err. */
int rtb_tx_heap_init(void);

#endif /* RTB_TX_PORT_H */
