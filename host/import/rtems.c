/*
 * rtbench host - the importer of RTEMS's timing tests (testsuites/psxtmtests,
 * testsuites/tmtests) and Rhealstone tests (testsuites/rhealstone), one test
 * or several in a row as a console shows them:
 *
 *   *** BEGIN OF TEST PSXTMMUTEX 03 ***
 *   *** TEST VERSION: 6.0.0.<commit>
 *   pthread_mutex_lock: available - 53
 *   *** END OF TEST PSXTMMUTEX 03 ***
 *
 * Older tests (and the .scn screens RTEMS committed) open with
 * "*** POSIX TIME TEST X ***", "*** POSIX TIME X ***" or "*** TIME TEST N ***"
 * and close with "*** END OF " and the same words. Each row is one put_time()
 * (testsuites/tmtests/include/timesys.h): "<operation> - <N>", or, before
 * RTEMS 4.11 (2013-12), "<operation> <N>"; N is ((total - loop) / iterations)
 * - overhead in whatever benchmark_timer_read() counts on the BSP (not
 * printed), computed in uint32_t and printed with PRId32, so "-6" is the
 * wrapped 4294967290.
 *
 * One run per log; a test's id is its name in lower case, its number in two
 * digits (PSXTMKEY 01 and PSXTMKEY01 are psxtmkey01; tm01's source names
 * itself "TIME TEST"); each row is rtems.<test>.<operation> (the mapping table,
 * metric_map.c, names the rows that are an rtbench id's window), the k-th
 * row of an operation printed again in the same test .<k>. The unit is
 * "counts" of the benchmark timer; with --cpu-hz (that timer's rate) also ns.
 * A test that is not a timing test (no psxtm, tm or rh name), tmonetoone
 * (counts of operations, not times), JSON data (tmcontext01, tmfine01,
 * tmtimer01) and a test run again are not read (a note). A row that does not
 * read: an error naming the line, nothing stored. The run is complete only
 * when every test that began printed its own end.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/bad_lines.h"
#include "import/figures.h"
#include "import/importer.h"
#include "import/metric_map.h"
#include "lines.h"
#include "util.h"

#define TOOL "rtems"
#define MAX_TESTS 512 /* tests of one log remembered (a test run again is not read) */
#define ID_MAX 40

enum mode { OUTSIDE, READING, SKIPPING };

struct rtems_imp {
    struct import_options options;
    unsigned long line;
    enum mode mode;
    char test[ID_MAX];    /* the running test's id ("psxtmkey01") */
    char name[64];        /* its name as printed ("PSXTMKEY 01") */
    unsigned long begun;  /* the line of its begin */
    int json;             /* inside "*** BEGIN OF JSON DATA ***" */
    char (*done)[ID_MAX]; /* the tests begun, MAX_TESTS at most */
    size_t n_done, read, other, again, json_tests;
    int debug;        /* Print_Warning(): times include debug code */
    char kver[64];    /* from "*** TEST VERSION: <v>" */
    char broken[200]; /* why the run is incomplete (the first reason), "" if it is not */
    size_t n_broken;
    struct run *run;
    struct bad_lines bad;
};

static void *rt_open(const struct import_options *o)
{
    struct rtems_imp *s = xcalloc(1, sizeof *s);
    s->options = *o;
    s->run = xcalloc(1, sizeof *s->run);
    s->done = xcalloc(MAX_TESTS, sizeof *s->done);
    return s;
}

/* Whether P (to END) starts with WORDS; *P moved past them. */
static int eat(const char **p, const char *end, const char *words)
{
    size_t n = strlen(words);
    if ((size_t)(end - *p) < n || memcmp(*p, words, n) != 0)
        return 0;
    *p += n;
    return 1;
}

/* The id of the test named NAME (LEN bytes) into ID: letters and digits in
 * lower case, a number after a blank in two digits ("TMCONTEXT 1": tmcontext01);
 * "TIME TEST <n>" is tm<n>, "TIME TEST" alone tm01 (its source's name). */
static void test_id(const char *name, size_t len, char id[ID_MAX])
{
    const char *e = name + len, *last = e;
    while (last > name && isdigit((unsigned char)last[-1]))
        last--;
    int numbered = last < e && last > name && last[-1] == ' ' && e - last <= 8;
    const char *p = name;
    size_t n = 0;
    if (eat(&p, e, "TIME TEST") && (p == e || numbered)) {
        memcpy(id, "tm", 2);
        n = 2;
        if (p == e)
            memcpy(id + n, "01", 2), n += 2;
        p = e;
    } else {
        p = name;
    }
    for (; p < (numbered ? last : e) && n < ID_MAX - 12; p++)
        if (isalnum((unsigned char)*p))
            id[n++] = (char)tolower((unsigned char)*p);
    if (numbered) {
        if (e - last == 1)
            id[n++] = '0';
        memcpy(id + n, last, (size_t)(e - last));
        n += (size_t)(e - last);
    }
    id[n] = '\0';
}

/* A test whose rows are times: psxtm*, tm* (but tmonetoone's counts), rh*. */
static int timing_test(const char *id)
{
    return (strncmp(id, "psxtm", 5) == 0 || strncmp(id, "tm", 2) == 0 ||
            strncmp(id, "rh", 2) == 0) &&
           strcmp(id, "tmonetoone") != 0;
}

/* The name a begin marker's words (INNER, to END) give a test, or NULL. */
static const char *begin_name(const char *inner, const char *end)
{
    const char *p = inner;
    if (eat(&p, end, "BEGIN OF TEST ") || eat(&p, end, "POSIX TIME TEST ") ||
        eat(&p, end, "POSIX TIME "))
        return p < end ? p : NULL;
    return eat(&p, end, "TIME TEST") ? inner : NULL;
}

static int rt_detect(const char *line, size_t len)
{
    const char *end = line + len, *p = line;
    while (end > line && end[-1] == ' ')
        end--;
    if (!eat(&p, end, "*** ") || end - p < 4 || memcmp(end - 4, " ***", 4) != 0)
        return 0;
    const char *name = begin_name(p, end - 4);
    char id[ID_MAX];
    if (!name)
        return 0;
    test_id(name, (size_t)(end - 4 - name), id);
    return timing_test(id);
}

/* The run is incomplete, for the reason FMT (the first one kept). */
static void broken(struct rtems_imp *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void broken(struct rtems_imp *s, const char *fmt, ...)
{
    if (s->n_broken++)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->broken, sizeof s->broken, fmt, ap);
    va_end(ap);
}

static void test_begins(struct rtems_imp *s, const char *name, const char *end)
{
    if (s->mode != OUTSIDE)
        broken(s, "line %lu: %s (line %lu) has no end before the next test", s->line, s->name,
               s->begun);
    printable_copy(s->name, sizeof s->name, name, (size_t)(end - name));
    test_id(name, (size_t)(end - name), s->test);
    s->begun = s->line;
    s->json = 0;
    s->mode = SKIPPING;
    size_t i = 0;
    while (i < s->n_done && strcmp(s->done[i], s->test) != 0)
        i++;
    if (!timing_test(s->test)) {
        s->other++;
    } else if (i < s->n_done) {
        s->again++;
    } else if (s->n_done == MAX_TESTS) {
        bad_line(&s->bad, s->line, "more than %d RTEMS tests in one log", MAX_TESTS);
    } else {
        memcpy(s->done[s->n_done++], s->test, ID_MAX);
        s->read++;
        s->mode = READING;
    }
}

static void test_ends(struct rtems_imp *s, const char *words, const char *end)
{
    const char *name = begin_name(words, end);
    char id[ID_MAX], shown[64];
    if (!name && eat(&words, end, "TEST "))
        name = words;
    name = name ? name : words;
    test_id(name, (size_t)(end - name), id);
    printable_copy(shown, sizeof shown, name, (size_t)(end - name));
    if (s->mode == OUTSIDE)
        broken(s, "line %lu: the end of %s without its begin (log cut?)", s->line, shown);
    else if (strcmp(id, s->test) != 0)
        broken(s, "line %lu: the end of %s in %s (begun line %lu)", s->line, shown, s->name,
               s->begun);
    s->mode = OUTSIDE;
    s->json = 0;
}

/* "*** <words> ***" (or "*** TEST <KEY>: ..." without the closing stars). */
static void marker(struct rtems_imp *s, const char *p, const char *end)
{
    const char *e = end - 4 >= p && memcmp(end - 4, " ***", 4) == 0 ? end - 4 : end;
    while (e > p && e[-1] == ' ')
        e--;
    const char *name = begin_name(p, e), *v = p;
    if (eat(&v, e, "TEST VERSION: ")) {
        if (!s->kver[0])
            printable_copy(s->kver, sizeof s->kver, v, (size_t)(e - v));
    } else if (eat(&v, e, "BEGIN OF JSON DATA")) {
        s->json = 1;
        s->json_tests += s->mode == READING;
    } else if (eat(&v, e, "END OF JSON DATA")) {
        s->json = 0;
    } else if (eat(&v, e, "END OF ")) {
        test_ends(s, v, e);
    } else if (e == end - 4 && name) {
        test_begins(s, name, e);
    } else if (s->mode == READING && !s->json && !eat(&v, e, "TEST ")) {
        bad_line(&s->bad, s->line, "not an RTEMS timing line in %s", s->name);
    }
}

/* The row's figure: N, or -N printed for the uint32_t 2^32 - N. 0, or -1. */
static int figure(const char *p, const char *end, uint64_t *v)
{
    int neg = p < end && *p == '-';
    const char *d = p + neg;
    if (figures_take(&d, end, v) != 0 || d != end || (neg && *v > 2147483648ull))
        return -1;
    if (neg && *v)
        *v = 4294967296ull - *v;
    return 0;
}

/* The id of OP in this test: the mapping table's (unless another test's row
 * has it), else rtems.<test>.<op>; the k-th row of one operation .<k>, and
 * "rows" on the first says how many there are. Owned. */
static char *row_id(struct rtems_imp *s, const char *op)
{
    char tool[8 + ID_MAX];
    snprintf(tool, sizeof tool, TOOL ".%s", s->test);
    char *id = metric_map_id(tool, op);
    struct metric *first = run_find_metric(s->run, id);
    const char *t = first ? metric_extra(first, "test") : NULL;
    if (first && (!t || strcmp(t, s->name) != 0)) {
        free(id);
        id = metric_map_namespaced(tool, op);
        first = run_find_metric(s->run, id);
    }
    if (!first)
        return id;
    free(id);
    const char *rows = metric_extra(first, "rows");
    unsigned long k = rows ? strtoul(rows, NULL, 10) + 1 : 2;
    char buf[24];
    snprintf(buf, sizeof buf, "%lu", k);
    metric_extra_set(first, "rows", buf);
    char *base = metric_map_namespaced(tool, op);
    id = xasprintf("%s.%lu", base, k);
    free(base);
    return id;
}

static void add_row(struct rtems_imp *s, const char *op, uint64_t v, const char *printed)
{
    char *id = row_id(s, op);
    struct metric *m = run_add_metric(s->run, id);
    free(id);
    m->desc = xasprintf("%s: %s", s->name, op);
    metric_map_name(m, TOOL, op);
    metric_extra_set(m, "test", s->name);
    if (printed)
        metric_extra_set(m, "printed", printed);
    m->state = MS_OK;
    m->flags = MF_MEAN_ONLY;
    m->n = s->options.iters;
    m->mean = (double)v;
}

/* "<operation> - <N>" or "<operation> <N>". */
static void row(struct rtems_imp *s, const char *line, const char *end)
{
    const char *num = end;
    while (num > line && num[-1] != ' ' && num[-1] != '\t')
        num--;
    const char *oe = num;
    while (oe > line && (oe[-1] == ' ' || oe[-1] == '\t'))
        oe--;
    if (oe - line >= 2 && oe[-1] == '-' && (oe[-2] == ' ' || oe[-2] == '\t'))
        for (oe--; oe > line && (oe[-1] == ' ' || oe[-1] == '\t');)
            oe--;
    while (line < oe && (*line == ' ' || *line == '\t'))
        line++;
    uint64_t v;
    if (oe == line || figure(num, end, &v) != 0) {
        bad_line(&s->bad, s->line, "not an RTEMS timing row (<operation> - <N>) in %s", s->name);
        return;
    }
    if (s->run->n_m >= RTBH_MAX_METRICS) {
        bad_line(&s->bad, s->line, "more than %u RTEMS timing rows in one log", RTBH_MAX_METRICS);
        return;
    }
    char op[128], printed[24];
    printable_copy(op, sizeof op, line, (size_t)(oe - line));
    printable_copy(printed, sizeof printed, num, (size_t)(end - num));
    add_row(s, op, v, *num == '-' ? printed : NULL);
}

static void rt_feed(void *state, const char *line, size_t len)
{
    struct rtems_imp *s = state;
    const char *end = line + len, *p = line;
    s->line++;
    while (end > line && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    if (eat(&p, end, "*** "))
        marker(s, p, end);
    else if (line_find(line, (size_t)(end - line), "THE TIMES REPORTED BY THIS TEST INCLUDE DEBUG"))
        s->debug = 1;
    else if (s->mode == READING && !s->json && end > line)
        row(s, line, end);
}

/* The remark on what was not read, or NULL (owned). */
static char *note(const struct rtems_imp *s)
{
    char parts[256] = "";
    size_t n = 0;
    if (s->other)
        n += (size_t)snprintf(parts + n, sizeof parts - n,
                              ", %zu test(s) not of times (no "
                              "psxtm, tm or rh name, or tmonetoone's counts)",
                              s->other);
    if (s->again)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", %zu test(s) run again", s->again);
    if (s->json_tests)
        snprintf(parts + n, sizeof parts - n, ", the JSON data of %zu test(s)", s->json_tests);
    if (!parts[0] && !s->debug)
        return NULL;
    return xasprintf("%s%s%s%s", parts[0] ? "not read: " : "", parts[0] ? parts + 2 : "",
                     parts[0] && s->debug ? "; " : "",
                     s->debug ? "the times include debug code (Print_Warning)" : "");
}

static void header(struct rtems_imp *s, struct run *r)
{
    const struct import_options *o = &s->options;
    run_hdr_set(r, "bench", TOOL);
    run_hdr_set(r, "kernel", "RTEMS");
    if (s->kver[0])
        run_hdr_set(r, "kver", s->kver);
    run_hdr_set(r, "unit", "counts");
    run_hdr_set(r, "clock", "hw");
    run_hdr_set(r, "timer", "benchmark_timer_read");
    if (s->debug)
        run_hdr_set(r, "debug_code", "yes");
    if (o->board && *o->board)
        run_hdr_set(r, "board", o->board);
    if (o->cpu_hz > 0) {
        run_set_clock(r, o->cpu_hz, "given");
        for (size_t i = 0; i < r->n_m; i++)
            r->m[i].mean_ns = r->m[i].mean * r->ns_per_unit;
    }
    if (o->iters > 0) {
        run_hdr_setf(r, "iters", "%u", o->iters);
    }
    run_hdr_setf(r, "tests", "%zu", s->read);
    run_hdr_setf(r, "count", "%zu", r->n_m);
}

static int rt_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct rtems_imp *s = state;
    if (bad_lines_error(&s->bad, err, errlen))
        return -1;
    out->note = note(s);
    if (s->run->n_m == 0)
        return errf(err, errlen, "no RTEMS timing results%s%s%s", out->note ? " (" : "",
                    out->note ? out->note : "", out->note ? ")" : "");
    if (s->mode != OUTSIDE)
        broken(s, "%s (line %lu) has no end (log cut, or a test that did not end)", s->name,
               s->begun);
    struct run *r = s->run;
    s->run = NULL;
    r->origin = xstrdup(TOOL);
    r->source = xstrdup(s->options.source ? s->options.source : "import");
    r->unit = xstrdup("counts");
    run_stamp(r);
    header(s, r);
    r->status = s->n_broken ? RUN_INCOMPLETE : RUN_COMPLETE;
    if (s->n_broken)
        r->status_detail = xstrdup(s->broken);
    import_result_one(out, r);
    return 0;
}

static void rt_close(void *state)
{
    struct rtems_imp *s = state;
    run_delete(s->run);
    free(s->done);
    free(s);
}

const struct importer importer_rtems = {
    "rtems", "no RTEMS timing results", rt_detect, rt_open, rt_feed, rt_finish, rt_close,
};
