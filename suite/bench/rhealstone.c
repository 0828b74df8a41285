/*
 * rtbench - Rhealstone family, after Kar and Porter, "Rhealstones: a
 * real-time benchmarking proposal", Dr. Dobb's Journal, February 1989, and
 * the way multi-RTOS frameworks implement it (RTEMS' rhealstone tests,
 * r-rhealstone), with rtbench's per-sample windows (docs/benchmarks.md).
 *
 *   rhealstone.task_switch         two ready threads of equal priority yield
 *                                  to each other: from before the yield in one
 *                                  to the other's first instruction after its
 *                                  own yield returned
 *   rhealstone.task_switch.50      the same in a ring of 50 threads
 *   rhealstone.preemption          the running thread makes a more urgent one
 *                                  ready (a semaphore it waits on): from before
 *                                  the release to the urgent thread's first
 *                                  instruction (the code of
 *                                  semaphore.give.wake+ctx.k_to_k)
 *   rhealstone.interrupt_latency   from raising the interrupt to the handler's
 *                                  first instruction (osek.c: osek.isr1.latency)
 *   rhealstone.semaphore_shuffle   two equal threads pass a semaphore to each
 *                                  other; per round, the round with the
 *                                  semaphore minus the mean round of the same
 *                                  loop without it, halved (two hand-offs per
 *                                  round), as the article subtracts its loop
 *   rhealstone.deadlock_break      a high thread blocks on a mutex a low one
 *                                  holds while a medium one is ready: from
 *                                  the high thread's lock to its return, the
 *                                  low one (raised by priority inheritance)
 *                                  releasing it in between
 *   rhealstone.message_latency     a message of 8 bytes to a more urgent thread
 *                                  waiting for it: from before the put to the
 *                                  receiver's first instruction after its get
 *   rhealstone.composite           Rhealstones per second: 6 / (sum of the six
 *                                  means in seconds), the article's figure of
 *                                  merit (1 / their arithmetic mean)
 */
#include "bench_common.h"

/* ---- task switch: a ring of threads of equal priority -------------------- */

#define RING_BIG 50u
/* The threads of a ring: 50 where the build gives 50 small stacks, else only
 * the 2-thread ring (a small board keeps the RAM of 48 control blocks). */
#define RING_MAX (RTB_CONFIG_SMALL_STACKS >= RING_BIG ? RING_BIG : 2u)

static struct ring_state {
    struct rtb_ctx *ctx;
    uint32_t loops;             /* switches to record, warm-up included */
    unsigned n;                 /* threads in the ring */
    int small;                  /* on small stacks (the 50-thread ring) */
    volatile rtb_cycles_t t0;   /* before the yield, by the thread that yields */
    volatile unsigned last;     /* which thread yielded last */
    volatile uint32_t switches; /* recorded so far */
    volatile int stop;
    volatile int err;
    volatile unsigned char ended[RING_MAX];
} rs;
#if RTB_CONFIG_SMALL_STACKS >= RING_BIG
static rtb_thread_t ring_big[RING_BIG]; /* the 50-thread ring's own objects */
#endif

/* Thread i of a ring: the 50-thread ring's own object, else helper i's. */
static rtb_thread_t *ring_thread(unsigned i, int small)
{
#if RTB_CONFIG_SMALL_STACKS >= RING_BIG
    if (small)
        return &ring_big[i];
#else
    (void)small;
#endif
    return &rtb_helpers[i];
}

static void ring_entry(void *arg)
{
    struct ring_state *s = &rs;
    unsigned me = (unsigned)(uintptr_t)arg, i;
    unsigned prev = (me + s->n - 1u) % s->n;
    rtb_cycles_t t1;
    int rc = 0;

    /* Thread 0 makes the others ready; being of its priority, none runs
     * before it yields. */
    for (i = 1; me == 0 && i < s->n && rc == 0; i++)
        rc = rtb_thread_start(ring_thread(i, s->small));
    if (rc < 0) {
        s->err = rc;
        s->stop = 1;
    }
    while (!s->stop) {
        s->last = me;
        s->t0 = rtb_now();
        rtb_thread_yield();
        t1 = rtb_now();
        if (s->stop)
            break;
        if (s->last != prev) {
            s->err = RTB_ERR_CHECK; /* not the round robin of equals */
            s->stop = 1;
            break;
        }
        rtb_sample(s->ctx, s->t0, t1);
        if (++s->switches >= s->loops)
            s->stop = 1;
    }
    s->ended[me] = 1;
}

static int ring_bench(struct rtb_ctx *ctx, unsigned n, int small)
{
    unsigned i, created = 0;
    int rc = 0;

    if (small && (n > RING_MAX || rtb_helper_small_stack(n - 1u) == NULL))
        return rtb_na(ctx, "needs 50 small stacks (RTB_CONFIG_SMALL_STACKS below 50 "
                           "in this build)");
    if (!small && (rc = rtb_b_need_stacks(ctx, n)) != 0)
        return rc;
    rs.ctx = ctx;
    rs.loops = rtb_loops(ctx);
    rs.n = n;
    rs.small = small;
    rs.t0 = 0;
    rs.last = n;
    rs.switches = 0;
    rs.stop = 0;
    rs.err = 0;
    for (i = 0; i < n; i++)
        rs.ended[i] = 0;
    for (i = 0; i < n && rc == 0; i++) {
        rc = rtb_thread_create(ring_thread(i, small), "rtb-ring", ring_entry, (void *)(uintptr_t)i,
                               RTB_B_PRIO_HIGH, 0,
                               small ? rtb_helper_small_stack(i) : rtb_helper_stack(i),
                               small ? RTB_CONFIG_SMALL_STACK_SIZE : RTB_CONFIG_STACK_SIZE);
        if (rc == 0)
            created++;
    }
    /* The ring is more urgent than this thread: this returns when it has ended. */
    if (rc == 0)
        rc = rtb_thread_start(ring_thread(0, small));
    rs.stop = 1;
    /* Every thread started has ended (it ran before this one resumed); one
     * never started (thread 0 failed) is aborted. */
    for (i = 0; i < created; i++)
        RTB_B_KEEP(rc, rtb_b_reap(ring_thread(i, small), rs.ended[i]));
    if (rc == 0 && rs.err == RTB_ERR_CHECK)
        rc = rtb_fail(ctx, RTB_ERR_CHECK, "a yield returned out of the ring's round-robin order");
    else if (rc == 0)
        rc = rs.err;
    if (rc == 0 && rs.switches != rs.loops)
        rc = rtb_fail(ctx, RTB_ERR_CHECK, "the ring did not switch once per yield");
    return rtb_b_sched_result(ctx, rc, "no threads");
}

int rtb_bench_rhealstone_task_switch(struct rtb_ctx *ctx)
{
    return ring_bench(ctx, 2, 0);
}

int rtb_bench_rhealstone_task_switch_50(struct rtb_ctx *ctx)
{
    return ring_bench(ctx, RING_BIG, 1);
}

/* ---- preemption and interrupt latency: windows of other families -------- */

int rtb_bench_rhealstone_preemption(struct rtb_ctx *ctx)
{
    return rtb_bench_sem_give_wake(ctx);
}

int rtb_bench_rhealstone_interrupt_latency(struct rtb_ctx *ctx)
{
    return rtb_bench_osek_isr1_latency(ctx);
}

/* ---- semaphore shuffle ------------------------------------------------------ */

#define SH_BATCH 32u /* rounds timed per phase of a batch */
#define SH_SKIP 2u   /* first rounds of a phase not used (the threads' first entry) */
#define SH_STAMPS (SH_SKIP + SH_BATCH + 1u)

/*
 * Two threads of equal priority run the article's loop
 *     take; yield; give; yield
 * (with the semaphore), or the same loop without the take and the give.
 * Thread A stores a timestamp at one point of each round (one store, the
 * same code in both phases); the rounds are the differences. A batch runs the
 * loop without the semaphore, then with it, each for SH_BATCH timed rounds;
 * each round with it gives one sample: (round - mean round without) / 2.
 */
static struct shuffle_state {
    rtb_sem_t sem;
    int use_sem;
    uint32_t rounds; /* stamps to take in this phase */
    volatile uint32_t n;
    volatile rtb_cycles_t stamp[SH_STAMPS];
    volatile unsigned last; /* which thread was last at the top of its loop */
    volatile int stop, err;
    volatile int ended[2];
} sh;

static void shuffle_entry(void *arg)
{
    struct shuffle_state *s = &sh;
    unsigned me = (unsigned)(uintptr_t)arg;
    int rc = 0;

    if (me == 0)
        rc = rtb_thread_start(&rtb_helpers[1]); /* ready, runs at A's first yield */
    while (rc == 0) {
        /* the same bookkeeping in both phases: it cancels in the difference */
        if (s->last == me) {
            rc = RTB_ERR_CHECK; /* the two did not alternate */
            break;
        }
        s->last = me;
        if (s->use_sem && (rc = rtb_sem_take(&s->sem, RTB_FOREVER)) < 0)
            break;
        if (me == 0) {
            s->stamp[s->n] = rtb_now();
            if (++s->n == s->rounds)
                s->stop = 1;
        }
        rtb_thread_yield();
        if (s->use_sem && (rc = rtb_sem_give(&s->sem)) < 0)
            break;
        rtb_thread_yield();
        if (s->stop)
            break;
    }
    if (rc < 0 && s->err == 0)
        s->err = rc;
    s->stop = 1;
    s->ended[me] = 1;
}

/* One phase: the two threads for `rounds` stamps. 0 or the first error. */
static int shuffle_phase(int use_sem, uint32_t rounds)
{
    int rc, started;
    unsigned k;

    sh.use_sem = use_sem;
    sh.rounds = rounds;
    sh.n = 0;
    sh.last = 2;
    sh.stop = 0;
    sh.err = 0;
    sh.ended[0] = sh.ended[1] = 0;
    rc = rtb_sem_init(&sh.sem, 1, 1);
    if (rc < 0)
        return rc;
    rc = rtb_b_create(&rtb_helpers[1], "rtb-shuffle-b", shuffle_entry, (void *)(uintptr_t)1u,
                      RTB_B_PRIO_HIGH, 0, 1);
    if (rc < 0)
        return rc;
    rc = rtb_b_create(&rtb_helpers[0], "rtb-shuffle-a", shuffle_entry, (void *)(uintptr_t)0u,
                      RTB_B_PRIO_HIGH, 0, 0);
    if (rc < 0) {
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[1], 0));
        return rc;
    }
    rc = rtb_thread_start(&rtb_helpers[0]); /* both more urgent: they run to the end */
    started = rc == 0;
    sh.stop = 1;
    /* A thread left blocked in its take by a failure: release it. */
    for (k = 0; k < RTB_B_STOP_WAKES && started && !(sh.ended[0] && sh.ended[1]); k++)
        (void)rtb_sem_give(&sh.sem);
    RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], sh.ended[0]));
    if (!started)
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[1], 0));
    else
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[1], sh.ended[1]));
    if (rc == 0)
        rc = sh.err;
    if (rc == 0 && sh.n != rounds)
        rc = RTB_ERR_CHECK;
    /* With the semaphore, every take was matched by a give: one count left. */
    if (rc == 0 && use_sem) {
        rc = rtb_sem_take(&sh.sem, RTB_NO_WAIT);
        if (rc == 0 && rtb_sem_take(&sh.sem, RTB_NO_WAIT) != RTB_ERR_AGAIN)
            rc = RTB_ERR_CHECK;
    }
    return rc;
}

int rtb_bench_rhealstone_semaphore_shuffle(struct rtb_ctx *ctx)
{
    uint32_t loops = rtb_loops(ctx), done = 0, i, batch;
    unsigned bits = rtb_timer_desc()->bits;
    int64_t base_sum;
    int rc;

    if ((rc = rtb_b_need_stacks(ctx, 2)) != 0)
        return rc;
    for (rc = 0; rc == 0 && done < loops; done += batch) {
        batch = loops - done < SH_BATCH ? loops - done : SH_BATCH;
        /* the loop's own cost: the same loop without the semaphore */
        rc = shuffle_phase(0, SH_SKIP + batch + 1u);
        base_sum = 0;
        for (i = SH_SKIP; rc == 0 && i < SH_SKIP + batch; i++)
            base_sum += (int64_t)rtb_delta(sh.stamp[i], sh.stamp[i + 1], bits);
        if (rc == 0)
            rc = shuffle_phase(1, SH_SKIP + batch + 1u);
        for (i = SH_SKIP; rc == 0 && i < SH_SKIP + batch; i++) {
            /* (round - base_sum / batch) / 2, rounded to nearest, in ticks */
            int64_t num = (int64_t)rtb_delta(sh.stamp[i], sh.stamp[i + 1], bits) * batch - base_sum;
            int64_t den = 2 * (int64_t)batch;
            rtb_sample_ticks(ctx, (num >= 0 ? num + den / 2 : num - den / 2) / den);
        }
    }
    return rtb_b_sched_result(ctx, rc, "no counting semaphore");
}

/* ---- deadlock break ------------------------------------------------------------ */

#define DL_LOW (RTB_PRIO_MAIN + 1)
#define DL_MEDIUM (RTB_PRIO_MAIN + 2)
#define DL_HIGH (RTB_PRIO_MAIN + 3)

/*
 * Per iteration: low locks the mutex and wakes high (which preempts it);
 * high wakes medium (less urgent than high: it only becomes ready), then
 * locks the mutex and blocks. Low and medium are ready: with priority
 * inheritance low runs at high's priority, unlocks, and high returns from
 * its lock before medium has run; without it medium runs first. Then high
 * unlocks and waits, medium runs once and waits, low goes round again.
 */
static struct dl_state {
    struct rtb_ctx *ctx;
    uint32_t loops;
    rtb_mutex_t mx;
    rtb_sem_t wake_high, wake_medium;
    volatile uint32_t medium_runs; /* times medium ran */
    volatile int inverted;         /* medium ran while high waited for the mutex */
    volatile int stop, err;
    volatile int ended[3];
} dl;

static void dl_keep(int rc)
{
    if (rc < 0 && dl.err == 0)
        dl.err = rc;
}

static void dl_high(void *arg)
{
    struct dl_state *s = arg;
    rtb_cycles_t t0, t1;
    uint32_t i, seen;
    int rc;

    for (i = 0;; i++) {
        rc = rtb_sem_take(&s->wake_high, RTB_FOREVER);
        if (rc < 0 || s->stop) {
            dl_keep(rc);
            break;
        }
        seen = s->medium_runs;
        rc = rtb_sem_give(&s->wake_medium); /* medium ready, not running */
        t0 = rtb_now();
        if (rc == 0)
            rc = rtb_mutex_lock(&s->mx, RTB_FOREVER); /* held by low: blocks */
        t1 = rtb_now();
        if (rc < 0) {
            dl_keep(rc);
            continue;
        }
        if (s->medium_runs != seen)
            s->inverted = 1;
        else
            rtb_sample(s->ctx, t0, t1);
        dl_keep(rtb_mutex_unlock(&s->mx));
    }
    s->ended[2] = 1;
}

static void dl_medium(void *arg)
{
    struct dl_state *s = arg;
    int rc;

    for (;;) {
        rc = rtb_sem_take(&s->wake_medium, RTB_FOREVER);
        if (rc < 0 || s->stop) {
            dl_keep(rc);
            break;
        }
        s->medium_runs++;
    }
    s->ended[1] = 1;
}

static void dl_low(void *arg)
{
    struct dl_state *s = arg;
    uint32_t i;
    int rc = 0;

    for (i = 0; i < s->loops && rc == 0 && s->err == 0 && !s->inverted; i++) {
        rc = rtb_mutex_lock(&s->mx, RTB_FOREVER); /* free: does not block */
        if (rc < 0)
            break;
        rc = rtb_sem_give(&s->wake_high);         /* high preempts here and blocks on the mutex */
        RTB_B_KEEP(rc, rtb_mutex_unlock(&s->mx)); /* hands it to high */
        if (rc == 0 && s->medium_runs != i + 1)
            rc = RTB_ERR_CHECK; /* high or medium did not run their part */
    }
    dl_keep(rc);
    s->stop = 1;
    dl_keep(rtb_sem_give(&s->wake_high));
    dl_keep(rtb_sem_give(&s->wake_medium));
    s->ended[0] = 1;
}

int rtb_bench_rhealstone_deadlock_break(struct rtb_ctx *ctx)
{
    static const rtb_entry_t entry[3] = {dl_low, dl_medium, dl_high};
    static const int prio[3] = {DL_LOW, DL_MEDIUM, DL_HIGH};
    unsigned i, created = 0, started = 0;
    int rc;

    if ((rc = rtb_b_need_stacks(ctx, 3)) != 0)
        return rc;
    dl.ctx = ctx;
    dl.loops = rtb_loops(ctx);
    dl.medium_runs = 0;
    dl.inverted = 0;
    dl.stop = 0;
    dl.err = 0;
    dl.ended[0] = dl.ended[1] = dl.ended[2] = 0;
    rc = rtb_mutex_init(&dl.mx);
    if (rc == 0)
        rc = rtb_sem_init(&dl.wake_high, 0, 1);
    if (rc == 0)
        rc = rtb_sem_init(&dl.wake_medium, 0, 1);
    for (i = 0; i < 3 && rc == 0; i++) {
        rc = rtb_b_create(&rtb_helpers[i], "rtb-deadlock", entry[i], &dl, prio[i], 0, i);
        if (rc == 0)
            created++;
    }
    /* high, then medium wait for their semaphores; low runs the iterations
     * (all three above this thread: the start of low returns at the end) */
    for (i = created; rc == 0 && i-- > 0;) {
        rc = rtb_thread_start(&rtb_helpers[i]);
        if (rc == 0)
            started++;
    }
    dl.stop = 1;
    if (started < 3) { /* low did not run: release the waiting ones */
        (void)rtb_sem_give(&dl.wake_high);
        (void)rtb_sem_give(&dl.wake_medium);
    }
    for (i = 0; i < created; i++)
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[i], dl.ended[i]));
    if (rc == 0 && dl.inverted)
        return rtb_port_has(RTB_CAP_RT_SCHED, NULL)
                   ? rtb_fail(ctx, RTB_ERR_CHECK,
                              "the medium thread ran while the high one waited for the mutex "
                              "the low one held: no priority inheritance")
                   : rtb_na(ctx, "no strict priority scheduling now: the threads did not run "
                                 "in the order measured");
    if (rc == 0)
        rc = dl.err;
    return rtb_b_sched_result(ctx, rc, "no mutex");
}

/* ---- message latency ---------------------------------------------------------- */

#define MSG_WORDS 2u

static rtb_msgq_t msg_q;
static uint32_t msg_buf[4 * MSG_WORDS];
static struct rtb_b_pp msg_pp;

/* The receiver: waits for each message, checks it after its timestamp. */
static void msg_receiver(void *arg)
{
    struct rtb_b_pp *p = arg;
    uint32_t msg[MSG_WORDS], i;
    rtb_cycles_t t1;
    int rc;

    for (i = 0; !p->stop && i < p->loops; i++) {
        rc = rtb_msgq_get(&msg_q, msg, RTB_FOREVER);
        t1 = rtb_now();
        if (p->stop)
            break;
        if (rc == 0 && (msg[0] != i + 1u || msg[1] != ~(i + 1u)))
            rc = RTB_ERR_CHECK; /* not the message sent */
        if (rtb_b_pp_after(p, i, rc, 0, t1) < 0)
            break;
    }
    p->ended = 1;
}

static int msg_stop_wake(unsigned k)
{
    uint32_t msg[MSG_WORDS] = {0, 0};
    (void)k;
    return rtb_msgq_put(&msg_q, msg, RTB_NO_WAIT);
}

int rtb_bench_rhealstone_message_latency(struct rtb_ctx *ctx)
{
    uint32_t msg[MSG_WORDS], n = 0;
    int rc, started;

    rtb_b_pp_init(&msg_pp, ctx, RTB_B_WAKE);
    rc = rtb_msgq_init(&msg_q, msg_buf, sizeof msg, 4);
    if (rc < 0)
        return rtb_b_result(ctx, rc, "no message queue");
    rc =
        rtb_b_create(&rtb_helpers[0], "rtb-msg-recv", msg_receiver, &msg_pp, RTB_B_PRIO_HIGH, 0, 0);
    if (rc < 0)
        return rc;
    rc = rtb_thread_start(&rtb_helpers[0]); /* runs at once and waits for the first message */
    started = rc == 0;
    while (rc == 0 && n < msg_pp.loops && msg_pp.consumed == n) {
        msg_pp.woken = ++n;
        msg[0] = n;
        msg[1] = ~n;
        msg_pp.mid = rtb_now();
        rc = rtb_msgq_put(&msg_q, msg, RTB_FOREVER);
    }
    rc = rtb_b_pp_finish(&msg_pp, &rtb_helpers[0], rc, n, started, msg_stop_wake);
    return rtb_b_sched_result(ctx, rc, "no message queue");
}

/* ---- the composite: Rhealstones per second ----------------------------------- */

static const char *const rh_ids[6] = {
    "rhealstone.task_switch",       "rhealstone.preemption",     "rhealstone.interrupt_latency",
    "rhealstone.semaphore_shuffle", "rhealstone.deadlock_break", "rhealstone.message_latency",
};
static const char *const rh_keys[6] = {
    "task_switch_ns",       "preemption_ns",     "interrupt_latency_ns",
    "semaphore_shuffle_ns", "deadlock_break_ns", "message_latency_ns",
};
static const char *const rh_missing[6] = {
    "needs rhealstone.task_switch measured earlier in this run",
    "needs rhealstone.preemption measured earlier in this run",
    "needs rhealstone.interrupt_latency measured earlier in this run",
    "needs rhealstone.semaphore_shuffle measured earlier in this run",
    "needs rhealstone.deadlock_break measured earlier in this run",
    "needs rhealstone.message_latency measured earlier in this run",
};

int rtb_bench_rhealstone_composite(struct rtb_ctx *ctx)
{
    uint64_t t[6], sum = 0, rps;
    unsigned i;

    for (i = 0; i < 6; i++) {
        if (rtb_kept_mean_ns_milli(rh_ids[i], &t[i]) != 0)
            return rtb_na(ctx, rh_missing[i]);
        sum += t[i];
    }
    if (sum == 0)
        return rtb_na(ctx, "the six Rhealstone figures are all 0 ns");
    /* 1 / ((t1 + ... + t6) / 6) with t in seconds; sum is ns x 1000 */
    rps = (6000000000000ull + sum / 2u) / sum;
    rtb_set_unit(ctx, "rhealstones/s", RTB_BETTER_HIGHER);
    rtb_value(ctx, rps > UINT32_MAX ? UINT32_MAX : (uint32_t)rps);
    for (i = 0; i < 6; i++)
        rtb_extra(ctx, rh_keys[i], (t[i] + 500u) / 1000u);
    return 0;
}
