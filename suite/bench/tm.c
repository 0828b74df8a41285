/*
 * rtbench - Thread-Metric family: the eight throughput tests of the
 * Thread-Metric suite (published with Eclipse ThreadX), written here from
 * its published description. Each test counts how many times a small
 * scenario completes in a fixed period of the target's own clock.
 *
 *   tm.basic                  one thread updates a 1024-word array with
 *                             (x + counter) ^ x, then counts one iteration
 *   tm.cooperative            five threads of equal priority: yield, count
 *   tm.preemptive             five threads of increasing priority: each
 *                             resumes the next more urgent one, counts and
 *                             suspends itself; the least urgent never suspends
 *   tm.interrupt              a thread triggers the software interrupt, whose
 *                             handler counts and gives a semaphore; the thread
 *                             takes it and counts
 *   tm.interrupt_preemption   the handler counts and resumes a more urgent
 *                             thread, which counts and suspends itself; the
 *                             interrupted thread counts
 *   tm.message                a thread sends a 16-byte message (four 32-bit
 *                             words on every ABI) to a message queue, receives
 *                             it back, checks its last word, counts
 *   tm.synchronization        a thread takes and gives a semaphore, counts
 *   tm.memory                 a thread allocates 128 bytes from the contract's
 *                             heap (rtb_malloc) and frees them, counts
 *
 * As in the original, the measuring thread (here the runner's, RTB_PRIO_MAIN)
 * is more urgent than every test thread: it sleeps one period (rtb_sleep_us),
 * wakes, reads the counters and sleeps again. A period's score is what the
 * original prints as its "Time Period Total": the growth of the counters in
 * the period, summed over the five threads for cooperative and preemptive,
 * the handler's counter for the two interrupt tests, the one thread's
 * otherwise. One rtb_value() per period (unit ops/period). The R record
 * also carries period_ms (the period asked for), per_s (the score per
 * second of the target's clock: total operations over the total time of the
 * periods as measured with rtb_now()) and, when the counter counts emulated
 * instructions (QEMU -icount), per_minsn (operations per million
 * instructions: comparable between icount shift values, where a "second" is
 * 10^9 / 2^shift instructions).
 *
 * Consistency checks, as the original's: the counters of the threads (and
 * handler) that share a test must each stay within 1 of their average
 * (cumulative counts since the start); every period must complete at least
 * one iteration (without strict priorities a period without one is n/a:
 * tm_no_progress()); the message received must be the one sent; every kernel
 * call must succeed. A failure is an F record whose check= names it.
 *
 * Run-time parameters: tm_period_ms (1..2000000, default
 * RTB_CONFIG_TM_PERIOD_MS), tm_periods (1..1000, default RTB_CONFIG_TM_PERIODS;
 * at most --iterations are kept), and the self-test tm_inject=skew (adds 4
 * to the first checked counter before the start: the counter check must
 * fail) or tm_inject=stall (the test threads are never started: the
 * progress check must fail).
 *
 * The test threads also test a stop flag once per iteration (the original's
 * loops never end): one load and one branch that every kernel pays alike.
 */
#include "bench_common.h"
#include "rtb/stats.h"
#include "rtb/tm_period.h"

#define TM_WORKERS 5u
#define TM_ISR TM_WORKERS /* counter index of the interrupt handler */
#define TM_COUNTERS (TM_WORKERS + 1u)
#define TM_BIT(i) (1u << (i))
#define TM_ALL_WORKERS (TM_BIT(TM_WORKERS) - 1u)
#define TM_PERIODS_MAX 1000u
#define TM_WARMUP_MS 10u
#define TM_BASIC_WORDS 1024u
#define TM_MSG_WORDS 4u
#define TM_MSG_SLOTS 4u
#define TM_BLOCK_BYTES 128u
/* The least urgent test thread; five levels up to RTB_B_PRIO_LOW. */
#define TM_PRIO_0 (RTB_B_PRIO_LOW - (int)TM_WORKERS + 1)

static struct tm_state {
    volatile uint32_t count[TM_COUNTERS];
    volatile int stop;        /* teardown: the test threads leave their loops */
    volatile int err;         /* first failure of a test thread or the handler */
    const char *volatile why; /* its check */
    volatile int ended[TM_WORKERS];
    int started[TM_WORKERS];
} tm;

static rtb_sem_t tm_sem;
static rtb_msgq_t tm_msgq;
static uint32_t tm_msgq_buf[TM_MSG_SLOTS * TM_MSG_WORDS];
static volatile uint32_t tm_array[TM_BASIC_WORDS];

/* A test: its threads (index 0 the least urgent), which counters make the
 * score and which must stay within 1 of their average. */
struct tm_test {
    unsigned workers;
    rtb_entry_t entry[TM_WORKERS];
    int prio[TM_WORKERS];
    unsigned score;  /* TM_BIT()s of the counters summed into the score */
    unsigned spread; /* TM_BIT()s of the counters checked against their average; 0: none */
    const char *spread_check;
    int (*setup)(void); /* the test's objects, before its threads start; NULL: none */
};

/* A test thread or the handler failed: keep the first failure. */
static void tm_fail(int rc, const char *why)
{
    if (tm.err == 0) {
        tm.why = why;
        tm.err = rc < 0 ? rc : RTB_ERR_CHECK;
    }
}

static void tm_end(void *arg)
{
    tm.ended[(uintptr_t)arg] = 1;
}

/* ---- the test threads ------------------------------------------------------ */

static void tm_basic_thread(void *arg)
{
    unsigned i;

    for (i = 0; i < TM_BASIC_WORDS; i++)
        tm_array[i] = 0;
    while (!tm.stop) {
        uint32_t c = tm.count[0];
        for (i = 0; i < TM_BASIC_WORDS; i++)
            tm_array[i] = (tm_array[i] + c) ^ tm_array[i];
        tm.count[0] = c + 1u;
    }
    tm_end(arg);
}

static void tm_coop_thread(void *arg)
{
    volatile uint32_t *count = &tm.count[(uintptr_t)arg];

    while (!tm.stop) {
        rtb_thread_yield();
        (*count)++;
    }
    tm_end(arg);
}

/* Preemptive, the least urgent thread: resume thread 1 (which runs at once
 * and returns here only when 1..4 have all suspended themselves), count. */
static void tm_pre_first(void *arg)
{
    int rc = 0;

    while (!tm.stop) {
        rc = rtb_thread_resume(&rtb_helpers[1]);
        if (rc != 0)
            break;
        tm.count[0]++;
    }
    if (rc != 0)
        tm_fail(rc, "resume of the next more urgent thread failed");
    tm_end(arg);
}

/* Preemptive, threads 1..3: suspended until resumed; resume the next,
 * count, suspend. */
static void tm_pre_middle(void *arg)
{
    uintptr_t i = (uintptr_t)arg;
    int rc = tm.stop ? 0 : rtb_thread_suspend(NULL);

    while (rc == 0 && !tm.stop) {
        rc = rtb_thread_resume(&rtb_helpers[i + 1u]);
        if (rc != 0)
            break;
        tm.count[i]++;
        rc = rtb_thread_suspend(NULL);
    }
    if (rc != 0)
        tm_fail(rc, "a preemptive thread's resume or suspend failed");
    tm_end(arg);
}

/* Preemptive, thread 4 (the most urgent), and the thread the handler resumes
 * in interrupt_preemption: suspended until resumed; count, suspend. */
static void tm_suspend_thread(void *arg)
{
    volatile uint32_t *count = &tm.count[(uintptr_t)arg];
    int rc = tm.stop ? 0 : rtb_thread_suspend(NULL);

    while (rc == 0 && !tm.stop) {
        (*count)++;
        rc = rtb_thread_suspend(NULL);
    }
    if (rc != 0)
        tm_fail(rc, "the most urgent thread's suspend of itself failed");
    tm_end(arg);
}

/* The handler of tm.interrupt: count, give the semaphore. */
static void tm_isr_give(void *arg)
{
    int rc;

    (void)arg;
    tm.count[TM_ISR]++;
    rc = rtb_sem_give(&tm_sem);
    if (rc != 0)
        tm_fail(rc, "the interrupt handler's semaphore give failed");
}

/* The handler of tm.interrupt_preemption: count, resume thread 1. */
static void tm_isr_resume(void *arg)
{
    int rc;

    (void)arg;
    tm.count[TM_ISR]++;
    rc = rtb_thread_resume(&rtb_helpers[1]);
    if (rc != 0)
        tm_fail(rc, "the interrupt handler's resume of the more urgent thread failed");
}

/* tm.interrupt's thread: interrupt, take what the handler gave, count. */
static void tm_irq_take_thread(void *arg)
{
    int rc = 0;

    while (!tm.stop) {
        rc = rtb_irq_trigger();
        if (rc != 0) {
            tm_fail(rc, "the software interrupt could not be triggered");
            break;
        }
        rc = rtb_sem_take(&tm_sem, RTB_NO_WAIT);
        if (rc != 0) {
            tm_fail(rc, "the semaphore the handler gave was not there to take");
            break;
        }
        tm.count[0]++;
    }
    tm_end(arg);
}

/* tm.interrupt_preemption's interrupted thread: interrupt (the handler's
 * resume switches to thread 1, which suspends itself again), count. */
static void tm_irq_thread(void *arg)
{
    int rc = 0;

    while (!tm.stop) {
        rc = rtb_irq_trigger();
        if (rc != 0)
            break;
        tm.count[0]++;
    }
    if (rc != 0)
        tm_fail(rc, "the software interrupt could not be triggered");
    tm_end(arg);
}

static void tm_message_thread(void *arg)
{
    uint32_t sent[TM_MSG_WORDS] = {0x11112222u, 0x33334444u, 0x55556666u, 0x77778888u};
    uint32_t received[TM_MSG_WORDS] = {0, 0, 0, 0};
    int rc;

    while (!tm.stop) {
        rc = rtb_msgq_put(&tm_msgq, sent, RTB_NO_WAIT);
        if (rc == 0)
            rc = rtb_msgq_get(&tm_msgq, received, RTB_NO_WAIT);
        if (rc != 0) {
            tm_fail(rc, "a message queue send or receive failed");
            break;
        }
        if (received[TM_MSG_WORDS - 1u] != sent[TM_MSG_WORDS - 1u]) {
            tm_fail(RTB_ERR_CHECK, "the message received is not the one sent");
            break;
        }
        sent[TM_MSG_WORDS - 1u]++;
        tm.count[0]++;
    }
    tm_end(arg);
}

static void tm_sync_thread(void *arg)
{
    int rc;

    while (!tm.stop) {
        rc = rtb_sem_take(&tm_sem, RTB_NO_WAIT);
        if (rc == 0)
            rc = rtb_sem_give(&tm_sem);
        if (rc != 0) {
            tm_fail(rc, "a semaphore take or give failed");
            break;
        }
        tm.count[0]++;
    }
    tm_end(arg);
}

static void tm_memory_thread(void *arg)
{
    void *p;

    while (!tm.stop) {
        p = rtb_malloc(TM_BLOCK_BYTES);
        if (p == NULL) {
            tm_fail(RTB_ERR_NOMEM, "rtb_malloc(128) returned NULL");
            break;
        }
        rtb_free(p);
        tm.count[0]++;
    }
    tm_end(arg);
}

/* ---- objects ------------------------------------------------------------------ */

static int tm_setup_interrupt(void)
{
    int rc = rtb_sem_init(&tm_sem, 0, 1);
    return rc != 0 ? rc : rtb_irq_install(tm_isr_give, NULL);
}

static int tm_setup_interrupt_preemption(void)
{
    return rtb_irq_install(tm_isr_resume, NULL);
}

static int tm_setup_message(void)
{
    return rtb_msgq_init(&tm_msgq, tm_msgq_buf, TM_MSG_WORDS * sizeof(uint32_t), TM_MSG_SLOTS);
}

static int tm_setup_synchronization(void)
{
    return rtb_sem_init(&tm_sem, 1, 1);
}

/* ---- the measuring side ------------------------------------------------------- */

/* 1 if every counter in `mask` is within 1 of their average (as Thread-Metric
 * checks its counters; cumulative counts). */
static int tm_spread_ok(const uint32_t *c, unsigned mask)
{
    uint64_t sum = 0, avg;
    unsigned i, k = 0;

    for (i = 0; i < TM_COUNTERS; i++)
        if (mask & TM_BIT(i)) {
            sum += c[i];
            k++;
        }
    if (k == 0)
        return 1;
    avg = sum / k;
    for (i = 0; i < TM_COUNTERS; i++)
        if ((mask & TM_BIT(i)) && (c[i] + 1ull < avg || c[i] > avg + 1u))
            return 0;
    return 1;
}

/* The growth of the counters in `mask` from `before` to `after` (each modulo 2^32). */
static uint64_t tm_growth(const uint32_t *before, const uint32_t *after, unsigned mask)
{
    uint64_t s = 0;
    unsigned i;

    for (i = 0; i < TM_COUNTERS; i++)
        if (mask & TM_BIT(i))
            s += (uint32_t)(after[i] - before[i]);
    return s;
}

/* The run's parameters, checked. */
struct tm_params {
    uint32_t period_ms, periods;
    int skew, stall;
};

static int tm_params(struct rtb_ctx *ctx, struct tm_params *p)
{
    if (rtb_param_u32("tm_period_ms", RTB_CONFIG_TM_PERIOD_MS, &p->period_ms) != 0 ||
        p->period_ms == 0 || p->period_ms > RTB_TM_PERIOD_MS_MAX)
        return rtb_fail(ctx, RTB_ERR_INVAL, "tm_period_ms must be a number from 1 to 2000000");
    if (rtb_param_u32("tm_periods", RTB_CONFIG_TM_PERIODS, &p->periods) != 0 || p->periods == 0 ||
        p->periods > TM_PERIODS_MAX)
        return rtb_fail(ctx, RTB_ERR_INVAL, "tm_periods must be a number from 1 to 1000");
    p->skew = rtb_param_is("tm_inject", "skew");
    p->stall = rtb_param_is("tm_inject", "stall");
    if (rtb_param_given("tm_inject") && !p->skew && !p->stall)
        return rtb_fail(ctx, RTB_ERR_INVAL, "tm_inject must be skew or stall");
    return 0;
}

/* Create the test's threads (not started); on a failure none is left. */
static int tm_create(const struct tm_test *t)
{
    unsigned i, k;
    int rc = 0;

    for (i = 0; i < t->workers; i++) {
        rc = rtb_b_create(&rtb_helpers[i], "rtb-tm", t->entry[i], (void *)(uintptr_t)i, t->prio[i],
                          0, i);
        if (rc != 0) {
            for (k = 0; k < i; k++)
                RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[k], 0));
            return rc;
        }
    }
    return 0;
}

/* Start them: all are less urgent than this thread, so none runs before it sleeps. */
static int tm_start(const struct tm_test *t)
{
    unsigned i;
    int rc = 0;

    for (i = 0; rc == 0 && i < t->workers; i++) {
        rc = rtb_thread_start(&rtb_helpers[i]);
        tm.started[i] = rc == 0;
    }
    return rc;
}

/* Stop the test's threads: the least urgent first (it never suspends itself;
 * once it has left, every more urgent one is suspended or ready), then each
 * of the others, resumed if it is suspended, leaves at its stop test. */
static int tm_reap(const struct tm_test *t)
{
    unsigned i;
    int rc = 0, r;

    tm.stop = 1;
    for (i = 0; i < t->workers; i++) {
        if (!tm.started[i]) { /* never started: it sees stop at once */
            r = rtb_thread_start(&rtb_helpers[i]);
            tm.started[i] = r == 0;
            if (r != 0) {
                RTB_B_KEEP(rc, r);
                RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[i], 0));
                continue;
            }
        }
        RTB_B_KEEP(rc, rtb_b_resume_join(&rtb_helpers[i]));
    }
    return rc;
}

/* What the periods measured. */
struct tm_totals {
    uint64_t ops;   /* the scores' sum */
    uint64_t ticks; /* the periods' time, in counter ticks */
};

/* A period in which no iteration completed: rtb_fail(ctx, err, check), or
 * n/a. With strict priorities nothing but the measuring thread outranks the
 * test threads: that is a failure (F, as the self-test tm_inject=stall
 * shows). Without them (POSIX without SCHED_FIFO) the kernel may give the
 * whole period to other work, here or in another process: the scheduler's
 * choice, not the kernel's failure, so n/a with the reason; with no thread
 * started (tm_inject=stall) it stays the F. The POSIX port's
 * RTB_POSIX_TEST_HOLD=rtb-tm (test only) starts the threads and holds them
 * before their entry until joined: tests/posix/test_posix.sh checks both
 * outcomes with it. RTB_OPAQUE (bench.h), so that calling it in place of
 * rtb_fail() leaves tm_run()'s code as it was: an instruction added to or
 * moved in the period loop moves the Thread-Metric scores of every kernel's
 * committed log, and a few executed after a benchmark the figures after it. */
static RTB_OPAQUE int tm_no_progress(struct rtb_ctx *ctx, int err, const char *check)
{
    if (tm.started[0] && !rtb_port_has(RTB_CAP_RT_SCHED, NULL))
        return rtb_na(ctx, "no strict priority scheduling now: a test thread completed no "
                           "iteration in a period (the scheduler ran other work)");
    return rtb_fail(ctx, err, check);
}

/* One period: sleep, read the counters, check them, record the score. `c`
 * holds the counters as read at the end of the previous period. */
static int tm_period(struct rtb_ctx *ctx, const struct tm_test *t, uint32_t period_us, uint32_t *c,
                     struct tm_totals *tot)
{
    const struct rtb_timer_desc *td = rtb_timer_desc();
    rtb_cycles_t t0 = rtb_now(), t1;
    uint32_t before[TM_COUNTERS];
    uint64_t score;
    unsigned i;
    int rc = rtb_sleep_us(period_us);

    t1 = rtb_now();
    for (i = 0; i < TM_COUNTERS; i++) {
        before[i] = c[i];
        c[i] = tm.count[i];
    }
    if (rc != 0)
        return rc;
    if (tm.err != 0)
        return rtb_fail(ctx, tm.err, tm.why);
    score = tm_growth(before, c, t->score);
    if (score == 0)
        return tm_no_progress(ctx, RTB_ERR_CHECK, "no iteration completed in a period");
    if (!tm_spread_ok(c, t->spread))
        return rtb_fail(ctx, RTB_ERR_CHECK, t->spread_check);
    if (score > UINT32_MAX)
        return rtb_fail(ctx, RTB_ERR_OVERFLOW, "a period's score exceeds 2^32-1: shorten it");
    rc = rtb_value(ctx, (uint32_t)score);
    if (rc == 0) {
        tot->ops += score;
        tot->ticks += rtb_delta(t0, t1, td->bits);
    }
    return rc;
}

/* 1 if the counter counts emulated instructions (unit "insns"): no libc here. */
static int tm_unit_is_insns(const char *u)
{
    static const char want[] = "insns";
    unsigned i;

    for (i = 0; i < sizeof want; i++)
        if (u[i] != want[i])
            return 0;
    return 1;
}

/* The normalised figures (R record extras). */
static void tm_extras(struct rtb_ctx *ctx, uint32_t period_ms, const struct tm_totals *tot)
{
    const struct rtb_timer_desc *td = rtb_timer_desc();

    rtb_extra(ctx, "period_ms", period_ms);
    if (tot->ticks == 0)
        return;
    rtb_extra(ctx, "per_s", rtb_scale(tot->ops, td->hz, tot->ticks));
    if (tm_unit_is_insns(td->unit)) {
        uint64_t insns = rtb_scale(tot->ticks, td->unit_num, td->unit_den);
        if (insns != 0)
            rtb_extra(ctx, "per_minsn", rtb_scale(tot->ops, 1000000u, insns));
    }
}

static int tm_run(struct rtb_ctx *ctx, const struct tm_test *t)
{
    struct tm_params p;
    struct tm_totals tot = {0, 0};
    uint32_t c[TM_COUNTERS], k;
    unsigned i;
    int rc = tm_params(ctx, &p);

    if (rc != 0)
        return rc;
    if (rtb_helper_stack(t->workers - 1u) == NULL)
        return rtb_na(ctx, "Thread-Metric needs 5 helper threads: raise RTB_CONFIG_MAX_THREADS");
    rtb_set_unit(ctx, "ops/period", RTB_BETTER_HIGHER);
    for (i = 0; i < TM_COUNTERS; i++)
        tm.count[i] = 0;
    for (i = 0; i < TM_WORKERS; i++) {
        tm.ended[i] = 0;
        tm.started[i] = 0;
    }
    tm.stop = 0;
    tm.err = 0;
    tm.why = NULL;
    if (t->setup != NULL && (rc = t->setup()) != 0)
        return rc;
    for (i = 0; p.skew && i < TM_COUNTERS; i++)
        if (t->spread & TM_BIT(i)) {
            tm.count[i] += 4u; /* the self-test's imbalance, on the first checked counter */
            break;
        }
    rc = tm_create(t);
    if (rc != 0)
        return rc;
    if (!p.stall)
        rc = tm_start(t);
    if (rc == 0) /* a warm-up: every thread has run before the first period */
        rc = rtb_sleep_us((p.period_ms < TM_WARMUP_MS ? p.period_ms : TM_WARMUP_MS) * 1000u);
    for (i = 0; i < TM_COUNTERS; i++)
        c[i] = tm.count[i];
    for (k = 0; rc == 0 && k < p.periods; k++)
        rc = tm_period(ctx, t, p.period_ms * 1000u, c, &tot);
    if (rc == RTB_ERR_OVERFLOW && tot.ops != 0)
        rc = 0; /* more periods than --iterations keeps: the rest were not measured */
    RTB_B_KEEP(rc, tm_reap(t));
    if (rc == 0)
        tm_extras(ctx, p.period_ms, &tot);
    return rc;
}

/* A failed counter check without strict priority scheduling (POSIX without
 * SCHED_FIFO) is n/a: the threads did not run in the order the test needs;
 * so is a resume that found its thread not suspended yet (RTB_ERR_STATE: it
 * had not run to its suspend, as a more urgent thread would have). */
static int tm_result(struct rtb_ctx *ctx, int rc, const char *why_notsup)
{
    if ((rc == RTB_ERR_CHECK || rc == RTB_ERR_STATE) && !rtb_port_has(RTB_CAP_RT_SCHED, NULL))
        return rtb_na(ctx, "no strict priority scheduling now: the test's threads did not run "
                           "in the order Thread-Metric needs");
    return rtb_b_result(ctx, rc, why_notsup);
}

/* ---- the eight tests ------------------------------------------------------------- */

#define TM_LOW RTB_B_PRIO_LOW

int rtb_bench_tm_basic(struct rtb_ctx *ctx)
{
    static const struct tm_test t = {1, {tm_basic_thread}, {TM_LOW}, TM_BIT(0), 0, NULL, NULL};
    return rtb_b_result(ctx, tm_run(ctx, &t), "no threads or no sleep");
}

int rtb_bench_tm_cooperative(struct rtb_ctx *ctx)
{
    static const struct tm_test t = {
        TM_WORKERS,
        {tm_coop_thread, tm_coop_thread, tm_coop_thread, tm_coop_thread, tm_coop_thread},
        {TM_LOW, TM_LOW, TM_LOW, TM_LOW, TM_LOW},
        TM_ALL_WORKERS,
        TM_ALL_WORKERS,
        "the five cooperative counters differ from their average by more than 1",
        NULL};
    return tm_result(ctx, tm_run(ctx, &t), "no threads or no sleep");
}

int rtb_bench_tm_preemptive(struct rtb_ctx *ctx)
{
    static const struct tm_test t = {
        TM_WORKERS,
        {tm_pre_first, tm_pre_middle, tm_pre_middle, tm_pre_middle, tm_suspend_thread},
        {TM_PRIO_0, TM_PRIO_0 + 1, TM_PRIO_0 + 2, TM_PRIO_0 + 3, TM_PRIO_0 + 4},
        TM_ALL_WORKERS,
        TM_ALL_WORKERS,
        "the five preemptive counters differ from their average by more than 1",
        NULL};
    return tm_result(ctx, tm_run(ctx, &t), "no thread suspend and resume");
}

int rtb_bench_tm_interrupt(struct rtb_ctx *ctx)
{
    static const struct tm_test t = {
        1,
        {tm_irq_take_thread},
        {TM_LOW},
        TM_BIT(TM_ISR),
        TM_BIT(0) | TM_BIT(TM_ISR),
        "the thread's and the handler's counters differ from their average by more than 1",
        tm_setup_interrupt};
    return tm_result(ctx, tm_run(ctx, &t), "no software-triggered interrupt");
}

int rtb_bench_tm_interrupt_preemption(struct rtb_ctx *ctx)
{
    static const struct tm_test t = {
        2,
        {tm_irq_thread, tm_suspend_thread},
        {TM_LOW - 1, TM_LOW},
        TM_BIT(TM_ISR),
        TM_BIT(0) | TM_BIT(1) | TM_BIT(TM_ISR),
        "the two threads' and the handler's counters differ from their average by more than 1",
        tm_setup_interrupt_preemption};
    return tm_result(ctx, tm_run(ctx, &t), "no resume of a thread from an interrupt handler");
}

int rtb_bench_tm_message(struct rtb_ctx *ctx)
{
    static const struct tm_test t = {1,    {tm_message_thread}, {TM_LOW}, TM_BIT(0), 0,
                                     NULL, tm_setup_message};
    return rtb_b_result(ctx, tm_run(ctx, &t), "no message queue");
}

int rtb_bench_tm_synchronization(struct rtb_ctx *ctx)
{
    static const struct tm_test t = {1,    {tm_sync_thread},        {TM_LOW}, TM_BIT(0), 0,
                                     NULL, tm_setup_synchronization};
    return rtb_b_result(ctx, tm_run(ctx, &t), "no semaphores");
}

int rtb_bench_tm_memory(struct rtb_ctx *ctx)
{
    static const struct tm_test t = {1, {tm_memory_thread}, {TM_LOW}, TM_BIT(0), 0, NULL, NULL};
    return rtb_b_result(ctx, tm_run(ctx, &t), "no heap");
}
