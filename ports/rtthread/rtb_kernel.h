/*
 * rtbench RT-Thread adapter - the adapter core's hooks over the RT-Thread
 * kernel API (see ../adapter/rtb_core.h for what each must do and what the
 * core has checked before it runs). Included by ../adapter/rtb_core.c and
 * by port_rtthread.c, which has the calls with no shared rule.
 *
 * Every object is RT-Thread's static variant (rt_thread_init, rt_sem_init,
 * ...) in the caller's storage. RT-Thread's API is the same from threads
 * and interrupts; what RT-Thread allows from a thread only (mutexes, event
 * receive) is refused from the handler here, even with RTB_NO_WAIT.
 * RT-Thread 3.1.x does not switch inside rt_thread_resume and
 * rt_thread_control(CHANGE_PRIORITY): the hooks call rt_schedule() after
 * them, as RT-Thread's own callers do.
 */
#ifndef RTB_KERNEL_RTTHREAD_H
#define RTB_KERNEL_RTTHREAD_H

#include <stddef.h>
#include <stdint.h>

#include <rthw.h>
#include <rtthread.h>

#include "rtb/port.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_rt_map.h"
#include "rtb_rt_port.h"

typedef rt_int32_t rtb_k_ticks_t;
typedef rt_uint8_t rtb_k_prio_t;

/* Least stack: RT-Thread's initial frame (16 words) and the trampoline's call. */
#define RTB_K_MIN_STACK 256u
#define RTB_K_HAS_COOP 0 /* only the scheduler lock of the whole system */
#define RTB_K_EVENTS_BAD(bits) ((bits) == 0u)

/* The name of every object RT-Thread is given (port_rtthread.c). */
extern const char rtb_rt_obj_name[];

/* A static RT-Thread object is initialised while its type is not 0:
 * rt_object_init sets it, rt_object_detach (every rt_*_detach, and a static
 * thread's exit) clears it, and static storage starts at 0. Initialising an
 * initialised object again would link it twice into the kernel's object
 * list, so an init of an initialised object detaches it first: the contract
 * has no destroy call. */
#define RT_OBJ_LIVE(o) ((o)->parent.parent.type != 0)

/* The caller: every thread that calls the contract was created by this adapter, and
 * its struct rt_thread is the first member of its struct rtb_thread */
#define rtb_k_self() ((struct rtb_thread *)(void *)rt_thread_self())
#define rtb_k_in_isr() rtb_cm_in_handler()

/* RTB_NO_WAIT is RT_WAITING_NO (0) and RTB_FOREVER RT_WAITING_FOREVER (-1):
 * both pass unchanged (RTB_CORE_TICKS). */
RTB_CORE_OUTLINE rt_int32_t rtb_k_ticks_finite(rtb_timeout_t us)
{
    int32_t t = 0;

    (void)rtb_rt_ticks(us, RT_TICK_PER_SECOND, &t);
    return (rt_int32_t)t;
}

#define RT_TICKS(us) RTB_CORE_TICKS(rt_int32_t, us, rtb_k_ticks_finite)

static inline int rtb_k_prio(int prio, rtb_k_prio_t *kprio)
{
    return rtb_rt_prio(prio, RT_THREAD_PRIORITY_MAX, kprio);
}

/* A failed RT-Thread call -> the rtb_err; RTB_ERR_PORT keeps the code for
 * rtb_port_errno(). Out of line: the success paths stay short. */
RTB_CORE_OUTLINE int rt_fail(rt_err_t err, int nowait)
{
    int rc = rtb_rt_err((long)err, nowait);

    return rc == RTB_ERR_PORT ? rtb_core_port_error((int)err) : rc;
}

static inline int rt_result(rt_err_t err, int nowait)
{
    return err == RT_EOK ? RTB_OK : rt_fail(err, nowait);
}

/* ---- threads ------------------------------------------------------------------ */

static inline void rt_trampoline(void *p)
{
    struct rtb_thread *t = (struct rtb_thread *)p;

    rtb_core_thread_run(t);
    (void)rt_sem_release(&t->done); /* returning runs rt_thread_exit: detached, CLOSE */
}

static inline int rtb_k_thread_create(struct rtb_thread *t, const char *name, rtb_k_prio_t kprio,
                                      unsigned flags, void *stack, size_t stack_bytes, int start)
{
    rt_err_t err;

    (void)flags; /* RTB_K_HAS_COOP 0: always 0 */
    if (stack_bytes > UINT32_MAX)
        return RTB_ERR_INVAL;
    if (RT_OBJ_LIVE(&t->done))
        (void)rt_sem_detach(&t->done);
    err = rt_sem_init(&t->done, rtb_rt_obj_name, 0, RT_IPC_FLAG_PRIO);
    if (err != RT_EOK)
        return rt_fail(err, 0);
    t->core.suspended = 0;
    err = rt_thread_init(&t->rt, name ? name : rtb_rt_obj_name, rt_trampoline, t, stack,
                         (rt_uint32_t)stack_bytes, kprio, RTB_RT_SLICE);
    /* the runner's thread, before the scheduler runs: only made ready */
    if (err == RT_EOK && start)
        err = rt_thread_startup(&t->rt);
    if (err != RT_EOK) {
        (void)rt_sem_detach(&t->done);
        return rt_fail(err, 0);
    }
    return RTB_OK;
}

/* resume + rt_schedule */
#define rtb_k_thread_start(t) rt_result(rt_thread_startup(&(t)->rt), 0)

/* RT-Thread's SUSPEND state is also "blocked on an object": the adapter's own
 * flag, set and cleared with interrupts off (a resume may come from the
 * software interrupt), tells which threads rtb_thread_suspend stopped. */
static inline int rtb_k_thread_suspend(struct rtb_thread *t)
{
    struct rtb_thread *self = rtb_k_self();
    rt_base_t level;
    rt_err_t err;

    if (t == NULL)
        t = self;
    level = rt_hw_interrupt_disable();
    /* 3.1.x suspends a READY thread only: a blocked one gives -RT_ERROR */
    err = rt_thread_suspend(&t->rt);
    if (err == RT_EOK)
        t->core.suspended = 1;
    rt_hw_interrupt_enable(level);
    if (err != RT_EOK)
        return RTB_ERR_STATE;
    if (t == self)
        rt_schedule(); /* returns once resumed */
    return RTB_OK;
}

static inline int rtb_k_thread_resume(struct rtb_thread *t)
{
    rt_base_t level;
    rt_err_t err = -RT_ERROR;

    level = rt_hw_interrupt_disable();
    if (t->core.suspended) { /* t is RUNNING: the core checked */
        t->core.suspended = 0;
        err = rt_thread_resume(&t->rt);
    }
    rt_hw_interrupt_enable(level);
    if (err != RT_EOK)
        return RTB_ERR_STATE;
    rt_schedule(); /* from the handler: the switch is the PendSV after it */
    return RTB_OK;
}

static inline int rtb_k_thread_abort(struct rtb_thread *t)
{
    struct rtb_thread *self = rtb_k_self();
    /* any state; a thread already ended (CLOSE): success, nothing done */
    rt_err_t err = rt_thread_detach(&t->rt);

    if (err != RT_EOK)
        return rt_fail(err, 0);
    (void)rt_sem_release(&t->done); /* a joiner waiting for it */
    if (t == self)
        rt_schedule(); /* does not return: the caller is off every list */
    return RTB_OK;
}

#define rtb_k_join_wait(t, timeout)                                                                \
    rt_result(rt_sem_take(&(t)->done, RT_TICKS(timeout)), (timeout) == RTB_NO_WAIT)

/* The end signal is released as the thread's last act: it may not have
 * returned yet (a less urgent joiner would have let it); detach finishes it. */
static inline int rtb_k_thread_release(struct rtb_thread *t)
{
    rt_err_t err;

    if ((t->rt.stat & RT_THREAD_STAT_MASK) != RT_THREAD_CLOSE) {
        err = rt_thread_detach(&t->rt);
        if (err != RT_EOK)
            return rt_fail(err, 0);
    }
    (void)rt_sem_detach(&t->done);
    return RTB_OK;
}

static inline int rtb_k_thread_set_prio(struct rtb_thread *t, rtb_k_prio_t kprio)
{
    rt_err_t err;

    if (t == NULL)
        t = rtb_k_self();
    if (t->core.state == RTB_CORE_CREATED)
        t->rt.init_priority = kprio; /* rt_thread_startup starts at init_priority */
    err = rt_thread_control(&t->rt, RT_THREAD_CTRL_CHANGE_PRIORITY, &kprio);
    if (err != RT_EOK)
        return rt_fail(err, 0);
    rt_schedule();
    return RTB_OK;
}

static inline int rtb_k_sleep(uint32_t us)
{
    rt_tick_t tk = rtb_ad_sleep_ticks(us, RT_TICK_PER_SECOND, RTB_RT_TICKS_MAX + 1u);
    rt_err_t err;

    if (tk == 0) {
        (void)rt_thread_yield();
        return RTB_OK;
    }
    err = rt_thread_delay(tk);
    return rt_result(err, 0);
}

/* ---- semaphores, mutexes, event sets ------------------------------------------- */

static inline int rtb_k_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    rt_err_t err;

    if (limit > RT_SEM_VALUE_MAX)
        return RTB_ERR_INVAL;
    if (RT_OBJ_LIVE(&s->rt))
        (void)rt_sem_detach(&s->rt); /* init again: the contract has no destroy */
    s->limit = (rt_uint16_t)limit;
    err = rt_sem_init(&s->rt, rtb_rt_obj_name, (rt_uint32_t)initial, RT_IPC_FLAG_PRIO);
    return rt_result(err, 0);
}

#define rtb_k_sem_trytake(s) rt_result(rt_sem_take(&(s)->rt, RT_WAITING_NO), 1)
#define rtb_k_sem_take(s, tk) rt_result(rt_sem_take(&(s)->rt, (tk)), 0)

static inline int rtb_k_mutex_init(rtb_mutex_t *m)
{
    rt_err_t err;

    if (RT_OBJ_LIVE(&m->rt))
        (void)rt_mutex_detach(&m->rt);
    err = rt_mutex_init(&m->rt, rtb_rt_obj_name, RT_IPC_FLAG_PRIO);
    return rt_result(err, 0);
}

static inline int rtb_k_mutex_trylock(rtb_mutex_t *m)
{
    rt_err_t err;

    if (rtb_cm_in_handler())
        return RTB_ERR_PERM; /* RT-Thread: a mutex has a thread for owner */
    err = rt_mutex_take(&m->rt, RT_WAITING_NO);
    return rt_result(err, 1);
}

#define rtb_k_mutex_lock(m, tk) rt_result(rt_mutex_take(&(m)->rt, (tk)), 0)

static inline int rtb_k_events_init(rtb_events_t *e)
{
    rt_err_t err;

    if (RT_OBJ_LIVE(&e->rt))
        (void)rt_event_detach(&e->rt);
    err = rt_event_init(&e->rt, rtb_rt_obj_name, RT_IPC_FLAG_PRIO);
    return rt_result(err, 0);
}

static inline int rtb_k_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rt_int32_t tk,
                                    uint32_t *matched)
{
    rt_uint32_t got = 0;
    rt_err_t err;

    if (rtb_cm_in_handler())
        return RTB_ERR_PERM; /* rt_event_recv records the receive in the current thread */
    /* no RT_EVENT_FLAG_CLEAR: the contract's wait does not consume */
    err = rt_event_recv(&e->rt, bits, mode == RTB_EVENTS_ALL ? RT_EVENT_FLAG_AND : RT_EVENT_FLAG_OR,
                        tk, &got);
    if (err != RT_EOK)
        return rt_fail(err, tk == RT_WAITING_NO);
    if (matched)
        *matched = (uint32_t)got & bits;
    return RTB_OK;
}

/* ---- FIFO: a mailbox; LIFO and stack: one-word message queues; message queues -- */

static inline int rt_mq_make(struct rt_messagequeue *mq, void *pool, size_t msg_size,
                             size_t pool_bytes)
{
    rt_err_t err;

    if (RT_OBJ_LIVE(mq))
        (void)rt_mq_detach(mq);
    err = rt_mq_init(mq, rtb_rt_obj_name, pool, (rt_size_t)msg_size, (rt_size_t)pool_bytes,
                     RT_IPC_FLAG_PRIO);
    return rt_result(err, 0);
}

static inline int rt_mq_get(struct rt_messagequeue *mq, void *msg, size_t size, rt_int32_t tk)
{
    rt_err_t err = rt_mq_recv(mq, msg, (rt_size_t)size, tk);

    return rt_result(err, tk == RT_WAITING_NO);
}

static inline int rt_mb_get(rtb_fifo_t *q, void **item, rt_int32_t tk)
{
    rt_ubase_t v = 0;
    rt_err_t err = rt_mb_recv(&q->rt, &v, tk);

    if (err != RT_EOK)
        return rt_fail(err, tk == RT_WAITING_NO);
    *item = (void *)(uintptr_t)v;
    return RTB_OK;
}

static inline int rtb_k_fifo_init(rtb_fifo_t *q)
{
    rt_err_t err;

    if (RT_OBJ_LIVE(&q->rt))
        (void)rt_mb_detach(&q->rt);
    err = rt_mb_init(&q->rt, rtb_rt_obj_name, q->slot, RTB_RT_QUEUE_DEPTH, RT_IPC_FLAG_PRIO);
    return rt_result(err, 0);
}

#define rtb_k_fifo_tryget(q, item) rt_mb_get((q), (item), RT_WAITING_NO)
#define rtb_k_fifo_get(q, item, tk) rt_mb_get((q), (item), (tk))
#define rtb_k_lifo_init(q) rt_mq_make(&(q)->rt, (q)->pool, sizeof(rt_ubase_t), sizeof(q)->pool)
#define rtb_k_lifo_tryget(q, item) rt_mq_get(&(q)->rt, (item), sizeof(void *), RT_WAITING_NO)
#define rtb_k_lifo_get(q, item, tk) rt_mq_get(&(q)->rt, (item), sizeof(void *), (tk))

/* The caller's buffer cannot hold RT-Thread's per-message header: the queue
 * uses the pool in the object, `capacity` messages of it. */
static inline int rtb_k_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    (void)buf;
    if (capacity > RTB_RT_QUEUE_DEPTH)
        return RTB_ERR_NOMEM;
    return rt_mq_make(&s->rt, s->pool, sizeof(rt_ubase_t), capacity * RTB_RT_WORD_MSG_BYTES);
}

#define rtb_k_stack_trypop(s, v) rt_mq_get(&(s)->rt, (v), sizeof(uintptr_t), RT_WAITING_NO)
#define rtb_k_stack_pop(s, v, tk) rt_mq_get(&(s)->rt, (v), sizeof(uintptr_t), (tk))

static inline int rtb_k_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    size_t slot;

    (void)buf; /* as the stack: the pool in the object */
    if (msg_size > UINT16_MAX)
        return RTB_ERR_INVAL;
    slot = RT_ALIGN(msg_size, RT_ALIGN_SIZE) + sizeof(void *);
    if (max_msgs > sizeof q->pool / slot)
        return RTB_ERR_NOMEM;
    q->msg_size = (rt_uint16_t)msg_size;
    return rt_mq_make(&q->rt, q->pool, msg_size, slot * max_msgs);
}

#define rtb_k_msgq_tryget(q, msg) rt_mq_get(&(q)->rt, (msg), (q)->msg_size, RT_WAITING_NO)
#define rtb_k_msgq_get(q, msg, tk) rt_mq_get(&(q)->rt, (msg), (q)->msg_size, (tk))
#define RT_MSG(msg) ((void *)(uintptr_t)(msg)) /* RT-Thread's send takes no const */
#define rtb_k_msgq_tryput(q, msg) rt_result(rt_mq_send(&(q)->rt, RT_MSG(msg), (q)->msg_size), 1)
#define rtb_k_msgq_put(q, msg, tk)                                                                 \
    rt_result(rt_mq_send_wait(&(q)->rt, RT_MSG(msg), (q)->msg_size, (tk)), 0)

#endif /* RTB_KERNEL_RTTHREAD_H */
