/*
 * rtbench host - the importer of NuttX's apps/benchmarks/osperf output:
 *
 *   OS performance args: count:1000, detail:false
 *   ==============================================================
 *   Describe                                Max        Min        Avg
 *   pthread-switch                         4156       2386       2918
 *
 * Each row is one latency in ns (osperf converts its perf counter with
 * perf_convert()): n = count, mean = Avg (an integer division), min = Min,
 * max = Max. With -d ("detail:true") osperf prints every sample ("\t<i>: <ns>")
 * before its row: then the percentiles (nearest rank) and sd come from them
 * and the row must agree with them; without, the metric is mean-only with
 * min_ns and max_ns as extras. Ids from the mapping table (metric_map.c).
 * A row or sample line that does not read, figures out of order (min > avg
 * or avg > max), samples that disagree with their row: an error naming the
 * line, nothing stored. Rows after a second "OS performance args" line are
 * ignored (one run per file, a note counts them).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/bad_lines.h"
#include "import/figures.h"
#include "import/importer.h"
#include "import/metric_map.h"
#include "lines.h"
#include "util.h"

#define TOOL "osperf"
#define ARGS "OS performance args: count:"
#define MAX_SAMPLES 10000000u

struct osperf {
    struct import_options options;
    unsigned long line;
    int runs;       /* "OS performance args" lines */
    int in_table;   /* after "Describe ... Avg" */
    uint64_t count; /* from the args line, 0 if none */
    uint64_t *v;    /* the samples of the next row (-d) */
    size_t n_v;
    size_t total_v; /* samples in the whole log */
    size_t ignored; /* rows of a second run */
    struct run *run;
    struct bad_lines bad;
};

/* Whether the LEN bytes at S (not NUL-terminated) hold a decimal digit. */
static int has_digit(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (isdigit((unsigned char)s[i]))
            return 1;
    return 0;
}

static int os_detect(const char *line, size_t len)
{
    return line_find(line, len, ARGS) != NULL;
}

static void *os_open(const struct import_options *o)
{
    struct osperf *s = xcalloc(1, sizeof *s);
    s->options = *o;
    s->run = xcalloc(1, sizeof *s->run);
    return s;
}

/* Line s->line is bad for the reason MSG. */
static void bad(struct osperf *s, const char *msg)
{
    bad_line(&s->bad, s->line, "%s", msg);
}

static int rest_blank(const char *s, const char *end)
{
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    return s == end;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t rank(const uint64_t *v, size_t n, double q)
{
    size_t k = (size_t)ceil(q * (double)n);
    return v[k ? k - 1 : 0];
}

/* The samples read before the row (sorted here) agree with it: 1, else 0. */
static int samples_agree(struct osperf *s, uint64_t mx, uint64_t mn, uint64_t avg)
{
    uint64_t sum = 0;
    qsort(s->v, s->n_v, sizeof *s->v, cmp_u64);
    for (size_t i = 0; i < s->n_v; i++)
        sum += s->v[i];
    return s->v[0] == mn && s->v[s->n_v - 1] == mx && sum / s->n_v == avg &&
           (!s->count || s->n_v == s->count);
}

static void add_row(struct osperf *s, const char *name, size_t nl, uint64_t mx, uint64_t mn,
                    uint64_t avg)
{
    char foreign[64];
    printable_copy(foreign, sizeof foreign, name, nl);
    char *id = metric_map_id(TOOL, foreign);
    if (s->runs > 1 || run_find_metric(s->run, id)) {
        s->ignored++;
        free(id);
        return;
    }
    struct metric *m = run_add_metric(s->run, id);
    free(id);
    m->state = MS_OK;
    m->n = s->count ? s->count : s->options.iters;
    m->mean = (double)avg;
    m->mean_ns = m->mean;
    m->min = mn;
    m->max = mx;
    if (s->n_v) {
        double sq = 0;
        for (size_t i = 0; i < s->n_v; i++)
            sq += ((double)s->v[i] - m->mean) * ((double)s->v[i] - m->mean);
        m->has_pct = 1;
        m->n = s->n_v;
        m->sd = sqrt(sq / (double)s->n_v);
        m->p50 = rank(s->v, s->n_v, 0.5);
        m->p90 = rank(s->v, s->n_v, 0.9);
        m->p99 = rank(s->v, s->n_v, 0.99);
        m->p999 = rank(s->v, s->n_v, 0.999);
    } else {
        figures_mean_only(m);
    }
    metric_map_name(m, TOOL, foreign);
}

/* "<name> <max> <min> <avg>" in the table. */
static void row_line(struct osperf *s, const char *p, const char *end)
{
    const char *ne = p;
    while (ne < end && (isalnum((unsigned char)*ne) || *ne == '-' || *ne == '_'))
        ne++;
    uint64_t mx, mn, avg;
    const char *q = ne;
    if (ne - p > 40 || figures_take(&q, end, &mx) || figures_take(&q, end, &mn) ||
        figures_take(&q, end, &avg) || !rest_blank(q, end))
        bad(s, "not an osperf row (<name> <max> <min> <avg>)");
    else if (mn > avg || avg > mx)
        bad(s, "an osperf row whose min, avg and max are out of order");
    else if (s->n_v && !samples_agree(s, mx, mn, avg))
        bad(s, "an osperf row that disagrees with its samples (-d) above it");
    else
        add_row(s, p, (size_t)(ne - p), mx, mn, avg);
    s->n_v = 0;
}

/* "\t<i>: <ns>" (-d). */
static void sample_line(struct osperf *s, const char *p, const char *end)
{
    uint64_t i, v;
    if (figures_take(&p, end, &i) || p >= end || *p != ':' || (p++, figures_take(&p, end, &v)) ||
        !rest_blank(p, end) || i != s->n_v)
        bad(s, "not an osperf sample line (<i>: <ns>, in order)");
    else if (s->total_v >= MAX_SAMPLES)
        bad_line(&s->bad, s->line, "more than %u osperf samples", MAX_SAMPLES);
    else {
        s->v = xgrow(s->v, s->n_v, sizeof *s->v);
        s->v[s->n_v++] = v;
        s->total_v++;
    }
}

static void os_feed(void *state, const char *line, size_t len)
{
    struct osperf *s = state;
    const char *end = line + len, *p;
    s->line++;
    while (end > line && (end[-1] == '\r' || end[-1] == ' '))
        end--;
    len = (size_t)(end - line);
    if ((p = line_find(line, len, ARGS))) {
        const char *q = p + strlen(ARGS);
        if (++s->runs == 1 && figures_take(&q, end, &s->count))
            bad(s, "not an osperf args line (" ARGS "<n>, detail:...)");
        s->in_table = 0;
    } else if (line_find(line, len, "Describe") && line_find(line, len, "Avg")) {
        s->in_table = s->runs > 0;
    } else if (line_find(line, len, "> ") || (len && end[-1] == '>')) {
        s->in_table = 0; /* a shell's prompt ("nsh> ") */
    } else if (s->in_table && len && line[0] == '\t') {
        sample_line(s, line + 1, end);
    } else if (s->in_table && len && islower((unsigned char)line[0])) {
        if (has_digit(line, len) && memchr(line, ' ', len))
            row_line(s, line, end);
        else
            s->in_table = 0; /* the shell's prompt after the table */
    }
}

static int os_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct osperf *s = state;
    if (bad_lines_error(&s->bad, err, errlen))
        return -1;
    if (s->run->n_m == 0)
        return errf(err, errlen, "no osperf results");
    if (s->ignored)
        out->note =
            xasprintf("%zu osperf row(s) after a second run or repeated ignored", s->ignored);
    struct run *r = s->run;
    s->run = NULL;
    r->origin = xstrdup("osperf");
    r->source = xstrdup(s->options.source ? s->options.source : "import");
    r->unit = xstrdup("ns");
    r->ns_per_unit = 1.0;
    run_stamp(r);
    run_hdr_set(r, "bench", TOOL);
    run_hdr_set(r, "kernel", "NuttX");
    run_hdr_set(r, "unit", "ns");
    run_hdr_set(r, "clock", "hw");
    if (s->options.board && *s->options.board)
        run_hdr_set(r, "board", s->options.board);
    run_hdr_setf(r, "count", "%zu", r->n_m);
    if (s->count) {
        run_hdr_setf(r, "iters", "%llu", (unsigned long long)s->count);
    }
    r->status = RUN_COMPLETE; /* the format has no end line */
    import_result_one(out, r);
    return 0;
}

static void os_close(void *state)
{
    struct osperf *s = state;
    run_delete(s->run);
    free(s->v);
    free(s);
}

const struct importer importer_osperf = {
    "osperf", "no osperf results", os_detect, os_open, os_feed, os_finish, os_close,
};
