/*
 * rtbench RT-Thread adapter - the kernel-independent part: how RT-Thread's
 * error codes, priorities and timeouts translate to the porting contract.
 *
 * Pure C99 with no RT-Thread header, so that tests/adapters checks it on the
 * host; the error values are repeated here (RTB_RT_*) and port_rtthread.c
 * checks at compile time that they are rtdef.h's.
 */
#ifndef RTB_RT_MAP_H
#define RTB_RT_MAP_H

#include <stdint.h>

#include "rtb/error.h"

/* RT-Thread's error codes (rtdef.h, the same in 3.1.x and 5.x); its calls
 * return them negated (-RT_ETIMEOUT). */
#define RTB_RT_EOK 0
#define RTB_RT_ERROR 1
#define RTB_RT_ETIMEOUT 2
#define RTB_RT_EFULL 3
#define RTB_RT_EEMPTY 4
#define RTB_RT_ENOMEM 5
#define RTB_RT_ENOSYS 6
#define RTB_RT_EBUSY 7
#define RTB_RT_EIO 8
#define RTB_RT_EINTR 9
#define RTB_RT_EINVAL 10

/* RT_WAITING_FOREVER, and the longest finite wait: rt_timer_start refuses
 * (asserts) a timeout of RT_TICK_MAX / 2 ticks or more. */
#define RTB_RT_WAITING_FOREVER (-1)
#define RTB_RT_TICKS_MAX 0x7FFFFFFEu

/*
 * An RT-Thread result (0 or a negated RT_E* code) -> 0 or a negative rtb_err.
 * `nowait`: the call was made with RT_WAITING_NO, so "nothing there"
 * (-RT_ETIMEOUT, -RT_EFULL, -RT_EEMPTY, -RT_EBUSY: RT-Thread returns
 * -RT_ETIMEOUT for a take that may not wait) is RTB_ERR_AGAIN; after a
 * finite wait it is RTB_ERR_TIMEOUT.
 *   -RT_ENOMEM -> RTB_ERR_NOMEM     -RT_EINVAL -> RTB_ERR_INVAL
 *   -RT_ENOSYS -> RTB_ERR_NOTSUP    -RT_EINTR  -> RTB_ERR_STATE (wait ended
 *                                                   by a detach or a signal)
 *   -RT_ERROR (RT-Thread's "wrong state or wrong caller", whose meaning
 *   depends on the call), -RT_EIO, anything else -> RTB_ERR_PORT
 * A full queue or mailbox on a put that may not wait is the caller's to turn
 * into RTB_ERR_OVERFLOW (FIFO, stack) - here it is RTB_ERR_AGAIN.
 */
int rtb_rt_err(long err, int nowait);

/*
 * rtbench priority (larger = more urgent) -> RT-Thread (0 = most urgent):
 * rtbench p is RT-Thread (max_priorities - 1) - p: 30 -> 1, 1 -> 30 with 32
 * priorities. RT-Thread 0 stays above every rtbench thread and
 * max_priorities - 1 (the idle thread's) below.
 * RTB_ERR_INVAL for a prio outside RTB_PRIO_MIN..RTB_PRIO_MAX, fewer than 32
 * priorities or more than 256 (rt_uint8_t).
 */
int rtb_rt_prio(int prio, unsigned max_priorities, uint8_t *out);

/*
 * rtbench timeout (microseconds) -> RT-Thread's signed tick count:
 *   RTB_NO_WAIT -> 0 (RT_WAITING_NO), RTB_FOREVER -> -1 (RT_WAITING_FOREVER),
 *   us > 0 -> rtb_ad_ticks' ceil(us * tick_hz / 1e6) + 1, at most
 *   RTB_RT_TICKS_MAX.
 * RTB_ERR_INVAL for any other negative value, or tick_hz 0 (whatever `us`).
 */
int rtb_rt_ticks(int32_t us, uint32_t tick_hz, int32_t *ticks);

#endif /* RTB_RT_MAP_H */
