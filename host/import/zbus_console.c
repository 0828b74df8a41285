/*
 * rtbench host - the importer of the zbus benchmark's console
 * (import/importer.h; Zephyr's samples/subsys/zbus/benchmark, one point per
 * boot). A point is five lines, in the layouts its benchmark.c has printed:
 *
 *   I: Benchmark 1 to 1 using LISTENERS to transmit with message size: 512 bytes
 *   I: Bytes sent = 262144, received = 262144
 *   I: Average data rate: 12.62MB/s
 *   I: Duration: 0.019805908s
 *   @19805
 *
 * (since the styles were renamed: `@` in us), and before that
 * "Benchmark 1 to 1: Dynamic memory, SYNC transmission and message size 1"
 * with "Duration: 4.72020167s" and `@` in ns (Zephyr 3.3, 3.4), or
 * "Duration: 468ms" and `@` in ms (Zephyr 3.2, and the zbus project before
 * it, whose lines start "Benchmark 1 to 8: SYNC ..." and " - Bytes sent").
 * Anything before "Benchmark", "Bytes sent", "Average data rate" and
 * "Duration" (a log prefix) is skipped; every other line is ignored.
 *
 * The figure is the `@` line's, the one the benchmark's script averages into
 * its CSV (zbus.c): B/s = 262144 / duration, under the CSV's ids
 * (zbus_point.h). The Duration line gives the unit of `@` and checks it (its
 * whole seconds, or ms, must agree: the 3.3 code drops the leading zeros of
 * its fraction, which is kept as printed, extra duration_printed). The same
 * point booted again (the script flashes each three times) is one metric:
 * the mean of its durations, as the script's CSV, extra runs.
 *
 * A line of the point that does not read, a point whose bytes received are
 * not those sent, or one whose `@` disagrees with its Duration line, is an
 * error naming its line, nothing stored. A point cut before its `@` line
 * (the next Benchmark line or the end comes first), or lines of a point
 * without its Benchmark line, make the run incomplete, with the line.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/bad_lines.h"
#include "import/importer.h"
#include "import/zbus_point.h"
#include "lines.h"
#include "util.h"

#define TOOL "zbus"
#define MAX_POINTS 4096u /* distinct points per log; a grid has 45 or 72 */

/* The point being read. */
struct zc_point {
    unsigned long line; /* its Benchmark line, 0 while none */
    const struct zbus_style *style;
    int using; /* the "using <STYLE> to transmit" layout */
    uint32_t consumers, size;
    int have_bytes, have_dur;
    uint64_t dur_ns;   /* the Duration line */
    int dur_ms;        /* it was printed in ms */
    char dur_text[40]; /* as printed */
};

/* A stored point: its runs so far. */
struct zc_acc {
    const struct zbus_style *style;
    struct sweep_point p;
    double sum_ns; /* the sum of its durations */
    unsigned runs;
};

struct zc_import {
    struct import_options options;
    struct run *run;
    unsigned long line;
    struct zc_point cur;
    struct zc_acc *acc; /* per metric */
    char *version;
    unsigned long cut_line; /* the first line that shows a cut point */
    char cut[160];
    struct bad_lines bad;
};

static void cut_at(struct zc_import *z, unsigned long line, const char *what)
{
    if (!z->cut_line) {
        z->cut_line = line;
        snprintf(z->cut, sizeof z->cut, "line %lu: %s", line, what);
    }
}

/* The text after KEY in LINE (NUL-terminated copy), or NULL. */
static const char *after(const char *line, size_t len, const char *key)
{
    const char *p = line_find(line, len, key);
    return p ? p + strlen(key) : NULL;
}

/* "1 to N using STYLE to transmit with message size: S bytes" or "1 to N:
 * [Dynamic memory, ]STYLE transmission and message size S" at S into P. */
static int parse_bench(const char *s, struct zc_point *p)
{
    unsigned c, size;
    char style[24];
    int n = 0;
    if (sscanf(s, "1 to %u using %23s to transmit with message size: %u bytes%n", &c, style, &size,
               &n) == 3 &&
        n > 0) {
        p->using = 1;
    } else {
        if (strncmp(s, "1 to ", 5) != 0)
            return -1;
        const char *t = strchr(s, ':');
        if (!t || sscanf(s, "1 to %u:", &c) != 1)
            return -1;
        t++;
        t += strspn(t, " ");
        if (strncmp(t, "Dynamic memory, ", 16) == 0)
            t += 16;
        n = 0;
        if (sscanf(t, "%23s transmission and message size %u%n", style, &size, &n) != 2 || !n)
            return -1;
        p->using = 0;
    }
    p->style = zbus_style_find(style);
    if (!p->style || c == 0 || c > 65535 || size == 0 || size > (1u << 30))
        return -1;
    p->consumers = c;
    p->size = size;
    return 0;
}

/* Up to MAX digits at *S as a number into *V, *S past them; the count of digits. */
static int digits(const char **s, int max, uint64_t *v)
{
    int n = 0;
    for (*v = 0; n < max && **s >= '0' && **s <= '9'; (*s)++, n++)
        *v = *v * 10 + (uint64_t)(**s - '0');
    return n;
}

/* "<s>.<ns>s" or "<ms>ms" at S into P: the fraction is benchmark.c's
 * duration % 10^9 printed as a number (zero-padded since the styles were
 * renamed, not before), so s x 10^9 + that number is the duration either way. */
static int parse_duration(const char *s, struct zc_point *p)
{
    const char *t = s;
    uint64_t whole, frac = 0;
    if (!digits(&t, 10, &whole))
        return -1;
    p->dur_ms = strcmp(t, "ms") == 0;
    if (p->dur_ms) {
        p->dur_ns = whole * 1000000u;
    } else {
        if (*t == '.' && (t++, !digits(&t, 9, &frac)))
            return -1;
        if (strcmp(t, "s") != 0)
            return -1;
        p->dur_ns = whole * 1000000000u + frac;
    }
    if (p->dur_ns == 0)
        return -1;
    snprintf(p->dur_text, sizeof p->dur_text, "%s", s);
    return 0;
}

static int zc_detect(const char *line, size_t len)
{
    char buf[512];
    struct zc_point p;
    if (len >= sizeof buf)
        return 0;
    memcpy(buf, line, len);
    buf[len] = '\0';
    const char *s = after(buf, len, "Benchmark ");
    return s && parse_bench(s, &p) == 0;
}

static void *zc_open(const struct import_options *o)
{
    struct zc_import *z = xcalloc(1, sizeof *z);
    z->options = *o;
    z->run = xcalloc(1, sizeof *z->run);
    return z;
}

/* The `@` figure in ns: its unit from the Duration line (ms: ms; s: us in the
 * "using" layout, else ns), which it must equal; -1 with WHY if not. */
static double at_ns(const struct zc_point *p, uint64_t at, const char **why)
{
    uint64_t per = p->dur_ms ? 1000000u : p->using ? 1000u : 1u;
    if (at != p->dur_ns / per)
        return *why = p->dur_ms  ? "the @ figure is not the Duration line's ms"
                      : p->using ? "the @ figure is not the Duration line's us"
                                 : "the @ figure is not the Duration line's ns",
               -1;
    return (double)at * (double)per;
}

/* The `@` line ends the point: stored, or one more run of a stored one. */
static void end_point(struct zc_import *z, uint64_t at)
{
    struct zc_point *p = &z->cur;
    const char *why = NULL;
    double ns = at_ns(p, at, &why);
    if (why) {
        bad_line(&z->bad, z->line, "%s (%s)", why, p->dur_text);
        return;
    }
    struct sweep_point sp;
    char id[96];
    zbus_point_id(p->style, p->consumers, p->size, &sp, id, sizeof id);
    struct metric *m = run_find_metric(z->run, id);
    if (!m && z->run->n_m >= MAX_POINTS) {
        bad_line(&z->bad, z->line, "more than %u points", MAX_POINTS);
        return;
    }
    if (!m) {
        z->acc = xgrow(z->acc, z->run->n_m, sizeof *z->acc);
        z->acc[z->run->n_m] = (struct zc_acc){p->style, sp, 0, 0};
        m = run_add_metric(z->run, id);
        m->desc = xstrdup("Message throughput (zbus benchmark console)");
        metric_extra_set(m, "duration_printed", p->dur_text);
    }
    struct zc_acc *a = &z->acc[m - z->run->m];
    a->sum_ns += ns;
    a->runs++;
    p->line = 0;
}

/* A line of a point (Bytes sent, Average data rate, Duration) at S. */
static void point_line(struct zc_import *z, const char *key, const char *s)
{
    struct zc_point *p = &z->cur;
    if (!p->line) {
        char what[96];
        snprintf(what, sizeof what, "a \"%s\" line outside a point (its Benchmark line cut?)", key);
        cut_at(z, z->line, what);
        return;
    }
    if (key[0] == 'B') {
        uint64_t sent, got;
        int n = 0;
        if (sscanf(s, "%" SCNu64 ", received = %" SCNu64 "%n", &sent, &got, &n) != 2 || !n)
            bad_line(&z->bad, z->line, "not a zbus benchmark line: Bytes sent = N, received = M");
        else if (sent != got)
            bad_line(&z->bad, z->line, "%" PRIu64 " bytes received of %" PRIu64 " sent", got, sent);
        else if ((double)sent != ZBUS_BYTES)
            bad_line(&z->bad, z->line, "%" PRIu64 " bytes sent, not 262144", sent);
        else
            p->have_bytes = 1;
    } else if (key[0] == 'D') {
        if (parse_duration(s, p) != 0)
            bad_line(&z->bad, z->line, "not a zbus benchmark line: Duration: <s>s or <ms>ms");
        else
            p->have_dur = 1;
    }
}

/* The `@<n>` line at S. */
static void at_line(struct zc_import *z, const char *s)
{
    uint64_t at;
    int ok = parse_u64(s + 1, &at) == 0 && at > 0;
    if (!ok && z->cur.line) {
        bad_line(&z->bad, z->line, "not a zbus benchmark line: @<duration>");
    } else if (!ok) {
        return; /* not the benchmark's */
    } else if (!z->cur.line) {
        cut_at(z, z->line, "an @ line outside a point (its Benchmark line cut?)");
    } else if (!z->cur.have_bytes || !z->cur.have_dur) {
        cut_at(z, z->cur.line,
               z->cur.have_bytes ? "the point has no Duration line"
                                 : "the point has no Bytes sent line");
        z->cur.line = 0;
    } else {
        end_point(z, at);
    }
}

static void zc_feed(void *state, const char *line, size_t len)
{
    static const char *const keys[] = {"Bytes sent = ", "Average data rate: ", "Duration: "};
    struct zc_import *z = state;
    char buf[512];
    z->line++;
    while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    if (len >= sizeof buf)
        return; /* no line of the benchmark is that long */
    memcpy(buf, line, len);
    buf[len] = '\0';
    const char *s = buf + strspn(buf, " \t");
    if (!z->version && (s = after(buf, len, "Booting Zephyr OS build ")) != NULL)
        z->version = xstrndup(s, strcspn(s, " *"));
    s = buf + strspn(buf, " \t");
    if (*s == '@') {
        at_line(z, s);
    } else if ((s = after(buf, len, "Benchmark ")) != NULL && strncmp(s, "1 to ", 5) == 0) {
        if (z->cur.line)
            cut_at(z, z->cur.line, "the point has no @ line (cut?)");
        memset(&z->cur, 0, sizeof z->cur);
        if (parse_bench(s, &z->cur) != 0)
            bad_line(&z->bad, z->line,
                     "not a zbus benchmark line: Benchmark 1 to N using "
                     "<style> to transmit with message size: S bytes");
        else
            z->cur.line = z->line;
    } else {
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            if ((s = after(buf, len, keys[k])) != NULL) {
                point_line(z, keys[k], s);
                break;
            }
    }
}

static int zc_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct zc_import *z = state;
    if (bad_lines_error(&z->bad, err, errlen))
        return -1;
    if (z->cur.line)
        cut_at(z, z->cur.line, "the point has no @ line (log cut?)");
    if (z->run->n_m == 0)
        return z->cut_line ? errf(err, errlen, "no whole zbus benchmark point (%s)", z->cut)
                           : errf(err, errlen, "no zbus benchmark console output");
    struct run *r = z->run;
    char num[32];
    z->run = NULL;
    for (size_t i = 0; i < r->n_m; i++) { /* each point: the mean of its runs */
        const struct zc_acc *a = &z->acc[i];
        double mean = a->sum_ns / a->runs;
        zbus_point_figure(&r->m[i], a->style, &a->p, mean);
        snprintf(num, sizeof num, "%.0f", mean);
        metric_extra_set(&r->m[i], "duration_ns", num);
        snprintf(num, sizeof num, "%u", a->runs);
        metric_extra_set(&r->m[i], "runs", num);
    }
    r->status = z->cut_line ? RUN_INCOMPLETE : RUN_COMPLETE;
    if (z->cut_line)
        r->status_detail = xstrdup(z->cut);
    run_hdr_set(r, "kernel", "Zephyr");
    if (z->version && strpbrk(z->version, "0123456789"))
        run_hdr_set(r, "kver", z->version);
    zbus_run_out(r, "zbus-console", "zbus", &z->options, out);
    return 0;
}

static void zc_close(void *state)
{
    struct zc_import *z = state;
    run_delete(z->run);
    free(z->acc);
    free(z->version);
    free(z);
}

const struct importer importer_zbus_console = {
    "zbus-console", "no zbus benchmark console output", zc_detect, zc_open, zc_feed, zc_finish,
    zc_close,
};
