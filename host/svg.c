/*
 * rtbench host - line charts as SVG (svg.h).
 */
#include "svg.h"

#include <math.h>
#include <string.h>

#include "term.h"

#define DEFAULT_W 860
#define DEFAULT_H 520
#define MARGIN_L 78
#define MARGIN_R 210 /* the legend */
#define MARGIN_T 62
#define MARGIN_B 58
#define MAX_AUTO_TICKS 24

static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                      "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"};

const char *svg_palette(size_t i)
{
    return palette[i % (sizeof palette / sizeof palette[0])];
}

void svg_text(FILE *out, const char *s)
{
    for (size_t n = s ? strlen(s) : 0; n; s++, n--) {
        switch (*s) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&apos;", out);
            break;
        default:
            if ((unsigned char)*s >= 0x80) {
                /* as term() writes it (a file is read with cat too, and an XML
                 * reader would decode &#x202e;): a bidi control, C1 or bad
                 * UTF-8 as the text \xHH */
                size_t u = term_utf8_printable(s, n);
                if (u) {
                    fwrite(s, 1, u, out);
                    s += u - 1;
                    n -= u - 1;
                } else {
                    fprintf(out, "\\x%02x", (unsigned char)*s);
                }
            } else if ((unsigned char)*s >= 0x20 && *s != 0x7f) {
                fputc(*s, out);
            }
            break;
        }
    }
}

void svg_format_si(char *buf, size_t len, double v)
{
    static const char *const suffix[] = {"", "k", "M", "G", "T", "P"};
    double a = fabs(v);
    size_t k = 0;
    while (a >= 1000.0 && k + 1 < sizeof suffix / sizeof suffix[0]) {
        a /= 1000.0;
        v /= 1000.0;
        k++;
    }
    snprintf(buf, len, "%.3g%s", v, suffix[k]);
}

/* A value that can be drawn on AX. */
static int usable(const struct svg_axis *ax, double v)
{
    return isfinite(v) && (!ax->log || v > 0);
}

/* The range of C's x (IS_Y: y) axis: as given, else from the points that
 * can be drawn (log: whole decades; linear: from 0 when all values are
 * positive, to a 1-2-5 step). */
static void axis_range(const struct svg_chart *c, int is_y, const struct svg_series *s, size_t n,
                       double *lo, double *hi)
{
    const struct svg_axis *ax = is_y ? &c->y : &c->x;
    double a = HUGE_VAL, b = -HUGE_VAL;
    if (ax->min < ax->max) {
        *lo = ax->min;
        *hi = ax->max;
        return;
    }
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < s[i].n; k++) {
            if (!usable(&c->x, s[i].x[k]) || !usable(&c->y, s[i].y[k]))
                continue;
            double v = is_y ? s[i].y[k] : s[i].x[k];
            a = fmin(a, v);
            b = fmax(b, v);
        }
    if (a > b) { /* no data */
        a = ax->log ? 1 : 0;
        b = ax->log ? 10 : 1;
    }
    if (ax->log) {
        *lo = pow(10, floor(log10(a)));
        *hi = pow(10, ceil(log10(b)));
        if (*hi <= *lo)
            *hi = *lo * 10;
        return;
    }
    if (a > 0)
        a = 0;
    double span = b - a > 0 ? b - a : fabs(b) > 0 ? fabs(b) : 1;
    double step = pow(10, floor(log10(span / 5)));
    if (span / step > 25)
        step *= 5;
    else if (span / step > 10)
        step *= 2;
    *lo = floor(a / step) * step;
    *hi = ceil(b / step) * step;
    if (*hi <= *lo)
        *hi = *lo + step;
}

/* The ticks of AX over [lo, hi] into t (at most MAX_AUTO_TICKS unless given). */
static size_t axis_ticks(const struct svg_axis *ax, double lo, double hi, double *t)
{
    size_t n = 0;
    if (ax->ticks) {
        for (size_t i = 0; i < ax->n_ticks && n < MAX_AUTO_TICKS; i++)
            if (ax->ticks[i] >= lo && ax->ticks[i] <= hi && usable(ax, ax->ticks[i]))
                t[n++] = ax->ticks[i];
        return n;
    }
    if (ax->log) {
        int decades = (int)lround(log10(hi / lo));
        static const double sub[] = {1, 2, 5};
        for (double d = lo; d <= hi * 1.0001 && n < MAX_AUTO_TICKS; d *= 10)
            for (size_t k = 0; k < (decades <= 2 ? 3u : 1u) && n < MAX_AUTO_TICKS; k++)
                if (d * sub[k] <= hi * 1.0001)
                    t[n++] = d * sub[k];
        return n;
    }
    double span = hi - lo, step = pow(10, floor(log10(span / 5)));
    if (span / step > 25)
        step *= 5;
    else if (span / step > 10)
        step *= 2;
    for (double v = lo; v <= hi + step * 1e-6 && n < MAX_AUTO_TICKS; v += step)
        t[n++] = fabs(v) < step * 1e-9 ? 0 : v;
    return n;
}

/* Geometry of a chart: the plot area and the scale of each axis. */
struct frame {
    double x0, y0, w, h; /* plot area: left, top, width, height */
    double xlo, xhi, ylo, yhi;
    int xlog, ylog;
};

static double frac(double v, double lo, double hi, int log)
{
    return log ? (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) : (v - lo) / (hi - lo);
}

static double px(const struct frame *f, double v)
{
    return f->x0 + frac(v, f->xlo, f->xhi, f->xlog) * f->w;
}

static double py(const struct frame *f, double v)
{
    return f->y0 + f->h - frac(v, f->ylo, f->yhi, f->ylog) * f->h;
}

static void marker(FILE *out, enum svg_marker m, double x, double y, const char *color)
{
    switch (m) {
    case SVG_SQUARE:
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"%s\"/>\n",
                x - 3.5, y - 3.5, color);
        break;
    case SVG_TRIANGLE:
        fprintf(out, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"%s\"/>\n", x, y - 4.5,
                x + 4.5, y + 3.5, x - 4.5, y + 3.5, color);
        break;
    case SVG_DIAMOND:
        fprintf(out, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"%s\"/>\n", x,
                y - 4.5, x + 4.5, y, x, y + 4.5, x - 4.5, y, color);
        break;
    default:
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n", x, y, color);
        break;
    }
}

/* Grid lines, ticks and their labels, the axis titles. */
static void draw_axes(FILE *out, const struct frame *f, const struct svg_chart *c)
{
    double t[MAX_AUTO_TICKS];
    char num[32];
    size_t n = axis_ticks(&c->x, f->xlo, f->xhi, t);
    fputs("<g font-size=\"12\" fill=\"#333\">\n", out);
    for (size_t i = 0; i < n; i++) {
        double x = px(f, t[i]);
        svg_format_si(num, sizeof num, t[i]);
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                x, f->y0, x, f->y0 + f->h, x, f->y0 + f->h + 17, num);
    }
    n = axis_ticks(&c->y, f->ylo, f->yhi, t);
    for (size_t i = 0; i < n; i++) {
        double y = py(f, t[i]);
        svg_format_si(num, sizeof num, t[i]);
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                f->x0, y, f->x0 + f->w, y, f->x0 - 7, y + 4, num);
    }
    fprintf(out,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#444\"/>\n",
            f->x0, f->y0, f->w, f->h);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\">",
            f->x0 + f->w / 2, f->y0 + f->h + 40);
    svg_text(out, c->x.label);
    fprintf(out,
            "</text>\n<text transform=\"translate(%.1f %.1f) rotate(-90)\" "
            "text-anchor=\"middle\" font-size=\"13\">",
            f->x0 - 58, f->y0 + f->h / 2);
    svg_text(out, c->y.label);
    fputs("</text>\n</g>\n", out);
}

/* One series: its polyline (broken where a point cannot be drawn) and markers. */
static size_t draw_series(FILE *out, const struct frame *f, const struct svg_chart *c,
                          const struct svg_series *s, const char *color)
{
    size_t drawn = 0, run = 0;
    if (s->group_class) {
        fputs("<g class=\"", out);
        svg_text(out, s->group_class);
        fputs("\">\n", out);
    }
    for (size_t k = 0; k <= s->n && !s->markers_only; k++) {
        int ok = k < s->n && usable(&c->x, s->x[k]) && usable(&c->y, s->y[k]);
        if (ok && run == 0)
            fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\"%s points=\"",
                    color, s->dashed ? " stroke-dasharray=\"6 4\"" : "");
        if (ok) {
            fprintf(out, "%s%.1f,%.1f", run ? " " : "", px(f, s->x[k]), py(f, s->y[k]));
            run++;
        } else if (run) {
            fputs("\"/>\n", out);
            run = 0;
        }
    }
    for (size_t k = 0; k < s->n; k++)
        if (usable(&c->x, s->x[k]) && usable(&c->y, s->y[k])) {
            marker(out, s->marker, px(f, s->x[k]), py(f, s->y[k]), color);
            drawn++;
        }
    if (s->group_class)
        fputs("</g>\n", out);
    return drawn;
}

static void draw_legend(FILE *out, const struct frame *f, const struct svg_series *s, size_t n)
{
    double x = f->x0 + f->w + 16;
    fputs("<g font-size=\"12\" fill=\"#333\">\n", out);
    for (size_t i = 0; i < n; i++) {
        const char *color = s[i].color ? s[i].color : svg_palette(i);
        double y = f->y0 + 8 + 19.0 * (double)i;
        if (!s[i].markers_only)
            fprintf(out,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    "stroke-width=\"1.8\"%s/>\n",
                    x, y, x + 28, y, color, s[i].dashed ? " stroke-dasharray=\"6 4\"" : "");
        marker(out, s[i].marker, x + 14, y, color);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">", x + 36, y + 4);
        svg_text(out, s[i].name);
        fputs("</text>\n", out);
    }
    fputs("</g>\n", out);
}

int svg_line_chart(FILE *out, const struct svg_chart *c, const struct svg_series *s, size_t n)
{
    int w = c->width > 0 ? c->width : DEFAULT_W, h = c->height > 0 ? c->height : DEFAULT_H;
    struct frame f = {
        MARGIN_L, MARGIN_T, w - MARGIN_L - MARGIN_R, h - MARGIN_T - MARGIN_B, 0, 0, 0, 0,
        c->x.log, c->y.log};
    axis_range(c, 0, s, n, &f.xlo, &f.xhi);
    axis_range(c, 1, s, n, &f.ylo, &f.yhi);
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
            "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n",
            w, h, w, h, w, h);
    fprintf(out, "<text x=\"%d\" y=\"24\" font-size=\"16\" font-weight=\"bold\">", MARGIN_L);
    svg_text(out, c->title);
    fprintf(out, "</text>\n<text x=\"%d\" y=\"44\" font-size=\"12\" fill=\"#555\">", MARGIN_L);
    svg_text(out, c->subtitle);
    fputs("</text>\n", out);
    draw_axes(out, &f, c);
    size_t drawn = 0;
    for (size_t i = 0; i < n; i++)
        drawn += draw_series(out, &f, c, &s[i], s[i].color ? s[i].color : svg_palette(i));
    if (drawn == 0)
        fprintf(out,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"14\" "
                "fill=\"#888\">no data</text>\n",
                f.x0 + f.w / 2, f.y0 + f.h / 2);
    draw_legend(out, &f, s, n);
    fputs("</svg>\n", out);
    return ferror(out) ? -1 : 0;
}
