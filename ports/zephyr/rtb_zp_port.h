/*
 * rtbench Zephyr adapter - what port_zephyr.c, port_zephyr_queues.c and
 * startup_zephyr.c share (private to ports/zephyr).
 */
#ifndef RTB_ZP_PORT_H
#define RTB_ZP_PORT_H

#include <stddef.h>

#include <zephyr/kernel.h>

#include "rtb/port.h"

/* rtbench's priorities 1..30 -> Zephyr's preemptive 30..1 (rtb_ad_prio_down). */
#define RTB_ZP_PRIO_BASE 30u
/* The smallest thread stack accepted: Zephyr's initial frame and the
 * trampoline's first calls. */
#define RTB_ZP_MIN_STACK 256u

/* Microseconds -> a Zephyr timeout: K_NO_WAIT, K_FOREVER, or K_USEC (rounded
 * up to ticks; Zephyr adds one tick to a relative timeout, so a wait lasts
 * at least the time given). */
static inline k_timeout_t rtb_zp_timeout(rtb_timeout_t us)
{
    if (us == RTB_NO_WAIT)
        return K_NO_WAIT;
    if (us == RTB_FOREVER)
        return K_FOREVER;
    return K_USEC(us);
}
#define RTB_ZP_TIMEOUT_OK(us) ((us) >= RTB_FOREVER)
/* A call that may wait, made from the software interrupt: refused with
 * RTB_ERR_PERM before it reaches the kernel. */
#define RTB_ZP_WAIT_IN_ISR(us) ((us) != RTB_NO_WAIT && k_is_in_isr())

/* Zephyr's main thread (main()): not one of the adapter's threads. */
extern k_tid_t rtb_zp_boot_thread;

/* A failed Zephyr call's negative errno -> an rtb_err; nowait: it was made
 * with K_NO_WAIT. RTB_ERR_PORT keeps the code for rtb_port_errno(). */
int rtb_zp_fail(int rc, int nowait);
/* Create the thread (K_FOREVER) at Zephyr priority kp; 0 or an rtb_err. */
int rtb_zp_thread_make(struct rtb_thread *t, const char *name, rtb_entry_t entry, void *arg, int kp,
                       unsigned coop, void *stack, size_t stack_bytes);
/* The run header's identity. After rtb_timer_init. */
void rtb_zp_info_init(void);

#endif /* RTB_ZP_PORT_H */
