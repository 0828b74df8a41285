/*
 * rtbench - the runner (rtb/bench.h): the run's settings, timer-overhead
 * calibration, selection, each benchmark run with a fresh context and
 * reported, the whole framed by the H and E records. The calls a benchmark
 * makes are in bench_ctx.c, the lines and records in report.c.
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/config.h"
#include "rtb/cycle_marks.h"
#include "rtb/error.h"
#include "rtb/port.h"
#include "rtb/stats.h"
#include "rtb/timer.h"
#include "run_params.h"
#include "runner_internal.h"

/* The benchmark running now, its context and its result's number, for
 * rtb_report_fault(). */
static const struct rtb_bench_def *running;
static const struct rtb_ctx *running_ctx;
static uint32_t running_seq;

/* The empty timed window, out of line: the same code as calib.empty's
 * (suite/bench/calib.c), so that the two agree and no loop bookkeeping can
 * be scheduled between the two reads. */
static RTB_NOINLINE void empty_window(rtb_cycles_t *t0, rtb_cycles_t *t1)
{
    *t0 = rtb_now();
    *t1 = rtb_now();
}

/* Timer overhead in ticks: the minimum over RTB_CONFIG_CALIB_RUNS of the
 * empty window (t0 = rtb_now(); t1 = rtb_now();). */
static uint64_t calibrate(unsigned bits)
{
    uint64_t best = UINT64_MAX;
    unsigned i;
    RTB_CMARK_BENCH(0); /* the cycle model calibrates on the same windows */
    for (i = 0; i < RTB_CONFIG_CALIB_RUNS; i++) {
        rtb_cycles_t t0, t1;
        uint64_t d;
        empty_window(&t0, &t1);
        RTB_CMARK_WINDOW(t0, t1);
        d = rtb_delta(t0, t1, bits);
        if (d < best)
            best = d;
    }
    RTB_CMARK_BENCH_END();
    return best;
}

static int timer_desc_ok(const struct rtb_timer_desc *td)
{
    return td != NULL && td->hz > 0 && td->bits >= 1 && td->bits <= 64 && td->unit != NULL &&
           td->unit_num > 0 && td->unit_den > 0 && td->ns_num > 0 && td->ns_den > 0;
}

/* Whether the port has every capability the entry uses; *why gets the
 * port's reason for the first one missing. */
static int has_caps(const struct rtb_bench_def *b, const char **why)
{
    unsigned c;

    *why = NULL;
    for (c = RTB_CAP_NONE + 1; c < RTB_CAP_COUNT; c++)
        if ((b->caps & RTB_NEED(c)) != 0 && !rtb_port_has((enum rtb_cap)c, why))
            return 0;
    return 1;
}

/* Fault injection, to test what a board and the host make of a benchmark
 * that faults or hangs (docs/reliability.md): --params fault_at=<id> calls
 * address 0 as the benchmark starts (a processor fault: a HardFault on
 * Cortex-M, SIGSEGV on POSIX), hang_at=<id> never returns from it. */
static void (*volatile no_function)(void);

static void inject(const struct rtb_bench_def *b)
{
    if (rtb_param_is("fault_at", b->id))
        no_function();
    if (rtb_param_is("hang_at", b->id))
        for (;;) { /* a constant condition: a loop C lets run forever */
        }
}

/* Run one benchmark whose capabilities are present and report it. Returns
 * 0, the benchmark's error, or RTB_ERR_OVERFLOW if its record was dropped. */
static int run_one(const struct rtb_bench_def *b, const struct rtb_timer_desc *td,
                   uint64_t overhead, uint32_t iters, uint32_t warmup, int nosched, uint32_t seq)
{
    struct rtb_ctx ctx;
    int rc, native;

    /* which benchmark runs: a host whose timeout ends a hung target names it */
    rtb_out_line("rtbench: running ", b->id, NULL);
    rtb_ctx_init(&ctx, iters, warmup, overhead, td->bits);
    running = b;
    running_ctx = &ctx;
    running_seq = seq;
    rtb_stack_guard_set();
    inject(b);
    rc = b->fn(&ctx);
    running = NULL;
    running_ctx = NULL;
    if (!rtb_stack_guard_ok()) {
        rtb_out_line("rtbench: ", b->id,
                     ": a helper thread overflowed its stack (RTB_CONFIG_STACK_SIZE)");
        rc = RTB_ERR_OVERFLOW; /* its figures, if any, are not to be trusted */
    }
    /* the native code explains RTB_ERR_PORT only; it is sticky in the port */
    native = rc == RTB_ERR_PORT ? rtb_port_errno() : 0;
    if (rc == RTB_ERR_NOTSUP)
        return rtb_out_na(b, rtb_result_id(b, &ctx),
                          ctx.na_why ? ctx.na_why : "a port call returned notsup", seq)
                   ? 0
                   : RTB_ERR_OVERFLOW;
    if (rc == 0 && ctx.n == 0)
        rc = RTB_ERR_CHECK; /* returned success without measuring anything */
    if (rc > 0)
        rc = RTB_ERR_CHECK; /* not a valid return value */
    if (rc < 0) {
        rtb_out_failed(b, rtb_result_id(b, &ctx), rc, native, ctx.check, seq);
        return rc;
    }
    if (!rtb_out_result(b, &ctx, td, nosched, seq))
        return RTB_ERR_OVERFLOW;
    if ((b->flags & RTB_KEEP_MEAN) && ctx.unit == NULL)
        rtb_kept_add(b->id, ctx.mean_ns_milli);
    return 0;
}

/* The run's settings: the build's defaults, then what cfg gives. */
struct run_settings {
    const char *filter, *params;
    uint32_t iters, warmup;
    int samples;
};

static void settings(const struct rtb_run_config *cfg, struct run_settings *s)
{
    s->filter = RTB_CONFIG_FILTER;
    s->params = NULL;
    s->iters = RTB_CONFIG_ITERATIONS;
    s->warmup = RTB_CONFIG_WARMUP;
    s->samples = 0;
    if (cfg != NULL) {
        s->samples = cfg->samples != 0;
        if (cfg->filter != NULL)
            s->filter = cfg->filter;
        if (cfg->iterations != 0)
            s->iters = cfg->iterations;
        if (cfg->warmup != UINT32_MAX)
            s->warmup = cfg->warmup;
        if (cfg->params != NULL && cfg->params[0] != '\0')
            s->params = cfg->params;
    }
    if (s->iters > RTB_CONFIG_MAX_SAMPLES)
        s->iters = RTB_CONFIG_MAX_SAMPLES;
    if (s->warmup > UINT32_MAX - s->iters)
        s->warmup = UINT32_MAX - s->iters;
}

/* What makes a run impossible, said in one line: 0, or RTB_ERR_INVAL. The
 * number of benchmarks selected in *count. */
static int run_checks(const struct rtb_port_info *pi, const struct rtb_timer_desc *td,
                      const struct run_settings *s, uint32_t *count)
{
    unsigned i;
    if (pi == NULL || !timer_desc_ok(td)) {
        rtb_out_line(pi == NULL ? "rtbench: error: the port gave no rtb_port_info()"
                                : "rtbench: error: invalid timer description (hz, bits 1..64, "
                                  "unit, unit_num/unit_den, ns_num/ns_den must be set)",
                     NULL, NULL);
        return RTB_ERR_INVAL;
    }
    *count = 0;
    for (i = 0; i < rtb_catalog_len; i++)
        if (rtb_filter_match(s->filter, rtb_catalog[i].id))
            (*count)++;
    if (*count == 0) {
        /* A run of nothing is a mistake in the filter, not a success. */
        rtb_out_line("rtbench: error: filter '", s->filter, "' selects no benchmark");
        return RTB_ERR_INVAL;
    }
    rtb_params_use(NULL); /* nothing of an earlier run stays in use */
    if (rtb_params_check(s->params) != 0) {
        rtb_out_line("rtbench: error: parameters '", s->params,
                     "' are not a list of key=value separated by commas");
        return RTB_ERR_INVAL;
    }
    return 0;
}

int rtb_main(const struct rtb_run_config *cfg)
{
    const struct rtb_port_info *pi = rtb_port_info();
    const struct rtb_timer_desc *td = rtb_timer_desc();
    struct run_settings s;
    uint32_t count, records = 0;
    uint64_t overhead;
    int status = 0;
    unsigned i;

    settings(cfg, &s);
    if (cfg != NULL && cfg->list_only) {
        rtb_out_list(s.filter);
        return 0;
    }
    if (run_checks(pi, td, &s, &count) != 0)
        return RTB_ERR_INVAL;
    rtb_params_use(s.params);
    rtb_kept_clear(); /* nothing of an earlier run is kept */
    overhead = calibrate(td->bits);
    if (rtb_out_header(pi, td, overhead, s.iters, s.warmup, s.filter, count, s.params, s.samples) !=
        0)
        return RTB_ERR_OVERFLOW; /* without its header no record of the run is usable */

    for (i = 0; i < rtb_catalog_len; i++) {
        const struct rtb_bench_def *b = &rtb_catalog[i];
        const char *why;
        int rc;

        if (!rtb_filter_match(s.filter, b->id))
            continue;
        records++;
        RTB_TRACE("bench", i);
        RTB_CMARK_BENCH(records); /* the record's ordinal in the run, for the cycle model */
        if (!has_caps(b, &why)) {
            rc = rtb_out_na(b, b->id, why, records) ? 0 : RTB_ERR_OVERFLOW;
        } else {
            /* asked per benchmark: a port may lose strict scheduling at run time */
            int nosched = (b->flags & RTB_NEEDS_RT) && !rtb_port_has(RTB_CAP_RT_SCHED, NULL);
            rc = run_one(b, td, overhead, s.iters, s.warmup, nosched, records);
        }
        RTB_CMARK_BENCH_END();
        if (rc < 0 && status == 0)
            status = rc;
    }
    rtb_out_end(records, status);
    return status;
}

int rtb_report_fault(const char *kind, unsigned n, const char *const *keys, const uint32_t *values)
{
    int rc;
    if (running == NULL)
        return RTB_ERR_STATE;
    rc = rtb_out_fault(running, running_ctx, running_seq, kind, n, keys, values);
    if (rc == 0)
        running = NULL;
    return rc;
}
