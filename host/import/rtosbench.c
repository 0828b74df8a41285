/*
 * rtbench host - the importer of RTOSBench's console (gchamp20/RTOSBench):
 *
 *   -- Sem: Wait block --
 *   max=13364
 *   min=12057
 *   average=12665
 *
 * REPORT_BENCHMARK_RESULTS (include/porting_layer.h) prints a test's title
 * ("-- <title> --", or with three dashes) with no_serial_write(), then
 * no_result_report() the maximum, minimum and running average of its windows
 * (each no_time_diff() of two no_time_get(): the port's counter, in its own
 * ticks; a window of NO_PART_MAX_GAP ticks or more is dropped), each printed
 * "%d" of the figure cast to 32 bits. Nothing says the counter's clock (unit
 * "count"; --cpu-hz gives ns), the number of windows (--iters sets n) or the
 * end of the log: the titles each test of RTOSBench 29d04a6 prints (known[])
 * tell a test cut between its sections. A row's foreign name is its title;
 * ids from the mapping table (metric_map.c), else rtosbench.<title>. Every
 * row is mean-only with min_count and max_count as extras. max=0, average=0
 * and min not 0 is a section no window was kept in (min still its initial
 * value): stored n/a. Incomplete: a title without its figures at the end, a
 * test with a section missing, a title RTOSBench does not print (its
 * sections unknown), or the port's own error line ("sem_wait: error").
 * A figure missing or out of place, negative (2^31 or more, printed as a
 * 32-bit int), min > average > max, the per-sample layout (NO_VERBOSE_RESULTS,
 * partition/jitter.c: bare figures that name no test) or the TRACING one:
 * an error naming the line, nothing stored. With --counter BITS@HZ the
 * header's `wrap` is 2^BITS ticks, and a max that reached it is flagged
 * underflow (figures_counter_wrap()).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/bad_lines.h"
#include "import/figures.h"
#include "import/importer.h"
#include "import/metric_map.h"
#include "lines.h"
#include "util.h"

#define TOOL "rtosbench"

/* Every title RTOSBench 29d04a6's tests print, a test's in the order printed. */
static const struct {
    const char *test, *title;
} known[] = {
    {"semaphore/sem.c", "Sem: Wait block"},
    {"semaphore/sem.c", "Sem: Signal unblock"},
    {"semaphore/sem_processing.c", "Sem: Signal"},
    {"semaphore/sem_processing.c", "Sem: Wait"},
    {"semaphore/sem_prio.c", "sem singaling with prio"},
    {"semaphore/sem_workload.c", "Sem workload"},
    {"mutex/mutex.c", "Mutex release unblock"},
    {"mutex/mutex.c", "Mutex request block"},
    {"mutex/mutex_processing.c", "mutex acquisition"},
    {"mutex/mutex_processing.c", "mutex release"},
    {"mutex/mutex_pip.c", "Mutex PIP"},
    {"mutex/mutex_workload.c", "Mutex workload"},
    {"mq/mq.c", "MQ: Receive block"},
    {"mq/mq.c", "MQ: Signal unblock"},
    {"mq/mq_processing.c", "MQ Send"},
    {"mq/mq_processing.c", "MQ Receive"},
    {"mq/mq_workload.c", "MQ workload"},
    {"context-switch/round_robin.c", "round robin context switch results"},
    {"interrupt/interrupt_processing.c", "interrupt processing"},
};
#define N_KNOWN (sizeof known / sizeof known[0])

static const char *const figure[3] = {"max=", "min=", "average="};

struct rtosbench {
    struct import_options options;
    unsigned long line;
    char title[64];           /* the current section's */
    unsigned long title_line; /* its line */
    int known_i;              /* its index in known[], -1 if none */
    int want;                 /* its figures read so far (0..2), -1 outside a section */
    long long v[3];           /* max, min, average */
    unsigned char seen[N_KNOWN];
    char why[160];   /* the first reason the run is incomplete, "" if none */
    size_t repeated; /* sections whose title was already stored */
    struct run *run;
    struct bad_lines bad;
};

/* The title of "-- <title> --" (two dashes or more each side) into OUT, or 0. */
static int title_of(const char *line, size_t len, char *out, size_t cap)
{
    if (len < 5 || memcmp(line, "--", 2) != 0 || memcmp(line + len - 2, "--", 2) != 0)
        return 0;
    const char *b = line, *e = line + len;
    while (b < e && *b == '-')
        b++;
    while (e > b && e[-1] == '-')
        e--;
    while (b < e && *b == ' ')
        b++;
    while (e > b && e[-1] == ' ')
        e--;
    if (b == e)
        return 0;
    printable_copy(out, cap, b, (size_t)(e - b));
    return 1;
}

static int known_index(const char *title)
{
    for (size_t i = 0; i < N_KNOWN; i++)
        if (strcmp(known[i].title, title) == 0)
            return (int)i;
    return -1;
}

static int rbn_detect(const char *line, size_t len)
{
    char t[64];
    return title_of(line, len, t, sizeof t) && known_index(t) >= 0;
}

static void *rbn_open(const struct import_options *o)
{
    struct rtosbench *s = xcalloc(1, sizeof *s);
    s->options = *o;
    s->want = -1;
    s->run = xcalloc(1, sizeof *s->run);
    return s;
}

/* The first reason the run is incomplete, kept (FMT: printf). */
static void incomplete(struct rtosbench *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void incomplete(struct rtosbench *s, const char *fmt, ...)
{
    if (s->why[0])
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->why, sizeof s->why, fmt, ap);
    va_end(ap);
}

static void add_row(struct rtosbench *s)
{
    char *id = metric_map_id(TOOL, s->title);
    if (run_find_metric(s->run, id)) {
        s->repeated++;
        free(id);
        return;
    }
    struct metric *m = run_add_metric(s->run, id);
    free(id);
    metric_map_name(m, TOOL, s->title);
    if (s->known_i >= 0)
        metric_extra_set(m, "test", known[s->known_i].test);
    if (s->v[0] == 0 && s->v[2] == 0 && s->v[1] != 0) {
        m->state = MS_NA;
        m->reason = xstrdup("no window kept (max=0, average=0, min its initial value)");
        return;
    }
    m->state = MS_OK;
    m->n = s->options.iters;
    m->mean = (double)s->v[2];
    m->mean_ns = s->options.cpu_hz > 0 ? m->mean * 1e9 / s->options.cpu_hz : -1;
    m->min = (uint64_t)s->v[1];
    m->max = (uint64_t)s->v[0];
    figures_mean_only_in(m, "count");
}

/* The three figures read: the row, or an error naming the title's line. */
static void section_end(struct rtosbench *s)
{
    const long long *v = s->v;
    int none = v[0] == 0 && v[2] == 0 && v[1] != 0;
    s->want = -1;
    if (!none && (v[0] < 0 || v[1] < 0 || v[2] < 0))
        bad_line(&s->bad, s->title_line,
                 "\"%s\": a negative figure (2^31 or more, printed as a 32-bit int)", s->title);
    else if (!none && (v[1] > v[2] || v[2] > v[0]))
        bad_line(&s->bad, s->title_line,
                 "\"%s\": max=%lld, min=%lld, average=%lld are out of order", s->title, v[0], v[1],
                 v[2]);
    else
        add_row(s);
}

/* LINE is the section's next figure line ("max=<d>", "min=<d>", "average=<d>"). */
static void figure_line(struct rtosbench *s, const char *line, const char *end)
{
    const char *k = figure[s->want], *p = line + strlen(k);
    int neg = 0;
    uint64_t x = 0;
    if ((size_t)(end - line) < strlen(k) || memcmp(line, k, strlen(k)) != 0) {
        bad_line(&s->bad, s->line, "\"%s\" (line %lu) without its three figures: no %s here",
                 s->title, s->title_line, k);
        s->want = -1;
        return;
    }
    if (p < end && *p == '-')
        neg = 1, p++;
    if (figures_take(&p, end, &x) != 0 || p != end) {
        bad_line(&s->bad, s->line, "not an RTOSBench figure (%s<decimal>)", k);
        s->want = -1;
        return;
    }
    s->v[s->want] = neg ? -(long long)x : (long long)x;
    if (++s->want == 3)
        section_end(s);
}

/* Whether LINE is all decimal digits, with a '-' first or not. */
static int bare_figure(const char *line, size_t len)
{
    size_t i = len && line[0] == '-';
    if (i == len)
        return 0;
    for (; i < len; i++)
        if (line[i] < '0' || line[i] > '9')
            return 0;
    return 1;
}

/* The error lines of RTOSBench's example ports ("sem_wait: error",
 * "mutex_acquire: fail", "Task creation failed"). */
static int port_error(const char *line, size_t len)
{
    return line_find(line, len, ": error") || line_find(line, len, ": fail") ||
           line_find(line, len, " failed");
}

static void other_line(struct rtosbench *s, const char *line, size_t len)
{
    char t[64];
    if (title_of(line, len, t, sizeof t)) {
        memcpy(s->title, t, sizeof t);
        s->title_line = s->line;
        s->known_i = known_index(t);
        s->want = 0;
        if (s->known_i >= 0)
            s->seen[s->known_i] = 1;
        else
            incomplete(s,
                       "\"%s\" is not a title of RTOSBench's tests: whether all of its "
                       "test's sections are here cannot be told",
                       t);
    } else if (bare_figure(line, len)) {
        bad_line(&s->bad, s->line,
                 "a bare figure: RTOSBench's per-sample output (NO_VERBOSE_RESULTS, "
                 "partition/jitter.c) names no test, not imported");
    } else if (line_find(line, len, "Results are in the trace buffer")) {
        bad_line(&s->bad, s->line,
                 "a TRACING build: its results are in the trace buffer, not "
                 "on the console");
    } else if (len > 4 && (memcmp(line, "max=", 4) == 0 || memcmp(line, "min=", 4) == 0 ||
                           (len > 8 && memcmp(line, "average=", 8) == 0))) {
        bad_line(&s->bad, s->line, "an RTOSBench figure with no title before it");
    } else if (port_error(line, len)) {
        char e[80];
        printable_copy(e, sizeof e, line, len);
        incomplete(s, "line %lu: the port reported \"%s\"", s->line, e);
    }
}

static void rbn_feed(void *state, const char *line, size_t len)
{
    struct rtosbench *s = state;
    const char *end = line + len;
    s->line++;
    while (end > line && (end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t'))
        end--;
    while (line < end && (*line == ' ' || *line == '\t'))
        line++;
    len = (size_t)(end - line);
    if (len == 0)
        return;
    if (s->want >= 0)
        figure_line(s, line, end);
    else
        other_line(s, line, len);
}

/* A test of known[] with a section printed and another not: the first such. */
static void missing_sections(struct rtosbench *s)
{
    for (size_t i = 0; i < N_KNOWN; i++) {
        if (s->seen[i])
            continue;
        for (size_t j = 0; j < N_KNOWN; j++)
            if (s->seen[j] && strcmp(known[j].test, known[i].test) == 0) {
                incomplete(s, "%s printed \"%s\" but not \"%s\" (log cut, or the test did not end)",
                           known[i].test, known[j].title, known[i].title);
                return;
            }
    }
}

static void header(struct run *r, const struct import_options *o)
{
    run_hdr_set(r, "bench", TOOL);
    run_hdr_set(r, "unit", "count");
    run_hdr_set(r, "clock", "hw");
    run_set_clock(r, o->cpu_hz, "given");
    if (o->iters > 0) {
        run_hdr_setf(r, "iters", "%u", o->iters);
    }
    if (o->board && *o->board)
        run_hdr_set(r, "board", o->board);
    run_hdr_setf(r, "count", "%zu", r->n_m);
}

static int rbn_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct rtosbench *s = state;
    if (bad_lines_error(&s->bad, err, errlen))
        return -1;
    if (s->want >= 0 && s->run->n_m == 0)
        return errf(err, errlen, "line %lu: \"%s\" without its three figures (log cut)",
                    s->title_line, s->title);
    if (s->run->n_m == 0)
        return errf(err, errlen, "no RTOSBench results");
    if (s->want >= 0) {
        s->why[0] = 0; /* the cut comes first: it is why the rest is missing too */
        incomplete(s, "line %lu: \"%s\" without its three figures (log cut)", s->title_line,
                   s->title);
    }
    missing_sections(s);
    if (s->repeated)
        out->note = xasprintf("%zu RTOSBench section(s) repeated ignored", s->repeated);
    struct run *r = s->run;
    s->run = NULL;
    r->origin = xstrdup(TOOL);
    r->source = xstrdup(s->options.source ? s->options.source : "import");
    r->unit = xstrdup("count");
    run_stamp(r);
    header(r, &s->options);
    figures_counter_wrap(r, &s->options, 1); /* its figures are the counter's ticks */
    r->status = s->why[0] ? RUN_INCOMPLETE : RUN_COMPLETE;
    if (s->why[0])
        r->status_detail = xstrdup(s->why);
    import_result_one(out, r);
    return 0;
}

static void rbn_close(void *state)
{
    struct rtosbench *s = state;
    run_delete(s->run);
    free(s);
}

const struct importer importer_rtosbench = {
    "rtosbench", "no RTOSBench results", rbn_detect, rbn_open, rbn_feed, rbn_finish, rbn_close,
};
