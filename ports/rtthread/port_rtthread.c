/*
 * rtbench RT-Thread adapter - the porting contract (rtb/port.h) over the
 * RT-Thread kernel API (checked with RT-Thread Nano 3.1.5), on the Cortex-M
 * board support. The start-up glue (main, the SysTick tick, the heap, the
 * software interrupt's rt_interrupt_enter/leave) is startup_rtthread.c; the
 * kernel-independent translations are rtb_rt_map.c and
 * ../adapter/rtb_adapter.c.
 *
 * The shared rules (thread states, timeouts, argument checks) are the
 * adapter core's (../adapter/rtb_core.c) over this kernel's hooks
 * (rtb_kernel.h); this file has the calls that have no rule shared with the
 * other adapters. What RT-Thread lacks is n/a (condition variables,
 * non-preemptible threads, a put that allocates a link); the FIFO is a
 * mailbox, the LIFO and stack are message queues of one word written with
 * rt_mq_urgent, named so in the run header.
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
#include "rtb_kernel.h"

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

const char rtb_rt_obj_name[] = "rtb";

/* ---- capabilities --------------------------------------------------------------------------- */

static const struct rtb_ad_lack rt_lacks[] = {
    {RTB_CAP_THREAD_COOP, "RT-Thread has no non-preemptible thread, only the scheduler lock of "
                          "the whole system (rt_enter_critical)"},
    {RTB_CAP_CONDVAR, "RT-Thread's kernel has no condition variable"},
    {RTB_CAP_QUEUE_ALLOC, "RT-Thread mailboxes and message queues copy the word into their own "
                          "storage: a put allocates no link"},
};

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    return rtb_ad_has_table(cap, rt_lacks, sizeof rt_lacks / sizeof rt_lacks[0], why_not);
}

void rtb_thread_yield(void)
{
    (void)rt_thread_yield(); /* always RT_EOK */
}

/* ---- counting semaphores ------------------------------------------------------------------- */

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
    return rt_result(err, 0);
}

/* ---- mutexes ------------------------------------------------------------------------------ */

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    rt_err_t err;

    /* rt_mutex_release's -RT_ERROR for a caller that is not the owner is
     * the same code as its other failures: the adapter asks first */
    if (rtb_cm_in_handler() || m->rt.owner != rt_thread_self())
        return RTB_ERR_PERM;
    err = rt_mutex_release(&m->rt);
    return rt_result(err, 0);
}

/* ---- condition variables: none in RT-Thread's kernel (../common/absent_condvar.c) ------- */

/* ---- event sets ---------------------------------------------------------------------------- */

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    rt_err_t err;

    if (bits == 0)
        return RTB_OK; /* rt_event_send refuses an empty set: OR of nothing */
    err = rt_event_send(&e->rt, bits);
    return rt_result(err, 0);
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
    return rt_result(err, 0);
}

int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    rt_base_t level = rt_hw_interrupt_disable();

    e->rt.set &= ~bits;
    rt_hw_interrupt_enable(level);
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

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    return queue_put_result(rt_mb_send(&q->rt, (rt_ubase_t)(uintptr_t)item));
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    return queue_put_result(rt_mq_urgent(&q->rt, &item, sizeof item));
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    return queue_put_result(rt_mq_urgent(&s->rt, &value, sizeof value));
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

void rtb_rt_info_init(void)
{
    static char version[16];
    static const struct rtb_ad_text ver[] = {
        {"", RT_VERSION}, {".", RT_SUBVERSION}, {".", RT_REVISION}};
    static const struct rtb_ad_text sched[] = {
        {"prio-preemptive/", RT_THREAD_PRIORITY_MAX},
        {" slice=", RTB_RT_SLICE},
        {" primask tick=", RT_TICK_PER_SECOND},
        {"Hz heap=rt_malloc fifo=rt_mb_send lifo=rt_mq_urgent stack=rt_mq_urgent queue-depth=",
         RTB_RT_QUEUE_DEPTH},
        {" isr=rt_interrupt_enter/leave", RTB_AD_NO_VALUE},
    };

    (void)rtb_ad_join(version, sizeof version, ver, sizeof ver / sizeof ver[0]);
    rtb_ad_info_init("rtthread", "RT-Thread", version, sched, sizeof sched / sizeof sched[0]);
}

/* rtb_port_info, rtb_port_write, rtb_port_exit: ../adapter/rtb_ad_cm.c */
