/*
 * rtbench - event flags family (latency_measure's events.c).
 *
 *   events.post.immediate.kernel       one post (OR in), nobody waiting
 *   events.set.immediate.kernel        one set (replace), nobody waiting
 *   events.wait.immediate.kernel       wait for any of the bits, already set
 *   events.wait_all.immediate.kernel   wait for all of the bits, already set
 *   events.wait.blocking.k_to_k        wait (any) blocks -> the lower thread runs
 *   events.set.wake+ctx.k_to_k         set in the lower thread -> that wait returns
 *   events.wait_all.blocking.k_to_k    wait (all) blocks -> the lower thread runs
 *   events.post.wake+ctx.k_to_k        post in the lower thread -> that wait returns
 *
 * latency_measure's k_event_wait(..., reset = true, ...) clears the bits
 * inside the timed call; rtb_events_wait() never clears, so the waiter clears
 * them just before its timed window.
 */
#include "bench_common.h"

#define EV_BITS 0x1234u  /* the bits latency_measure posts and waits for */
#define EV_OTHER 0x8000u /* a bit outside them, to tell OR from replace */
#define EV_ALL 0xffffffffu

static rtb_events_t ev;

#define EV_NONE "no event-flags object"

/* 0 if a non-blocking wait for `bits` in `mode` succeeds, RTB_ERR_CHECK if it
 * reports them not set, any other error as is. */
static int ev_expect_set(uint32_t bits, unsigned mode)
{
    uint32_t matched = 0;
    int rc = rtb_events_wait(&ev, bits, mode, RTB_NO_WAIT, &matched);

    if (rc == RTB_ERR_AGAIN)
        return RTB_ERR_CHECK;
    if (rc == 0 && (matched & bits) == 0)
        return RTB_ERR_CHECK;
    return rc;
}

/* 0 if none of `bits` is set. */
static int ev_expect_clear(uint32_t bits)
{
    int rc = rtb_events_wait(&ev, bits, RTB_EVENTS_ANY, RTB_NO_WAIT, NULL);

    if (rc == RTB_ERR_AGAIN)
        return 0;
    return rc < 0 ? rc : RTB_ERR_CHECK;
}

int rtb_bench_events_post_immediate(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    int rc = rtb_events_init(&ev);

    for (i = 0; rc == 0 && i < loops; i++) {
        rc = rtb_events_set(&ev, EV_OTHER);
        if (rc < 0)
            break;
        t0 = rtb_now();
        rc = rtb_events_post(&ev, EV_BITS);
        t1 = rtb_now();
        if (rc == 0) /* OR: the other bit stays, the posted ones are there */
            rc = ev_expect_set(EV_BITS | EV_OTHER, RTB_EVENTS_ALL);
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    if (rc == 0)
        rc = rtb_events_clear(&ev, EV_ALL);
    return rtb_b_result(ctx, rc, EV_NONE);
}

int rtb_bench_events_set_immediate(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    int rc = rtb_events_init(&ev);

    for (i = 0; rc == 0 && i < loops; i++) {
        rc = rtb_events_post(&ev, EV_OTHER);
        if (rc < 0)
            break;
        t0 = rtb_now();
        rc = rtb_events_set(&ev, EV_BITS);
        t1 = rtb_now();
        if (rc == 0) /* replace: the other bit is gone */
            rc = ev_expect_clear(EV_OTHER);
        if (rc == 0)
            rc = ev_expect_set(EV_BITS, RTB_EVENTS_ALL);
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    if (rc == 0)
        rc = rtb_events_clear(&ev, EV_ALL);
    return rtb_b_result(ctx, rc, EV_NONE);
}

static int ev_wait_immediate(struct rtb_ctx *ctx, unsigned mode)
{
    uint32_t i, loops = rtb_loops(ctx), matched = 0;
    rtb_cycles_t t0, t1;
    int rc = rtb_events_init(&ev);

    if (rc == 0)
        rc = rtb_events_set(&ev, EV_BITS); /* all of them, as latency_measure */
    for (i = 0; rc == 0 && i < loops; i++) {
        matched = 0;
        t0 = rtb_now();
        rc = rtb_events_wait(&ev, EV_BITS, mode, RTB_FOREVER, &matched);
        t1 = rtb_now();
        if (rc == 0 && (matched & EV_BITS) == 0)
            rc = RTB_ERR_CHECK; /* returned without reporting what satisfied it */
        if (rc == 0 && mode == RTB_EVENTS_ALL && (matched & EV_BITS) != EV_BITS)
            rc = RTB_ERR_CHECK;
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    if (rc == 0)
        rc = rtb_events_clear(&ev, EV_ALL);
    return rtb_b_result(ctx, rc, EV_NONE);
}

int rtb_bench_events_wait_immediate(struct rtb_ctx *ctx)
{
    return ev_wait_immediate(ctx, RTB_EVENTS_ANY);
}

int rtb_bench_events_wait_all_immediate(struct rtb_ctx *ctx)
{
    return ev_wait_immediate(ctx, RTB_EVENTS_ALL);
}

struct ev_pp {
    struct rtb_b_pp pp;
    unsigned mode;
};
static struct ev_pp evp;

/* The waiter: clears the bits, then one blocking wait per iteration. */
static void ev_waiter(void *arg)
{
    struct ev_pp *e = arg;
    rtb_cycles_t t0, t1;
    uint32_t i, matched;
    int rc;

    for (i = 0; !e->pp.stop && i < e->pp.loops; i++) {
        matched = 0;
        rc = rtb_events_clear(&ev, EV_ALL);
        if (rc < 0) {
            e->pp.err = rc;
            break;
        }
        t0 = rtb_now();
        rc = rtb_events_wait(&ev, EV_BITS, e->mode, RTB_FOREVER, &matched);
        t1 = rtb_now();
        if (e->pp.stop)
            break;
        if (rc == 0 && (matched & EV_BITS) != EV_BITS)
            rc = RTB_ERR_CHECK; /* the waker sets or posts all of them at once */
        if (rtb_b_pp_after(&e->pp, i, rc, t0, t1) < 0)
            break;
    }
    e->pp.ended = 1;
}

static int ev_stop_wake(unsigned k)
{
    (void)k;
    return rtb_events_post(&ev, EV_BITS);
}

/* `post`: wake with rtb_events_post (else rtb_events_set). */
static int ev_pingpong(struct rtb_ctx *ctx, enum rtb_b_side side, unsigned mode, int post)
{
    uint32_t n = 0;
    int rc, started;

    rtb_b_pp_init(&evp.pp, ctx, side);
    evp.mode = mode;
    rc = rtb_events_init(&ev);
    if (rc < 0)
        return rtb_b_result(ctx, rc, EV_NONE);
    rc = rtb_b_create(&rtb_helpers[0], "rtb-ev-wait", ev_waiter, &evp, RTB_B_PRIO_HIGH, 0, 0);
    if (rc < 0)
        return rc;
    rc = rtb_thread_start(&rtb_helpers[0]); /* runs at once and blocks in its wait */
    started = rc == 0;
    if (post) {
        while (rc == 0 && n < evp.pp.loops && evp.pp.consumed == n) {
            evp.pp.woken = ++n;
            evp.pp.mid = rtb_now();
            rc = rtb_events_post(&ev, EV_BITS);
        }
    } else {
        while (rc == 0 && n < evp.pp.loops && evp.pp.consumed == n) {
            evp.pp.woken = ++n;
            evp.pp.mid = rtb_now();
            rc = rtb_events_set(&ev, EV_BITS);
        }
    }
    rc = rtb_b_pp_finish(&evp.pp, &rtb_helpers[0], rc, n, started, ev_stop_wake);
    RTB_B_KEEP(rc, rtb_events_clear(&ev, EV_ALL));
    return rtb_b_sched_result(ctx, rc, EV_NONE);
}

int rtb_bench_events_wait_blocking(struct rtb_ctx *ctx)
{
    return ev_pingpong(ctx, RTB_B_BLOCKING, RTB_EVENTS_ANY, 0);
}

int rtb_bench_events_set_wake(struct rtb_ctx *ctx)
{
    return ev_pingpong(ctx, RTB_B_WAKE, RTB_EVENTS_ANY, 0);
}

int rtb_bench_events_wait_all_blocking(struct rtb_ctx *ctx)
{
    return ev_pingpong(ctx, RTB_B_BLOCKING, RTB_EVENTS_ALL, 1);
}

int rtb_bench_events_post_wake(struct rtb_ctx *ctx)
{
    return ev_pingpong(ctx, RTB_B_WAKE, RTB_EVENTS_ALL, 1);
}
