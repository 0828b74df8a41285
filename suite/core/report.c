/*
 * rtbench - the runner's output (runner_internal.h): one human line and one
 * record per result, the H record that opens a run and the E record that
 * closes it, histograms as G records (docs/records.md).
 *
 * No printf and no allocation: lines are built with the helpers of record.c
 * in one static buffer and written with rtb_port_write(). Called only
 * between benchmarks: nothing here runs inside a timed window. The reports
 * are their own functions, not inlined into the run, so that their buffers
 * are on the runner thread's stack only after a benchmark returned.
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/config.h"
#include "rtb/error.h"
#include "rtb/port.h"
#include "rtb/record.h"
#include "rtb/stats.h"
#include "rtb/timer.h"
#include "runner_internal.h"

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

static char line_buf[RTB_CONFIG_LINE_MAX];
/* The id a result is reported under: the catalog id and a point's suffix. */
static char id_buf[RTB_ID_MAX + 1];
/* The header's CRC, carried by every later record of the run as hdr=
 * (docs/records.md, "Completeness"). */
static char hdr_tag[9];
/* The run sends every result's samples (S records after its R and G). */
static int samples_on;

static const char *nz(const char *s)
{
    return s ? s : "";
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
const char *rtb_result_id(const struct rtb_bench_def *b, const struct rtb_ctx *ctx)
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

unsigned rtb_out_na(const struct rtb_bench_def *b, const char *id, const char *why, uint32_t seq)
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

unsigned rtb_out_failed(const struct rtb_bench_def *b, const char *id, int err, int native,
                        const char *check, uint32_t seq)
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

/* S records: the sorted samples of result `seq`, in chunks; 1 if every
 * record was written. */
#define SAMPLES_CHUNK 128u /* characters of encoded samples per S record */

static RTB_NOINLINE unsigned emit_samples(const char *id, const uint32_t *sorted, uint32_t n,
                                          uint32_t seq)
{
    char chunk[SAMPLES_CHUNK + 1u];
    struct rtb_rec r;
    uint32_t first = 0, next;
    unsigned all = 1;

    while (first < n) {
        next = rtb_samples_chunk(chunk, sizeof chunk, sorted, first, n);
        rtb_rec_begin(&r, line_buf, sizeof line_buf, 'S');
        rtb_rec_str(&r, "id", id);
        rtb_rec_u64(&r, "first", first);
        rtb_rec_str(&r, "v", chunk);
        rec_number(&r, seq);
        all &= rec_emit(&r);
        first = next;
    }
    return all;
}

/* The flags of a result, comma-separated, into flags[32]. */
static void result_flags(char *flags, size_t cap, const struct rtb_ctx *ctx, int conv_saturated,
                         int nosched)
{
    size_t fl = 0;
    flags[0] = '\0';
    if (ctx->clamped)
        fl += rtb_fmt_pad(flags + fl, cap - fl, "clamped,", 0, 0);
    if (ctx->saturated || conv_saturated)
        fl += rtb_fmt_pad(flags + fl, cap - fl, "saturated,", 0, 0);
    if (nosched)
        fl += rtb_fmt_pad(flags + fl, cap - fl, "nosched,", 0, 0);
    if (fl > 0)
        flags[fl - 1] = '\0'; /* drop the last comma */
}

/* Ticks -> the reported unit sample by sample, before any statistic, so that
 * every figure describes the same data: converting only the statistics could
 * put a mean above the maximum (25.6 ticks per instruction under icount:
 * samples of 460 and 461 ticks are all 18). 1 if a sample saturated. */
static int result_scale(struct rtb_ctx *ctx, const struct rtb_timer_desc *td)
{
    uint32_t un = td->unit_num, ud = td->unit_den, i;
    int saturated = 0;
    if (ctx->unit != NULL || un == ud)
        return 0;
    for (i = 0; i < ctx->n; i++) {
        uint64_t v = rtb_scale(ctx->samples[i], un, ud);
        if (v > UINT32_MAX) {
            v = UINT32_MAX;
            saturated = 1;
        }
        ctx->samples[i] = (uint32_t)v;
    }
    return saturated;
}

/* The human line of a result. */
static void result_line(const struct rtb_bench_def *b, const struct rtb_ctx *ctx,
                        const struct rtb_timer_desc *td, const struct rtb_stats *st,
                        const char *flags)
{
    struct line l;
    char num[28];
    line_head(&l, b, rtb_result_id(b, ctx));
    line_str(&l, " ");
    line_u64(&l, (st->mean_milli + 500u) / 1000u, NUM_WIDTH);
    line_str(&l, " ");
    if (ctx->unit != NULL) {
        /* a value, not a time: no ns column */
        line_str(&l, ctx->unit);
        line_str(&l, " :");
    } else {
        line_str(&l, td->unit);
        line_str(&l, " , ");
        line_u64(&l, (ctx->mean_ns_milli + 500u) / 1000u, NUM_WIDTH);
        line_str(&l, " ns :");
    }
    line_kv(&l, "p50", st->p50);
    line_kv(&l, "p90", st->p90);
    line_kv(&l, "p99", st->p99);
    line_kv(&l, "p99.9", st->p999);
    line_kv(&l, "min", st->min);
    line_kv(&l, "max", st->max);
    rtb_fmt_milli(num, st->sd_milli);
    line_str(&l, " sd=");
    line_str(&l, num);
    line_kv(&l, "n", st->n);
    if (flags[0] != '\0') {
        line_str(&l, " flags=");
        line_str(&l, flags);
    }
    line_emit(&l);
}

/* The R record of a result, numbered `seq`; 1 if written. */
static unsigned result_record(const struct rtb_bench_def *b, const struct rtb_ctx *ctx,
                              const struct rtb_stats *st, const char *flags, unsigned hist,
                              uint32_t seq)
{
    struct rtb_rec r;
    unsigned i;
    rtb_rec_begin(&r, line_buf, sizeof line_buf, 'R');
    rtb_rec_str(&r, "id", rtb_result_id(b, ctx));
    rtb_rec_u64(&r, "n", st->n);
    rtb_rec_u64(&r, "min", st->min);
    rtb_rec_u64(&r, "max", st->max);
    rtb_rec_milli(&r, "mean", st->mean_milli);
    rtb_rec_milli(&r, "sd", st->sd_milli);
    rtb_rec_u64(&r, "p50", st->p50);
    rtb_rec_u64(&r, "p90", st->p90);
    rtb_rec_u64(&r, "p99", st->p99);
    rtb_rec_u64(&r, "p999", st->p999);
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
    return rec_emit(&r);
}

unsigned rtb_out_result(const struct rtb_bench_def *b, struct rtb_ctx *ctx,
                        const struct rtb_timer_desc *td, int nosched, uint32_t seq)
{
    struct rtb_stats st;
    char flags[32];
    uint32_t hist_width = 0;
    unsigned hist;
    int conv_saturated = result_scale(ctx, td);

    rtb_stats_compute(ctx->samples, ctx->n, &st);
    ctx->mean_ns_milli = rtb_scale(st.mean_milli, td->ns_num, td->ns_den);
    hist = hist_geometry(ctx, &st, &hist_width);
    result_flags(flags, sizeof flags, ctx, conv_saturated, nosched);
    result_line(b, ctx, td, &st, flags);
    if (!result_record(b, ctx, &st, flags, hist, seq))
        return 0;
    /* the samples are sorted now (rtb_stats_compute) */
    if (hist > 0 && !emit_histogram(b, ctx->samples, ctx->n, st.min, hist_width, hist))
        return 0;
    return !samples_on || emit_samples(rtb_result_id(b, ctx), ctx->samples, ctx->n, seq);
}

/* The human banner of a run. */
static void banner(const struct rtb_port_info *pi, const struct rtb_timer_desc *td,
                   uint64_t overhead)
{
    struct line l;
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
}

int rtb_out_header(const struct rtb_port_info *pi, const struct rtb_timer_desc *td,
                   uint64_t overhead, uint32_t iters, uint32_t warmup, const char *filter,
                   uint32_t count, const char *params, int samples)
{
    struct rtb_rec r;
    unsigned i;

    samples_on = samples;
    banner(pi, td, overhead);
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
    if (samples)
        rtb_rec_u64(&r, "samples", 1);
    if (!rec_emit(&r))
        return RTB_ERR_OVERFLOW; /* without its header no record of the run is usable */
    /* the header's CRC: " *xxxxxxxx\n" ends the line just written */
    for (i = 0; i < 8; i++)
        hdr_tag[i] = line_buf[r.len - 9 + i];
    hdr_tag[8] = '\0';
    return 0;
}

void rtb_out_end(uint32_t records, int status)
{
    struct rtb_rec r;
    rtb_rec_begin(&r, line_buf, sizeof line_buf, 'E');
    rtb_rec_u64(&r, "records", records);
    rtb_rec_i64(&r, "status", status);
    rtb_rec_str(&r, "hdr", hdr_tag);
    rec_emit(&r);
}

void rtb_out_line(const char *a, const char *b, const char *c)
{
    struct line l;
    line_reset(&l);
    line_str(&l, nz(a));
    line_str(&l, nz(b));
    line_str(&l, nz(c));
    line_emit(&l);
}

void rtb_out_list(const char *filter)
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

int rtb_out_fault(const struct rtb_bench_def *b, const struct rtb_ctx *ctx, uint32_t seq,
                  const char *kind, unsigned n, const char *const *keys, const uint32_t *values)
{
    static char buf[384];
    struct rtb_rec r;
    unsigned i;
    int len;

    rtb_rec_begin(&r, buf, sizeof buf, 'F');
    rtb_rec_str(&r, "id", rtb_result_id(b, ctx));
    rtb_rec_i64(&r, "err", RTB_ERR_FAULT);
    rtb_rec_str(&r, "name", rtb_strerror(RTB_ERR_FAULT));
    rtb_rec_i64(&r, "native", 0);
    rtb_rec_str(&r, "fault", kind);
    for (i = 0; i < n; i++)
        rtb_rec_hex32(&r, keys[i], values[i]);
    rtb_rec_u64(&r, "seq", seq);
    rtb_rec_str(&r, "hdr", hdr_tag);
    len = rtb_rec_end(&r);
    if (len < 0)
        return RTB_ERR_OVERFLOW;
    rtb_port_write(buf, (size_t)len);
    return 0;
}
