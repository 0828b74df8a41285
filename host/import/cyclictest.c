/*
 * rtbench host - the importer of cyclictest's --json output (rt-tests; the
 * form rt-tests 2.40 on Debian 12 writes: file_version 1, keys "cmdline:"
 * and "rt_test_version:" spelt with a colon, one object per measuring thread
 * under "thread" with cycles, min, max, avg in microseconds and, with -h N,
 * "histogram": {"<us>": count, ...} of the non-empty 1 us buckets below N).
 *
 * cyclictest times a thread's periodic wake-up (clock_nanosleep to an
 * absolute time every -i microseconds): how late it runs, which is what
 * rtbench's timer.deviation measures. Thread "0" becomes timer.deviation,
 * thread "k" timer.deviation.thread<k>. Figures are stored in ns (the run's
 * unit; cyclictest's are whole microseconds, so every figure is a multiple of
 * 1000). When the histogram holds every sample (-h larger than the maximum,
 * no overflow) the percentiles, the standard deviation and the histogram are
 * computed from it, exactly at that resolution; otherwise the metric is mean
 * only, with min_ns and max_ns as extra figures. The JSON is read whole at the
 * end (it is small): lines are kept as they come.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "import/figures.h"
#include "import/importer.h"
#include "util.h"

#define CT_MAX_BYTES (64u << 20)
/* Kept before a line shows the format (its "cmdline:" or "rt_test_version:"
 * key, in the first lines of the object): more of a log without it is not
 * cyclictest's, and is not kept (format detection would keep any input). */
#define CT_UNDETECTED_BYTES (256u << 10)
#define CT_MAX_US 100000000.0 /* a latency beyond 100 s is not a cyclictest figure */

struct ct_import {
    struct import_options options;
    char *text;
    size_t len, cap;
    int too_big;
    int seen;     /* a line showed the format */
    int not_json; /* the first non-blank line does not open a JSON object */
};

static int ct_detect(const char *line, size_t len)
{
    char buf[256];
    printable_copy(buf, sizeof buf, line, len);
    return (strstr(buf, "\"cmdline") && strstr(buf, "cyclictest")) ||
           strstr(buf, "\"rt_test_version");
}

static void *ct_open(const struct import_options *o)
{
    struct ct_import *s = xcalloc(1, sizeof *s);
    s->options = *o;
    return s;
}

static void ct_feed(void *state, const char *line, size_t len)
{
    struct ct_import *s = state;
    if (s->not_json)
        return;
    size_t b = 0;
    while (!s->len && b < len && (line[b] == ' ' || line[b] == '\t' || line[b] == '\r'))
        b++;
    if (!s->len && b < len && line[b] != '{')
        s->not_json = 1; /* cyclictest --json writes an object from its first byte */
    if (!s->seen)
        s->seen = ct_detect(line, len);
    if (s->not_json || (!s->seen && s->len + len > CT_UNDETECTED_BYTES)) {
        free(s->text); /* not this format: nothing more is kept */
        s->text = NULL;
        s->len = s->cap = 0;
        s->not_json = 1;
        return;
    }
    if (s->too_big || s->len + len + 2 > CT_MAX_BYTES) {
        s->too_big = 1;
        return;
    }
    if (s->len + len + 2 > s->cap) {
        s->cap = (s->len + len + 2) * 2;
        s->text = xrealloc(s->text, s->cap);
    }
    memcpy(s->text + s->len, line, len);
    s->len += len;
    s->text[s->len++] = '\n';
    s->text[s->len] = '\0';
}

/* Member KEY of O, also spelt "KEY:" (rt-tests 2.40 writes "cmdline:"). */
static const cJSON *member(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) {
        char k[64];
        snprintf(k, sizeof k, "%s:", key);
        v = cJSON_GetObjectItemCaseSensitive(o, k);
    }
    return v;
}

static const char *member_str(const cJSON *o, const char *key)
{
    const cJSON *v = member(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Member KEY of O as a number in [0, max]: 0, or -1 when absent or not one. */
static int member_num(const cJSON *o, const char *key, double max, double *out)
{
    const cJSON *v = member(o, key);
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble < 0 ||
        v->valuedouble > max)
        return -1;
    *out = v->valuedouble;
    return 0;
}

/* cyclictest's -i (interval in us) from its command line; 1000, its default, if absent. */
static unsigned long interval_us(const char *cmdline)
{
    unsigned long us = 1000;
    char *copy = xstrdup(cmdline ? cmdline : ""), *save = NULL, *prev = NULL;
    for (char *t = strtok_r(copy, " ", &save); t; prev = t, t = strtok_r(NULL, " ", &save)) {
        const char *v = NULL;
        if (strncmp(t, "-i", 2) == 0 && t[2])
            v = t + 2;
        else if (strncmp(t, "--interval=", 11) == 0)
            v = t + 11;
        else if (prev && (strcmp(prev, "-i") == 0 || strcmp(prev, "--interval") == 0))
            v = t;
        uint64_t n;
        if (v && parse_u64(v, &n) == 0 && n > 0 && n < 100000000u)
            us = (unsigned long)n;
    }
    free(copy);
    return us;
}

/* The histogram of a thread: counts per whole microsecond. */
struct ct_hist {
    uint64_t *count; /* [0, span) from lo_us */
    uint64_t lo_us, span, total;
};

/* The "histogram" object into H (from its smallest to its largest bucket);
 * -1 if a bucket is not "<us>": <count>. */
static int read_hist(const cJSON *obj, struct ct_hist *h)
{
    const cJSON *b;
    uint64_t lo = UINT64_MAX, hi = 0, us;
    memset(h, 0, sizeof *h);
    cJSON_ArrayForEach(b, obj)
    {
        if (!b->string || parse_u64(b->string, &us) != 0 || us > CT_MAX_US || !cJSON_IsNumber(b) ||
            b->valuedouble < 0 || b->valuedouble > 1e15)
            return -1;
        lo = us < lo ? us : lo;
        hi = us > hi ? us : hi;
    }
    if (lo == UINT64_MAX)
        return 0; /* no buckets (no -h) */
    h->lo_us = lo;
    h->span = hi - lo + 1;
    h->count = xcalloc(h->span, sizeof *h->count);
    cJSON_ArrayForEach(b, obj)
    {
        parse_u64(b->string, &us);
        h->count[us - lo] += (uint64_t)b->valuedouble;
        h->total += (uint64_t)b->valuedouble;
    }
    return 0;
}

/* The smallest value (us) with at least per_mille/1000 of the samples at or below it. */
static uint64_t hist_percentile(const struct ct_hist *h, uint64_t per_mille)
{
    uint64_t rank = (per_mille * h->total + 999) / 1000, seen = 0;
    if (rank < 1)
        rank = 1;
    for (uint64_t i = 0; i < h->span; i++)
        if ((seen += h->count[i]) >= rank)
            return h->lo_us + i;
    return h->lo_us + h->span - 1;
}

/* Percentiles, sd and the histogram of metric M from H (which holds every sample). */
static void from_hist(struct metric *m, const struct ct_hist *h)
{
    double sq = 0, mean_us = m->mean / 1000.0;
    for (uint64_t i = 0; i < h->span; i++) {
        double d = (double)(h->lo_us + i) - mean_us;
        sq += (double)h->count[i] * d * d;
    }
    m->has_pct = 1;
    m->sd = sqrt(sq / (double)h->total) * 1000.0;
    m->p50 = hist_percentile(h, 500) * 1000;
    m->p90 = hist_percentile(h, 900) * 1000;
    m->p99 = hist_percentile(h, 990) * 1000;
    m->p999 = hist_percentile(h, 999) * 1000;
    /* stored with 1 us buckets, or wider ones when that would be too many */
    uint64_t w = (h->span + HIST_MAX_BUCKETS - 1) / HIST_MAX_BUCKETS;
    size_t n = (size_t)((h->span + w - 1) / w);
    struct hist *mh = metric_hist_new(m, h->lo_us * 1000, w * 1000, n);
    for (uint64_t i = 0; i < h->span; i++)
        mh->count[i / w] += h->count[i];
    m->hist_want = n;
}

/* One thread's object as a metric of R; -1 with a message when malformed. */
static int add_thread(struct run *r, const cJSON *t, unsigned long interval, char **note, char *err,
                      size_t errlen)
{
    double cycles, mn, mx, avg;
    if (!t->string || member_num(t, "cycles", 1e15, &cycles) ||
        member_num(t, "min", CT_MAX_US, &mn) || member_num(t, "max", CT_MAX_US, &mx) ||
        member_num(t, "avg", CT_MAX_US, &avg) || cycles < 1 || mn > mx)
        return errf(err, errlen, "thread \"%s\": cycles, min, max or avg missing or not sane",
                    t->string ? t->string : "?");
    char *id = strcmp(t->string, "0") == 0 ? xstrdup("timer.deviation")
                                           : xasprintf("timer.deviation.thread%s", t->string);
    struct metric *m = run_add_metric(r, id);
    free(id);
    m->desc = xasprintf("cyclictest thread %s: wake-up latency", t->string);
    m->state = MS_OK;
    m->n = (uint64_t)cycles;
    m->mean = avg * 1000.0;
    m->mean_ns = m->mean;
    m->min = (uint64_t)mn * 1000;
    m->max = (uint64_t)mx * 1000;
    struct ct_hist h;
    if (read_hist(member(t, "histogram"), &h) != 0)
        return errf(err, errlen, "thread \"%s\": histogram is not {\"<us>\": count, ...}",
                    t->string);
    if (h.total == m->n && h.lo_us == (uint64_t)mn && h.lo_us + h.span - 1 == (uint64_t)mx) {
        from_hist(m, &h);
    } else {
        /* without -h, or samples beyond it: only what cyclictest printed */
        figures_mean_only(m);
        if (!*note && h.total)
            *note = xasprintf("thread %s: the histogram holds %llu of %llu samples (-h below the "
                              "maximum): mean, min and max only",
                              t->string, (unsigned long long)h.total, (unsigned long long)m->n);
    }
    free(h.count);
    char v[32];
    snprintf(v, sizeof v, "%lu", interval);
    metric_extra_set(m, "interval_us", v);
    return 0;
}

/* Header keys from the document's identity. */
static void fill_header(struct run *r, const cJSON *doc, const struct import_options *o)
{
    const cJSON *sys = member(doc, "sysinfo");
    const char *v;
    run_hdr_set(r, "bench", "cyclictest");
    run_hdr_set(r, "unit", "ns");
    run_hdr_set(r, "clock", "os");
    if ((v = member_str(sys, "sysname")))
        run_hdr_set(r, "kernel", v);
    if ((v = member_str(sys, "release")))
        run_hdr_set(r, "kver", v);
    if ((v = member_str(sys, "machine")))
        run_hdr_set(r, "cpu", v);
    if (o->board && *o->board)
        run_hdr_set(r, "board", o->board);
    else if ((v = member_str(sys, "nodename")))
        run_hdr_set(r, "board", v);
    if ((v = member_str(doc, "cmdline")))
        run_hdr_set(r, "cmdline", v);
    if ((v = member_str(doc, "rt_test_version")))
        run_hdr_set(r, "rt_tests", v);
    if ((v = member_str(doc, "start_time")))
        run_hdr_set(r, "start_time", v);
    run_hdr_setf(r, "count", "%zu", r->n_m);
}

/* The run of a parsed document; -1 with a message. */
static int to_run(const cJSON *doc, const struct import_options *o, struct run *r, char **note,
                  char *err, size_t errlen)
{
    const cJSON *threads = member(doc, "thread"), *t;
    if (!cJSON_IsObject(threads) || !threads->child)
        return errf(err, errlen, "no \"thread\" results (not cyclictest --json output?)");
    unsigned long interval = interval_us(member_str(doc, "cmdline"));
    cJSON_ArrayForEach(t, threads)
    {
        if (add_thread(r, t, interval, note, err, errlen) != 0)
            return -1;
    }
    r->origin = xstrdup("cyclictest");
    r->source = xstrdup(o->source ? o->source : "import");
    r->unit = xstrdup("ns");
    r->ns_per_unit = 1.0;
    run_stamp(r);
    fill_header(r, doc, o);
    double rc = 0;
    if (member_num(doc, "return_code", 1e9, &rc) == 0 && rc == 0) {
        r->status = RUN_COMPLETE;
    } else {
        r->status = RUN_INCOMPLETE;
        r->status_detail = xstrdup("cyclictest's return_code is not 0");
    }
    return 0;
}

static int ct_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct ct_import *s = state;
    if (s->too_big)
        return errf(err, errlen, "larger than %u MiB: not a cyclictest result", CT_MAX_BYTES >> 20);
    cJSON *doc = s->text && !s->not_json ? cJSON_Parse(s->text) : NULL;
    if (!doc)
        return errf(err, errlen, "not JSON (cyclictest --json output expected)");
    struct run *r = xcalloc(1, sizeof *r);
    char *note = NULL;
    int rc = to_run(doc, &s->options, r, &note, err, errlen);
    cJSON_Delete(doc);
    out->note = note;
    if (rc != 0) {
        run_delete(r);
        return -1;
    }
    import_result_one(out, r);
    return 0;
}

static void ct_close(void *state)
{
    struct ct_import *s = state;
    free(s->text);
    free(s);
}

const struct importer importer_cyclictest = {
    "cyclictest", "no cyclictest JSON", ct_detect, ct_open, ct_feed, ct_finish, ct_close,
};
