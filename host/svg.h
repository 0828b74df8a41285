/*
 * rtbench host - line charts as standalone SVG (no library, no script): a
 * plot area with a linear or log10 scale on each axis, ticks and grid lines,
 * one polyline per series with a marker at each point, a legend, a title.
 * The document is one <svg> element (no XML prolog), so it can be written to
 * a file or embedded in an HTML page as it is. Every text is escaped.
 *
 *   double x[] = {1, 2, 4}, y[] = {10, 30, 70};
 *   struct svg_series s = {"sync, 1 consumer", x, y, 3, NULL, 0, SVG_CIRCLE, 0, NULL};
 *   struct svg_chart c = {"Throughput", "payload 256 KiB", {"message size (bytes)", 1},
 *                         {"B/s", 1}, 0, 0};
 *   svg_line_chart(stdout, &c, &s, 1);
 */
#ifndef RTBH_SVG_H
#define RTBH_SVG_H

#include <stddef.h>
#include <stdio.h>

enum svg_marker { SVG_CIRCLE = 0, SVG_SQUARE, SVG_TRIANGLE, SVG_DIAMOND };

struct svg_axis {
    const char *label;
    int log;             /* log10 scale: values <= 0 are left out */
    double min, max;     /* the range; min >= max: from the data (log: whole decades) */
    const double *ticks; /* the values to mark, or NULL: chosen (decades, or 1-2-5 steps) */
    size_t n_ticks;
};

struct svg_series {
    const char *name;    /* in the legend */
    const double *x, *y; /* n points, in order; a point that is not finite (or <= 0 on a
                            log axis) is left out and breaks the line there */
    size_t n;
    const char *color; /* "#rrggbb"; NULL: svg_palette(index of the series) */
    int dashed;
    enum svg_marker marker;
    int markers_only;        /* no line between the points */
    const char *group_class; /* its line and markers in <g class="..."> (a page's script or
                                test finds them), or NULL */
};

struct svg_chart {
    const char *title, *subtitle; /* may be NULL */
    struct svg_axis x, y;
    int width, height; /* pixels; 0: 860 x 520 */
};

/* Writes the chart; 0, or -1 on an output error. A chart without a single
 * point to draw still has its frame, and says so in its middle. */
int svg_line_chart(FILE *out, const struct svg_chart *c, const struct svg_series *s, size_t n);

/* S as XML character data / attribute value (& < > " ' escaped; control
 * characters dropped). */
void svg_text(FILE *out, const char *s);

/* A colour of a fixed palette of 10 that stay apart for most readers. */
const char *svg_palette(size_t i);

/* V for an axis label: "0.5", "20", "1.5k", "10M", "2G". */
void svg_format_si(char *buf, size_t len, double v);

#endif /* RTBH_SVG_H */
