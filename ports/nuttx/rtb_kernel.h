/*
 * rtbench NuttX adapter - the adapter core's hooks over Apache NuttX's
 * internal kernel API (see ../adapter/rtb_core.h for what each must do and
 * what the core has checked before it runs). Included by
 * ../adapter/rtb_core.c and by port_nuttx.c, which has the calls with no
 * shared rule.
 *
 * NuttX is a POSIX kernel: sem_wait(), pthread_mutex_lock(), mq_send() are
 * its user API, thin wrappers (errno, cancellation points, a file
 * descriptor lookup for mq_*) over the nx* calls the kernel itself uses. In
 * the flat build (CONFIG_BUILD_FLAT) an application may call those directly,
 * and these hooks do: nxsem_*, nxrmutex_*, nxevent_*, file_mq_*, nxtask_*,
 * nxsched_*, nxsig_kill. docs/ports/nuttx.md says what each POSIX call adds.
 * They return a negated errno: nx_fail() translates it.
 */
#ifndef RTB_KERNEL_NUTTX_H
#define RTB_KERNEL_NUTTX_H

#include <nuttx/config.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <nuttx/clock.h>
#include <nuttx/event.h>
#include <nuttx/mqueue.h>
#include <nuttx/mutex.h>
#include <nuttx/sched.h>
#include <nuttx/semaphore.h>
#include <nuttx/signal.h>

#include "rtb/port.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_nx_port.h"

typedef uint32_t rtb_k_ticks_t; /* RTB_NO_WAIT -> 0, RTB_FOREVER -> UINT32_MAX: wait forever */
typedef unsigned rtb_k_prio_t;  /* NuttX's 1..255, larger is more urgent */

#define NX_FOREVER UINT32_MAX
#define RTB_K_MIN_STACK RTB_NX_MIN_STACK
#define RTB_K_HAS_COOP 0                      /* no non-preemptible task class */
#define RTB_K_EVENTS_BAD(bits) ((bits) == 0u) /* 0 means "any event" to nxevent_wait */

/* Every task that calls the contract was created by this adapter, its TCB
 * the first member of its struct rtb_thread; the init task (before the
 * runner starts) is not one. */
static inline struct rtb_thread *rtb_k_self(void)
{
    struct tcb_s *t = nxsched_self();

    return t == rtb_nx_init_tcb ? NULL : (struct rtb_thread *)(void *)t;
}

#define rtb_k_in_isr() rtb_cm_in_handler()

RTB_CORE_OUTLINE rtb_k_ticks_t rtb_k_ticks_finite(rtb_timeout_t us)
{
    uint32_t t = 0;

    (void)rtb_ad_ticks(us, TICK_PER_SEC, NX_FOREVER, &t);
    return t;
}

#define NX_TICKS(us) RTB_CORE_TICKS(rtb_k_ticks_t, us, rtb_k_ticks_finite)

static inline int rtb_k_prio(int prio, rtb_k_prio_t *kprio)
{
    return rtb_ad_prio_up(prio, RTB_NX_PRIO_BASE, SCHED_PRIORITY_MAX, kprio);
}

static inline int nx_result(int rc, int nowait)
{
    return rc >= 0 ? RTB_OK : rtb_nx_fail(rc, nowait);
}

/* ---- threads ------------------------------------------------------------------ */

static inline int rtb_k_thread_create(struct rtb_thread *t, const char *name, rtb_k_prio_t kprio,
                                      unsigned flags, void *stack, size_t stack_bytes, int start)
{
    int rc;

    (void)flags;
    memset(&t->tcb, 0, sizeof t->tcb);
    t->tcb.flags = TCB_FLAG_TTYPE_TASK; /* the TCB is ours: no TCB_FLAG_FREE_TCB */
    rc = nxsem_init(&t->done, 0, 0);
    if (rc >= 0)
        rc = nxtask_init(&t->tcb, name ? name : "rtb", (int)kprio, (char *)stack + RTB_NX_STACK_LOW,
                         (uint32_t)(stack_bytes - RTB_NX_STACK_LOW), rtb_nx_trampoline, NULL, NULL,
                         NULL);
    if (rc < 0)
        return rtb_nx_fail(rc, 0);
    t->pid = t->tcb.pid;
    t->core.suspended = 0;
    if (start)
        nxtask_activate(&t->tcb);
    return RTB_OK;
}

static inline int rtb_k_thread_start(struct rtb_thread *t)
{
    nxtask_activate(&t->tcb);
    return RTB_OK;
}

/* SIGSTOP / SIGCONT (CONFIG_SIG_SIGSTOP_ACTION): NuttX's only way to stop a
 * task and let it go on; port_nuttx.c. */
#define rtb_k_thread_suspend(t) rtb_nx_suspend(t)
#define rtb_k_thread_resume(t) rtb_nx_resume(t)
/* A task that has already exited (-ESRCH) is aborted too */
static inline int rtb_k_thread_abort(struct rtb_thread *t)
{
    int rc = nxtask_delete(t->pid);

    return rc == -ESRCH ? RTB_OK : nx_result(rc, 0);
}

static inline int rtb_k_join_wait(struct rtb_thread *t, rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk = NX_TICKS(timeout);
    int rc;

    if (tk == 0)
        rc = nxsem_trywait(&t->done);
    else if (tk == NX_FOREVER)
        rc = nxsem_wait_uninterruptible(&t->done);
    else
        rc = nxsem_tickwait_uninterruptible(&t->done, tk);
    return nx_result(rc, tk == 0);
}

#define rtb_k_thread_release(t) rtb_nx_release(t)

static inline int rtb_k_thread_set_prio(struct rtb_thread *t, rtb_k_prio_t kprio)
{
    struct sched_param p;

    p.sched_priority = (int)kprio;
    return nx_result(nxsched_set_param(t ? t->pid : 0, &p), 0);
}

static inline int rtb_k_sleep(uint32_t us)
{
    uint32_t tk = rtb_ad_sleep_ticks(us, TICK_PER_SEC, NX_FOREVER);

    if (tk == 0)
        (void)sched_yield();
    else
        nxsched_ticksleep(tk);
    return RTB_OK;
}

/* ---- semaphores, mutexes, event flags ------------------------------------------ */

/* The contract's limit is NuttX's own per-semaphore maximum
 * (CONFIG_CUSTOM_SEMAPHORE_MAXVALUE): a post above it is -EOVERFLOW. */
static inline int rtb_k_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    int rc = nxsem_init(&s->nx, 0, (int32_t)initial);

    if (rc >= 0)
        rc = nxsem_setmaxvalue(&s->nx, (int32_t)limit);
    s->limit = limit;
    return nx_result(rc, 0);
}

#define rtb_k_sem_trytake(s) nx_result(nxsem_trywait(&(s)->nx), 1)
#define rtb_k_sem_take(s, tk)                                                                      \
    nx_result((tk) == NX_FOREVER ? nxsem_wait(&(s)->nx) : nxsem_tickwait(&(s)->nx, (tk)), 0)

/* Recursive, priority inheritance: nxrmutex over nxmutex, whose sem_t has
 * SEM_PRIO_INHERIT (nxmutex_init) */
#define rtb_k_mutex_init(m) nx_result(nxrmutex_init(&(m)->nx), 0)
#define rtb_k_mutex_trylock(m) nx_result(nxrmutex_trylock(&(m)->nx), 1)
#define rtb_k_mutex_lock(m, tk)                                                                    \
    nx_result((tk) == NX_FOREVER ? nxrmutex_lock(&(m)->nx) : nxrmutex_ticklock(&(m)->nx, (tk)), 0)

static inline int rtb_k_events_init(rtb_events_t *e)
{
    nxevent_init(&e->nx, 0);
    return RTB_OK;
}

/* The contract's wait does not consume the bits: NXEVENT_WAIT_NOCLEAR. A
 * wait that ends without them returns 0. */
static inline int rtb_k_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_k_ticks_t tk,
                                    uint32_t *matched)
{
    nxevent_flags_t f = NXEVENT_WAIT_NOCLEAR | (mode == RTB_EVENTS_ALL ? NXEVENT_WAIT_ALL : 0u);
    nxevent_mask_t got;

    if (tk == 0)
        got = nxevent_trywait(&e->nx, bits, f);
    else if (tk == NX_FOREVER)
        got = nxevent_wait(&e->nx, bits, f);
    else
        got = nxevent_tickwait(&e->nx, bits, f, tk);
    if (got == 0)
        return tk == 0 ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    if (matched)
        *matched = (uint32_t)got & bits;
    return RTB_OK;
}

/* ---- FIFO, LIFO, stack: none (absent_queues.c, absent_stack.c) ------------------ */

#define NX_NOTSUP2(a, b) ((void)(a), (void)(b), RTB_ERR_NOTSUP)
#define NX_NOTSUP3(a, b, c) ((void)(a), (void)(b), (void)(c), RTB_ERR_NOTSUP)
#define rtb_k_fifo_init(q) ((void)(q), RTB_ERR_NOTSUP)
#define rtb_k_fifo_tryget(q, item) NX_NOTSUP2(q, item)
#define rtb_k_fifo_get(q, item, tk) NX_NOTSUP3(q, item, tk)
#define rtb_k_lifo_init(q) ((void)(q), RTB_ERR_NOTSUP)
#define rtb_k_lifo_tryget(q, item) NX_NOTSUP2(q, item)
#define rtb_k_lifo_get(q, item, tk) NX_NOTSUP3(q, item, tk)
#define rtb_k_stack_init(s, buf, capacity) NX_NOTSUP3(s, buf, capacity)
#define rtb_k_stack_trypop(s, v) NX_NOTSUP2(s, v)
#define rtb_k_stack_pop(s, v, tk) NX_NOTSUP3(s, v, tk)

/* ---- message queues: POSIX mqueues through their struct file -------------------- */

#define rtb_k_msgq_init(q, buf, msg_size, max_msgs) rtb_nx_msgq_init(q, msg_size, max_msgs)

/* The queue is opened O_NONBLOCK: the "try" calls; a wait is file_mq_tick*
 * with the flag cleared for the call (port_nuttx.c). */
#define rtb_k_msgq_tryget(q, msg)                                                                  \
    nx_result((int)file_mq_receive(&(q)->mq, (char *)(msg), (q)->msg_size, NULL), 1)
#define rtb_k_msgq_get(q, msg, tk) rtb_nx_msgq_wait(q, NULL, msg, tk)
#define rtb_k_msgq_tryput(q, msg)                                                                  \
    nx_result(file_mq_send(&(q)->mq, (const char *)(msg), (q)->msg_size, 0), 1)
#define rtb_k_msgq_put(q, msg, tk) rtb_nx_msgq_wait(q, msg, NULL, tk)

#endif /* RTB_KERNEL_NUTTX_H */
