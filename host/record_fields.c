/*
 * rtbench host - the fields of one rtbench record (record_parser.h): key=value
 * splitting, the figures of a result and the checks they must pass.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_parser.h"
#include "rtb/record.h"
#include "hist.h"
#include "util.h"

int record_split_fields(char *s, struct field *f, size_t *nf, const char **why)
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
        size_t vlen = rtb_rec_unescape(eq + 1);
        if (strlen(eq + 1) != vlen) { /* a %00: the value would be cut short */
            *why = "a value holds %00";
            return -1;
        }
        if (*nf == RECORD_MAX_FIELDS) {
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

const char *record_field(const struct field *f, size_t nf, const char *key)
{
    for (size_t i = 0; i < nf; i++)
        if (strcmp(f[i].key, key) == 0)
            return f[i].value;
    return NULL;
}

/* An unsigned decimal with an optional fraction ("123", "123.456"): the
 * format of `mean` and `sd`. No sign, exponent, hex or blank. 0 or -1. */
static int parse_fixed(const char *s, double *out)
{
    const char *p = s;
    if (!s || *p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9')
        p++;
    if (*p == '.') {
        p++;
        if (*p < '0' || *p > '9')
            return -1;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p || p - s > 40)
        return -1;
    return parse_double(s, out);
}

/* The statistics of a result are possible: n >= 1, min <= p50 <= p90 <=
 * p99 <= p999 <= max and min <= mean <= max (to the rounding of three
 * decimals). NULL, or why not. */
static const char *impossible(const struct metric *m)
{
    if (m->n == 0)
        return "n=0";
    if (!(m->min <= m->p50 && m->p50 <= m->p90 && m->p90 <= m->p99 && m->p99 <= m->p999 &&
          m->p999 <= m->max))
        return "percentiles out of order (min <= p50 <= p90 <= p99 <= p999 <= max)";
    if (m->mean < (double)m->min - 0.0005 || m->mean > (double)m->max + 0.0005)
        return "mean outside [min, max]";
    if (m->n == 1 && m->min != m->max)
        return "one sample but min != max";
    return NULL;
}

/* The keys of an R record rtbench reads itself (the numbering too); any
 * other is an extra figure of the result. */
static int result_key(const char *k)
{
    static const char *const known[] = {"id",     "n",   "min", "max",  "mean",  "sd",
                                        "p50",    "p90", "p99", "p999", "flags", "unit",
                                        "better", "seq", "hdr", "hist"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(k, known[i]) == 0)
            return 1;
    return 0;
}

/* A value metric's unit and direction, the histogram announced (hist=N), and
 * the extra figures of any result. */
static void result_value_keys(struct metric *m, const struct field *f, size_t nf)
{
    const char *unit = record_field(f, nf, "unit"), *better = record_field(f, nf, "better"),
               *hist = record_field(f, nf, "hist");
    uint64_t nb;
    if (hist && parse_u64(hist, &nb) == 0) /* 1..HIST_MAX_BUCKETS: result_r() checked */
        m->hist_want = (size_t)nb;
    if (unit && *unit) {
        m->unit = xstrdup(unit);
        m->higher_better = better && strcmp(better, "higher") == 0;
    }
    for (size_t i = 0; i < nf; i++)
        if (!result_key(f[i].key))
            metric_extra_set(m, f[i].key, f[i].value);
}

static int result_r(const struct field *f, size_t nf, double ns_per_unit, struct metric *m,
                    const char **why, enum issue_kind *kind)
{
    static char bad[64];
    static const char *const u64_keys[] = {"n", "min", "max", "p50", "p90", "p99", "p999"};
    uint64_t *const u64_out[] = {&m->n, &m->min, &m->max, &m->p50, &m->p90, &m->p99, &m->p999};
    *kind = ISSUE_MALFORMED;
    for (size_t k = 0; k < sizeof u64_keys / sizeof u64_keys[0]; k++) {
        if (parse_u64(record_field(f, nf, u64_keys[k]), u64_out[k]) != 0) {
            snprintf(bad, sizeof bad, "missing or bad '%s'", u64_keys[k]);
            *why = bad;
            return -1;
        }
    }
    if (parse_fixed(record_field(f, nf, "mean"), &m->mean) != 0) {
        *why = "missing or bad 'mean' (an unsigned decimal)";
        return -1;
    }
    if (parse_fixed(record_field(f, nf, "sd"), &m->sd) != 0) {
        *why = "missing or bad 'sd' (an unsigned decimal)";
        return -1;
    }
    m->state = MS_OK;
    m->has_pct = 1;
    if ((*why = impossible(m)) != NULL) {
        *kind = ISSUE_INVALID;
        return -1;
    }
    const char *fl = record_field(f, nf, "flags");
    if (fl) {
        /* comma-separated; unknown names are ignored: newer targets may add some */
        static const struct {
            const char *name;
            unsigned bit;
        } names[] = {{"clamped", MF_CLAMPED}, {"saturated", MF_SATURATED}, {"nosched", MF_NOSCHED}};
        for (const char *t = fl; *t;) {
            size_t l = strcspn(t, ",");
            for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
                if (strlen(names[k].name) == l && memcmp(t, names[k].name, l) == 0)
                    m->flags |= names[k].bit;
            t += l + (t[l] == ',');
        }
    }
    const char *hist = record_field(f, nf, "hist");
    uint64_t nb;
    if (hist && (parse_u64(hist, &nb) != 0 || nb < 1 || nb > HIST_MAX_BUCKETS)) {
        snprintf(bad, sizeof bad, "bad 'hist' (1 to %u buckets)", HIST_MAX_BUCKETS);
        *why = bad;
        return -1;
    }
    result_value_keys(m, f, nf);
    if (!metric_is_value(m) && ns_per_unit > 0)
        m->mean_ns = m->mean * ns_per_unit;
    return 0;
}

int record_result(char type, const struct field *f, size_t nf, double ns_per_unit, struct metric *m,
                  const char **why, enum issue_kind *kind)
{
    memset(m, 0, sizeof *m);
    m->mean_ns = -1.0;
    if (type == 'R')
        return result_r(f, nf, ns_per_unit, m, why, kind);
    if (type == 'N') {
        const char *r = record_field(f, nf, "reason");
        m->state = MS_NA;
        m->reason = xstrdup(r && *r ? r : "not available");
        return 0;
    }
    const char *e = record_field(f, nf, "err"), *name = record_field(f, nf, "name"),
               *native = record_field(f, nf, "native"), *check = record_field(f, nf, "check");
    double ev = 0;
    if (!e || parse_double(e, &ev) != 0 || ev >= 0 || ev < -1e9 || ev != (double)(int)ev) {
        *why = "missing or bad 'err' (a negative integer)";
        *kind = ISSUE_MALFORMED;
        return -1;
    }
    m->state = MS_FAILED;
    m->err = (int)ev;
    if (check && *check) /* the benchmark's own check that failed */
        m->reason = xasprintf("%s: %s", name && *name ? name : "error", check);
    else if (native && *native && strcmp(native, "0") != 0)
        m->reason = xasprintf("%s (native %s)", name && *name ? name : "error", native);
    else
        m->reason = xstrdup(name && *name ? name : "error");
    /* what else the target said of the failure (a fault's registers): kept in the reason */
    static const char *const known[] = {"id", "err", "name", "native", "check", "seq", "hdr"};
    for (size_t i = 0; i < nf; i++) {
        size_t k = 0;
        while (k < sizeof known / sizeof known[0] && strcmp(f[i].key, known[k]) != 0)
            k++;
        if (k < sizeof known / sizeof known[0])
            continue;
        char *r = xasprintf("%s%s%s=%.80s", m->reason, strchr(m->reason, ':') ? " " : ": ",
                            f[i].key, f[i].value);
        free(m->reason);
        m->reason = r;
    }
    return 0;
}

const char *record_header_invalid(const struct field *f, size_t nf)
{
    static char why[160];
    static const struct {
        const char *key;
        uint64_t min, max;
    } lim[] = {{"hz", 1, UINT64_MAX},
               {"bits", 1, 64},
               {"ns_num", 1, UINT64_MAX},
               {"ns_den", 1, UINT64_MAX},
               {"count", 0, RTBH_MAX_METRICS}};
    for (size_t k = 0; k < sizeof lim / sizeof lim[0]; k++) {
        const char *v = record_field(f, nf, lim[k].key);
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
    const char *seq = record_field(f, nf, "seq");
    if (seq && strcmp(seq, "1") != 0) {
        snprintf(why, sizeof why, "seq=%.40s (1 is the only numbering this rtbench knows)", seq);
        return why;
    }
    if (seq && !record_field(f, nf, "count"))
        return "seq=1 without count (numbered results need their number)";
    return NULL;
}
