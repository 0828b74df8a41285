/*
 * rtbench NuttX adapter - what rtb_kernel.h, port_nuttx.c and
 * startup_nuttx.c share (private to ports/nuttx).
 */
#ifndef RTB_NX_PORT_H
#define RTB_NX_PORT_H

#include <nuttx/config.h>

#include <stdbool.h>
#include <stddef.h>

#include <nuttx/queue.h>

#include <nuttx/sched.h>

#include "rtb_port_types.h"

/* rtbench's priorities 1..30 -> NuttX's 101..130: above the init task
 * (CONFIG_INIT_PRIORITY, 100), whose work is done once the runner starts. */
#define RTB_NX_PRIO_BASE 101u
/* The smallest task stack accepted: NuttX keeps the task's TLS block (struct
 * tls_info_s) and its argv at the base of the stack it is given, under the
 * initial frame and the trampoline's first calls. */
#define RTB_NX_MIN_STACK 512u

/* Bytes at the low end of a thread's stack NuttX is not given: nxtask_init
 * keeps the task's TLS block (struct tls_info_s) at the low end of the stack
 * it gets, where the suite keeps its overflow guard words (8 words,
 * suite/core/bench_ctx.c): NuttX gets the stack above them, so the guard
 * stays the suite's and still tells a thread that ran past NuttX's block. */
#define RTB_NX_STACK_LOW 32u

/* The init task's TCB (CONFIG_INIT_ENTRYPOINT, rtb_nuttx_main): not one of
 * the adapter's threads. */
extern struct tcb_s *rtb_nx_init_tcb;

/* Every task's entry (nxtask_init's main_t): the rtb_thread is the running TCB. */
int rtb_nx_trampoline(int argc, char *argv[]);
/* A failed NuttX call's negated errno -> an rtb_err; nowait: it was the
 * call that does not wait (-EAGAIN is RTB_ERR_AGAIN, -ETIMEDOUT
 * RTB_ERR_TIMEOUT). Other codes: RTB_ERR_PORT, the errno kept for
 * rtb_port_errno(). Out of line. */
int rtb_nx_fail(int rc, int nowait);
/* NuttX's own scheduler calls behind SIGSTOP's default action and SIGCONT's
 * dispatch (sched/sched/sched.h, an internal header outside include/;
 * CONFIG_SIG_SIGSTOP_ACTION), and the list of stopped tasks. */
void nxsched_suspend(struct tcb_s *tcb);
bool nxsched_add_readytorun(struct tcb_s *tcb);
extern dq_queue_t g_stoppedtasks;
/* Suspend t (NULL: the caller) at once; resume a suspended one (SIGCONT). */
int rtb_nx_suspend(struct rtb_thread *t);
int rtb_nx_resume(struct rtb_thread *t);
int rtb_nx_release(struct rtb_thread *t);
int rtb_nx_msgq_init(struct rtb_msgq *q, size_t msg_size, unsigned max_msgs);
/* A put (msg) or a get (out) that may wait tk ticks (NX_FOREVER: forever). */
int rtb_nx_msgq_wait(struct rtb_msgq *q, const void *msg, void *out, uint32_t tk);
/* The run header's identity. After rtb_timer_init. */
void rtb_nx_info_init(void);

#endif /* RTB_NX_PORT_H */
