/*
 * rtbench host - incremental parser of rtbench machine records
 * (record_parser.h, format in docs/records.md).
 */
#include "record_parser.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "rtb/error.h"
#include "rtb/record.h"
#include "util.h"

#define TAG RTB_RECORD_TAG " "
#define TAG_LEN (sizeof(TAG) - 1)

void record_parser_init(struct record_parser *p)
{
    memset(p, 0, sizeof *p);
}

static void add_issue(struct record_parser *p, enum issue_kind kind, const char *fmt,
                      const char *arg)
{
    p->issues = xrealloc(p->issues, (p->n_issues + 1) * sizeof *p->issues);
    p->issues[p->n_issues].line = p->line;
    p->issues[p->n_issues].kind = kind;
    p->issues[p->n_issues].msg = arg ? xasprintf(fmt, arg) : xstrdup(fmt);
    p->n_issues++;
}

int record_check_crc(const char *rec, size_t len)
{
    int rc = rtb_rec_check(rec, len);
    return rc == 0 ? 0 : rc == RTB_ERR_CHECK ? -2 : -1;
}

struct field {
    char *key, *value;
};

#define MAX_FIELDS 64

/* Split "k=v k=v" (in place) into fields; -1 with a reason. */
static int split_fields(char *s, struct field *f, size_t *nf, const char **why)
{
    *nf = 0;
    while (*s) {
        char *end = strchr(s, ' ');
        if (end)
            *end = '\0';
        char *eq = strchr(s, '=');
        if (!eq || eq == s) {
            *why = "field without key=value";
            return -1;
        }
        *eq = '\0';
        for (char *k = s; *k; k++) {
            if (!((*k >= 'a' && *k <= 'z') || (*k >= '0' && *k <= '9') || *k == '_')) {
                *why = "bad key";
                return -1;
            }
        }
        rtb_rec_unescape(eq + 1);
        if (*nf == MAX_FIELDS) {
            *why = "too many fields";
            return -1;
        }
        f[*nf].key = s;
        f[*nf].value = eq + 1;
        (*nf)++;
        if (!end)
            break;
        s = end + 1;
    }
    return 0;
}

static const char *get(const struct field *f, size_t nf, const char *key)
{
    for (size_t i = 0; i < nf; i++)
        if (strcmp(f[i].key, key) == 0)
            return f[i].value;
    return NULL;
}

static void close_run(struct record_parser *p, enum run_status st, char *detail)
{
    struct run *r = p->open_run;
    r->status = st;
    free(r->status_detail);
    r->status_detail = detail;
    p->closed = r;
    p->open_run = NULL;
    p->run_records = 0;
}

static char *truncated_detail(const struct record_parser *p, const char *why)
{
    const char *count = run_hdr(p->open_run, "count");
    if (count && *count)
        return xasprintf("%s: %lu of %s records received", why, p->run_records, count);
    return xasprintf("%s: %lu records received", why, p->run_records);
}

/* Remember "<id> - <description> : ..." so the record that follows can
 * carry the description. */
static void note_human(struct record_parser *p, const char *line, size_t len)
{
    const char *dash = NULL;
    for (size_t i = 0; i + 3 <= len; i++) {
        if (line[i] == ' ' && line[i + 1] == '-' && line[i + 2] == ' ') {
            dash = line + i;
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
    if (a == b || c == d || memchr(a, ' ', (size_t)(b - a)))
        return;
    free(p->human_id);
    free(p->human_desc);
    p->human_id = xstrndup(a, (size_t)(b - a));
    p->human_desc = xstrndup(c, (size_t)(d - c));
}

static int need_u64(const struct field *f, size_t nf, const char *key, uint64_t *out,
                    const char **bad)
{
    const char *v = get(f, nf, key);
    if (!v || parse_u64(v, out) != 0) {
        *bad = key;
        return -1;
    }
    return 0;
}

static int need_double(const struct field *f, size_t nf, const char *key, double *out,
                       const char **bad)
{
    const char *v = get(f, nf, key);
    if (!v || parse_double(v, out) != 0) {
        *bad = key;
        return -1;
    }
    return 0;
}

/* The keys of an R record rtbench reads itself; any other is an extra figure. */
static int result_key(const char *k)
{
    static const char *const known[] = {"id",  "n",   "min",  "max",   "mean", "sd",     "p50",
                                        "p90", "p99", "p999", "flags", "unit", "better", "hist"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(k, known[i]) == 0)
            return 1;
    return 0;
}

/* A value metric's unit and direction, the histogram announced, and the
 * extra figures of any result. */
static void result_value_keys(struct metric *m, const struct field *f, size_t nf)
{
    const char *unit = get(f, nf, "unit"), *better = get(f, nf, "better"),
               *hist = get(f, nf, "hist");
    uint64_t nb;
    if (hist && parse_u64(hist, &nb) == 0 && nb <= HIST_MAX_BUCKETS)
        m->hist_want = (size_t)nb;
    if (unit && *unit) {
        m->unit = xstrdup(unit);
        m->higher_better = better && strcmp(better, "higher") == 0;
    }
    for (size_t i = 0; i < nf; i++)
        if (!result_key(f[i].key))
            metric_extra_set(m, f[i].key, f[i].value);
}

static unsigned parse_flags(const char *s)
{
    unsigned fl = 0;
    if (!s)
        return 0;
    char *copy = xstrdup(s);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        if (strcmp(tok, "clamped") == 0)
            fl |= MF_CLAMPED;
        else if (strcmp(tok, "saturated") == 0)
            fl |= MF_SATURATED;
        else if (strcmp(tok, "nosched") == 0)
            fl |= MF_NOSCHED;
        /* unknown flag names are ignored: newer targets may add some */
    }
    free(copy);
    return fl;
}

/* The clock of a header: hz >= 1, bits 1..64, ns_num and ns_den >= 1 (what
 * the target's runner itself requires). A key that is absent means "not
 * known" and is accepted; one that is present must make sense. NULL if the
 * header is valid, else why not (static storage). */
static const char *header_invalid(const struct field *f, size_t nf)
{
    static char why[160];
    static const struct {
        const char *key;
        uint64_t min, max;
    } lim[] = {{"hz", 1, UINT64_MAX},
               {"bits", 1, 64},
               {"ns_num", 1, UINT64_MAX},
               {"ns_den", 1, UINT64_MAX}};
    for (size_t k = 0; k < sizeof lim / sizeof lim[0]; k++) {
        const char *v = NULL;
        for (size_t i = 0; i < nf; i++)
            if (strcmp(f[i].key, lim[k].key) == 0)
                v = f[i].value;
        uint64_t x;
        if (!v || (parse_u64(v, &x) == 0 && x >= lim[k].min && x <= lim[k].max))
            continue;
        if (lim[k].max == UINT64_MAX)
            snprintf(why, sizeof why, "%s=%.40s (must be an integer of at least 1)", lim[k].key, v);
        else
            snprintf(why, sizeof why, "%s=%.40s (must be an integer from %llu to %llu)", lim[k].key,
                     v, (unsigned long long)lim[k].min, (unsigned long long)lim[k].max);
        return why;
    }
    return NULL;
}

static enum record_event on_header(struct record_parser *p, struct field *f, size_t nf)
{
    if (p->open_run) /* a new header before the previous run ended */
        close_run(p, RUN_INCOMPLETE, truncated_detail(p, "no end record before the next header"));
    const char *bad = header_invalid(f, nf);
    if (bad) {
        /* the run is skipped: its records are dropped up to the next header */
        add_issue(p, ISSUE_INVALID_HEADER, "invalid header: %s, run skipped", bad);
        p->skipping = 1;
        return RECORD_REJECTED;
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
    else
        r->ns_per_unit = 0.0;
    r->status = RUN_INCOMPLETE;
    p->runs = xrealloc(p->runs, (p->n_runs + 1) * sizeof *p->runs);
    p->runs[p->n_runs++] = r;
    p->open_run = r;
    p->run_records = 0;
    return RECORD_HEADER;
}

static enum record_event on_metric(struct record_parser *p, char type, struct field *f, size_t nf)
{
    const char *id = get(f, nf, "id");
    if (!id || !*id) {
        add_issue(p, ISSUE_MALFORMED, "malformed %s record: no id, skipped",
                  type == 'R'   ? "R"
                  : type == 'N' ? "N"
                                : "F");
        return RECORD_REJECTED;
    }
    struct metric tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.mean_ns = -1.0;
    const char *bad = NULL;
    if (type == 'R') {
        double mean = 0, sd = 0;
        if (need_u64(f, nf, "n", &tmp.n, &bad) || need_double(f, nf, "mean", &mean, &bad) ||
            need_double(f, nf, "sd", &sd, &bad) || need_u64(f, nf, "min", &tmp.min, &bad) ||
            need_u64(f, nf, "max", &tmp.max, &bad) || need_u64(f, nf, "p50", &tmp.p50, &bad) ||
            need_u64(f, nf, "p90", &tmp.p90, &bad) || need_u64(f, nf, "p99", &tmp.p99, &bad) ||
            need_u64(f, nf, "p999", &tmp.p999, &bad)) {
            char *msg =
                xasprintf("malformed R record for %s: missing or bad '%s', skipped", id, bad);
            add_issue(p, ISSUE_MALFORMED, "%s", msg);
            free(msg);
            return RECORD_REJECTED;
        }
        tmp.mean = mean;
        tmp.sd = sd;
        tmp.state = MS_OK;
        tmp.has_pct = 1;
        tmp.flags = parse_flags(get(f, nf, "flags"));
        result_value_keys(&tmp, f, nf);
        if (!metric_is_value(&tmp) && p->open_run->ns_per_unit > 0)
            tmp.mean_ns = mean * p->open_run->ns_per_unit;
    } else if (type == 'N') {
        tmp.state = MS_NA;
        const char *why = get(f, nf, "reason");
        tmp.reason = xstrdup(why && *why ? why : "not available");
    } else {
        tmp.state = MS_FAILED;
        const char *e = get(f, nf, "err"), *name = get(f, nf, "name"),
                   *native = get(f, nf, "native"), *check = get(f, nf, "check");
        double ev = 0;
        if (!e || parse_double(e, &ev) != 0 || ev >= 0 || ev < -1e9) {
            char *msg = xasprintf("malformed F record for %s: missing or bad 'err', skipped", id);
            add_issue(p, ISSUE_MALFORMED, "%s", msg);
            free(msg);
            return RECORD_REJECTED;
        }
        tmp.err = (int)ev;
        if (check && *check) /* the benchmark's own check that failed */
            tmp.reason = xasprintf("%s: %s", name && *name ? name : "error", check);
        else if (native && *native && strcmp(native, "0") != 0)
            tmp.reason = xasprintf("%s (native %s)", name && *name ? name : "error", native);
        else
            tmp.reason = xstrdup(name && *name ? name : "error");
    }
    struct metric *m = run_add_metric(p->open_run, id);
    char *keep_id = m->id;
    *m = tmp;
    m->id = keep_id;
    if (p->human_id && strcmp(p->human_id, id) == 0)
        m->desc = xstrdup(p->human_desc);
    p->run_records++;
    p->last_metric = m;
    return RECORD_METRIC;
}

/* A rejected record: MSG (owned) becomes the issue. */
static enum record_event reject(struct record_parser *p, char *msg)
{
    add_issue(p, ISSUE_MALFORMED, "%s", msg);
    free(msg);
    return RECORD_REJECTED;
}

/* G: buckets of the histogram that the R record of ID announced (hist.c). */
static enum record_event on_hist(struct record_parser *p, struct field *f, size_t nf)
{
    const char *id = get(f, nf, "id"), *c = get(f, nf, "c"), *bad = NULL, *why = NULL;
    struct metric *m = id && *id ? run_find_metric(p->open_run, id) : NULL;
    uint64_t lo, width, first;
    if (!m || m->state != MS_OK || m->hist_want == 0)
        return reject(p, xasprintf("G record for %s without a result announcing a histogram, "
                                   "skipped",
                                   id && *id ? id : "(no id)"));
    if (need_u64(f, nf, "lo", &lo, &bad) || need_u64(f, nf, "width", &width, &bad) ||
        need_u64(f, nf, "first", &first, &bad) || !c)
        return reject(p, xasprintf("malformed G record for %s: missing or bad '%s', skipped", id,
                                   bad ? bad : "c"));
    int rc = hist_add(m, lo, width, first, c, &why);
    if (rc < 0)
        return reject(p, xasprintf("G record for %s: %s, skipped", id, why));
    p->last_metric = m;
    p->hist_done = rc == 1;
    return RECORD_HIST;
}

static enum record_event on_end(struct record_parser *p, struct field *f, size_t nf)
{
    uint64_t records;
    const char *v = get(f, nf, "records");
    if (!v || parse_u64(v, &records) != 0) {
        add_issue(p, ISSUE_MALFORMED, "malformed E record: missing or bad 'records', skipped",
                  NULL);
        return RECORD_REJECTED;
    }
    const char *status = get(f, nf, "status");
    if (status)
        run_hdr_set(p->open_run, "end_status", status);
    const char *count = run_hdr(p->open_run, "count");
    uint64_t announced;
    char *missing = hist_missing(p->open_run);
    if (records != p->run_records) {
        close_run(p, RUN_INCOMPLETE,
                  xasprintf("record count mismatch: end record says %llu, %lu received",
                            (unsigned long long)records, p->run_records));
    } else if (count && parse_u64(count, &announced) == 0 && announced != records) {
        close_run(p, RUN_INCOMPLETE,
                  xasprintf("record count mismatch: header announced %llu, %lu received",
                            (unsigned long long)announced, p->run_records));
    } else if (missing) {
        close_run(p, RUN_INCOMPLETE, missing);
        missing = NULL;
    } else {
        close_run(p, RUN_COMPLETE, NULL);
    }
    free(missing);
    return RECORD_END;
}

enum record_event record_parser_feed(struct record_parser *p, const char *line, size_t len)
{
    p->line++;
    p->closed = NULL;
    p->last_metric = NULL;
    p->hist_done = 0;
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    /* find the tag */
    const char *rec = NULL;
    for (size_t i = 0; i + TAG_LEN <= len; i++) {
        if (line[i] == 'R' && memcmp(line + i, TAG, TAG_LEN) == 0) {
            rec = line + i;
            break;
        }
    }
    if (!rec) {
        note_human(p, line, len);
        return RECORD_NONE;
    }
    size_t rlen = len - (size_t)(rec - line);
    int c = record_check_crc(rec, rlen);
    if (c == -2) {
        add_issue(p, ISSUE_CHECKSUM, "checksum mismatch, skipped", NULL);
        return RECORD_REJECTED;
    }
    if (c != 0) {
        add_issue(p, ISSUE_MALFORMED, "malformed record (no valid ' *crc' at the end), skipped",
                  NULL);
        return RECORD_REJECTED;
    }
    /* body: between "RTB1 " and " *crc" */
    char *body = xstrndup(rec + TAG_LEN, rlen - TAG_LEN - 10);
    char type = body[0];
    enum record_event ev = RECORD_REJECTED;
    struct field f[MAX_FIELDS];
    size_t nf = 0;
    const char *why = NULL;
    if (!strchr("HRGNFE", type) || type == '\0' || (body[1] != '\0' && body[1] != ' ')) {
        add_issue(p, ISSUE_UNKNOWN_TYPE, "unknown record type, skipped", NULL);
    } else if (body[1] == ' ' && split_fields(body + 2, f, &nf, &why) != 0) {
        add_issue(p, ISSUE_MALFORMED, "malformed record: %s, skipped", why);
    } else if (type == 'H') {
        ev = on_header(p, f, nf);
    } else if (!p->open_run && p->skipping) {
        ev = RECORD_NONE; /* a record of a run whose header was invalid (already reported) */
    } else if (!p->open_run) {
        add_issue(p, ISSUE_OUTSIDE_RUN, "record outside a run (no header before it), skipped",
                  NULL);
    } else if (type == 'E') {
        ev = on_end(p, f, nf);
    } else if (type == 'G') {
        ev = on_hist(p, f, nf);
    } else {
        ev = on_metric(p, type, f, nf);
    }
    free(body);
    if (ev != RECORD_REJECTED)
        p->records++;
    return ev;
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
    if (p->open_run == r)
        p->open_run = NULL;
    if (p->closed == r)
        p->closed = NULL;
    return r;
}

void record_parser_free(struct record_parser *p)
{
    runs_free(p->runs, p->n_runs);
    parse_issues_free(p->issues, p->n_issues);
    free(p->human_id);
    free(p->human_desc);
    memset(p, 0, sizeof *p);
}
