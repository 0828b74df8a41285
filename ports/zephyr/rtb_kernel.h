/*
 * rtbench Zephyr adapter - the adapter core's hooks over Zephyr's kernel API
 * (see ../adapter/rtb_core.h for what each must do and what the core has
 * checked before it runs). Included by ../adapter/rtb_core.c and by
 * port_zephyr.c, which has the calls with no shared rule.
 *
 * Zephyr's calls are the same from threads and interrupts (k_is_in_isr()
 * decides inside), so the ISR-safe hooks need no variant; a call the kernel
 * would let block the interrupted thread is refused here or by the core.
 * Zephyr returns negative errnos: rtb_zp_fail() translates them.
 */
#ifndef RTB_KERNEL_ZEPHYR_H
#define RTB_KERNEL_ZEPHYR_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include <zephyr/kernel.h>

#include "rtb/port.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_zp_port.h"

typedef k_ticks_t rtb_k_ticks_t; /* RTB_NO_WAIT -> 0 = K_NO_WAIT, RTB_FOREVER -> K_TICKS_FOREVER */
typedef int rtb_k_prio_t;        /* the preemptive priority; a cooperative thread's is derived */

typedef char
    rtb_zp_forever[(K_TICKS_FOREVER == (k_ticks_t)RTB_FOREVER && RTB_NO_WAIT == 0) ? 1 : -1];

#define RTB_K_MIN_STACK RTB_ZP_MIN_STACK
#define RTB_K_HAS_COOP 1 /* negative priorities: never preempted by another thread */
#define RTB_K_EVENTS_BAD(bits) ((bits) == 0u)
/* k_fifo_alloc_put / k_lifo_alloc_put: port_zephyr.c defines the calls */
#define RTB_K_QUEUE_ALLOC 1

#define ZP_TMO(tk) Z_TIMEOUT_TICKS(tk)

static inline struct rtb_thread *rtb_k_self(void)
{
    k_tid_t k = k_current_get();

    /* every thread that calls the contract was created by this adapter, its
     * k_thread the first member of its struct rtb_thread; Zephyr's main
     * thread (before the runner starts) is not one */
    return k == rtb_zp_boot_thread ? NULL : CONTAINER_OF(k, struct rtb_thread, k);
}

/* IPSR, inline (two instructions): what Zephyr's k_is_in_isr() reads on
 * Cortex-M, without its out-of-line call on every timed path. */
static inline int rtb_k_in_isr(void)
{
    return rtb_cm_in_handler();
}

/* Rounded up to whole ticks; Zephyr adds the tick that makes a relative
 * wait last at least `us` itself (z_add_timeout). */
RTB_CORE_OUTLINE rtb_k_ticks_t rtb_k_ticks_finite(rtb_timeout_t us)
{
    return (rtb_k_ticks_t)k_us_to_ticks_ceil64((uint64_t)us);
}

/* rtbench 1..30 (larger is more urgent) -> Zephyr's preemptive 30..1. */
static inline int rtb_k_prio(int prio, rtb_k_prio_t *kprio)
{
    unsigned p = 0;
    int rc = rtb_ad_prio_down(prio, RTB_ZP_PRIO_BASE, 1u, &p);

    *kprio = (int)p;
    return rc;
}

/* A cooperative thread: the same order among cooperative ones, -1..-30,
 * ahead of every preemptive thread (Zephyr runs a ready cooperative thread
 * first). */
static inline int zp_kprio(const struct rtb_thread *t, rtb_k_prio_t kprio)
{
    return t->coop ? -(int)(RTB_ZP_PRIO_BASE + 1u) + kprio : kprio;
}

/* ---- threads ------------------------------------------------------------------ */

static inline void zp_trampoline(void *p1, void *p2, void *p3)
{
    (void)p2;
    (void)p3;
    rtb_core_thread_run(p1); /* returning to z_thread_entry ends the thread: join sees it */
}

static inline int rtb_k_thread_create(struct rtb_thread *t, const char *name, rtb_k_prio_t kprio,
                                      unsigned flags, void *stack, size_t stack_bytes, int start)
{
    (void)name; /* CONFIG_THREAD_NAME=n */
    if (((uintptr_t)stack & (ARCH_STACK_PTR_ALIGN - 1u)) != 0)
        return RTB_ERR_INVAL;
    if (rtb_k_in_isr())
        return RTB_ERR_PERM;
    t->coop = (flags & RTB_THREAD_COOP) != 0;
    t->core.suspended = 0;
    (void)k_thread_create(&t->k, (k_thread_stack_t *)stack, stack_bytes, zp_trampoline, t, NULL,
                          NULL, zp_kprio(t, kprio), 0, K_FOREVER);
#if CONFIG_HEAP_MEM_POOL_SIZE > 0
    k_thread_system_pool_assign(&t->k); /* the pool of k_fifo_alloc_put's links */
#endif
    if (start)
        k_thread_start(&t->k);
    return RTB_OK;
}

static inline int rtb_k_thread_start(struct rtb_thread *t)
{
    k_thread_start(&t->k);
    return RTB_OK;
}

static inline int rtb_k_thread_suspend(struct rtb_thread *t)
{
    if (t == NULL)
        t = rtb_k_self();
    if (t == NULL)
        return rtb_k_in_isr() ? RTB_ERR_PERM : RTB_ERR_STATE;
    k_thread_suspend(&t->k); /* the caller's returns once resumed */
    return RTB_OK;
}

static inline int rtb_k_thread_resume(struct rtb_thread *t)
{
    /* t is RUNNING (the core checked). k_thread_resume ignores a thread that
     * is not suspended: Zephyr's own state bit (kernel_structs.h, set under
     * its scheduler lock) says */
    if ((t->k.base.thread_state & _THREAD_SUSPENDED) == 0)
        return RTB_ERR_STATE;
    k_thread_resume(&t->k);
    return RTB_OK;
}

static inline int rtb_k_thread_abort(struct rtb_thread *t)
{
    if (t == NULL)
        return rtb_k_in_isr() ? RTB_ERR_PERM : RTB_ERR_STATE;
    k_thread_abort(&t->k); /* any state, one never started too; synchronous */
    return RTB_OK;
}

static inline int rtb_k_join_wait(struct rtb_thread *t, rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk = RTB_CORE_TICKS(rtb_k_ticks_t, timeout, rtb_k_ticks_finite);
    int rc = k_thread_join(&t->k, ZP_TMO(tk));

    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, timeout == RTB_NO_WAIT);
}

/* Zephyr keeps nothing of a dead thread: its k_thread may be created again. */
static inline int rtb_k_thread_release(struct rtb_thread *t)
{
    (void)t;
    return RTB_OK;
}

static inline int rtb_k_thread_set_prio(struct rtb_thread *t, rtb_k_prio_t kprio)
{
    if (t == NULL)
        t = rtb_k_self();
    if (t == NULL)
        return RTB_ERR_STATE;
    k_thread_priority_set(&t->k, zp_kprio(t, kprio));
    return RTB_OK;
}

static inline int rtb_k_sleep(uint32_t us)
{
    if (us == 0)
        k_yield();
    else
        (void)k_sleep(K_USEC(us)); /* rounded up to the tick, plus one (Zephyr's timeouts) */
    return RTB_OK;
}

/* ---- semaphores, mutexes, event flags --------------------------------------------- */

/* A Zephyr call's result: 0, or the failure translated. */
#define ZP_RESULT(rc, nowait) ((rc) == 0 ? RTB_OK : rtb_zp_fail((rc), (nowait)))

static inline int rtb_k_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    if (limit > K_SEM_MAX_LIMIT)
        return RTB_ERR_INVAL;
    s->limit = limit;
    return ZP_RESULT(k_sem_init(&s->k, initial, limit), 0);
}

static inline int rtb_k_sem_trytake(rtb_sem_t *s)
{
    return ZP_RESULT(k_sem_take(&s->k, K_NO_WAIT), 1);
}

static inline int rtb_k_sem_take(rtb_sem_t *s, rtb_k_ticks_t tk)
{
    return ZP_RESULT(k_sem_take(&s->k, ZP_TMO(tk)), 0);
}

static inline int rtb_k_mutex_init(rtb_mutex_t *m)
{
    return ZP_RESULT(k_mutex_init(&m->k), 0);
}

static inline int rtb_k_mutex_trylock(rtb_mutex_t *m)
{
    if (rtb_k_in_isr())
        return RTB_ERR_PERM; /* a mutex belongs to a thread, even with K_NO_WAIT */
    return ZP_RESULT(k_mutex_lock(&m->k, K_NO_WAIT), 1);
}

static inline int rtb_k_mutex_lock(rtb_mutex_t *m, rtb_k_ticks_t tk)
{
    return ZP_RESULT(k_mutex_lock(&m->k, ZP_TMO(tk)), 0);
}

static inline int rtb_k_events_init(rtb_events_t *e)
{
    k_event_init(&e->k);
    return RTB_OK;
}

static inline int rtb_k_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_k_ticks_t tk,
                                    uint32_t *matched)
{
    /* reset false: the contract's wait does not clear; 0 is "not satisfied" */
    uint32_t got = mode == RTB_EVENTS_ALL ? k_event_wait_all(&e->k, bits, false, ZP_TMO(tk))
                                          : k_event_wait(&e->k, bits, false, ZP_TMO(tk));

    if (got == 0)
        return tk == 0 ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    if (matched)
        *matched = got & bits;
    return RTB_OK;
}

/* ---- FIFO, LIFO, stack, message queues ------------------------------------------------- */

/* A k_fifo/k_lifo get: NULL is an empty queue at K_NO_WAIT or an expired wait. */
static inline int zp_queue_got(void *p, void **item, int nowait)
{
    if (p == NULL)
        return nowait ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    *item = p;
    return RTB_OK;
}

static inline int rtb_k_fifo_init(rtb_fifo_t *q)
{
    k_fifo_init(&q->k);
    return RTB_OK;
}

static inline int rtb_k_fifo_tryget(rtb_fifo_t *q, void **item)
{
    return zp_queue_got(k_fifo_get(&q->k, K_NO_WAIT), item, 1);
}

static inline int rtb_k_fifo_get(rtb_fifo_t *q, void **item, rtb_k_ticks_t tk)
{
    return zp_queue_got(k_fifo_get(&q->k, ZP_TMO(tk)), item, 0);
}

static inline int rtb_k_lifo_init(rtb_lifo_t *q)
{
    k_lifo_init(&q->k);
    return RTB_OK;
}

static inline int rtb_k_lifo_tryget(rtb_lifo_t *q, void **item)
{
    return zp_queue_got(k_lifo_get(&q->k, K_NO_WAIT), item, 1);
}

static inline int rtb_k_lifo_get(rtb_lifo_t *q, void **item, rtb_k_ticks_t tk)
{
    return zp_queue_got(k_lifo_get(&q->k, ZP_TMO(tk)), item, 0);
}

typedef char rtb_zp_stack_word[(sizeof(stack_data_t) == sizeof(uintptr_t)) ? 1 : -1];

static inline int rtb_k_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    k_stack_init(&s->k, (stack_data_t *)buf, capacity);
    return RTB_OK;
}

static inline int rtb_k_stack_trypop(rtb_stack_t *s, uintptr_t *value)
{
    return ZP_RESULT(k_stack_pop(&s->k, (stack_data_t *)value, K_NO_WAIT), 1);
}

static inline int rtb_k_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_k_ticks_t tk)
{
    return ZP_RESULT(k_stack_pop(&s->k, (stack_data_t *)value, ZP_TMO(tk)), 0);
}

static inline int rtb_k_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    k_msgq_init(&q->k, buf, msg_size, max_msgs);
    return RTB_OK;
}

static inline int rtb_k_msgq_tryget(rtb_msgq_t *q, void *msg)
{
    return ZP_RESULT(k_msgq_get(&q->k, msg, K_NO_WAIT), 1);
}

static inline int rtb_k_msgq_get(rtb_msgq_t *q, void *msg, rtb_k_ticks_t tk)
{
    return ZP_RESULT(k_msgq_get(&q->k, msg, ZP_TMO(tk)), 0);
}

/* From a thread or a handler; full at K_NO_WAIT: -ENOMSG, RTB_ERR_AGAIN. */
static inline int rtb_k_msgq_tryput(rtb_msgq_t *q, const void *msg)
{
    return ZP_RESULT(k_msgq_put(&q->k, msg, K_NO_WAIT), 1);
}

static inline int rtb_k_msgq_put(rtb_msgq_t *q, const void *msg, rtb_k_ticks_t tk)
{
    return ZP_RESULT(k_msgq_put(&q->k, msg, ZP_TMO(tk)), 0);
}

#endif /* RTB_KERNEL_ZEPHYR_H */
