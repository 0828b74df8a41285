/*
 * rtbench RTOS adapters - the adapter core (see rtb_core.h): the contract
 * calls whose rules every adapter shares, over the hooks of the kernel's
 * rtb_kernel.h (ports/<kernel>/, on the include path). Compiled into each
 * adapter's library by rtb_adapter_library() (adapter.cmake).
 *
 * On a timed path (every call a benchmark makes) the order of the checks is
 * the one the hand-written adapters had: the RTB_NO_WAIT call goes straight
 * to the kernel's "try" hook; a call that may wait goes out of line first.
 */
#include "rtb_core.h"

#include "rtb/bench.h"
#include "rtb_ad_cm.h"
#include "rtb_kernel.h"

/* The native code of a failure in an interrupt handler, or before the
 * scheduler runs (no thread to keep it). */
static int isr_errno;

/* ---- failures and the native code behind RTB_ERR_PORT ---------------------- */

int rtb_core_port_error(int native)
{
    struct rtb_thread *t = rtb_k_in_isr() ? NULL : rtb_k_self();

    if (t != NULL)
        t->core.err = native;
    else
        isr_errno = native;
    return RTB_ERR_PORT;
}

int rtb_port_errno(void)
{
    struct rtb_thread *t = rtb_k_in_isr() ? NULL : rtb_k_self();

    return t != NULL ? t->core.err : isr_errno;
}

/* ---- threads ---------------------------------------------------------------- */

/* Fill t->core and make the native thread: CREATED, or RUNNING when
 * `start`. Out of line, as the adapters had it: two callers. */
static __attribute__((noinline)) int core_thread_make(struct rtb_thread *t, const char *name,
                                                      rtb_entry_t entry, void *arg,
                                                      rtb_k_prio_t kprio, unsigned flags,
                                                      void *stack, size_t stack_bytes, int start)
{
    int rc;

    t->core.entry = entry;
    t->core.arg = arg;
    t->core.err = 0;
    t->core.state = start ? RTB_CORE_RUNNING : RTB_CORE_CREATED;
    rc = rtb_k_thread_create(t, name, kprio, flags, stack, stack_bytes, start);
    if (rc < 0)
        t->core.state = RTB_CORE_FREE;
    return rc;
}

int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    rtb_k_prio_t kp;

    if (t == NULL || entry == NULL || stack == NULL || stack_bytes < RTB_K_MIN_STACK ||
        rtb_k_prio(prio, &kp) < 0 || (flags & ~RTB_THREAD_COOP) != 0)
        return RTB_ERR_INVAL;
    if (!RTB_K_HAS_COOP && (flags & RTB_THREAD_COOP) != 0)
        return RTB_ERR_NOTSUP;
    if (t->core.state != RTB_CORE_FREE)
        return RTB_ERR_STATE; /* created and not joined */
    /* a kernel without cooperative threads never sees flags (0 here) */
    return core_thread_make(t, name, entry, arg, kp, RTB_K_HAS_COOP ? flags : 0u, stack,
                            stack_bytes, 0);
}

int rtb_thread_start(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->core.state != RTB_CORE_CREATED)
        return RTB_ERR_STATE;
    t->core.state = RTB_CORE_RUNNING; /* before: a more urgent thread runs (and may end) inside */
    return rtb_k_thread_start(t);
}

/* NULL: the caller, RUNNING by construction (a thread this adapter made). */
int rtb_thread_suspend(rtb_thread_t *t)
{
    if (t != NULL && t->core.state != RTB_CORE_RUNNING)
        return RTB_ERR_STATE;
    return rtb_k_thread_suspend(t);
}

int rtb_thread_resume(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->core.state != RTB_CORE_RUNNING)
        return RTB_ERR_STATE;      /* a stale handle never reaches the kernel */
    return rtb_k_thread_resume(t); /* RTB_ERR_STATE unless suspended */
}

int rtb_thread_abort(rtb_thread_t *t)
{
    if (t == NULL)
        t = rtb_k_self();
    else if (t->core.state == RTB_CORE_FREE || t->core.state == RTB_CORE_ABORTED)
        return RTB_ERR_STATE;
    t->core.state = RTB_CORE_ABORTED; /* before: aborting the caller does not return */
    return rtb_k_thread_abort(t);
}

int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout)
{
    int rc;

    if (t == NULL || !RTB_CORE_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (t->core.state == RTB_CORE_FREE || t->core.state == RTB_CORE_CREATED || t == rtb_k_self())
        return RTB_ERR_STATE; /* never started: nothing will end it */
    if (timeout != RTB_NO_WAIT && rtb_k_in_isr())
        return RTB_ERR_PERM;
    if (t->core.state != RTB_CORE_ABORTED) {
        rc = rtb_k_join_wait(t, timeout);
        /* aborted by another thread while this one waited: released below */
        if (rc < 0 && t->core.state != RTB_CORE_ABORTED)
            return rc;
    }
    rc = rtb_k_thread_release(t);
    if (rc < 0)
        return rc;
    t->core.state = RTB_CORE_FREE;
    return RTB_OK;
}

/* NULL: the caller (RUNNING). Ended, aborted or joined: RTB_ERR_STATE. */
int rtb_thread_set_prio(rtb_thread_t *t, int prio)
{
    rtb_k_prio_t kp;

    if (rtb_k_prio(prio, &kp) < 0)
        return RTB_ERR_INVAL;
    if (t != NULL && t->core.state != RTB_CORE_CREATED && t->core.state != RTB_CORE_RUNNING)
        return RTB_ERR_STATE;
    return rtb_k_thread_set_prio(t, kp);
}

int rtb_sleep_us(uint32_t us)
{
    if (rtb_k_in_isr())
        return RTB_ERR_PERM; /* it would put the interrupted thread to sleep */
    return rtb_k_sleep(us);
}

int rtb_core_create_main(void)
{
    static struct rtb_thread main_thread;
    rtb_k_prio_t kp;
    int rc = rtb_k_prio(RTB_PRIO_MAIN, &kp);

    if (rc == 0)
        rc = core_thread_make(&main_thread, "rtb-main", rtb_ad_main_entry, NULL, kp, 0,
                              rtb_ad_main_stack, sizeof rtb_ad_main_stack, 1);
    return rc;
}

/* ---- the calls that may wait ---------------------------------------------------
 * Each has its RTB_NO_WAIT path inline (the kernel's "try" hook) and its
 * waiting path out of line: the timeout check, the refusal in a handler,
 * the ticks, then the kernel's waiting hook. Hooks get plain variables (a
 * hook may be a macro that uses an argument twice). */

#define CORE_WAIT_CHECKS(timeout)                                                                  \
    do {                                                                                           \
        if (!RTB_CORE_TIMEOUT_OK(timeout))                                                         \
            return RTB_ERR_INVAL;                                                                  \
        if (rtb_k_in_isr())                                                                        \
            return RTB_ERR_PERM;                                                                   \
    } while (0)
#define CORE_TICKS(timeout) RTB_CORE_TICKS(rtb_k_ticks_t, timeout, rtb_k_ticks_finite)

/* ---- counting semaphores ------------------------------------------------------- */

int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    if (s == NULL || limit == 0 || initial > limit)
        return RTB_ERR_INVAL;
    return rtb_k_sem_init(s, initial, limit);
}

static __attribute__((noinline)) int sem_take_wait(rtb_sem_t *s, rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk;

    CORE_WAIT_CHECKS(timeout);
    tk = CORE_TICKS(timeout);
    return rtb_k_sem_take(s, tk);
}

int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return rtb_k_sem_trytake(s);
    return sem_take_wait(s, timeout);
}

/* ---- recursive mutexes ----------------------------------------------------------- */

int rtb_mutex_init(rtb_mutex_t *m)
{
    if (m == NULL)
        return RTB_ERR_INVAL;
    return rtb_k_mutex_init(m);
}

static __attribute__((noinline)) int mutex_lock_wait(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk;

    CORE_WAIT_CHECKS(timeout);
    tk = CORE_TICKS(timeout);
    return rtb_k_mutex_lock(m, tk);
}

int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return rtb_k_mutex_trylock(m);
    return mutex_lock_wait(m, timeout);
}

/* ---- event flags ------------------------------------------------------------------ */

int rtb_events_init(rtb_events_t *e)
{
    if (e == NULL)
        return RTB_ERR_INVAL;
    return rtb_k_events_init(e);
}

static __attribute__((noinline)) int events_wait_finite(rtb_events_t *e, uint32_t bits,
                                                        unsigned mode, rtb_timeout_t timeout,
                                                        uint32_t *matched)
{
    rtb_k_ticks_t tk;

    if (!RTB_CORE_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    tk = rtb_k_ticks_finite(timeout);
    return rtb_k_events_wait(e, bits, mode, tk, matched);
}

int rtb_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_timeout_t timeout,
                    uint32_t *matched)
{
    if (rtb_k_in_isr() && timeout != RTB_NO_WAIT)
        return RTB_ERR_PERM;
    if (RTB_K_EVENTS_BAD(bits) || mode > RTB_EVENTS_ALL)
        return RTB_ERR_INVAL;
    if (!RTB_CORE_TIMEOUT_SPECIAL(timeout))
        return events_wait_finite(e, bits, mode, timeout, matched);
    /* RTB_NO_WAIT or RTB_FOREVER: the kernel's 0 or "forever" ticks */
    return rtb_k_events_wait(e, bits, mode, (rtb_k_ticks_t)timeout, matched);
}

/* ---- FIFO, LIFO, stack of words, message queues ----------------------------------- */

int rtb_fifo_init(rtb_fifo_t *q)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    return rtb_k_fifo_init(q);
}

static __attribute__((noinline)) int fifo_get_wait(rtb_fifo_t *q, void **item,
                                                   rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk;

    CORE_WAIT_CHECKS(timeout);
    tk = CORE_TICKS(timeout);
    return rtb_k_fifo_get(q, item, tk);
}

int rtb_fifo_get(rtb_fifo_t *q, void **item, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return rtb_k_fifo_tryget(q, item);
    return fifo_get_wait(q, item, timeout);
}

#ifndef RTB_K_QUEUE_ALLOC
/* A kernel whose queues copy the item into storage of their own: no link to
 * allocate. (RTB_K_QUEUE_ALLOC: the kernel's port file has the calls.) */
int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}
#endif

int rtb_lifo_init(rtb_lifo_t *q)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    return rtb_k_lifo_init(q);
}

static __attribute__((noinline)) int lifo_get_wait(rtb_lifo_t *q, void **item,
                                                   rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk;

    CORE_WAIT_CHECKS(timeout);
    tk = CORE_TICKS(timeout);
    return rtb_k_lifo_get(q, item, tk);
}

int rtb_lifo_get(rtb_lifo_t *q, void **item, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return rtb_k_lifo_tryget(q, item);
    return lifo_get_wait(q, item, timeout);
}

#ifndef RTB_K_QUEUE_ALLOC
int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}
#endif

int rtb_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    if (s == NULL || buf == NULL || capacity == 0)
        return RTB_ERR_INVAL;
    return rtb_k_stack_init(s, buf, capacity);
}

static __attribute__((noinline)) int stack_pop_wait(rtb_stack_t *s, uintptr_t *value,
                                                    rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk;

    CORE_WAIT_CHECKS(timeout);
    tk = CORE_TICKS(timeout);
    return rtb_k_stack_pop(s, value, tk);
}

int rtb_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return rtb_k_stack_trypop(s, value);
    return stack_pop_wait(s, value, timeout);
}

int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    if (q == NULL || buf == NULL || msg_size == 0 || max_msgs == 0)
        return RTB_ERR_INVAL;
    return rtb_k_msgq_init(q, buf, msg_size, max_msgs);
}

static __attribute__((noinline)) int msgq_put_wait(rtb_msgq_t *q, const void *msg,
                                                   rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk;

    CORE_WAIT_CHECKS(timeout);
    tk = CORE_TICKS(timeout);
    return rtb_k_msgq_put(q, msg, tk);
}

int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return rtb_k_msgq_tryput(q, msg); /* ISR-safe */
    return msgq_put_wait(q, msg, timeout);
}

static __attribute__((noinline)) int msgq_get_wait(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk;

    CORE_WAIT_CHECKS(timeout);
    tk = CORE_TICKS(timeout);
    return rtb_k_msgq_get(q, msg, tk);
}

int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return rtb_k_msgq_tryget(q, msg);
    return msgq_get_wait(q, msg, timeout);
}
