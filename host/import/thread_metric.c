/*
 * rtbench host - the importer of Thread-Metric's console output (ThreadX's
 * utility/benchmarks/thread_metric and Zephyr's tests/benchmarks/thread_metric
 * print the same lines):
 *
 *   **** Thread-Metric Basic Single Thread Processing Test **** Relative Time: 30
 *   Time Period Total:  252879
 *
 * Every "Time Period Total" is one sample of the test named by the line
 * before it: the work done in one period, the period being the step of
 * "Relative Time" (seconds). Each test becomes one value metric in
 * ops/period, higher is better, as rtbench's own tm.* (the id from the
 * mapping table, metric_map.c): n periods, mean, sd, min, max and
 * nearest-rank percentiles of the totals, the extras period_ms and per_s.
 * A test that printed "ERROR: ..." is stored failed with that line as its
 * reason (the tool says its counters are wrong); the per-thread lines
 * ("   Average: ...", "tm_cooperative_thread_0_counter: ...") are detail.
 *
 * A line with Thread-Metric's words that does not read as one of its lines,
 * a total before any test line, a Relative Time that does not advance or
 * changes its step: an error naming the line, nothing stored. A test line
 * whose total never came (the log cut) stores the run incomplete.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/bad_lines.h"
#include "import/importer.h"
#include "import/metric_map.h"
#include "lines.h"
#include "util.h"

#define TOOL "thread_metric"
#define HEAD "**** Thread-Metric "
#define HEAD_END " Test **** Relative Time:"
#define TOTAL "Time Period Total:"
#define MAX_SAMPLES 1000000u /* periods in one log, all tests together */
#define MAX_TESTS 64u

struct tm_test {
    char *name;
    uint64_t *v; /* the totals, in order */
    size_t n;
    uint64_t last_rel, period; /* seconds; period 0 until the second line */
    char *error;               /* the first ERROR line, or NULL */
};

struct tm_import {
    struct import_options options;
    unsigned long line;
    struct tm_test *t;
    size_t n_t, cur; /* cur: the test of the last test line, n_t if none */
    int want_total;  /* a test line waits for its total */
    size_t samples;
    struct bad_lines bad;
};

/* A decimal at s (blanks before it), then only blanks to end: 0, else -1. */
static int number_to_end(const char *s, const char *end, uint64_t *out)
{
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    uint64_t v = 0;
    const char *d = s;
    for (; s < end && isdigit((unsigned char)*s); s++) {
        if (v > (UINT64_MAX - 9) / 10)
            return -1;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\r'))
        s++;
    if (s == d || s != end)
        return -1;
    *out = v;
    return 0;
}

static int tm_detect(const char *line, size_t len)
{
    const char *h = line_find(line, len, HEAD);
    return h && line_find(h, len - (size_t)(h - line), HEAD_END) != NULL;
}

static void *tm_open(const struct import_options *o)
{
    struct tm_import *s = xcalloc(1, sizeof *s);
    s->options = *o;
    return s;
}

/* Line s->line is bad for the reason MSG. */
static void bad(struct tm_import *s, const char *msg)
{
    bad_line(&s->bad, s->line, "%s", msg);
}

/* The test called NAME (LEN bytes), added when new; NULL past MAX_TESTS. */
static struct tm_test *test_named(struct tm_import *s, const char *name, size_t len)
{
    for (size_t i = 0; i < s->n_t; i++)
        if (strlen(s->t[i].name) == len && memcmp(s->t[i].name, name, len) == 0)
            return &s->t[i];
    if (s->n_t >= MAX_TESTS)
        return NULL;
    s->t = xgrow(s->t, s->n_t, sizeof *s->t);
    struct tm_test *t = &s->t[s->n_t++];
    memset(t, 0, sizeof *t);
    t->name = xstrndup(name, len);
    return t;
}

/* "**** Thread-Metric <name> Test **** Relative Time: <s>" */
static void test_line(struct tm_import *s, const char *h, const char *end)
{
    const char *name = h + strlen(HEAD), *ne = line_find(name, (size_t)(end - name), HEAD_END);
    uint64_t rel;
    if (!ne || ne == name || ne - name > 80 ||
        number_to_end(ne + strlen(HEAD_END), end, &rel) != 0) {
        bad(s, "not a Thread-Metric test line (" HEAD "<name>" HEAD_END " <seconds>)");
        return;
    }
    struct tm_test *t = test_named(s, name, (size_t)(ne - name));
    if (!t) {
        bad_line(&s->bad, s->line, "more than %u Thread-Metric tests in one log", MAX_TESTS);
        return;
    }
    if (s->want_total)
        bad(s, "the total of the period before is missing");
    else if (rel <= t->last_rel)
        bad(s, "Relative Time does not advance");
    else if (t->period && rel - t->last_rel != t->period)
        bad(s, "Relative Time changes its step (the period) within the test");
    else
        t->period = rel - t->last_rel; /* the first line: the first period ended at rel */
    t->last_rel = rel;
    s->cur = (size_t)(t - s->t);
    s->want_total = 1;
}

static void total_line(struct tm_import *s, const char *p, const char *end)
{
    uint64_t v;
    if (number_to_end(p + strlen(TOTAL), end, &v) != 0) {
        bad(s, "not a Thread-Metric total (" TOTAL " <count>)");
    } else if (!s->want_total) {
        bad(s, "a total without the test line before it");
    } else if (s->samples >= MAX_SAMPLES) {
        bad_line(&s->bad, s->line, "more than %u periods in one log", MAX_SAMPLES);
    } else {
        struct tm_test *t = &s->t[s->cur];
        t->v = xgrow(t->v, t->n, sizeof *t->v);
        t->v[t->n++] = v;
        s->samples++;
        s->want_total = 0;
    }
}

static void tm_feed(void *state, const char *line, size_t len)
{
    struct tm_import *s = state;
    const char *end = line + len, *p;
    s->line++;
    if (len && end[-1] == '\r')
        end--, len--;
    if ((p = line_find(line, len, HEAD))) {
        test_line(s, p, end);
    } else if ((p = line_find(line, len, TOTAL))) {
        total_line(s, p, end);
    } else if ((p = line_find(line, len, "ERROR:")) && s->n_t) {
        struct tm_test *t = &s->t[s->cur];
        if (!t->error) {
            char msg[200];
            printable_copy(msg, sizeof msg, p, (size_t)(end - p));
            t->error = xstrdup(msg);
        }
    } else if (line_find(line, len, "Thread-Metric") || line_find(line, len, "Time Period") ||
               line_find(line, len, "Relative Time")) {
        bad(s, "not a Thread-Metric line (" HEAD "<name>" HEAD_END " <s>, or " TOTAL " <count>)");
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The nearest-rank Q-quantile of the N sorted values. */
static uint64_t rank(const uint64_t *v, size_t n, double q)
{
    size_t k = (size_t)ceil(q * (double)n);
    return v[k ? k - 1 : 0];
}

static void fill_metric(struct metric *m, struct tm_test *t)
{
    double sum = 0, sq = 0;
    for (size_t i = 0; i < t->n; i++)
        sum += (double)t->v[i];
    m->mean = sum / (double)t->n;
    for (size_t i = 0; i < t->n; i++)
        sq += ((double)t->v[i] - m->mean) * ((double)t->v[i] - m->mean);
    m->sd = sqrt(sq / (double)t->n);
    qsort(t->v, t->n, sizeof *t->v, cmp_u64);
    m->n = t->n;
    m->has_pct = 1;
    m->min = t->v[0];
    m->max = t->v[t->n - 1];
    m->p50 = rank(t->v, t->n, 0.5);
    m->p90 = rank(t->v, t->n, 0.9);
    m->p99 = rank(t->v, t->n, 0.99);
    m->p999 = rank(t->v, t->n, 0.999);
    m->mean_ns = -1;
    m->unit = xstrdup("ops/period");
    m->higher_better = 1;
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)t->period * 1000u);
    metric_extra_set(m, "period_ms", buf);
    snprintf(buf, sizeof buf, "%.0f", m->mean / (double)t->period);
    metric_extra_set(m, "per_s", buf);
    if (t->error) {
        m->state = MS_FAILED;
        m->reason = xasprintf("Thread-Metric: %s", t->error);
    }
}

static int tm_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct tm_import *s = state;
    if (bad_lines_error(&s->bad, err, errlen))
        return -1;
    if (s->samples == 0)
        return errf(err, errlen, "no Thread-Metric results");
    struct run *r = xcalloc(1, sizeof *r);
    for (size_t i = 0; i < s->n_t; i++) {
        struct tm_test *t = &s->t[i];
        if (t->n == 0)
            continue;
        char *id = metric_map_id(TOOL, t->name);
        struct metric *m = run_add_metric(r, id);
        free(id);
        fill_metric(m, t);
        metric_map_name(m, TOOL, t->name);
    }
    r->origin = xstrdup("thread-metric");
    r->source = xstrdup(s->options.source ? s->options.source : "import");
    run_stamp(r);
    r->unit = xstrdup("cycles");
    run_hdr_set(r, "bench", TOOL);
    if (s->options.board && *s->options.board)
        run_hdr_set(r, "board", s->options.board);
    run_hdr_setf(r, "count", "%zu", r->n_m);
    r->status = s->want_total ? RUN_INCOMPLETE : RUN_COMPLETE;
    if (s->want_total)
        r->status_detail =
            xasprintf("the last period of %s has no total (log cut?)", s->t[s->cur].name);
    import_result_one(out, r);
    return 0;
}

static void tm_close(void *state)
{
    struct tm_import *s = state;
    for (size_t i = 0; i < s->n_t; i++) {
        free(s->t[i].name);
        free(s->t[i].v);
        free(s->t[i].error);
    }
    free(s->t);
    free(s);
}

const struct importer importer_thread_metric = {
    "thread-metric", "no Thread-Metric results", tm_detect, tm_open, tm_feed, tm_finish, tm_close,
};
