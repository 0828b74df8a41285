/*
 * rtbench host - the importer of zephyrproject-rtos/rtos-benchmark's output:
 *
 *    *** Starting! ***
 *   ** Mutex Stats [avg, min, max] in nanoseconds **
 *    Lock (no owner)                         : 360760,  92160, 671647760
 *    Create                                  :    n/a,    n/a,    n/a
 *    *** Done! ***
 *
 * bench_stats_report_title() prints a section's title, bench_stats_report_line()
 * a row: the average, minimum and maximum of ITERATIONS windows (10000 by
 * default), each converted from the port's counter to ns; bench_stats_report_na()
 * a row the port cannot measure. A row's foreign name is "<title>: <row>"
 * ("Semaphore stats" is printed by two tests); ids from the mapping table
 * (metric_map.c), else rtos_benchmark.<name>. Every row is mean-only in ns with
 * min_ns and max_ns as extras; an n/a row is stored n/a, never a figure. The
 * run is complete only with "*** Done! ***" after the last row (a test that
 * faults, as the interrupt test on mps2-an385 does, ends the log without it:
 * incomplete). A row that does not read, or figures out of order: an error
 * naming the line, nothing stored. With --counter BITS@HZ (the port's counter:
 * the log does not say it) the header's `wrap` is 2^BITS / HZ in ns, and the
 * rows whose max reached it are flagged underflow (figures_counter_wrap()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/bad_lines.h"
#include "import/figures.h"
#include "import/importer.h"
#include "import/metric_map.h"
#include "lines.h"
#include "util.h"

#define TOOL "rtos_benchmark"
#define BOOT "Booting Zephyr OS build "
#define TITLE_END " [avg, min, max] in nanoseconds **"

struct rtosb {
    struct import_options options;
    unsigned long line;
    char title[64];  /* the current section's, "" before the first */
    char kver[64];   /* from "Booting Zephyr OS build <v>", "" if none */
    int done;        /* "*** Done! ***" after the last row */
    size_t repeated; /* rows whose name was already stored */
    struct run *run;
    struct bad_lines bad;
};

static int rb_detect(const char *line, size_t len)
{
    return len > 3 && line_find(line, len, "** ") && line_find(line, len, TITLE_END);
}

static void *rb_open(const struct import_options *o)
{
    struct rtosb *s = xcalloc(1, sizeof *s);
    s->options = *o;
    s->run = xcalloc(1, sizeof *s->run);
    return s;
}

/* A decimal at *p after blanks, or "n/a" (*na = 1); advances. 0, or -1. */
static int take(const char **p, const char *end, uint64_t *out, int *na)
{
    const char *s = *p;
    while (s < end && *s == ' ')
        s++;
    *na = end - s >= 3 && memcmp(s, "n/a", 3) == 0;
    if (*na)
        *p = s + 3;
    return *na ? 0 : figures_take(p, end, out);
}

static void add_row(struct rtosb *s, const char *name, size_t nl, const uint64_t v[3], int na)
{
    char row[64], foreign[160];
    printable_copy(row, sizeof row, name, nl);
    snprintf(foreign, sizeof foreign, "%s: %s", s->title, row);
    char *id = metric_map_id(TOOL, foreign);
    if (run_find_metric(s->run, id)) {
        s->repeated++;
        free(id);
        return;
    }
    struct metric *m = run_add_metric(s->run, id);
    free(id);
    metric_map_name(m, TOOL, foreign);
    if (na) {
        m->state = MS_NA;
        return;
    }
    m->state = MS_OK;
    m->n = s->options.iters;
    m->mean = (double)v[0];
    m->mean_ns = m->mean;
    m->min = v[1];
    m->max = v[2];
    figures_mean_only(m);
}

/* " <name> : <avg>, <min>, <max>" (each a decimal, or all three n/a). */
static void row_line(struct rtosb *s, const char *line, const char *end)
{
    const char *colon = memchr(line, ':', (size_t)(end - line));
    const char *ne = colon, *p = colon ? colon + 1 : NULL;
    while (ne && ne > line && ne[-1] == ' ')
        ne--;
    const char *name = line;
    while (name < end && *name == ' ')
        name++;
    uint64_t v[3] = {0, 0, 0};
    int na[3] = {0, 0, 0}, ok = p && ne > name;
    for (int i = 0; ok && i < 3; i++) {
        ok = take(&p, end, &v[i], &na[i]) == 0;
        if (ok && i < 2)
            ok = p < end && *p++ == ',';
    }
    while (ok && p < end && *p == ' ')
        p++;
    if (!ok || p != end || na[0] != na[1] || na[1] != na[2])
        bad_line(&s->bad, s->line, "not an rtos-benchmark row (<name> : <avg>, <min>, <max>)");
    else if (!na[0] && (v[1] > v[0] || v[0] > v[2]))
        bad_line(&s->bad, s->line, "an rtos-benchmark row whose avg, min and max are out of order");
    else
        add_row(s, name, (size_t)(ne - name), v, na[0]);
}

static void rb_feed(void *state, const char *line, size_t len)
{
    struct rtosb *s = state;
    const char *end = line + len, *t, *b;
    s->line++;
    while (end > line && (end[-1] == '\r' || end[-1] == ' '))
        end--;
    len = (size_t)(end - line);
    if ((t = line_find(line, len, BOOT)) != NULL) {
        const char *v = t + strlen(BOOT), *ve = v;
        while (ve < end && *ve != ' ')
            ve++;
        printable_copy(s->kver, sizeof s->kver, v, (size_t)(ve - v));
    } else if (line_find(line, len, "*** Done! ***")) {
        s->done = s->title[0] != 0;
    } else if ((t = line_find(line, len, TITLE_END)) && (b = line_find(line, len, "** "))) {
        b += 3;
        printable_copy(s->title, sizeof s->title, b, b < t ? (size_t)(t - b) : 0);
        s->done = 0;
    } else if (s->title[0] && len && line[0] == ' ' && memchr(line, ':', len)) {
        row_line(s, line, end);
        s->done = 0;
    } else if (s->title[0] && len && line[0] != ' ') {
        s->title[0] = 0; /* the console's own lines (a fault dump): no longer a table */
    }
}

static int rb_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct rtosb *s = state;
    if (bad_lines_error(&s->bad, err, errlen))
        return -1;
    if (s->run->n_m == 0)
        return errf(err, errlen, "no rtos-benchmark results");
    if (s->repeated)
        out->note = xasprintf("%zu rtos-benchmark row(s) repeated ignored", s->repeated);
    struct run *r = s->run;
    s->run = NULL;
    r->origin = xstrdup("rtos-benchmark");
    r->source = xstrdup(s->options.source ? s->options.source : "import");
    r->unit = xstrdup("ns");
    r->ns_per_unit = 1.0;
    run_stamp(r);
    run_hdr_set(r, "bench", TOOL);
    run_hdr_set(r, "unit", "ns");
    run_hdr_set(r, "clock", "hw");
    if (s->kver[0]) {
        run_hdr_set(r, "kernel", "Zephyr");
        run_hdr_set(r, "kver", s->kver);
    }
    if (s->options.board && *s->options.board)
        run_hdr_set(r, "board", s->options.board);
    run_hdr_setf(r, "count", "%zu", r->n_m);
    if (s->options.counter_bits) /* the port's counter, its figures converted to ns */
        figures_counter_wrap(r, &s->options, 1e9 / s->options.counter_hz);
    if (s->done) {
        r->status = RUN_COMPLETE;
    } else {
        r->status = RUN_INCOMPLETE;
        r->status_detail = xstrdup("no \"*** Done! ***\" line after the last row (log cut, or a "
                                   "test that did not end)");
    }
    import_result_one(out, r);
    return 0;
}

static void rb_close(void *state)
{
    struct rtosb *s = state;
    run_delete(s->run);
    free(s);
}

const struct importer importer_rtos_benchmark = {
    "rtos-benchmark", "no rtos-benchmark results", rb_detect, rb_open, rb_feed, rb_finish, rb_close,
};
