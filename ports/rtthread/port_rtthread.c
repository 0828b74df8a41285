/*
 * rtbench RT-Thread adapter - the porting contract (rtb/port.h) over the
 * RT-Thread kernel API (checked with RT-Thread Nano 3.1.5), on the Cortex-M
 * board support. The start-up glue (main, the SysTick tick, the heap, the
 * software interrupt's rt_interrupt_enter/leave) is startup_rtthread.c; the
 * kernel-independent translations are rtb_rt_map.c and
 * ../adapter/rtb_adapter.c.
 *
 * Every object is RT-Thread's static variant (rt_thread_init, rt_sem_init,
 * ...) in the caller's storage. RT-Thread's API is the same from threads and
 * interrupts (rt_schedule() defers the switch to PendSV inside
 * rt_interrupt_enter/leave); a call that may wait, or that RT-Thread allows
 * from a thread only (mutexes, event receive, rt_malloc), is refused from the
 * handler before it reaches the kernel. What RT-Thread lacks is n/a
 * (condition variables, non-preemptible threads, a put that allocates a
 * link); the FIFO is a mailbox, the LIFO and stack are message queues of one
 * word written with rt_mq_urgent, named so in the run header.
 *
 * RT-Thread 3.1.x does not switch inside rt_thread_resume and
 * rt_thread_control(CHANGE_PRIORITY): the adapter calls rt_schedule() after
 * them, as RT-Thread's own callers do.
 */
#include <stddef.h>
#include <stdint.h>

#include <rthw.h>
#include <rtthread.h>

#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb/timer.h"
#include "rtb_ad_cm.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_rt_map.h"
#include "rtb_rt_port.h"

/* The values rtb_rt_map.c and this file assume are this kernel's. */
#define SAME(a, b) ((long)(a) == (long)(b))
typedef char rtb_rt_codes_match
    [(SAME(RT_EOK, RTB_RT_EOK) && SAME(RT_ERROR, RTB_RT_ERROR) &&
      SAME(RT_ETIMEOUT, RTB_RT_ETIMEOUT) && SAME(RT_EFULL, RTB_RT_EFULL) &&
      SAME(RT_EEMPTY, RTB_RT_EEMPTY) && SAME(RT_ENOMEM, RTB_RT_ENOMEM) &&
      SAME(RT_ENOSYS, RTB_RT_ENOSYS) && SAME(RT_EBUSY, RTB_RT_EBUSY) && SAME(RT_EIO, RTB_RT_EIO) &&
      SAME(RT_EINTR, RTB_RT_EINTR) && SAME(RT_EINVAL, RTB_RT_EINVAL) &&
      SAME(RT_WAITING_FOREVER, RTB_RT_WAITING_FOREVER) && SAME(RT_WAITING_NO, RTB_NO_WAIT) &&
      sizeof(rt_ubase_t) == sizeof(void *) && sizeof(rt_ubase_t) == sizeof(uintptr_t))
         ? 1
         : -1];

#if RT_THREAD_PRIORITY_MAX < 32
#error "RT_THREAD_PRIORITY_MAX must be at least 32: rtbench priorities 1..30 map one to one"
#endif
#if !defined(RT_USING_SEMAPHORE) || !defined(RT_USING_MUTEX) || !defined(RT_USING_EVENT) ||        \
    !defined(RT_USING_MAILBOX) || !defined(RT_USING_MESSAGEQUEUE) || !defined(RT_USING_HEAP)
#error                                                                                             \
    "rtconfig.h: the adapter needs RT_USING_SEMAPHORE, _MUTEX, _EVENT, _MAILBOX, _MESSAGEQUEUE, _HEAP"
#endif

static const char obj_name[] = "rtb";

/* A static RT-Thread object is initialised while its type is not 0:
 * rt_object_init sets it, rt_object_detach (every rt_*_detach, and a static
 * thread's exit) clears it, and static storage starts at 0. Initialising an
 * initialised object again would link it twice into the kernel's object list
 * (rt_object_init only asserts against it), so an init of an initialised
 * object detaches it first: the contract has no destroy call. */
#define RT_OBJ_LIVE(o) ((o)->parent.parent.type != 0)

/* ---- failures and the native code behind RTB_ERR_PORT ------------------------------------ */

static int isr_errno;

static struct rtb_thread *rt_self(void)
{
    /* every thread that calls the contract was created by this adapter, and
     * its struct rt_thread is the first member of its struct rtb_thread */
    return (struct rtb_thread *)(void *)rt_thread_self();
}

/* A failed RT-Thread call -> the rtb_err; RTB_ERR_PORT keeps the code for
 * rtb_port_errno(). Out of line: the success paths stay short. */
static __attribute__((noinline)) int rt_fail(rt_err_t err, int nowait)
{
    int rc = rtb_rt_err((long)err, nowait);
    struct rtb_thread *t;

    if (rc != RTB_ERR_PORT)
        return rc;
    t = rtb_cm_in_handler() ? NULL : rt_self();
    if (t != NULL)
        t->err = (int)err;
    else
        isr_errno = (int)err;
    return rc;
}

#define RT_RESULT(err, nowait) ((err) == RT_EOK ? RTB_OK : rt_fail((err), (nowait)))

int rtb_port_errno(void)
{
    struct rtb_thread *t = rtb_cm_in_handler() ? NULL : rt_self();

    return t != NULL ? t->err : isr_errno;
}

/* Microseconds -> ticks: RTB_NO_WAIT is RT_WAITING_NO (0) and RTB_FOREVER
 * RT_WAITING_FOREVER (-1): both pass unchanged. */
#define RT_TIMEOUT_SPECIAL(us) ((uint32_t)(us) + 1u <= 1u)
#define RT_TIMEOUT_OK(us) ((us) >= RTB_FOREVER)

static __attribute__((noinline)) rt_int32_t rt_ticks_finite(rtb_timeout_t us)
{
    int32_t t = 0;

    (void)rtb_rt_ticks(us, RT_TICK_PER_SECOND, &t);
    return (rt_int32_t)t;
}

static inline rt_int32_t rt_ticks(rtb_timeout_t us)
{
    return RT_TIMEOUT_SPECIAL(us) ? (rt_int32_t)us : rt_ticks_finite(us);
}

/* A call that may wait, from the software interrupt: refused. */
#define RT_WAIT_IN_ISR(us) ((us) != RTB_NO_WAIT && rtb_cm_in_handler())

/* ---- capabilities --------------------------------------------------------------------------- */

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    const char *why = NULL;

    switch (cap) {
    case RTB_CAP_THREAD_COOP:
        why = "RT-Thread has no non-preemptible thread, only the scheduler lock of the whole "
              "system (rt_enter_critical)";
        break;
    case RTB_CAP_CONDVAR:
        why = "RT-Thread's kernel has no condition variable";
        break;
    case RTB_CAP_QUEUE_ALLOC:
        why = "RT-Thread mailboxes and message queues copy the word into their own storage: a "
              "put allocates no link";
        break;
    default:
        break;
    }
    return rtb_ad_has(cap, why, why_not);
}

/* ---- threads ----------------------------------------------------------------------------------
 */

/* FREE never created or joined; CREATED (rt_thread_init, not started);
 * RUNNING started; ENDED its entry returned; ABORTED detached by
 * rtb_thread_abort. Join detaches what is left in every state but FREE. */
enum rtb_rt_tstate { RT_ST_FREE = 0, RT_ST_CREATED, RT_ST_RUNNING, RT_ST_ENDED, RT_ST_ABORTED };

/* Least stack: RT-Thread's initial frame (16 words) and the trampoline's call. */
#define RT_MIN_STACK 256u

static void rt_trampoline(void *p)
{
    struct rtb_thread *t = (struct rtb_thread *)p;

    t->entry(t->arg);
    t->state = RT_ST_ENDED;
    (void)rt_sem_release(&t->done); /* returning runs rt_thread_exit: detached, CLOSE */
}

static int rt_thread_make(struct rtb_thread *t, const char *name, rtb_entry_t entry, void *arg,
                          rt_uint8_t kprio, void *stack, size_t stack_bytes)
{
    rt_err_t err;

    if (t->state != RT_ST_FREE)
        return RTB_ERR_STATE; /* created and not joined */
    if (RT_OBJ_LIVE(&t->done))
        (void)rt_sem_detach(&t->done);
    err = rt_sem_init(&t->done, obj_name, 0, RT_IPC_FLAG_PRIO);
    if (err != RT_EOK)
        return rt_fail(err, 0);
    t->entry = entry;
    t->arg = arg;
    t->suspended = 0;
    t->err = 0;
    err = rt_thread_init(&t->rt, name ? name : obj_name, rt_trampoline, t, stack,
                         (rt_uint32_t)stack_bytes, kprio, RTB_RT_SLICE);
    if (err != RT_EOK) {
        (void)rt_sem_detach(&t->done);
        return rt_fail(err, 0);
    }
    t->state = RT_ST_CREATED;
    return RTB_OK;
}

int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    rt_uint8_t kp;

    if (t == NULL || entry == NULL || stack == NULL || stack_bytes < RT_MIN_STACK ||
        stack_bytes > UINT32_MAX || rtb_rt_prio(prio, RT_THREAD_PRIORITY_MAX, &kp) < 0 ||
        (flags & ~RTB_THREAD_COOP) != 0)
        return RTB_ERR_INVAL;
    if (flags & RTB_THREAD_COOP)
        return RTB_ERR_NOTSUP;
    return rt_thread_make(t, name, entry, arg, kp, stack, stack_bytes);
}

int rtb_thread_start(rtb_thread_t *t)
{
    rt_err_t err;

    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->state != RT_ST_CREATED)
        return RTB_ERR_STATE;
    t->state = RT_ST_RUNNING;        /* before: a more urgent thread runs (and may end) inside */
    err = rt_thread_startup(&t->rt); /* resume + rt_schedule */
    return RT_RESULT(err, 0);
}

/* RT-Thread's SUSPEND state is also "blocked on an object": the adapter's own
 * flag, set and cleared with interrupts off (a resume may come from the
 * software interrupt), tells which threads rtb_thread_suspend stopped. */
int rtb_thread_suspend(rtb_thread_t *t)
{
    struct rtb_thread *self = rt_self();
    rt_base_t level;
    rt_err_t err;

    if (t == NULL)
        t = self;
    if (t->state != RT_ST_RUNNING)
        return RTB_ERR_STATE;
    level = rt_hw_interrupt_disable();
    /* 3.1.x suspends a READY thread only: a blocked one gives -RT_ERROR */
    err = rt_thread_suspend(&t->rt);
    if (err == RT_EOK)
        t->suspended = 1;
    rt_hw_interrupt_enable(level);
    if (err != RT_EOK)
        return RTB_ERR_STATE;
    if (t == self)
        rt_schedule(); /* returns once resumed */
    return RTB_OK;
}

int rtb_thread_resume(rtb_thread_t *t)
{
    rt_base_t level;
    rt_err_t err = -RT_ERROR;

    if (t == NULL)
        return RTB_ERR_INVAL;
    level = rt_hw_interrupt_disable();
    if (t->state == RT_ST_RUNNING && t->suspended) {
        t->suspended = 0;
        err = rt_thread_resume(&t->rt);
    }
    rt_hw_interrupt_enable(level);
    if (err != RT_EOK)
        return RTB_ERR_STATE;
    rt_schedule(); /* from the handler: the switch is the PendSV after it */
    return RTB_OK;
}

int rtb_thread_abort(rtb_thread_t *t)
{
    struct rtb_thread *self = rt_self();
    rt_err_t err;

    if (t == NULL)
        t = self;
    if (t->state == RT_ST_FREE || t->state == RT_ST_ABORTED)
        return RTB_ERR_STATE;
    t->state = RT_ST_ABORTED;
    /* any state; a thread already ended (CLOSE): success, nothing done */
    err = rt_thread_detach(&t->rt);
    if (err != RT_EOK)
        return rt_fail(err, 0);
    (void)rt_sem_release(&t->done); /* a joiner waiting for it */
    if (t == self)
        rt_schedule(); /* does not return: the caller is off every list */
    return RTB_OK;
}

int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout)
{
    rt_err_t err;

    if (t == NULL || !RT_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (t->state == RT_ST_FREE || t->state == RT_ST_CREATED || t == rt_self())
        return RTB_ERR_STATE;
    if (t->state != RT_ST_ABORTED) {
        err = rt_sem_take(&t->done, rt_ticks(timeout));
        if (err != RT_EOK && t->state != RT_ST_ABORTED)
            return rt_fail(err, timeout == RTB_NO_WAIT);
        /* released as its last act: it may not have returned yet (a less
         * urgent joiner would have let it); detach finishes it */
        if ((t->rt.stat & RT_THREAD_STAT_MASK) != RT_THREAD_CLOSE) {
            err = rt_thread_detach(&t->rt);
            if (err != RT_EOK)
                return rt_fail(err, 0);
        }
    }
    (void)rt_sem_detach(&t->done);
    t->state = RT_ST_FREE;
    return RTB_OK;
}

void rtb_thread_yield(void)
{
    (void)rt_thread_yield(); /* always RT_EOK */
}

int rtb_thread_set_prio(rtb_thread_t *t, int prio)
{
    rt_uint8_t kp;
    rt_err_t err;

    if (rtb_rt_prio(prio, RT_THREAD_PRIORITY_MAX, &kp) < 0)
        return RTB_ERR_INVAL;
    if (t == NULL)
        t = rt_self();
    if (t->state != RT_ST_CREATED && t->state != RT_ST_RUNNING)
        return RTB_ERR_STATE;
    if (t->state == RT_ST_CREATED)
        t->rt.init_priority = kp; /* rt_thread_startup starts at init_priority */
    err = rt_thread_control(&t->rt, RT_THREAD_CTRL_CHANGE_PRIORITY, &kp);
    if (err != RT_EOK)
        return rt_fail(err, 0);
    rt_schedule();
    return RTB_OK;
}

int rtb_sleep_us(uint32_t us)
{
    rt_tick_t tk = rtb_ad_sleep_ticks(us, RT_TICK_PER_SECOND, RTB_RT_TICKS_MAX + 1u);
    rt_err_t err;

    if (rtb_cm_in_handler())
        return RTB_ERR_PERM; /* it would put the interrupted thread to sleep */
    if (tk == 0) {
        (void)rt_thread_yield();
        return RTB_OK;
    }
    err = rt_thread_delay(tk);
    return RT_RESULT(err, 0);
}

/* ---- counting semaphores ------------------------------------------------------------------- */

int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    rt_err_t err;

    if (s == NULL || limit == 0 || initial > limit || limit > RT_SEM_VALUE_MAX)
        return RTB_ERR_INVAL;
    if (RT_OBJ_LIVE(&s->rt))
        (void)rt_sem_detach(&s->rt); /* init again: the contract has no destroy */
    s->limit = (rt_uint16_t)limit;
    err = rt_sem_init(&s->rt, obj_name, (rt_uint32_t)initial, RT_IPC_FLAG_PRIO);
    return RT_RESULT(err, 0);
}

/* rt_sem_release counts to RT_SEM_VALUE_MAX: the contract's limit is checked
 * with interrupts off around the release, so that no give from the handler
 * comes between the check and the count (the switch a release causes is the
 * PendSV taken when they are on again, before this returns). */
int rtb_sem_give(rtb_sem_t *s)
{
    rt_base_t level = rt_hw_interrupt_disable();
    rt_err_t err;

    if (s->rt.value >= s->limit && rt_list_isempty(&s->rt.parent.suspend_thread)) {
        rt_hw_interrupt_enable(level);
        return RTB_ERR_OVERFLOW;
    }
    err = rt_sem_release(&s->rt);
    rt_hw_interrupt_enable(level);
    return RT_RESULT(err, 0);
}

static __attribute__((noinline)) int sem_take_wait(rtb_sem_t *s, rtb_timeout_t timeout)
{
    rt_err_t err;

    if (!RT_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return RTB_ERR_PERM;
    err = rt_sem_take(&s->rt, rt_ticks(timeout));
    return RT_RESULT(err, 0);
}

int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    rt_err_t err;

    if (timeout != RTB_NO_WAIT)
        return sem_take_wait(s, timeout);
    err = rt_sem_take(&s->rt, RT_WAITING_NO);
    return RT_RESULT(err, 1);
}

/* ---- mutexes ------------------------------------------------------------------------------ */

int rtb_mutex_init(rtb_mutex_t *m)
{
    rt_err_t err;

    if (m == NULL)
        return RTB_ERR_INVAL;
    if (RT_OBJ_LIVE(&m->rt))
        (void)rt_mutex_detach(&m->rt);
    err = rt_mutex_init(&m->rt, obj_name, RT_IPC_FLAG_PRIO);
    return RT_RESULT(err, 0);
}

static __attribute__((noinline)) int mutex_lock_wait(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    rt_err_t err;

    if (!RT_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    err = rt_mutex_take(&m->rt, rt_ticks(timeout));
    return RT_RESULT(err, 0);
}

int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    rt_err_t err;

    if (rtb_cm_in_handler())
        return RTB_ERR_PERM; /* RT-Thread: a mutex has a thread for owner */
    if (timeout != RTB_NO_WAIT)
        return mutex_lock_wait(m, timeout);
    err = rt_mutex_take(&m->rt, RT_WAITING_NO);
    return RT_RESULT(err, 1);
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    rt_err_t err;

    /* rt_mutex_release's -RT_ERROR for a caller that is not the owner is
     * the same code as its other failures: the adapter asks first */
    if (rtb_cm_in_handler() || m->rt.owner != rt_thread_self())
        return RTB_ERR_PERM;
    err = rt_mutex_release(&m->rt);
    return RT_RESULT(err, 0);
}

/* ---- condition variables: none in RT-Thread's kernel (../common/absent_condvar.c) ------- */

/* ---- event sets ---------------------------------------------------------------------------- */

int rtb_events_init(rtb_events_t *e)
{
    rt_err_t err;

    if (e == NULL)
        return RTB_ERR_INVAL;
    if (RT_OBJ_LIVE(&e->rt))
        (void)rt_event_detach(&e->rt);
    err = rt_event_init(&e->rt, obj_name, RT_IPC_FLAG_PRIO);
    return RT_RESULT(err, 0);
}

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    rt_err_t err;

    if (bits == 0)
        return RTB_OK; /* rt_event_send refuses an empty set: OR of nothing */
    err = rt_event_send(&e->rt, bits);
    return RT_RESULT(err, 0);
}

/* RT-Thread has no call that replaces or clears the set (RT_IPC_CMD_RESET
 * also fails every waiter): the adapter writes the event's `set` with
 * interrupts off, then rt_event_send ORs the new bits in and wakes the
 * waiters they satisfy. */
int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    rt_base_t level = rt_hw_interrupt_disable();
    rt_err_t err = RT_EOK;

    e->rt.set = 0;
    if (bits != 0)
        err = rt_event_send(&e->rt, bits);
    rt_hw_interrupt_enable(level);
    return RT_RESULT(err, 0);
}

int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    rt_base_t level = rt_hw_interrupt_disable();

    e->rt.set &= ~bits;
    rt_hw_interrupt_enable(level);
    return RTB_OK;
}

int rtb_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_timeout_t timeout,
                    uint32_t *matched)
{
    rt_uint32_t got = 0;
    rt_err_t err;

    if (bits == 0 || mode > RTB_EVENTS_ALL || !RT_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return RTB_ERR_PERM; /* rt_event_recv records the receive in the current thread */
    /* no RT_EVENT_FLAG_CLEAR: the contract's wait does not consume */
    err = rt_event_recv(&e->rt, bits, mode == RTB_EVENTS_ALL ? RT_EVENT_FLAG_AND : RT_EVENT_FLAG_OR,
                        rt_ticks(timeout), &got);
    if (err != RT_EOK)
        return rt_fail(err, timeout == RTB_NO_WAIT);
    if (matched)
        *matched = (uint32_t)got & bits;
    return RTB_OK;
}

/* ---- FIFO: a mailbox; LIFO and stack: one-word message queues; message queues ----------- */

/* A put that may not wait: full is RTB_ERR_OVERFLOW. */
static inline int queue_put_result(rt_err_t err)
{
    if (err == RT_EOK)
        return RTB_OK;
    return err == -RT_EFULL ? RTB_ERR_OVERFLOW : rt_fail(err, 1);
}

static int mq_make(struct rt_messagequeue *mq, void *pool, size_t msg_size, size_t pool_bytes)
{
    rt_err_t err;

    if (RT_OBJ_LIVE(mq))
        (void)rt_mq_detach(mq);
    err = rt_mq_init(mq, obj_name, pool, (rt_size_t)msg_size, (rt_size_t)pool_bytes,
                     RT_IPC_FLAG_PRIO);
    return RT_RESULT(err, 0);
}

static __attribute__((noinline)) int mq_get_wait(struct rt_messagequeue *mq, void *msg, size_t size,
                                                 rtb_timeout_t timeout)
{
    rt_err_t err;

    if (!RT_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return RTB_ERR_PERM;
    err = rt_mq_recv(mq, msg, (rt_size_t)size, rt_ticks(timeout));
    return RT_RESULT(err, 0);
}

static inline int mq_get(struct rt_messagequeue *mq, void *msg, size_t size, rtb_timeout_t timeout)
{
    rt_err_t err;

    if (timeout != RTB_NO_WAIT)
        return mq_get_wait(mq, msg, size, timeout);
    err = rt_mq_recv(mq, msg, (rt_size_t)size, RT_WAITING_NO);
    return RT_RESULT(err, 1);
}

int rtb_fifo_init(rtb_fifo_t *q)
{
    rt_err_t err;

    if (q == NULL)
        return RTB_ERR_INVAL;
    if (RT_OBJ_LIVE(&q->rt))
        (void)rt_mb_detach(&q->rt);
    err = rt_mb_init(&q->rt, obj_name, q->slot, RTB_RT_QUEUE_DEPTH, RT_IPC_FLAG_PRIO);
    return RT_RESULT(err, 0);
}

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    return queue_put_result(rt_mb_send(&q->rt, (rt_ubase_t)(uintptr_t)item));
}

int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

static __attribute__((noinline)) int mb_get_wait(rtb_fifo_t *q, void **item, rtb_timeout_t timeout)
{
    rt_ubase_t v = 0;
    rt_err_t err;

    if (!RT_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return RTB_ERR_PERM;
    err = rt_mb_recv(&q->rt, &v, rt_ticks(timeout));
    if (err != RT_EOK)
        return rt_fail(err, 0);
    *item = (void *)(uintptr_t)v;
    return RTB_OK;
}

int rtb_fifo_get(rtb_fifo_t *q, void **item, rtb_timeout_t timeout)
{
    rt_ubase_t v = 0;
    rt_err_t err;

    if (timeout != RTB_NO_WAIT)
        return mb_get_wait(q, item, timeout);
    err = rt_mb_recv(&q->rt, &v, RT_WAITING_NO);
    if (err != RT_EOK)
        return rt_fail(err, 1);
    *item = (void *)(uintptr_t)v;
    return RTB_OK;
}

int rtb_lifo_init(rtb_lifo_t *q)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    return mq_make(&q->rt, q->pool, sizeof(rt_ubase_t), sizeof q->pool);
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    return queue_put_result(rt_mq_urgent(&q->rt, &item, sizeof item));
}

int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_get(rtb_lifo_t *q, void **item, rtb_timeout_t timeout)
{
    return mq_get(&q->rt, item, sizeof *item, timeout);
}

/* The caller's buffer cannot hold RT-Thread's per-message header: the queue
 * uses the pool in the object, `capacity` messages of it. */
int rtb_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    if (s == NULL || buf == NULL || capacity == 0)
        return RTB_ERR_INVAL;
    if (capacity > RTB_RT_QUEUE_DEPTH)
        return RTB_ERR_NOMEM;
    return mq_make(&s->rt, s->pool, sizeof(rt_ubase_t), capacity * RTB_RT_WORD_MSG_BYTES);
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    return queue_put_result(rt_mq_urgent(&s->rt, &value, sizeof value));
}

int rtb_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_timeout_t timeout)
{
    return mq_get(&s->rt, value, sizeof *value, timeout);
}

int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    size_t slot;

    if (q == NULL || buf == NULL || msg_size == 0 || msg_size > UINT16_MAX || max_msgs == 0)
        return RTB_ERR_INVAL;
    slot = RT_ALIGN(msg_size, RT_ALIGN_SIZE) + sizeof(void *);
    if (max_msgs > sizeof q->pool / slot)
        return RTB_ERR_NOMEM;
    q->msg_size = (rt_uint16_t)msg_size;
    return mq_make(&q->rt, q->pool, msg_size, slot * max_msgs);
}

int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    rt_err_t err;

    if (!RT_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (RT_WAIT_IN_ISR(timeout))
        return RTB_ERR_PERM;
    if (timeout == RTB_NO_WAIT)
        err = rt_mq_send(&q->rt, (void *)(uintptr_t)msg, q->msg_size);
    else
        err = rt_mq_send_wait(&q->rt, (void *)(uintptr_t)msg, q->msg_size, rt_ticks(timeout));
    return RT_RESULT(err, timeout == RTB_NO_WAIT);
}

int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    return mq_get(&q->rt, msg, q->msg_size, timeout);
}

/* ---- interrupt lock: rt_hw_interrupt_disable/enable ----------------------------------------
 * rt_hw_interrupt_disable() returns the level it replaced (PRIMASK on the Cortex-M libcpu)
 * and rt_hw_interrupt_enable(level) restores it, so locks nest: the kernel's own critical
 * section, masking SysTick, PendSV and the software interrupt. */
unsigned rtb_irq_lock(void)
{
    return (unsigned)rt_hw_interrupt_disable();
}

void rtb_irq_unlock(unsigned key)
{
    rt_hw_interrupt_enable((rt_base_t)key);
}

/* ---- heap: RT-Thread's small-memory allocator --------------------------------------------- */

static rt_ubase_t heap_mem[RTB_RT_HEAP_BYTES / sizeof(rt_ubase_t)];

int rtb_rt_heap_init(void)
{
    rt_system_heap_init(heap_mem, (char *)heap_mem + sizeof heap_mem);
    return RTB_OK;
}

void *rtb_malloc(size_t bytes)
{
    if (rtb_cm_in_handler())
        return NULL; /* rt_malloc waits for the heap's semaphore */
    return rt_malloc((rt_size_t)bytes);
}

void rtb_free(void *p)
{
    if (p != NULL && !rtb_cm_in_handler())
        rt_free(p);
}

/* ---- identity, console, exit ---------------------------------------------------------------- */

#define RT_STR2(x) #x
#define RT_STR(x) RT_STR2(x)
static char sched_desc[256];
static char version[16];
static struct rtb_port_info info = {
    "rtthread", "RT-Thread", version, "", "", sched_desc,
};

void rtb_rt_info_init(void)
{
    char *p = sched_desc, *end = sched_desc + sizeof sched_desc - 1;
    char *v = version, *vend = version + sizeof version - 1;

    v = rtb_ad_putu(v, vend, (uint32_t)RT_VERSION);
    v = rtb_ad_puts(v, vend, ".");
    v = rtb_ad_putu(v, vend, (uint32_t)RT_SUBVERSION);
    v = rtb_ad_puts(v, vend, ".");
    v = rtb_ad_putu(v, vend, (uint32_t)RT_REVISION);
    *v = '\0';
    info.board = rtb_cm_board_name();
    info.cpu = rtb_cm_cpu_name();
    p = rtb_ad_puts(p, end, "prio-preemptive/");
    p = rtb_ad_putu(p, end, RT_THREAD_PRIORITY_MAX);
    p = rtb_ad_puts(p, end, " slice=");
    p = rtb_ad_putu(p, end, RTB_RT_SLICE);
    p = rtb_ad_puts(p, end, " primask tick=");
    p = rtb_ad_putu(p, end, RT_TICK_PER_SECOND);
    p = rtb_ad_puts(p, end,
                    "Hz heap=rt_malloc fifo=rt_mb_send lifo=rt_mq_urgent stack=rt_mq_urgent "
                    "queue-depth=");
    p = rtb_ad_putu(p, end, RTB_RT_QUEUE_DEPTH);
    p = rtb_ad_puts(p, end, " isr=rt_interrupt_enter/leave");
    rtb_ad_sched_end(p, end);
}

const struct rtb_port_info *rtb_port_info(void)
{
    return &info;
}

/* rtb_port_write, rtb_port_exit: ../adapter/rtb_ad_cm.c */

/* ---- the runner's thread (before the scheduler starts) ------------------------------------- */

static struct rtb_thread main_thread;

int rtb_rt_create_main(void)
{
    rt_uint8_t kp;
    int rc = rtb_rt_prio(RTB_PRIO_MAIN, RT_THREAD_PRIORITY_MAX, &kp);

    if (rc == 0)
        rc = rt_thread_make(&main_thread, "rtb-main", rtb_ad_main_entry, NULL, kp,
                            rtb_ad_main_stack, sizeof rtb_ad_main_stack);
    if (rc == 0) {
        main_thread.state = RT_ST_RUNNING;
        /* before the scheduler runs: rt_thread_startup only makes it ready */
        rc = RT_RESULT(rt_thread_startup(&main_thread.rt), 0);
    }
    return rc;
}
