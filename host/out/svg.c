/*
 * rtbench host - the plot of a message-throughput sweep (out/sweep_plot.h; `show
 * --format svg`, `sweep --plot`): bytes per second against message size, one
 * line per style and consumer count, drawn with svg.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sweep_point.h"
#include "rtb/defaults.h"
#include "svg.h"
#include "out/sweep_plot.h"
#include "util.h"
#include "out/writer.h"

#define MAX_TICKS 24

/* One line of the plot: the points of one style, consumer count, payload and depth. */
struct line {
    struct sweep_point key; /* size unused */
    double *x, *y;
    size_t n;
    char *name;
};

static int same_line(const struct sweep_point *a, const struct sweep_point *b)
{
    return a->async == b->async && a->consumers == b->consumers && a->payload == b->payload &&
           a->depth == b->depth;
}

static int cmp_line(const void *pa, const void *pb)
{
    const struct line *a = pa, *b = pb;
    if (a->key.async != b->key.async)
        return a->key.async - b->key.async;
    if (a->key.consumers != b->key.consumers)
        return a->key.consumers < b->key.consumers ? -1 : 1;
    if (a->key.payload != b->key.payload)
        return a->key.payload < b->key.payload ? -1 : 1;
    return a->key.depth < b->key.depth ? -1 : a->key.depth > b->key.depth;
}

/* The measured points of R grouped into lines, each sorted by size. */
static size_t collect(const struct run *r, struct line **out)
{
    struct line *l = xcalloc(r->n_m + 1, sizeof *l);
    size_t n = 0;
    for (size_t i = 0; i < r->n_m; i++) {
        struct sweep_point p;
        if (r->m[i].state != MS_OK || !sweep_point_parse(r->m[i].id, &p))
            continue;
        size_t k = 0;
        while (k < n && !same_line(&l[k].key, &p))
            k++;
        if (k == n) {
            l[n].key = p;
            l[n].x = xcalloc(r->n_m, sizeof *l[n].x);
            l[n].y = xcalloc(r->n_m, sizeof *l[n].y);
            n++;
        }
        size_t j = l[k].n++; /* insertion by size */
        while (j > 0 && l[k].x[j - 1] > p.size) {
            l[k].x[j] = l[k].x[j - 1];
            l[k].y[j] = l[k].y[j - 1];
            j--;
        }
        l[k].x[j] = p.size;
        l[k].y[j] = r->m[i].mean;
    }
    qsort(l, n, sizeof *l, cmp_line);
    *out = l;
    return n;
}

static char *line_name(const struct sweep_point *p)
{
    char extra[64] = "";
    if (p->payload != RTB_MSGQ_DEFAULT_PAYLOAD)
        snprintf(extra, sizeof extra, ", payload %u", (unsigned)p->payload);
    if (p->async && p->depth != RTB_MSGQ_DEFAULT_DEPTH)
        snprintf(extra + strlen(extra), sizeof extra - strlen(extra), ", depth %u",
                 (unsigned)p->depth);
    return xasprintf("%s, %u consumer%s%s", p->async ? "async" : "sync", (unsigned)p->consumers,
                     p->consumers == 1 ? "" : "s", extra);
}

/* The sizes measured (the x ticks), ascending, at most MAX_TICKS. */
static size_t size_ticks(const struct line *l, size_t n, double *t)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < l[i].n; j++) {
            size_t at = 0;
            while (at < k && t[at] < l[i].x[j])
                at++;
            if ((at < k && t[at] == l[i].x[j]) || k == MAX_TICKS)
                continue;
            memmove(t + at + 1, t + at, (k - at) * sizeof *t);
            t[at] = l[i].x[j];
            k++;
        }
    return k;
}

/* The subtitle: what the figures are, and in which time. */
static char *subtitle(const struct run *r, size_t points)
{
    const char *clock = run_hdr(r, "clock"), *bench = run_hdr(r, "bench");
    const char *shift = run_hdr(r, "icount");
    char time[96] = "", per[24] = "2^shift";
    if (shift && *shift && strspn(shift, "0123456789") == strlen(shift) && strlen(shift) < 3)
        snprintf(per, sizeof per, "%lu", 1ul << atoi(shift));
    if (clock && strcmp(clock, "emulated-icount") == 0)
        snprintf(time, sizeof time, "; QEMU -icount time (1 instruction = %s ns), not silicon",
                 per);
    else if (bench && strcmp(bench, "zbus") == 0)
        snprintf(time, sizeof time, "; zbus: 256 KiB in all, split among the consumers");
    return xasprintf("bytes delivered to all consumers per second, %zu points%s", points, time);
}

int sweep_plot_write(FILE *out, const struct run *r)
{
    struct line *l;
    size_t n = collect(r, &l), points = 0;
    struct svg_series *s = xcalloc(n + 1, sizeof *s);
    size_t n_consumers = 0;
    uint32_t consumers[64];
    double ymin = HUGE_VAL, ymax = 0, ticks[MAX_TICKS];
    for (size_t i = 0; i < n; i++) {
        size_t c = 0;
        while (c < n_consumers && consumers[c] != l[i].key.consumers)
            c++;
        if (c == n_consumers && n_consumers < 64)
            consumers[n_consumers++] = l[i].key.consumers;
        l[i].name = line_name(&l[i].key);
        s[i] = (struct svg_series){l[i].name,
                                   l[i].x,
                                   l[i].y,
                                   l[i].n,
                                   svg_palette(c),
                                   l[i].key.async,
                                   l[i].key.async ? SVG_SQUARE : SVG_CIRCLE,
                                   0,
                                   NULL};
        for (size_t j = 0; j < l[i].n; j++) {
            ymin = fmin(ymin, l[i].y[j]);
            ymax = fmax(ymax, l[i].y[j]);
        }
        points += l[i].n;
    }
    size_t nt = size_ticks(l, n, ticks);
    char title[256], *sub = subtitle(r, points);
    const char *k = run_hdr(r, "kernel"), *b = run_hdr(r, "board");
    if (r->label && *r->label)
        snprintf(title, sizeof title, "Message throughput: %s on %s (%s)", k ? k : "?", b ? b : "?",
                 r->label);
    else
        snprintf(title, sizeof title, "Message throughput: %s on %s (run %lld)", k ? k : "?",
                 b ? b : "?", (long long)r->id);
    struct svg_chart c = {
        title,
        sub,
        {"message size (bytes)", 1, nt ? ticks[0] / 1.25 : 0, nt ? ticks[nt - 1] * 1.25 : 0, ticks,
         nt},
        {"bytes per second (all consumers)", ymin > 0 && ymax / ymin > 20, 0, 0, NULL, 0},
        0,
        0};
    int rc = svg_line_chart(out, &c, s, n);
    for (size_t i = 0; i < n; i++) {
        free(l[i].x);
        free(l[i].y);
        free(l[i].name);
    }
    free(l);
    free(s);
    free(sub);
    return rc;
}

const struct writer writer_svg = {"svg", NULL, NULL, sweep_plot_write, NULL, NULL, NULL, NULL};
