/*
 * rtbench host - the importer of `rtla timerlat hist` output (Linux's
 * tools/tracing/rtla; the man page's example in tests/fixtures/rtla-timerlat):
 *
 *   # RTLA timerlat histogram
 *   # Time unit is microseconds (us)
 *   # Duration:   0 00:10:00
 *   Index   IRQ-000   Thr-000   IRQ-001   Thr-001
 *   0        276489         0    206089         0    a row per bucket that is not all zero
 *   ...
 *   over:         0         0         0         0
 *   count:   600002    600002    600002    600002
 *   min:          0         1         0         1    ("-" for a column without samples)
 *   avg:          0         5         0         4
 *   max:         16        36        15        58
 *   ALL:        IRQ       Thr                       (newer rtla: every CPU together)
 *
 * Each column (the IRQ handler's, the timerlat thread's or the user thread's
 * latency on one CPU: from the timer's expiry to that context running) is a
 * metric of its own, namespaced (metric_map.c: no rtbench id times the
 * same window), in ns: n = count, mean = avg (rtla's integer division), min,
 * max. When nothing is "over" and the buckets hold every sample from min to
 * max, the percentiles (nearest rank, a bucket's index, its lower edge) and
 * sd (about the buckets' mean, not the integer avg) come from them;
 * otherwise the metric is mean-only with min_ns, max_ns and over as extras.
 * A column without samples is n/a. A row or summary line that does not
 * read, a row with another number of columns than the Index line, an index
 * that does not grow, output without the Index line, the unit line or the
 * whole summary (cut, --no-header, --no-summary): an error naming the line,
 * nothing stored. The ALL block is not stored (its figures are the
 * columns', together).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "import/bad_lines.h"
#include "import/figures.h"
#include "import/importer.h"
#include "import/metric_map.h"
#include "lines.h"
#include "util.h"

#define TOOL "timerlat"
#define TITLE "# RTLA timerlat histogram"
#define MAX_COLS 1024u
#define MAX_CELLS 4000000u /* buckets x columns: 32 MiB of counts */
#define NONE FIGURE_NONE   /* "-": a column without samples */

enum { SUM_OVER, SUM_COUNT, SUM_MIN, SUM_AVG, SUM_MAX, N_SUM };
static const char *const sum_key[N_SUM] = {"over:", "count:", "min:", "avg:", "max:"};

struct tl {
    struct import_options options;
    unsigned long line;
    double ns_per_unit;   /* 1000 (us) or 1 (ns, -n); 0 until the unit line */
    int in_hist, in_all;  /* after the Index line; after "ALL:" */
    size_t cols;          /* columns of the Index line, 0 until read */
    char (*name)[16];     /* their names: "IRQ-000" */
    uint64_t *count;      /* [bucket * cols + col] */
    uint64_t *index;      /* each bucket's index (its lower edge) */
    size_t buckets, cap;  /* rows read, rows allocated */
    uint64_t *sum[N_SUM]; /* the summary lines, per column; NULL until read */
    char *duration;
    struct bad_lines bad;
};

static int tl_detect(const char *line, size_t len)
{
    return line_find(line, len, TITLE) == line && len >= strlen(TITLE);
}

static void *tl_open(const struct import_options *o)
{
    struct tl *s = xcalloc(1, sizeof *s);
    s->options = *o;
    return s;
}

/* A bad line: the first is kept; the histogram is not read further. */
static void bad(struct tl *s, const char *msg)
{
    s->in_hist = 0;
    bad_line(&s->bad, s->line, "%s", msg);
}

/* "Index   IRQ-000   Thr-000 ...": the columns' names. */
static void index_line(struct tl *s, const char *p, const char *end)
{
    size_t n = 0;
    char(*name)[16] = xcalloc(MAX_COLS, sizeof *name);
    for (p += 5;;) {
        while (p < end && *p == ' ')
            p++;
        const char *w = p;
        while (p < end && *p != ' ')
            p++;
        if (w == p)
            break;
        const char *d = w + 4;
        while (d < p && isdigit((unsigned char)*d))
            d++;
        if (n == MAX_COLS || p - w < 7 || p - w > 9 || d != p || w[3] != '-' ||
            (memcmp(w, "IRQ", 3) && memcmp(w, "Thr", 3) && memcmp(w, "Usr", 3))) {
            free(name);
            bad(s,
                "not an rtla Index line (Index, then IRQ-<cpu>, Thr-<cpu> or Usr-<cpu> columns)");
            return;
        }
        memcpy(name[n++], w, (size_t)(p - w));
    }
    if (n == 0 || s->cols) {
        free(name);
        bad(s, n ? "a second Index line" : "an Index line without columns");
        return;
    }
    s->cols = n;
    s->name = name;
    s->in_hist = 1;
}

static void bucket_line(struct tl *s, const char *p, const char *end)
{
    uint64_t v[MAX_COLS + 1];
    long n = figures_read(p, end, v, MAX_COLS + 1, 0);
    if (n < 2)
        bad(s, "not an rtla histogram row (<index> <count per column>)");
    else if ((size_t)n - 1 != s->cols)
        bad(s, "an rtla histogram row with another number of columns than the Index line");
    else if (s->buckets && v[0] <= s->index[s->buckets - 1])
        bad(s, "an rtla histogram row out of order (its index does not grow)");
    else if ((s->buckets + 1) * s->cols > MAX_CELLS)
        bad(s, "a histogram of more than 4000000 counts (buckets x columns)");
    else {
        if (s->buckets == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 256;
            s->count = xrealloc(s->count, s->cap * s->cols * sizeof *s->count);
            s->index = xrealloc(s->index, s->cap * sizeof *s->index);
        }
        memcpy(s->count + s->buckets * s->cols, v + 1, s->cols * sizeof *v);
        s->index[s->buckets++] = v[0];
    }
}

/* "<key> a b ...": one figure per column. 1 if the line is a summary line. */
static int summary_line(struct tl *s, const char *p, const char *end)
{
    for (int k = 0; k < N_SUM; k++) {
        size_t kl = strlen(sum_key[k]);
        if ((size_t)(end - p) < kl || memcmp(p, sum_key[k], kl) != 0)
            continue;
        s->in_hist = 0;
        if (s->in_all)
            return 1; /* the ALL block: not stored */
        uint64_t v[MAX_COLS + 1];
        long n = figures_read(p + kl, end, v, MAX_COLS + 1,
                              k != SUM_OVER && k != SUM_COUNT ? FIGURES_DASH : 0);
        if (!s->cols || n != (long)s->cols || s->sum[k])
            bad(s, "an rtla summary line without one figure per column of the Index line (or "
                   "twice)");
        else {
            s->sum[k] = xmalloc(s->cols * sizeof *v);
            memcpy(s->sum[k], v, s->cols * sizeof *v);
        }
        return 1;
    }
    return 0;
}

static void tl_feed(void *state, const char *line, size_t len)
{
    struct tl *s = state;
    const char *end = line + len;
    s->line++;
    while (end > line && (end[-1] == '\r' || end[-1] == ' '))
        end--;
    len = (size_t)(end - line);
    if (line_find(line, len, "# Time unit is microseconds (us)") == line)
        s->ns_per_unit = 1000.0;
    else if (line_find(line, len, "# Time unit is nanoseconds (ns)") == line)
        s->ns_per_unit = 1.0;
    else if (len > 12 && memcmp(line, "# Duration:", 11) == 0 && !s->duration) {
        const char *d = line + 11;
        while (d < end && *d == ' ')
            d++;
        char buf[64];
        printable_copy(buf, sizeof buf, d, (size_t)(end - d));
        s->duration = xstrdup(buf);
    } else if (len >= 5 && memcmp(line, "Index", 5) == 0)
        index_line(s, line, end);
    else if (len >= 4 && memcmp(line, "ALL:", 4) == 0)
        s->in_all = 1;
    else if (summary_line(s, line, end))
        return;
    else if (s->in_hist && len && isdigit((unsigned char)*line))
        bucket_line(s, line, end);
    else if (s->in_hist && len)
        bad(s, "not an rtla histogram row (<index> <count per column>)");
}

/* Whether column C's buckets hold every sample, from min to max: their count, or 0. */
static uint64_t buckets_whole(const struct tl *s, size_t c)
{
    uint64_t lo, hi;
    struct buckets b = {s->count + c, s->cols, s->buckets, s->index, s->ns_per_unit};
    uint64_t total = buckets_span(&b, &lo, &hi);
    return s->sum[SUM_OVER][c] == 0 && total == s->sum[SUM_COUNT][c] && total > 0 &&
                   lo <= s->sum[SUM_MIN][c] && hi <= s->sum[SUM_MAX][c] && hi >= lo
               ? total
               : 0;
}

static void add_column(struct tl *s, struct run *r, size_t c, size_t *partial)
{
    char *id = metric_map_id(TOOL, s->name[c]), v[32];
    struct metric *m = run_add_metric(r, id);
    free(id);
    double f = s->ns_per_unit;
    if (s->sum[SUM_COUNT][c] == 0 || s->sum[SUM_AVG][c] == NONE || s->sum[SUM_MIN][c] == NONE ||
        s->sum[SUM_MAX][c] == NONE) {
        m->state = MS_NA;
        m->reason = xstrdup("rtla timerlat: no samples in this column");
    } else {
        m->state = MS_OK;
        m->n = s->sum[SUM_COUNT][c];
        m->mean = (double)s->sum[SUM_AVG][c] * f;
        m->mean_ns = m->mean;
        m->min = (uint64_t)((double)s->sum[SUM_MIN][c] * f);
        m->max = (uint64_t)((double)s->sum[SUM_MAX][c] * f);
        uint64_t whole = buckets_whole(s, c);
        if (whole) {
            /* the sd about the buckets' own mean: rtla's avg is an integer division */
            struct buckets b = {s->count + c, s->cols, s->buckets, s->index, f};
            buckets_stats(&b, whole, NAN, m);
        } else {
            figures_mean_only(m);
            snprintf(v, sizeof v, "%llu", (unsigned long long)s->sum[SUM_OVER][c]);
            metric_extra_set(m, "over", v);
            (*partial)++;
        }
    }
    m->desc = xasprintf("rtla timerlat %s latency, CPU %s",
                        s->name[c][0] == 'I'   ? "IRQ"
                        : s->name[c][0] == 'T' ? "thread"
                                               : "user thread",
                        s->name[c] + 4);
    metric_map_name(m, TOOL, s->name[c]);
}

/* The run's header and origin. */
static void stamp(struct tl *s, struct run *r)
{
    r->origin = xstrdup("rtla-timerlat");
    r->source = xstrdup(s->options.source ? s->options.source : "import");
    r->unit = xstrdup("ns");
    r->ns_per_unit = 1.0;
    run_stamp(r);
    run_hdr_set(r, "bench", "rtla-timerlat");
    run_hdr_set(r, "kernel", "Linux");
    run_hdr_set(r, "unit", "ns");
    run_hdr_set(r, "clock", "os");
    if (s->duration)
        run_hdr_set(r, "duration", s->duration);
    /* its figures are whole units of the unit line: one count (artifact.h) */
    run_hdr_set(r, ARTIFACT_RESOLUTION_KEY, s->ns_per_unit == 1.0 ? "1" : "1000");
    if (s->options.board && *s->options.board)
        run_hdr_set(r, "board", s->options.board);
    run_hdr_setf(r, "count", "%zu", r->n_m);
    r->status = RUN_COMPLETE;
}

static int tl_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct tl *s = state;
    if (bad_lines_error(&s->bad, err, errlen))
        return -1;
    if (!s->cols)
        return errf(err, errlen, "no rtla timerlat histogram (its Index line: --no-header?)");
    if (s->ns_per_unit == 0)
        return errf(err, errlen, "no rtla timerlat time unit line (# Time unit is ...)");
    for (int k = 0; k < N_SUM; k++)
        if (!s->sum[k])
            return errf(err, errlen,
                        "no rtla timerlat summary (over:, count:, min:, avg:, max:: the "
                        "output cut, or --no-summary?)");
    struct run *r = xcalloc(1, sizeof *r);
    size_t partial = 0;
    for (size_t c = 0; c < s->cols; c++)
        add_column(s, r, c, &partial);
    if (partial)
        out->note = xasprintf("%zu column(s) with samples beyond the histogram (over, or -E below "
                              "the maximum): mean, min and max only",
                              partial);
    stamp(s, r);
    import_result_one(out, r);
    return 0;
}

static void tl_close(void *state)
{
    struct tl *s = state;
    free(s->name);
    free(s->count);
    free(s->index);
    for (int k = 0; k < N_SUM; k++)
        free(s->sum[k]);
    free(s->duration);
    free(s);
}

const struct importer importer_rtla_timerlat = {
    "rtla-timerlat", "no rtla timerlat histogram", tl_detect, tl_open, tl_feed, tl_finish, tl_close,
};
