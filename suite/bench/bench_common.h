/*
 * rtbench - helpers shared by the benchmark families (the .c files of suite/bench).
 *
 * Private to suite/bench: everything here is static, written against
 * rtb/bench.h and rtb/port.h only, and never used inside a timed window
 * except the plain volatile stores the families document.
 *
 * Priorities (larger = more urgent; the runner's thread is RTB_PRIO_MAIN):
 *   RTB_B_PRIO_LOW   below the runner's thread
 *   RTB_B_PRIO_HIGH  above it: the thread that blocks or is woken
 */
#ifndef RTB_BENCH_COMMON_H
#define RTB_BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "bench_fns.h" /* suite/core: the prototypes of the catalog */
#include "rtb/bench.h"
#include "rtb/stats.h" /* rtb_delta, rtb_scale: windows a family computes itself */

#define RTB_B_PRIO_LOW (RTB_PRIO_MAIN - 1)
#define RTB_B_PRIO_HIGH (RTB_PRIO_MAIN + 1)

/* How long teardown waits for a helper thread that should already have ended
 * before it aborts it (microseconds). Only reached on an error path. */
#define RTB_B_JOIN_US 2000000

/* Keep the first error: `rc` becomes `x` if `rc` is still 0 and `x` < 0. */
#define RTB_B_KEEP(rc, x)                                                                          \
    do {                                                                                           \
        int rtb_b_r_ = (x);                                                                        \
        if ((rc) == 0 && rtb_b_r_ < 0)                                                             \
            (rc) = rtb_b_r_;                                                                       \
    } while (0)

/* A port refusal that means "this kernel lacks it" becomes n/a; any other
 * error is passed through as is. */
static inline int rtb_b_result(struct rtb_ctx *ctx, int rc, const char *why)
{
    if (rc == RTB_ERR_NOTSUP)
        return rtb_na(ctx, why);
    return rc;
}

/* The thread objects of the helper threads, one beside each stack
 * (rtb_helpers[i] runs on rtb_helper_stack(i)): one pool for every family, since one
 * benchmark runs at a time and joins its threads before it returns (a joined
 * thread object may be created again: rtb/port.h); defined in
 * suite/core/bench_ctx.c beside the stacks. An array, so that a
 * benchmark's &rtb_helpers[0] is the same link-time constant a static
 * object of its own would be: no instruction more in a timed window. */
extern rtb_thread_t rtb_helpers[RTB_MAX_THREADS];

/* n/a unless the build gives `n` helper stacks (rtb_helper_stack(0 .. n-1)): a
 * small board may keep fewer than a family needs (RTB_CONFIG_MAX_THREADS). */
static inline int rtb_b_need_stacks(struct rtb_ctx *ctx, unsigned n)
{
    if (n > 0 && rtb_helper_stack(n - 1) == NULL)
        return rtb_na(ctx, "not enough helper thread stacks in this build "
                           "(raise RTB_CONFIG_MAX_THREADS)");
    return 0;
}

/* Create a helper thread on benchmark stack `index` (not started). */
static inline int rtb_b_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg,
                               int prio, unsigned flags, unsigned index)
{
    return rtb_thread_create(t, name, entry, arg, prio, flags, rtb_helper_stack(index),
                             RTB_CONFIG_STACK_SIZE);
}

/*
 * End a helper thread that was created (and maybe started). `ended` says
 * whether it has returned from its entry (it sets a flag as its last
 * statement). A thread that has not ended is aborted, then joined; one that
 * cannot be aborted is waited for RTB_B_JOIN_US. Returns 0 or the first error.
 */
static inline int rtb_b_reap(rtb_thread_t *t, int ended)
{
    if (!ended && rtb_thread_abort(t) < 0)
        return rtb_thread_join(t, RTB_B_JOIN_US); /* 0 if it ended anyway */
    return rtb_thread_join(t, RTB_FOREVER);
}

/*
 * For benchmarks that need strict priority scheduling (RTB_NEEDS_RT): a
 * failed order check on a port that does not have it right now (e.g. POSIX
 * without SCHED_FIFO) means the switch to be measured did not happen as
 * described. That is n/a, not a figure and not a kernel failure.
 */
static inline int rtb_b_sched_result(struct rtb_ctx *ctx, int rc, const char *why_notsup)
{
    if (rc == RTB_ERR_CHECK && !rtb_port_has(RTB_CAP_RT_SCHED, NULL))
        return rtb_na(ctx, "no strict priority scheduling now: the threads did not run in "
                           "the order measured");
    return rtb_b_result(ctx, rc, why_notsup);
}

/*
 * The state a "ping-pong" benchmark shares between the thread that blocks
 * (the waiter, RTB_B_PRIO_HIGH) and the thread that wakes it (the runner's
 * own thread, RTB_PRIO_MAIN), as in latency_measure's *_blocking_ops:
 *
 *   waiter:  t0 = now; <blocking call>             ... t1 = now
 *   waker:              woken = n; mid = now; <waking call>
 *
 * "blocking.k_to_k" is [t0, mid]: from before the blocking call in the
 * waiter to the waker running. "wake+ctx.k_to_k" is [mid, t1]: from before
 * the waking call to the return of the blocking call in the waiter.
 *
 * The waker writes the number of the wake it is about to do into `woken`
 * before `mid`. The waiter checks, after t1, that `woken` is its own
 * iteration number: the waker ran while the waiter was inside the blocking
 * call, so the call really blocked and really was ended by that wake. The
 * waiter then counts the wake as `consumed`; the waker does wake n + 1 only
 * once wake n was consumed, so nothing piles up in the object even when
 * the scheduling is not what the benchmark needs.
 */
enum rtb_b_side { RTB_B_BLOCKING = 0, RTB_B_WAKE = 1 };

struct rtb_b_pp {
    struct rtb_ctx *ctx;
    uint32_t loops;
    enum rtb_b_side side;
    volatile rtb_cycles_t mid;
    volatile uint32_t woken;    /* number of the last wake the waker did (1, 2, ...) */
    volatile uint32_t consumed; /* number of wakes the waiter checked and recorded */
    volatile int stop;          /* teardown: the waiter leaves after its current call */
    volatile int err;           /* first error seen by the waiter */
    volatile int ended;         /* the waiter has returned from its entry */
};

static inline void rtb_b_pp_init(struct rtb_b_pp *pp, struct rtb_ctx *ctx, enum rtb_b_side side)
{
    pp->ctx = ctx;
    pp->loops = rtb_loops(ctx);
    pp->side = side;
    pp->mid = 0;
    pp->woken = 0;
    pp->consumed = 0;
    pp->stop = 0;
    pp->err = 0;
    pp->ended = 0;
}

/* Waiter side, after t1 of iteration `i` (0-based): check and record.
 * Returns 0, or the error (also stored in pp->err). */
static inline int rtb_b_pp_after(struct rtb_b_pp *pp, uint32_t i, int rc, rtb_cycles_t t0,
                                 rtb_cycles_t t1)
{
    if (rc == 0 && pp->woken != i + 1)
        rc = RTB_ERR_CHECK; /* returned without blocking, or woken by something else */
    if (rc < 0) {
        pp->err = rc;
        return rc;
    }
    if (pp->side == RTB_B_BLOCKING)
        rtb_sample(pp->ctx, t0, pp->mid);
    else
        rtb_sample(pp->ctx, pp->mid, t1);
    pp->consumed = i + 1;
    return 0;
}

/* Extra wakes teardown may do to release a waiter (the k-th, from 0). */
#define RTB_B_STOP_WAKES 8u

/*
 * End a helper thread that suspends itself and leaves at its stop test once
 * resumed (`stop` already set): resume it, join it. A resume can find it not
 * suspended yet: where threads run in parallel (POSIX on several cores) it
 * may have passed its stop test just before `stop` was set and suspend
 * itself just after that resume, for good. So the resume is tried again,
 * RTB_B_STOP_WAKES times in all, each join waiting RTB_B_JOIN_US /
 * RTB_B_STOP_WAKES; a thread still there is reaped. A thread that does not
 * suspend (or a port without suspend) is simply joined. 0 or the first error.
 */
static inline int rtb_b_resume_join(rtb_thread_t *t)
{
    unsigned k;
    int rc = 0, r = 0;

    for (k = 0; k < RTB_B_STOP_WAKES; k++) {
        r = rtb_thread_resume(t); /* not suspended, or no suspend: fine */
        if (r != 0 && r != RTB_ERR_STATE && r != RTB_ERR_NOTSUP)
            RTB_B_KEEP(rc, r);
        r = rtb_thread_join(t, RTB_B_JOIN_US / RTB_B_STOP_WAKES);
        if (r != RTB_ERR_TIMEOUT)
            break;
    }
    if (r != 0)
        RTB_B_KEEP(rc, r == RTB_ERR_TIMEOUT ? rtb_b_reap(t, 0) : r);
    return rc;
}
typedef int (*rtb_b_wake_fn)(unsigned k);

/*
 * Waker side, after its loop: `rc` is the loop's result, `n` the wakes done,
 * `started` whether the waiter was started. Checks that every wake was
 * consumed and the waiter ended, releases a waiter still blocked (sets
 * `stop` and wakes it with `wake` up to RTB_B_STOP_WAKES times; aborts it
 * only if that fails), joins it. Returns 0 or the first error.
 */
static inline int rtb_b_pp_finish(struct rtb_b_pp *pp, rtb_thread_t *t, int rc, uint32_t n,
                                  int started, rtb_b_wake_fn wake)
{
    unsigned k;
    int j;

    if (rc == 0)
        rc = pp->err;
    if (rc == 0 && (n != pp->loops || pp->consumed != n || !pp->ended))
        rc = RTB_ERR_CHECK;
    if (!started) {
        RTB_B_KEEP(rc, rtb_b_reap(t, 0)); /* never ran: abort it if the kernel can */
        return rc;
    }
    pp->stop = 1;
    for (k = 0; k < RTB_B_STOP_WAKES && !pp->ended; k++) {
        (void)wake(k); /* may fail: the object is what broke */
        j = rtb_thread_join(t, RTB_B_JOIN_US / RTB_B_STOP_WAKES);
        if (j == 0)
            return rc;
        if (j != RTB_ERR_TIMEOUT) {
            RTB_B_KEEP(rc, j);
            return rc;
        }
    }
    RTB_B_KEEP(rc, rtb_b_reap(t, pp->ended));
    return rc;
}

/* Words of data the queue benchmarks move; distinct addresses and values. */
struct rtb_b_item {
    struct rtb_qlink link; /* must be first: belongs to the port while queued */
    uint32_t tag;
};

#endif /* RTB_BENCH_COMMON_H */
