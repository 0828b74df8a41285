/*
 * rtbench - the FIFO and LIFO benchmarks, written once and included twice by
 * queue.c: with Q = fifo, Q_IS_LIFO = 0 and with Q = lifo, Q_IS_LIFO = 1.
 * Each inclusion defines rtb_bench_<Q>_... (the catalog entries) and static
 * helpers <Q>_...; every port call in a timed window is a direct call.
 *
 * Not a header: no include guard on purpose.
 */
#ifndef Q
#error "define Q (fifo or lifo) before including queue_tmpl.h"
#endif

#define Q_CAT2(a, b) a##b
#define Q_CAT(a, b) Q_CAT2(a, b)
#define Q_PORT(op) Q_CAT(Q_CAT(rtb_, Q), op)        /* rtb_fifo_put, ... */
#define Q_BENCH(op) Q_CAT(Q_CAT(rtb_bench_, Q), op) /* rtb_bench_fifo_put_immediate, ... */
#define Q_LOCAL(name) Q_CAT(Q_CAT(Q, _), name)      /* fifo_obj, fifo_waiter, ... */

static Q_CAT(Q_CAT(rtb_, Q), _t) Q_LOCAL(obj);
static struct queue_pp Q_LOCAL(pp);

/* Put the two payloads in order, get them back, and check the order the
 * object gives them (first in first out, or last in first out), then that
 * it is empty. `alloc`: through kernel-allocated links. */
static int Q_LOCAL(check_order)(int alloc)
{
    void *a = alloc ? (void *)&queue_data[0] : (void *)&queue_items[0];
    void *b = alloc ? (void *)&queue_data[1] : (void *)&queue_items[1];
    void *first = Q_IS_LIFO ? b : a, *second = Q_IS_LIFO ? a : b;
    void *got = NULL;
    int rc;

    rc = alloc ? Q_PORT(_alloc_put)(&Q_LOCAL(obj), a) : Q_PORT(_put)(&Q_LOCAL(obj), a);
    if (rc < 0)
        return rc;
    rc = alloc ? Q_PORT(_alloc_put)(&Q_LOCAL(obj), b) : Q_PORT(_put)(&Q_LOCAL(obj), b);
    if (rc < 0)
        return rc; /* `a` stays queued: init before the next use drops it */
    rc = Q_PORT(_get)(&Q_LOCAL(obj), &got, RTB_NO_WAIT);
    if (rc == 0 && got != first)
        rc = RTB_ERR_CHECK;
    if (rc == 0)
        rc = Q_PORT(_get)(&Q_LOCAL(obj), &got, RTB_NO_WAIT);
    if (rc == 0 && got != second)
        rc = RTB_ERR_CHECK;
    if (rc == 0)
        rc = queue_check_empty(Q_PORT(_get)(&Q_LOCAL(obj), &got, RTB_NO_WAIT));
    return rc;
}

/* Init and check the order, with n/a for what the port lacks. */
static int Q_LOCAL(setup)(struct rtb_ctx *ctx, int alloc)
{
    int rc = Q_PORT(_init)(&Q_LOCAL(obj));

    if (rc == 0)
        rc = Q_LOCAL(check_order)(alloc);
    if (rc == RTB_ERR_NOTSUP)
        return rtb_na(ctx, alloc ? Q_NOALLOC : Q_NONE);
    return rc;
}

/* rtb_bench_fifo_put_immediate, rtb_bench_lifo_put_immediate */
int Q_BENCH(_put_immediate)(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    void *item, *got = NULL;
    int rc = Q_LOCAL(setup)(ctx, 0);

    for (i = 0; rc == 0 && i < loops; i++) {
        item = &queue_items[i & 1];
        t0 = rtb_now();
        rc = Q_PORT(_put)(&Q_LOCAL(obj), item);
        t1 = rtb_now();
        if (rc == 0)
            rc = Q_PORT(_get)(&Q_LOCAL(obj), &got, RTB_NO_WAIT);
        if (rc == 0 && got != item)
            rc = RTB_ERR_CHECK;
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rc;
}

/* rtb_bench_fifo_get_immediate, rtb_bench_lifo_get_immediate */
int Q_BENCH(_get_immediate)(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    void *item, *got = NULL;
    int rc = Q_LOCAL(setup)(ctx, 0);

    for (i = 0; rc == 0 && i < loops; i++) {
        item = &queue_items[i & 1];
        rc = Q_PORT(_put)(&Q_LOCAL(obj), item);
        if (rc < 0)
            break;
        t0 = rtb_now();
        rc = Q_PORT(_get)(&Q_LOCAL(obj), &got, RTB_NO_WAIT);
        t1 = rtb_now();
        if (rc == 0 && got != item)
            rc = RTB_ERR_CHECK;
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rc;
}

/* rtb_bench_fifo_put_alloc_immediate, rtb_bench_lifo_put_alloc_immediate */
int Q_BENCH(_put_alloc_immediate)(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    void *data, *got = NULL;
    int rc = Q_LOCAL(setup)(ctx, 1);

    for (i = 0; rc == 0 && i < loops; i++) {
        data = &queue_data[i & 1];
        t0 = rtb_now();
        rc = Q_PORT(_alloc_put)(&Q_LOCAL(obj), data);
        t1 = rtb_now();
        if (rc == 0)
            rc = Q_PORT(_get)(&Q_LOCAL(obj), &got, RTB_NO_WAIT); /* frees the link */
        if (rc == 0 && got != data)
            rc = RTB_ERR_CHECK;
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rc;
}

/* rtb_bench_fifo_get_free_immediate, rtb_bench_lifo_get_free_immediate */
int Q_BENCH(_get_free_immediate)(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    void *data, *got = NULL;
    int rc = Q_LOCAL(setup)(ctx, 1);

    for (i = 0; rc == 0 && i < loops; i++) {
        data = &queue_data[i & 1];
        rc = Q_PORT(_alloc_put)(&Q_LOCAL(obj), data);
        if (rc < 0)
            break;
        t0 = rtb_now();
        rc = Q_PORT(_get)(&Q_LOCAL(obj), &got, RTB_NO_WAIT);
        t1 = rtb_now();
        if (rc == 0 && got != data)
            rc = RTB_ERR_CHECK;
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rc;
}

/* The waiter (RTB_B_PRIO_HIGH): one blocking get per iteration; wake n puts
 * expect[n & 1]. */
static void Q_LOCAL(waiter)(void *arg)
{
    struct queue_pp *q = arg;
    rtb_cycles_t t0, t1;
    void *got;
    uint32_t i;
    int rc;

    for (i = 0; !q->pp.stop && i < q->pp.loops; i++) {
        got = NULL;
        t0 = rtb_now();
        rc = Q_PORT(_get)(&Q_LOCAL(obj), &got, RTB_FOREVER);
        t1 = rtb_now();
        if (q->pp.stop)
            break;
        if (rc == 0 && got != q->expect[(i + 1) & 1])
            rc = RTB_ERR_CHECK; /* not the item that was put */
        if (rtb_b_pp_after(&q->pp, i, rc, t0, t1) < 0)
            break;
    }
    q->pp.ended = 1;
}

/* Teardown wake k: a distinct spare item each time, never one still queued. */
static int Q_LOCAL(stop_wake)(unsigned k)
{
    return Q_PORT(_put)(&Q_LOCAL(obj), &queue_spare[k % RTB_B_STOP_WAKES]);
}

static int Q_LOCAL(pingpong)(struct rtb_ctx *ctx, enum rtb_b_side side, int alloc)
{
    struct queue_pp *q = &Q_LOCAL(pp);
    uint32_t n = 0;
    void *next;
    int rc, started;

    rtb_b_pp_init(&q->pp, ctx, side);
    q->expect[0] = alloc ? (void *)&queue_data[0] : (void *)&queue_items[0];
    q->expect[1] = alloc ? (void *)&queue_data[1] : (void *)&queue_items[1];
    rc = Q_LOCAL(setup)(ctx, alloc);
    if (rc < 0)
        return rc;
    rc = rtb_b_create(&rtb_helpers[0], "rtb-q-wait", Q_LOCAL(waiter), q, RTB_B_PRIO_HIGH, 0, 0);
    if (rc < 0)
        return rc;
    rc = rtb_thread_start(&rtb_helpers[0]); /* runs at once and blocks in its get */
    started = rc == 0;
    if (alloc) {
        while (rc == 0 && n < q->pp.loops && q->pp.consumed == n) {
            next = q->expect[(n + 1) & 1];
            q->pp.woken = ++n;
            q->pp.mid = rtb_now();
            rc = Q_PORT(_alloc_put)(&Q_LOCAL(obj), next);
        }
    } else {
        while (rc == 0 && n < q->pp.loops && q->pp.consumed == n) {
            next = q->expect[(n + 1) & 1];
            q->pp.woken = ++n;
            q->pp.mid = rtb_now();
            rc = Q_PORT(_put)(&Q_LOCAL(obj), next);
        }
    }
    rc = rtb_b_pp_finish(&q->pp, &rtb_helpers[0], rc, n, started, Q_LOCAL(stop_wake));
    if (rc == 0) {
        void *got;

        rc = queue_check_empty(Q_PORT(_get)(&Q_LOCAL(obj), &got, RTB_NO_WAIT));
    }
    if (rc == RTB_ERR_NOTSUP)
        return rtb_na(ctx, alloc ? Q_NOALLOC : Q_NONE);
    return rtb_b_sched_result(ctx, rc, Q_NONE);
}

/* rtb_bench_fifo_get_blocking, rtb_bench_lifo_get_blocking */
int Q_BENCH(_get_blocking)(struct rtb_ctx *ctx)
{
    return Q_LOCAL(pingpong)(ctx, RTB_B_BLOCKING, 0);
}

/* rtb_bench_fifo_put_wake, rtb_bench_lifo_put_wake */
int Q_BENCH(_put_wake)(struct rtb_ctx *ctx)
{
    return Q_LOCAL(pingpong)(ctx, RTB_B_WAKE, 0);
}

/* rtb_bench_fifo_get_free_blocking, rtb_bench_lifo_get_free_blocking */
int Q_BENCH(_get_free_blocking)(struct rtb_ctx *ctx)
{
    return Q_LOCAL(pingpong)(ctx, RTB_B_BLOCKING, 1);
}

/* rtb_bench_fifo_put_alloc_wake, rtb_bench_lifo_put_alloc_wake */
int Q_BENCH(_put_alloc_wake)(struct rtb_ctx *ctx)
{
    return Q_LOCAL(pingpong)(ctx, RTB_B_WAKE, 1);
}

#undef Q_CAT2
#undef Q_CAT
#undef Q_PORT
#undef Q_BENCH
#undef Q_LOCAL
