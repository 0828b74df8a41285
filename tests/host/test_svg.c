/*
 * Tests of the chart module (host/svg.c) and the msgq point ids
 * (host/sweep_point.c): escaping, number labels, log and linear scales (where
 * the points land), a line broken where a point cannot be drawn, an empty
 * chart, and ids parsed and written back exactly.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep_point.h"
#include "svg.h"

#include "check.h"

/* What FN wrote to a memory stream, NUL-terminated (free it). */
static char *written(void (*fn)(FILE *, void *), void *arg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fn(f, arg);
    fclose(f);
    return buf;
}

static void write_text(FILE *f, void *arg)
{
    svg_text(f, arg);
}

struct chart_args {
    const struct svg_chart *c;
    const struct svg_series *s;
    size_t n;
    int rc;
};

static void write_chart(FILE *f, void *arg)
{
    struct chart_args *a = arg;
    a->rc = svg_line_chart(f, a->c, a->s, a->n);
}

static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *p = s; (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

/* The points of the first polyline of SVG into x, y (at most MAX); their number. */
static size_t polyline_points(const char *svg, double *x, double *y, size_t max)
{
    const char *p = strstr(svg, "<polyline");
    size_t n = 0;
    if (!p || !(p = strstr(p, "points=\"")))
        return 0;
    p += 8;
    while (n < max && *p != '"') {
        char *e;
        x[n] = strtod(p, &e);
        if (*e != ',')
            break;
        y[n] = strtod(e + 1, &e);
        n++;
        p = *e == ' ' ? e + 1 : e;
    }
    return n;
}

static void test_text(void)
{
    char *s = written(write_text, "a<b & \"c\" 'd' >\x01z");
    CHECKF(strcmp(s, "a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt;z") == 0,
           "text is escaped, control characters dropped: %s", s);
    free(s);
    char b[32];
    svg_format_si(b, sizeof b, 1500);
    CHECKF(strcmp(b, "1.5k") == 0, "1500 -> 1.5k (%s)", b);
    svg_format_si(b, sizeof b, 10e6);
    CHECKF(strcmp(b, "10M") == 0, "1e7 -> 10M (%s)", b);
    svg_format_si(b, sizeof b, 0.5);
    CHECKF(strcmp(b, "0.5") == 0, "0.5 -> 0.5 (%s)", b);
    CHECK(strcmp(svg_palette(0), svg_palette(10)) == 0 && strcmp(svg_palette(0), svg_palette(1)));
}

static void test_scales(void)
{
    /* log x over 1..256 and log y over whole decades: equal ratios are equal
     * distances, and a larger value is higher up (smaller y) */
    double x[] = {1, 4, 16, 64, 256}, y[] = {100, 1000, 10000, 100000, 1000000};
    struct svg_series s = {"sync, 1 consumer", x, y, 5, NULL, 0, SVG_CIRCLE, 0, NULL};
    struct svg_chart c = {"T & t", NULL, {"size", 1, 0, 0, NULL, 0}, {"B/s", 1, 0, 0, NULL, 0},
                          0,       0};
    struct chart_args a = {&c, &s, 1, -1};
    char *svg = written(write_chart, &a);
    double px[8], py[8];
    size_t n = polyline_points(svg, px, py, 8);
    CHECKF(a.rc == 0 && n == 5, "one polyline of 5 points (%zu)", n);
    if (n == 5) {
        double dx = px[1] - px[0], dy = py[1] - py[0];
        int even = 1;
        for (size_t k = 1; k < 5; k++)
            even &= fabs(px[k] - px[k - 1] - dx) < 0.2 && fabs(py[k] - py[k - 1] - dy) < 0.2;
        CHECKF(even && dx > 0 && dy < 0, "log scales: x4 and x10 are equal steps, right and up");
    }
    CHECK(count(svg, "<circle") == 5 + 1); /* the markers and the legend's */
    CHECKF(strstr(svg, ">T &amp; t<") != NULL, "the title is escaped");
    CHECKF(strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39) == 0 &&
               strcmp(svg + strlen(svg) - 7, "</svg>\n") == 0,
           "one svg element, no prolog");
    free(svg);

    /* linear y from 0; a point that cannot be drawn on a log x breaks the line */
    double x2[] = {1, 2, 0, 8}, y2[] = {10, 20, 30, NAN};
    struct svg_series s2 = {"a", x2, y2, 4, "#000000", 1, SVG_SQUARE, 0, NULL};
    c.y.log = 0;
    a.s = &s2;
    svg = written(write_chart, &a);
    CHECKF(count(svg, "<polyline") == 1 && count(svg, "width=\"7\"") == 2 + 1,
           "points not drawable are left out (2 markers, one line)");
    CHECKF(strstr(svg, "stroke-dasharray") != NULL, "a dashed series");
    CHECKF(strstr(svg, ">0<") != NULL, "a linear axis of positive values starts at 0");
    free(svg);

    /* nothing to draw */
    a.n = 0;
    svg = written(write_chart, &a);
    CHECKF(a.rc == 0 && strstr(svg, ">no data<") != NULL, "an empty chart says so");
    free(svg);
}

static void test_ids(void)
{
    struct sweep_point p;
    char id[96];
    static const char *const good[] = {"msgq.sync.c1.s1", "msgq.async.c8.s256",
                                       "msgq.sync.c4.s64.p4096", "msgq.async.c2.s16.p1024.d64",
                                       "msgq.async.c2.s16.d1"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        int ok = sweep_point_parse(good[i], &p);
        sweep_point_id(&p, id, sizeof id);
        CHECKF(ok && strcmp(id, good[i]) == 0, "%s parses and is written back (%s)", good[i], id);
    }
    CHECK(sweep_point_parse("msgq.async.c2.s16.p1024.d64", &p) && p.async && p.consumers == 2 &&
          p.size == 16 && p.payload == 1024 && p.depth == 64);
    CHECK(sweep_point_parse("msgq.sync.c1.s64", &p) && p.payload == 262144 && p.depth == 1);
    static const char *const bad[] = {
        "msgq.sync.c0.s1",           "msgq.sync.c1",
        "msgq.sync.c1.s1.",          "msgq.sync.c01.s1",
        "msgq.sync.c1.s1.p262144",   "msgq.async.c1.s1.d8",
        "msgq.sync.c1.s1.d4",        "msgq.fast.c1.s1",
        "msgq.sync.c1.s99999999999", "semaphore.give.immediate.kernel"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECKF(!sweep_point_parse(bad[i], &p), "%s is not a point's id", bad[i]);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    test_text();
    test_scales();
    test_ids();
    return check_summary(NULL);
}
