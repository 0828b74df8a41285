/*
 * rtbench - thread family (latency_measure's thread_switch_yield.c and thread.c).
 *
 *   thread.yield.{preemptive,cooperative}.ctx.k_to_k
 *       two threads of equal priority (RTB_B_PRIO_HIGH, cooperative ones with
 *       RTB_THREAD_COOP) yield to each other: from before rtb_thread_yield()
 *       in A to B's first instruction after its own yield returned.
 *   thread.create.kernel.from.kernel
 *       rtb_thread_create() of a thread of the caller's priority, not started.
 *   thread.start.kernel.from.kernel
 *       rtb_thread_start() of a created thread more urgent than the caller:
 *       from before the call to the first instruction of the new thread.
 *   thread.suspend.kernel.from.kernel
 *       the more urgent thread suspends itself: from before rtb_thread_suspend
 *       (NULL) to the lower thread running again.
 *   thread.resume.kernel.from.kernel
 *       rtb_thread_resume() of that suspended, more urgent thread: from before
 *       the call to the resumed thread's next instruction.
 *   thread.abort.kernel.from.kernel
 *       rtb_thread_abort() of a ready thread, less urgent than the caller, that
 *       has run and was preempted (it lowered its own priority).
 *
 * As in latency_measure, start and resume include the switch into the thread
 * started or resumed, suspend includes the switch out of the suspended thread.
 */
#include "bench_common.h"

/* ---- yield ------------------------------------------------------------ */

static struct yield_state {
    struct rtb_ctx *ctx;
    uint32_t loops;
    unsigned flags;
    volatile rtb_cycles_t b_stamp; /* B's timestamp after its yield returned */
    volatile uint32_t b_steps;     /* times B has run (entry or return from yield) */
    volatile int stop;             /* A is done: B leaves at its next step */
    volatile int b_started;
    volatile int a_err;
    volatile int a_ended, b_ended;
} ys;

static void yield_b_entry(void *arg)
{
    struct yield_state *s = arg;

    for (;;) {
        s->b_stamp = rtb_now();
        s->b_steps++;
        if (s->stop)
            break;
        rtb_thread_yield();
    }
    s->b_ended = 1;
}

static void yield_a_entry(void *arg)
{
    struct yield_state *s = arg;
    rtb_cycles_t t0;
    uint32_t i, seen;
    int rc;

    /* B has A's priority: starting it makes it ready, it does not run yet. */
    rc = rtb_thread_start(&rtb_helpers[1]);
    if (rc == 0) {
        s->b_started = 1;
        if (s->b_steps != 0)
            rc = RTB_ERR_CHECK; /* B ran before A yielded: not equal priorities */
    }
    for (i = 0; rc == 0 && i < s->loops; i++) {
        seen = s->b_steps;
        t0 = rtb_now();
        rtb_thread_yield();
        if (s->b_steps != seen + 1) {
            rc = RTB_ERR_CHECK; /* the yield did not switch to B exactly once */
            break;
        }
        rtb_sample(s->ctx, t0, s->b_stamp);
    }
    s->a_err = rc;
    s->stop = 1; /* B runs once more when A ends, sees it and returns */
    s->a_ended = 1;
}

static int yield_bench(struct rtb_ctx *ctx, unsigned flags)
{
    int rc;

    ys.ctx = ctx;
    ys.loops = rtb_loops(ctx);
    ys.flags = flags;
    ys.b_stamp = 0;
    ys.b_steps = 0;
    ys.stop = 0;
    ys.b_started = 0;
    ys.a_err = 0;
    ys.a_ended = 0;
    ys.b_ended = 0;

    rc =
        rtb_b_create(&rtb_helpers[1], "rtb-yield-b", yield_b_entry, &ys, RTB_B_PRIO_HIGH, flags, 1);
    if (rc < 0)
        return rtb_b_result(ctx, rc, "no cooperative threads");
    rc =
        rtb_b_create(&rtb_helpers[0], "rtb-yield-a", yield_a_entry, &ys, RTB_B_PRIO_HIGH, flags, 0);
    if (rc < 0) {
        ys.stop = 1;
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[1], 0));
        return rtb_b_result(ctx, rc, "no cooperative threads");
    }
    /* A and B are more urgent than this thread: this returns when both have
     * finished or blocked. */
    rc = rtb_thread_start(&rtb_helpers[0]);
    ys.stop = 1; /* whatever happened to A, B must not yield on for ever */
    RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], ys.a_ended));
    if (!ys.b_started) {
        ys.stop = 1; /* never started: let it run once and leave */
        RTB_B_KEEP(rc, rtb_thread_start(&rtb_helpers[1]));
    }
    RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[1], ys.b_ended));
    if (rc == 0)
        rc = ys.a_err;
    return rtb_b_sched_result(ctx, rc, "no cooperative threads");
}

int rtb_bench_yield_preemptive(struct rtb_ctx *ctx)
{
    return yield_bench(ctx, 0);
}

int rtb_bench_yield_cooperative(struct rtb_ctx *ctx)
{
    return yield_bench(ctx, RTB_THREAD_COOP);
}

/* ---- create, start, suspend, resume, abort -------------------------- */

static struct life_state {
    volatile rtb_cycles_t entry_stamp;  /* first instruction of the thread */
    volatile rtb_cycles_t before_stamp; /* just before the thread suspends itself */
    volatile rtb_cycles_t resume_stamp; /* first instruction after its suspend returned */
    volatile int phase;                 /* how far the thread got (see the entries) */
    volatile int rc;                    /* the thread's own call's result */
    volatile int ended;
} ls;

static void life_reset(void)
{
    ls.entry_stamp = 0;
    ls.before_stamp = 0;
    ls.resume_stamp = 0;
    ls.phase = 0;
    ls.rc = 0;
    ls.ended = 0;
}

/* Stamps its first instruction and returns. */
static void life_stamp_entry(void *arg)
{
    struct life_state *s = arg;

    s->entry_stamp = rtb_now();
    s->phase = 1;
    s->ended = 1;
}

int rtb_bench_thread_create(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    int rc = 0, st;

    for (i = 0; rc == 0 && i < loops; i++) {
        life_reset();
        t0 = rtb_now();
        rc = rtb_thread_create(&rtb_helpers[0], "rtb-life", life_stamp_entry, &ls, RTB_PRIO_MAIN, 0,
                               rtb_helper_stack(0), RTB_CONFIG_STACK_SIZE);
        t1 = rtb_now();
        if (rc < 0)
            break;
        /* Created, not started: a yield must not run it. */
        rtb_thread_yield();
        if (ls.phase != 0)
            rc = RTB_ERR_CHECK;
        /* Start it (equal priority: no switch) and wait for it to end; one
         * that could not be started is aborted instead. */
        st = rtb_thread_start(&rtb_helpers[0]);
        RTB_B_KEEP(rc, st);
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], st == 0));
        if (rc == 0 && ls.phase != 1)
            rc = RTB_ERR_CHECK; /* the thread created is not the one that ran */
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rc;
}

int rtb_bench_thread_start(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0;
    int rc = 0;

    for (i = 0; rc == 0 && i < loops; i++) {
        life_reset();
        rc = rtb_thread_create(&rtb_helpers[0], "rtb-life", life_stamp_entry, &ls, RTB_B_PRIO_HIGH,
                               0, rtb_helper_stack(0), RTB_CONFIG_STACK_SIZE);
        if (rc < 0)
            break;
        t0 = rtb_now();
        rc = rtb_thread_start(&rtb_helpers[0]);
        /* More urgent: it must have run (and ended) before start returned. */
        if (rc == 0 && ls.phase != 1)
            rc = RTB_ERR_CHECK;
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], ls.ended));
        if (rc == 0)
            rtb_sample(ctx, t0, ls.entry_stamp);
    }
    return rtb_b_sched_result(ctx, rc, "no threads");
}

/* Suspends itself, stamps when resumed, returns. */
static void life_suspend_entry(void *arg)
{
    struct life_state *s = arg;
    int rc;

    s->phase = 1;
    s->before_stamp = rtb_now();
    rc = rtb_thread_suspend(NULL);
    s->resume_stamp = rtb_now();
    s->rc = rc;
    s->phase = 2;
    s->ended = 1;
}

enum life_which { LIFE_SUSPEND, LIFE_RESUME };

static int suspend_resume_bench(struct rtb_ctx *ctx, enum life_which which)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t back, t0 = 0;
    int rc = 0;

    for (i = 0; rc == 0 && i < loops; i++) {
        life_reset();
        rc = rtb_thread_create(&rtb_helpers[0], "rtb-life", life_suspend_entry, &ls,
                               RTB_B_PRIO_HIGH, 0, rtb_helper_stack(0), RTB_CONFIG_STACK_SIZE);
        if (rc < 0)
            break;
        rc = rtb_thread_start(&rtb_helpers[0]); /* runs at once and suspends itself */
        back = rtb_now();
        if (rc == 0 && ls.phase == 2 && ls.rc < 0) {
            rc = ls.rc; /* its suspend was refused and it went on */
        } else if (rc == 0 && ls.phase != 1) {
            rc = RTB_ERR_CHECK; /* did not run, or did not stay suspended */
        }
        if (rc == 0) {
            t0 = rtb_now();
            rc = rtb_thread_resume(&rtb_helpers[0]); /* more urgent: runs at once and ends */
            if (rc == 0 && (ls.phase != 2 || ls.rc != 0))
                rc = RTB_ERR_CHECK;
        }
        /* One that never ran before the check failed (no strict priorities)
         * suspends itself later: resume it until it ends, never leave it
         * suspended on the stack the next benchmark creates its thread on. */
        RTB_B_KEEP(rc,
                   ls.ended ? rtb_b_reap(&rtb_helpers[0], 1) : rtb_b_resume_join(&rtb_helpers[0]));
        if (rc == 0) {
            if (which == LIFE_SUSPEND)
                rtb_sample(ctx, ls.before_stamp, back);
            else
                rtb_sample(ctx, t0, ls.resume_stamp);
        }
    }
    return rtb_b_sched_result(ctx, rc, "the kernel cannot suspend and resume a thread");
}

int rtb_bench_thread_suspend(struct rtb_ctx *ctx)
{
    return suspend_resume_bench(ctx, LIFE_SUSPEND);
}

int rtb_bench_thread_resume(struct rtb_ctx *ctx)
{
    return suspend_resume_bench(ctx, LIFE_RESUME);
}

/* Runs, lowers its own priority below its creator's (which preempts it), and
 * would mark phase 2 if it ever ran again. */
static void life_lower_entry(void *arg)
{
    struct life_state *s = arg;

    s->phase = 1;
    s->rc = rtb_thread_set_prio(NULL, RTB_B_PRIO_LOW);
    s->phase = 2;
    s->ended = 1;
}

int rtb_bench_thread_abort(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    int rc = 0;

    for (i = 0; rc == 0 && i < loops; i++) {
        life_reset();
        rc = rtb_thread_create(&rtb_helpers[0], "rtb-life", life_lower_entry, &ls, RTB_B_PRIO_HIGH,
                               0, rtb_helper_stack(0), RTB_CONFIG_STACK_SIZE);
        if (rc < 0)
            break;
        rc = rtb_thread_start(&rtb_helpers[0]); /* runs, then is preempted by this thread */
        if (rc == 0 && ls.phase != 1)
            rc = ls.phase == 2 && ls.rc < 0 ? ls.rc : RTB_ERR_CHECK;
        if (rc < 0) {
            RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], ls.ended));
            break;
        }
        t0 = rtb_now();
        rc = rtb_thread_abort(&rtb_helpers[0]);
        t1 = rtb_now();
        if (rc == RTB_ERR_NOTSUP) {
            int j = rtb_b_reap(&rtb_helpers[0], 1); /* joining lets it run to its end */

            return j < 0 ? j : rtb_na(ctx, "the kernel cannot abort another thread");
        }
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], rc == 0 ? 1 : ls.ended));
        if (rc == 0 && ls.phase != 1)
            rc = RTB_ERR_CHECK; /* it ran again after the abort */
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rtb_b_sched_result(ctx, rc, "the kernel cannot abort another thread");
}
