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
    char conflict_at[96]; /* the first conflict, for the run's detail */
};

void record_parser_init(struct record_parser *p)
{
    memset(p, 0, sizeof *p);
}

/* rtb_crc32() a byte at a time (the target's nibble loop was a tenth of an
 * import's parsing): CRC of each byte value; host.test_parse checks both agree. */
static const uint32_t crc_table[256] = {
    0x00000000u, 0x77073096u, 0xee0e612cu, 0x990951bau, 0x076dc419u, 0x706af48fu, 0xe963a535u,
    0x9e6495a3u, 0x0edb8832u, 0x79dcb8a4u, 0xe0d5e91eu, 0x97d2d988u, 0x09b64c2bu, 0x7eb17cbdu,
    0xe7b82d07u, 0x90bf1d91u, 0x1db71064u, 0x6ab020f2u, 0xf3b97148u, 0x84be41deu, 0x1adad47du,
    0x6ddde4ebu, 0xf4d4b551u, 0x83d385c7u, 0x136c9856u, 0x646ba8c0u, 0xfd62f97au, 0x8a65c9ecu,
    0x14015c4fu, 0x63066cd9u, 0xfa0f3d63u, 0x8d080df5u, 0x3b6e20c8u, 0x4c69105eu, 0xd56041e4u,
    0xa2677172u, 0x3c03e4d1u, 0x4b04d447u, 0xd20d85fdu, 0xa50ab56bu, 0x35b5a8fau, 0x42b2986cu,
    0xdbbbc9d6u, 0xacbcf940u, 0x32d86ce3u, 0x45df5c75u, 0xdcd60dcfu, 0xabd13d59u, 0x26d930acu,
    0x51de003au, 0xc8d75180u, 0xbfd06116u, 0x21b4f4b5u, 0x56b3c423u, 0xcfba9599u, 0xb8bda50fu,
    0x2802b89eu, 0x5f058808u, 0xc60cd9b2u, 0xb10be924u, 0x2f6f7c87u, 0x58684c11u, 0xc1611dabu,
    0xb6662d3du, 0x76dc4190u, 0x01db7106u, 0x98d220bcu, 0xefd5102au, 0x71b18589u, 0x06b6b51fu,
    0x9fbfe4a5u, 0xe8b8d433u, 0x7807c9a2u, 0x0f00f934u, 0x9609a88eu, 0xe10e9818u, 0x7f6a0dbbu,
    0x086d3d2du, 0x91646c97u, 0xe6635c01u, 0x6b6b51f4u, 0x1c6c6162u, 0x856530d8u, 0xf262004eu,
    0x6c0695edu, 0x1b01a57bu, 0x8208f4c1u, 0xf50fc457u, 0x65b0d9c6u, 0x12b7e950u, 0x8bbeb8eau,
    0xfcb9887cu, 0x62dd1ddfu, 0x15da2d49u, 0x8cd37cf3u, 0xfbd44c65u, 0x4db26158u, 0x3ab551ceu,
    0xa3bc0074u, 0xd4bb30e2u, 0x4adfa541u, 0x3dd895d7u, 0xa4d1c46du, 0xd3d6f4fbu, 0x4369e96au,
    0x346ed9fcu, 0xad678846u, 0xda60b8d0u, 0x44042d73u, 0x33031de5u, 0xaa0a4c5fu, 0xdd0d7cc9u,
    0x5005713cu, 0x270241aau, 0xbe0b1010u, 0xc90c2086u, 0x5768b525u, 0x206f85b3u, 0xb966d409u,
    0xce61e49fu, 0x5edef90eu, 0x29d9c998u, 0xb0d09822u, 0xc7d7a8b4u, 0x59b33d17u, 0x2eb40d81u,
    0xb7bd5c3bu, 0xc0ba6cadu, 0xedb88320u, 0x9abfb3b6u, 0x03b6e20cu, 0x74b1d29au, 0xead54739u,
    0x9dd277afu, 0x04db2615u, 0x73dc1683u, 0xe3630b12u, 0x94643b84u, 0x0d6d6a3eu, 0x7a6a5aa8u,
    0xe40ecf0bu, 0x9309ff9du, 0x0a00ae27u, 0x7d079eb1u, 0xf00f9344u, 0x8708a3d2u, 0x1e01f268u,
    0x6906c2feu, 0xf762575du, 0x806567cbu, 0x196c3671u, 0x6e6b06e7u, 0xfed41b76u, 0x89d32be0u,
    0x10da7a5au, 0x67dd4accu, 0xf9b9df6fu, 0x8ebeeff9u, 0x17b7be43u, 0x60b08ed5u, 0xd6d6a3e8u,
    0xa1d1937eu, 0x38d8c2c4u, 0x4fdff252u, 0xd1bb67f1u, 0xa6bc5767u, 0x3fb506ddu, 0x48b2364bu,
    0xd80d2bdau, 0xaf0a1b4cu, 0x36034af6u, 0x41047a60u, 0xdf60efc3u, 0xa867df55u, 0x316e8eefu,
    0x4669be79u, 0xcb61b38cu, 0xbc66831au, 0x256fd2a0u, 0x5268e236u, 0xcc0c7795u, 0xbb0b4703u,
    0x220216b9u, 0x5505262fu, 0xc5ba3bbeu, 0xb2bd0b28u, 0x2bb45a92u, 0x5cb36a04u, 0xc2d7ffa7u,
    0xb5d0cf31u, 0x2cd99e8bu, 0x5bdeae1du, 0x9b64c2b0u, 0xec63f226u, 0x756aa39cu, 0x026d930au,
    0x9c0906a9u, 0xeb0e363fu, 0x72076785u, 0x05005713u, 0x95bf4a82u, 0xe2b87a14u, 0x7bb12baeu,
    0x0cb61b38u, 0x92d28e9bu, 0xe5d5be0du, 0x7cdcefb7u, 0x0bdbdf21u, 0x86d3d2d4u, 0xf1d4e242u,
    0x68ddb3f8u, 0x1fda836eu, 0x81be16cdu, 0xf6b9265bu, 0x6fb077e1u, 0x18b74777u, 0x88085ae6u,
    0xff0f6a70u, 0x66063bcau, 0x11010b5cu, 0x8f659effu, 0xf862ae69u, 0x616bffd3u, 0x166ccf45u,
    0xa00ae278u, 0xd70dd2eeu, 0x4e048354u, 0x3903b3c2u, 0xa7672661u, 0xd06016f7u, 0x4969474du,
    0x3e6e77dbu, 0xaed16a4au, 0xd9d65adcu, 0x40df0b66u, 0x37d83bf0u, 0xa9bcae53u, 0xdebb9ec5u,
    0x47b2cf7fu, 0x30b5ffe9u, 0xbdbdf21cu, 0xcabac28au, 0x53b39330u, 0x24b4a3a6u, 0xbad03605u,
    0xcdd70693u, 0x54de5729u, 0x23d967bfu, 0xb3667a2eu, 0xc4614ab8u, 0x5d681b02u, 0x2a6f2b94u,
    0xb40bbe37u, 0xc30c8ea1u, 0x5a05df1bu, 0x2d02ef8du,
};

uint32_t record_crc32(uint32_t crc, const void *data, size_t len)
{
    const unsigned char *p = data;
    crc = ~crc;
    while (len--)
        crc = (crc >> 8) ^ crc_table[(crc ^ *p++) & 0xffu];
    return ~crc;
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
    const char *dash = NULL, *end = line + len;
    for (const char *q = line; (q = memchr(q, '-', (size_t)(end - q))) != NULL; q++) {
        if (q > line && q + 1 < end && q[-1] == ' ' && q[1] == ' ') {
            dash = q - 1;
            break;
        }
    }
    if (!dash)
        return;
    const char *colon = memchr(dash + 3, ':', len - (size_t)(dash + 3 - line));
    if (!colon)
        return;
    const char *a = line, *b = dash;
    while (a < b && (*a == ' ' || *a == '\t'))
        a++;
    while (b > a && b[-1] == ' ')
        b--;
    const char *c = dash + 3, *d = colon;
    while (c < d && *c == ' ')
        c++;
    while (d > c && d[-1] == ' ')
        d--;
    if (a == b || c == d || b - a > 200 || memchr(a, ' ', (size_t)(b - a)))
        return;
    keep(&p->human_id, &p->human_id_cap, a, (size_t)(b - a));
    keep(&p->human_desc, &p->human_desc_cap, c, (size_t)(d - c) > 200 ? 200 : (size_t)(d - c));
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
    p->g_after = 0; /* set again by an accepted R or G */
    if (type == '\0' || !strchr("HRGNFE", type) || (body[1] != '\0' && body[1] != ' '))
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
    if (!p->open_run)
        return NULL;
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
    memset(p, 0, sizeof *p);
}
