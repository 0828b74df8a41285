/*
 * rtbench template port - the documented empty implementation of the
 * porting contract (rtb/port.h).
 *
 * Copy this folder to ports/<yourkernel>/ and replace each body with calls
 * to your kernel. Rules that apply to every function:
 *  - return 0 on success or a negative enum rtb_err; map a kernel failure to
 *    the closest code, or return RTB_ERR_PORT and remember the kernel's own
 *    code for rtb_port_errno(). Never return 0 for a call the kernel refused.
 *  - priorities: RTB_PRIO_MIN..RTB_PRIO_MAX, larger = more urgent; map them
 *    onto the kernel's range (check both ends), RTB_ERR_INVAL outside it.
 *  - timeouts are microseconds: RTB_NO_WAIT never blocks (RTB_ERR_AGAIN when
 *    the object is not available), RTB_FOREVER waits without limit, a finite
 *    wait rounds UP to the kernel's tick and returns RTB_ERR_TIMEOUT on expiry.
 *  - waking a more urgent thread switches to it before the call returns;
 *    from the software interrupt's handler, when the handler returns.
 *  - ISR-safe: only the calls marked so below (give, post/set/clear, puts,
 *    push, msgq_put with RTB_NO_WAIT, rtb_in_isr) may be called from the
 *    handler; every other call is made from threads only.
 *  - a capability you cannot provide: keep the function returning
 *    RTB_ERR_NOTSUP and say why in rtb_port_has(); never emulate a kernel
 *    object the kernel does not have.
 * Here every call returns RTB_ERR_NOTSUP and rtb_port_has() reports nothing,
 * so a run on the template prints n/a for every benchmark.
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/error.h"
#include "rtb/port.h"

/* ---- capabilities ------------------------------------------------------ */

/*
 * 1 if the port has `cap` now; else 0 and *why_not (when non-NULL) a static
 * human reason naming what the KERNEL lacks ("FreeRTOS has no condition
 * variable"), printed after n/a. RTB_CAP_NONE is always 1. RTB_CAP_RT_SCHED
 * is 1 only while strict priority preemption is really in force (e.g. the
 * POSIX port after SCHED_FIFO was granted). Cheap, not called while timing.
 */
int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    if (cap == RTB_CAP_NONE)
        return 1;
    if (why_not != NULL)
        *why_not = "template port";
    return 0;
}

/* ---- threads ----------------------------------------------------------- */

/*
 * Create `t` without running it (it starts in rtb_thread_start). Use
 * `stack`/`stack_bytes` (8-byte aligned, from rtb_stack()) if the kernel
 * takes caller stacks; otherwise honour `stack_bytes` as the size. `flags`
 * may hold RTB_THREAD_COOP (a thread no other thread preempts): without
 * RTB_CAP_THREAD_COOP return RTB_ERR_NOTSUP for it. When `entry` returns the
 * thread terminates and rtb_thread_join() must see it.
 * RTB_ERR_INVAL: NULL t/entry, prio out of range. RTB_ERR_NOMEM: no TCB.
 */
int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    (void)t;
    (void)name;
    (void)entry;
    (void)arg;
    (void)prio;
    (void)flags;
    (void)stack;
    (void)stack_bytes;
    return RTB_ERR_NOTSUP;
}

/* Make a created thread ready; if it is more urgent than the caller the
 * switch happens before this returns. RTB_ERR_STATE if not just created. */
int rtb_thread_start(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

/* Suspend `t` (NULL = caller: returns only after someone resumed it). Needs
 * RTB_CAP_SUSPEND. */
int rtb_thread_suspend(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

/* Resume a suspended thread; switch at once if it is more urgent.
 * RTB_ERR_STATE if it was not suspended. */
int rtb_thread_resume(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

/* Terminate `t` in any state (NULL = caller, never returns). Needs
 * RTB_CAP_ABORT for another thread. Resources are released by join. */
int rtb_thread_abort(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

/* Wait until `t` has terminated, then release what the port holds for it so
 * `t` can be created again. RTB_ERR_TIMEOUT when a finite wait expires. */
int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout)
{
    (void)t;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* Give the CPU to the next ready thread of the same priority, if any. */
void rtb_thread_yield(void) {}

/* Change the priority of `t` (NULL = caller); switch at once if that makes
 * another thread more urgent than the caller. */
int rtb_thread_set_prio(rtb_thread_t *t, int prio)
{
    (void)t;
    (void)prio;
    return RTB_ERR_NOTSUP;
}

/* Sleep at least `us` microseconds (RTB_CAP_SLEEP); round up to the tick. */
int rtb_sleep_us(uint32_t us)
{
    (void)us;
    return RTB_ERR_NOTSUP;
}

/* ---- semaphores -------------------------------------------------------- */

/* Counting semaphore with count `initial` and maximum `limit` (>= 1,
 * initial <= limit, else RTB_ERR_INVAL). Init calls are never timed while
 * another thread uses the object. */
int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    (void)s;
    (void)initial;
    (void)limit;
    return RTB_ERR_NOTSUP;
}

/* ISR-safe. Wake the most urgent waiter, or count up; at the limit return
 * RTB_ERR_OVERFLOW (do not saturate silently). */
int rtb_sem_give(rtb_sem_t *s)
{
    (void)s;
    return RTB_ERR_NOTSUP;
}

/* Take one count, waiting up to `timeout` (RTB_ERR_AGAIN / RTB_ERR_TIMEOUT).
 * Waiters are served most urgent first. */
int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    (void)s;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* ---- mutexes ----------------------------------------------------------- */

/* Recursive mutex, unlocked. */
int rtb_mutex_init(rtb_mutex_t *m)
{
    (void)m;
    return RTB_ERR_NOTSUP;
}

/* Lock (the owner may lock again, each lock needs one unlock). Not ISR-safe. */
int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    (void)m;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* Unlock once; RTB_ERR_PERM if the caller is not the owner. */
int rtb_mutex_unlock(rtb_mutex_t *m)
{
    (void)m;
    return RTB_ERR_NOTSUP;
}

/* ---- condition variables ----------------------------------------------- */

/* A condition variable with no waiters. */
int rtb_condvar_init(rtb_condvar_t *c)
{
    (void)c;
    return RTB_ERR_NOTSUP;
}

/* Atomically release `m` (locked once by the caller) and wait; re-lock `m`
 * before returning, also on RTB_ERR_TIMEOUT. */
int rtb_condvar_wait(rtb_condvar_t *c, rtb_mutex_t *m, rtb_timeout_t timeout)
{
    (void)c;
    (void)m;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* Wake the most urgent waiter (none waiting: no effect, return 0). */
int rtb_condvar_signal(rtb_condvar_t *c)
{
    (void)c;
    return RTB_ERR_NOTSUP;
}

/* Wake all waiters. */
int rtb_condvar_broadcast(rtb_condvar_t *c)
{
    (void)c;
    return RTB_ERR_NOTSUP;
}

/* ---- event flags --------------------------------------------------------- */

/* 32 event bits, all clear. */
int rtb_events_init(rtb_events_t *e)
{
    (void)e;
    return RTB_ERR_NOTSUP;
}

/* ISR-safe: bits |= `bits`; wake every waiter now satisfied. */
int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    (void)e;
    (void)bits;
    return RTB_ERR_NOTSUP;
}

/* ISR-safe: bits = `bits` (replace); wake every waiter now satisfied. */
int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    (void)e;
    (void)bits;
    return RTB_ERR_NOTSUP;
}

/* ISR-safe: bits &= ~`bits`. */
int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    (void)e;
    (void)bits;
    return RTB_ERR_NOTSUP;
}

/* Wait for any (RTB_EVENTS_ANY) or all (RTB_EVENTS_ALL) of `bits`; do not
 * clear them; *matched (if non-NULL) = the bits that satisfied the wait. */
int rtb_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_timeout_t timeout,
                    uint32_t *matched)
{
    (void)e;
    (void)bits;
    (void)mode;
    (void)timeout;
    (void)matched;
    return RTB_ERR_NOTSUP;
}

/* ---- FIFO / LIFO ----------------------------------------------------------- */

/* Intrusive queue: an item begins with struct rtb_qlink, which the port may
 * use as the link while the item is queued. Put is ISR-safe and wakes the
 * most urgent getter. The *_alloc_put variants (RTB_CAP_QUEUE_ALLOC) take
 * any pointer and allocate the link from the kernel's heap (RTB_ERR_NOMEM
 * when none); the get that returns such an item frees the link. */
int rtb_fifo_init(rtb_fifo_t *q)
{
    (void)q;
    return RTB_ERR_NOTSUP;
}

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    (void)q;
    (void)item;
    return RTB_ERR_NOTSUP;
}

int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

/* Oldest item into *item, waiting up to `timeout`. */
int rtb_fifo_get(rtb_fifo_t *q, void **item, rtb_timeout_t timeout)
{
    (void)q;
    (void)item;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_init(rtb_lifo_t *q)
{
    (void)q;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    (void)q;
    (void)item;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

/* Newest item into *item, waiting up to `timeout`. */
int rtb_lifo_get(rtb_lifo_t *q, void **item, rtb_timeout_t timeout)
{
    (void)q;
    (void)item;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* ---- stack of words -------------------------------------------------------- */

/* Over caller storage buf[capacity]. */
int rtb_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    (void)s;
    (void)buf;
    (void)capacity;
    return RTB_ERR_NOTSUP;
}

/* ISR-safe; full: RTB_ERR_OVERFLOW. Wakes the most urgent popper. */
int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    (void)s;
    (void)value;
    return RTB_ERR_NOTSUP;
}

int rtb_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_timeout_t timeout)
{
    (void)s;
    (void)value;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* ---- message queues -------------------------------------------------------- */

/* `max_msgs` messages of `msg_size` bytes in caller storage `buf`. */
int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    (void)q;
    (void)buf;
    (void)msg_size;
    (void)max_msgs;
    return RTB_ERR_NOTSUP;
}

/* Copy `msg` in; ISR-safe with RTB_NO_WAIT (full: RTB_ERR_AGAIN). */
int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    (void)q;
    (void)msg;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* Copy the oldest message out. */
int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    (void)q;
    (void)msg;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* ---- heap -------------------------------------------------------------------- */

/* The kernel's own allocator (k_malloc, pvPortMalloc, ...): that is what the
 * heap benchmarks measure. NULL on failure. */
void *rtb_malloc(size_t bytes)
{
    (void)bytes;
    return NULL;
}

/* NULL is allowed. */
void rtb_free(void *p)
{
    (void)p;
}

/* ---- software interrupt ------------------------------------------------------- */

/* Install `handler(arg)` on the one software-triggerable interrupt (e.g. an
 * unused NVIC line pended through NVIC->STIR, a signal on POSIX), at a
 * priority that preempts threads. Replaces a previous handler. */
int rtb_irq_install(rtb_isr_t handler, void *arg)
{
    (void)handler;
    (void)arg;
    return RTB_ERR_NOTSUP;
}

/* Pend it; return only after the handler ran and any switch it caused came
 * back to the caller. Not ISR-safe. */
int rtb_irq_trigger(void)
{
    return RTB_ERR_NOTSUP;
}

/* 1 while running the handler (e.g. IPSR != 0), else 0. */
int rtb_in_isr(void)
{
    return 0;
}

/* ---- identity, console, exit ------------------------------------------------- */

/* Static strings describing what really runs; `sched` says what was OBTAINED
 * (not what was asked for), e.g. "SCHED_OTHER (SCHED_FIFO refused: EPERM)". */
static const struct rtb_port_info template_info = {
    .port = "template",
    .kernel = "none",
    .kernel_version = "0",
    .board = "none",
    .cpu = "unknown",
    .sched = "none",
};

const struct rtb_port_info *rtb_port_info(void)
{
    return &template_info;
}

/* Write `len` bytes to the console (UART, semihosting, stdout), blocking
 * until accepted; never called inside a timed window. All output of the
 * suite goes through here. */
void rtb_port_write(const char *s, size_t len)
{
    (void)s;
    (void)len;
}

/* End the program: flush the console, then exit with `status` (semihosting
 * SYS_EXIT_EXTENDED under QEMU, exit() on POSIX, a breakpoint or an endless
 * loop on a board). Does not return. */
void rtb_port_exit(int status)
{
    (void)status;
    for (;;) {
    }
}

/* The kernel's native error code behind the last RTB_ERR_PORT returned in the
 * calling thread (0 if none); printed in F records as `native`. */
int rtb_port_errno(void)
{
    return 0;
}
