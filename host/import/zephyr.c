/*
 * rtbench host - the importer of Zephyr latency_measure logs (import/zephyr.h),
 * streaming: one line at a time, a run at the end.
 */
#include "import/zephyr.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "util.h"

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '.' ||
           c == '_' || c == '+' || c == '-';
}

/* Unsigned decimal at *p (bounded by end); advances *p. 0, or -1 if no digit
 * or the value does not fit 64 bits. */
static int take_u64(const char **p, const char *end, uint64_t *out)
{
    const char *s = *p;
    uint64_t v = 0;
    if (s >= end || !is_digit(*s))
        return -1;
    while (s < end && is_digit(*s)) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
        s++;
    }
    *p = s;
    *out = v;
    return 0;
}

static const char *skip_sp(const char *s, const char *end)
{
    while (s < end && is_space(*s))
        s++;
    return s;
}

/* Match the literal `word` at s; returns the position after it or NULL. */
static const char *take_word(const char *s, const char *end, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(end - s) < n || memcmp(s, word, n) != 0)
        return NULL;
    return s + n;
}

/* Try to match ": <N> cycles , <M> ns" at colon (which points at ':'). */
static int match_tail(const char *colon, const char *end, uint64_t *cyc, uint64_t *ns)
{
    const char *s = skip_sp(colon + 1, end);
    if (take_u64(&s, end, cyc) < 0)
        return 0;
    s = skip_sp(s, end);
    if (!(s = take_word(s, end, "cycles")))
        return 0;
    s = skip_sp(s, end);
    if (s >= end || *s != ',')
        return 0;
    s = skip_sp(s + 1, end);
    if (take_u64(&s, end, ns) < 0)
        return 0;
    s = skip_sp(s, end);
    if (!(s = take_word(s, end, "ns")))
        return 0;
    /* "ns" must end there: followed by nothing, a blank or ':' */
    return s == end || is_space(*s) || *s == ':';
}

/* The id that ends just before the " - " at dash (line[dash-1] and
 * line[dash+1] are blanks): 1 with *id and *id_len, else 0. Looks back at
 * most 201 bytes (an id is at most 200). */
static int id_before(const char *line, const char *dash, const char **id, size_t *id_len)
{
    const char *ie = dash;
    while (ie > line && is_space(ie[-1]) && dash - ie < 64)
        ie--;
    const char *s = ie;
    while (s > line && is_id_char(s[-1]) && ie - s <= 200)
        s--;
    size_t n = (size_t)(ie - s);
    if (n == 0 || n > 200 || !memchr(s, '.', n))
        return 0;
    /* the id starts the line, or follows a blank or a prefix such as
     * "[00:00:01.000,000]" or a prompt's '>' (not one between two words: a
     * damaged '.' of the id, as in "events.wait>immediate.kernel") */
    if (s > line && !is_space(s[-1]) && s[-1] != ']' &&
        !(s[-1] == '>' && (s - 1 == line || !is_id_char(s[-2]))))
        return 0;
    if (s[0] == '.' || s[0] == '-' || s[0] == '+')
        return 0;
    *id = s;
    *id_len = n;
    return 1;
}

/* The first ':' at or after FROM that starts ": <N> cycles , <M> ns", or NULL. */
static const char *next_tail(const char *from, const char *end, uint64_t *cyc, uint64_t *ns)
{
    for (const char *c = from; c < end && (c = memchr(c, ':', (size_t)(end - c))); c++)
        if (match_tail(c, end, cyc, ns))
            return c;
    return NULL;
}

int zephyr_parse_row(const char *line, size_t len, struct zephyr_row *row)
{
    /* The first " - " whose left token is an id and whose right side holds
     * ": <N> cycles , <M> ns" (the first such ':' after it ends the
     * description). The tails are found once, left to right, as the
     * separators are: linear in the length of the line (each tail match
     * stops before the next ':'). */
    const char *end = line + len, *tail = NULL;
    uint64_t cyc = 0, ns = 0;
    for (const char *d = line + 1; d + 1 < end; d++) {
        if (*d != '-' || !is_space(d[-1]) || !is_space(d[1]))
            continue;
        const char *id;
        size_t id_len;
        if (!id_before(line, d, &id, &id_len))
            continue;
        const char *desc = skip_sp(d + 1, end);
        if (!tail || tail < desc)
            tail = next_tail(desc, end, &cyc, &ns);
        if (!tail)
            return 0; /* no tail after this separator: none after any later one */
        const char *de = tail;
        while (de > desc && is_space(de[-1]))
            de--;
        row->id = id;
        row->id_len = id_len;
        row->desc = desc;
        row->desc_len = (size_t)(de - desc);
        row->cycles = cyc;
        row->ns = ns;
        return 1;
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The value in [lo, hi] with the fewest significant digits. */
static double simplest_in(double lo, double hi)
{
    if (hi <= 0 || lo > hi)
        return 0;
    int e = (int)floor(log10(hi));
    for (int digits = 1; digits <= 12; digits++) {
        double step = pow(10.0, e - digits + 1);
        double c = ceil(lo / step) * step;
        if (c <= hi && c > 0)
            return c;
    }
    return (lo + hi) / 2;
}

double zephyr_derive_hz(const uint64_t *cycles, const uint64_t *ns, size_t n, int *consistent)
{
    double lo = 0, hi = HUGE_VAL;
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        if (ns[i] == 0 || cycles[i] == 0)
            continue;
        /* Both printed truncated: true cycles in [c, c+1), true ns in
         * [m, m+1) => hz in (c*1e9/(m+1), (c+1)*1e9/m). */
        double a = (double)cycles[i] * 1e9 / ((double)ns[i] + 1.0);
        double b = ((double)cycles[i] + 1.0) * 1e9 / (double)ns[i];
        if (a > lo)
            lo = a;
        if (b < hi)
            hi = b;
        used++;
    }
    if (used == 0) {
        if (consistent)
            *consistent = 0;
        return 0;
    }
    if (lo <= hi) {
        if (consistent)
            *consistent = 1;
        return simplest_in(lo, hi);
    }
    if (consistent)
        *consistent = 0;
    double *v = xmalloc(used * sizeof *v);
    size_t k = 0;
    for (int pass = 0; pass < 2 && k == 0; pass++)
        for (size_t i = 0; i < n; i++)
            if (ns[i] > 0 && cycles[i] > 0 && (pass == 1 || ns[i] >= 1000))
                v[k++] = (double)cycles[i] * 1e9 / (double)ns[i];
    qsort(v, k, sizeof *v, cmp_double);
    double med = (k % 2) ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
    free(v);
    return floor(med + 0.5);
}

void zephyr_set_clock(struct run *r, double given_hz, double printed_hz, const uint64_t *cycles,
                      const uint64_t *ns, size_t n)
{
    int consistent = 0;
    if (given_hz > 0) {
        run_set_clock(r, given_hz, "given");
        return;
    }
    double hz = zephyr_derive_hz(cycles, ns, n, &consistent);
    if (consistent)
        run_set_clock(r, hz, "derived");
    else if (printed_hz > 0)
        run_set_clock(r, printed_hz, "printed");
    else
        run_set_clock(r, hz, "derived-median");
}

/* Token after "-b" / "--board" / "--board=" in a west build line. */
static char *find_board(const char *line, size_t len)
{
    const char *end = line + len;
    const char *s = line;
    while (s < end) {
        s = skip_sp(s, end);
        const char *t = s;
        while (s < end && !is_space(*s))
            s++;
        size_t tl = (size_t)(s - t);
        const char *val = NULL;
        size_t vl = 0;
        if ((tl == 2 && memcmp(t, "-b", 2) == 0) || (tl == 7 && memcmp(t, "--board", 7) == 0)) {
            val = skip_sp(s, end);
            const char *ve = val;
            while (ve < end && !is_space(*ve))
                ve++;
            vl = (size_t)(ve - val);
        } else if (tl > 8 && memcmp(t, "--board=", 8) == 0) {
            val = t + 8;
            vl = tl - 8;
        }
        if (val && vl > 0 && vl < 128) {
            for (size_t i = 0; i < vl; i++)
                if ((unsigned char)val[i] < 0x21 || (unsigned char)val[i] > 0x7e)
                    return NULL; /* not a board name */
            return xstrndup(val, vl);
        }
    }
    return NULL;
}

/* Version token after "Booting Zephyr OS build " (or "version "). */
static char *find_version(const char *line, size_t len)
{
    static const char *const keys[] = {"Booting Zephyr OS build ", "Booting Zephyr OS version "};
    for (size_t k = 0; k < 2; k++) {
        const char *p = line_find(line, len, keys[k]);
        if (!p)
            continue;
        const char *end = line + len;
        const char *v = p + strlen(keys[k]);
        v = skip_sp(v, end);
        const char *ve = v;
        while (ve < end && !is_space(*ve) && (unsigned char)*ve > 0x20 && (unsigned char)*ve < 0x7f)
            ve++;
        if (ve > v && (size_t)(ve - v) < 128)
            return xstrndup(v, (size_t)(ve - v));
        return xstrdup("");
    }
    return NULL;
}

static char *printable_dup(const char *s, size_t n)
{
    char *d = xstrndup(s, n);
    for (char *c = d; *c; c++)
        if ((unsigned char)*c < 0x20 || (unsigned char)*c == 0x7f)
            *c = '?';
    return d;
}

/* The state of one log being read. */
struct zephyr_import {
    struct import_options options;
    struct run *run; /* the rows so far */
    char *board, *version;
    int banners_after_rows; /* a boot banner came after rows: one run per log */
    int status;             /* -1 no verdict line, 0 successful, 1 failed */
    size_t ignored;         /* rows after a second boot, repeated ids */
    size_t damaged;         /* lines with a row's words that do not read as a row */
    size_t too_many;        /* rows beyond RTBH_MAX_METRICS */
    uint64_t *cycles, *ns;  /* the figures of the kept rows, for the clock */
    size_t n, cap;
};

static int zephyr_detect(const char *line, size_t len)
{
    struct zephyr_row row;
    return zephyr_parse_row(line, len, &row);
}

static void *zephyr_open(const struct import_options *o)
{
    struct zephyr_import *z = xcalloc(1, sizeof *z);
    z->options = *o;
    z->run = xcalloc(1, sizeof *z->run);
    z->status = -1;
    return z;
}

/* A result row: a mean-only metric, unless it comes after a second boot or
 * repeats an id (then it is counted as ignored). */
static void add_row(struct zephyr_import *z, const struct zephyr_row *row)
{
    char *id = printable_dup(row->id, row->id_len);
    if (z->banners_after_rows || run_find_metric(z->run, id)) {
        z->ignored++; /* a repeated id: the first figure is kept */
        free(id);
        return;
    }
    if (z->n >= RTBH_MAX_METRICS) {
        z->too_many++;
        free(id);
        return;
    }
    struct metric *m = run_add_metric(z->run, id);
    free(id);
    m->desc = printable_dup(row->desc, row->desc_len);
    m->state = MS_OK;
    m->flags = MF_MEAN_ONLY;
    m->has_pct = 0;
    m->n = z->options.iters;
    m->mean = (double)row->cycles;
    m->mean_ns = (double)row->ns;
    if (z->n == z->cap) {
        z->cap = z->cap ? z->cap * 2 : 64;
        z->cycles = xrealloc(z->cycles, z->cap * sizeof *z->cycles);
        z->ns = xrealloc(z->ns, z->cap * sizeof *z->ns);
    }
    z->cycles[z->n] = row->cycles;
    z->ns[z->n] = row->ns;
    z->n++;
}

/* A line that is not a result row but has a row's words (" - ", ':' and
 * "cycles" or " ns"): a row damaged on the way, whose result is lost. */
static int damaged_row(const char *p, size_t ll)
{
    return line_find(p, ll, " - ") && memchr(p, ':', ll) &&
           (line_find(p, ll, "cycles") || line_find(p, ll, " ns"));
}

static void zephyr_feed(void *state, const char *p, size_t ll)
{
    struct zephyr_import *z = state;
    struct zephyr_row row;
    if (ll && p[ll - 1] == '\r')
        ll--;
    if (zephyr_parse_row(p, ll, &row)) {
        add_row(z, &row);
    } else if (damaged_row(p, ll)) {
        z->damaged += !z->banners_after_rows;
    } else if (line_find(p, ll, "west build")) {
        if (!z->board)
            z->board = find_board(p, ll);
    } else if (line_find(p, ll, "Booting Zephyr OS")) {
        if (z->n > 0)
            z->banners_after_rows = 1;
        else if (!z->version)
            z->version = find_version(p, ll);
    } else if (line_find(p, ll, "PROJECT EXECUTION SUCCESSFUL")) {
        if (!z->banners_after_rows)
            z->status = 0;
    } else if (line_find(p, ll, "PROJECT EXECUTION FAILED")) {
        if (!z->banners_after_rows)
            z->status = 1;
    }
}

/* The header of the finished run: kernel, board, clock, counts. */
static void fill_header(struct zephyr_import *z, struct run *out)
{
    const struct import_options *o = &z->options;
    run_hdr_set(out, "kernel", "Zephyr");
    if (z->version)
        run_hdr_set(out, "kver", z->version);
    if (o->board && *o->board)
        run_hdr_set(out, "board", o->board);
    else if (z->board)
        run_hdr_set(out, "board", z->board);
    run_hdr_set(out, "unit", "cycles");
    run_hdr_set(out, "clock", "hw");
    run_hdr_set(out, "bench", "latency_measure");
    zephyr_set_clock(out, o->cpu_hz, 0, z->cycles, z->ns, z->n);
    if (o->iters > 0) {
        run_hdr_setf(out, "iters", "%u", o->iters);
    }
    run_hdr_setf(out, "count", "%zu", z->n);
}

static int zephyr_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct zephyr_import *z = state;
    if (z->ignored)
        out->note =
            xasprintf("%zu result row(s) after the first boot or repeated ids ignored", z->ignored);
    if (z->n == 0)
        return errf(err, errlen, "no latency_measure results");
    struct run *r = z->run;
    z->run = NULL;
    r->origin = xstrdup("zephyr");
    r->source = xstrdup(z->options.source ? z->options.source : "import");
    run_stamp(r);
    r->unit = xstrdup("cycles");
    fill_header(z, r);
    if (z->too_many) {
        r->status = RUN_INCOMPLETE;
        r->status_detail =
            xasprintf("more than %u result rows: %zu ignored", RTBH_MAX_METRICS, z->too_many);
    } else if (z->damaged) {
        r->status = RUN_INCOMPLETE;
        r->status_detail =
            xasprintf("%zu damaged result row(s): not read, a result is missing", z->damaged);
    } else if (z->status == 0) {
        r->status = RUN_COMPLETE;
    } else {
        r->status = RUN_INCOMPLETE;
        r->status_detail =
            xstrdup(z->status == 1 ? "PROJECT EXECUTION FAILED"
                                   : "no PROJECT EXECUTION SUCCESSFUL line (log truncated?)");
    }
    import_result_one(out, r);
    return 0;
}

static void zephyr_close(void *state)
{
    struct zephyr_import *z = state;
    run_delete(z->run);
    free(z->board);
    free(z->version);
    free(z->cycles);
    free(z->ns);
    free(z);
}

const struct importer importer_zephyr = {
    "zephyr",      "no latency_measure results",
    zephyr_detect, zephyr_open,
    zephyr_feed,   zephyr_finish,
    zephyr_close,
};
