/*
 * rtbench host - the importer of cyclictest's histogram output (`-h N`, on
 * stdout; rt-tests 2.40):
 *
 *   # Histogram
 *   000000 000000	000000
 *   ...                       one line per microsecond below N, a column per thread
 *   # Total: 000000969 000000965
 *   # Min Latencies: 00022 00020
 *   # Avg Latencies: 00088 00110
 *   # Max Latencies: 05344 05331
 *   # Histogram Overflows: 00031 00035
 *
 * Thread 0 is timer.deviation, thread k timer.deviation.thread<k>, as for the
 * JSON (import/cyclictest.c), in ns: n = Total + Overflows, mean = Avg, min,
 * max. When no sample overflowed and the histogram agrees with Min and Max,
 * the percentiles (nearest rank) and sd come from it, exactly at its 1 us
 * resolution, and it is stored; otherwise the metric is mean-only with
 * min_ns, max_ns and overflows as extras. A line of the histogram or of the
 * summary that does not read, a thread count that changes, a bucket out of
 * order: an error naming the line, nothing stored; so is output without the
 * whole summary (cut before cyclictest ended: the histogram alone has no
 * sample count, mean or overflows).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "hist.h"
#include "import/bad_lines.h"
#include "import/figures.h"
#include "import/importer.h"
#include "import/metric_map.h"
#include "util.h"

#define MAX_THREADS 256u
#define MAX_CELLS 4000000u /* buckets x threads: 32 MiB of counts */

enum { SUM_TOTAL, SUM_MIN, SUM_AVG, SUM_MAX, SUM_OVER, N_SUM };
static const char *const sum_key[N_SUM] = {"# Total:", "# Min Latencies:", "# Avg Latencies:",
                                           "# Max Latencies:", "# Histogram Overflows:"};

struct cth {
    struct import_options options;
    unsigned long line;
    int in_hist;          /* after "# Histogram", before the summary */
    size_t threads;       /* columns, 0 until the first bucket */
    uint64_t *count;      /* [bucket * threads + thread] */
    size_t buckets, cap;  /* rows read (bucket i is i us), rows allocated */
    uint64_t *sum[N_SUM]; /* the summary lines, per thread; NULL until read */
    struct bad_lines bad;
};

static int cth_detect(const char *line, size_t len)
{
    return (len >= 11 && memcmp(line, "# Histogram", 11) == 0 && (len == 11 || line[11] == '\r')) ||
           (len >= 16 && memcmp(line, sum_key[SUM_MIN], 16) == 0);
}

static void *cth_open(const struct import_options *o)
{
    struct cth *s = xcalloc(1, sizeof *s);
    s->options = *o;
    return s;
}

/* A bad line: the first is kept; the histogram is not read further (its
 * later lines would all be out of order). */
static void bad(struct cth *s, const char *msg)
{
    s->in_hist = 0;
    bad_line(&s->bad, s->line, "%s", msg);
}

static void bucket_line(struct cth *s, const char *line, const char *end)
{
    uint64_t v[MAX_THREADS + 1];
    long n = figures_read(line, end, v, MAX_THREADS + 1, 0);
    if (n < 2) {
        bad(s, "not a cyclictest histogram line (<us> <count per thread>)");
    } else if (s->threads && (size_t)n - 1 != s->threads) {
        bad(s, "a histogram line with another number of threads than the first");
    } else if (v[0] != s->buckets) {
        bad(s, "a histogram line out of order (its microsecond is not the next)");
    } else if ((s->buckets + 1) * (size_t)(n - 1) > MAX_CELLS) {
        bad(s, "a histogram of more than 4000000 counts (buckets x threads)");
    } else {
        s->threads = (size_t)n - 1;
        if (s->buckets == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 1024;
            s->count = xrealloc(s->count, s->cap * s->threads * sizeof *s->count);
        }
        memcpy(s->count + s->buckets * s->threads, v + 1, s->threads * sizeof *v);
        s->buckets++;
    }
}

/* "# <key> a b ...": one figure per thread. 1 if LINE is a summary line. */
static int summary_line(struct cth *s, const char *line, const char *end)
{
    for (int k = 0; k < N_SUM; k++) {
        size_t kl = strlen(sum_key[k]);
        if ((size_t)(end - line) < kl || memcmp(line, sum_key[k], kl) != 0)
            continue;
        uint64_t v[MAX_THREADS + 1];
        long n = figures_read(line + kl, end, v, MAX_THREADS, 0);
        if (n < 1 || (s->threads && (size_t)n != s->threads) || s->sum[k]) {
            bad(s, "a cyclictest summary line without one figure per thread (or twice)");
        } else {
            s->threads = (size_t)n;
            s->sum[k] = xcalloc((size_t)n, sizeof *s->sum[k]);
            memcpy(s->sum[k], v, (size_t)n * sizeof *v);
        }
        s->in_hist = 0;
        return 1;
    }
    return 0;
}

static void cth_feed(void *state, const char *line, size_t len)
{
    struct cth *s = state;
    const char *end = line + len;
    s->line++;
    if (len && end[-1] == '\r')
        end--;
    if (end - line == 11 && memcmp(line, "# Histogram", 11) == 0)
        s->in_hist = 1;
    else if (summary_line(s, line, end))
        return;
    else if (s->in_hist && line < end && isdigit((unsigned char)*line))
        bucket_line(s, line, end);
    else if (s->in_hist && line < end && *line != '#')
        bad(s, "not a cyclictest histogram line (<us> <count per thread>)");
}

/* Thread T's buckets (bucket b: b us); none before the first bucket line. */
static struct buckets column(const struct cth *s, size_t t)
{
    return (struct buckets){s->count ? s->count + t : NULL, s->threads, s->buckets, NULL, 1000.0};
}

/* Percentiles, sd (about the printed average) and the stored histogram of
 * thread T from the buckets. */
static void from_buckets(const struct cth *s, size_t t, uint64_t total, struct metric *m)
{
    struct buckets b = column(s, t);
    buckets_stats(&b, total, m->mean, m);
    uint64_t w = (s->buckets + HIST_MAX_BUCKETS - 1) / HIST_MAX_BUCKETS;
    size_t n = (size_t)((s->buckets + w - 1) / w);
    struct hist *h = metric_hist_new(m, 0, w * 1000, n);
    for (size_t i = 0; i < s->buckets; i++)
        h->count[i / w] += s->count[i * s->threads + t];
    m->hist_want = n;
}

/* Whether thread T's buckets hold every sample, from Min to Max: their count, or 0. */
static uint64_t buckets_whole(const struct cth *s, size_t t)
{
    uint64_t lo, hi;
    struct buckets b = column(s, t);
    uint64_t total = buckets_span(&b, &lo, &hi);
    return s->sum[SUM_OVER][t] == 0 && total == s->sum[SUM_TOTAL][t] && total > 0 &&
                   lo == s->sum[SUM_MIN][t] && hi == s->sum[SUM_MAX][t]
               ? total
               : 0;
}

static void add_thread(struct cth *s, struct run *r, size_t t, size_t *partial)
{
    char name[32], v[32];
    snprintf(name, sizeof name, "thread %zu", t);
    char *id = t == 0 ? xstrdup("timer.deviation") : xasprintf("timer.deviation.thread%zu", t);
    struct metric *m = run_add_metric(r, id);
    free(id);
    m->desc = xasprintf("cyclictest thread %zu: wake-up latency", t);
    m->state = MS_OK;
    m->n = s->sum[SUM_TOTAL][t] + s->sum[SUM_OVER][t];
    m->mean = (double)s->sum[SUM_AVG][t] * 1000.0;
    m->mean_ns = m->mean;
    m->min = s->sum[SUM_MIN][t] * 1000;
    m->max = s->sum[SUM_MAX][t] * 1000;
    uint64_t whole = buckets_whole(s, t);
    if (whole) {
        from_buckets(s, t, whole, m);
    } else {
        figures_mean_only(m);
        snprintf(v, sizeof v, "%llu", (unsigned long long)s->sum[SUM_OVER][t]);
        metric_extra_set(m, "overflows", v);
        (*partial)++;
    }
    metric_map_name(m, "cyclictest", name);
}

static int cth_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct cth *s = state;
    if (bad_lines_error(&s->bad, err, errlen))
        return -1;
    int whole = 1;
    for (int k = 0; k < N_SUM; k++)
        whole &= s->sum[k] != NULL;
    if (!whole)
        return errf(err, errlen,
                    "no cyclictest histogram summary (# Total, # Min/Avg/Max "
                    "Latencies, # Histogram Overflows: the output cut?)");
    struct run *r = xcalloc(1, sizeof *r);
    size_t partial = 0;
    for (size_t t = 0; t < s->threads; t++)
        add_thread(s, r, t, &partial);
    if (partial)
        out->note = xasprintf("%zu thread(s) with samples beyond the histogram (-h below the "
                              "maximum): mean, min and max only",
                              partial);
    r->origin = xstrdup("cyclictest-hist");
    r->source = xstrdup(s->options.source ? s->options.source : "import");
    r->unit = xstrdup("ns");
    r->ns_per_unit = 1.0;
    run_stamp(r);
    run_hdr_set(r, "bench", "cyclictest");
    run_hdr_set(r, "unit", "ns");
    run_hdr_set(r, "clock", "os");
    /* whole microseconds, its buckets and summary alike: one count (artifact.h) */
    run_hdr_set(r, ARTIFACT_RESOLUTION_KEY, "1000");
    if (s->options.board && *s->options.board)
        run_hdr_set(r, "board", s->options.board);
    run_hdr_setf(r, "count", "%zu", r->n_m);
    r->status = RUN_COMPLETE;
    import_result_one(out, r);
    return 0;
}

static void cth_close(void *state)
{
    struct cth *s = state;
    free(s->count);
    for (int k = 0; k < N_SUM; k++)
        free(s->sum[k]);
    free(s);
}

const struct importer importer_cyclictest_hist = {
    "cyclictest-hist", "no cyclictest histogram", cth_detect, cth_open, cth_feed, cth_finish,
    cth_close,
};
