/*
 * rtbench FreeRTOS adapter - what port_freertos.c and startup_freertos.c
 * share (private to ports/freertos).
 */
#ifndef RTB_FR_PORT_H
#define RTB_FR_PORT_H

/* Fill the run header's identity (board, CPU, the scheduling obtained and
 * the FreeRTOS objects that stand for the contract's). After rtb_timer_init. */
void rtb_fr_info_init(void);
/* configASSERT's target in a configuration that defines it: prints the
 * place and exits with RTB_CM_EXIT_FAULT. */
void rtb_fr_assert_failed(const char *file, int line);

#endif /* RTB_FR_PORT_H */
