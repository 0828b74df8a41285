/*
 * rtbench Zephyr adapter - the porting contract (rtb/port.h) over Zephyr's
 * kernel API (checked with Zephyr 4.3.0): the calls that have no rule shared
 * with the other adapters. The shared rules (thread states, timeouts,
 * argument checks, the per-thread native error) are the adapter core's
 * (../adapter/rtb_core.c) over this kernel's hooks (rtb_kernel.h); the
 * start-up and the software interrupt's vector are startup_zephyr.c.
 *
 * Zephyr has every object of the contract, the intrusive FIFO and LIFO and
 * their allocating puts too. Where its API differs from the contract the
 * adapter says so where it bridges it: a semaphore's give at its limit
 * succeeds silently in Zephyr (refused here), a mutex or a wait from the
 * interrupt handler is refused before it reaches the kernel (Zephyr asserts,
 * and without asserts would block the interrupted thread).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include <zephyr/kernel.h>
#include <zephyr/version.h>

#include "board.h"
#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb_ad_cm.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_kernel.h"
#include "rtb_zp_port.h"

#if CONFIG_NUM_PREEMPT_PRIORITIES < RTB_ZP_PRIO_BASE + 1 ||                                        \
    CONFIG_NUM_COOP_PRIORITIES < RTB_ZP_PRIO_BASE
#error "rtbench needs CONFIG_NUM_PREEMPT_PRIORITIES >= 31 and CONFIG_NUM_COOP_PRIORITIES >= 30"
#endif
#ifdef CONFIG_TIMESLICING
#error "rtbench measures without time slicing: CONFIG_TIMESLICING=n (prj.conf)"
#endif

k_tid_t rtb_zp_boot_thread;

/* ---- failures --------------------------------------------------------------------------- */

__attribute__((noinline)) int rtb_zp_fail(int rc, int nowait)
{
    switch (rc) {
    case -EBUSY:  /* k_sem_take, k_mutex_lock, k_stack_pop, k_thread_join: K_NO_WAIT */
    case -ENOMSG: /* k_msgq_put/get: K_NO_WAIT */
        return RTB_ERR_AGAIN;
    case -EAGAIN: /* the wait expired (K_NO_WAIT: nothing to wait for) */
        return nowait ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    case -EPERM:
        return RTB_ERR_PERM;
    case -EINVAL:
        return RTB_ERR_INVAL;
    case -ENOMEM:
        return RTB_ERR_NOMEM;
    case -EDEADLK:
        return RTB_ERR_STATE;
    default:
        return rtb_core_port_error(rc);
    }
}

/* ---- capabilities ------------------------------------------------------------------- */

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    const char *why = NULL;

    switch (cap) {
    case RTB_CAP_QUEUE_ALLOC:
    case RTB_CAP_HEAP:
#if CONFIG_HEAP_MEM_POOL_SIZE == 0
        why = "Zephyr built without a system heap (CONFIG_HEAP_MEM_POOL_SIZE=0)";
#endif
        break;
    default:
        break;
    }
    return rtb_ad_has(cap, why, why_not);
}

/* ---- threads ------------------------------------------------------------------------- */

void rtb_thread_yield(void)
{
    k_yield();
}

/* ---- counting semaphores ----------------------------------------------------------------- */

int rtb_sem_give(rtb_sem_t *s)
{
    /* Zephyr's give at the limit keeps the count and returns nothing: the
     * contract's RTB_ERR_OVERFLOW is the adapter's test of the count first
     * (a give from the interrupt between the test and this thread's give
     * would be absorbed: the suite never gives from both at once) */
    if (k_sem_count_get(&s->k) >= s->limit)
        return RTB_ERR_OVERFLOW;
    k_sem_give(&s->k);
    return RTB_OK;
}

/* ---- mutexes: k_mutex is recursive and inherits priority ----------------------------------- */

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    int rc;

    if (rtb_k_in_isr())
        return RTB_ERR_PERM;
    rc = k_mutex_unlock(&m->k);
    /* -EPERM: another thread owns it; -EINVAL: nobody does */
    return rc == 0 ? RTB_OK : (rc == -EINVAL ? RTB_ERR_PERM : rtb_zp_fail(rc, 0));
}

/* ---- condition variables ----------------------------------------------------------------- */

int rtb_condvar_init(rtb_condvar_t *c)
{
    int rc;

    if (c == NULL)
        return RTB_ERR_INVAL;
    rc = k_condvar_init(&c->k);
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, 0);
}

int rtb_condvar_wait(rtb_condvar_t *c, rtb_mutex_t *m, rtb_timeout_t timeout)
{
    rtb_k_ticks_t tk;

    if (c == NULL || m == NULL || !RTB_CORE_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (rtb_k_in_isr())
        return RTB_ERR_PERM; /* the mutex belongs to a thread */
    tk = RTB_CORE_TICKS(rtb_k_ticks_t, timeout, rtb_k_ticks_finite);
    return ZP_RESULT(k_condvar_wait(&c->k, &m->k, ZP_TMO(tk)), timeout == RTB_NO_WAIT);
}

int rtb_condvar_signal(rtb_condvar_t *c)
{
    int rc = k_condvar_signal(&c->k);

    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, 0);
}

int rtb_condvar_broadcast(rtb_condvar_t *c)
{
    int rc = k_condvar_broadcast(&c->k); /* the number of threads woken */

    return rc >= 0 ? RTB_OK : rtb_zp_fail(rc, 0);
}

/* ---- event flags ------------------------------------------------------------------------- */

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    (void)k_event_post(&e->k, bits); /* the events before: nothing can fail */
    return RTB_OK;
}

int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    (void)k_event_set(&e->k, bits);
    return RTB_OK;
}

int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    (void)k_event_clear(&e->k, bits);
    return RTB_OK;
}

/* ---- the puts of FIFO, LIFO and stack ------------------------------------------------------- */

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    if (item == NULL)
        return RTB_ERR_INVAL;
    k_fifo_put(&q->k, item); /* the item's first word is Zephyr's link */
    return RTB_OK;
}

/* A link from the caller's pool (Zephyr's system heap, assigned to every
 * thread the adapter creates; from a handler, the system heap too). */
int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    return ZP_RESULT(k_fifo_alloc_put(&q->k, data), 1); /* -ENOMEM: no link */
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    if (item == NULL)
        return RTB_ERR_INVAL;
    k_lifo_put(&q->k, item);
    return RTB_OK;
}

int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    return ZP_RESULT(k_lifo_alloc_put(&q->k, data), 1);
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    int rc = k_stack_push(&s->k, (stack_data_t)value);

    /* -ENOMEM: full */
    return rc == 0 ? RTB_OK : (rc == -ENOMEM ? RTB_ERR_OVERFLOW : rtb_zp_fail(rc, 1));
}

/* ---- interrupt lock: irq_lock ----------------------------------------------------------------
 * irq_lock() returns the posture it replaced and irq_unlock(key) puts it back, so
 * locks nest. ARMv7-M / ARMv8-M mainline: BASEPRI at Zephyr's
 * _EXC_IRQ_DEFAULT_PRIO, which covers SysTick, PendSV and every IRQ_CONNECT
 * interrupt (the software interrupt too); ARMv6-M: PRIMASK. What Zephyr's
 * own critical sections (k_spin_lock) do. */
unsigned rtb_irq_lock(void)
{
    return irq_lock();
}

void rtb_irq_unlock(unsigned key)
{
    irq_unlock(key);
}

/* ---- heap: Zephyr's system heap (k_malloc) -------------------------------------------------- */

void *rtb_malloc(size_t bytes)
{
#if CONFIG_HEAP_MEM_POOL_SIZE > 0
    return k_malloc(bytes);
#else
    (void)bytes;
    return NULL;
#endif
}

void rtb_free(void *p)
{
#if CONFIG_HEAP_MEM_POOL_SIZE > 0
    k_free(p); /* NULL: nothing */
#else
    (void)p;
#endif
}

/* ---- identity ------------------------------------------------------------------------------ */

void rtb_zp_info_init(void)
{
    static const struct rtb_ad_text sched[] = {
        {"prio-preemptive/", CONFIG_NUM_PREEMPT_PRIORITIES},
        {" coop/", CONFIG_NUM_COOP_PRIORITIES},
#if defined(CONFIG_ARMV6_M_ARMV8_M_BASELINE)
        {" no-timeslice primask tick=", CONFIG_SYS_CLOCK_TICKS_PER_SEC},
#else
        {" no-timeslice basepri tick=", CONFIG_SYS_CLOCK_TICKS_PER_SEC},
#endif
        {"Hz heap=k_malloc fifo=k_fifo lifo=k_lifo stack=k_stack msgq=k_msgq swirq=IRQ_CONNECT/",
         RTB_CM_SWIRQ},
    };

    rtb_ad_info_init("zephyr", "Zephyr", KERNEL_VERSION_STRING, sched,
                     sizeof sched / sizeof sched[0]);
}

/* rtb_port_info, rtb_port_write, rtb_port_exit: ../adapter/rtb_ad_cm.c */
