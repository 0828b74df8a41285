/*
 * rtbench host - the report's history section (out/html.h): the runs of a
 * `report --where` series, oldest first, as one line chart per metric (the
 * figure `rtbench history` prints: p50, else the mean, in the series' own
 * unit), its change points (history.h: any change under QEMU -icount, the
 * two-window median test otherwise) marked and named under the chart.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "history.h"
#include "svg.h"
#include "util.h"
#include "out/html.h"

#define CP_COLOR "#d62728"
#define CHART_W 860
#define CHART_H 300

/* The change points of S under its chart: "run #ID (revision) +x.x %". */
static void caption(FILE *out, const struct history *h, const struct history_series *s, size_t cps)
{
    fprintf(out, "<figcaption>%zu change point%s", cps, cps == 1 ? "" : "s");
    for (size_t i = 0, k = 0; i < h->n_runs; i++) {
        double pct;
        if (!s->cp[i])
            continue;
        fprintf(out, "%s <span class=\"cp\">run #%lld (", k++ ? "," : ":",
                (long long)h->runs[i].id);
        svg_text(out, h->runs[i].rev);
        fputs(")", out);
        if (history_change(s, i, &pct))
            fprintf(out, " %+.1f %%", pct);
        fputs("</span>", out);
    }
    fputs("</figcaption>\n", out);
}

/* Series K of H as a chart: the figures, the change points over them. */
static void series_chart(FILE *out, const struct history *h, size_t k, double *x, double *y,
                         double *cy)
{
    const struct history_series *s = &h->s[k];
    size_t cps = 0;
    for (size_t i = 0; i < h->n_runs; i++) {
        x[i] = (double)(i + 1);
        y[i] = s->ok[i] ? s->value[i] : NAN;
        cy[i] = s->ok[i] && s->cp[i] ? s->value[i] : NAN;
        cps += s->ok[i] && s->cp[i];
    }
    char *sub = xasprintf("%s %s, %s is better; change points: %s", s->stat ? s->stat : "-",
                          s->unit ? s->unit : "-", s->higher_better ? "higher" : "lower",
                          history_method(h, s));
    char *ylabel = xasprintf("%s (%s)", s->stat ? s->stat : "-", s->unit ? s->unit : "-");
    struct svg_series line[2] = {
        {s->metric, x, y, h->n_runs, svg_palette(0), 0, SVG_CIRCLE, 0, "history-line"},
        {"change point", x, cy, h->n_runs, CP_COLOR, 0, SVG_DIAMOND, 1, "change-point"},
    };
    struct svg_chart c = {s->metric,
                          sub,
                          {"run of the series (oldest first)", 0, 0, 0, NULL, 0},
                          {ylabel, 0, 0, 0, NULL, 0},
                          CHART_W,
                          CHART_H};
    fprintf(out, "<figure class=\"history\" id=\"history-%zu\" data-change-points=\"%zu\">", k,
            cps);
    fputs("<div class=\"wide\">\n", out);
    svg_line_chart(out, &c, line, 2);
    fputs("</div>", out);
    caption(out, h, s, cps);
    fputs("</figure>\n", out);
    free(ylabel);
    free(sub);
}

void html_history(FILE *out, const struct html_page *p)
{
    const struct history *h = p->history;
    if (!h)
        return;
    fprintf(out,
            "<h2 id=\"history\">History</h2>\n<p class=\"note\">The %zu runs as a series, "
            "oldest first (run 1 is #%lld): per metric, its median (else mean) in its own unit; "
            "change points (red diamonds) as <code>rtbench history</code> finds them: any change "
            "where every run counts QEMU -icount instructions, else a two-window median test "
            "that accounts for the series' noise.</p>\n",
            h->n_runs, h->n_runs ? (long long)h->runs[0].id : 0LL);
    double *x = xcalloc(h->n_runs + 1, sizeof *x), *y = xcalloc(h->n_runs + 1, sizeof *y);
    double *cy = xcalloc(h->n_runs + 1, sizeof *cy);
    for (size_t k = 0; k < h->n_series; k++)
        series_chart(out, h, k, x, y, cy);
    free(x);
    free(y);
    free(cy);
}
