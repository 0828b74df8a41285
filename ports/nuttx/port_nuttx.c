/*
 * rtbench NuttX adapter - the porting contract (rtb/port.h) over Apache
 * NuttX's internal kernel API (checked with NuttX 13.0.0, flat build): the
 * calls that have no rule shared with the other adapters. The shared rules
 * (thread states, timeouts, argument checks) are the adapter core's
 * (../adapter/rtb_core.c) over this kernel's hooks (rtb_kernel.h); the
 * start-up glue (the init task, the console, the software interrupt) is
 * startup_nuttx.c.
 *
 * What NuttX lacks is n/a: intrusive FIFO and LIFO queues and a stack of
 * words (its queues are POSIX mqueues, which copy: the msgq family),
 * non-preemptible tasks; condition variables are pthread_cond over pthread
 * mutexes, not the nxrmutex the contract's mutex is (not mapped yet).
 */
#include <nuttx/config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <nuttx/arch.h>
#include <nuttx/irq.h>
#include <nuttx/mqueue.h>
#include <nuttx/sched.h>
#include <nuttx/semaphore.h>
#include <nuttx/signal.h>

#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb_ad_cm.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_kernel.h"
#include "rtb_nx_port.h"

#ifndef CONFIG_BUILD_FLAT
#error "the rtbench NuttX adapter calls the kernel's nx* API: CONFIG_BUILD_FLAT"
#endif
#if CONFIG_RR_INTERVAL > 0
#error "rtbench measures without time slicing: CONFIG_RR_INTERVAL=0 (SCHED_FIFO tasks)"
#endif
#if !defined(CONFIG_PRIORITY_INHERITANCE) || !defined(CONFIG_CUSTOM_SEMAPHORE_MAXVALUE) ||         \
    !defined(CONFIG_SIG_SIGSTOP_ACTION) || !defined(CONFIG_SCHED_EVENTS)
#error                                                                                             \
    "ports/nuttx/config: CONFIG_PRIORITY_INHERITANCE, CUSTOM_SEMAPHORE_MAXVALUE, SIG_SIGSTOP_ACTION, SCHED_EVENTS"
#endif
#if RTB_NX_PRIO_BASE + RTB_PRIO_MAX - RTB_PRIO_MIN > SCHED_PRIORITY_MAX
#error "rtbench priorities do not fit NuttX's"
#endif

/* ---- failures --------------------------------------------------------------------------- */

__attribute__((noinline)) int rtb_nx_fail(int rc, int nowait)
{
    switch (rc) {
    case -EAGAIN: /* nxsem_trywait, nxmutex_trylock, a mqueue opened O_NONBLOCK */
        return RTB_ERR_AGAIN;
    case -ETIMEDOUT:
        return nowait ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    case -EOVERFLOW: /* a post above the semaphore's maximum */
        return RTB_ERR_OVERFLOW;
    case -EPERM: /* unlock by a task that does not hold the mutex */
        return RTB_ERR_PERM;
    case -EINVAL:
        return RTB_ERR_INVAL;
    case -ENOMEM:
        return RTB_ERR_NOMEM;
    case -ESRCH:
        return RTB_ERR_STATE;
    default:
        return rtb_core_port_error(rc);
    }
}

/* ---- capabilities ------------------------------------------------------------------- */

static const struct rtb_ad_lack nx_lacks[] = {
    {RTB_CAP_THREAD_COOP, "NuttX has no non-preemptible task (sched_lock() is global)"},
    {RTB_CAP_CONDVAR, "not mapped: pthread_cond waits on a pthread mutex, not an nxrmutex"},
    {RTB_CAP_FIFO, "NuttX has no intrusive FIFO: its queues are mqueues, which copy (msgq)"},
    {RTB_CAP_LIFO, "NuttX has no LIFO queue"},
    {RTB_CAP_QUEUE_ALLOC, "NuttX has no intrusive FIFO or LIFO queue"},
    {RTB_CAP_STACK, "NuttX has no stack object"},
};

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    return rtb_ad_has_table(cap, nx_lacks, sizeof nx_lacks / sizeof nx_lacks[0], why_not);
}

/* ---- threads: tasks on the caller's TCB and stack ------------------------------------ */

int rtb_nx_trampoline(int argc, char *argv[])
{
    struct rtb_thread *t = (struct rtb_thread *)(void *)nxsched_self();

    (void)argc;
    (void)argv;
    rtb_core_thread_run(t);
    (void)nxsem_post(&t->done); /* returning ends the task: exit() */
    return 0;
}

/* Suspend is what SIGSTOP's default action does to a task, without the
 * signal: nxsched_suspend takes it off the ready or waiting list at once (a
 * waiting task leaves its wait with EINTR when it goes on). kill(SIGSTOP)
 * would only queue the action, which the task runs when it next runs. */
int rtb_nx_suspend(struct rtb_thread *t)
{
    struct rtb_thread *self = rtb_k_self();

    if (t == NULL)
        t = self;
    t->core.suspended = 1;
    nxsched_suspend(&t->tcb); /* the caller: returns once resumed */
    return RTB_OK;
}

/* Resume is what SIGCONT's dispatch does to a stopped task
 * (nxsig_tcbdispatch), without the signal, whose default action would also
 * be queued to run in the task: off the stopped list, into the ready list,
 * and a switch if it is now the most urgent. From a thread or a handler. */
int rtb_nx_resume(struct rtb_thread *t)
{
    irqstate_t flags = enter_critical_section();
    struct tcb_s *rtcb = nxsched_self();
    int rc = RTB_ERR_STATE;

    if (t->tcb.task_state == TSTATE_TASK_STOPPED) {
        t->core.suspended = 0;
        dq_rem((dq_entry_t *)&t->tcb, &g_stoppedtasks);
        if (nxsched_add_readytorun(&t->tcb))
            up_switch_context(nxsched_self(), rtcb);
        rc = RTB_OK;
    }
    leave_critical_section(flags);
    return rc;
}

/* The end signal is posted as the task's last act: it may not have exited
 * yet (a less urgent joiner would have let it); deleting it finishes it.
 * Then the TCB and the stack are the caller's again. */
int rtb_nx_release(struct rtb_thread *t)
{
    int rc = 0;

    if (nxsched_get_tcb(t->pid) == &t->tcb)
        rc = nxtask_delete(t->pid);
    (void)nxsem_destroy(&t->done);
    return rc == -ESRCH ? RTB_OK : nx_result(rc, 0);
}

void rtb_thread_yield(void)
{
    (void)sched_yield();
}

/* ---- counting semaphores, mutexes, event flags --------------------------------------- */

/* The limit is tested first: nxsem_post's fast path (libs/libc/semaphore,
 * an atomic increment while nobody waits) does not look at the maximum
 * nxsem_setmaxvalue set, which only its slow path checks (-EOVERFLOW). A
 * give from the handler between the test and a thread's give would pass
 * the limit: the suite never gives from both at once. */
int rtb_sem_give(rtb_sem_t *s)
{
    int value = 0;

    (void)nxsem_get_value(&s->nx, &value);
    if (value >= (int)s->limit)
        return RTB_ERR_OVERFLOW;
    return nx_result(nxsem_post(&s->nx), 0);
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    if (rtb_k_in_isr())
        return RTB_ERR_PERM;
    if (!nxrmutex_is_hold(&m->nx))
        return RTB_ERR_PERM;
    return nx_result(nxrmutex_unlock(&m->nx), 0);
}

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    if (bits == 0u)
        return RTB_OK; /* nxevent_post reads 0 as every bit */
    return nx_result(nxevent_post(&e->nx, bits, NXEVENT_POST_ALL), 0);
}

int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    if (bits == 0u) {
        (void)nxevent_clear(&e->nx, ~(nxevent_mask_t)0);
        return RTB_OK;
    }
    return nx_result(nxevent_post(&e->nx, bits, NXEVENT_POST_ALL | NXEVENT_POST_SET), 0);
}

int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    (void)nxevent_clear(&e->nx, bits);
    return RTB_OK;
}

/* ---- FIFO, LIFO, stack: none ----------------------------------------------------------- */

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    (void)q;
    (void)item;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    (void)q;
    (void)item;
    return RTB_ERR_NOTSUP;
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    (void)s;
    (void)value;
    return RTB_ERR_NOTSUP;
}

/* ---- message queues ---------------------------------------------------------------------- */

/* A queue is named only while it is opened: each init opens a fresh name
 * and unlinks it, so the contract's unnamed queue has no name left. */
int rtb_nx_msgq_init(struct rtb_msgq *q, size_t msg_size, unsigned max_msgs)
{
    static unsigned serial;
    struct mq_attr attr = {0};
    char name[16];
    int rc;

    if (msg_size > CONFIG_MQ_MAXMSGSIZE)
        return RTB_ERR_INVAL;
    if (q->open)
        (void)file_mq_close(&q->mq); /* init again: the contract has no destroy */
    q->open = 0;
    attr.mq_maxmsg = (long)max_msgs;
    attr.mq_msgsize = (long)msg_size;
    snprintf(name, sizeof name, "rtbq%u", serial++);
    rc = file_mq_open(&q->mq, name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &attr);
    if (rc < 0)
        return rtb_nx_fail(rc, 0);
    (void)file_mq_unlink(name);
    q->msg_size = msg_size;
    q->open = 1;
    return RTB_OK;
}

int rtb_nx_msgq_wait(struct rtb_msgq *q, const void *msg, void *out, uint32_t tk)
{
    clock_t ticks = tk == NX_FOREVER ? (clock_t)-1 : (clock_t)tk;
    int rc;

    q->mq.f_oflags &= ~O_NONBLOCK; /* this call may wait: the caller is a thread */
    if (msg)
        rc = file_mq_ticksend(&q->mq, (const char *)msg, q->msg_size, 0, ticks);
    else
        rc = (int)file_mq_tickreceive(&q->mq, (char *)out, q->msg_size, NULL, ticks);
    q->mq.f_oflags |= O_NONBLOCK;
    return nx_result(rc, 0);
}

/* ---- interrupt lock, heap ----------------------------------------------------------------- */

/* up_irq_save: BASEPRI raised to NVIC_SYSH_DISABLE_PRIORITY (NuttX 13.0.0's armv7-m and
 * armv8-m alike), as NuttX's own critical sections on one core. */
unsigned rtb_irq_lock(void)
{
    return (unsigned)up_irq_save();
}

void rtb_irq_unlock(unsigned key)
{
    up_irq_restore((irqstate_t)key);
}

void *rtb_malloc(size_t bytes)
{
    return malloc(bytes); /* NuttX's mm heap (mm_malloc) */
}

void rtb_free(void *p)
{
    free(p);
}

/* ---- identity ------------------------------------------------------------------------------ */

void rtb_nx_info_init(void)
{
    static const struct rtb_ad_text sched[] = {
        {"prio-preemptive/", SCHED_PRIORITY_MAX},
        {" sched_fifo no-timeslice tick=", TICK_PER_SEC},
        {"Hz heap=mm_malloc msgq=file_mq_send", RTB_AD_NO_VALUE},
    };

    /* RTB_NX_VERSION: the check application's (the tarball's CONFIG_VERSION_STRING is 0.0.0) */
    rtb_ad_info_init("nuttx", "NuttX", RTB_NX_VERSION, sched, sizeof sched / sizeof sched[0]);
}

/* rtb_port_info, rtb_port_write, rtb_port_exit: ../adapter/rtb_ad_cm.c */
