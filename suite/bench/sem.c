/*
 * rtbench - semaphore family (latency_measure's sema_test_signal_release.c).
 *
 *   semaphore.give.immediate.kernel  one give, no waiter (count 0 -> 1)
 *   semaphore.take.immediate.kernel  one take with RTB_NO_WAIT, available (1 -> 0)
 *   semaphore.take.blocking.k_to_k   take blocks in the waiter -> the lower thread runs
 *   semaphore.give.wake+ctx.k_to_k   give in the lower thread -> the waiter's take returns
 */
#include "bench_common.h"

#define SEM_LIMIT 16u

static rtb_sem_t sem;
static struct rtb_b_pp pp;

/* Leave the semaphore at count 0: a take that does not block must fail. */
static int sem_check_empty(void)
{
    int rc = rtb_sem_take(&sem, RTB_NO_WAIT);

    if (rc == RTB_ERR_AGAIN)
        return 0;
    return rc < 0 ? rc : RTB_ERR_CHECK;
}

int rtb_bench_sem_give_immediate(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    int rc = rtb_sem_init(&sem, 0, SEM_LIMIT);

    for (i = 0; rc == 0 && i < loops; i++) {
        t0 = rtb_now();
        rc = rtb_sem_give(&sem);
        t1 = rtb_now();
        if (rc < 0)
            break;
        rc = rtb_sem_take(&sem, RTB_NO_WAIT); /* the give must have counted */
        if (rc < 0)
            break;
        rtb_sample(ctx, t0, t1);
    }
    if (rc == 0)
        rc = sem_check_empty();
    return rtb_b_result(ctx, rc, "no counting semaphore");
}

int rtb_bench_sem_take_immediate(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    int rc = rtb_sem_init(&sem, 0, SEM_LIMIT);

    for (i = 0; rc == 0 && i < loops; i++) {
        rc = rtb_sem_give(&sem);
        if (rc < 0)
            break;
        t0 = rtb_now();
        rc = rtb_sem_take(&sem, RTB_NO_WAIT);
        t1 = rtb_now();
        if (rc < 0)
            break;
        rc = sem_check_empty(); /* the take must have taken the one count */
        if (rc < 0)
            break;
        rtb_sample(ctx, t0, t1);
    }
    return rtb_b_result(ctx, rc, "no counting semaphore");
}

/* The waiter: blocks on the empty semaphore once per iteration. */
static void sem_waiter(void *arg)
{
    struct rtb_b_pp *p = arg;
    rtb_cycles_t t0, t1;
    uint32_t i;
    int rc;

    for (i = 0; !p->stop && i < p->loops; i++) {
        t0 = rtb_now();
        rc = rtb_sem_take(&sem, RTB_FOREVER);
        t1 = rtb_now();
        if (p->stop || rtb_b_pp_after(p, i, rc, t0, t1) < 0)
            break;
    }
    p->ended = 1;
}

static int sem_stop_wake(unsigned k)
{
    (void)k;
    return rtb_sem_give(&sem);
}

static int sem_pingpong(struct rtb_ctx *ctx, enum rtb_b_side side)
{
    uint32_t n = 0;
    int rc, started;

    rtb_b_pp_init(&pp, ctx, side);
    rc = rtb_sem_init(&sem, 0, SEM_LIMIT);
    if (rc < 0)
        return rtb_b_result(ctx, rc, "no counting semaphore");
    rc = rtb_b_create(&rtb_helpers[0], "rtb-sem-wait", sem_waiter, &pp, RTB_B_PRIO_HIGH, 0, 0);
    if (rc < 0)
        return rc;
    rc = rtb_thread_start(&rtb_helpers[0]); /* runs at once and blocks in its first take */
    started = rc == 0;
    while (rc == 0 && n < pp.loops && pp.consumed == n) {
        pp.woken = ++n;
        pp.mid = rtb_now();
        rc = rtb_sem_give(&sem);
    }
    rc = rtb_b_pp_finish(&pp, &rtb_helpers[0], rc, n, started, sem_stop_wake);
    if (rc == 0)
        rc = sem_check_empty();
    return rtb_b_sched_result(ctx, rc, "no counting semaphore");
}

int rtb_bench_sem_take_blocking(struct rtb_ctx *ctx)
{
    return sem_pingpong(ctx, RTB_B_BLOCKING);
}

int rtb_bench_sem_give_wake(struct rtb_ctx *ctx)
{
    return sem_pingpong(ctx, RTB_B_WAKE);
}
