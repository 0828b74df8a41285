/*
 * rtbench host - the importer of Zephyr twister's twister.json: the
 * "recording" of each testsuite, the rows twister's console harness took from
 * the log with the testcase's record regex. latency_measure's
 * (tests/benchmarks/latency_measure/testcase.yaml) is
 *
 *   (?P<metric>.*) - (?P<description>.*):(?P<cycles>.*) cycles ,(?P<nanoseconds>.*) ns
 *
 * and twister.json (twisterlib/reports.py, json.dump with indent=4) holds
 *
 *   {"environment":{..., "zephyr_version":"v4.3.0", ...},
 *    "testsuites":[{"name":"benchmark.kernel.latency", "platform":"mps2/an385",
 *      "status":"passed", ..., "recording":[{"metric":"thread.yield...",
 *      "description":"...", "cycles":"2303", "nanoseconds":"92128"}, ...]}, ...]}
 *
 * One run per testsuite with a recording (a file may hold several suites and
 * platforms); a suite without one (a build that failed, a filtered one) is
 * counted in the note. Each row is one mean-only figure in cycles with its ns
 * as printed, its id the row's own (latency_measure has printed rtbench ids
 * since Zephyr 4.0) or the mapping table's (metric_map.c, an older layout's
 * name). A suite whose status is not "passed" is stored incomplete. A suite
 * whose first row has no "metric", "cycles" and "nanoseconds" keys is another
 * test's recording: skipped, counted in the note; a later row without them, a
 * figure that is not a whole number, JSON that does not read or ends before
 * its last '}': an error naming the line, and nothing of the file is stored.
 *
 * The JSON is read as a stream, a byte at a time across the lines: a
 * constant state (the nesting as one bit per level, the keys of the five
 * levels read, the first TW_STR bytes of a string) plus the runs.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/bad_lines.h"
#include "import/importer.h"
#include "import/metric_map.h"
#include "import/zephyr.h"
#include "lines.h"
#include "util.h"

#define TOOL "latency_measure" /* whose rows the recordings are */
#define TW_STR 256             /* bytes of a string kept */
#define TW_DEPTH 4096          /* nesting levels read (json.dump's own limit is ~1000) */
#define TW_FRAMES 6            /* levels whose keys are looked at */

/* What a container is: the document, "environment", "testsuites", one suite,
 * its "recording", one row; anything else is R_OTHER. */
enum role { R_OTHER, R_ROOT, R_ENV, R_SUITES, R_SUITE, R_REC, R_ROW };
enum st { S_VALUE, S_VALUE1, S_KEY, S_KEY1, S_COLON, S_AFTER, S_STR, S_NUM, S_LIT, S_DONE, S_ERR };
enum { H_METRIC = 1, H_DESC = 2, H_CYCLES = 4, H_NS = 8 };

struct frame {
    unsigned char role;
    char key[24]; /* the current key ("" if longer) */
};

struct suite {
    char name[128], platform[96], status[32], reason[160];
    int other; /* its first row is not latency_measure's */
    int rows;  /* rows seen */
    size_t too_many;
    struct run *run;
    uint64_t *cycles, *ns; /* the kept rows' figures, for the clock */
    size_t n, cap;
};

struct row {
    char metric[TW_STR], desc[TW_STR], cycles[32], ns[32];
    unsigned have;
    unsigned long line;
};

struct twister {
    struct import_options options;
    unsigned long line;
    enum st st;
    int is_key, esc, uhex; /* in a string: a key, after '\', digits of \u left */
    unsigned ucode;
    char tok[TW_STR];
    size_t ntok;
    size_t depth;
    unsigned char arr[TW_DEPTH / 8]; /* level d is an array */
    struct frame f[TW_FRAMES];
    char version[64];
    struct suite su;
    struct row row;
    struct run **runs;
    size_t n_runs, repeated, no_rec, other;
    struct bad_lines bad;
};

static int tw_detect(const char *line, size_t len)
{
    return line_find(line, len, "\"zephyr_version\":") != NULL ||
           line_find(line, len, "\"recording\":[") != NULL;
}

static void *tw_open(const struct import_options *o)
{
    struct twister *s = xcalloc(1, sizeof *s);
    s->options = *o;
    s->st = S_VALUE;
    return s;
}

/* The JSON does not read: one error, and nothing more is read. */
static void syntax(struct twister *s, const char *what, char c)
{
    if (c >= 0x21 && c < 0x7f)
        bad_line(&s->bad, s->line, "not JSON: %s '%c' (twister.json damaged?)", what, c);
    else
        bad_line(&s->bad, s->line, "not JSON: %s (twister.json damaged?)", what);
    s->st = S_ERR;
}

static struct frame *top(struct twister *s)
{
    return s->depth && s->depth <= TW_FRAMES ? &s->f[s->depth - 1] : NULL;
}

static int top_is_array(const struct twister *s)
{
    size_t d = s->depth - 1;
    return (s->arr[d / 8] >> (d % 8)) & 1;
}

static void suite_free(struct suite *su)
{
    run_delete(su->run);
    free(su->cycles);
    free(su->ns);
    memset(su, 0, sizeof *su);
}

/* The role of a container opened (IS_ARRAY) under the current top. */
static enum role child_role(struct twister *s, int is_array)
{
    const struct frame *t = top(s);
    if (s->depth == 0)
        return R_ROOT;
    if (!t)
        return R_OTHER;
    if (t->role == R_ROOT && !is_array && strcmp(t->key, "environment") == 0)
        return R_ENV;
    if (t->role == R_ROOT && is_array && strcmp(t->key, "testsuites") == 0)
        return R_SUITES;
    if (t->role == R_SUITES && !is_array)
        return R_SUITE;
    if (t->role == R_SUITE && is_array && strcmp(t->key, "recording") == 0)
        return R_REC;
    if (t->role == R_REC && !is_array)
        return R_ROW;
    return R_OTHER;
}

static void open_container(struct twister *s, int is_array)
{
    if (s->depth >= TW_DEPTH) {
        syntax(s, "nested too deep", 0);
        return;
    }
    enum role r = child_role(s, is_array);
    size_t d = s->depth++;
    s->arr[d / 8] =
        (unsigned char)((s->arr[d / 8] & ~(1u << (d % 8))) | ((unsigned)is_array << (d % 8)));
    if (d < TW_FRAMES) {
        s->f[d].role = (unsigned char)r;
        s->f[d].key[0] = '\0';
    }
    if (r == R_SUITE) {
        suite_free(&s->su);
        s->su.run = xcalloc(1, sizeof *s->su.run);
    } else if (r == R_ROW) {
        memset(&s->row, 0, sizeof s->row);
        s->row.line = s->line;
    }
    s->st = is_array ? S_VALUE1 : S_KEY1;
}

/* A value of TOP's current key: where it goes (*CAP bytes, *BIT of the
 * row's keys), or NULL. */
static char *field(struct twister *s, size_t *cap, unsigned *bit)
{
    const struct frame *t = top(s);
    struct suite *u = &s->su;
    struct row *w = &s->row;
    const struct {
        enum role role;
        const char *key;
        char *to;
        size_t cap;
        unsigned bit;
    } map[] = {
        {R_ENV, "zephyr_version", s->version, sizeof s->version, 0},
        {R_SUITE, "name", u->name, sizeof u->name, 0},
        {R_SUITE, "platform", u->platform, sizeof u->platform, 0},
        {R_SUITE, "status", u->status, sizeof u->status, 0},
        {R_SUITE, "reason", u->reason, sizeof u->reason, 0},
        {R_ROW, "metric", w->metric, sizeof w->metric, H_METRIC},
        {R_ROW, "description", w->desc, sizeof w->desc, H_DESC},
        {R_ROW, "cycles", w->cycles, sizeof w->cycles, H_CYCLES},
        {R_ROW, "nanoseconds", w->ns, sizeof w->ns, H_NS},
    };
    for (size_t i = 0; t && i < sizeof map / sizeof map[0]; i++)
        if (t->role == map[i].role && strcmp(t->key, map[i].key) == 0) {
            *cap = map[i].cap;
            *bit = map[i].bit;
            return map[i].to;
        }
    return NULL;
}

/* A string or a number or literal (its text in tok) ended. */
static void scalar_done(struct twister *s)
{
    s->tok[s->ntok < sizeof s->tok ? s->ntok : sizeof s->tok - 1] = '\0';
    if (s->is_key) {
        struct frame *t = top(s);
        size_t n = s->ntok < sizeof t->key ? s->ntok : 0; /* a longer key is none we read */
        if (t) {
            memcpy(t->key, s->tok, n);
            t->key[n] = '\0';
        }
        s->is_key = 0;
        s->st = S_COLON;
        return;
    }
    size_t cap = 0;
    unsigned bit = 0;
    char *to = field(s, &cap, &bit);
    if (to) {
        snprintf(to, cap, "%s", s->tok);
        s->row.have |= bit;
    }
    s->st = S_AFTER;
}

/* A row of latency_measure's recording: a mean-only metric of the suite's run. */
static void add_row(struct twister *s, uint64_t cycles, uint64_t ns)
{
    struct suite *u = &s->su;
    char *id = metric_map_id(TOOL, s->row.metric);
    if (run_find_metric(u->run, id)) {
        s->repeated++; /* a repeated id: the first figure is kept */
        free(id);
        return;
    }
    if (u->n >= RTBH_MAX_METRICS) {
        u->too_many++;
        free(id);
        return;
    }
    struct metric *m = run_add_metric(u->run, id);
    free(id);
    if (s->row.have & H_DESC)
        m->desc = xstrdup(s->row.desc);
    metric_map_name(m, TOOL, s->row.metric);
    m->state = MS_OK;
    m->flags = MF_MEAN_ONLY;
    m->n = s->options.iters;
    m->mean = (double)cycles;
    m->mean_ns = (double)ns;
    if (u->n == u->cap) {
        u->cap = u->cap ? u->cap * 2 : 64;
        u->cycles = xrealloc(u->cycles, u->cap * sizeof *u->cycles);
        u->ns = xrealloc(u->ns, u->cap * sizeof *u->ns);
    }
    u->cycles[u->n] = cycles;
    u->ns[u->n++] = ns;
}

static void row_done(struct twister *s)
{
    const unsigned need = H_METRIC | H_CYCLES | H_NS;
    uint64_t c = 0, ns = 0;
    if (s->su.other)
        return;
    if ((s->row.have & need) != need) {
        if (s->su.rows == 0)
            s->su.other = 1; /* another test's recording */
        else
            bad_line(&s->bad, s->row.line,
                     "a twister recording row without \"metric\", \"cycles\" and \"nanoseconds\"");
    } else if (parse_u64(s->row.cycles, &c) || parse_u64(s->row.ns, &ns)) {
        bad_line(&s->bad, s->row.line,
                 "a twister recording row whose cycles or nanoseconds is not a whole number");
    } else {
        add_row(s, c, ns);
    }
    s->su.rows++;
}

/* The header and status of a suite's run (kver is set at the end: the
 * environment may come after the suites). */
static void fill_run(struct twister *s, struct run *r)
{
    const struct import_options *o = &s->options;
    struct suite *u = &s->su;
    r->origin = xstrdup("twister");
    r->source = xstrdup(o->source ? o->source : "import");
    run_stamp(r);
    r->unit = xstrdup("cycles");
    run_hdr_set(r, "kernel", "Zephyr");
    if (o->board && *o->board)
        run_hdr_set(r, "board", o->board);
    else if (u->platform[0])
        run_hdr_set(r, "board", u->platform);
    run_hdr_set(r, "unit", "cycles");
    run_hdr_set(r, "clock", "hw");
    run_hdr_set(r, "bench", TOOL);
    run_hdr_set(r, "testsuite", u->name);
    run_hdr_set(r, "twister_status", u->status[0] ? u->status : "none");
    zephyr_set_clock(r, o->cpu_hz, 0, u->cycles, u->ns, u->n);
    if (o->iters > 0) {
        run_hdr_setf(r, "iters", "%u", o->iters);
    }
    run_hdr_setf(r, "count", "%zu", r->n_m);
    r->status = RUN_INCOMPLETE;
    if (u->too_many)
        r->status_detail =
            xasprintf("more than %u recording rows: %zu ignored", RTBH_MAX_METRICS, u->too_many);
    else if (strcmp(u->status, "passed") != 0)
        r->status_detail = xasprintf("twister status \"%s\"%s%s", u->status[0] ? u->status : "none",
                                     u->reason[0] ? ": " : "", u->reason);
    else
        r->status = RUN_COMPLETE;
}

/* The end of a suite: its run, if it has rows of latency_measure's. */
static void suite_done(struct twister *s)
{
    struct suite *u = &s->su;
    if (u->other) {
        s->other++;
    } else if (!u->run->n_m) {
        s->no_rec += u->rows == 0;
    } else {
        fill_run(s, u->run);
        s->runs = xrealloc(s->runs, (s->n_runs + 1) * sizeof *s->runs);
        s->runs[s->n_runs++] = u->run;
        u->run = NULL;
    }
    suite_free(u);
}

static void close_container(struct twister *s, char c)
{
    if (top_is_array(s) != (c == ']')) {
        syntax(s, "a bracket that closes nothing open:", c);
        return;
    }
    const struct frame *t = top(s);
    if (t && t->role == R_ROW)
        row_done(s);
    else if (t && t->role == R_SUITE)
        suite_done(s);
    s->depth--;
    s->st = s->depth ? S_AFTER : S_DONE;
}

static void push(struct twister *s, char c)
{
    if (s->ntok < sizeof s->tok - 1)
        s->tok[s->ntok] = c;
    s->ntok++;
}

static void start_token(struct twister *s, enum st st, int is_key)
{
    s->ntok = 0;
    s->esc = s->uhex = 0;
    s->is_key = is_key;
    s->st = st;
}

/* A number or literal ended (before C, or at the end of its line). */
static void token_end(struct twister *s, char c)
{
    s->tok[s->ntok < sizeof s->tok ? s->ntok : sizeof s->tok - 1] = '\0';
    char *e = s->tok;
    if (s->st == S_NUM)
        (void)strtod(s->tok, &e);
    if (s->ntok >= sizeof s->tok || (s->st == S_NUM && *e) ||
        (s->st == S_LIT && strcmp(s->tok, "true") && strcmp(s->tok, "false") &&
         strcmp(s->tok, "null")))
        syntax(s,
               s->st == S_NUM ? "a number that does not read, before" : "an unknown word, before",
               c);
    else
        scalar_done(s);
}

static int hex(char c)
{
    return isdigit((unsigned char)c) ? c - '0'
           : (c >= 'a' && c <= 'f')  ? c - 'a' + 10
           : (c >= 'A' && c <= 'F')  ? c - 'A' + 10
                                     : -1;
}

/* C in a string: kept as printable ASCII ('?' for any other byte). */
static void str_char(struct twister *s, char c)
{
    if (s->uhex) {
        if (hex(c) < 0) {
            syntax(s, "a \\u escape with a non-hex digit", c);
            return;
        }
        s->ucode = s->ucode * 16 + (unsigned)hex(c);
        if (--s->uhex == 0)
            push(s, s->ucode >= 0x20 && s->ucode < 0x7f ? (char)s->ucode : '?');
    } else if (s->esc) {
        const char *from = "\"\\/bfnrt", *to = "\"\\/?????", *p = c ? strchr(from, c) : NULL;
        s->esc = 0;
        if (c == 'u')
            s->uhex = 4, s->ucode = 0;
        else if (p)
            push(s, to[p - from]);
        else
            syntax(s, "an unknown escape in a string:", c);
    } else if (c == '\\') {
        s->esc = 1;
    } else if (c == '"') {
        scalar_done(s);
    } else if ((unsigned char)c < 0x20) {
        syntax(s, "a control character in a string", c);
    } else {
        push(s, (unsigned char)c < 0x7f ? c : '?');
    }
}

static void value_start(struct twister *s, char c)
{
    if (s->depth == 0 && c != '{') {
        bad_line(&s->bad, s->line,
                 "not a twister.json (a JSON object): it does not start with '{'");
        s->st = S_ERR;
    } else if (c == '{' || c == '[')
        open_container(s, c == '[');
    else if (c == '"')
        start_token(s, S_STR, 0);
    else if (c == '-' || isdigit((unsigned char)c) || islower((unsigned char)c))
        start_token(s, c == '-' || isdigit((unsigned char)c) ? S_NUM : S_LIT, 0), push(s, c);
    else
        syntax(s, "a value expected, found", c);
}

/* One byte outside a string, number or literal. */
static void structure(struct twister *s, char c)
{
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
        return;
    if ((s->st == S_VALUE1 && c == ']') || (s->st == S_KEY1 && c == '}'))
        close_container(s, c);
    else if (s->st == S_VALUE || s->st == S_VALUE1)
        value_start(s, c);
    else if ((s->st == S_KEY || s->st == S_KEY1) && c == '"')
        start_token(s, S_STR, 1);
    else if (s->st == S_KEY || s->st == S_KEY1)
        syntax(s, "a key expected, found", c);
    else if (s->st == S_COLON && c == ':')
        s->st = S_VALUE;
    else if (s->st == S_COLON)
        syntax(s, "':' expected after a key, found", c);
    else if (s->st == S_AFTER && c == ',')
        s->st = top_is_array(s) ? S_VALUE : S_KEY;
    else if (s->st == S_AFTER && (c == ']' || c == '}'))
        close_container(s, c);
    else if (s->st == S_AFTER)
        syntax(s, "',' or a closing bracket expected, found", c);
    else if (s->st == S_DONE)
        syntax(s, "more after the end of the document:", c);
}

static void tw_feed(void *state, const char *line, size_t len)
{
    struct twister *s = state;
    s->line++;
    for (size_t i = 0; i < len && s->st != S_ERR; i++) {
        char c = line[i];
        if (s->st == S_STR) {
            str_char(s, c);
            continue;
        }
        if (s->st == S_NUM || s->st == S_LIT) {
            if (c && strchr(s->st == S_NUM ? "0123456789+-.eE" : "abcdefghijklmnopqrstuvwxyz", c)) {
                push(s, c);
                continue;
            }
            token_end(s, c);
            if (s->st == S_ERR)
                break;
        }
        structure(s, c);
    }
    if (s->st == S_STR)
        syntax(s, "a string not closed on its line", 0);
    else if (s->st == S_NUM || s->st == S_LIT)
        token_end(s, 0);
}

static int tw_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct twister *s = state;
    if (bad_lines_error(&s->bad, err, errlen))
        return -1;
    if (s->st == S_VALUE && s->depth == 0)
        return errf(err, errlen, "no JSON (an empty twister.json?)");
    if (s->st != S_DONE)
        return errf(err, errlen, "line %lu: the JSON ends before its last '}' (twister.json cut?)",
                    s->line);
    if (s->n_runs == 0)
        return errf(err, errlen,
                    "no latency_measure recordings (testsuites: %zu without a recording, %zu "
                    "whose recording is another test's)",
                    s->no_rec, s->other);
    char note[200] = "";
    size_t k = 0;
    if (s->no_rec)
        k += (size_t)snprintf(note + k, sizeof note - k, "; %zu testsuite(s) without a recording",
                              s->no_rec);
    if (s->other && k < sizeof note)
        k += (size_t)snprintf(note + k, sizeof note - k,
                              "; %zu testsuite(s) of another test's recording", s->other);
    if (s->repeated && k < sizeof note)
        snprintf(note + k, sizeof note - k, "; %zu repeated recording row(s)", s->repeated);
    if (note[0])
        out->note = xasprintf("%s ignored", note + 2);
    for (size_t i = 0; i < s->n_runs; i++) /* "Unknown": twister could not tell */
        if (s->version[0] && strcmp(s->version, "Unknown") != 0)
            run_hdr_set(s->runs[i], "kver", s->version);
    out->runs = s->runs;
    out->n_runs = s->n_runs;
    s->runs = NULL;
    s->n_runs = 0;
    return 0;
}

static void tw_close(void *state)
{
    struct twister *s = state;
    suite_free(&s->su);
    runs_free(s->runs, s->n_runs);
    free(s);
}

const struct importer importer_twister = {
    "twister", "no twister recordings", tw_detect, tw_open, tw_feed, tw_finish, tw_close,
};
