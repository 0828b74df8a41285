/*
 * rtbench - condition variable family (latency_measure's condvar.c).
 *
 *   condvar.wait.blocking.k_to_k     the waiter (holding the mutex) waits ->
 *                                    the lower thread runs
 *   condvar.signal.wake+ctx.k_to_k   signal in the lower thread -> the waiter's
 *                                    wait returns (mutex re-locked)
 *
 * The waiter locks the mutex once before its loop and unlocks it after, as
 * latency_measure does; the signalling thread never takes the mutex. A wait
 * that returns with no signal since the last one (a spurious wake-up, which
 * POSIX allows) is not a sample: the waiter waits again, at most
 * CV_SPURIOUS_MAX times per run.
 */
#include "bench_common.h"

#define CV_SPURIOUS_MAX 64u
#define CV_NONE "no condition variable"

static rtb_condvar_t cv;
static rtb_mutex_t cv_mutex;

static struct cv_pp {
    struct rtb_b_pp pp;
    uint32_t spurious;
} cvp;

static void cv_waiter(void *arg)
{
    struct cv_pp *c = arg;
    rtb_cycles_t t0, t1;
    uint32_t i;
    int rc = rtb_mutex_lock(&cv_mutex, RTB_FOREVER);

    if (rc < 0)
        c->pp.err = rc;
    for (i = 0; rc == 0 && !c->pp.stop && i < c->pp.loops; i++) {
        for (;;) {
            t0 = rtb_now();
            rc = rtb_condvar_wait(&cv, &cv_mutex, RTB_FOREVER);
            t1 = rtb_now();
            if (rc != 0 || c->pp.woken != i || c->pp.stop)
                break;
            if (++c->spurious > CV_SPURIOUS_MAX) {
                rc = RTB_ERR_CHECK; /* the wait does not block */
                break;
            }
        }
        if (c->pp.stop || rtb_b_pp_after(&c->pp, i, rc, t0, t1) < 0)
            break;
    }
    rc = rtb_mutex_unlock(&cv_mutex);
    if (rc < 0 && c->pp.err == 0)
        c->pp.err = rc;
    c->pp.ended = 1;
}

static int cv_stop_wake(unsigned k)
{
    (void)k;
    return rtb_condvar_broadcast(&cv);
}

static int cv_pingpong(struct rtb_ctx *ctx, enum rtb_b_side side)
{
    uint32_t n = 0;
    int rc, started;

    rtb_b_pp_init(&cvp.pp, ctx, side);
    cvp.spurious = 0;
    rc = rtb_mutex_init(&cv_mutex);
    if (rc == 0)
        rc = rtb_condvar_init(&cv);
    if (rc < 0)
        return rtb_b_result(ctx, rc, CV_NONE);
    rc = rtb_b_create(&rtb_helpers[0], "rtb-cv-wait", cv_waiter, &cvp, RTB_B_PRIO_HIGH, 0, 0);
    if (rc < 0)
        return rc;
    rc = rtb_thread_start(&rtb_helpers[0]); /* runs at once, locks, blocks in its wait */
    started = rc == 0;
    while (rc == 0 && n < cvp.pp.loops && cvp.pp.consumed == n) {
        cvp.pp.woken = ++n;
        cvp.pp.mid = rtb_now();
        rc = rtb_condvar_signal(&cv);
    }
    rc = rtb_b_pp_finish(&cvp.pp, &rtb_helpers[0], rc, n, started, cv_stop_wake);
    if (rc == 0) {
        /* The waiter must have released the mutex. */
        rc = rtb_mutex_lock(&cv_mutex, RTB_NO_WAIT);
        if (rc == RTB_ERR_AGAIN)
            rc = RTB_ERR_CHECK;
        if (rc == 0)
            rc = rtb_mutex_unlock(&cv_mutex);
    }
    return rtb_b_sched_result(ctx, rc, CV_NONE);
}

int rtb_bench_condvar_wait_blocking(struct rtb_ctx *ctx)
{
    return cv_pingpong(ctx, RTB_B_BLOCKING);
}

int rtb_bench_condvar_signal_wake(struct rtb_ctx *ctx)
{
    return cv_pingpong(ctx, RTB_B_WAKE);
}
