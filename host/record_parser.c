/*
 * rtbench host - incremental parser of rtbench machine records
 * (record_parser.h, format and completeness rule in docs/records.md).
 */
#include "record_parser.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "lines.h"
#include "rtb/error.h"
#include "rtb/record.h"
#include "samples.h"
#include "util.h"

#define TAG RTB_RECORD_TAG " "
#define TAG_LEN (sizeof(TAG) - 1)

/* What the open run has received (one per open run). */
struct run_check {
    int numbered;          /* the header has seq=1 */
    char tag[9];           /* the header's CRC: numbered records carry hdr=<tag> */
    uint64_t count;        /* results announced (numbered: always known) */
    uint32_t *crc;         /* numbered: CRC of result number k at [k-1]; else of metric i */
    unsigned char *seen;   /* numbered: number k received at [k-1] */
    size_t cap;            /* entries of crc (unnumbered: grown with the metrics) */
    uint64_t last_seq;     /* highest number received */
    unsigned long results; /* distinct results received */
    unsigned long conflicts, repeats, too_many;
    int samples;          /* the header has samples=1: S records follow each result */
    char conflict_at[96]; /* the first conflict, for the run's detail */
};

void record_parser_init(struct record_parser *p)
{
    memset(p, 0, sizeof *p);
}

int record_check_crc(const char *rec, size_t len)
{
    int rc = rtb_rec_check_crc(rec, len, record_crc32);
    return rc == 0 ? 0 : rc == RTB_ERR_CHECK ? -2 : -1;
}

/* Records an issue of this line (MSG taken over) and makes it `issue`. */
static enum record_event issue(struct record_parser *p, enum issue_kind kind, char *msg)
{
    free(p->last.msg);
    p->last.line = p->line;
    p->last.kind = kind;
    p->last.msg = msg;
    p->issue = &p->last;
    issues_add(&p->issues, p->line, kind, xstrdup(msg));
    return kind == ISSUE_DUPLICATE ? RECORD_DUPLICATE : RECORD_REJECTED;
}

static void check_free(struct run_check *c)
{
    if (!c)
        return;
    free(c->crc);
    free(c->seen);
    free(c);
}

static void close_run(struct record_parser *p, enum run_status st, char *detail)
{
    struct run *r = p->open_run;
    r->status = st;
    free(r->status_detail);
    r->status_detail = detail;
    p->closed = r;
    p->open_run = NULL;
    check_free(p->check);
    p->check = NULL;
}

/* "<why>: 12 of 47 records received" */
static char *truncated_detail(const struct record_parser *p, const char *why)
{
    const char *count = run_hdr(p->open_run, "count");
    if (count && *count)
        return xasprintf("%s: %lu of %s records received", why, p->check->results, count);
    return xasprintf("%s: %lu records received", why, p->check->results);
}

/* BUF (CAP bytes, grown when needed) holding the N bytes at S and a NUL. */
static char *keep(char **buf, size_t *cap, const char *s, size_t n)
{
    if (n + 1 > *cap) {
        *cap = n + 1 > 2 * *cap ? n + 1 : 2 * *cap;
        free(*buf);
        *buf = xmalloc(*cap);
    }
    memcpy(*buf, s, n);
    (*buf)[n] = '\0';
    return *buf;
}

/* Remember "<id> - <description> : ..." so the record that follows can
 * carry the description. */
static void note_human(struct record_parser *p, const char *line, size_t len)
{
    size_t il, dl;
    const char *id, *desc;
    if (!record_human_line(line, len, &id, &il, &desc, &dl))
        return;
    keep(&p->human_id, &p->human_id_cap, id, il);
    keep(&p->human_desc, &p->human_desc_cap, desc, dl);
}

static enum record_event on_header(struct record_parser *p, const char *rec, size_t rlen,
                                   struct field *f, size_t nf)
{
    if (p->open_run) /* a new header before the previous run ended */
        close_run(p, RUN_INCOMPLETE, truncated_detail(p, "no end record before the next header"));
    const char *bad = record_header_invalid(f, nf);
    if (bad) {
        /* the run is skipped: its records are dropped up to the next header */
        p->skipping = 1;
        return issue(p, ISSUE_INVALID_HEADER, xasprintf("invalid header: %s, run skipped", bad));
    }
    p->skipping = 0;
    struct run *r = xcalloc(1, sizeof *r);
    r->origin = xstrdup("rtbench");
    for (size_t i = 0; i < nf; i++)
        run_hdr_set(r, f[i].key, f[i].value);
    const char *unit = run_hdr(r, "unit");
    r->unit = xstrdup(unit && *unit ? unit : "cycles");
    uint64_t num, den;
    const char *sn = run_hdr(r, "ns_num"), *sd = run_hdr(r, "ns_den");
    if (sn && sd && parse_u64(sn, &num) == 0 && parse_u64(sd, &den) == 0 && den > 0 && num > 0)
        r->ns_per_unit = (double)num / (double)den;
    r->status = RUN_INCOMPLETE;
    p->runs = xgrow(p->runs, p->n_runs, sizeof *p->runs);
    p->runs[p->n_runs++] = r;
    p->open_run = r;
    struct run_check *c = p->check = xcalloc(1, sizeof *c);
    c->numbered = run_hdr(r, "seq") != NULL;
    c->samples = run_hdr(r, "samples") && strcmp(run_hdr(r, "samples"), "1") == 0;
    memcpy(c->tag, rec + rlen - 8, 8);
    const char *count = run_hdr(r, "count");
    if (count)
        parse_u64(count, &c->count);
    if (c->numbered) {
        c->cap = c->count;
        c->crc = xcalloc(c->cap ? c->cap : 1, sizeof *c->crc);
        c->seen = xcalloc(c->cap ? c->cap : 1, 1);
    }
    return RECORD_HEADER;
}

/* A record of another run than the open one: refused, never filed under
 * the open run. Its header's CRC differs (its header was lost, or it is
 * not this stream's): the open run goes on. Its number goes back under the
 * same header (the target restarted and the new header was lost): the open
 * run ends there, and the records up to the next header are refused. */
static enum record_event foreign(struct record_parser *p, int restart)
{
    if (!restart)
        return issue(p, ISSUE_OUTSIDE_RUN,
                     xstrdup("record of another run (its header's CRC is not this run's: that "
                             "header was lost), skipped"));
    close_run(p, RUN_INCOMPLETE,
              truncated_detail(p, "no end record: the target restarted (a result's number went "
                                  "back; the new header was lost)"));
    p->skipping = 2;
    return issue(p, ISSUE_OUTSIDE_RUN,
                 xstrdup("record of a run whose header was lost (its number went back), skipped"));
}

/* The CRC of a record line (its last 8 hex digits, already verified). */
static uint32_t line_crc(const char *rec, size_t rlen)
{
    return (uint32_t)strtoul(rec + rlen - 8, NULL, 16);
}

static enum record_event conflict(struct record_parser *p, const char *id, char *what)
{
    struct run_check *c = p->check;
    if (!c->conflicts++)
        snprintf(c->conflict_at, sizeof c->conflict_at, "%.90s", what);
    free(what);
    return issue(
        p, ISSUE_CONFLICT,
        xasprintf("a second, different record for %s (the run is incomplete), skipped", id));
}

/* Where a numbered result goes: 0 accept, else the event (repeat, conflict, foreign). */
static int place_numbered(struct record_parser *p, const struct field *f, size_t nf, const char *id,
                          uint32_t crc, enum record_event *ev)
{
    struct run_check *c = p->check;
    const char *hdr = record_field(f, nf, "hdr"), *s = record_field(f, nf, "seq");
    uint64_t k;
    if (hdr && strcmp(hdr, c->tag) != 0) { /* first: another run's numbers mean nothing here */
        *ev = foreign(p, 0);
        return 1;
    }
    if (!hdr || !s || parse_u64(s, &k) != 0 || k < 1 || k > c->count) {
        *ev = issue(p, ISSUE_MALFORMED,
                    xasprintf("malformed record for %s: a numbered run needs seq=1..%llu and "
                              "hdr=, skipped",
                              id, (unsigned long long)c->count));
        return 1;
    }
    if (c->seen[k - 1] && c->crc[k - 1] == crc) { /* a line sent twice */
        c->repeats++;
        *ev = issue(p, ISSUE_DUPLICATE, xasprintf("repeated record for %s, ignored", id));
        return 1;
    }
    if (k < c->last_seq) { /* before a conflict: a restart ends the run here */
        *ev = foreign(p, 1);
        return 1;
    }
    if (c->seen[k - 1]) {
        *ev = conflict(p, id, xasprintf("number %llu, %s", (unsigned long long)k, id));
        return 1;
    }
    if (run_find_metric(p->open_run, id)) {
        *ev = conflict(p, id, xasprintf("%s under two numbers", id));
        return 1;
    }
    c->seen[k - 1] = 1;
    c->crc[k - 1] = crc;
    c->last_seq = k;
    return 0;
}

/* Where a result of an unnumbered run goes: 0 accept, else the event. */
static int place_unnumbered(struct record_parser *p, const char *id, uint32_t crc,
                            enum record_event *ev)
{
    struct run_check *c = p->check;
    const struct metric *m = run_find_metric(p->open_run, id);
    if (m) {
        size_t i = (size_t)(m - p->open_run->m);
        *ev = c->crc[i] == crc
                  ? (c->repeats++,
                     issue(p, ISSUE_DUPLICATE, xasprintf("repeated record for %s, ignored", id)))
                  : conflict(p, id, xstrdup(id));
        return 1;
    }
    if (p->open_run->n_m >= RTBH_MAX_METRICS) {
        c->too_many++;
        *ev = issue(p, ISSUE_TOO_MANY,
                    xasprintf("more than %u results in one run, skipped", RTBH_MAX_METRICS));
        return 1;
    }
    if (c->cap == p->open_run->n_m) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->crc = xrealloc(c->crc, c->cap * sizeof *c->crc);
    }
    c->crc[p->open_run->n_m] = crc;
    return 0;
}

static enum record_event on_metric(struct record_parser *p, char type, const char *rec, size_t rlen,
                                   struct field *f, size_t nf)
{
    const char *id = record_field(f, nf, "id");
    if (!id || !*id)
        return issue(p, ISSUE_MALFORMED, xasprintf("malformed %c record: no id, skipped", type));
    struct metric tmp;
    const char *why = NULL;
    enum issue_kind kind;
    if (record_result(type, f, nf, p->open_run->ns_per_unit, &tmp, &why, &kind) != 0)
        return issue(p, kind,
                     xasprintf("%s %c record for %.200s: %s, skipped",
                               kind == ISSUE_INVALID ? "invalid" : "malformed", type, id, why));
    enum record_event ev;
    uint32_t crc = line_crc(rec, rlen);
    if (p->check->numbered ? place_numbered(p, f, nf, id, crc, &ev)
                           : place_unnumbered(p, id, crc, &ev)) {
        metric_free(&tmp); /* its reason, unit and extra figures */
        return ev;
    }
    struct metric *m = run_add_metric(p->open_run, id);
    char *keep_id = m->id;
    *m = tmp;
    m->id = keep_id;
    if (p->human_id && *p->human_id && strcmp(p->human_id, id) == 0)
        m->desc = xstrdup(p->human_desc);
    p->check->results++;
    p->last_metric = m;
    p->g_after = (size_t)(m - p->open_run->m) + 1;
    if (p->check->samples && m->state == MS_OK && samples_start(m))
        p->s_open = p->g_after;
    return RECORD_METRIC;
}

/* Why a numbered run that reached its end record is not complete, or NULL. */
static char *numbered_gaps(const struct run_check *c, uint64_t records)
{
    if (records != c->count)
        return xasprintf("record count mismatch: end record says %llu, header announced %llu",
                         (unsigned long long)records, (unsigned long long)c->count);
    if (c->conflicts)
        return xasprintf("conflicting records (%s)", c->conflict_at);
    if (c->results == c->count)
        return NULL;
    char list[96];
    size_t used = 0, shown = 0;
    list[0] = '\0';
    for (uint64_t k = 0; k < c->count && shown < 5; k++) {
        if (c->seen[k])
            continue;
        int w = snprintf(list + used, sizeof list - used, "%s%llu", shown ? ", " : "",
                         (unsigned long long)k + 1);
        if (w > 0 && (size_t)w < sizeof list - used)
            used += (size_t)w;
        shown++;
    }
    uint64_t missing = c->count - c->results;
    return xasprintf("%llu of %llu results missing (number%s %s%s)", (unsigned long long)missing,
                     (unsigned long long)c->count, missing > 1 ? "s" : "", list,
                     missing > shown ? ", ..." : "");
}

/* Why an unnumbered run (an older target) that reached its end record is
 * not complete, or NULL. */
static char *unnumbered_gaps(const struct record_parser *p, uint64_t records)
{
    const struct run_check *c = p->check;
    const char *count = run_hdr(p->open_run, "count");
    uint64_t announced;
    if (records != c->results)
        return xasprintf("record count mismatch: end record says %llu, %lu received",
                         (unsigned long long)records, c->results);
    if (count && parse_u64(count, &announced) == 0 && announced != records)
        return xasprintf("record count mismatch: header announced %llu, %lu received",
                         (unsigned long long)announced, c->results);
    if (c->conflicts)
        return xasprintf("conflicting records (%s)", c->conflict_at);
    if (c->too_many)
        return xasprintf("more than %u results: %lu skipped", RTBH_MAX_METRICS, c->too_many);
    return NULL;
}

/* One number of a G record; -1 (BAD = KEY) when missing or not a number. */
static int hist_u64(const struct field *f, size_t nf, const char *key, uint64_t *out,
                    const char **bad)
{
    if (parse_u64(record_field(f, nf, key), out) == 0)
        return 0;
    *bad = key;
    return -1;
}

/* G: buckets of the histogram that the R record of ID announced (hist.c).
 * Histogram records are not numbered: the result that announced them is,
 * and the run is complete only when every announced histogram is whole. */
static enum record_event on_hist(struct record_parser *p, const struct field *f, size_t nf,
                                 size_t prev)
{
    const char *id = record_field(f, nf, "id"), *c = record_field(f, nf, "c"), *bad = NULL,
               *why = NULL;
    struct metric *m = id && *id ? run_find_metric(p->open_run, id) : NULL;
    uint64_t lo, width, first;
    if (!m || m->state != MS_OK || m->hist_want == 0)
        return issue(p, ISSUE_MALFORMED,
                     xasprintf("G record for %s without a result announcing a histogram, skipped",
                               id && *id ? id : "(no id)"));
    /* not numbered: only its place ties it to its result (another run's, else) */
    if (prev != (size_t)(m - p->open_run->m) + 1)
        return issue(p, ISSUE_OUTSIDE_RUN,
                     xasprintf("G record for %s not right after its result's record (another "
                               "run's?), skipped",
                               id));
    p->g_after = prev;
    if (hist_u64(f, nf, "lo", &lo, &bad) || hist_u64(f, nf, "width", &width, &bad) ||
        hist_u64(f, nf, "first", &first, &bad) || !c)
        return issue(p, ISSUE_MALFORMED,
                     xasprintf("malformed G record for %s: missing or bad '%s', skipped", id,
                               bad ? bad : "c"));
    int rc = hist_add(m, lo, width, first, c, &why);
    if (rc < 0)
        return issue(p, ISSUE_MALFORMED, xasprintf("G record for %s: %s, skipped", id, why));
    p->last_metric = m;
    p->hist_done = rc == 1;
    return RECORD_HIST;
}

/* The samples of M refused, said once in one line: MSG (taken over), as the
 * issue of this line (AS_ISSUE) or as a note beside an accepted one. */
static enum record_event samples_refuse(struct record_parser *p, struct metric *m, char *msg,
                                        int as_issue)
{
    free(m->samples->v);
    free(m->samples);
    m->samples = NULL;
    m->samples_refused = 1;
    if (as_issue)
        return issue(p, ISSUE_INVALID, msg);
    free(p->samples_note);
    p->samples_note = msg;
    issues_add(&p->issues, p->line, ISSUE_INVALID, xstrdup(msg));
    return RECORD_NONE;
}

/* At any other record: the samples being received whole (samples_done) or refused. */
static void samples_end(struct record_parser *p)
{
    if (!p->s_open || !p->open_run)
        return;
    struct metric *m = &p->open_run->m[p->s_open - 1];
    p->s_open = 0;
    const char *why = m->samples ? samples_close(m) : NULL;
    if (why)
        samples_refuse(p, m, xasprintf("samples of %s refused: %s", m->id, why), 0);
    else if (m->samples)
        p->samples_done = m;
}

/* S: a chunk of the samples of the result just received. */
static enum record_event on_samples(struct record_parser *p, const struct field *f, size_t nf,
                                    size_t prev)
{
    const char *id = record_field(f, nf, "id"), *hdr = record_field(f, nf, "hdr"), *why = NULL;
    struct metric *m = id && *id ? run_find_metric(p->open_run, id) : NULL;
    if (m && m->samples_refused)
        return RECORD_NONE; /* refused already, and said */
    if (!m || !m->samples || m->samples->closed)
        return issue(p, ISSUE_MALFORMED,
                     xasprintf("S record for %s without a result receiving samples, skipped",
                               id && *id ? id : "(no id)"));
    size_t at = (size_t)(m - p->open_run->m) + 1;
    if (!hdr || strcmp(hdr, p->check->tag) != 0)
        why = "a chunk of another run (its hdr= is not this run's header)";
    else if (prev != at || p->s_open != at)
        why = "a chunk not right after its result's records";
    else if (samples_feed(m->samples, f, nf, &why) == 0) {
        p->g_after = prev;
        p->last_metric = m;
        return RECORD_SAMPLES;
    }
    return samples_refuse(p, m, xasprintf("samples of %s refused: %s", id, why), 1);
}

static enum record_event on_end(struct record_parser *p, const struct field *f, size_t nf)
{
    struct run_check *c = p->check;
    uint64_t records;
    const char *v = record_field(f, nf, "records"), *hdr = record_field(f, nf, "hdr");
    if (!v || parse_u64(v, &records) != 0 || (c->numbered && !hdr))
        return issue(p, ISSUE_MALFORMED,
                     xstrdup(c->numbered ? "malformed E record: missing or bad 'records' or "
                                           "'hdr', skipped"
                                         : "malformed E record: missing or bad 'records', "
                                           "skipped"));
    if (c->numbered && strcmp(hdr, c->tag) != 0)
        return foreign(p, 0);
    const char *status = record_field(f, nf, "status");
    if (status)
        run_hdr_set(p->open_run, "end_status", status);
    char *gaps = c->numbered ? numbered_gaps(c, records) : unnumbered_gaps(p, records);
    if (!gaps)
        gaps = hist_missing(p->open_run);
    if (gaps)
        close_run(p, RUN_INCOMPLETE, gaps);
    else
        close_run(p, RUN_COMPLETE,
                  c->numbered ? NULL
                              : xstrdup("judged by the record count only: the target does not "
                                        "number its records (an older rtbench)"));
    return RECORD_END;
}

/* The record RECLEN bytes at REC (CRC verified): its type and fields. */
static enum record_event on_record(struct record_parser *p, const char *rec, size_t rlen)
{
    /* body: between "RTB1 " and " *crc" */
    char *body = keep(&p->body, &p->body_cap, rec + TAG_LEN, rlen - TAG_LEN - 10);
    char type = body[0];
    enum record_event ev = RECORD_REJECTED;
    struct field f[RECORD_MAX_FIELDS];
    size_t nf = 0, prev_g = p->g_after;
    const char *why = NULL;
    p->g_after = 0; /* set again by an accepted R, G or S */
    if (type != 'S' && type != 'G')
        samples_end(p); /* before a header closes the run they belong to */
    if (type == '\0' || !strchr("HRGNFES", type) || (body[1] != '\0' && body[1] != ' '))
        ev = issue(p, ISSUE_UNKNOWN_TYPE, xstrdup("unknown record type, skipped"));
    else if (body[1] == ' ' && record_split_fields(body + 2, f, &nf, &why) != 0)
        ev = issue(p, ISSUE_MALFORMED, xasprintf("malformed record: %s, skipped", why));
    else if (type == 'H')
        ev = on_header(p, rec, rlen, f, nf);
    else if (!p->open_run && p->skipping == 1)
        ev = RECORD_NONE; /* a record of a run whose header was invalid (already reported) */
    else if (!p->open_run && p->skipping == 2)
        ev = issue(p, ISSUE_OUTSIDE_RUN, xstrdup("record of a run whose header was lost, skipped"));
    else if (!p->open_run)
        ev = issue(p, ISSUE_OUTSIDE_RUN,
                   xstrdup("record outside a run (no header before it), skipped"));
    else if (type == 'E')
        ev = on_end(p, f, nf);
    else if (type == 'G')
        ev = on_hist(p, f, nf, prev_g);
    else if (type == 'S')
        ev = on_samples(p, f, nf, prev_g);
    else
        ev = on_metric(p, type, rec, rlen, f, nf);
    return ev;
}

enum record_event record_parser_feed(struct record_parser *p, const char *line, size_t len)
{
    p->line++;
    p->closed = NULL;
    p->last_metric = NULL;
    p->hist_done = 0;
    p->issue = NULL;
    p->samples_done = NULL;
    free(p->samples_note);
    p->samples_note = NULL;
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    const char *rec = NULL, *end = line + len;
    for (const char *r = line; (r = memchr(r, 'R', (size_t)(end - r))) != NULL; r++) {
        if ((size_t)(end - r) < TAG_LEN)
            break;
        if (memcmp(r, TAG, TAG_LEN) == 0) {
            rec = r;
            break;
        }
    }
    if (!rec) {
        note_human(p, line, len);
        return RECORD_NONE;
    }
    size_t rlen = len - (size_t)(rec - line);
    int c = record_check_crc(rec, rlen);
    if (c == -2)
        return issue(p, ISSUE_CHECKSUM, xstrdup("checksum mismatch, skipped"));
    if (c != 0)
        return issue(p, ISSUE_MALFORMED,
                     xstrdup("malformed record (no valid ' *crc' at the end), skipped"));
    /* a line repeated as it is (a UART repeating a line): said, ignored */
    if (p->prev && p->prev_len == rlen && memcmp(p->prev, rec, rlen) == 0)
        return issue(p, ISSUE_DUPLICATE, xstrdup("repeated record line, ignored"));
    keep(&p->prev, &p->prev_cap, rec, rlen);
    p->prev_len = rlen;
    enum record_event ev = on_record(p, rec, rlen);
    if (ev != RECORD_REJECTED && ev != RECORD_DUPLICATE)
        p->records++;
    return ev;
}

enum record_event record_parser_long_line(struct record_parser *p, unsigned long long len)
{
    p->line++;
    p->closed = NULL;
    p->last_metric = NULL;
    return issue(p, ISSUE_TOO_LONG,
                 xasprintf("line of %llu bytes (longer than %u), skipped", len, RTBH_LINE_MAX));
}

struct run *record_parser_finish(struct record_parser *p)
{
    p->closed = NULL;
    p->samples_done = NULL;
    if (!p->open_run)
        return NULL;
    samples_end(p);
    close_run(p, RUN_INCOMPLETE, truncated_detail(p, "no end record"));
    return p->closed;
}

struct run *record_parser_take(struct record_parser *p, size_t i)
{
    if (i >= p->n_runs)
        return NULL;
    struct run *r = p->runs[i];
    p->runs[i] = NULL;
    if (p->open_run == r) {
        p->open_run = NULL;
        check_free(p->check);
        p->check = NULL;
    }
    if (p->closed == r)
        p->closed = NULL;
    return r;
}

void record_parser_free(struct record_parser *p)
{
    runs_free(p->runs, p->n_runs);
    issues_free(&p->issues);
    check_free(p->check);
    free(p->last.msg);
    free(p->human_id);
    free(p->human_desc);
    free(p->prev);
    free(p->body);
    free(p->samples_note);
    memset(p, 0, sizeof *p);
}
