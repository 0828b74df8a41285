/*
 * The report page (host/writer_html.c, host/html_charts.c) on runs built in
 * memory, for what a stored fixture cannot easily give: the model-cycles
 * view of a run measured with the cycle model (its bars, its distribution,
 * its table), a value metric that has no model figure, and a page of more
 * metrics than one block of bars holds (blocks, each with its own SVG).
 * The page as a whole, from the database, is tests/host/test_report.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd/cmds.h"
#include "out/html.h"
#include "util.h"

#include "check.h"

/* A run of one clock (2 ns per cycle) with N latencies fam.mK (p50 = 100 + K). */
static struct run *make_run(int64_t id, const char *label, size_t n, int model)
{
    struct run *r = xcalloc(1, sizeof *r);
    r->id = id;
    r->label = xstrdup(label);
    r->unit = xstrdup("cycles");
    r->ns_per_unit = 2;
    run_hdr_set(r, "kernel", "k");
    run_hdr_set(r, "clock", "hw");
    for (size_t k = 0; k < n; k++) {
        char id_[32];
        snprintf(id_, sizeof id_, "fam.m%zu", k);
        struct metric *m = run_add_metric(r, id_);
        m->has_pct = 1;
        m->n = 10;
        m->min = 90;
        m->p50 = 100 + k;
        m->p90 = m->p99 = m->p999 = 120 + k;
        m->max = 150 + k;
        m->mean = (double)m->p50;
        m->mean_ns = -1;
        if (model) {
            struct metric_stats *s = metric_unit_add(m, UNIT_MODEL_CYCLES);
            s->n = 10;
            s->min = s->p50 = s->p90 = s->p99 = s->p999 = s->max = 7 + k;
            s->mean = (double)(7 + k);
        }
    }
    struct metric *v = run_add_metric(r, "tm.basic");
    v->unit = xstrdup("ops");
    v->higher_better = 1;
    v->mean = 1000;
    v->n = 1;
    v->mean_ns = -1;
    return r;
}

/* The page of RUNS into a string (free it). */
static char *page_of(struct run **runs, size_t n)
{
    struct comparison t;
    memset(&t, 0, sizeof t);
    t.runs = runs;
    t.n_runs = n;
    struct cli_globs none;
    cli_globs_split(&none, NULL);
    CHECK(comparison_build(&t, STAT_AUTO, &none) > 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(f && html_report_write(f, &t) == 0);
    fclose(f);
    comparison_free_rows(&t);
    cli_globs_free(&none);
    return buf;
}

static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* The first view's section from WHAT (a view's div) to the next view's div or
 * section title, as a new string ("" if none). */
static char *section(const char *s, const char *what)
{
    const char *a = strstr(s, what);
    if (!a)
        return xstrdup("");
    const char *b = strstr(a + 1, "<div class=\"v-"), *c = strstr(a + 1, "<h2");
    if (!b || (c && c < b))
        b = c;
    return xstrndup(a, b ? (size_t)(b - a) : strlen(a));
}

static void test_model_view(void)
{
    struct run *runs[2] = {make_run(1, "plain", 3, 0), make_run(2, "model", 3, 1)};
    char *h = page_of(runs, 2);
    CHECK(strstr(h, "id=\"view-model\"") != NULL);
    CHECK(strstr(h, "<label for=\"view-model\">model-cycles</label>") != NULL);
    /* the model view: run 2's three latencies have bars, run 1's are n/a, and the
     * value metric has no model figure in either run */
    char *model = section(h, "<div class=\"v-model\">");
    CHECK_EQ(count(model, "<rect class=\"bar"), 3);
    CHECK_EQ(count(model, ": n/a: no model-cycles"), 3 + 2);
    CHECK(strstr(model, "#2 model: p50 7 model-cycles") != NULL);
    free(model);
    /* the own-unit view: every figure a bar (3 + 3 latencies, 2 scores) */
    char *own = section(h, "<div class=\"v-native\">");
    CHECK_EQ(count(own, "<rect class=\"bar"), 8);
    free(own);
    /* the ns view: latencies times 2 ns, the score in its own unit */
    char *ns = section(h, "<div class=\"v-ns\">");
    CHECK(strstr(ns, "#1 plain: p50 200 ns") != NULL);
    CHECK(strstr(ns, "#1 plain: mean 1000 ops") != NULL);
    free(ns);
    /* the model distribution of run 2 only */
    CHECK(strstr(h, "<g class=\"dist\"><title>#2 model: min 7, p50 7") != NULL);
    free(h);
    for (int i = 0; i < 2; i++) {
        run_free(runs[i]);
        free(runs[i]);
    }
}

static void test_blocks(void)
{
    /* 40 metrics of one family x 2 runs: more than one block of bars */
    struct run *runs[2] = {make_run(1, "a", 40, 0), make_run(2, "b", 40, 0)};
    char *h = page_of(runs, 2);
    char *own = section(h, "<div class=\"v-native\">");
    size_t svgs = count(own, "<svg class=\"bars\""), fam = count(own, "data-family=\"fam\"");
    CHECK_EQ(fam, 1);
    CHECK(svgs > 2); /* fam in blocks, tm in one */
    CHECK_EQ(count(own, "<rect class=\"bar"), 2 * 40 + 2);
    CHECK_EQ(count(own, "<text class=\"metric\""), 40 + 1);
    free(own);
    free(h);
    for (int i = 0; i < 2; i++) {
        run_free(runs[i]);
        free(runs[i]);
    }
}

int main(void)
{
    test_model_view();
    test_blocks();
    return check_summary("test_html");
}
