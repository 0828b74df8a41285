/*
 * rtbench ThreadX adapter - the porting contract (rtb/port.h) over the
 * Eclipse ThreadX API (checked with ThreadX 6.4.2), on the Cortex-M board
 * support. The start-up glue (main, _tx_initialize_low_level, the SysTick
 * tick, tx_application_define) is startup_threadx.c; the kernel-independent
 * translations are rtb_tx_map.c and ../adapter/rtb_adapter.c.
 *
 * ThreadX's API is the same from threads and interrupts (the kernel looks at
 * IPSR itself), so the ISR-safe calls need no variant here; a call that may
 * not wait is refused from the handler before it reaches the kernel. What
 * ThreadX lacks is n/a (condition variables, a put that allocates a link);
 * the LIFO and stack are ThreadX's own tx_queue_front_send, cooperative
 * threads its preemption-threshold 0, named so in the run header.
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb/timer.h"
#include "rtb_ad_cm.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_tx_map.h"
#include "rtb_tx_port.h"

/* The values rtb_tx_map.c and this file assume are this kernel's. */
#define SAME(a, b) ((unsigned long)(a) == (unsigned long)(b))
typedef char rtb_tx_codes_match
    [(SAME(TX_SUCCESS, RTB_TX_SUCCESS) && SAME(TX_DELETED, RTB_TX_DELETED) &&
      SAME(TX_PTR_ERROR, RTB_TX_PTR_ERROR) && SAME(TX_WAIT_ERROR, RTB_TX_WAIT_ERROR) &&
      SAME(TX_NO_EVENTS, RTB_TX_NO_EVENTS) && SAME(TX_QUEUE_EMPTY, RTB_TX_QUEUE_EMPTY) &&
      SAME(TX_QUEUE_FULL, RTB_TX_QUEUE_FULL) && SAME(TX_NO_INSTANCE, RTB_TX_NO_INSTANCE) &&
      SAME(TX_NO_MEMORY, RTB_TX_NO_MEMORY) && SAME(TX_DELETE_ERROR, RTB_TX_DELETE_ERROR) &&
      SAME(TX_RESUME_ERROR, RTB_TX_RESUME_ERROR) && SAME(TX_CALLER_ERROR, RTB_TX_CALLER_ERROR) &&
      SAME(TX_SUSPEND_ERROR, RTB_TX_SUSPEND_ERROR) && SAME(TX_WAIT_ABORTED, RTB_TX_WAIT_ABORTED) &&
      SAME(TX_NOT_AVAILABLE, RTB_TX_NOT_AVAILABLE) && SAME(TX_NOT_OWNED, RTB_TX_NOT_OWNED) &&
      SAME(TX_CEILING_EXCEEDED, RTB_TX_CEILING_EXCEEDED) &&
      SAME(TX_FEATURE_NOT_ENABLED, RTB_TX_FEATURE_NOT_ENABLED) &&
      SAME(TX_AND, RTB_EVENTS_ALL * 2u) && SAME(TX_OR, RTB_EVENTS_ANY * 2u) &&
      SAME(TX_WAIT_FOREVER, (ULONG)RTB_FOREVER) && SAME(TX_NO_WAIT, RTB_NO_WAIT) &&
      sizeof(ULONG) == sizeof(void *) && sizeof(ULONG) == sizeof(uintptr_t))
         ? 1
         : -1];

#if TX_MAX_PRIORITIES < 32
#error "TX_MAX_PRIORITIES must be at least 32: rtbench priorities 1..30 map one to one"
#endif

static CHAR obj_name[] = "rtb";

/* A control block is created while its id field is not TX_CLEAR_ID: create
 * sets the object's id, delete clears it, and static storage starts at 0.
 * Creating a created object again would link it twice into ThreadX's list of
 * created objects (without error checking nothing refuses it), so an init
 * of a created object deletes it first: the contract has no destroy call. */

/* ---- failures and the native code behind RTB_ERR_PORT -------------------------- */

static int isr_errno;

static struct rtb_thread *tx_self(void)
{
    /* every thread that calls the contract was created by this adapter, and
     * its TX_THREAD is the first member of its struct rtb_thread */
    return (struct rtb_thread *)(void *)tx_thread_identify();
}

/* A failed ThreadX call -> the rtb_err; RTB_ERR_PORT keeps the status for
 * rtb_port_errno(). Out of line: the success paths stay short. */
static __attribute__((noinline)) int tx_fail(UINT status, int nowait)
{
    int rc = rtb_tx_status(status, nowait);
    struct rtb_thread *t;

    if (rc != RTB_ERR_PORT)
        return rc;
    t = rtb_cm_in_handler() ? NULL : tx_self();
    if (t != NULL)
        t->err = (int)status;
    else
        isr_errno = (int)status;
    return rc;
}

#define TX_RESULT(status, nowait) ((status) == TX_SUCCESS ? RTB_OK : tx_fail((status), (nowait)))

int rtb_port_errno(void)
{
    struct rtb_thread *t = rtb_cm_in_handler() ? NULL : tx_self();

    return t != NULL ? t->err : isr_errno;
}

/* Microseconds -> ticks. RTB_NO_WAIT is TX_NO_WAIT (0) and RTB_FOREVER, as
 * a ULONG, TX_WAIT_FOREVER: both pass unchanged. */
#define TX_TIMEOUT_SPECIAL(us) ((uint32_t)(us) + 1u <= 1u)

static __attribute__((noinline)) ULONG tx_ticks_finite(rtb_timeout_t us)
{
    uint32_t t = 0;

    (void)rtb_ad_ticks(us, TX_TIMER_TICKS_PER_SECOND, (uint32_t)TX_WAIT_FOREVER, &t);
    return (ULONG)t;
}

static inline ULONG tx_ticks(rtb_timeout_t us)
{
    return TX_TIMEOUT_SPECIAL(us) ? (ULONG)us : tx_ticks_finite(us);
}

#define TX_TIMEOUT_OK(us) ((us) >= RTB_FOREVER)

/* A call that may wait, made from the software interrupt: refused with
 * RTB_ERR_PERM before it reaches the kernel. Without TX_DISABLE_ERROR_CHECKING
 * ThreadX refuses it itself (TX_WAIT_ERROR); without the checks the kernel
 * would suspend the interrupted thread. */
#define TX_WAIT_IN_ISR(us) ((us) != RTB_NO_WAIT && rtb_cm_in_handler())

/* ---- capabilities ------------------------------------------------------------------ */

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    const char *why = NULL;

    switch (cap) {
    case RTB_CAP_THREAD_COOP:
#ifdef TX_DISABLE_PREEMPTION_THRESHOLD
        why = "ThreadX built with TX_DISABLE_PREEMPTION_THRESHOLD: no non-preemptible threads";
#endif
        break;
    case RTB_CAP_CONDVAR:
        why = "ThreadX has no condition variable";
        break;
    case RTB_CAP_QUEUE_ALLOC:
        why = "ThreadX queues copy the message into their own storage: a put allocates no link";
        break;
    default:
        break;
    }
    return rtb_ad_has(cap, why, why_not);
}

/* ---- threads ------------------------------------------------------------------------- */

/* FREE never created or joined; CREATED (TX_DONT_START); RUNNING started;
 * ENDED its entry returned (TX_COMPLETED); ABORTED terminated by
 * rtb_thread_abort. Join deletes the thread in every state but FREE. */
enum rtb_tx_tstate { TX_ST_FREE = 0, TX_ST_CREATED, TX_ST_RUNNING, TX_ST_ENDED, TX_ST_ABORTED };

static void tx_trampoline(ULONG p)
{
    struct rtb_thread *t = (struct rtb_thread *)(uintptr_t)p;

    t->entry(t->arg);
    t->state = TX_ST_ENDED;
    (void)tx_semaphore_put(&t->done); /* returning makes the thread TX_COMPLETED */
}

static int tx_thread_make(struct rtb_thread *t, const char *name, rtb_entry_t entry, void *arg,
                          unsigned kprio, unsigned coop, void *stack, size_t stack_bytes,
                          UINT start)
{
    UINT st;

    if (t->tx.tx_thread_id != TX_CLEAR_ID)
        return RTB_ERR_STATE; /* created and not joined */
    st = tx_semaphore_create(&t->done, obj_name, 0);
    if (st != TX_SUCCESS)
        return tx_fail(st, 0);
    t->entry = entry;
    t->arg = arg;
    t->coop = (uint8_t)coop;
    t->err = 0;
    t->state = start ? TX_ST_RUNNING : TX_ST_CREATED;
    st = tx_thread_create(&t->tx, name ? (CHAR *)(uintptr_t)name : obj_name, tx_trampoline,
                          (ULONG)(uintptr_t)t, stack, (ULONG)stack_bytes, kprio, coop ? 0u : kprio,
                          TX_NO_TIME_SLICE, start);
    if (st != TX_SUCCESS) {
        t->state = TX_ST_FREE;
        (void)tx_semaphore_delete(&t->done);
        return tx_fail(st, 0);
    }
    return RTB_OK;
}

int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    unsigned kp;

    if (t == NULL || entry == NULL || stack == NULL || stack_bytes < TX_MINIMUM_STACK ||
        rtb_tx_prio(prio, TX_MAX_PRIORITIES, &kp) < 0 || (flags & ~RTB_THREAD_COOP) != 0)
        return RTB_ERR_INVAL;
#ifdef TX_DISABLE_PREEMPTION_THRESHOLD
    if (flags & RTB_THREAD_COOP)
        return RTB_ERR_NOTSUP;
#endif
    return tx_thread_make(t, name, entry, arg, kp, (flags & RTB_THREAD_COOP) != 0, stack,
                          stack_bytes, TX_DONT_START);
}

int rtb_thread_start(rtb_thread_t *t)
{
    UINT st;

    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->state != TX_ST_CREATED)
        return RTB_ERR_STATE;
    t->state = TX_ST_RUNNING; /* before: a more urgent thread runs (and may end) inside */
    st = tx_thread_resume(&t->tx);
    return TX_RESULT(st, 0);
}

int rtb_thread_suspend(rtb_thread_t *t)
{
    UINT st = tx_thread_suspend(t ? &t->tx : tx_thread_identify());

    return TX_RESULT(st, 0);
}

int rtb_thread_resume(rtb_thread_t *t)
{
    UINT st;

    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->state != TX_ST_RUNNING)
        return RTB_ERR_STATE;      /* tx_thread_resume would start a created one */
    st = tx_thread_resume(&t->tx); /* TX_RESUME_ERROR: not suspended */
    return TX_RESULT(st, 0);
}

int rtb_thread_abort(rtb_thread_t *t)
{
    UINT st;

    if (t == NULL)
        t = tx_self();
    if (t->state == TX_ST_FREE || t->state == TX_ST_ABORTED)
        return RTB_ERR_STATE;
    t->state = TX_ST_ABORTED;         /* before: terminating the caller does not return */
    st = tx_thread_terminate(&t->tx); /* any state; a completed thread: success */
    return TX_RESULT(st, 0);
}

int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout)
{
    UINT st;

    if (t == NULL || !TX_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (t->state == TX_ST_FREE || t->state == TX_ST_CREATED || t == tx_self())
        return RTB_ERR_STATE; /* never started: nothing will end it */
    if (TX_WAIT_IN_ISR(timeout))
        return RTB_ERR_PERM;
    if (t->state != TX_ST_ABORTED) {
        st = tx_semaphore_get(&t->done, tx_ticks(timeout));
        if (st != TX_SUCCESS && t->state != TX_ST_ABORTED)
            return tx_fail(st, timeout == RTB_NO_WAIT);
        /* put as its last act: it may not have returned yet (a less urgent
         * joiner would have let it); terminate finishes it */
        st = tx_thread_terminate(&t->tx);
        if (st != TX_SUCCESS)
            return tx_fail(st, 0);
    }
    st = tx_thread_delete(&t->tx);
    if (st != TX_SUCCESS)
        return tx_fail(st, 0);
    (void)tx_semaphore_delete(&t->done);
    t->state = TX_ST_FREE;
    return RTB_OK;
}

void rtb_thread_yield(void)
{
    tx_thread_relinquish();
}

int rtb_thread_set_prio(rtb_thread_t *t, int prio)
{
    unsigned kp;
    UINT old, st;

    if (rtb_tx_prio(prio, TX_MAX_PRIORITIES, &kp) < 0)
        return RTB_ERR_INVAL;
    if (t == NULL)
        t = tx_self();
    if (t->state == TX_ST_FREE)
        return RTB_ERR_STATE;
    /* also sets the preemption-threshold to the new priority */
    st = tx_thread_priority_change(&t->tx, kp, &old);
#ifndef TX_DISABLE_PREEMPTION_THRESHOLD
    if (st == TX_SUCCESS && t->coop)
        st = tx_thread_preemption_change(&t->tx, 0, &old);
#endif
    return TX_RESULT(st, 0);
}

int rtb_sleep_us(uint32_t us)
{
    ULONG tk = rtb_ad_sleep_ticks(us, TX_TIMER_TICKS_PER_SECOND, (uint32_t)TX_WAIT_FOREVER);
    UINT st;

    if (tk == 0) {
        if (rtb_cm_in_handler())
            return RTB_ERR_PERM;
        tx_thread_relinquish();
        return RTB_OK;
    }
    st = tx_thread_sleep(tk); /* from a handler: TX_CALLER_ERROR, RTB_ERR_PERM */
    return TX_RESULT(st, 0);
}

/* ---- counting semaphores ------------------------------------------------------------------- */

int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    UINT st;

    if (s == NULL || limit == 0 || initial > limit)
        return RTB_ERR_INVAL;
    if (s->tx.tx_semaphore_id != TX_CLEAR_ID)
        (void)tx_semaphore_delete(&s->tx); /* init again: the contract has no destroy */
    s->limit = limit;
    st = tx_semaphore_create(&s->tx, obj_name, initial);
    return TX_RESULT(st, 0);
}

int rtb_sem_give(rtb_sem_t *s)
{
    /* TX_CEILING_EXCEEDED at the limit */
    UINT st = tx_semaphore_ceiling_put(&s->tx, s->limit);

    return TX_RESULT(st, 0);
}

static __attribute__((noinline)) int sem_take_wait(rtb_sem_t *s, rtb_timeout_t timeout)
{
    UINT st;

    if (!TX_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return RTB_ERR_PERM;
    st = tx_semaphore_get(&s->tx, tx_ticks(timeout));
    return TX_RESULT(st, 0);
}

int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    UINT st;

    if (timeout != RTB_NO_WAIT)
        return sem_take_wait(s, timeout);
    st = tx_semaphore_get(&s->tx, TX_NO_WAIT);
    return TX_RESULT(st, 1);
}

/* ---- mutexes ---------------------------------------------------------------------------- */

int rtb_mutex_init(rtb_mutex_t *m)
{
    UINT st;

    if (m == NULL)
        return RTB_ERR_INVAL;
    if (m->tx.tx_mutex_id != TX_CLEAR_ID)
        (void)tx_mutex_delete(&m->tx);
    st = tx_mutex_create(&m->tx, obj_name, TX_INHERIT);
    return TX_RESULT(st, 0);
}

static __attribute__((noinline)) int mutex_lock_wait(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    UINT st;

    if (!TX_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return RTB_ERR_PERM;
    st = tx_mutex_get(&m->tx, tx_ticks(timeout));
    return TX_RESULT(st, 0);
}

int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    UINT st;

    if (timeout != RTB_NO_WAIT)
        return mutex_lock_wait(m, timeout);
    st = tx_mutex_get(&m->tx, TX_NO_WAIT);
    return TX_RESULT(st, 1);
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    UINT st = tx_mutex_put(&m->tx); /* TX_NOT_OWNED */

    return TX_RESULT(st, 0);
}

/* ---- condition variables: none in ThreadX (../common/absent_condvar.c) ------------------- */

/* ---- event flags ------------------------------------------------------------------------- */

int rtb_events_init(rtb_events_t *e)
{
    UINT st;

    if (e == NULL)
        return RTB_ERR_INVAL;
    if (e->tx.tx_event_flags_group_id != TX_CLEAR_ID)
        (void)tx_event_flags_delete(&e->tx);
    st = tx_event_flags_create(&e->tx, obj_name);
    return TX_RESULT(st, 0);
}

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    UINT st = tx_event_flags_set(&e->tx, bits, TX_OR);

    return TX_RESULT(st, 0);
}

/* Replace: AND keeps only `bits` (and wakes nobody), then OR sets them all
 * and wakes the waiters. */
int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    UINT st = tx_event_flags_set(&e->tx, bits, TX_AND);

    if (st == TX_SUCCESS)
        st = tx_event_flags_set(&e->tx, bits, TX_OR);
    return TX_RESULT(st, 0);
}

int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    UINT st = tx_event_flags_set(&e->tx, ~bits, TX_AND);

    return TX_RESULT(st, 0);
}

int rtb_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_timeout_t timeout,
                    uint32_t *matched)
{
    ULONG actual;
    UINT st;

    if (rtb_cm_in_handler() && timeout != RTB_NO_WAIT)
        return RTB_ERR_PERM;
    if (bits == 0 || mode > RTB_EVENTS_ALL || !TX_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    /* RTB_EVENTS_ALL (1) * 2 = TX_AND, RTB_EVENTS_ANY (0) = TX_OR */
    st = tx_event_flags_get(&e->tx, bits, mode * 2u, &actual, tx_ticks(timeout));
    if (st != TX_SUCCESS)
        return tx_fail(st, timeout == RTB_NO_WAIT);
    if (matched)
        *matched = (uint32_t)actual & bits;
    return RTB_OK;
}

/* ---- FIFO, LIFO and stack: one-word queues; message queues ----------------------------- */

static int queue_make(TX_QUEUE *q, UINT words, void *storage, ULONG bytes)
{
    UINT st;

    if (q->tx_queue_id != TX_CLEAR_ID)
        (void)tx_queue_delete(q);
    st = tx_queue_create(q, obj_name, words, storage, bytes);
    return TX_RESULT(st, 0);
}

/* A put that may not wait: a full queue is RTB_ERR_OVERFLOW. */
static inline int queue_put_result(UINT st)
{
    if (st == TX_SUCCESS)
        return RTB_OK;
    return st == TX_QUEUE_FULL ? RTB_ERR_OVERFLOW : tx_fail(st, 1);
}

static __attribute__((noinline)) int queue_get_wait(TX_QUEUE *q, void *item, rtb_timeout_t timeout)
{
    UINT st;

    if (!TX_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return RTB_ERR_PERM;
    st = tx_queue_receive(q, item, tx_ticks(timeout));
    return TX_RESULT(st, 0);
}

static inline int queue_get(TX_QUEUE *q, void *item, rtb_timeout_t timeout)
{
    UINT st;

    if (timeout != RTB_NO_WAIT)
        return queue_get_wait(q, item, timeout);
    st = tx_queue_receive(q, item, TX_NO_WAIT);
    return TX_RESULT(st, 1);
}

int rtb_fifo_init(rtb_fifo_t *q)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    return queue_make(&q->tx, TX_1_ULONG, q->slot, sizeof q->slot);
}

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    return queue_put_result(tx_queue_send(&q->tx, &item, TX_NO_WAIT));
}

int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

int rtb_fifo_get(rtb_fifo_t *q, void **item, rtb_timeout_t timeout)
{
    return queue_get(&q->tx, item, timeout);
}

int rtb_lifo_init(rtb_lifo_t *q)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    return queue_make(&q->tx, TX_1_ULONG, q->slot, sizeof q->slot);
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    return queue_put_result(tx_queue_front_send(&q->tx, &item, TX_NO_WAIT));
}

int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_get(rtb_lifo_t *q, void **item, rtb_timeout_t timeout)
{
    return queue_get(&q->tx, item, timeout);
}

int rtb_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    if (s == NULL || buf == NULL || capacity == 0)
        return RTB_ERR_INVAL;
    return queue_make(&s->tx, TX_1_ULONG, buf, (ULONG)capacity * sizeof(ULONG));
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    return queue_put_result(tx_queue_front_send(&s->tx, &value, TX_NO_WAIT));
}

int rtb_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_timeout_t timeout)
{
    return queue_get(&s->tx, value, timeout);
}

int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    unsigned words;

    if (q == NULL || buf == NULL || max_msgs == 0 || ((uintptr_t)buf & 3u) != 0 ||
        rtb_tx_msg_words(msg_size, &words) < 0)
        return RTB_ERR_INVAL;
    return queue_make(&q->tx, words, buf, (ULONG)(msg_size * max_msgs));
}

int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    UINT st;

    if (!TX_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (TX_WAIT_IN_ISR(timeout))
        return RTB_ERR_PERM; /* ThreadX: only TX_NO_WAIT from an interrupt */
    st = tx_queue_send(&q->tx, (VOID *)(uintptr_t)msg, tx_ticks(timeout));
    return TX_RESULT(st, timeout == RTB_NO_WAIT);
}

int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    return queue_get(&q->tx, msg, timeout);
}

/* ---- interrupt lock: tx_interrupt_control -------------------------------------------------
 * tx_interrupt_control(TX_INT_DISABLE) returns the posture it replaced and
 * tx_interrupt_control(key) puts it back, so locks nest. On the Cortex-M ports it is
 * PRIMASK (BASEPRI only when built with TX_PORT_USE_BASEPRI, which tx_user.h does not
 * set), as ThreadX's own TX_DISABLE: SysTick, PendSV and the software interrupt. */
unsigned rtb_irq_lock(void)
{
    return (unsigned)tx_interrupt_control(TX_INT_DISABLE);
}

void rtb_irq_unlock(unsigned key)
{
    (void)tx_interrupt_control((UINT)key);
}

/* ---- heap: a ThreadX byte pool ------------------------------------------------------------ */

static TX_BYTE_POOL heap_pool;
static ULONG heap_mem[RTB_TX_HEAP_BYTES / sizeof(ULONG)];

int rtb_tx_heap_init(void)
{
    UINT st = tx_byte_pool_create(&heap_pool, obj_name, heap_mem, sizeof heap_mem);

    return TX_RESULT(st, 0);
}

void *rtb_malloc(size_t bytes)
{
    VOID *p = NULL;

    if (tx_byte_allocate(&heap_pool, &p, (ULONG)bytes, TX_NO_WAIT) != TX_SUCCESS)
        return NULL;
    return p;
}

void rtb_free(void *p)
{
    if (p != NULL)
        (void)tx_byte_release(p);
}

/* ---- identity, console, exit ------------------------------------------------------------- */

#define TX_STR2(x) #x
#define TX_STR(x) TX_STR2(x)
static char sched_desc[256];
static struct rtb_port_info info = {
    "threadx",
    "ThreadX",
    TX_STR(THREADX_MAJOR_VERSION) "." TX_STR(THREADX_MINOR_VERSION) "." TX_STR(
        THREADX_PATCH_VERSION),
    "",
    "",
    sched_desc,
};

void rtb_tx_info_init(void)
{
    char *p = sched_desc, *end = sched_desc + sizeof sched_desc - 1;

    info.board = rtb_cm_board_name();
    info.cpu = rtb_cm_cpu_name();
    p = rtb_ad_puts(p, end, "prio-preemptive/");
    p = rtb_ad_putu(p, end, TX_MAX_PRIORITIES);
    p = rtb_ad_puts(p, end, " no-timeslice primask tick=");
    p = rtb_ad_putu(p, end, TX_TIMER_TICKS_PER_SECOND);
    p = rtb_ad_puts(p, end,
                    "Hz heap=tx_byte_allocate fifo=tx_queue_send "
                    "lifo=tx_queue_front_send stack=tx_queue_front_send queue-depth=");
    p = rtb_ad_putu(p, end, RTB_TX_QUEUE_DEPTH);
#ifndef TX_DISABLE_PREEMPTION_THRESHOLD
    p = rtb_ad_puts(p, end, " coop=preemption-threshold-0");
#endif
    rtb_ad_sched_end(p, end);
}

const struct rtb_port_info *rtb_port_info(void)
{
    return &info;
}

/* rtb_port_write, rtb_port_exit: ../adapter/rtb_ad_cm.c */

/* ---- the runner's thread (from tx_application_define) ------------------------------------- */

static struct rtb_thread main_thread;

int rtb_tx_create_main(void)
{
    unsigned kp;
    int rc = rtb_tx_prio(RTB_PRIO_MAIN, TX_MAX_PRIORITIES, &kp);

    if (rc == 0)
        rc = tx_thread_make(&main_thread, "rtb-main", rtb_ad_main_entry, NULL, kp, 0,
                            rtb_ad_main_stack, sizeof rtb_ad_main_stack, TX_AUTO_START);
    return rc;
}
