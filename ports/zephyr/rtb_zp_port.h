/*
 * rtbench Zephyr adapter - what rtb_kernel.h, port_zephyr.c and
 * startup_zephyr.c share (private to ports/zephyr).
 */
#ifndef RTB_ZP_PORT_H
#define RTB_ZP_PORT_H

#include <zephyr/kernel.h>

/* rtbench's priorities 1..30 -> Zephyr's preemptive 30..1 (rtb_ad_prio_down). */
#define RTB_ZP_PRIO_BASE 30u
/* The smallest thread stack accepted: Zephyr's initial frame and the
 * trampoline's first calls. */
#define RTB_ZP_MIN_STACK 256u

/* Zephyr's main thread (main()): not one of the adapter's threads. */
extern k_tid_t rtb_zp_boot_thread;

/* A failed Zephyr call's negative errno -> an rtb_err; nowait: it was made
 * with K_NO_WAIT (a busy object is RTB_ERR_AGAIN, an expired wait
 * RTB_ERR_TIMEOUT). Other codes: RTB_ERR_PORT, the errno kept for
 * rtb_port_errno(). Out of line. */
int rtb_zp_fail(int rc, int nowait);
/* The run header's identity. After rtb_timer_init. */
void rtb_zp_info_init(void);

#endif /* RTB_ZP_PORT_H */
