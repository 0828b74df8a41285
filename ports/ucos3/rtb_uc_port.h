/*
 * rtbench µC/OS-III adapter - what port_ucos3.c and startup_ucos3.c share
 * (private to ports/ucos3).
 */
#ifndef RTB_UC_PORT_H
#define RTB_UC_PORT_H

/* Bytes of the C heap behind rtb_malloc (newlib's malloc over _sbrk of this
 * array): µC/OS-III has no variable-size allocator. The same size as the
 * FreeRTOS example's configTOTAL_HEAP_SIZE and the ThreadX byte pool. */
#ifndef RTB_UC_HEAP_BYTES
#define RTB_UC_HEAP_BYTES (32u * 1024u)
#endif

/* Time slice of every rtbench task, in ticks: µC/OS-III's only yield
 * (OSSchedRoundRobinYield) needs round-robin on, and every tick then counts
 * the running task's quantum down; this one, about 497 days at 100 Hz, never
 * ends within a run - the counterpart of configUSE_TIME_SLICING 0 and
 * TX_NO_TIME_SLICE. */
#define RTB_UC_SLICE 0xFFFFFFFFu

/* Fill the run header's identity. After rtb_timer_init. */
void rtb_uc_info_init(void);

#endif /* RTB_UC_PORT_H */
