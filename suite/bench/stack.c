/*
 * rtbench - stack-of-words family (latency_measure's stack.c, k_stack).
 *
 *   stack.push.immediate.kernel   one push, nobody waiting
 *   stack.pop.immediate.kernel    one pop with RTB_NO_WAIT, a word present
 *   stack.pop.blocking.k_to_k     pop blocks in the waiter -> the lower thread runs
 *   stack.push.wake+ctx.k_to_k    push in the lower thread -> the waiter's pop returns
 *
 * Before its loop every benchmark checks last-in-first-out order and that
 * the stack ends empty; every pop checks the value that was pushed.
 */
#include "bench_common.h"

#define STACK_WORDS 16u
#define STACK_VALUE(n) ((uintptr_t)0x5a000000u + (uintptr_t)(n))

static rtb_stack_t stk;
static uintptr_t stk_buf[STACK_WORDS];
static struct rtb_b_pp stk_pp;

static int stack_check_empty(void)
{
    uintptr_t v;
    int rc = rtb_stack_pop(&stk, &v, RTB_NO_WAIT);

    if (rc == RTB_ERR_AGAIN)
        return 0;
    return rc < 0 ? rc : RTB_ERR_CHECK;
}

/* Init, then push 1, 2 and pop 2, 1: the order of a stack; n/a if none. */
static int stack_setup(struct rtb_ctx *ctx)
{
    uintptr_t v = 0;
    int rc = rtb_stack_init(&stk, stk_buf, STACK_WORDS);

    if (rc == 0)
        rc = rtb_stack_push(&stk, STACK_VALUE(1));
    if (rc == 0)
        rc = rtb_stack_push(&stk, STACK_VALUE(2));
    if (rc == 0)
        rc = rtb_stack_pop(&stk, &v, RTB_NO_WAIT);
    if (rc == 0 && v != STACK_VALUE(2))
        rc = RTB_ERR_CHECK;
    if (rc == 0)
        rc = rtb_stack_pop(&stk, &v, RTB_NO_WAIT);
    if (rc == 0 && v != STACK_VALUE(1))
        rc = RTB_ERR_CHECK;
    if (rc == 0)
        rc = stack_check_empty();
    return rtb_b_result(ctx, rc, "no stack-of-words object");
}

int rtb_bench_stack_push_immediate(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    uintptr_t v = 0;
    int rc = stack_setup(ctx);

    for (i = 0; rc == 0 && i < loops; i++) {
        t0 = rtb_now();
        rc = rtb_stack_push(&stk, STACK_VALUE(i));
        t1 = rtb_now();
        if (rc == 0)
            rc = rtb_stack_pop(&stk, &v, RTB_NO_WAIT);
        if (rc == 0 && v != STACK_VALUE(i))
            rc = RTB_ERR_CHECK;
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rc;
}

int rtb_bench_stack_pop_immediate(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    uintptr_t v = 0;
    int rc = stack_setup(ctx);

    for (i = 0; rc == 0 && i < loops; i++) {
        rc = rtb_stack_push(&stk, STACK_VALUE(i));
        if (rc < 0)
            break;
        t0 = rtb_now();
        rc = rtb_stack_pop(&stk, &v, RTB_NO_WAIT);
        t1 = rtb_now();
        if (rc == 0 && v != STACK_VALUE(i))
            rc = RTB_ERR_CHECK;
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rc;
}

/* The waiter: one blocking pop per iteration; wake n pushes STACK_VALUE(n). */
static void stack_waiter(void *arg)
{
    struct rtb_b_pp *p = arg;
    rtb_cycles_t t0, t1;
    uintptr_t v;
    uint32_t i;
    int rc;

    for (i = 0; !p->stop && i < p->loops; i++) {
        v = 0;
        t0 = rtb_now();
        rc = rtb_stack_pop(&stk, &v, RTB_FOREVER);
        t1 = rtb_now();
        if (p->stop)
            break;
        if (rc == 0 && v != STACK_VALUE(i + 1))
            rc = RTB_ERR_CHECK;
        if (rtb_b_pp_after(p, i, rc, t0, t1) < 0)
            break;
    }
    p->ended = 1;
}

static int stack_stop_wake(unsigned k)
{
    return rtb_stack_push(&stk, STACK_VALUE(0xff0000u + k));
}

static int stack_pingpong(struct rtb_ctx *ctx, enum rtb_b_side side)
{
    uint32_t n = 0;
    uintptr_t next;
    int rc, started;

    rtb_b_pp_init(&stk_pp, ctx, side);
    rc = stack_setup(ctx);
    if (rc < 0)
        return rc;
    rc = rtb_b_create(&rtb_helpers[0], "rtb-stack-wait", stack_waiter, &stk_pp, RTB_B_PRIO_HIGH, 0,
                      0);
    if (rc < 0)
        return rc;
    rc = rtb_thread_start(&rtb_helpers[0]); /* runs at once and blocks in its pop */
    started = rc == 0;
    while (rc == 0 && n < stk_pp.loops && stk_pp.consumed == n) {
        next = STACK_VALUE(n + 1);
        stk_pp.woken = ++n;
        stk_pp.mid = rtb_now();
        rc = rtb_stack_push(&stk, next);
    }
    rc = rtb_b_pp_finish(&stk_pp, &rtb_helpers[0], rc, n, started, stack_stop_wake);
    if (rc == 0)
        rc = stack_check_empty();
    return rtb_b_sched_result(ctx, rc, "no stack-of-words object");
}

int rtb_bench_stack_pop_blocking(struct rtb_ctx *ctx)
{
    return stack_pingpong(ctx, RTB_B_BLOCKING);
}

int rtb_bench_stack_push_wake(struct rtb_ctx *ctx)
{
    return stack_pingpong(ctx, RTB_B_WAKE);
}
