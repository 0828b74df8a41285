/*
 * rtbench - the runner (rtb/bench.h): timer-overhead calibration, selection,
 * one human line and one record per benchmark, framed by the H and E records.
 *
 * No printf and no allocation: lines are built with the helpers of
 * record.c in one static buffer and written with rtb_port_write(). Nothing
 * is formatted while a benchmark is running; rtb_sample() only does integer
 * arithmetic and a store.
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/config.h"
#include "rtb/cycle_marks.h"
#include "rtb/error.h"
#include "rtb/port.h"
#include "rtb/record.h"
#include "rtb/stats.h"
#include "rtb/timer.h"
#include "run_params.h"

#if defined(__clang__)
#define RTB_CC "clang " __VERSION__
#elif defined(__GNUC__)
#define RTB_CC "gcc " __VERSION__
#elif defined(__VERSION__)
#define RTB_CC __VERSION__
#else
#define RTB_CC "unknown"
#endif

#define ID_WIDTH 40
#define DESC_WIDTH 50
#define NUM_WIDTH 7

struct rtb_ctx {
    uint32_t loops;      /* warm-up + measured */
    uint32_t warmup;     /* first samples to discard */
    uint32_t seen;       /* rtb_sample() calls so far */
    uint32_t n;          /* samples kept */
    uint32_t *samples;   /* RTB_CONFIG_MAX_SAMPLES entries */
    uint32_t cap;        /* measured iterations wanted (<= RTB_CONFIG_MAX_SAMPLES) */
    uint64_t overhead;   /* ticks */
    unsigned bits;       /* counter width */
    uint32_t clamped;    /* samples below the overhead */
    uint32_t saturated;  /* samples above 2^32-1 ticks */
    const char *na_why;  /* set by rtb_na() */
    const char *check;   /* set by rtb_fail(): the check that failed */
    const char *unit;    /* rtb_set_unit(): samples are values in this unit; NULL = timed windows */
    unsigned unit_flags; /* RTB_BETTER_HIGHER */
    const char *id_suffix; /* rtb_set_id_suffix(): appended to the catalog id, or NULL */
    unsigned n_extras;     /* rtb_extra() pairs kept */
    const char *extra_key[RTB_MAX_EXTRAS];
    uint64_t extra_value[RTB_MAX_EXTRAS];
    unsigned hist_buckets;  /* rtb_histogram(): 0 = none */
    uint32_t hist_width;    /* 0 = from the data */
    uint64_t mean_ns_milli; /* set by report_result (for RTB_KEEP_MEAN) */
};

/* The means kept for later benchmarks of the run (RTB_KEEP_MEAN). */
static struct {
    const char *id;
    uint64_t ns_milli;
} kept[RTB_KEPT_MAX];
static unsigned n_kept;

static uint32_t sample_buf[RTB_CONFIG_MAX_SAMPLES];

/* Helper-thread stacks; a union with uint64_t gives the 8-byte alignment. */
union rtb_stack_mem {
    uint64_t align;
    unsigned char bytes[RTB_CONFIG_STACK_SIZE];
};
static union rtb_stack_mem stacks[RTB_MAX_THREADS];

/* The low end of every helper stack holds a pattern while a benchmark runs
 * (stacks grow down on every target rtbench runs on): a benchmark whose
 * threads reached it needed more than RTB_CONFIG_STACK_SIZE bytes - which a
 * small board keeps small - and has overwritten whatever lies below. It is
 * reported as failed (overflow) rather than left to corrupt the next one.
 * Checked after the benchmark: detection, not protection (no MPU is used). */
#define STACK_GUARD_WORDS 8u
#define STACK_GUARD 0x5AC4F00Du

static void stack_guard_set(void)
{
    unsigned i, w;
    for (i = 0; i < RTB_MAX_THREADS; i++)
        for (w = 0; w < STACK_GUARD_WORDS; w++)
            ((volatile uint32_t *)(void *)stacks[i].bytes)[w] = STACK_GUARD;
}

static int stack_guard_ok(void)
{
    unsigned i, w;
    for (i = 0; i < RTB_MAX_THREADS; i++)
        for (w = 0; w < STACK_GUARD_WORDS; w++)
            if (((volatile uint32_t *)(void *)stacks[i].bytes)[w] != STACK_GUARD)
                return 0;
    return 1;
}

#if RTB_CONFIG_SMALL_STACKS > 0
union rtb_small_stack_mem {
    uint64_t align;
    unsigned char bytes[RTB_CONFIG_SMALL_STACK_SIZE];
};
static union rtb_small_stack_mem small_stacks[RTB_CONFIG_SMALL_STACKS];
#endif

static char line_buf[RTB_CONFIG_LINE_MAX];
/* The id a result is reported under: the catalog id and a point's suffix. */
static char id_buf[RTB_ID_MAX + 1];

/* The numbering of the run's results (docs/records.md, "Completeness"):
 * the header's CRC, carried by every later record of the run as hdr=, and
 * the benchmark running now with its number, for rtb_report_fault(). */
static char hdr_tag[9];
static const struct rtb_bench_def *running;
static const struct rtb_ctx *running_ctx; /* its context: the id's point suffix */
static uint32_t running_seq;

/* ---- API for the benchmarks --------------------------------------------- */

uint32_t rtb_loops(const struct rtb_ctx *ctx)
{
    return ctx->loops;
}

void rtb_sample(struct rtb_ctx *ctx, rtb_cycles_t t0, rtb_cycles_t t1)
{
    uint32_t seen = ctx->seen++;
    if (seen < ctx->warmup || ctx->n >= ctx->cap)
        return;
    ctx->samples[ctx->n++] = rtb_sub_overhead(rtb_delta(t0, t1, ctx->bits), ctx->overhead,
                                              &ctx->clamped, &ctx->saturated);
    RTB_CM_WINDOW(t0, t1); /* the same window for the cycle model (rtb/cycle_marks.h) */
}

void rtb_sample_ticks(struct rtb_ctx *ctx, int64_t ticks)
{
    uint32_t seen = ctx->seen++;
    if (seen < ctx->warmup || ctx->n >= ctx->cap)
        return;
    if (ticks < 0) {
        ctx->clamped++;
        ticks = 0;
    } else if ((uint64_t)ticks > UINT32_MAX) {
        ctx->saturated++;
        ticks = UINT32_MAX;
    }
    ctx->samples[ctx->n++] = (uint32_t)ticks;
}

uint64_t rtb_overhead_ticks(const struct rtb_ctx *ctx)
{
    return ctx->overhead;
}

int rtb_na(struct rtb_ctx *ctx, const char *why)
{
    /* the first reason is the precise one: rtb_b_result() may add a general one */
    if (ctx->na_why == NULL)
        ctx->na_why = why;
    return RTB_ERR_NOTSUP;
}

int rtb_fail(struct rtb_ctx *ctx, int err, const char *check)
{
    ctx->check = check;
    return err < 0 ? err : RTB_ERR_CHECK;
}

void rtb_histogram(struct rtb_ctx *ctx, unsigned buckets, uint32_t width)
{
    if (buckets > RTB_HIST_MAX_BUCKETS)
        buckets = RTB_HIST_MAX_BUCKETS;
    ctx->hist_buckets = buckets;
    ctx->hist_width = width;
}

int rtb_kept_mean_ns_milli(const char *id, uint64_t *ns_milli)
{
    unsigned i;
    for (i = 0; i < n_kept; i++) {
        const char *a = kept[i].id, *b = id;
        while (*a && *a == *b) {
            a++;
            b++;
        }
        if (*a == *b) {
            *ns_milli = kept[i].ns_milli;
            return 0;
        }
    }
    return RTB_ERR_NOTSUP;
}

void *rtb_stack(unsigned index)
{
    if (index >= RTB_MAX_THREADS)
        return NULL;
    return stacks[index].bytes;
}

void *rtb_small_stack(unsigned index)
{
#if RTB_CONFIG_SMALL_STACKS > 0
    if (index < RTB_CONFIG_SMALL_STACKS)
        return small_stacks[index].bytes;
#else
    (void)index;
#endif
    return NULL;
}

void rtb_set_unit(struct rtb_ctx *ctx, const char *unit, unsigned flags)
{
    ctx->unit = unit;
    ctx->unit_flags = flags;
}

int rtb_value(struct rtb_ctx *ctx, uint32_t v)
{
    if (ctx->n >= ctx->cap)
        return RTB_ERR_OVERFLOW;
    ctx->samples[ctx->n++] = v;
    return 0;
}

void rtb_set_id_suffix(struct rtb_ctx *ctx, const char *suffix)
{
    ctx->id_suffix = suffix;
}

void rtb_extra(struct rtb_ctx *ctx, const char *key, uint64_t value)
{
    if (ctx->n_extras >= RTB_MAX_EXTRAS)
        return;
    ctx->extra_key[ctx->n_extras] = key;
    ctx->extra_value[ctx->n_extras] = value;
    ctx->n_extras++;
}

/* ---- building human lines ----------------------------------------------- */

struct line {
    size_t len;
};

static void line_reset(struct line *l)
{
    l->len = 0;
    line_buf[0] = '\0';
}

static void line_pad(struct line *l, const char *s, size_t width, int right)
{
    l->len += rtb_fmt_pad(line_buf + l->len, sizeof line_buf - l->len, s, width, right);
}

static void line_str(struct line *l, const char *s)
{
    line_pad(l, s, 0, 0);
}

static void line_u64(struct line *l, uint64_t v, size_t width)
{
    char num[24];
    rtb_fmt_u64(num, v);
    line_pad(l, num, width, 1);
}

static void line_i64(struct line *l, int64_t v)
{
    if (v < 0) {
        line_str(l, "-");
        line_u64(l, (uint64_t)0 - (uint64_t)v, 0);
    } else {
        line_u64(l, (uint64_t)v, 0);
    }
}

static void line_kv(struct line *l, const char *key, uint64_t v)
{
    line_str(l, " ");
    line_str(l, key);
    line_str(l, "=");
    line_u64(l, v, 0);
}

static void line_emit(struct line *l)
{
    /* always end with a newline, even if the text had to be cut */
    if (l->len + 1 >= sizeof line_buf)
        l->len = sizeof line_buf - 2;
    line_buf[l->len++] = '\n';
    line_buf[l->len] = '\0';
    rtb_port_write(line_buf, l->len);
}

/* The id of a result: the catalog's, with the point's suffix if the
 * benchmark set one (cut at RTB_ID_MAX characters). */
static const char *result_id(const struct rtb_bench_def *b, const struct rtb_ctx *ctx)
{
    size_t n;
    if (ctx == NULL || ctx->id_suffix == NULL)
        return b->id;
    n = rtb_fmt_pad(id_buf, sizeof id_buf, b->id, 0, 0);
    rtb_fmt_pad(id_buf + n, sizeof id_buf - n, ctx->id_suffix, 0, 0);
    return id_buf;
}

/* "<id padded to 40> - <desc padded to 50> :" */
static void line_head(struct line *l, const struct rtb_bench_def *b, const char *id)
{
    line_reset(l);
    line_pad(l, id, ID_WIDTH, 0);
    line_str(l, " - ");
    line_pad(l, b->desc, DESC_WIDTH, 0);
    line_str(l, " :");
}

/* ---- records ---------------------------------------------------------------- */

/* The keys that number a result of the run: seq=K hdr=<header CRC>. */
static void rec_number(struct rtb_rec *r, uint32_t seq)
{
    rtb_rec_u64(r, "seq", seq);
    rtb_rec_str(r, "hdr", hdr_tag);
}

/* Finish and write a record; 1 if written, 0 if it did not fit (a cut
 * record is never emitted: it still counts in E, so the reader sees it lost). */
static unsigned rec_emit(struct rtb_rec *r)
{
    int len = rtb_rec_end(r);
    if (len < 0) {
        static const char msg[] = "rtbench: error: record longer than RTB_CONFIG_LINE_MAX "
                                  "(raise it in rtb_config.h), dropped\n";
        rtb_port_write(msg, sizeof msg - 1);
        return 0;
    }
    rtb_port_write(line_buf, (size_t)len);
    return 1;
}

static RTB_NOINLINE unsigned report_na(const struct rtb_bench_def *b, const char *id,
                                       const char *why, uint32_t seq)
{
    struct line l;
    struct rtb_rec r;
    if (why == NULL || why[0] == '\0')
        why = "not supported by the port";
    line_head(&l, b, id);
    line_str(&l, " n/a : ");
    line_str(&l, why);
    line_emit(&l);
    rtb_rec_begin(&r, line_buf, sizeof line_buf, 'N');
    rtb_rec_str(&r, "id", id);
    rtb_rec_str(&r, "reason", why);
    rec_number(&r, seq);
    return rec_emit(&r);
}

static RTB_NOINLINE unsigned report_failed(const struct rtb_bench_def *b, const char *id, int err,
                                           int native, const char *check, uint32_t seq)
{
    struct line l;
    struct rtb_rec r;
    line_head(&l, b, id);
    line_str(&l, " FAILED : ");
    line_str(&l, rtb_strerror(err));
    line_str(&l, " (");
    line_i64(&l, err);
    line_str(&l, ")");
    if (check != NULL) {
        line_str(&l, ": ");
        line_str(&l, check);
    }
    line_emit(&l);
    rtb_rec_begin(&r, line_buf, sizeof line_buf, 'F');
    rtb_rec_str(&r, "id", id);
    rtb_rec_i64(&r, "err", err);
    rtb_rec_str(&r, "name", rtb_strerror(err));
    rtb_rec_i64(&r, "native", native);
    if (check != NULL)
        rtb_rec_str(&r, "check", check);
    rec_number(&r, seq);
    return rec_emit(&r);
}

/* ---- histograms (G records) --------------------------------------------- */

#define HIST_CHUNK 16u /* buckets per G record: at most 16 x 11 characters of counts */

/* The buckets and width of a result's histogram, from its statistics: the
 * width asked for, or the one that spreads min..p99 over the buckets; no
 * more buckets than it takes to reach the maximum. 0 when it has none. */
static unsigned hist_geometry(const struct rtb_ctx *ctx, const struct rtb_stats *st,
                              uint32_t *width)
{
    uint64_t w = ctx->hist_width, reach;

    if (ctx->hist_buckets == 0 || st->n == 0)
        return 0;
    if (w == 0) {
        w = ((uint64_t)st->p99 - st->min + ctx->hist_buckets) / ctx->hist_buckets;
        if (w == 0)
            w = 1;
        if (w > UINT32_MAX)
            w = UINT32_MAX;
    }
    *width = (uint32_t)w;
    reach = ((uint64_t)st->max - st->min + w) / w; /* buckets from min to max */
    return reach < ctx->hist_buckets ? (unsigned)reach : ctx->hist_buckets;
}

/* The G records of a histogram of `nb` buckets of `width` from `lo`, over
 * the sorted samples; the last bucket also counts everything above it.
 * 1 if every record was written. */
static RTB_NOINLINE unsigned emit_histogram(const struct rtb_bench_def *b, const uint32_t *sorted,
                                            uint32_t n, uint32_t lo, uint32_t width, unsigned nb)
{
    char counts[HIST_CHUNK * 11u + 1u];
    struct rtb_rec r;
    uint32_t at = 0; /* samples in the buckets so far */
    unsigned first, i, all = 1;

    for (first = 0; first < nb; first += HIST_CHUNK) {
        size_t len = 0;
        for (i = first; i < nb && i < first + HIST_CHUNK; i++) {
            uint32_t start = at;
            if (i + 1u == nb) {
                at = n;
            } else {
                uint64_t end = (uint64_t)lo + (uint64_t)(i + 1u) * width;
                while (at < n && sorted[at] < end)
                    at++;
            }
            if (i > first)
                counts[len++] = ',';
            len += rtb_fmt_u64(counts + len, at - start);
        }
        rtb_rec_begin(&r, line_buf, sizeof line_buf, 'G');
        rtb_rec_str(&r, "id", b->id);
        rtb_rec_u64(&r, "lo", lo);
        rtb_rec_u64(&r, "width", width);
        rtb_rec_u64(&r, "first", first);
        rtb_rec_str(&r, "c", counts);
        all &= rec_emit(&r);
    }
    return all;
}

/* Not inlined (nor the other reports): their buffers are on the stack only
 * after the benchmark returned, not under the benchmark's own frames (the
 * runner's thread stack is what a small board must size). */
static RTB_NOINLINE unsigned report_result(const struct rtb_bench_def *b, struct rtb_ctx *ctx,
                                           const struct rtb_timer_desc *td, int nosched,
                                           uint32_t seq)
{
    struct rtb_stats st;
    struct line l;
    struct rtb_rec r;
    char flags[32], num[28];
    uint64_t mean_milli, sd_milli, mean_ns_milli;
    uint32_t un = td->unit_num, ud = td->unit_den;
    unsigned i, hist;
    uint32_t hist_width = 0;
    size_t fl = 0;
    int conv_saturated = 0;

    /* Ticks -> the reported unit sample by sample, before any statistic, so
     * that every figure describes the same data: converting only the
     * statistics could put a mean above the maximum (25.6 ticks per
     * instruction under icount: samples of 460 and 461 ticks are all 18). */
    if (ctx->unit == NULL && un != ud) {
        for (i = 0; i < ctx->n; i++) {
            uint64_t v = rtb_scale(ctx->samples[i], un, ud);
            if (v > UINT32_MAX) {
                v = UINT32_MAX;
                conv_saturated = 1;
            }
            ctx->samples[i] = (uint32_t)v;
        }
    }
    rtb_stats_compute(ctx->samples, ctx->n, &st);
    mean_milli = st.mean_milli;
    sd_milli = st.sd_milli;
    mean_ns_milli = rtb_scale(mean_milli, td->ns_num, td->ns_den);
    ctx->mean_ns_milli = mean_ns_milli;
    hist = hist_geometry(ctx, &st, &hist_width);

    flags[0] = '\0';
    if (ctx->clamped)
        fl += rtb_fmt_pad(flags + fl, sizeof flags - fl, "clamped,", 0, 0);
    if (ctx->saturated || conv_saturated)
        fl += rtb_fmt_pad(flags + fl, sizeof flags - fl, "saturated,", 0, 0);
    if (nosched)
        fl += rtb_fmt_pad(flags + fl, sizeof flags - fl, "nosched,", 0, 0);
    if (fl > 0)
        flags[fl - 1] = '\0'; /* drop the last comma */

    line_head(&l, b, result_id(b, ctx));
    line_str(&l, " ");
    line_u64(&l, (mean_milli + 500u) / 1000u, NUM_WIDTH);
    line_str(&l, " ");
    if (ctx->unit != NULL) {
        /* a value, not a time: no ns column */
        line_str(&l, ctx->unit);
        line_str(&l, " :");
    } else {
        line_str(&l, td->unit);
        line_str(&l, " , ");
        line_u64(&l, (mean_ns_milli + 500u) / 1000u, NUM_WIDTH);
        line_str(&l, " ns :");
    }
    line_kv(&l, "p50", st.p50);
    line_kv(&l, "p90", st.p90);
    line_kv(&l, "p99", st.p99);
    line_kv(&l, "p99.9", st.p999);
    line_kv(&l, "min", st.min);
    line_kv(&l, "max", st.max);
    rtb_fmt_milli(num, sd_milli);
    line_str(&l, " sd=");
    line_str(&l, num);
    line_kv(&l, "n", st.n);
    if (fl > 0) {
        line_str(&l, " flags=");
        line_str(&l, flags);
    }
    line_emit(&l);

    rtb_rec_begin(&r, line_buf, sizeof line_buf, 'R');
    rtb_rec_str(&r, "id", result_id(b, ctx));
    rtb_rec_u64(&r, "n", st.n);
    rtb_rec_u64(&r, "min", st.min);
    rtb_rec_u64(&r, "max", st.max);
    rtb_rec_milli(&r, "mean", mean_milli);
    rtb_rec_milli(&r, "sd", sd_milli);
    rtb_rec_u64(&r, "p50", st.p50);
    rtb_rec_u64(&r, "p90", st.p90);
    rtb_rec_u64(&r, "p99", st.p99);
    rtb_rec_u64(&r, "p999", st.p999);
    rtb_rec_str(&r, "flags", flags);
    if (ctx->unit != NULL) {
        rtb_rec_str(&r, "unit", ctx->unit);
        if (ctx->unit_flags & RTB_BETTER_HIGHER)
            rtb_rec_str(&r, "better", "higher");
    }
    for (i = 0; i < ctx->n_extras; i++)
        rtb_rec_u64(&r, ctx->extra_key[i], ctx->extra_value[i]);
    if (hist > 0)
        rtb_rec_u64(&r, "hist", hist);
    rec_number(&r, seq);
    if (!rec_emit(&r))
        return 0;
    /* the samples are sorted now (rtb_stats_compute) */
    return hist == 0 || emit_histogram(b, ctx->samples, ctx->n, st.min, hist_width, hist);
}

/* ---- the run ---------------------------------------------------------------- */

static void write_str(const char *s)
{
    struct line l;
    line_reset(&l);
    line_str(&l, s);
    rtb_port_write(line_buf, l.len);
}

static const char *nz(const char *s)
{
    return s ? s : "";
}

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
    RTB_CM_BENCH(0); /* the cycle model calibrates on the same windows */
    for (i = 0; i < RTB_CONFIG_CALIB_RUNS; i++) {
        rtb_cycles_t t0, t1;
        uint64_t d;
        empty_window(&t0, &t1);
        RTB_CM_WINDOW(t0, t1);
        d = rtb_delta(t0, t1, bits);
        if (d < best)
            best = d;
    }
    RTB_CM_BENCH_END();
    return best;
}

static void list_catalog(const char *filter)
{
    struct line l;
    unsigned i;
    for (i = 0; i < rtb_catalog_len; i++) {
        const struct rtb_bench_def *b = &rtb_catalog[i];
        if (!rtb_filter_match(filter, b->id))
            continue;
        line_reset(&l);
        line_pad(&l, b->id, ID_WIDTH, 0);
        line_str(&l, " ");
        line_pad(&l, b->family, 8, 0);
        line_str(&l, " ");
        line_str(&l, b->desc);
        line_emit(&l);
    }
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
static RTB_NOINLINE int run_one(const struct rtb_bench_def *b, const struct rtb_timer_desc *td,
                                uint64_t overhead, uint32_t iters, uint32_t warmup, int nosched,
                                uint32_t seq)
{
    struct rtb_ctx ctx;
    struct line l;
    int rc, native;

    /* which benchmark runs: a host whose timeout ends a hung target names it */
    line_reset(&l);
    line_str(&l, "rtbench: running ");
    line_str(&l, b->id);
    line_emit(&l);

    ctx.loops = warmup + iters;
    ctx.warmup = warmup;
    ctx.seen = 0;
    ctx.n = 0;
    ctx.samples = sample_buf;
    ctx.cap = iters;
    ctx.overhead = overhead;
    ctx.bits = td->bits;
    ctx.clamped = 0;
    ctx.saturated = 0;
    ctx.na_why = NULL;
    ctx.check = NULL;
    ctx.unit = NULL;
    ctx.unit_flags = 0;
    ctx.id_suffix = NULL;
    ctx.n_extras = 0;
    ctx.hist_buckets = 0;
    ctx.hist_width = 0;
    ctx.mean_ns_milli = 0;
    running = b;
    running_ctx = &ctx;
    running_seq = seq;
    stack_guard_set();
    inject(b);
    rc = b->fn(&ctx);
    running = NULL;
    running_ctx = NULL;
    if (!stack_guard_ok()) {
        line_reset(&l);
        line_str(&l, "rtbench: ");
        line_str(&l, b->id);
        line_str(&l, ": a helper thread overflowed its stack (RTB_CONFIG_STACK_SIZE)");
        line_emit(&l);
        rc = RTB_ERR_OVERFLOW; /* its figures, if any, are not to be trusted */
    }
    /* the native code explains RTB_ERR_PORT only; it is sticky in the port */
    native = rc == RTB_ERR_PORT ? rtb_port_errno() : 0;
    if (rc == RTB_ERR_NOTSUP)
        return report_na(b, result_id(b, &ctx),
                         ctx.na_why ? ctx.na_why : "a port call returned notsup", seq)
                   ? 0
                   : RTB_ERR_OVERFLOW;
    if (rc == 0 && ctx.n == 0)
        rc = RTB_ERR_CHECK; /* returned success without measuring anything */
    if (rc > 0)
        rc = RTB_ERR_CHECK; /* not a valid return value */
    if (rc < 0) {
        report_failed(b, result_id(b, &ctx), rc, native, ctx.check, seq);
        return rc;
    }
    if (!report_result(b, &ctx, td, nosched, seq))
        return RTB_ERR_OVERFLOW;
    if ((b->flags & RTB_KEEP_MEAN) && ctx.unit == NULL && n_kept < RTB_KEPT_MAX) {
        kept[n_kept].id = b->id;
        kept[n_kept].ns_milli = ctx.mean_ns_milli;
        n_kept++;
    }
    return 0;
}

int rtb_main(const struct rtb_run_config *cfg)
{
    const char *filter = RTB_CONFIG_FILTER, *params = NULL;
    uint32_t iters = RTB_CONFIG_ITERATIONS, warmup = RTB_CONFIG_WARMUP, count = 0, records = 0;
    const struct rtb_port_info *pi;
    const struct rtb_timer_desc *td;
    uint64_t overhead;
    struct rtb_rec r;
    struct line l;
    int status = 0;
    unsigned i;

    if (cfg != NULL) {
        if (cfg->filter != NULL)
            filter = cfg->filter;
        if (cfg->iterations != 0)
            iters = cfg->iterations;
        if (cfg->warmup != UINT32_MAX)
            warmup = cfg->warmup;
        if (cfg->params != NULL && cfg->params[0] != '\0')
            params = cfg->params;
        if (cfg->list_only) {
            list_catalog(filter);
            return 0;
        }
    }
    if (iters > RTB_CONFIG_MAX_SAMPLES)
        iters = RTB_CONFIG_MAX_SAMPLES;
    if (warmup > UINT32_MAX - iters)
        warmup = UINT32_MAX - iters;

    pi = rtb_port_info();
    td = rtb_timer_desc();
    if (pi == NULL || !timer_desc_ok(td)) {
        write_str(pi == NULL ? "rtbench: error: the port gave no rtb_port_info()\n"
                             : "rtbench: error: invalid timer description (hz, bits 1..64, "
                               "unit, unit_num/unit_den, ns_num/ns_den must be set)\n");
        return RTB_ERR_INVAL;
    }
    for (i = 0; i < rtb_catalog_len; i++)
        if (rtb_filter_match(filter, rtb_catalog[i].id))
            count++;
    if (count == 0) {
        /* A run of nothing is a mistake in the filter, not a success. */
        line_reset(&l);
        line_str(&l, "rtbench: error: filter '");
        line_str(&l, filter);
        line_str(&l, "' selects no benchmark");
        line_emit(&l);
        return RTB_ERR_INVAL;
    }
    rtb_params_use(NULL); /* nothing of an earlier run stays in use */
    if (rtb_params_check(params) != 0) {
        line_reset(&l);
        line_str(&l, "rtbench: error: parameters '");
        line_str(&l, params);
        line_str(&l, "' are not a list of key=value separated by commas");
        line_emit(&l);
        return RTB_ERR_INVAL;
    }
    rtb_params_use(params);
    n_kept = 0; /* nothing of an earlier run is kept */
    overhead = calibrate(td->bits);

    /* human banner, then the header record */
    line_reset(&l);
    line_str(&l, "*** rtbench " RTB_VERSION " port ");
    line_str(&l, nz(pi->port));
    line_str(&l, " on ");
    line_str(&l, nz(pi->kernel));
    line_str(&l, " ");
    line_str(&l, nz(pi->kernel_version));
    line_str(&l, ", timer ");
    line_str(&l, td->name ? td->name : "?");
    line_str(&l, " (");
    line_u64(&l, td->hz, 0);
    line_str(&l, " Hz, ");
    line_u64(&l, td->bits, 0);
    line_str(&l, " bits, ");
    line_str(&l, nz(td->clock));
    line_str(&l, "), overhead ");
    line_u64(&l, overhead, 0);
    line_str(&l, " ticks, sched ");
    line_str(&l, nz(pi->sched));
    line_emit(&l);

    rtb_rec_begin(&r, line_buf, sizeof line_buf, 'H');
    rtb_rec_str(&r, "rtbench", RTB_VERSION);
    rtb_rec_str(&r, "port", pi->port);
    rtb_rec_str(&r, "kernel", pi->kernel);
    rtb_rec_str(&r, "kver", pi->kernel_version);
    rtb_rec_str(&r, "board", pi->board);
    rtb_rec_str(&r, "cpu", pi->cpu);
    rtb_rec_str(&r, "timer", td->name);
    rtb_rec_u64(&r, "hz", td->hz);
    rtb_rec_u64(&r, "bits", td->bits);
    rtb_rec_str(&r, "unit", td->unit);
    rtb_rec_u64(&r, "ns_num", td->ns_num);
    rtb_rec_u64(&r, "ns_den", td->ns_den);
    rtb_rec_str(&r, "clock", td->clock);
    rtb_rec_str(&r, "cc", RTB_CC);
    rtb_rec_str(&r, "cflags", RTB_CONFIG_CFLAGS);
    rtb_rec_u64(&r, "iters", iters);
    rtb_rec_u64(&r, "warmup", warmup);
    rtb_rec_u64(&r, "overhead", overhead);
    rtb_rec_str(&r, "sched", pi->sched);
    rtb_rec_str(&r, "filter", filter);
    rtb_rec_u64(&r, "count", count);
    rtb_rec_u64(&r, "seq", 1); /* the results are numbered (docs/records.md) */
    if (params != NULL)
        rtb_rec_str(&r, "params", params);
    if (!rec_emit(&r))
        return RTB_ERR_OVERFLOW; /* without its header no record of the run is usable */
    /* the header's CRC: " *xxxxxxxx\n" ends the line just written */
    for (i = 0; i < 8; i++)
        hdr_tag[i] = line_buf[r.len - 9 + i];
    hdr_tag[8] = '\0';

    for (i = 0; i < rtb_catalog_len; i++) {
        const struct rtb_bench_def *b = &rtb_catalog[i];
        const char *why;
        int rc;

        if (!rtb_filter_match(filter, b->id))
            continue;
        records++;
        RTB_TRACE("bench", i);
        RTB_CM_BENCH(records); /* the record's ordinal in the run, for the cycle model */
        if (!has_caps(b, &why)) {
            rc = 0;
            if (!report_na(b, b->id, why, records))
                rc = RTB_ERR_OVERFLOW;
        } else {
            /* asked per benchmark: a port may lose strict scheduling at run time */
            int nosched = (b->flags & RTB_NEEDS_RT) && !rtb_port_has(RTB_CAP_RT_SCHED, NULL);
            rc = run_one(b, td, overhead, iters, warmup, nosched, records);
        }
        RTB_CM_BENCH_END();
        if (rc < 0 && status == 0)
            status = rc;
    }

    rtb_rec_begin(&r, line_buf, sizeof line_buf, 'E');
    rtb_rec_u64(&r, "records", records);
    rtb_rec_i64(&r, "status", status);
    rtb_rec_str(&r, "hdr", hdr_tag);
    rec_emit(&r);
    return status;
}

int rtb_report_fault(const char *kind, unsigned n, const char *const *keys, const uint32_t *values)
{
    /* a buffer of its own: the fault may have hit while line_buf was in use */
    static char buf[384];
    struct rtb_rec r;
    unsigned i;

    if (running == NULL)
        return RTB_ERR_STATE;
    rtb_rec_begin(&r, buf, sizeof buf, 'F');
    rtb_rec_str(&r, "id", result_id(running, running_ctx));
    rtb_rec_i64(&r, "err", RTB_ERR_FAULT);
    rtb_rec_str(&r, "name", rtb_strerror(RTB_ERR_FAULT));
    rtb_rec_i64(&r, "native", 0);
    rtb_rec_str(&r, "fault", kind);
    for (i = 0; i < n; i++)
        rtb_rec_hex32(&r, keys[i], values[i]);
    rtb_rec_u64(&r, "seq", running_seq);
    rtb_rec_str(&r, "hdr", hdr_tag);
    i = (unsigned)rtb_rec_end(&r);
    if ((int)i < 0)
        return RTB_ERR_OVERFLOW;
    rtb_port_write(buf, i);
    running = NULL;
    return 0;
}
