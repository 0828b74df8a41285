/*
 * rtbench host - the importer of Rhealstone output as multi-RTOS frameworks
 * print it (r-rhealstone and its forks, e.g. TenonOS's):
 *
 *   RST: 50 task switch benchmark
 *   R-Rhealstone: average task switch time, in cpu cycles - 596 cycle
 *
 * Each "R-Rhealstone:" row is one figure, a mean (the frameworks print
 * nothing else): "<what>, in <unit> - <number> <unit word>". Its id comes
 * from <what> and the "RST:" line before it (the 2- and the 50-thread task
 * switch print the same row), mapped onto rtbench's rhealstone.* and timer.*
 * ids (docs/cli.md, "Importers"). A figure in CPU cycles is a latency in the
 * run's unit (cycles; ns only with --cpu-hz); one in other units (the generic
 * timer's counts) is a value metric in that unit, never converted. What a log
 * lacks is absent, not zero: no deadlock break, message latency or composite
 * unless printed; no percentiles, no sample count (unless --iters).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/importer.h"
#include "lines.h"
#include "util.h"

#define ROW_TAG "R-Rhealstone:"
#define SECTION_TAG "RST:"

/* <what> (and the section before it) -> id. First match wins. */
static const struct {
    const char *what;    /* words in the row's description */
    const char *section; /* words the section must have too, or NULL */
    const char *id;
} row_ids[] = {
    {"task switch", "50", "rhealstone.task_switch.50"},
    {"task switch", NULL, "rhealstone.task_switch"},
    {"preempt", NULL, "rhealstone.preemption"},
    {"interrupt latency", NULL, "rhealstone.interrupt_latency"},
    {"shuffle", NULL, "rhealstone.semaphore_shuffle"},
    {"deadlock", NULL, "rhealstone.deadlock_break"},
    {"message", NULL, "rhealstone.message_latency"},
    {"timer deviation under interrupt", NULL, "timer.deviation.interference"},
    {"timer deviation", NULL, "timer.deviation"},
};

struct rh_import {
    struct import_options options;
    struct run *run;
    char section[160]; /* the last "RST:" line */
    int starts;        /* "Rhealstone Benchmark Start" lines */
    size_t ignored;    /* rows of a second start, repeated ids, unknown rows */
};

static int rh_detect(const char *line, size_t len)
{
    return line_find(line, len, ROW_TAG) != NULL ||
           line_find(line, len, "Rhealstone Benchmark Start");
}

static void *rh_open(const struct import_options *o)
{
    struct rh_import *s = xcalloc(1, sizeof *s);
    s->options = *o;
    s->run = xcalloc(1, sizeof *s->run);
    return s;
}

/* A row's parts: what it measures, its unit phrase, its number. */
struct rh_row {
    char what[128], unit[64];
    double value;
};

/* "<what>, in <unit> - <number> <word>" after the tag; 0 or -1. */
static int parse_row(const char *p, const char *end, struct rh_row *row)
{
    const char *comma = line_find(p, (size_t)(end - p), ", in ");
    const char *dash = comma ? line_find(comma, (size_t)(end - comma), " - ") : NULL;
    if (!comma || !dash)
        return -1;
    while (p < comma && *p == ' ')
        p++;
    printable_copy(row->what, sizeof row->what, p, (size_t)(comma - p));
    printable_copy(row->unit, sizeof row->unit, comma + 5, (size_t)(dash - comma - 5));
    char num[32];
    const char *n = dash + 3, *ne = n;
    while (ne < end && (isdigit((unsigned char)*ne) || *ne == '.'))
        ne++;
    if (ne == n || (size_t)(ne - n) >= sizeof num)
        return -1;
    memcpy(num, n, (size_t)(ne - n));
    num[ne - n] = '\0';
    return parse_double(num, &row->value) == 0 && row->value >= 0 ? 0 : -1;
}

static const char *row_id(const struct rh_import *s, const char *what)
{
    for (size_t i = 0; i < sizeof row_ids / sizeof row_ids[0]; i++)
        if (strstr(what, row_ids[i].what) &&
            (!row_ids[i].section || strstr(s->section, row_ids[i].section)))
            return row_ids[i].id;
    return NULL;
}

/* A row's own unit (owned): "count of generic timer" -> "generic-timer-counts",
 * anything else as printed. */
static char *unit_name(const char *unit)
{
    static const char prefix[] = "count of ";
    char *u = strncmp(unit, prefix, sizeof prefix - 1) == 0
                  ? xasprintf("%s counts", unit + sizeof prefix - 1)
                  : xstrdup(unit);
    for (char *c = u; *c; c++)
        if (*c == ' ')
            *c = '-';
    return u;
}

static void add_row(struct rh_import *s, const struct rh_row *row)
{
    const char *id = row_id(s, row->what);
    if (s->starts > 1 || !id || run_find_metric(s->run, id)) {
        s->ignored++;
        return;
    }
    struct metric *m = run_add_metric(s->run, id);
    m->desc = xstrdup(row->what);
    m->state = MS_OK;
    m->flags = MF_MEAN_ONLY;
    m->n = s->options.iters;
    m->mean = row->value;
    if (strcmp(row->unit, "cpu cycles") != 0 && strcmp(row->unit, "cycles") != 0)
        m->unit = unit_name(row->unit);
}

static void rh_feed(void *state, const char *line, size_t len)
{
    struct rh_import *s = state;
    const char *end = line + len, *p;
    if (len && end[-1] == '\r')
        end--;
    if (line_find(line, len, "Rhealstone Benchmark Start")) {
        s->starts++;
    } else if ((p = line_find(line, len, SECTION_TAG)) && !line_find(line, len, ROW_TAG)) {
        printable_copy(s->section, sizeof s->section, p, (size_t)(end - p));
    } else if ((p = line_find(line, len, ROW_TAG))) {
        struct rh_row row;
        if (parse_row(p + strlen(ROW_TAG), end, &row) == 0)
            add_row(s, &row);
        else
            s->ignored++;
    }
}

static int rh_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct rh_import *s = state;
    const struct import_options *o = &s->options;
    if (s->ignored)
        out->note = xasprintf("%zu Rhealstone row(s) ignored (unknown, repeated, after a second "
                              "start, or not \"<what>, in <unit> - <number>\")",
                              s->ignored);
    if (s->run->n_m == 0)
        return errf(err, errlen, "no Rhealstone results");
    struct run *r = s->run;
    s->run = NULL;
    r->origin = xstrdup("rhealstone");
    r->source = xstrdup(o->source ? o->source : "import");
    run_stamp(r);
    r->unit = xstrdup("cycles");
    run_hdr_set(r, "bench", "rhealstone");
    run_hdr_set(r, "unit", "cycles");
    run_hdr_set(r, "clock", "hw");
    if (o->board && *o->board)
        run_hdr_set(r, "board", o->board);
    if (o->cpu_hz > 0) {
        run_set_clock(r, o->cpu_hz, "given");
        for (size_t i = 0; i < r->n_m; i++)
            if (!metric_is_value(&r->m[i]))
                r->m[i].mean_ns = r->m[i].mean * r->ns_per_unit;
    }
    if (o->iters > 0) {
        run_hdr_setf(r, "iters", "%u", o->iters);
    }
    run_hdr_setf(r, "count", "%zu", r->n_m);
    /* the format has no end line: a cut log cannot be told from a whole one */
    r->status = RUN_COMPLETE;
    import_result_one(out, r);
    return 0;
}

static void rh_close(void *state)
{
    struct rh_import *s = state;
    run_delete(s->run);
    free(s);
}

const struct importer importer_rhealstone = {
    "rhealstone", "no Rhealstone results", rh_detect, rh_open, rh_feed, rh_finish, rh_close,
};
