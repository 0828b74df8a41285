/*
 * rtbench RT-Thread adapter - what port_rtthread.c and startup_rtthread.c
 * share (private to ports/rtthread).
 */
#ifndef RTB_RT_PORT_H
#define RTB_RT_PORT_H

/* Bytes of the heap behind rt_malloc (the same as the FreeRTOS example's
 * configTOTAL_HEAP_SIZE and the ThreadX byte pool). */
#ifndef RTB_RT_HEAP_BYTES
#define RTB_RT_HEAP_BYTES (32u * 1024u)
#endif

/* Time slice of every rtbench thread, in ticks: RT-Thread 3.1.x always
 * round-robins threads of equal priority when a slice ends (there is no
 * switch to turn it off); this slice, about 248 days at 100 Hz, never ends
 * within a run - the counterpart of configUSE_TIME_SLICING 0 and
 * TX_NO_TIME_SLICE. */
#define RTB_RT_SLICE 0x7FFFFFFFu

/* Fill the run header's identity. After rtb_timer_init. */
void rtb_rt_info_init(void);
/* Initialise the heap of rt_malloc. Before the runner's thread
 * (rtb_core_create_main) and rt_system_scheduler_start. 0 or rtb_err. */
int rtb_rt_heap_init(void);

#endif /* RTB_RT_PORT_H */
