/*
 * rtbench RTOS adapters - the adapter core: what every adapter over a real
 * RTOS does the same way, written once (rtb_core.c), over a small set of
 * native hooks each kernel supplies (its rtb_kernel.h).
 *
 * The core owns
 *   - the thread state machine (enum rtb_core_tstate) and every
 *     RTB_ERR_STATE / RTB_ERR_INVAL check rtb/port.h promises for threads,
 *     so a stale handle (ended, aborted, joined, never created) is refused
 *     before the kernel sees it;
 *   - the argument checks of the object inits (NULL, zero sizes, limits);
 *   - the timeout rules: a negative timeout other than RTB_FOREVER is
 *     RTB_ERR_INVAL, RTB_NO_WAIT takes the kernel's "try" call, anything
 *     else may wait and is refused with RTB_ERR_PERM from an interrupt
 *     handler before it reaches the kernel;
 *   - the native error code behind RTB_ERR_PORT, per thread
 *     (rtb_port_errno), and the runner's thread (rtb_core_create_main).
 * The kernel's hooks own the native calls, the ISR variants, the result
 * translation (rtb_<k>_map.c) and the native half of the state machine.
 *
 * Which contract calls the core defines (rtb_core.c), and which the kernel's
 * own file still defines (those that have no rule to share):
 *   core:   rtb_port_errno, rtb_thread_create/start/suspend/resume/abort/join/
 *           set_prio, rtb_sleep_us, rtb_sem_init/take, rtb_mutex_init/lock,
 *           rtb_events_init/wait, rtb_fifo_init/get/alloc_put,
 *           rtb_lifo_init/get/alloc_put, rtb_stack_init/pop,
 *           rtb_msgq_init/put/get
 *   kernel: rtb_port_has, rtb_port_info, rtb_thread_yield, rtb_sem_give,
 *           rtb_mutex_unlock, rtb_events_post/set/clear, rtb_fifo_put,
 *           rtb_lifo_put, rtb_stack_push, rtb_irq_lock/unlock,
 *           rtb_malloc/free (and ports/common/absent_*.c for what it lacks)
 *
 * Timed paths: every benchmark times these calls, so the core's code on
 * them is what the adapters had before, and the hooks are static inline
 * (rtb_kernel.h): after inlining, a call compiles to the kernel call, its
 * arguments and the result translation, as a hand-written adapter would.
 *
 * Pure C99 over rtb/port.h; no kernel header. ports/<k>/rtb_kernel.h
 * includes this header, and docs/architecture.md says how to add a kernel.
 */
#ifndef RTB_CORE_H
#define RTB_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "rtb/error.h"
#include "rtb/port.h"
#include "rtb_core_types.h"

/* ---- timeouts ------------------------------------------------------------ */

/* A timeout the contract accepts: RTB_FOREVER, RTB_NO_WAIT or > 0. */
#define RTB_CORE_TIMEOUT_OK(us) ((us) >= RTB_FOREVER)
/* RTB_NO_WAIT or RTB_FOREVER: the two values a kernel's tick type takes
 * unchanged when its "no wait" is 0 and its "forever" all ones (-1). */
#define RTB_CORE_TIMEOUT_SPECIAL(us) ((uint32_t)(us) + 1u <= 1u)
/* Microseconds -> `type` ticks: the special values cast, the others through
 * `finite` (the kernel's rtb_k_ticks_finite, out of line). */
#define RTB_CORE_TICKS(type, us, finite) (RTB_CORE_TIMEOUT_SPECIAL(us) ? (type)(us) : finite(us))

/* An out-of-line helper of a hook in rtb_kernel.h (a wait's failure path, an
 * ISR variant): a static function that a file including the header without
 * calling it does not warn about, and that GCC does not specialise for the
 * arguments of one file's calls (each file would time another copy). */
#define RTB_CORE_OUTLINE static __attribute__((noinline, noclone, unused))

/* ---- what the core gives the kernel's code ------------------------------- */

/* RTB_ERR_PORT, with `native` kept as rtb_port_errno() of the calling
 * thread (of the interrupt handler's, when called from one or before the
 * scheduler runs). Out of line: only failure paths call it. */
int rtb_core_port_error(int native);

/* The body of every thread: its entry, then state ENDED. The kernel's
 * trampoline calls it, then signals the thread's end to a joiner. */
static inline void rtb_core_thread_run(struct rtb_thread *t)
{
    t->core.entry(t->core.arg);
    t->core.state = RTB_CORE_ENDED;
}

/* Create and start the runner's thread (rtb_ad_main_entry on
 * rtb_ad_main_stack, at RTB_PRIO_MAIN), before the scheduler starts: the
 * kernel's start-up code calls it. 0 or a negative rtb_err. */
int rtb_core_create_main(void);

/*
 * ---- the hooks: ports/<kernel>/rtb_kernel.h -------------------------------
 *
 * rtb_kernel.h includes this header and rtb_port_types.h, then defines the
 * following, each a `static inline` function or a function-like macro (the
 * core passes plain variables, so a macro may use an argument twice), so
 * that they vanish into the core's calls; out-of-line helpers they share
 * are RTB_CORE_OUTLINE there, or extern in the kernel's port file.
 * "t" is never NULL unless said; every hook returns RTB_OK or a negative
 * rtb_err (the kernel's failure mapped, or rtb_core_port_error(native)).
 *
 * Types and constants
 *   rtb_k_ticks_t             the kernel's tick count of a timeout
 *   rtb_k_prio_t              the kernel's priority
 *   RTB_K_MIN_STACK           least stack_bytes rtb_thread_create accepts
 *   RTB_K_HAS_COOP            1 when RTB_THREAD_COOP is supported, else 0
 *                             (create with it: RTB_ERR_NOTSUP)
 *   RTB_K_EVENTS_BAD(bits)    1 when a wait cannot name `bits` (0, or bits
 *                             the kernel's group cannot hold)
 * Basics
 *   struct rtb_thread *rtb_k_self(void)       the caller (a thread the
 *                             adapter created), NULL before the scheduler
 *   int rtb_k_in_isr(void)                    1 in an interrupt handler
 *   rtb_k_ticks_t rtb_k_ticks_finite(rtb_timeout_t us)   us > 0 -> ticks,
 *                             rounded up (rtb_ad_ticks); may be out of line
 *   int rtb_k_prio(int prio, rtb_k_prio_t *kprio)        RTB_ERR_INVAL if
 *                             prio is not RTB_PRIO_MIN..RTB_PRIO_MAX or has
 *                             no kernel priority
 * Threads (the core has checked arguments and state, and made the change
 * of t->core.state named here before the hook runs)
 *   rtb_k_thread_create(t, name, kprio, flags, stack, stack_bytes, start)
 *       t->core has entry, arg, err 0 and state CREATED (RUNNING when
 *       `start`, the runner's thread): make the native thread and the
 *       signal join waits for, reset what the kernel keeps beside
 *       (suspended); the thread must not run unless `start`. flags is
 *       RTB_THREAD_COOP or 0 (always 0 when RTB_K_HAS_COOP is 0). On
 *       failure, leave nothing created (the core sets FREE again).
 *   rtb_k_thread_start(t)       state is RUNNING: make it ready (and switch
 *                               to it if more urgent)
 *   rtb_k_thread_suspend(t)     t NULL: the caller; else t is RUNNING.
 *                               The caller's suspend returns once resumed
 *   rtb_k_thread_resume(t)      t is RUNNING: RTB_ERR_STATE unless
 *                               rtb_thread_suspend stopped it. ISR-safe
 *   rtb_k_thread_abort(t)       state is ABORTED now (t may be the caller:
 *                               then it does not return)
 *   rtb_k_join_wait(t, timeout) state RUNNING or ENDED, not the caller,
 *                               timeout OK and not waiting in a handler:
 *                               wait for t's end signal (RTB_ERR_AGAIN /
 *                               RTB_ERR_TIMEOUT when it does not come)
 *   rtb_k_thread_release(t)     t ended or was aborted: delete the native
 *                               thread and signal; state is still ENDED or
 *                               ABORTED (the core sets FREE after success)
 *   rtb_k_thread_set_prio(t, kprio)   t NULL: the caller; else t CREATED or
 *                               RUNNING
 *   rtb_k_sleep(us)             not in a handler: sleep >= us (0: yield)
 * Objects (the core has checked the arguments rtb/port.h names; a "try"
 * hook is the RTB_NO_WAIT call, RTB_ERR_AGAIN when nothing is there; a
 * waiting hook gets ticks of a valid timeout other than RTB_NO_WAIT, from a
 * thread)
 *   rtb_k_sem_init(s, initial, limit)  rtb_k_sem_trytake(s)  rtb_k_sem_take(s, tk)
 *   rtb_k_mutex_init(m)      rtb_k_mutex_trylock(m)   rtb_k_mutex_lock(m, tk)
 *   rtb_k_events_init(e)
 *   rtb_k_events_wait(e, bits, mode, tk, matched)   bits, mode checked; tk
 *                             may be 0 (RTB_NO_WAIT: may be in a handler)
 *   rtb_k_fifo_init(q)       rtb_k_fifo_tryget(q, item)  rtb_k_fifo_get(q, item, tk)
 *   rtb_k_lifo_init(q)       rtb_k_lifo_tryget(q, item)  rtb_k_lifo_get(q, item, tk)
 *   rtb_k_stack_init(s, buf, capacity)
 *                            rtb_k_stack_trypop(s, v)    rtb_k_stack_pop(s, v, tk)
 *   rtb_k_msgq_init(q, buf, msg_size, max_msgs)
 *                            rtb_k_msgq_tryget(q, msg)   rtb_k_msgq_get(q, msg, tk)
 *                            rtb_k_msgq_tryput(q, msg)   rtb_k_msgq_put(q, msg, tk)
 *       (rtb_k_msgq_tryput is ISR-safe: from a thread or a handler)
 */

#endif /* RTB_CORE_H */
