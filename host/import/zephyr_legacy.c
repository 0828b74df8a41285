/*
 * rtbench host - the importer of Zephyr's benchmark logs before the ids
 * (importer_zephyr.c reads the current layout, "<id> - <description> : ..."):
 *
 *   latency_measure, Zephyr 1.x to 2.3, a box of rows
 *     | switching time is 12591 tcs = 125910 nsec                 |
 *   latency_measure, 2.3 to 3.4 ("... ns"), 3.5 ("... ns :") and 3.6
 *   ("FIFO put.immediate.kernel : ..."), and timing_info (1.9 to 2.3)
 *     Average semaphore signal time          :     195 cycles ,     1626 ns
 *   recording.csv, written by latency_measure from 2.6 (PR 34577)
 *     metric,cycles,nanoseconds
 *     Average semaphore signal time,3424,3424
 *
 * Each row is one mean-only figure in cycles (and ns as printed), its id
 * from the mapping table (metric_map.h): the rtbench id when the operation
 * is the same, else a name of its own in the tool's namespace; `show --full`
 * names the tool and the row's own name (extras tool=, foreign=). The tool
 * is timing_info when its header ("Timing Results: Clock Frequency") says
 * so, or when no header says which and only timing_info's names are known.
 *
 * A line that has a row's words but does not read as a row ("... cycles ,
 * ... ns" or "... tcs = ... nsec" spoilt) is an error naming its line, and
 * nothing of the file is stored. A log without PROJECT EXECUTION
 * SUCCESSFUL is stored incomplete (a recording.csv, which has no end line,
 * complete).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/bad_lines.h"
#include "import/importer.h"
#include "import/zephyr.h"
#include "import/metric_map.h"
#include "lines.h"
#include "util.h"

#define TOOL_LM "latency_measure"
#define TOOL_TI "timing_info"
#define NAME_MAX_LEN 160
#define CSV_HEADER "metric,cycles,nanoseconds" /* recording.csv's first line */

struct legacy_row {
    char *name;
    uint64_t cycles, ns;
};

struct legacy {
    struct import_options options;
    unsigned long line;
    struct legacy_row *rows;
    size_t n, cap;
    const char *tool;   /* from a header line, or NULL */
    double printed_hz;  /* "Clock frequency: N MHz" or "1 tcs is N nsec", 0 if none */
    char *version;      /* from the boot banner */
    int csv;            /* a recording.csv header was read */
    int rebooted;       /* a boot banner after rows: one run per log */
    int status;         /* -1 no verdict line, 0 successful, 1 failed */
    size_t ignored;     /* rows after a second boot */
    size_t too_many;    /* rows beyond RTBH_MAX_METRICS */
    size_t tool_errors; /* "Error: ..." lines the tool printed */
    size_t current;     /* rows of the current layout */
    struct bad_lines bad;
};

static const char *skip_sp(const char *s, const char *end)
{
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    return s;
}

/* Unsigned decimal at *p; advances *p. 0, or -1 if none or over 2^64. */
static int take_u64(const char **p, const char *end, uint64_t *out)
{
    const char *s = *p;
    uint64_t v = 0;
    if (s >= end || !isdigit((unsigned char)*s))
        return -1;
    for (; s < end && isdigit((unsigned char)*s); s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *p = s;
    *out = v;
    return 0;
}

/* WORD at s: the position after it, or NULL. */
static const char *take_word(const char *s, const char *end, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(end - s) >= n && memcmp(s, word, n) == 0 ? s + n : NULL;
}

/* NAME trimmed into a new row (0), or -1 if it is empty, too long or has a
 * byte that is not printable. */
static int row_name(const char *s, const char *e, char **out)
{
    s = skip_sp(s, e);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    if (e == s || e - s > NAME_MAX_LEN || !isalpha((unsigned char)*s))
        return -1;
    for (const char *c = s; c < e; c++)
        if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e)
            return -1;
    *out = xstrndup(s, (size_t)(e - s));
    return 0;
}

/* "<name> : <N> cycles , <M> ns" with an optional " :" after it. */
static int parse_cycles_row(const char *p, const char *end, struct legacy_row *row)
{
    for (const char *c = p; c < end && (c = memchr(c, ':', (size_t)(end - c))); c++) {
        const char *s = skip_sp(c + 1, end);
        if (take_u64(&s, end, &row->cycles) < 0)
            continue;
        s = skip_sp(s, end);
        if (!(s = take_word(s, end, "cycles")))
            continue;
        s = skip_sp(s, end);
        if (s >= end || *s != ',')
            continue;
        s = skip_sp(s + 1, end);
        if (take_u64(&s, end, &row->ns) < 0)
            continue;
        s = skip_sp(s, end);
        if (!(s = take_word(s, end, "ns")))
            continue;
        s = skip_sp(s, end);
        if (s < end && *s == ':')
            s = skip_sp(s + 1, end);
        return s == end ? row_name(p, c, &row->name) : -1;
    }
    return -1;
}

/* "| <name> <N> tcs = <M> nsec |" (the box of latency_measure 1.x). */
static int parse_tcs_row(const char *p, const char *end, struct legacy_row *row)
{
    if (p >= end || *p != '|')
        return -1;
    const char *t = line_find(p, (size_t)(end - p), " tcs = ");
    if (!t)
        return -1;
    const char *n = t;
    while (n > p && isdigit((unsigned char)n[-1]))
        n--;
    const char *s = n;
    if (take_u64(&s, end, &row->cycles) < 0 || s != t || n == p || n[-1] != ' ')
        return -1;
    s = t + strlen(" tcs = ");
    if (take_u64(&s, end, &row->ns) < 0 || !(s = take_word(s, end, " nsec")))
        return -1;
    s = skip_sp(s, end);
    if (s < end && *s == '|')
        s = skip_sp(s + 1, end);
    return s == end ? row_name(p + 1, n, &row->name) : -1;
}

/* "<name>,<N>,<M>" after recording.csv's header. */
static int parse_csv_row(const char *p, const char *end, struct legacy_row *row)
{
    const char *c2 = end;
    while (c2 > p && c2[-1] != ',')
        c2--;
    const char *c1 = c2 > p + 1 ? c2 - 1 : p;
    while (c1 > p && c1[-1] != ',')
        c1--;
    if (c2 <= p + 1 || c1 <= p)
        return -1;
    const char *s = c1;
    if (take_u64(&s, end, &row->cycles) < 0 || s != c2 - 1)
        return -1;
    s = c2;
    if (take_u64(&s, end, &row->ns) < 0 || s != end)
        return -1;
    return row_name(p, c1 - 1, &row->name);
}

/* The line without a terminal's prefix ("[00:00:01.000,000] ") and blanks. */
static const char *body(const char *line, const char **end)
{
    const char *p = skip_sp(line, *end);
    if (p < *end && *p == '[') {
        const char *q = memchr(p, ']', (size_t)(*end - p));
        if (q && q - p < 40)
            p = skip_sp(q + 1, *end);
    }
    while (*end > p && ((*end)[-1] == ' ' || (*end)[-1] == '\t' || (*end)[-1] == '\r'))
        (*end)--;
    return p;
}

#define ROW_CURRENT 2 /* a row of the current layout: importer_zephyr.c's */

/* Which row LINE is: 1 (row filled), ROW_CURRENT, 0 not a row. */
static int parse_row(const struct legacy *z, const char *line, size_t len, struct legacy_row *row)
{
    struct zephyr_row current;
    if (zephyr_parse_row(line, len, &current))
        return ROW_CURRENT;
    const char *end = line + len, *p = body(line, &end);
    memset(row, 0, sizeof *row);
    if (z && z->csv && !memchr(p, ':', (size_t)(end - p)))
        return parse_csv_row(p, end, row) == 0;
    return parse_cycles_row(p, end, row) == 0 || parse_tcs_row(p, end, row) == 0;
}

static int legacy_detect(const char *line, size_t len)
{
    struct legacy_row row;
    const char *end = line + len, *p = body(line, &end);
    if ((size_t)(end - p) == strlen(CSV_HEADER) && memcmp(p, CSV_HEADER, strlen(CSV_HEADER)) == 0)
        return 1;
    if (parse_row(NULL, line, len, &row) != 1)
        return 0;
    free(row.name);
    return 1;
}

static void *legacy_open(const struct import_options *o)
{
    struct legacy *z = xcalloc(1, sizeof *z);
    z->options = *o;
    z->status = -1;
    return z;
}

/* Line z->line is bad for the reason what. */
static void bad(struct legacy *z, const char *what)
{
    bad_line(&z->bad, z->line, "%s", what);
}

static void add_row(struct legacy *z, struct legacy_row *row)
{
    if (z->rebooted) {
        z->ignored++;
        free(row->name);
    } else if (z->n >= RTBH_MAX_METRICS) {
        z->too_many++;
        free(row->name);
    } else {
        z->rows = xgrow(z->rows, z->n, sizeof *z->rows);
        z->rows[z->n++] = *row;
    }
}

/* "<key>: <N> MHz" / "1 tcs is <N> nsec": the clock the tool printed. */
static void printed_clock(struct legacy *z, const char *p, size_t len, const char *key, int tcs)
{
    const char *end = p + len, *s = line_find(p, len, key);
    uint64_t v;
    if (!s)
        return;
    s = skip_sp(s + strlen(key), end);
    if (take_u64(&s, end, &v) == 0 && v > 0)
        z->printed_hz = tcs ? 1e9 / (double)v : (double)v * 1e6;
}

/* The lines around the rows: 1 if LINE was one. */
static int header_line(struct legacy *z, const char *p, size_t len)
{
    static const char banner[] = "booting zephyr os ";
    if (line_find(p, len, "Timing Results: Clock Frequency:")) {
        z->tool = TOOL_TI;
        printed_clock(z, p, len, "Clock Frequency:", 0);
    } else if (line_find(p, len, "Timing results: Clock frequency:")) {
        z->tool = TOOL_LM;
        printed_clock(z, p, len, "Clock frequency:", 0);
    } else if (line_find(p, len, "tcs = timer clock cycles")) {
        z->tool = TOOL_LM;
        printed_clock(z, p, len, "1 tcs is", 1);
    } else if (line_find(p, len, CSV_HEADER)) {
        z->csv = 1;
        z->tool = TOOL_LM;
    } else if (line_find(p, len, "PROJECT EXECUTION SUCCESSFUL")) {
        z->status = z->rebooted ? z->status : 0;
    } else if (line_find(p, len, "PROJECT EXECUTION FAILED")) {
        z->status = z->rebooted ? z->status : 1;
    } else if (len >= 6 && memcmp(p, "Error", 5) == 0) {
        z->tool_errors += !z->rebooted;
    } else {
        char low[256];
        size_t n = len < sizeof low - 1 ? len : sizeof low - 1;
        for (size_t i = 0; i < n; i++)
            low[i] = (char)tolower((unsigned char)p[i]);
        const char *b = line_find(low, n, banner);
        if (!b)
            return 0;
        if (z->n)
            z->rebooted = 1;
        const char *v = p + (b - low) + strlen(banner), *end = p + len;
        v = skip_sp(v, end);
        if (take_word(v, end, "build "))
            v += 6;
        const char *ve = v;
        while (ve < end && (unsigned char)*ve > 0x20 && (unsigned char)*ve < 0x7f)
            ve++;
        if (!z->version && !z->rebooted && ve > v && ve - v < 128)
            z->version = xstrndup(v, (size_t)(ve - v));
    }
    return 1;
}

/* A line that is no row and no header but has a row's words or ": <digit>":
 * a row spoilt or cut on the way, whose figure would be lost. */
static int spoilt_row(const char *line, size_t len)
{
    const char *end = line + len, *p = body(line, &end);
    size_t n = (size_t)(end - p);
    if (line_find(p, n, "cycles") || line_find(p, n, " tcs") || line_find(p, n, "nsec"))
        return 1;
    for (const char *c = p; c < end && (c = memchr(c, ':', (size_t)(end - c))); c++) {
        const char *d = skip_sp(c + 1, end);
        if (d < end && isdigit((unsigned char)*d))
            return 1;
    }
    return 0;
}

static void legacy_feed(void *state, const char *line, size_t len)
{
    struct legacy *z = state;
    struct legacy_row row;
    z->line++;
    if (len && line[len - 1] == '\r')
        len--;
    int kind = parse_row(z, line, len, &row);
    if (kind == 1) {
        add_row(z, &row);
    } else if (kind == ROW_CURRENT) {
        z->current++;
    } else if (header_line(z, line, len)) {
        return;
    } else if (spoilt_row(line, len)) {
        bad(z, "not a latency_measure or timing_info row (<name> : <N> cycles , <M> ns, or "
               "| <name> <N> tcs = <M> nsec |)");
    } else if (z->csv && len && memchr(line, ',', len)) {
        bad(z, "not a recording.csv row (<name>,<cycles>,<nanoseconds>)");
    }
}

/* The tool: as a header said, else timing_info if only its names are known. */
static const char *which_tool(const struct legacy *z)
{
    if (z->tool)
        return z->tool;
    size_t lm = 0, ti = 0;
    for (size_t i = 0; i < z->n; i++) {
        lm += metric_map_find(TOOL_LM, z->rows[i].name) != NULL;
        ti += metric_map_find(TOOL_TI, z->rows[i].name) != NULL;
    }
    return ti > 0 && lm == 0 ? TOOL_TI : TOOL_LM;
}

/* The counter clock: given, derived from the rows, printed, in that order
 * (the rows, printed truncated, pin it closer than a whole MHz). */
static void set_clock(struct legacy *z, struct run *r)
{
    uint64_t *c = xcalloc(z->n + 1, sizeof *c), *ns = xcalloc(z->n + 1, sizeof *ns);
    for (size_t i = 0; i < z->n; i++) {
        c[i] = z->rows[i].cycles;
        ns[i] = z->rows[i].ns;
    }
    zephyr_set_clock(r, z->options.cpu_hz, z->printed_hz, c, ns, z->n);
    free(c);
    free(ns);
}

static void fill_header(struct legacy *z, struct run *r, const char *tool)
{
    const struct import_options *o = &z->options;
    r->origin = xstrdup("zephyr-legacy");
    r->source = xstrdup(o->source ? o->source : "import");
    run_stamp(r);
    r->unit = xstrdup("cycles");
    run_hdr_set(r, "kernel", "Zephyr");
    if (z->version)
        run_hdr_set(r, "kver", z->version);
    if (o->board && *o->board)
        run_hdr_set(r, "board", o->board);
    run_hdr_set(r, "unit", "cycles");
    run_hdr_set(r, "clock", "hw");
    run_hdr_set(r, "bench", z->csv ? TOOL_LM "-recording.csv" : tool);
    set_clock(z, r);
    if (o->iters > 0) {
        run_hdr_setf(r, "iters", "%u", o->iters);
    }
    run_hdr_setf(r, "count", "%zu", r->n_m);
}

/* The rows as metrics; repeated ids keep their first figure (counted). */
static size_t add_metrics(struct legacy *z, struct run *r, const char *tool)
{
    size_t repeated = 0;
    for (size_t i = 0; i < z->n; i++) {
        char *id = metric_map_id(tool, z->rows[i].name);
        if (run_find_metric(r, id)) {
            repeated++;
            free(id);
            continue;
        }
        struct metric *m = run_add_metric(r, id);
        free(id);
        m->state = MS_OK;
        m->flags = MF_MEAN_ONLY;
        m->n = z->options.iters;
        m->mean = (double)z->rows[i].cycles;
        m->mean_ns = (double)z->rows[i].ns;
        metric_map_name(m, tool, z->rows[i].name);
    }
    return repeated;
}

static void set_status(const struct legacy *z, struct run *r)
{
    if (z->too_many) {
        r->status = RUN_INCOMPLETE;
        r->status_detail =
            xasprintf("more than %u result rows: %zu ignored", RTBH_MAX_METRICS, z->too_many);
    } else if (z->status == 0 || (z->csv && z->status < 0)) {
        r->status = RUN_COMPLETE;
    } else {
        r->status = RUN_INCOMPLETE;
        r->status_detail =
            xstrdup(z->status == 1 ? "PROJECT EXECUTION FAILED"
                                   : "no PROJECT EXECUTION SUCCESSFUL line (log truncated?)");
    }
}

static int legacy_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct legacy *z = state;
    if (bad_lines_error(&z->bad, err, errlen))
        return -1;
    if (z->n == 0 && z->current)
        return errf(err, errlen,
                    "no older latency_measure or timing_info results (%zu rows of "
                    "the current layout: --format zephyr reads them)",
                    z->current);
    if (z->n == 0)
        return errf(err, errlen, "no older latency_measure or timing_info results");
    const char *tool = which_tool(z);
    struct run *r = xcalloc(1, sizeof *r);
    size_t repeated = add_metrics(z, r, tool);
    fill_header(z, r, tool);
    set_status(z, r);
    if (z->ignored || repeated || z->tool_errors)
        out->note = xasprintf("%zu row(s) after a second boot and %zu repeated id(s) ignored; "
                              "%zu error line(s) printed by %s",
                              z->ignored, repeated, z->tool_errors, tool);
    import_result_one(out, r);
    return 0;
}

static void legacy_close(void *state)
{
    struct legacy *z = state;
    for (size_t i = 0; i < z->n; i++)
        free(z->rows[i].name);
    free(z->rows);
    free(z->version);
    free(z);
}

const struct importer importer_zephyr_legacy = {
    "zephyr-legacy", "no older latency_measure or timing_info results",
    legacy_detect,   legacy_open,
    legacy_feed,     legacy_finish,
    legacy_close,
};
