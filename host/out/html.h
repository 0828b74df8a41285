/*
 * rtbench host - the HTML report (`rtbench report`, `compare --format html`):
 * one self-contained page (out/html.c: the page, its style and script, the
 * run headers, the comparison table) with SVG charts drawn here in C
 * (out/html_charts.c: grouped bars per family, distributions). Nothing in the
 * page is fetched from anywhere; every string from a log or a label goes
 * through svg_text (escaped).
 */
#ifndef RTBH_HTML_H
#define RTBH_HTML_H

#include <stdio.h>

#include "figure.h"
#include "run.h"
#include "out/writer.h"

/* The unit views a reader switches between on the page. */
enum html_view { HV_NATIVE = 0, HV_NS, HV_MODEL, HV_COUNT };

struct html_page {
    const struct comparison *t;
    const struct metric **cell;    /* n_rows * n_runs: run j's metric of row i, or NULL */
    char **run_name;               /* "#id label" of each run */
    int has_view[HV_COUNT];        /* HV_MODEL only when a run has model-cycles */
    enum html_view shown;          /* the view the page opens with: ns when the runs' own
                                      units differ and each has a clock that is not
                                      emulated (QEMU -icount), else their own */
    size_t baseline;               /* the scorecard's baseline: an index into t->runs */
    const struct history *history; /* the runs as a series (report --where), or NULL */
};

/* The whole page of the comparison T (its runs, rows and labels; figures in
 * every view, whatever T's unit). 0, or -1 on an output error. */
int html_report_write(FILE *out, const struct comparison *t);
/* The same with the scorecard against run BASELINE (an index into t->runs). */
int html_report_write_baseline(FILE *out, const struct comparison *t, size_t baseline);

/* The same with a history section: H, the runs of T as a series, one
 * chart per metric with its change points (out/html_history.c). */
struct history;
int html_report_write_series(FILE *out, const struct comparison *t, size_t baseline,
                             const struct history *h);

/* The history section of P (nothing without p->history): per series, a
 * line chart of its figure over the runs, oldest first, its change points
 * marked (<g class="change-point">), and a caption naming them. */
void html_history(FILE *out, const struct html_page *p);

/* The figure unit and the CSS class of view V. */
enum figure_unit html_view_unit(enum html_view v);
const char *html_view_class(enum html_view v);

/* A figure as the page prints it: SI above a million, else integers from
 * 100, else 3 significant digits (into buf). */
void html_fig_text(char *buf, size_t len, double v);
/* The artifact markers of FLAGS ("!*") into buf. */
void html_markers(unsigned flags, char *buf, size_t len);

/* The family of a metric id: what comes before its first '.' (into buf). */
void html_family(const char *id, char *buf, size_t len);

/* Per family (and value unit), a grouped bar chart of every metric across the
 * runs in view V: one <rect class="bar"> per figure, n/a and failed as text
 * whose <title> says why, flagged bars outlined with their markers. */
void html_bar_charts(FILE *out, const struct html_page *p, enum html_view v);

/* Per metric with percentiles in a run, its distribution in view V (min, p50,
 * p90, p99, p99.9, max per run on a log scale). */
void html_distributions(FILE *out, const struct html_page *p, enum html_view v);

/* The anchor of row I's chart in view V ("m-native-12"), which the heatmap
 * links to, into buf. */
void html_metric_anchor(char *buf, size_t len, size_t i, enum html_view v);

/* The first screen (html_summary.c), in view V: the scorecard (scorecard.h)
 * of the runs against p->baseline, in V's unit; and the heatmap, metrics x
 * runs grouped by family, each cell coloured by its ratio to the best run
 * of its row, its rows linked to their charts. */
void html_scorecard(FILE *out, const struct html_page *p, enum html_view v);
void html_heatmap(FILE *out, const struct html_page *p, enum html_view v);
/* The heatmap's colours as CSS (in the head), and their legend (once,
 * above the views). */
void html_heatmap_style(FILE *out);
void html_heatmap_legend(FILE *out);

#endif /* RTBH_HTML_H */
