/*
 * rtbench Zephyr adapter - the porting contract (rtb/port.h) over Zephyr's
 * kernel API (checked with Zephyr 4.3.0): threads, semaphores, mutexes,
 * condition variables, event flags, the heap, the interrupt lock, the
 * identity. The queues (k_fifo, k_lifo, k_stack, k_msgq) are
 * port_zephyr_queues.c, the start-up and the software interrupt's vector
 * startup_zephyr.c; the kernel-independent translations ../adapter/rtb_adapter.c.
 *
 * Zephyr has every object of the contract; what differs is said where it
 * is done: a semaphore's give at its limit succeeds silently in Zephyr (the
 * adapter refuses it), k_thread_resume of a thread that is not suspended does
 * nothing (the adapter refuses it), a call that may wait is refused from the
 * handler before it reaches the kernel (Zephyr asserts, and without asserts
 * would block the interrupted thread).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include <zephyr/kernel.h>
#include <zephyr/version.h>

#include "board.h"
#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb/timer.h"
#include "rtb_ad_cm.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_zp_port.h"

#if CONFIG_NUM_PREEMPT_PRIORITIES < RTB_ZP_PRIO_BASE + 1 ||                                        \
    CONFIG_NUM_COOP_PRIORITIES < RTB_PRIO_MAX
#error "rtbench needs CONFIG_NUM_PREEMPT_PRIORITIES >= 31 and CONFIG_NUM_COOP_PRIORITIES >= 30"
#endif
#ifdef CONFIG_TIMESLICING
#error "rtbench measures without time slicing: CONFIG_TIMESLICING=n (prj.conf)"
#endif

/* ---- failures and the native code behind RTB_ERR_PORT ------------------------------ */

static int isr_errno;
k_tid_t rtb_zp_boot_thread; /* Zephyr's main thread: not one of the adapter's */

/* The adapter's thread that runs now, or NULL in a handler or in main(). */
static struct rtb_thread *zp_self(void)
{
    k_tid_t k = k_current_get();

    if (k_is_in_isr() || k == rtb_zp_boot_thread)
        return NULL;
    return CONTAINER_OF(k, struct rtb_thread, k);
}

/* Out of line: the success paths stay short. */
__attribute__((noinline)) int rtb_zp_fail(int rc, int nowait)
{
    struct rtb_thread *t;

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
        break;
    }
    t = zp_self();
    if (t != NULL)
        t->err = rc;
    else
        isr_errno = rc;
    return RTB_ERR_PORT;
}

int rtb_port_errno(void)
{
    struct rtb_thread *t = zp_self();

    return t != NULL ? t->err : isr_errno;
}

/* ---- capabilities ------------------------------------------------------------------- */

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    const char *why = NULL;

    switch (cap) {
    case RTB_CAP_QUEUE_ALLOC:
#if CONFIG_HEAP_MEM_POOL_SIZE == 0
        why = "Zephyr built without a system heap (CONFIG_HEAP_MEM_POOL_SIZE=0): k_fifo_alloc_put "
              "has no pool";
#endif
        break;
    case RTB_CAP_HEAP:
#if CONFIG_HEAP_MEM_POOL_SIZE == 0
        why = "Zephyr built without a system heap (CONFIG_HEAP_MEM_POOL_SIZE=0): no k_malloc";
#endif
        break;
    default:
        break;
    }
    return rtb_ad_has(cap, why, why_not);
}

/* ---- threads ------------------------------------------------------------------------- */

/* FREE never created or joined; CREATED (K_FOREVER); RUNNING started; ENDED
 * its entry returned; ABORTED terminated by rtb_thread_abort. */
enum rtb_zp_tstate { ZP_ST_FREE = 0, ZP_ST_CREATED, ZP_ST_RUNNING, ZP_ST_ENDED, ZP_ST_ABORTED };

static void zp_trampoline(void *p1, void *p2, void *p3)
{
    struct rtb_thread *t = p1;

    (void)p2;
    (void)p3;
    t->entry(t->arg);
    t->state = ZP_ST_ENDED; /* returning to z_thread_entry ends the thread */
}

/* rtbench priority -> Zephyr's: preemptive RTB_ZP_PRIO_BASE..1 (smaller is
 * more urgent), or cooperative -1..-RTB_PRIO_MAX (below every preemptive
 * one: Zephyr runs any ready cooperative thread first). */
static int zp_prio(int prio, unsigned coop, int *kp)
{
    unsigned p;
    int rc = rtb_ad_prio_down(prio, RTB_ZP_PRIO_BASE, 1u, &p);

    if (rc == 0)
        *kp = coop ? -(int)(RTB_ZP_PRIO_BASE + 1u - p) : (int)p;
    return rc;
}

int rtb_zp_thread_make(struct rtb_thread *t, const char *name, rtb_entry_t entry, void *arg, int kp,
                       unsigned coop, void *stack, size_t stack_bytes)
{
    (void)name; /* CONFIG_THREAD_NAME=n */
    if (t->state != ZP_ST_FREE)
        return RTB_ERR_STATE; /* created and not joined */
    t->entry = entry;
    t->arg = arg;
    t->coop = (uint8_t)coop;
    t->err = 0;
    t->state = ZP_ST_CREATED;
    (void)k_thread_create(&t->k, (k_thread_stack_t *)stack, stack_bytes, zp_trampoline, t, NULL,
                          NULL, kp, 0, K_FOREVER);
#if CONFIG_HEAP_MEM_POOL_SIZE > 0
    k_thread_system_pool_assign(&t->k); /* k_fifo_alloc_put's links */
#endif
    return RTB_OK;
}

int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    int kp = 0;
    unsigned coop = (flags & RTB_THREAD_COOP) != 0;

    if (t == NULL || entry == NULL || stack == NULL || stack_bytes < RTB_ZP_MIN_STACK ||
        ((uintptr_t)stack & (ARCH_STACK_PTR_ALIGN - 1u)) != 0 || zp_prio(prio, coop, &kp) < 0 ||
        (flags & ~RTB_THREAD_COOP) != 0)
        return RTB_ERR_INVAL;
    if (k_is_in_isr())
        return RTB_ERR_PERM;
    return rtb_zp_thread_make(t, name, entry, arg, kp, coop, stack, stack_bytes);
}

int rtb_thread_start(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->state != ZP_ST_CREATED)
        return RTB_ERR_STATE;
    t->state = ZP_ST_RUNNING; /* before: a more urgent thread runs (and may end) inside */
    k_thread_start(&t->k);
    return RTB_OK;
}

int rtb_thread_suspend(rtb_thread_t *t)
{
    if (t == NULL) {
        if (zp_self() == NULL)
            return k_is_in_isr() ? RTB_ERR_PERM : RTB_ERR_STATE;
        k_thread_suspend(k_current_get()); /* returns once resumed */
        return RTB_OK;
    }
    if (t->state != ZP_ST_RUNNING)
        return RTB_ERR_STATE;
    k_thread_suspend(&t->k);
    return RTB_OK;
}

int rtb_thread_resume(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    /* k_thread_resume does nothing for a thread that is not suspended; the
     * state bit is Zephyr's (kernel_structs.h), read as its own test does */
    if (t->state != ZP_ST_RUNNING || (t->k.base.thread_state & _THREAD_SUSPENDED) == 0)
        return RTB_ERR_STATE;
    k_thread_resume(&t->k);
    return RTB_OK;
}

int rtb_thread_abort(rtb_thread_t *t)
{
    if (t == NULL)
        t = zp_self();
    if (t == NULL)
        return k_is_in_isr() ? RTB_ERR_PERM : RTB_ERR_STATE;
    if (t->state == ZP_ST_FREE || t->state == ZP_ST_ABORTED)
        return RTB_ERR_STATE;
    t->state = ZP_ST_ABORTED; /* before: aborting the caller does not return */
    k_thread_abort(&t->k);    /* any state, a thread never started too */
    return RTB_OK;
}

int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout)
{
    int rc;

    if (t == NULL || !RTB_ZP_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (t->state == ZP_ST_FREE || t->state == ZP_ST_CREATED || t == zp_self())
        return RTB_ERR_STATE; /* never started: nothing will end it */
    if (RTB_ZP_WAIT_IN_ISR(timeout))
        return RTB_ERR_PERM;
    rc = k_thread_join(&t->k, rtb_zp_timeout(timeout));
    if (rc != 0)
        return rtb_zp_fail(rc, timeout == RTB_NO_WAIT);
    t->state = ZP_ST_FREE;
    return RTB_OK;
}

void rtb_thread_yield(void)
{
    k_yield();
}

int rtb_thread_set_prio(rtb_thread_t *t, int prio)
{
    int kp = 0;

    if (t == NULL)
        t = zp_self();
    if (t == NULL)
        return RTB_ERR_STATE;
    if (zp_prio(prio, t->coop, &kp) < 0)
        return RTB_ERR_INVAL;
    if (t->state == ZP_ST_FREE || t->state == ZP_ST_ENDED || t->state == ZP_ST_ABORTED)
        return RTB_ERR_STATE;
    k_thread_priority_set(&t->k, kp);
    return RTB_OK;
}

int rtb_sleep_us(uint32_t us)
{
    if (k_is_in_isr())
        return RTB_ERR_PERM;
    if (us == 0)
        k_yield();
    else
        (void)k_sleep(K_USEC(us)); /* rounded up to the tick, plus one (Zephyr's timeouts) */
    return RTB_OK;
}

/* ---- counting semaphores ----------------------------------------------------------------- */

int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    int rc;

    if (s == NULL || limit == 0 || initial > limit || limit > K_SEM_MAX_LIMIT)
        return RTB_ERR_INVAL;
    s->limit = limit;
    rc = k_sem_init(&s->k, initial, limit);
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, 0);
}

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

static __attribute__((noinline)) int sem_take_wait(rtb_sem_t *s, rtb_timeout_t timeout)
{
    int rc;

    if (!RTB_ZP_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (k_is_in_isr())
        return RTB_ERR_PERM;
    rc = k_sem_take(&s->k, rtb_zp_timeout(timeout));
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, 0);
}

int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    int rc;

    if (timeout != RTB_NO_WAIT)
        return sem_take_wait(s, timeout);
    rc = k_sem_take(&s->k, K_NO_WAIT);
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, 1);
}

/* ---- mutexes: k_mutex is recursive and inherits priority ----------------------------------- */

int rtb_mutex_init(rtb_mutex_t *m)
{
    int rc;

    if (m == NULL)
        return RTB_ERR_INVAL;
    rc = k_mutex_init(&m->k);
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, 0);
}

int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    int rc;

    if (!RTB_ZP_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (k_is_in_isr())
        return RTB_ERR_PERM; /* a mutex belongs to a thread, even with K_NO_WAIT */
    rc = k_mutex_lock(&m->k, rtb_zp_timeout(timeout));
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, timeout == RTB_NO_WAIT);
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    int rc;

    if (k_is_in_isr())
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
    int rc;

    if (c == NULL || m == NULL || !RTB_ZP_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (k_is_in_isr())
        return RTB_ERR_PERM;
    rc = k_condvar_wait(&c->k, &m->k, rtb_zp_timeout(timeout));
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, timeout == RTB_NO_WAIT);
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

int rtb_events_init(rtb_events_t *e)
{
    if (e == NULL)
        return RTB_ERR_INVAL;
    k_event_init(&e->k);
    return RTB_OK;
}

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

int rtb_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_timeout_t timeout,
                    uint32_t *matched)
{
    uint32_t got;

    if (bits == 0 || mode > RTB_EVENTS_ALL || !RTB_ZP_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (RTB_ZP_WAIT_IN_ISR(timeout))
        return RTB_ERR_PERM;
    /* reset false: the contract's wait does not clear; 0 is "not satisfied" */
    if (mode == RTB_EVENTS_ALL)
        got = k_event_wait_all(&e->k, bits, false, rtb_zp_timeout(timeout));
    else
        got = k_event_wait(&e->k, bits, false, rtb_zp_timeout(timeout));
    if (got == 0)
        return timeout == RTB_NO_WAIT ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    if (matched)
        *matched = got & bits;
    return RTB_OK;
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

static char sched_desc[256];
static struct rtb_port_info info = {
    "zephyr", "Zephyr", KERNEL_VERSION_STRING, "", "", sched_desc,
};

void rtb_zp_info_init(void)
{
    char *p = sched_desc, *end = sched_desc + sizeof sched_desc - 1;

    info.board = rtb_cm_board_name();
    info.cpu = rtb_cm_cpu_name();
    p = rtb_ad_puts(p, end, "prio-preemptive/");
    p = rtb_ad_putu(p, end, CONFIG_NUM_PREEMPT_PRIORITIES);
    p = rtb_ad_puts(p, end, " coop/");
    p = rtb_ad_putu(p, end, CONFIG_NUM_COOP_PRIORITIES);
    p = rtb_ad_puts(p, end, " no-timeslice ");
#if defined(CONFIG_ARMV6_M_ARMV8_M_BASELINE)
    p = rtb_ad_puts(p, end, "primask");
#else
    p = rtb_ad_puts(p, end, "basepri");
#endif
    p = rtb_ad_puts(p, end, " tick=");
    p = rtb_ad_putu(p, end, CONFIG_SYS_CLOCK_TICKS_PER_SEC);
    p = rtb_ad_puts(p, end,
                    "Hz heap=k_malloc fifo=k_fifo lifo=k_lifo stack=k_stack msgq=k_msgq "
                    "swirq=IRQ_CONNECT/");
    p = rtb_ad_putu(p, end, RTB_CM_SWIRQ);
    rtb_ad_sched_end(p, end);
}

const struct rtb_port_info *rtb_port_info(void)
{
    return &info;
}

/* rtb_port_write: startup_zephyr.c; rtb_port_exit: ../adapter/rtb_ad_cm.c */
