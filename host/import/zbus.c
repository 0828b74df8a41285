/*
 * rtbench host - the importer of zbus-style CSV (import/importer.h): the rows Zephyr's
 * zbus benchmark script writes (samples/subsys/zbus/benchmark,
 * benchmark_256KB.robot), one per point:
 *
 *   SYNC,1,1,2312815348.3333335,7286,23752
 *   style,consumers,message_size,duration,ram_bytes,rom_bytes
 *
 * in its two generations: SYNC/ASYNC (Zephyr 3.3, 3.4), the duration in ns;
 * LISTENERS/SUBSCRIBERS/MSG_SUBSCRIBERS (since), in us (zbus_point.c says
 * why); and those of `rtbench sweep --csv`, which go on with bytes_per_s and
 * msgs_per_s. A header row first is allowed; blank lines are skipped; any
 * other line that is not such a row, a row whose number of columns differs
 * from the first row's, or a point seen before, is an error naming its line,
 * and nothing of the file is stored. All the rows are one run; each point is
 * a value metric <style>.c<consumers>.s<size> in B/s, the style's id from the
 * mapping table (metric_map.c: SYNC and LISTENERS msgq.sync, ASYNC and
 * SUBSCRIBERS msgq.async; MSG_SUBSCRIBERS, a copy per subscriber that no
 * rtbench id times, zbus.msg_subscribers); docs/benchmarks.md says how
 * zbus's figures and rtbench's differ:
 *   - six columns (zbus): the producer sent 256 KiB in all, each consumer got
 *     256 KiB / consumers, so B/s = 262144 / duration;
 *   - seven or more (rtbench): B/s is the seventh column as written.
 * Extras: duration_ns (as written, or us x 1000), duration_us (as written, in
 * us), ram, rom (when given), and bytes, messages, payload, tool, foreign for
 * zbus rows; msgs_per_s when the row has it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/bad_lines.h"
#include "import/importer.h"
#include "import/zbus_point.h"
#include "sweep_point.h"
#include "util.h"

#define MAX_POINTS 100000u /* a file with more rows is refused */
#define MAX_FIELDS 16

/* One parsed row. */
struct zbus_row {
    struct sweep_point p;
    const struct zbus_style *style;
    char id[96]; /* the point's metric id */
    size_t n_fields;
    double duration_ns, bps;
    char *f[MAX_FIELDS]; /* the fields, trimmed, in a copy of the line */
};

struct zbus_import {
    struct import_options options;
    struct run *run;
    unsigned long line, *point_line; /* line of each point (for repeats) */
    size_t n_fields;                 /* columns of the first row */
    int seen_line;                   /* a non-blank line was read */
    struct bad_lines bad;
};

/* LINE split at commas into row->f (trimmed, quotes removed) in BUF. */
static size_t split(char *buf, struct zbus_row *row)
{
    size_t n = 0;
    for (char *s = buf; n < MAX_FIELDS;) {
        char *e = strchr(s, ',');
        if (e)
            *e = '\0';
        while (*s == ' ' || *s == '\t')
            s++;
        size_t l = strlen(s);
        while (l && (s[l - 1] == ' ' || s[l - 1] == '\t' || s[l - 1] == '\r'))
            s[--l] = '\0';
        if (l >= 2 && s[0] == '"' && s[l - 1] == '"') {
            s[l - 1] = '\0';
            s++;
        }
        row->f[n++] = s;
        if (!e)
            return n;
        s = e + 1;
    }
    return MAX_FIELDS + 1; /* too many */
}

static int uint_field(const char *s, uint64_t max, uint32_t *out)
{
    uint64_t v;
    if (parse_u64(s, &v) != 0 || v == 0 || v > max)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* An integer count of bytes, or n/a (empty or "n/a"). */
static int mem_field(const char *s)
{
    uint64_t v;
    return !*s || strcasecmp(s, "n/a") == 0 || parse_u64(s, &v) == 0;
}

/* Parses LINE (LEN bytes) into ROW; 0, or -1 with what is wrong in WHY. */
static int parse_row(const char *line, size_t len, char *buf, struct zbus_row *row,
                     const char **why)
{
    memcpy(buf, line, len);
    buf[len] = '\0';
    row->n_fields = split(buf, row);
    if (row->n_fields > MAX_FIELDS)
        return *why = "more than 16 columns", -1;
    if (row->n_fields < 6)
        return *why = "fewer than 6 columns (style,consumers,message_size,duration_ns,ram,rom)", -1;
    row->style = zbus_style_find(row->f[0]);
    if (!row->style)
        return *why = "the style is not SYNC, ASYNC, LISTENERS, SUBSCRIBERS or MSG_SUBSCRIBERS", -1;
    uint32_t c, size;
    if (uint_field(row->f[1], 65535, &c) != 0)
        return *why = "the consumers are not a count from 1 to 65535", -1;
    if (uint_field(row->f[2], 1u << 30, &size) != 0)
        return *why = "the message size is not a count of bytes from 1 to 2^30", -1;
    if (parse_double(row->f[3], &row->duration_ns) != 0 || !(row->duration_ns > 0))
        return *why = "the duration is not a positive number", -1;
    row->duration_ns *= row->style->csv_ns;
    if (!mem_field(row->f[4]) || !mem_field(row->f[5]))
        return *why = "RAM or ROM is not a number of bytes (or n/a)", -1;
    if (row->n_fields >= 7 && (parse_double(row->f[6], &row->bps) != 0 || !(row->bps > 0)))
        return *why = "bytes_per_s is not a positive number", -1;
    zbus_point_id(row->style, c, size, &row->p, row->id, sizeof row->id);
    return 0;
}

static int zbus_detect(const char *line, size_t len)
{
    struct zbus_row row;
    const char *why;
    if (len > 512)
        return 0;
    char buf[513];
    return parse_row(line, len, buf, &row, &why) == 0;
}

static void *zbus_open(const struct import_options *o)
{
    struct zbus_import *z = xcalloc(1, sizeof *z);
    z->options = *o;
    z->run = xcalloc(1, sizeof *z->run);
    return z;
}

/* A parsed row as the point's metric. */
static void add_point(struct zbus_import *z, const struct zbus_row *row)
{
    z->point_line = xgrow(z->point_line, z->run->n_m, sizeof *z->point_line);
    z->point_line[z->run->n_m] = z->line;
    struct metric *m = run_add_metric(z->run, row->id);
    int zbus = row->n_fields < 7; /* zbus: 256 KiB in all, split among the consumers */
    m->desc = xstrdup(zbus ? "Message throughput (zbus benchmark CSV)"
                           : "Message throughput (rtbench sweep CSV)");
    if (row->style->csv_ns == 1) {
        metric_extra_set(m, "duration_ns", row->f[3]);
    } else {
        char num[64];
        snprintf(num, sizeof num, "%.0f", row->duration_ns);
        metric_extra_set(m, "duration_ns", num);
        metric_extra_set(m, "duration_us", row->f[3]);
    }
    if (*row->f[4] && strcasecmp(row->f[4], "n/a") != 0)
        metric_extra_set(m, "ram", row->f[4]);
    if (*row->f[5] && strcasecmp(row->f[5], "n/a") != 0)
        metric_extra_set(m, "rom", row->f[5]);
    if (zbus) {
        zbus_point_figure(m, row->style, &row->p, row->duration_ns);
        return;
    }
    m->state = MS_OK;
    m->flags = MF_MEAN_ONLY;
    m->n = 1;
    m->mean = row->bps;
    m->mean_ns = -1;
    m->unit = xstrdup("B/s");
    m->higher_better = 1;
    if (row->n_fields >= 8 && *row->f[7] && strcasecmp(row->f[7], "n/a") != 0)
        metric_extra_set(m, "msgs_per_s", row->f[7]);
}

static void zbus_feed(void *state, const char *line, size_t len)
{
    struct zbus_import *z = state;
    struct zbus_row row;
    const char *why;
    z->line++;
    while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    size_t lead = strspn(line, " \t");
    if (lead >= len)
        return; /* blank */
    int first = !z->seen_line;
    z->seen_line = 1;
    if (first && len >= 6 && strncasecmp(line + lead, "style,", 6) == 0)
        return; /* the header row */
    if (len > 4096) {
        bad_line(&z->bad, z->line, "not a zbus-style CSV row (longer than 4096 bytes)");
        return;
    }
    char *buf = xmalloc(len + 1);
    if (parse_row(line, len, buf, &row, &why) != 0) {
        bad_line(&z->bad, z->line, "not a zbus-style CSV row: %s", why);
    } else if (z->n_fields && row.n_fields != z->n_fields) {
        bad_line(&z->bad, z->line, "%zu columns where the first row has %zu", row.n_fields,
                 z->n_fields);
    } else if (z->run->n_m >= MAX_POINTS) {
        bad_line(&z->bad, z->line, "more than %u points", MAX_POINTS);
    } else {
        struct metric *dup = run_find_metric(z->run, row.id);
        if (dup)
            bad_line(&z->bad, z->line, "%s,%u,%u is on line %lu already", row.style->name,
                     (unsigned)row.p.consumers, (unsigned)row.p.size,
                     z->point_line[dup - z->run->m]);
        else
            add_point(z, &row);
        if (!z->n_fields)
            z->n_fields = row.n_fields;
    }
    free(buf);
}

static int zbus_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct zbus_import *z = state;
    if (bad_lines_error(&z->bad, err, errlen))
        return -1;
    if (z->run->n_m == 0)
        return errf(err, errlen, "no zbus-style CSV rows");
    struct run *r = z->run;
    z->run = NULL;
    r->status = RUN_COMPLETE;
    int zbus = z->n_fields < 7;
    if (zbus)
        run_hdr_set(r, "kernel", "Zephyr");
    zbus_run_out(r, "zbus", zbus ? "zbus" : "rtbench-sweep-csv", &z->options, out);
    return 0;
}

static void zbus_close(void *state)
{
    struct zbus_import *z = state;
    run_delete(z->run);
    free(z->point_line);
    free(z);
}

const struct importer importer_zbus = {
    "zbus", "no zbus-style CSV rows", zbus_detect, zbus_open, zbus_feed, zbus_finish, zbus_close,
};
