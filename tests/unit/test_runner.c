/*
 * Unit test of suite/core/runner.c (with catalog.c, calib.c, stats.c,
 * record.c, filter.c, error.c) against a fake port and a scripted fake
 * 16-bit timer, checking what the runner prints: the H record with every
 * documented key, N records with the port's reasons, calib R records, F
 * records, flags, the E count, every record's CRC, a counter wrap measured
 * right, and no value near 2^32.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rtb/bench.h"
#include "rtb/error.h"
#include "rtb/port.h"
#include "rtb/record.h"
#include "rtb/timer.h"

/* ---- fake timer: 16 bits, advances `fake_step` ticks per read ----------- */

static uint64_t fake_now = 0xff00;   /* close to the wrap from the start */
static const uint64_t fake_step = 3; /* so the calibrated overhead is 3 */

static struct rtb_timer_desc fake_desc = {
    "fake16", 100000000u, 16, "cycles", 1, 1, 10, 1, "hw",
};

int rtb_timer_init(void)
{
    return 0;
}

rtb_cycles_t rtb_timer_read(void)
{
    fake_now += fake_step;
    return fake_now & 0xffffu; /* a real 16-bit counter: no bits above */
}

const struct rtb_timer_desc *rtb_timer_desc(void)
{
    return &fake_desc;
}

/* ---- fake port: threads, semaphores and mutexes; nothing else ------------ */

static int fake_errno;

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    switch (cap) {
    case RTB_CAP_NONE:
    case RTB_CAP_THREAD:
    case RTB_CAP_SEM:
    case RTB_CAP_MUTEX:
    case RTB_CAP_EVENTS:
    case RTB_CAP_IRQ:
    case RTB_CAP_SLEEP:
    case RTB_CAP_IRQ_LOCK:
        return 1;
    case RTB_CAP_FIFO:
        if (why_not)
            *why_not = "fake port has no FIFO";
        return 0;
    default:
        if (why_not)
            *why_not = "fake port: capability absent";
        return 0;
    }
}

static struct rtb_port_info fake_info = {
    "fake", "FakeOS", "1.2.3", "unit test board", "imaginary CPU", "fake=strict*no",
};

const struct rtb_port_info *rtb_port_info(void)
{
    return &fake_info;
}

int rtb_port_errno(void)
{
    return fake_errno;
}

static char out[1 << 20];
static size_t out_len;

void rtb_port_write(const char *s, size_t len)
{
    if (out_len + len < sizeof out) {
        memcpy(out + out_len, s, len);
        out_len += len;
        out[out_len] = '\0';
    }
}

/* ---- scripted benchmarks (override the weak dummies) -------------------- */

static unsigned sem_give_calls, sem_give_wraps;

/* semaphore.give.immediate.kernel: an "operation" of exactly 100 ticks on a
 * 16-bit counter that wraps every ~300 iterations. */
int rtb_bench_sem_give_immediate(struct rtb_ctx *ctx)
{
    uint32_t i, n = rtb_loops(ctx);
    fake_now = (fake_now | 0xffffu) - 1500; /* the wrap falls after the warm-up */
    for (i = 0; i < n; i++) {
        rtb_cycles_t t0, t1;
        t0 = rtb_now();
        fake_now += 100;
        t1 = rtb_now();
        if (t1 < t0)
            sem_give_wraps++;
        sem_give_calls++;
        rtb_sample(ctx, t0, t1);
    }
    return 0;
}

/* semaphore.give.wake+ctx.k_to_k: n/a like the other dummies, unless
 * `overrun_stack` asks it to write into the low end of helper stack
 * `overrun_stack - 1`, as a thread that outgrew RTB_CONFIG_STACK_SIZE would. */
static unsigned overrun_stack;
/* `fill_byte` (>= 0): first fill the whole of helper stack 0 with it, as a
 * kernel that fills a new thread's stack at create does (RT-Thread: '#'). */
static int fill_byte = -1;

int rtb_bench_sem_give_wake(struct rtb_ctx *ctx)
{
    uint32_t i, n = rtb_loops(ctx);
    if (!overrun_stack && fill_byte < 0)
        return rtb_na(ctx, "unit-test dummy");
    if (fill_byte >= 0)
        memset(rtb_helper_stack(0), fill_byte, RTB_CONFIG_STACK_SIZE);
    if (overrun_stack)
        ((unsigned char *)rtb_helper_stack(overrun_stack - 1u))[5] ^= 0x40u;
    for (i = 0; i < n; i++) {
        rtb_cycles_t t0 = rtb_now(), t1 = rtb_now();
        rtb_sample(ctx, t0, t1);
    }
    return 0;
}

/* events.post.immediate.kernel: windows shorter than the overhead. */
int rtb_bench_events_post_immediate(struct rtb_ctx *ctx)
{
    uint32_t i, n = rtb_loops(ctx);
    for (i = 0; i < n; i++) {
        rtb_cycles_t t0, t1;
        t0 = rtb_now();
        fake_now -= 2; /* the next read advances only 1 tick */
        t1 = rtb_now();
        rtb_sample(ctx, t0, t1);
    }
    return 0;
}

/* thread.start (RTB_NEEDS_RT): measured without RT_SCHED -> nosched. */
int rtb_bench_thread_start(struct rtb_ctx *ctx)
{
    uint32_t i, n = rtb_loops(ctx);
    for (i = 0; i < n; i++) {
        rtb_cycles_t t0, t1;
        t0 = rtb_now();
        fake_now += i % 2 ? 40 : 60;
        t1 = rtb_now();
        rtb_sample(ctx, t0, t1);
    }
    return 0;
}

/* mutex.lock: the kernel refuses -> F with the native code. */
int rtb_bench_mutex_lock_immediate(struct rtb_ctx *ctx)
{
    (void)ctx;
    fake_errno = 42;
    return RTB_ERR_PORT;
}

/* mutex.unlock: the benchmark itself says n/a. */
int rtb_bench_mutex_unlock_immediate(struct rtb_ctx *ctx)
{
    /* a general reason added on the way out (as rtb_b_result does) must not
     * replace the precise one */
    if (rtb_na(ctx, "fake: unlock=not measured") != RTB_ERR_NOTSUP)
        return RTB_ERR_PORT;
    return rtb_na(ctx, "fake: a general reason");
}

/* semaphore.take.immediate: claims success but measured nothing. */
int rtb_bench_sem_take_immediate(struct rtb_ctx *ctx)
{
    (void)ctx;
    return 0;
}

/* events.set.immediate: a value metric (rtb_set_unit/rtb_value/rtb_extra) whose
 * values come from the run-time parameters "base" and "step". */
static int values_param_rc;
int rtb_bench_events_set_immediate(struct rtb_ctx *ctx)
{
    uint32_t base, step, i;
    int rc = rtb_param_u32("base", 7, &base);

    if (rc == 0)
        rc = rtb_param_u32("step", 1, &step);
    values_param_rc = rc;
    if (rc != 0)
        return rc;
    rtb_set_unit(ctx, "ops", rtb_param_is("better", "higher") ? RTB_BETTER_HIGHER : 0);
    for (i = 0; i < 5; i++)
        rtb_value(ctx, base + i * step);
    rtb_extra(ctx, "bytes", 262144u);
    rtb_extra(ctx, "sizes", rtb_param_given("size"));
    return 0;
}

/* events.wait.immediate: a failed check of the benchmark's own, named (rtb_fail);
 * events.wait_all.immediate: a bad parameter, named, with its own error code. */
int rtb_bench_events_wait_immediate(struct rtb_ctx *ctx)
{
    return rtb_fail(ctx, 0, "fake: the counters drift apart");
}

int rtb_bench_events_wait_all_immediate(struct rtb_ctx *ctx)
{
    return rtb_fail(ctx, RTB_ERR_INVAL, "fake: size must be 1 to 8");
}

/* thread.create: rtb_value() keeps --iterations values, refuses the rest. */
static unsigned values_kept, values_refused;
int rtb_bench_thread_create(struct rtb_ctx *ctx)
{
    uint32_t i;

    values_kept = values_refused = 0;
    rtb_set_unit(ctx, "ops/period", RTB_BETTER_HIGHER);
    for (i = 0; i < 10; i++) {
        if (rtb_value(ctx, 100 + i) == 0)
            values_kept++;
        else
            values_refused++;
    }
    return 0;
}

/* semaphore.take.blocking: a point chosen by the parameters (rtb_set_id_suffix),
 * which gives a value, n/a or a failure as the parameter "outcome" says. */
int rtb_bench_sem_take_blocking(struct rtb_ctx *ctx)
{
    static const char long_suffix[] = ".a123456789.b123456789.c123456789.d123456789.e123456789";
    if (rtb_param_is("outcome", "long")) {
        rtb_set_id_suffix(ctx, long_suffix);
    } else {
        rtb_set_id_suffix(ctx, ".c4.s64");
    }
    if (rtb_param_is("outcome", "na"))
        return rtb_na(ctx, "fake: does not fit");
    if (rtb_param_is("outcome", "fail"))
        return RTB_ERR_NOMEM;
    rtb_set_unit(ctx, "B/s", RTB_BETTER_HIGHER);
    rtb_value(ctx, 1000);
    return 0;
}

/* ---- the helpers of the Rhealstone, OSEK and timer families ------------- */

/* timer.deviation: samples given in ticks, one of them negative (clamped to
 * 0), and a histogram of 4 buckets of 10. */
int rtb_bench_timer_deviation(struct rtb_ctx *ctx)
{
    uint32_t i, n = rtb_loops(ctx);
    for (i = 0; i < n; i++)
        rtb_sample_ticks(ctx, i == 5 ? -3 : (int64_t)i);
    rtb_histogram(ctx, 4, 10);
    return 0;
}

/* timer.deviation.interference: windows of 100..139 ticks in a histogram of
 * 1-tick buckets: 40 of them, over three G records. */
int rtb_bench_timer_deviation_interference(struct rtb_ctx *ctx)
{
    uint32_t i, n = rtb_loops(ctx);
    for (i = 0; i < n; i++)
        rtb_sample_ticks(ctx, 100 + (int64_t)(i % 40));
    rtb_histogram(ctx, 64, 1);
    return 0;
}

/* osek.isr1.latency: the same windows, a histogram of width chosen from the
 * data (8 buckets over min..p99) */
int rtb_bench_osek_isr1_latency(struct rtb_ctx *ctx)
{
    uint32_t i, n = rtb_loops(ctx);
    for (i = 0; i < n; i++)
        rtb_sample_ticks(ctx, 100 + (int64_t)(i % 40));
    rtb_histogram(ctx, 8, 0);
    return 0;
}

/* osek.isr1.exit: fails with a reason in words. */
int rtb_bench_osek_isr1_exit(struct rtb_ctx *ctx)
{
    return rtb_fail(ctx, RTB_ERR_CHECK, "scripted: medium ran first");
}

/* rhealstone.task_switch (RTB_KEEP_MEAN): 100-tick windows, 1000 ns. */
int rtb_bench_rhealstone_task_switch(struct rtb_ctx *ctx)
{
    uint32_t i, n = rtb_loops(ctx);
    for (i = 0; i < n; i++) {
        rtb_cycles_t t0 = rtb_now();
        fake_now += 100;
        rtb_sample(ctx, t0, rtb_now());
    }
    return 0;
}

/* rhealstone.task_switch.50: reports what rtb_kept_mean_ns_milli() says of
 * rhealstone.task_switch (kept) and of rhealstone.preemption (not measured). */
int rtb_bench_rhealstone_task_switch_50(struct rtb_ctx *ctx)
{
    uint64_t kept_ts = 0, kept_pre = 0;
    int rc_ts = rtb_kept_mean_ns_milli("rhealstone.task_switch", &kept_ts);
    int rc_pre = rtb_kept_mean_ns_milli("rhealstone.preemption", &kept_pre);
    rtb_set_unit(ctx, "ns_milli", 0);
    rtb_value(ctx, rc_ts == 0 ? (uint32_t)kept_ts : 0);
    rtb_extra(ctx, "preemption_rc", (uint64_t)(int64_t)-rc_pre);
    return 0;
}

/* ---- parsing what was printed ------------------------------------------- */

#define MAX_LINES 4096
static char *lines[MAX_LINES];
static unsigned nlines;

static void split_output(void)
{
    char *p = out;
    nlines = 0;
    while (*p && nlines < MAX_LINES) {
        char *nl = strchr(p, '\n');
        lines[nlines++] = p;
        if (!nl)
            break;
        *nl = '\0'; /* records are checked with their length below */
        p = nl + 1;
    }
}

/* Value of `key` in record `rec` (unescaped into a static buffer), or NULL. */
static const char *field(const char *rec, const char *key)
{
    static char val[512];
    size_t klen = strlen(key);
    const char *p = rec;
    while ((p = strchr(p, ' ')) != NULL) {
        p++;
        if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
            size_t n = strcspn(p + klen + 1, " ");
            if (n >= sizeof val)
                n = sizeof val - 1;
            memcpy(val, p + klen + 1, n);
            val[n] = '\0';
            rtb_rec_unescape(val);
            return val;
        }
    }
    return NULL;
}

static const char *record_of(char type, const char *id)
{
    unsigned i;
    for (i = 0; i < nlines; i++) {
        const char *id_val;
        if (strncmp(lines[i], "RTB1 ", 5) != 0 || lines[i][5] != type)
            continue;
        if (id == NULL)
            return lines[i];
        id_val = field(lines[i], "id");
        if (id_val && strcmp(id_val, id) == 0)
            return lines[i];
    }
    return NULL;
}

static int field_is(const char *rec, const char *key, const char *want)
{
    const char *v = rec ? field(rec, key) : NULL;
    return v != NULL && strcmp(v, want) == 0;
}

static const char *human_of(const char *id)
{
    unsigned i;
    size_t n = strlen(id);
    for (i = 0; i < nlines; i++)
        if (strncmp(lines[i], id, n) == 0 && lines[i][n] == ' ')
            return lines[i];
    return NULL;
}

static void run(const struct rtb_run_config *cfg, int *rc)
{
    out_len = 0;
    out[0] = '\0';
    *rc = rtb_main(cfg);
    split_output();
}

/* ---- the tests ------------------------------------------------------------ */

static void test_full_run(void)
{
    static const char *const hkeys[] = {
        "rtbench", "port",  "kernel", "kver",     "board",  "cpu",    "timer",
        "hz",      "bits",  "unit",   "ns_num",   "ns_den", "clock",  "cc",
        "cflags",  "iters", "warmup", "overhead", "sched",  "filter", "count"};
    unsigned i, k, nrec = 0, nrnf = 0, bad_crc = 0, big = 0, no_human = 0, first_rec = MAX_LINES;
    const char *h, *e, *r;
    int rc;
    char want[64];

    run(NULL, &rc);
    CHECKF(rc == RTB_ERR_CHECK,
           "rtb_main returns the first error (check, -10, of semaphore.take): %d", rc);

    for (i = 0; i < nlines; i++) {
        if (strncmp(lines[i], "RTB1 ", 5) != 0)
            continue;
        if (first_rec == MAX_LINES)
            first_rec = i;
        nrec++;
        if (rtb_rec_check(lines[i], strlen(lines[i])) != 0) {
            bad_crc++;
            printf("     bad record: %s\n", lines[i]);
        }
        if (strchr("RNF", lines[i][5])) {
            const char *id = field(lines[i], "id");
            char idc[128];
            nrnf++;
            snprintf(idc, sizeof idc, "%s", id ? id : "?");
            if (!human_of(idc)) {
                no_human++;
                printf("     no human line for %s\n", idc);
            }
        }
        if (lines[i][5] == 'R') {
            /* every number of a result far below 2^32 (the Zephyr underflow) */
            static const char *const nkeys[] = {"n", "min", "max", "p50", "p90", "p99", "p999"};
            for (k = 0; k < sizeof nkeys / sizeof nkeys[0]; k++) {
                const char *v = field(lines[i], nkeys[k]);
                if (!v || strtoull(v, NULL, 10) >= (1ull << 31)) {
                    big++;
                    printf("     %s=%s in %s\n", nkeys[k], v ? v : "(missing)", lines[i]);
                }
            }
            if (strtod(field(lines[i], "mean"), NULL) >= 2147483648.0 ||
                strtod(field(lines[i], "sd"), NULL) >= 2147483648.0)
                big++;
        }
    }
    CHECKF(nrec > 0 && bad_crc == 0, "all %u records pass rtb_rec_check", nrec);
    CHECKF(big == 0, "no value in any R record is near 2^32");
    CHECKF(no_human == 0, "every R/N/F record has its human line");

    h = record_of('H', NULL);
    CHECKF(h != NULL && h == lines[first_rec], "the H record is the first record");
    for (k = 0; h && k < sizeof hkeys / sizeof hkeys[0]; k++)
        CHECKF(field(h, hkeys[k]) != NULL, "H has key %s (%s)", hkeys[k],
               field(h, hkeys[k]) ? field(h, hkeys[k]) : "");
    CHECKF(field_is(h, "rtbench", RTB_VERSION) && field_is(h, "port", "fake") &&
               field_is(h, "kver", "1.2.3") && field_is(h, "board", "unit test board") &&
               field_is(h, "sched", "fake=strict*no"),
           "H carries the port info, escaped and restored");
    CHECKF(field_is(h, "timer", "fake16") && field_is(h, "hz", "100000000") &&
               field_is(h, "bits", "16") && field_is(h, "unit", "cycles") &&
               field_is(h, "ns_num", "10") && field_is(h, "ns_den", "1") &&
               field_is(h, "clock", "hw"),
           "H carries the timer description");
    CHECKF(field_is(h, "iters", "100") && field_is(h, "warmup", "4") &&
               field_is(h, "filter", "*") && field_is(h, "cflags", "-O1 unit test"),
           "H carries the defaults of rtb_config.h");
    CHECKF(field_is(h, "overhead", "3"), "calibrated overhead is the fake's 3 ticks per read");
    CHECKF(
        h && (strncmp(field(h, "cc"), "gcc ", 4) == 0 || strncmp(field(h, "cc"), "clang ", 6) == 0),
        "cc names the compiler: %s", h ? field(h, "cc") : "");
    snprintf(want, sizeof want, "%u", rtb_catalog_len);
    CHECKF(field_is(h, "count", want), "H count is the whole catalog (%u)", rtb_catalog_len);

    e = record_of('E', NULL);
    CHECKF(e != NULL && e == lines[nlines - 1], "the E record is the last line");
    snprintf(want, sizeof want, "%u", nrnf);
    CHECKF(field_is(e, "records", want) && nrnf == rtb_catalog_len,
           "E records=%u equals the R+N+F records printed", nrnf);
    CHECKF(field_is(e, "status", "-10"), "E status is the first error (-10)");

    /* capabilities absent -> N with the port's reason */
    r = record_of('N', "fifo.put.immediate.kernel");
    CHECKF(field_is(r, "reason", "fake port has no FIFO"),
           "missing FIFO: N with the port's reason");
    r = record_of('N', "heap.malloc.immediate");
    CHECKF(field_is(r, "reason", "fake port: capability absent"),
           "missing heap: N with the port's reason");
    r = record_of('N', "thread.suspend.kernel.from.kernel");
    CHECKF(r != NULL, "second capability (SUSPEND_SELF) absent -> N");
    r = human_of("fifo.put.immediate.kernel");
    CHECKF(r && strstr(r, " : n/a : fake port has no FIFO") != NULL, "human n/a line: %s",
           r ? r : "");
    r = record_of('N', "mutex.unlock.immediate.recursive.kernel");
    CHECKF(field_is(r, "reason", "fake: unlock=not measured"),
           "rtb_na() reason in the N record: the first one given");
    CHECKF(record_of('R', "fifo.put.immediate.kernel") == NULL,
           "no figure for a missing capability");

    /* calib: the fake counter advances only on reads, so every window is
     * exactly the overhead: all zero after subtraction */
    for (k = 0; k < 4; k++) {
        static const char *const ids[] = {"calib.empty", "calib.nop10", "calib.nop100",
                                          "calib.call"};
        r = record_of('R', ids[k]);
        CHECKF(field_is(r, "n", "100") && field_is(r, "min", "0") && field_is(r, "max", "0") &&
                   field_is(r, "mean", "0.000") && field_is(r, "flags", ""),
               "%s: R n=100 with 0 after overhead subtraction", ids[k]);
    }

    /* wrap of the 16-bit counter measured right */
    r = record_of('R', "semaphore.give.immediate.kernel");
    CHECKF(sem_give_calls == 104, "benchmark ran warm-up + iterations = 104 windows (%u)",
           sem_give_calls);
    CHECKF(sem_give_wraps > 0, "the 16-bit counter wrapped inside %u windows", sem_give_wraps);
    CHECKF(field_is(r, "n", "100") && field_is(r, "min", "100") && field_is(r, "max", "100") &&
               field_is(r, "mean", "100.000") && field_is(r, "sd", "0.000") &&
               field_is(r, "p999", "100") && field_is(r, "flags", ""),
           "every window across the wraps measures 100 ticks: %s", r ? r : "");
    r = human_of("semaphore.give.immediate.kernel");
    CHECKF(
        r && strcmp(
                 r,
                 "semaphore.give.immediate.kernel          - Give a semaphore (no waiters)        "
                 "              :     100 cycles ,    1000 ns : p50=100 p90=100 p99=100 "
                 "p99.9=100 min=100 max=100 sd=0.000 n=100") == 0,
        "human line in latency_measure's layout: %s", r ? r : "");

    r = record_of('R', "events.post.immediate.kernel");
    CHECKF(field_is(r, "flags", "clamped") && field_is(r, "max", "0"),
           "windows below the overhead: 0 and flags=clamped");
    r = record_of('R', "thread.start.kernel.from.kernel");
    CHECKF(field_is(r, "flags", "nosched") && field_is(r, "mean", "50.000") &&
               field_is(r, "sd", "10.000") && field_is(r, "p50", "40") && field_is(r, "p90", "60"),
           "RTB_NEEDS_RT without RT_SCHED: flags=nosched; 40/60 alternating: mean 50 sd 10");

    r = record_of('F', "mutex.lock.immediate.recursive.kernel");
    CHECKF(field_is(r, "err", "-9") && field_is(r, "name", "port") && field_is(r, "native", "42"),
           "port failure: F err=-9 name=port native=42");
    r = human_of("mutex.lock.immediate.recursive.kernel");
    CHECKF(r && strstr(r, " : FAILED : port (-9)") != NULL, "human FAILED line");
    r = record_of('F', "semaphore.take.immediate.kernel");
    CHECKF(field_is(r, "err", "-10") && field_is(r, "name", "check"),
           "success without samples is F check, not a figure");
}

static void test_configured_run(void)
{
    struct rtb_run_config cfg;
    const char *h, *r, *e;
    int rc;

    fake_desc.unit = "insns";
    fake_desc.unit_num = 2; /* two units per tick */
    cfg.filter = "semaphore.give.*,-*wake*";
    cfg.iterations = 5000; /* above RTB_CONFIG_MAX_SAMPLES */
    cfg.warmup = 0;
    cfg.list_only = 0;
    cfg.params = NULL;
    run(&cfg, &rc);
    h = record_of('H', NULL);
    CHECKF(rc == 0, "filtered run returns 0");
    CHECKF(field_is(h, "iters", "1000") && field_is(h, "warmup", "0") &&
               field_is(h, "count", "1") && field_is(h, "filter", "semaphore.give.*,-*wake*"),
           "iterations capped at RTB_CONFIG_MAX_SAMPLES, warm-up 0, count 1");
    r = record_of('R', "semaphore.give.immediate.kernel");
    CHECKF(field_is(r, "n", "1000") && field_is(r, "mean", "200.000") && field_is(r, "min", "200"),
           "ticks converted with unit_num/unit_den (x2): %s", r ? r : "");
    r = human_of("semaphore.give.immediate.kernel");
    CHECKF(r && strstr(r, ":     200 insns ,    2000 ns :") != NULL,
           "human line in the timer's unit");
    CHECKF(record_of('R', "semaphore.give.wake+ctx.k_to_k") == NULL &&
               record_of('N', "semaphore.give.wake+ctx.k_to_k") == NULL,
           "excluded id semaphore.give.wake+ctx.k_to_k gets no record");
    e = record_of('E', NULL);
    CHECKF(field_is(e, "records", "1") && field_is(e, "status", "0"), "E records=1 status=0");
    fake_desc.unit = "cycles";
    fake_desc.unit_num = 1;
}

/* `native` belongs to RTB_ERR_PORT only: a failure of another kind after a
 * port failure does not carry that failure's native code along. */
static void test_native_only_for_port_errors(void)
{
    struct rtb_run_config cfg;
    const char *r;
    int rc;

    fake_errno = 42; /* left over from a failed port call earlier in the run */
    memset(&cfg, 0, sizeof cfg);
    cfg.filter = "semaphore.take.immediate.kernel";
    cfg.warmup = UINT32_MAX;
    run(&cfg, &rc);
    r = record_of('F', "semaphore.take.immediate.kernel");
    CHECKF(rc == RTB_ERR_CHECK && field_is(r, "err", "-10") && field_is(r, "native", "0"),
           "F check after a port failure: native=0, not the stale 42: %s", r ? r : "");
    fake_errno = 0;
}

static void test_list_and_errors(void)
{
    struct rtb_run_config cfg;
    unsigned i, recs = 0;
    int rc;

    memset(&cfg, 0, sizeof cfg);
    cfg.warmup = UINT32_MAX;
    cfg.list_only = 1;
    run(&cfg, &rc);
    for (i = 0; i < nlines; i++)
        recs += strncmp(lines[i], "RTB1", 4) == 0;
    CHECKF(rc == 0 && nlines == rtb_catalog_len && recs == 0,
           "list prints %u catalog lines, no records", nlines);
    CHECKF(nlines > 0 && strncmp(lines[0], rtb_catalog[0].id, strlen(rtb_catalog[0].id)) == 0,
           "list starts with the first catalog id");

    fake_desc.hz = 0;
    run(NULL, &rc);
    CHECKF(rc == RTB_ERR_INVAL && nlines == 1 && strncmp(lines[0], "rtbench: error:", 15) == 0,
           "invalid timer description: one error line, RTB_ERR_INVAL, no records");
    fake_desc.hz = 100000000u;

    {
        /* a header longer than RTB_CONFIG_LINE_MAX: refused before measuring */
        static char long_kver[RTB_CONFIG_LINE_MAX + 1];
        const char *saved = fake_info.kernel_version;
        memset(long_kver, 'v', sizeof long_kver - 1);
        fake_info.kernel_version = long_kver;
        run(NULL, &rc);
        CHECKF(rc == RTB_ERR_OVERFLOW && record_of('H', NULL) == NULL &&
                   record_of('R', NULL) == NULL && nlines == 2 &&
                   strncmp(lines[1], "rtbench: error: record longer", 29) == 0,
               "header too long: RTB_ERR_OVERFLOW, an error line, no records, nothing run");
        fake_info.kernel_version = saved;
    }
}

/* A benchmark whose thread reached the low end of a helper stack fails with
 * RTB_ERR_OVERFLOW and a line naming it, whatever it measured; the next one
 * runs on a fresh guard. */
static void test_stack_guard(void)
{
    struct rtb_run_config cfg;
    const char *r;
    unsigned i;
    int rc, named = 0;

    memset(&cfg, 0, sizeof cfg);
    cfg.filter = "semaphore.give.wake+ctx.k_to_k,calib.nop10";
    cfg.warmup = UINT32_MAX;
    for (overrun_stack = 1; overrun_stack <= RTB_MAX_THREADS; overrun_stack++) {
        run(&cfg, &rc);
        r = record_of('F', "semaphore.give.wake+ctx.k_to_k");
        for (i = 0, named = 0; i < nlines; i++)
            named += strstr(lines[i], "semaphore.give.wake+ctx.k_to_k: a helper thread "
                                      "overflowed its stack") != NULL;
        CHECKF(rc == RTB_ERR_OVERFLOW && field_is(r, "err", "-8") && named == 1 &&
                   record_of('R', "semaphore.give.wake+ctx.k_to_k") == NULL,
               "stack %u overrun: F overflow (-8) and one line naming it: %s", overrun_stack - 1,
               r ? r : "");
        CHECKF(record_of('R', "calib.nop10") != NULL,
               "stack %u overrun: the next benchmark still measured", overrun_stack - 1);
    }
    overrun_stack = 0;
    run(&cfg, &rc);
    CHECKF(rc == 0 && record_of('F', NULL) == NULL, "no overrun: no failure (%d)", rc);

    /* a kernel's fill of the whole stack at create is no overflow; an overrun
     * after it still is, and so is a fill with zeros (a frame of zeros) */
    fill_byte = '#';
    run(&cfg, &rc);
    CHECKF(rc == 0 && record_of('F', NULL) == NULL &&
               record_of('R', "semaphore.give.wake+ctx.k_to_k") != NULL,
           "stack filled with '#' at create: measured, no failure (%d)", rc);
    overrun_stack = 1;
    run(&cfg, &rc);
    CHECKF(rc == RTB_ERR_OVERFLOW && record_of('F', "semaphore.give.wake+ctx.k_to_k") != NULL,
           "filled, then overrun: F overflow (%d)", rc);
    overrun_stack = 0;
    fill_byte = 0;
    run(&cfg, &rc);
    CHECKF(rc == RTB_ERR_OVERFLOW && record_of('F', "semaphore.give.wake+ctx.k_to_k") != NULL,
           "filled with zeros (what a frame could leave): F overflow (%d)", rc);
    fill_byte = -1;
}

static void test_params_and_values(void)
{
    struct rtb_run_config cfg;
    const char *r, *h;
    uint32_t v;
    int rc;

    memset(&cfg, 0, sizeof cfg);
    cfg.filter = "events.set.immediate.kernel";
    cfg.warmup = UINT32_MAX;
    fake_desc.unit = "insns";
    fake_desc.unit_num = 2; /* values are never converted */
    cfg.params = "base=2K,step=1000,better=higher";
    run(&cfg, &rc);
    h = record_of('H', NULL);
    r = record_of('R', "events.set.immediate.kernel");
    CHECKF(rc == 0 && field_is(h, "params", "base=2K,step=1000,better=higher"),
           "H record echoes params: %s", h ? h : "");
    CHECKF(field_is(r, "n", "5") && field_is(r, "min", "2048") && field_is(r, "max", "6048") &&
               field_is(r, "mean", "4048.000") && field_is(r, "unit", "ops") &&
               field_is(r, "better", "higher") && field_is(r, "bytes", "262144") &&
               field_is(r, "sizes", "0"),
           "values as given (K suffix, no x2 conversion, no warm-up), unit, better, extras: %s",
           r ? r : "");
    r = human_of("events.set.immediate.kernel");
    CHECKF(r && strstr(r, ":    4048 ops : p50=4048") != NULL, "human line: value and unit, no ns");

    cfg.params = "base=9,size=1";
    run(&cfg, &rc);
    r = record_of('R', "events.set.immediate.kernel");
    CHECKF(rc == 0 && field_is(r, "min", "9") && field_is(r, "max", "13") &&
               field_is(r, "sizes", "1") && field(r, "better") == NULL,
           "defaults for keys not given; no better= unless higher: %s", r ? r : "");

    cfg.params = "base=12x";
    run(&cfg, &rc);
    CHECKF(rc == RTB_ERR_INVAL && values_param_rc == RTB_ERR_INVAL &&
               record_of('F', "events.set.immediate.kernel") != NULL,
           "a malformed number fails the benchmark with inval");
    cfg.params = "base=99999999999";
    run(&cfg, &rc);
    CHECKF(rc == RTB_ERR_INVAL, "a number above 2^32-1 is refused");

    cfg.params = "base=1,,step=2";
    run(&cfg, &rc);
    CHECKF(rc == RTB_ERR_INVAL && record_of('H', NULL) == NULL && nlines == 1 &&
               strstr(lines[0], "are not a list of key=value") != NULL,
           "malformed params: one error line before the header, nothing run");
    CHECK(rtb_params_check("a=1,b_2=x") == 0);
    CHECK(rtb_params_check(NULL) == 0);
    CHECK(rtb_params_check("A=1") == RTB_ERR_INVAL);
    CHECK(rtb_params_check("a=1,") == RTB_ERR_INVAL);
    CHECK(rtb_params_check("a") == RTB_ERR_INVAL);
    CHECK(rtb_params_check("a=b=c") == RTB_ERR_INVAL);
    CHECK(rtb_param_u32("base", 5, &v) == 0 && v == 5); /* a refused run leaves no params in use */
    fake_desc.unit = "cycles";
    fake_desc.unit_num = 1;
}

static void test_fail_and_value_cap(void)
{
    struct rtb_run_config cfg;
    const char *r, *h;
    int rc;

    memset(&cfg, 0, sizeof cfg);
    cfg.filter = "events.wait*,thread.create*,events.set.wake*";
    cfg.iterations = 4;
    cfg.warmup = UINT32_MAX;
    run(&cfg, &rc);
    r = record_of('F', "events.wait.immediate.kernel");
    h = human_of("events.wait.immediate.kernel");
    CHECKF(rc == RTB_ERR_CHECK && field_is(r, "err", "-10") && field_is(r, "name", "check") &&
               field_is(r, "check", "fake: the counters drift apart"),
           "rtb_fail: F record names the check: %s", r ? r : "");
    CHECKF(h && strstr(h, ": FAILED : check (-10): fake: the counters drift apart") != NULL,
           "rtb_fail: the human line names the check: %s", h ? h : "");
    r = record_of('F', "events.wait_all.immediate.kernel");
    CHECKF(field_is(r, "err", "-1") && field_is(r, "name", "inval") &&
               field_is(r, "check", "fake: size must be 1 to 8"),
           "rtb_fail with another error keeps it: %s", r ? r : "");
    r = record_of('N', "events.wait.blocking.k_to_k");
    CHECKF(r && field(r, "check") == NULL, "no check= on a record without rtb_fail: %s",
           r ? r : "");
    r = record_of('R', "thread.create.kernel.from.kernel");
    CHECKF(values_kept == 4 && values_refused == 6 && field_is(r, "n", "4") &&
               field_is(r, "max", "103") && field_is(r, "unit", "ops/period"),
           "rtb_value keeps --iterations values and refuses the rest (%u kept, %u refused): %s",
           values_kept, values_refused, r ? r : "");
}

static void test_id_suffix(void)
{
    struct rtb_run_config cfg;
    const char *r;
    int rc;

    memset(&cfg, 0, sizeof cfg);
    cfg.filter = "semaphore.take.blocking.k_to_k"; /* the catalog id selects */
    cfg.warmup = UINT32_MAX;
    run(&cfg, &rc);
    r = record_of('R', "semaphore.take.blocking.k_to_k.c4.s64");
    CHECKF(rc == 0 && field_is(r, "unit", "B/s") && field_is(r, "min", "1000") &&
               record_of('R', "semaphore.take.blocking.k_to_k") == NULL,
           "a result is reported under the catalog id and the point's suffix: %s", r ? r : "");
    r = human_of("semaphore.take.blocking.k_to_k.c4.s64");
    CHECKF(r && strstr(r, " - Take a semaphore (context switch)") != NULL,
           "the human line carries the same id: %s", r ? r : "");
    cfg.params = "outcome=na";
    run(&cfg, &rc);
    r = record_of('N', "semaphore.take.blocking.k_to_k.c4.s64");
    CHECKF(rc == 0 && field_is(r, "reason", "fake: does not fit"), "n/a under the point's id: %s",
           r ? r : "");
    cfg.params = "outcome=fail";
    run(&cfg, &rc);
    r = record_of('F', "semaphore.take.blocking.k_to_k.c4.s64");
    CHECKF(rc == RTB_ERR_NOMEM && field_is(r, "name", "nomem"),
           "a failure under the point's id: %s", r ? r : "");
    cfg.params = "outcome=long";
    run(&cfg, &rc);
    r = record_of('R', NULL);
    CHECKF(r && field(r, "id") && strlen(field(r, "id")) == RTB_ID_MAX &&
               strncmp(field(r, "id"), "semaphore.take.blocking.k_to_k.a123", 35) == 0,
           "an id longer than RTB_ID_MAX is cut at %u characters", (unsigned)RTB_ID_MAX);
}

static void test_family_helpers(void)
{
    struct rtb_run_config cfg;
    const char *r, *g;
    unsigned i, n_g = 0;
    int rc;

    memset(&cfg, 0, sizeof cfg);
    cfg.filter = "timer.*,osek.isr1.*,rhealstone.task_switch*";
    cfg.iterations = 40;
    cfg.warmup = 0;
    run(&cfg, &rc);
    CHECKF(rc == RTB_ERR_CHECK, "the run returns osek.isr1.exit's error: %d", rc);

    r = record_of('R', "timer.deviation");
    CHECKF(field_is(r, "n", "40") && field_is(r, "min", "0") && field_is(r, "max", "39") &&
               field_is(r, "flags", "clamped,nosched") && field_is(r, "hist", "4"),
           "rtb_sample_ticks: as given, a negative one clamped and flagged; hist=4: %s",
           r ? r : "");
    g = record_of('G', "timer.deviation");
    CHECKF(g && rtb_rec_check(g, strlen(g)) == 0 && field_is(g, "lo", "0") &&
               field_is(g, "width", "10") && field_is(g, "first", "0") &&
               field_is(g, "c", "10,10,10,10"),
           "G record: 4 buckets of 10 from the minimum: %s", g ? g : "");
    for (i = 0; i < nlines; i++)
        if (strncmp(lines[i], "RTB1 G ", 7) == 0 && field_is(lines[i], "id", "timer.deviation"))
            CHECKF(i > 0 && strncmp(lines[i - 1], "RTB1 R id=timer.deviation ", 26) == 0,
                   "the G record follows its R record");

    r = record_of('R', "timer.deviation.interference");
    CHECKF(field_is(r, "hist", "40") && field_is(r, "flags", "nosched"),
           "40 buckets of 1 announced");
    for (i = 0; i < nlines; i++) {
        if (strncmp(lines[i], "RTB1 G ", 7) != 0 ||
            !field_is(lines[i], "id", "timer.deviation.interference"))
            continue;
        static const char *const first[] = {"0", "16", "32"};
        static const char *const c[] = {"1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
                                        "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", "1,1,1,1,1,1,1,1"};
        CHECKF(n_g < 3 && field_is(lines[i], "first", first[n_g]) &&
                   field_is(lines[i], "lo", "100") && field_is(lines[i], "c", c[n_g]),
               "G record %u of 40 one-tick buckets: %s", n_g, lines[i]);
        n_g++;
    }
    CHECKF(n_g == 3, "40 buckets take three G records of at most 16 (%u)", n_g);

    g = record_of('G', "osek.isr1.latency");
    CHECKF(field_is(record_of('R', "osek.isr1.latency"), "hist", "8") &&
               field_is(g, "width", "5") && field_is(g, "c", "5,5,5,5,5,5,5,5"),
           "width from the data: min..p99 (100..139) over 8 buckets is 5: %s", g ? g : "");

    r = record_of('F', "osek.isr1.exit");
    CHECKF(field_is(r, "err", "-10") && field_is(r, "check", "scripted: medium ran first"),
           "rtb_fail: F carries check=: %s", r ? r : "");
    r = human_of("osek.isr1.exit");
    CHECKF(r && strstr(r, "FAILED : check (-10): scripted: medium ran first") != NULL,
           "rtb_fail: the human line says why");

    r = record_of('R', "rhealstone.task_switch.50");
    CHECKF(field_is(r, "min", "1000000") && field_is(r, "preemption_rc", "5"),
           "kept mean of an RTB_KEEP_MEAN entry in ns x 1000 (100 ticks of 10 ns); one not run: "
           "notsup: %s",
           r ? r : "");
    CHECKF(record_of('E', NULL) && field_is(record_of('E', NULL), "records", "6"),
           "E counts R, N and F records, not G");
}

int main(void)
{
    test_full_run();
    test_configured_run();
    test_native_only_for_port_errors();
    test_list_and_errors();
    test_stack_guard();
    test_params_and_values();
    test_fail_and_value_cap();
    test_id_suffix();
    test_family_helpers();
    return check_summary(NULL);
}
