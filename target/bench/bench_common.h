/*
 * rtbench - helpers shared by the benchmark families (the .c files of target/bench).
 *
 * Private to target/bench: everything here is static, written against
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

#include "bench_fns.h" /* target/core: the prototypes of the catalog */
#include "rtb/bench.h"

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

/* Create a helper thread on benchmark stack `index` (not started). */
static inline int rtb_b_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg,
                               int prio, unsigned flags, unsigned index)
{
    return rtb_thread_create(t, name, entry, arg, prio, flags, rtb_stack(index),
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
    int rc = 0;

    if (!ended) {
        rc = rtb_thread_abort(t);
        if (rc < 0) {
            int j = rtb_thread_join(t, RTB_B_JOIN_US);
            return j < 0 ? j : rc;
        }
    }
    RTB_B_KEEP(rc, rtb_thread_join(t, RTB_FOREVER));
    return rc;
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
 * call, so the call really blocked and really was ended by that wake.
 */
enum rtb_b_side { RTB_B_BLOCKING = 0, RTB_B_WAKE = 1 };

struct rtb_b_pp {
    struct rtb_ctx *ctx;
    uint32_t loops;
    enum rtb_b_side side;
    volatile rtb_cycles_t mid;
    volatile uint32_t woken; /* number of the last wake the waker did (1, 2, ...) */
    volatile int err;        /* first error seen by the waiter */
    volatile int ended;      /* the waiter has returned from its entry */
};

static inline void rtb_b_pp_init(struct rtb_b_pp *pp, struct rtb_ctx *ctx, enum rtb_b_side side)
{
    pp->ctx = ctx;
    pp->loops = rtb_loops(ctx);
    pp->side = side;
    pp->mid = 0;
    pp->woken = 0;
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
    return 0;
}

/* Words of data the queue benchmarks move; distinct addresses and values. */
struct rtb_b_item {
    struct rtb_qlink link; /* must be first: belongs to the port while queued */
    uint32_t tag;
};

#endif /* RTB_BENCH_COMMON_H */
