/*
 * rtbench ThreadX adapter - the adapter core's hooks over the Eclipse
 * ThreadX API (see ../adapter/rtb_core.h for what each must do and what the
 * core has checked before it runs). Included by ../adapter/rtb_core.c and
 * by port_threadx.c, which has the calls with no shared rule.
 *
 * ThreadX's API is the same from threads and interrupts (the kernel looks
 * at IPSR itself), so the ISR-safe calls need no variant here.
 *
 * A control block is created while its id field is not TX_CLEAR_ID: create
 * sets the object's id, delete clears it, and static storage starts at 0.
 * Creating a created object again would link it twice into ThreadX's list
 * of created objects, so an init of a created object deletes it first: the
 * contract has no destroy call.
 */
#ifndef RTB_KERNEL_THREADX_H
#define RTB_KERNEL_THREADX_H

#include <stddef.h>
#include <stdint.h>

#include "rtb/port.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_tx_map.h"

typedef ULONG rtb_k_ticks_t;
typedef unsigned rtb_k_prio_t;

#define RTB_K_MIN_STACK TX_MINIMUM_STACK
#ifdef TX_DISABLE_PREEMPTION_THRESHOLD
#define RTB_K_HAS_COOP 0
#else
#define RTB_K_HAS_COOP 1 /* preemption-threshold 0 */
#endif
#define RTB_K_EVENTS_BAD(bits) ((bits) == 0u) /* 32 bits, every one usable */

/* The name of every object ThreadX is given (port_threadx.c). */
extern CHAR rtb_tx_obj_name[];

/* The caller: every thread that calls the contract was created by this adapter, and
 * its TX_THREAD is the first member of its struct rtb_thread */
#define rtb_k_self() ((struct rtb_thread *)(void *)tx_thread_identify())
#define rtb_k_in_isr() rtb_cm_in_handler()

/* RTB_NO_WAIT is TX_NO_WAIT (0) and RTB_FOREVER, as a ULONG,
 * TX_WAIT_FOREVER: both pass unchanged (RTB_CORE_TICKS). */
RTB_CORE_OUTLINE ULONG rtb_k_ticks_finite(rtb_timeout_t us)
{
    uint32_t t = 0;

    (void)rtb_ad_ticks(us, TX_TIMER_TICKS_PER_SECOND, (uint32_t)TX_WAIT_FOREVER, &t);
    return (ULONG)t;
}

#define TX_TICKS(us) RTB_CORE_TICKS(ULONG, us, rtb_k_ticks_finite)

static inline int rtb_k_prio(int prio, rtb_k_prio_t *kprio)
{
    return rtb_tx_prio(prio, TX_MAX_PRIORITIES, kprio);
}

/* A failed ThreadX call -> the rtb_err; RTB_ERR_PORT keeps the status for
 * rtb_port_errno(). Out of line: the success paths stay short. */
RTB_CORE_OUTLINE int tx_fail(UINT status, int nowait)
{
    int rc = rtb_tx_status(status, nowait);

    return rc == RTB_ERR_PORT ? rtb_core_port_error((int)status) : rc;
}

static inline int tx_result(UINT status, int nowait)
{
    return status == TX_SUCCESS ? RTB_OK : tx_fail(status, nowait);
}

/* ---- threads ------------------------------------------------------------------ */

static inline void tx_trampoline(ULONG p)
{
    struct rtb_thread *t = (struct rtb_thread *)(uintptr_t)p;

    rtb_core_thread_run(t);
    (void)tx_semaphore_put(&t->done); /* returning makes the thread TX_COMPLETED */
}

static inline int rtb_k_thread_create(struct rtb_thread *t, const char *name, rtb_k_prio_t kprio,
                                      unsigned flags, void *stack, size_t stack_bytes, int start)
{
    unsigned coop = (flags & RTB_THREAD_COOP) != 0;
    UINT st = tx_semaphore_create(&t->done, rtb_tx_obj_name, 0);

    if (st != TX_SUCCESS)
        return tx_fail(st, 0);
    t->coop = (uint8_t)coop;
    st = tx_thread_create(&t->tx, name ? (CHAR *)(uintptr_t)name : rtb_tx_obj_name, tx_trampoline,
                          (ULONG)(uintptr_t)t, stack, (ULONG)stack_bytes, kprio, coop ? 0u : kprio,
                          TX_NO_TIME_SLICE, start ? TX_AUTO_START : TX_DONT_START);
    if (st != TX_SUCCESS) {
        (void)tx_semaphore_delete(&t->done);
        return tx_fail(st, 0);
    }
    return RTB_OK;
}

#define rtb_k_thread_start(t) tx_result(tx_thread_resume(&(t)->tx), 0)

#define rtb_k_thread_suspend(t)                                                                    \
    tx_result(tx_thread_suspend((t) ? &(t)->tx : tx_thread_identify()), 0)

/* t is RUNNING (the core's check: tx_thread_resume would start a created
 * one); TX_RESUME_ERROR: not suspended */
#define rtb_k_thread_resume(t) tx_result(tx_thread_resume(&(t)->tx), 0)

/* any state; a completed thread: success */
#define rtb_k_thread_abort(t) tx_result(tx_thread_terminate(&(t)->tx), 0)

static inline int rtb_k_join_wait(struct rtb_thread *t, rtb_timeout_t timeout)
{
    UINT st = tx_semaphore_get(&t->done, TX_TICKS(timeout));

    return tx_result(st, timeout == RTB_NO_WAIT);
}

/* The end signal is put as the thread's last act: it may not have returned
 * yet (a less urgent joiner would have let it); terminate finishes it, and
 * is a success on a thread already terminated. */
static inline int rtb_k_thread_release(struct rtb_thread *t)
{
    UINT st = tx_thread_terminate(&t->tx);

    if (st == TX_SUCCESS)
        st = tx_thread_delete(&t->tx);
    if (st != TX_SUCCESS)
        return tx_fail(st, 0);
    (void)tx_semaphore_delete(&t->done);
    return RTB_OK;
}

static inline int rtb_k_thread_set_prio(struct rtb_thread *t, rtb_k_prio_t kprio)
{
    UINT old, st;

    if (t == NULL)
        t = rtb_k_self();
    /* also sets the preemption-threshold to the new priority */
    st = tx_thread_priority_change(&t->tx, kprio, &old);
#ifndef TX_DISABLE_PREEMPTION_THRESHOLD
    if (st == TX_SUCCESS && t->coop)
        st = tx_thread_preemption_change(&t->tx, 0, &old);
#endif
    return tx_result(st, 0);
}

static inline int rtb_k_sleep(uint32_t us)
{
    ULONG tk = rtb_ad_sleep_ticks(us, TX_TIMER_TICKS_PER_SECOND, (uint32_t)TX_WAIT_FOREVER);
    UINT st;

    if (tk == 0) {
        tx_thread_relinquish();
        return RTB_OK;
    }
    st = tx_thread_sleep(tk);
    return tx_result(st, 0);
}

/* ---- semaphores, mutexes, event flags ------------------------------------------ */

static inline int rtb_k_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    UINT st;

    if (s->tx.tx_semaphore_id != TX_CLEAR_ID)
        (void)tx_semaphore_delete(&s->tx); /* init again: the contract has no destroy */
    s->limit = limit;
    st = tx_semaphore_create(&s->tx, rtb_tx_obj_name, initial);
    return tx_result(st, 0);
}

#define rtb_k_sem_trytake(s) tx_result(tx_semaphore_get(&(s)->tx, TX_NO_WAIT), 1)
#define rtb_k_sem_take(s, tk) tx_result(tx_semaphore_get(&(s)->tx, (tk)), 0)

static inline int rtb_k_mutex_init(rtb_mutex_t *m)
{
    UINT st;

    if (m->tx.tx_mutex_id != TX_CLEAR_ID)
        (void)tx_mutex_delete(&m->tx);
    st = tx_mutex_create(&m->tx, rtb_tx_obj_name, TX_INHERIT);
    return tx_result(st, 0);
}

#define rtb_k_mutex_trylock(m) tx_result(tx_mutex_get(&(m)->tx, TX_NO_WAIT), 1)
#define rtb_k_mutex_lock(m, tk) tx_result(tx_mutex_get(&(m)->tx, (tk)), 0)

static inline int rtb_k_events_init(rtb_events_t *e)
{
    UINT st;

    if (e->tx.tx_event_flags_group_id != TX_CLEAR_ID)
        (void)tx_event_flags_delete(&e->tx);
    st = tx_event_flags_create(&e->tx, rtb_tx_obj_name);
    return tx_result(st, 0);
}

static inline int rtb_k_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, ULONG tk,
                                    uint32_t *matched)
{
    ULONG actual;
    /* RTB_EVENTS_ALL (1) * 2 = TX_AND, RTB_EVENTS_ANY (0) = TX_OR */
    UINT st = tx_event_flags_get(&e->tx, bits, mode * 2u, &actual, tk);

    if (st != TX_SUCCESS)
        return tx_fail(st, tk == TX_NO_WAIT);
    if (matched)
        *matched = (uint32_t)actual & bits;
    return RTB_OK;
}

/* ---- FIFO, LIFO and stack: one-word queues; message queues ---------------------- */

static inline int tx_q_make(TX_QUEUE *q, UINT words, void *storage, ULONG bytes)
{
    UINT st;

    if (q->tx_queue_id != TX_CLEAR_ID)
        (void)tx_queue_delete(q);
    st = tx_queue_create(q, rtb_tx_obj_name, words, storage, bytes);
    return tx_result(st, 0);
}

#define tx_q_tryget(q, item) tx_result(tx_queue_receive((q), (item), TX_NO_WAIT), 1)
#define tx_q_get(q, item, tk) tx_result(tx_queue_receive((q), (item), (tk)), 0)

#define rtb_k_fifo_init(q) tx_q_make(&(q)->tx, TX_1_ULONG, (q)->slot, sizeof(q)->slot)
#define rtb_k_fifo_tryget(q, item) tx_q_tryget(&(q)->tx, (item))
#define rtb_k_fifo_get(q, item, tk) tx_q_get(&(q)->tx, (item), (tk))
#define rtb_k_lifo_init(q) tx_q_make(&(q)->tx, TX_1_ULONG, (q)->slot, sizeof(q)->slot)
#define rtb_k_lifo_tryget(q, item) tx_q_tryget(&(q)->tx, (item))
#define rtb_k_lifo_get(q, item, tk) tx_q_get(&(q)->tx, (item), (tk))
#define rtb_k_stack_init(s, buf, capacity)                                                         \
    tx_q_make(&(s)->tx, TX_1_ULONG, (buf), (ULONG)(capacity) * sizeof(ULONG))
#define rtb_k_stack_trypop(s, v) tx_q_tryget(&(s)->tx, (v))
#define rtb_k_stack_pop(s, v, tk) tx_q_get(&(s)->tx, (v), (tk))

static inline int rtb_k_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    unsigned words;

    if (((uintptr_t)buf & 3u) != 0 || rtb_tx_msg_words(msg_size, &words) < 0)
        return RTB_ERR_INVAL;
    return tx_q_make(&q->tx, words, buf, (ULONG)(msg_size * max_msgs));
}

#define rtb_k_msgq_tryget(q, msg) tx_q_tryget(&(q)->tx, (msg))
#define rtb_k_msgq_get(q, msg, tk) tx_q_get(&(q)->tx, (msg), (tk))

#define TX_MSG(msg) ((VOID *)(uintptr_t)(msg)) /* ThreadX's send takes no const */
/* The same call from a thread or a handler (ThreadX: only TX_NO_WAIT from
 * an interrupt). */
#define rtb_k_msgq_tryput(q, msg) tx_result(tx_queue_send(&(q)->tx, TX_MSG(msg), TX_NO_WAIT), 1)
#define rtb_k_msgq_put(q, msg, tk) tx_result(tx_queue_send(&(q)->tx, TX_MSG(msg), (tk)), 0)

#endif /* RTB_KERNEL_THREADX_H */
