/*
 * rtbench ThreadX adapter - the porting contract (rtb/port.h) over the
 * Eclipse ThreadX API (checked with ThreadX 6.4.2), on the Cortex-M board
 * support: the calls that have no rule shared with the other adapters. The
 * shared rules (thread states, timeouts, argument checks) are the adapter
 * core's (../adapter/rtb_core.c) over this kernel's hooks (rtb_kernel.h);
 * the start-up glue (main, _tx_initialize_low_level, the SysTick tick,
 * tx_application_define) is startup_threadx.c; the kernel-independent
 * translations are rtb_tx_map.c and ../adapter/rtb_adapter.c.
 *
 * What ThreadX lacks is n/a (condition variables, a put that allocates a link);
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
#include "rtb_kernel.h"

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

CHAR rtb_tx_obj_name[] = "rtb";

/* ---- capabilities ------------------------------------------------------------------ */

#ifdef TX_DISABLE_PREEMPTION_THRESHOLD
#define TX_COOP_WHY "ThreadX built with TX_DISABLE_PREEMPTION_THRESHOLD: no non-preemptible threads"
#else
#define TX_COOP_WHY NULL /* preemption-threshold 0 */
#endif

static const struct rtb_ad_lack tx_lacks[] = {
    {RTB_CAP_THREAD_COOP, TX_COOP_WHY},
    {RTB_CAP_CONDVAR, "ThreadX has no condition variable"},
    {RTB_CAP_QUEUE_ALLOC,
     "ThreadX queues copy the message into their own storage: a put allocates no link"},
};

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    return rtb_ad_has_table(cap, tx_lacks, sizeof tx_lacks / sizeof tx_lacks[0], why_not);
}

void rtb_thread_yield(void)
{
    tx_thread_relinquish();
}

/* ---- counting semaphores ------------------------------------------------------------------- */

int rtb_sem_give(rtb_sem_t *s)
{
    /* TX_CEILING_EXCEEDED at the limit */
    UINT st = tx_semaphore_ceiling_put(&s->tx, s->limit);

    return tx_result(st, 0);
}

/* ---- mutexes ---------------------------------------------------------------------------- */

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    UINT st = tx_mutex_put(&m->tx); /* TX_NOT_OWNED */

    return tx_result(st, 0);
}

/* ---- condition variables: none in ThreadX (../common/absent_condvar.c) ------------------- */

/* ---- event flags ------------------------------------------------------------------------- */

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    UINT st = tx_event_flags_set(&e->tx, bits, TX_OR);

    return tx_result(st, 0);
}

/* Replace: AND keeps only `bits` (and wakes nobody), then OR sets them all
 * and wakes the waiters. */
int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    UINT st = tx_event_flags_set(&e->tx, bits, TX_AND);

    if (st == TX_SUCCESS)
        st = tx_event_flags_set(&e->tx, bits, TX_OR);
    return tx_result(st, 0);
}

int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    UINT st = tx_event_flags_set(&e->tx, ~bits, TX_AND);

    return tx_result(st, 0);
}

/* ---- FIFO, LIFO and stack: one-word queues; message queues ----------------------------- */

/* A put that may not wait: a full queue is RTB_ERR_OVERFLOW. */
static inline int queue_put_result(UINT st)
{
    if (st == TX_SUCCESS)
        return RTB_OK;
    return st == TX_QUEUE_FULL ? RTB_ERR_OVERFLOW : tx_fail(st, 1);
}

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    return queue_put_result(tx_queue_send(&q->tx, &item, TX_NO_WAIT));
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    return queue_put_result(tx_queue_front_send(&q->tx, &item, TX_NO_WAIT));
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    return queue_put_result(tx_queue_front_send(&s->tx, &value, TX_NO_WAIT));
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
    UINT st = tx_byte_pool_create(&heap_pool, rtb_tx_obj_name, heap_mem, sizeof heap_mem);

    return tx_result(st, 0);
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

void rtb_tx_info_init(void)
{
    static const struct rtb_ad_text sched[] = {
        {"prio-preemptive/", TX_MAX_PRIORITIES},
        {" no-timeslice primask tick=", TX_TIMER_TICKS_PER_SECOND},
        {"Hz heap=tx_byte_allocate fifo=tx_queue_send lifo=tx_queue_front_send "
         "stack=tx_queue_front_send queue-depth=",
         RTB_TX_QUEUE_DEPTH},
#ifndef TX_DISABLE_PREEMPTION_THRESHOLD
        {" coop=preemption-threshold-0", RTB_AD_NO_VALUE},
#endif
    };

    rtb_ad_info_init("threadx", "ThreadX",
                     TX_STR(THREADX_MAJOR_VERSION) "." TX_STR(THREADX_MINOR_VERSION) "." TX_STR(
                         THREADX_PATCH_VERSION),
                     sched, sizeof sched / sizeof sched[0]);
}

/* rtb_port_info, rtb_port_write, rtb_port_exit: ../adapter/rtb_ad_cm.c */
