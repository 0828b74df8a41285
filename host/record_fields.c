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
        /* one pass over the field (up to a space): its key, '=', its value */
        char *key = s;
        int bad_key = 0;
        for (; *s && *s != '=' && *s != ' '; s++)
            bad_key |= !((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_');
        if (*s != '=' || s == key) {
            *why = "field without key=value";
            return -1;
        }
        if (bad_key) {
            *why = "bad key";
            return -1;
        }
        *s++ = '\0';
        char *value = s;
        s += strcspn(s, " %");
        int escaped = *s == '%';
        if (escaped)
            s += strcspn(s, " ");
        int last = !*s;
        *s = '\0';
        /* a value without '%' is as it is (most are): not copied onto itself */
        if (escaped) {
            size_t vlen = rtb_rec_unescape(value);
            if (strlen(value) != vlen) { /* a %00: the value would be cut short */
                *why = "a value holds %00";
                return -1;
            }
        }
        if (*nf == RECORD_MAX_FIELDS) {
            *why = "too many fields";
            return -1;
        }
        f[*nf].key = key;
        f[*nf].value = value;
        (*nf)++;
        if (last)
            break;
        s++;
    }
    return 0;
}

/* KEY (non-empty) equals K: the first byte tested before a strcmp (a
 * record's lookups, about 20 per result over 14 fields, were a fifth of an
 * import's parsing time). */
static int key_is(const char *k, const char *key)
{
    return k[0] == key[0] && strcmp(k, key) == 0;
}

const char *record_field(const struct field *f, size_t nf, const char *key)
{
    for (size_t i = 0; i < nf; i++)
        if (key_is(f[i].key, key))
            return f[i].value;
    return NULL;
}

/* S (digits, an optional '.' and digits) as strtod() reads it, when that is
 * one division of two doubles that hold their values exactly: at most 15
 * digits in all (below 2^53) over a power of ten up to 10^15, whose
 * quotient IEEE rounds correctly, as strtod does. 0, or -1 (use strtod). */
static int exact_fixed(const char *s, double *out)
{
    static const double pow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    uint64_t mant = 0;
    int digits = 0, frac = -1;
    for (; *s; s++) {
        if (*s == '.') {
            frac = 0;
            continue;
        }
        if (++digits > 15)
            return -1;
        mant = mant * 10 + (uint64_t)(*s - '0');
        if (frac >= 0)
            frac++;
    }
    *out = (double)mant / pow10[frac > 0 ? frac : 0];
    return 0;
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
    return exact_fixed(s, out) == 0 ? 0 : parse_double(s, out);
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
enum result_key {
    K_N,
    K_MIN,
    K_MAX,
    K_MEAN,
    K_P50,
    K_P90,
    K_P99,
    K_P999,
    K_SD,
    K_SEQ,
    K_FLAGS,
    K_UNIT,
    K_BETTER,
    K_HIST,
    K_HDR,
    K_ID,
    K_KEYS
};
static const char *const result_keys[K_KEYS] = {"n",      "min",  "max", "mean", "p50",   "p90",
                                                "p99",    "p999", "sd",  "seq",  "flags", "unit",
                                                "better", "hist", "hdr", "id"};

/* K's place in result_keys, or -1 (an extra figure): the keys of K's first
 * letter only (a scan of all 16 for each of a record's 14 fields was a
 * tenth of an import's parsing). */
static int result_key(const char *k)
{
    int lo, hi; /* result_keys[lo..hi) start with k[0] */
    switch (k[0]) {
    case 'n':
        lo = K_N, hi = K_MIN;
        break;
    case 'm':
        lo = K_MIN, hi = K_P50;
        break;
    case 'p':
        lo = K_P50, hi = K_SD;
        break;
    case 's':
        lo = K_SD, hi = K_FLAGS;
        break;
    case 'f':
        lo = K_FLAGS, hi = K_UNIT;
        break;
    case 'u':
        lo = K_UNIT, hi = K_BETTER;
        break;
    case 'b':
        lo = K_BETTER, hi = K_HIST;
        break;
    case 'h':
        lo = K_HIST, hi = K_ID;
        break;
    case 'i':
        lo = K_ID, hi = K_KEYS;
        break;
    default:
        return -1;
    }
    for (int i = lo; i < hi; i++)
        if (strcmp(k, result_keys[i]) == 0)
            return i;
    return -1;
}

/* The value of each key of result_keys in the fields (the first one, as
 * record_field() gives it; NULL when absent) and which fields are extra
 * figures (EXTRA[i]), found in one pass. */
static void result_values(const struct field *f, size_t nf, const char *v[K_KEYS],
                          unsigned char extra[RECORD_MAX_FIELDS])
{
    for (int k = 0; k < K_KEYS; k++)
        v[k] = NULL;
    for (size_t i = 0; i < nf; i++) {
        int k = result_key(f[i].key);
        extra[i] = k < 0;
        if (k >= 0 && !v[k])
            v[k] = f[i].value;
    }
}

/* A value metric's unit and direction, the histogram announced (hist=N), and
 * the extra figures of any result. */
static void result_value_keys(struct metric *m, const struct field *f, size_t nf,
                              const char *const v[K_KEYS],
                              const unsigned char extra[RECORD_MAX_FIELDS])
{
    uint64_t nb;
    if (v[K_HIST] && parse_u64(v[K_HIST], &nb) == 0) /* 1..HIST_MAX_BUCKETS: result_r() checked */
        m->hist_want = (size_t)nb;
    if (v[K_UNIT] && *v[K_UNIT]) {
        m->unit = xstrdup(v[K_UNIT]);
        m->higher_better = v[K_BETTER] && strcmp(v[K_BETTER], "higher") == 0;
    }
    for (size_t i = 0; i < nf; i++)
        if (extra[i])
            metric_extra_set(m, f[i].key, f[i].value);
}

/* The flags named in FL (comma-separated; unknown names are ignored:
 * newer targets may add some). */
static unsigned result_flags(const char *fl)
{
    static const struct {
        const char *name;
        unsigned bit;
    } names[] = {{"clamped", MF_CLAMPED}, {"saturated", MF_SATURATED}, {"nosched", MF_NOSCHED}};
    unsigned flags = 0;
    for (const char *t = fl; *t;) {
        size_t l = strcspn(t, ",");
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
            if (strlen(names[k].name) == l && memcmp(t, names[k].name, l) == 0)
                flags |= names[k].bit;
        t += l + (t[l] == ',');
    }
    return flags;
}

static int result_r(const struct field *f, size_t nf, double ns_per_unit, struct metric *m,
                    const char **why, enum issue_kind *kind)
{
    static char bad[64];
    static const enum result_key u64_keys[] = {K_N, K_MIN, K_MAX, K_P50, K_P90, K_P99, K_P999};
    uint64_t *const u64_out[] = {&m->n, &m->min, &m->max, &m->p50, &m->p90, &m->p99, &m->p999};
    const char *v[K_KEYS];
    unsigned char extra[RECORD_MAX_FIELDS];
    result_values(f, nf, v, extra);
    *kind = ISSUE_MALFORMED;
    for (size_t k = 0; k < sizeof u64_keys / sizeof u64_keys[0]; k++) {
        if (parse_u64(v[u64_keys[k]], u64_out[k]) != 0) {
            snprintf(bad, sizeof bad, "missing or bad '%s'", result_keys[u64_keys[k]]);
            *why = bad;
            return -1;
        }
    }
    if (parse_fixed(v[K_MEAN], &m->mean) != 0) {
        *why = "missing or bad 'mean' (an unsigned decimal)";
        return -1;
    }
    if (parse_fixed(v[K_SD], &m->sd) != 0) {
        *why = "missing or bad 'sd' (an unsigned decimal)";
        return -1;
    }
    m->state = MS_OK;
    m->has_pct = 1;
    if ((*why = impossible(m)) != NULL) {
        *kind = ISSUE_INVALID;
        return -1;
    }
    if (v[K_FLAGS])
        m->flags |= result_flags(v[K_FLAGS]);
    uint64_t nb;
    if (v[K_HIST] && (parse_u64(v[K_HIST], &nb) != 0 || nb < 1 || nb > HIST_MAX_BUCKETS)) {
        snprintf(bad, sizeof bad, "bad 'hist' (1 to %u buckets)", HIST_MAX_BUCKETS);
        *why = bad;
        return -1;
    }
    result_value_keys(m, f, nf, v, extra);
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
