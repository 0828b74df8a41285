/*
 * rtbench host - the report's charts (html.h): grouped bars per family and
 * distributions per metric, as inline SVG written here. Geometry is in the
 * viewBox's units; the page scales the charts to its width.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "out/html.h"
#include "svg.h"
#include "util.h"

#define CW 760     /* chart width (viewBox) */
#define X0 8       /* left edge of the bars */
#define TEXT_W 120 /* room after the longest bar for its figure */
#define PW (CW - X0 - TEXT_W)
#define TOP 26     /* tick labels */
#define LABEL_H 16 /* a metric's id above its bars */
#define BAR_H 12
#define BAR_STEP 14
#define GROUP_GAP 8
#define CHUNK_H 620 /* the tallest block of bars: a printed page holds it whole */
#define DIST_LEFT 8
#define DIST_W (CW - DIST_LEFT - 190)
#define DIST_ROW 18

static const enum figure_unit view_units[HV_COUNT] = {UNIT_NATIVE, UNIT_NS, UNIT_MODEL};
static const char *const view_classes[HV_COUNT] = {"v-native", "v-ns", "v-model"};

enum figure_unit html_view_unit(enum html_view v)
{
    return view_units[v];
}

const char *html_view_class(enum html_view v)
{
    return view_classes[v];
}

void html_family(const char *id, char *buf, size_t len)
{
    size_t n = strcspn(id, ".");
    if (n >= len)
        n = len - 1;
    memcpy(buf, id, n);
    buf[n] = 0;
}

/* A figure for a chart: SI above a million, else integers from 100, else 3 digits. */
static void fig_text(char *buf, size_t len, double v)
{
    if (fabs(v) >= 1e6)
        svg_format_si(buf, len, v);
    else if (fabs(v) >= 100 || v == floor(v))
        snprintf(buf, len, "%.0f", v);
    else
        snprintf(buf, len, "%.3g", v);
}

/* The markers of FLAGS ("!*") into buf. */
static void markers(unsigned flags, char *buf, size_t len)
{
    size_t k = 0;
    for (unsigned bit = 1; bit && k + 1 < len; bit <<= 1)
        if ((flags & bit & MF_ARTIFACTS) && flag_marker(bit))
            buf[k++] = flag_marker(bit);
    buf[k] = 0;
}

/* A step of 1, 2 or 5 times a power of ten that cuts MAX into about 5. */
static double nice_step(double max)
{
    double raw = max / 5, p = pow(10, floor(log10(raw))), f = raw / p;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

/* The rows of one chart: a family, and for value metrics their unit. */
struct group {
    char family[64];
    const char *unit; /* a value metric's unit, NULL: a time */
    size_t *rows, n;
};

static size_t make_groups(const struct comparison *t, struct group **out)
{
    struct group *g = xcalloc(t->n_rows + 1, sizeof *g);
    size_t n = 0;
    for (size_t i = 0; i < t->n_rows; i++) {
        char fam[64];
        html_family(t->metrics[i], fam, sizeof fam);
        const char *u = t->row_unit[i];
        size_t k = 0;
        while (k < n && !(strcmp(g[k].family, fam) == 0 &&
                          (u && g[k].unit ? strcmp(u, g[k].unit) == 0 : u == g[k].unit)))
            k++;
        if (k == n) {
            snprintf(g[n].family, sizeof g[n].family, "%s", fam);
            g[n].unit = u;
            g[n].rows = xcalloc(t->n_rows, sizeof *g[n].rows);
            n++;
        }
        g[k].rows[g[k].n++] = i;
    }
    *out = g;
    return n;
}

/* Whether run J has a figure of group G in view V. */
static int run_in_group(const struct html_page *p, const struct group *g, size_t j,
                        enum html_view v)
{
    double val;
    const char *stat, *why;
    for (size_t k = 0; k < g->n; k++)
        if (figure_value(p->t->runs[j], p->cell[g->rows[k] * p->t->n_runs + j], STAT_AUTO,
                         view_units[v], &val, &stat, &why))
            return 1;
    return 0;
}

/* What the figures of group G are in view V: the value unit, or the unit of
 * the runs that have a figure there ("mixed" when they differ). */
static void group_unit(const struct html_page *p, const struct group *g, enum html_view v,
                       char *buf, size_t len)
{
    if (g->unit) {
        snprintf(buf, len, "%s", g->unit);
        return;
    }
    const struct comparison *t = p->t;
    const char *first = NULL;
    for (size_t j = 0; j < t->n_runs; j++) {
        if (!run_in_group(p, g, j, v))
            continue;
        const char *u = figure_unit_name(t->runs[j], view_units[v]);
        if (!first) {
            first = u;
        } else if (strcmp(u, first) != 0) {
            snprintf(buf, len, "mixed units (each run's own: not one scale; see the ns view)");
            return;
        }
    }
    snprintf(buf, len, "%s", first ? first : figure_unit_name(t->runs[0], view_units[v]));
}

/* The legend of the runs' colours, above a chart. */
static void run_legend(FILE *out, const struct html_page *p)
{
    fputs("<ul class=\"legend\">", out);
    for (size_t j = 0; j < p->t->n_runs; j++) {
        fprintf(out, "<li><i style=\"background:%s\"></i>", svg_palette(j));
        svg_text(out, p->run_name[j]);
        fputs("</li>", out);
    }
    fputs("</ul>\n", out);
}

/* One bar (or its n/a) of run J in row I at height Y. */
static void bar(FILE *out, const struct html_page *p, size_t i, size_t j, enum html_view v,
                double max, double y)
{
    const struct comparison *t = p->t;
    const struct metric *m = p->cell[i * t->n_runs + j];
    double val;
    const char *stat, *why;
    if (!figure_value(t->runs[j], m, STAT_AUTO, view_units[v], &val, &stat, &why)) {
        int failed = m && m->state == MS_FAILED;
        fprintf(out, "<g class=\"na\"><title>");
        svg_text(out, p->run_name[j]);
        fputs(failed ? ": failed: " : ": n/a: ", out);
        svg_text(out, failed && m->reason ? m->reason : why);
        fprintf(out, "</title><text x=\"%d\" y=\"%.0f\">%s</text></g>\n", X0 + 2, y + 10,
                failed ? "failed" : "n/a");
        return;
    }
    char num[32], mk[8];
    fig_text(num, sizeof num, val);
    markers(m->flags, mk, sizeof mk);
    /* a flagged figure beyond the scale is cut at its end, and says so */
    int beyond = max > 0 && val > max * 1.0001;
    double w = beyond ? PW : max > 0 && val > 0 ? val / max * PW : 0;
    fprintf(out,
            "<rect class=\"bar%s%s\" x=\"%d\" y=\"%.0f\" width=\"%.1f\" height=\"%d\" "
            "fill=\"%s\"><title>",
            *mk ? " flagged" : "", beyond ? " beyond" : "", X0, y, w < 0.5 ? 0.5 : w, BAR_H,
            svg_palette(j));
    svg_text(out, p->run_name[j]);
    fprintf(out, ": %s %s ", stat, num);
    svg_text(out, metric_is_value(m) ? m->unit : figure_unit_name(t->runs[j], view_units[v]));
    if (*mk) {
        char names[96];
        flag_names(m->flags & MF_ARTIFACTS, ", ", names, sizeof names);
        fprintf(out, " (flagged: %s)", names);
    }
    if (beyond)
        fputs(", beyond the scale", out);
    fprintf(out, "</title></rect><text x=\"%.1f\" y=\"%.0f\">%s%s%s", X0 + w + 4, y + 10,
            beyond ? "» " : "", num, *mk ? " " : "");
    svg_text(out, mk); /* '<' and '>' are markers */
    fputs("</text>\n", out);
}

/* The scale of group G in view V: its largest figure that is not flagged (a
 * flagged outlier or underflow would squash every other bar), or the largest
 * of all when every figure is flagged; 0 if there is none. */
static double group_max(const struct html_page *p, const struct group *g, enum html_view v)
{
    const struct comparison *t = p->t;
    double max[2] = {0, 0}, val;
    const char *stat, *why;
    for (size_t k = 0; k < g->n; k++)
        for (size_t j = 0; j < t->n_runs; j++) {
            const struct metric *m = p->cell[g->rows[k] * t->n_runs + j];
            if (!figure_value(t->runs[j], m, STAT_AUTO, view_units[v], &val, &stat, &why))
                continue;
            int flagged = (m->flags & MF_ARTIFACTS) != 0;
            if (val > max[flagged])
                max[flagged] = val;
        }
    return max[0] > 0 ? max[0] : max[1];
}

static void ticks(FILE *out, double max, double height)
{
    double step = nice_step(max);
    for (double x = 0; x <= max * 1.0001; x += step) {
        char num[32];
        double px = X0 + x / max * PW;
        svg_format_si(num, sizeof num, x);
        fprintf(out,
                "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.0f\"/>"
                "<text class=\"tick\" x=\"%.1f\" y=\"%d\">%s</text>\n",
                px, TOP - 6, px, height - 4, px, TOP - 10, num);
    }
}

static void bar_chart(FILE *out, const struct html_page *p, const struct group *g, enum html_view v)
{
    const struct comparison *t = p->t;
    double max = group_max(p, g, v);
    double per_metric = LABEL_H + (double)t->n_runs * BAR_STEP + GROUP_GAP;
    /* blocks of at most CHUNK_H, each its own <svg> with its ticks, so that a
     * printed page breaks between blocks, never through a bar */
    size_t chunk = (size_t)((CHUNK_H - TOP) / per_metric);
    char unit[96];
    group_unit(p, g, v, unit, sizeof unit);
    fputs("<figure class=\"chart\" data-family=\"", out);
    svg_text(out, g->family);
    fputs("\"><figcaption><b>", out);
    svg_text(out, g->family);
    fputs("</b> — ", out);
    svg_text(out, unit);
    fprintf(out, "%s</figcaption>\n",
            g->unit && t->row_higher[g->rows[0]] ? " (higher is better)"
                                                 : (g->unit ? "" : " (lower is better)"));
    run_legend(out, p);
    if (chunk == 0)
        chunk = 1;
    for (size_t first = 0; first < g->n; first += chunk) {
        size_t end = first + chunk < g->n ? first + chunk : g->n;
        double height = TOP + (double)(end - first) * per_metric + 4, y = TOP;
        fprintf(out,
                "<div class=\"wide\"><svg class=\"bars\" viewBox=\"0 0 %d %.0f\" role=\"img\">\n",
                CW, height);
        if (max > 0)
            ticks(out, max, height);
        for (size_t k = first; k < end; k++) {
            size_t i = g->rows[k];
            fprintf(out, "<text class=\"metric\" x=\"%d\" y=\"%.0f\">", X0, y + 12);
            svg_text(out, t->metrics[i]);
            fputs("</text>\n", out);
            y += LABEL_H;
            for (size_t j = 0; j < t->n_runs; j++, y += BAR_STEP)
                bar(out, p, i, j, v, max, y);
            y += GROUP_GAP;
        }
        fputs("</svg></div>\n", out);
    }
    fputs("</figure>\n", out);
}

void html_bar_charts(FILE *out, const struct html_page *p, enum html_view v)
{
    struct group *g;
    size_t n = make_groups(p->t, &g);
    for (size_t k = 0; k < n; k++) {
        bar_chart(out, p, &g[k], v);
        free(g[k].rows);
    }
    free(g);
}

/* ---- distributions ---- */

/* The factor from M's own unit to view V's (1, or the run's ns per unit in
 * the ns view for a timed metric); 0 when the run has no clock to convert. */
static int view_scale(const struct run *r, const struct metric *m, enum html_view v, double *scale)
{
    *scale = 1;
    if (v == HV_NS && !metric_is_value(m)) {
        if (r->ns_per_unit <= 0)
            return 0;
        *scale = r->ns_per_unit;
    }
    return 1;
}

/* The six figures (min, p50, p90, p99, p99.9, max) of M of run R in view V;
 * 0 when it has none there. */
static int six(const struct run *r, const struct metric *m, enum html_view v, double f[6])
{
    if (!m || m->state != MS_OK)
        return 0;
    if (v == HV_MODEL) {
        const struct metric_stats *s = metric_unit(m, UNIT_MODEL_CYCLES);
        if (!s)
            return 0;
        double g[6] = {(double)s->min, (double)s->p50,  (double)s->p90,
                       (double)s->p99, (double)s->p999, (double)s->max};
        memcpy(f, g, sizeof g);
        return 1;
    }
    if (!m->has_pct)
        return 0;
    double scale;
    if (!view_scale(r, m, v, &scale))
        return 0;
    double g[6] = {(double)m->min, (double)m->p50,  (double)m->p90,
                   (double)m->p99, (double)m->p999, (double)m->max};
    for (int k = 0; k < 6; k++)
        f[k] = g[k] * scale;
    return 1;
}

static double dist_x(double v, double lo, double hi)
{
    double l = log10(v < lo ? lo : v);
    return DIST_LEFT + (l - log10(lo)) / (log10(hi) - log10(lo)) * DIST_W;
}

static const char *const six_names[6] = {"min", "p50", "p90", "p99", "p99.9", "max"};

/* One run's row: whisker min..max, box p50..p99, marks at p90 and p99.9. */
static void dist_row(FILE *out, const struct html_page *p, size_t j, const double f[6], double lo,
                     double hi, double y)
{
    double x[6];
    for (int k = 0; k < 6; k++)
        x[k] = dist_x(f[k], lo, hi);
    const char *c = svg_palette(j);
    fputs("<g class=\"dist\"><title>", out);
    svg_text(out, p->run_name[j]);
    for (int k = 0; k < 6; k++) {
        char num[32];
        fig_text(num, sizeof num, f[k]);
        fprintf(out, "%s %s %s", k ? "," : ":", six_names[k], num);
    }
    fprintf(out,
            "</title><line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"%s\"/>"
            "<rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"10\" fill=\"%s\" "
            "fill-opacity=\"0.35\" stroke=\"%s\"/>",
            x[0], y + 5, x[5], y + 5, c, x[1], y, x[3] - x[1] < 1 ? 1 : x[3] - x[1], c, c);
    for (int k = 2; k <= 4; k += 2)
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"%s\"/>", x[k],
                y - 2, x[k], y + 12, c);
    char a[32], b[32];
    fig_text(a, sizeof a, f[1]);
    fig_text(b, sizeof b, f[3]);
    fprintf(out, "<text x=\"%d\" y=\"%.0f\">p50 %s · p99 %s</text></g>\n", DIST_LEFT + DIST_W + 10,
            y + 9, a, b);
}

/* Decade ticks from LO to HI. */
static void dist_axis(FILE *out, double lo, double hi, double height)
{
    for (double d = lo; d <= hi * 1.0001; d *= 10) {
        char num[32];
        double x = dist_x(d, lo, hi);
        svg_format_si(num, sizeof num, d);
        fprintf(out,
                "<line class=\"grid\" x1=\"%.1f\" y1=\"14\" x2=\"%.1f\" y2=\"%.0f\"/>"
                "<text class=\"tick\" x=\"%.1f\" y=\"10\">%s</text>\n",
                x, x, height, x, num);
    }
}

#define HIST_H 60 /* height of one run's histogram (viewBox units) */

/* Run J's histogram of row I as bars (one per bucket, the last one also
 * holding everything above it), x in the run's own unit, or scaled to ns in
 * the ns view; 1 if drawn. The model view has none (the samples' histogram is
 * of the counter's unit). */
static int hist_chart(FILE *out, const struct html_page *p, size_t i, size_t j, enum html_view v)
{
    const struct run *r = p->t->runs[j];
    const struct metric *m = p->cell[i * p->t->n_runs + j];
    if (!m || m->state != MS_OK || !metric_hist_complete(m) || v == HV_MODEL || m->hist->n == 0)
        return 0;
    double scale;
    if (!view_scale(r, m, v, &scale))
        return 0;
    const struct hist *h = m->hist;
    uint64_t top = 1;
    for (size_t k = 0; k < h->n; k++)
        if (h->count[k] > top)
            top = h->count[k];
    double bw = (double)DIST_W / (double)h->n;
    fprintf(out, "<svg class=\"hist\" viewBox=\"0 0 %d %d\">\n", CW, HIST_H + 16);
    for (size_t k = 0; k < h->n; k++) {
        double bh = (double)h->count[k] / (double)top * HIST_H;
        char a[32], b[32];
        fig_text(a, sizeof a, (double)(h->lo + k * h->width) * scale);
        fig_text(b, sizeof b, (double)(h->lo + (k + 1) * h->width) * scale);
        fprintf(out,
                "<rect class=\"hbar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                "fill=\"%s\"><title>%s %s %s: %llu</title></rect>\n",
                DIST_LEFT + (double)k * bw, HIST_H - bh, bw > 2 ? bw - 1 : bw, bh, svg_palette(j),
                a, k + 1 == h->n ? "and" : "..", k + 1 == h->n ? "above" : b,
                (unsigned long long)h->count[k]);
    }
    char lo[32], hi[32];
    fig_text(lo, sizeof lo, (double)h->lo * scale);
    fig_text(hi, sizeof hi, (double)(h->lo + h->n * h->width) * scale);
    fprintf(out,
            "<text class=\"tick\" x=\"%d\" y=\"%d\">%s</text>"
            "<text class=\"tick\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s+</text>"
            "<text x=\"%d\" y=\"%d\">",
            DIST_LEFT, HIST_H + 13, lo, DIST_LEFT + DIST_W, HIST_H + 13, hi,
            DIST_LEFT + DIST_W + 10, HIST_H / 2);
    svg_text(out, p->run_name[j]);
    fputs("</text></svg>\n", out);
    return 1;
}

/* The histograms the runs stored of row I (G records), or a note that
 * none did. */
static void dist_histograms(FILE *out, const struct html_page *p, size_t i, enum html_view v)
{
    int drawn = 0;
    for (size_t j = 0; j < p->t->n_runs; j++)
        drawn |= hist_chart(out, p, i, j, v);
    if (!drawn)
        fputs("<p class=\"note\">Histogram: none stored in these runs for this view "
              "(percentiles only).</p>\n",
              out);
}

static void dist_chart(FILE *out, const struct html_page *p, size_t i, enum html_view v)
{
    const struct comparison *t = p->t;
    double lo = HUGE_VAL, hi = 0, f[6];
    size_t rows = 0;
    for (size_t j = 0; j < t->n_runs; j++)
        if (six(t->runs[j], p->cell[i * t->n_runs + j], v, f)) {
            rows++;
            lo = fmin(lo, f[0] > 0 ? f[0] : 1);
            hi = fmax(hi, f[5]);
        }
    if (rows == 0)
        return;
    lo = pow(10, floor(log10(lo)));
    hi = pow(10, ceil(log10(hi > lo ? hi : lo * 10)));
    if (hi <= lo)
        hi = lo * 10;
    double height = 18 + (double)rows * DIST_ROW + 4, y = 18;
    fputs("<figure class=\"distribution\"><figcaption><b>", out);
    svg_text(out, t->labels[i]);
    fprintf(out, "</b></figcaption><div class=\"wide\"><svg viewBox=\"0 0 %d %.0f\">\n", CW,
            height);
    dist_axis(out, lo, hi, height);
    for (size_t j = 0; j < t->n_runs; j++)
        if (six(t->runs[j], p->cell[i * t->n_runs + j], v, f)) {
            dist_row(out, p, j, f, lo, hi, y);
            y += DIST_ROW;
        }
    fputs("</svg></div>\n", out);
    dist_histograms(out, p, i, v);
    fputs("</figure>\n", out);
}

void html_distributions(FILE *out, const struct html_page *p, enum html_view v)
{
    for (size_t i = 0; i < p->t->n_rows; i++)
        dist_chart(out, p, i, v);
}
