/*
 * rtbench host - the report's first screen (html.h): the scorecard of the
 * runs against the baseline (computed by scorecard.c, as `compare --summary`
 * prints it) and the heatmap of every metric x run, coloured by the ratio of
 * each figure to the best of its row on a colour-blind-safe scale (viridis,
 * light = best, dark = far from it).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "comparison.h"
#include "artifact.h"
#include "out/html.h"
#include "scorecard.h"
#include "svg.h"
#include "util.h"

/* The heatmap's classes: the upper bound of each class's ratio to the best
 * (the last is open), its colour and whether its text is light. */
static const struct {
    double upto;
    const char *bg;
    int light;
} bins[] = {
    {1.0001, "#fde725", 0}, {1.1, "#a0da39", 0}, {1.25, "#4ac16d", 0},     {1.5, "#1fa187", 0},
    {2, "#277f8e", 1},      {4, "#365c8d", 1},   {HUGE_VAL, "#46327e", 1},
};
#define N_BINS (sizeof bins / sizeof bins[0])

/* ---- the scorecard ---- */

/* The scorecard's cell of run J over family F. */
static void score_cell(FILE *out, const struct scorecard *s, size_t f, size_t j)
{
    const struct score *sc = scorecard_score(s, f, j);
    fprintf(out,
            "<td class=\"n\" title=\"%zu metrics covered, %zu left out as n/a, %zu as flagged\"",
            sc->covered, sc->na, sc->flagged);
    if (sc->covered == 0) {
        fprintf(out, ">n/a <small>0/%zu/%zu</small></td>", sc->na, sc->flagged);
        return;
    }
    fprintf(out, " data-v=\"%.17g\"><b>%.3f</b> ×÷%.3f <small>%zu/%zu/%zu</small></td>", sc->gmean,
            sc->gmean, sc->gsd, sc->covered, sc->na, sc->flagged);
}

/* The first row's cell of a run without scores (the baseline, or a run in
 * another unit), spanning every row. */
static void span_cell(FILE *out, const struct scorecard *s, size_t j)
{
    fprintf(out, "<td rowspan=\"%zu\" class=\"span\">", s->n_fam + 1);
    if (j == s->baseline) {
        fputs("the baseline: every ratio is to its figures", out);
    } else {
        fputs("cannot compare: its figures are ", out);
        svg_text(out, s->unit[j]);
        fputs(", the baseline's ", out);
        svg_text(out, s->unit[s->baseline]);
    }
    fputs("</td>", out);
}

static void score_table(FILE *out, const struct html_page *p, const struct scorecard *s)
{
    const struct comparison *t = p->t;
    fputs("<div class=\"scroll\"><table class=\"score\"><thead><tr><th>family</th>", out);
    for (size_t j = 0; j < t->n_runs; j++) {
        fputs("<th>", out);
        svg_text(out, p->run_name[j]);
        fputs(j == s->baseline ? " (baseline)</th>" : "</th>", out);
    }
    fputs("</tr></thead><tbody>\n", out);
    for (size_t k = 0; k <= s->n_fam; k++) {
        size_t f = k == 0 ? s->n_fam : k - 1; /* overall first */
        fputs(k == 0 ? "<tr class=\"overall\"><th>" : "<tr><th>", out);
        svg_text(out, scorecard_family(s, f));
        fputs("</th>", out);
        for (size_t j = 0; j < t->n_runs; j++) {
            int scored = j != s->baseline && scorecard_comparable(s, j);
            if (scored)
                score_cell(out, s, f, j);
            else if (k == 0)
                span_cell(out, s, j);
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table></div>\n", out);
}

void html_scorecard(FILE *out, const struct html_page *p, enum html_view v)
{
    struct comparison c = *p->t; /* the same rows, in V's unit */
    c.unit = html_view_unit(v);
    c.cells = comparison_cells(p->t, STAT_AUTO, c.unit);
    struct scorecard s;
    scorecard_build(&s, &c, p->baseline);
    score_table(out, p, &s);
    scorecard_free(&s);
    free(c.cells);
}

/* ---- the heatmap ---- */

/* One cell's figure in view V (ok: a figure), its unit. */
struct heat_cell {
    int ok;
    double value;
    const char *stat, *why, *unit;
    const struct metric *m;
};

/* The unit row I's cells C are compared in: the baseline's, or the first
 * figure's when the baseline has none; NULL when the row has no figure. */
static const char *row_unit(const struct html_page *p, const struct heat_cell *c)
{
    if (c[p->baseline].ok)
        return c[p->baseline].unit;
    for (size_t j = 0; j < p->t->n_runs; j++)
        if (c[j].ok)
            return c[j].unit;
    return NULL;
}

/* Whether cell C has a ratio to the best of its row (in UNIT, > 0). */
static int comparable(const struct heat_cell *c, const char *unit)
{
    return c->ok && c->value > 0 && unit && strcmp(c->unit, unit) == 0;
}

/* The best figure of row I among cells C in UNIT, unflagged ones first; 0
 * when there is none. */
static double row_best(const struct html_page *p, size_t i, const struct heat_cell *c,
                       const char *unit)
{
    double best[2] = {0, 0};
    for (size_t j = 0; j < p->t->n_runs; j++) {
        if (!comparable(&c[j], unit))
            continue;
        int fl = (c[j].m->flags & MF_ARTIFACTS) != 0;
        double v = c[j].value;
        if (best[fl] == 0 || (p->t->row_higher[i] ? v > best[fl] : v < best[fl]))
            best[fl] = v;
    }
    return best[0] > 0 ? best[0] : best[1];
}

static void na_cell(FILE *out, const struct html_page *p, size_t j, const struct heat_cell *c)
{
    int failed = c->m && c->m->state == MS_FAILED;
    fputs("<td class=\"na\" title=\"", out);
    svg_text(out, p->run_name[j]);
    fputs(failed ? ": failed: " : ": n/a: ", out);
    svg_text(out, failed && c->m->reason ? c->m->reason : c->why);
    fprintf(out, "\">%s</td>", failed ? "failed" : "n/a");
}

/* Run J's cell: the figure, its class of ratio to BEST (in UNIT) and flags. */
static void heat_cell(FILE *out, const struct html_page *p, size_t i, size_t j,
                      const struct heat_cell *c, double best, const char *unit)
{
    if (!c->ok) {
        na_cell(out, p, j, c);
        return;
    }
    double r = 0;
    if (best > 0 && comparable(c, unit))
        r = p->t->row_higher[i] ? best / c->value : c->value / best;
    size_t b = 0;
    while (b + 1 < N_BINS && r > bins[b].upto)
        b++;
    char num[32], mk[16];
    html_markers(c->m->flags, mk, sizeof mk);
    html_fig_text(num, sizeof num, c->value);
    if (r > 0)
        fprintf(out, "<td class=\"h%zu%s\" data-v=\"%.6g\" title=\"", b, *mk ? " fl" : "", r);
    else
        fprintf(out, "<td class=\"nc%s\" title=\"", *mk ? " fl" : "");
    svg_text(out, p->run_name[j]);
    fprintf(out, ": %s %s ", c->stat, num);
    svg_text(out, c->unit);
    if (r > 0)
        fprintf(out, "; %.3gx the best", r);
    else if (c->value <= 0)
        fputs("; no ratio to a figure <= 0", out);
    else {
        fputs("; no ratio: the row is compared in ", out);
        svg_text(out, unit);
    }
    if (*mk) {
        char names[96];
        artifact_names(c->m->flags & MF_ARTIFACTS, ", ", names, sizeof names);
        fprintf(out, "; flagged: %s", names);
    }
    fprintf(out, "\">%s%s", num, *mk ? " " : "");
    svg_text(out, mk);
    fputs("</td>", out);
}

static void heat_row(FILE *out, const struct html_page *p, size_t i, enum html_view v,
                     struct heat_cell *c)
{
    const struct comparison *t = p->t;
    for (size_t j = 0; j < t->n_runs; j++) {
        struct heat_cell *h = &c[j];
        h->m = p->cell[i * t->n_runs + j];
        h->ok = figure_value(t->runs[j], h->m, STAT_AUTO, html_view_unit(v), &h->value, &h->stat,
                             &h->why);
        h->unit = h->ok && metric_is_value(h->m) ? h->m->unit
                                                 : figure_unit_name(t->runs[j], html_view_unit(v));
    }
    const char *unit = row_unit(p, c);
    double best = row_best(p, i, c, unit);
    char anchor[48];
    html_metric_anchor(anchor, sizeof anchor, i, v);
    const char *id = t->metrics[i], *dot = strchr(id, '.');
    fprintf(out, "<tr><td><a href=\"#%s\" title=\"", anchor);
    svg_text(out, t->labels[i]);
    fputs("\">", out);
    svg_text(out, dot && dot[1] ? dot + 1 : id);
    fputs("</a></td>", out);
    for (size_t j = 0; j < t->n_runs; j++)
        heat_cell(out, p, i, j, &c[j], best, unit);
    fputs("</tr>\n", out);
}

void html_heatmap(FILE *out, const struct html_page *p, enum html_view v)
{
    const struct comparison *t = p->t;
    struct heat_cell *c = xcalloc(t->n_runs, sizeof *c);
    size_t *fam = xcalloc(t->n_rows + 1, sizeof *fam), n_fam = 0;
    char(*names)[64] = xcalloc(t->n_rows + 1, sizeof *names);
    for (size_t i = 0; i < t->n_rows; i++) { /* the families in the order of the rows */
        char f[64];
        html_family(t->metrics[i], f, sizeof f);
        for (fam[i] = 0; fam[i] < n_fam && strcmp(names[fam[i]], f) != 0; fam[i]++)
            ;
        if (fam[i] == n_fam)
            memcpy(names[n_fam++], f, sizeof f);
    }
    fputs("<div class=\"scroll\"><table class=\"sortable heat\"><thead><tr><th>metric</th>", out);
    for (size_t j = 0; j < t->n_runs; j++) {
        fputs("<th title=\"click: sort each family by this run's ratio to the best\">", out);
        svg_text(out, p->run_name[j]);
        fputs("</th>", out);
    }
    fputs("</tr></thead>\n", out);
    for (size_t f = 0; f < n_fam; f++) {
        fprintf(out, "<tbody><tr class=\"fam\"><th colspan=\"%zu\">", t->n_runs + 1);
        svg_text(out, names[f]);
        fputs("</th></tr>\n", out);
        for (size_t i = 0; i < t->n_rows; i++)
            if (fam[i] == f)
                heat_row(out, p, i, v, c);
        fputs("</tbody>\n", out);
    }
    fputs("</table></div>\n", out);
    free(names);
    free(fam);
    free(c);
}

void html_heatmap_style(FILE *out)
{
    fputs("<style>\n", out);
    for (size_t b = 0; b < N_BINS; b++)
        fprintf(out, ".heat td.h%zu,ul.legend i.h%zu{background:%s%s}\n", b, b, bins[b].bg,
                bins[b].light ? ";color:#fff" : "");
    fputs("</style>\n", out);
}

void html_heatmap_legend(FILE *out)
{
    fputs("<ul class=\"legend\" id=\"heat-legend\">", out);
    double lo = 1;
    for (size_t b = 0; b < N_BINS; b++) {
        fprintf(out, "<li><i class=\"h%zu\"></i>", b);
        if (b == 0)
            fputs("the best", out);
        else if (isinf(bins[b].upto))
            fprintf(out, "&gt; %gx", lo);
        else
            fprintf(out, "≤ %gx", bins[b].upto);
        fputs("</li>", out);
        lo = bins[b].upto;
    }
    fputs("<li><i class=\"na\"></i>n/a or failed (hover: why)</li>"
          "<li><i class=\"nc\"></i>no ratio (another unit than the baseline's)</li>"
          "<li><i class=\"fl\"></i>flagged (markers as in the flags below)</li></ul>\n",
          out);
}
