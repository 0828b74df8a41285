/*
 * rtbench host - histograms of results (hist.h).
 */
#include "hist.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* "3,0,17" into out[]: the number of counts, or -1 if malformed or more than max. */
static long parse_list(const char *s, uint64_t *out, size_t max)
{
    size_t n = 0;
    while (*s) {
        char *end;
        if (*s < '0' || *s > '9' || n == max)
            return -1;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (errno)
            return -1;
        out[n++] = v;
        if (*end == ',' && end[1] >= '0' && end[1] <= '9')
            end++;
        else if (*end)
            return -1;
        s = end;
    }
    return n ? (long)n : -1;
}

int hist_counts_parse(const char *s, uint64_t *out, size_t n)
{
    return parse_list(s, out, n) == (long)n ? 0 : -1;
}

char *hist_counts_text(const struct hist *h)
{
    size_t cap = h->n * 21 + 1, len = 0;
    char *s = xmalloc(cap);
    s[0] = '\0';
    for (size_t i = 0; i < h->n; i++)
        len += (size_t)snprintf(s + len, cap - len, "%s%llu", i ? "," : "",
                                (unsigned long long)h->count[i]);
    return s;
}

/* The bucket of value V in H (the last one holds everything above), or -1 below lo. */
static long bucket_of(const struct hist *h, uint64_t v)
{
    if (v < h->lo)
        return -1;
    uint64_t b = (v - h->lo) / h->width;
    return b >= h->n ? (long)h->n - 1 : (long)b;
}

/* H describes M's samples: its first and last non-empty buckets are those of
 * M's min and max (a histogram of other samples, another run's, is not). */
static int matches(const struct hist *h, const struct metric *m)
{
    long bmin = bucket_of(h, m->min), bmax = bucket_of(h, m->max);
    if (bmin < 0 || !h->count[bmin] || !h->count[bmax])
        return 0;
    for (size_t i = 0; i < h->n; i++)
        if (h->count[i] && ((long)i < bmin || (long)i > bmax))
            return 0;
    return 1;
}

/* The buckets of M's histogram are all in: its counts must add up to its
 * samples and lie between its min and max. */
static int whole(struct metric *m, const char **why)
{
    uint64_t sum = 0;
    int wrapped = 0; /* counts adding up past 2^64 must not pass for n */
    for (size_t i = 0; i < m->hist->n; i++) {
        wrapped |= m->hist->count[i] > UINT64_MAX - sum;
        sum += m->hist->count[i];
    }
    free(m->hist->got);
    m->hist->got = NULL;
    *why = wrapped || sum != m->n
               ? "its counts do not add up to the result's samples: histogram dropped"
           : !matches(m->hist, m) ? "its buckets are not those of the result's min and max "
                                    "(another run's?): histogram dropped"
                                  : NULL;
    if (*why) {
        metric_hist_free(m);
        return -1;
    }
    return 1;
}

int hist_add(struct metric *m, uint64_t lo, uint64_t width, uint64_t first, const char *counts,
             const char **why)
{
    struct hist *h = m->hist;
    if (width == 0 || first >= m->hist_want) {
        *why = width == 0 ? "bucket width 0" : "buckets beyond those its result announced";
        return -1;
    }
    if (h && (!h->got || h->lo != lo || h->width != width)) {
        *why = "a second histogram for one result (duplicate record?)";
        return -1;
    }
    uint64_t *c = xcalloc(m->hist_want, sizeof *c);
    long k = parse_list(counts, c, m->hist_want - (size_t)first);
    *why = k < 0 ? "bad counts, or more buckets than its result announced" : NULL;
    for (long i = 0; !*why && h && i < k; i++)
        if (h->got[first + (uint64_t)i])
            *why = "buckets already received (duplicate record?)";
    if (*why) {
        free(c);
        return -1;
    }
    if (!h) {
        h = metric_hist_new(m, lo, width, m->hist_want);
        h->got = xcalloc(h->n, 1);
    }
    for (long i = 0; i < k; i++) {
        h->count[first + (uint64_t)i] = c[i];
        h->got[first + (uint64_t)i] = 1;
    }
    free(c);
    for (size_t i = 0; i < h->n; i++)
        if (!h->got[i])
            return 0;
    return whole(m, why);
}

char *hist_missing(const struct run *r)
{
    for (size_t i = 0; i < r->n_m; i++) {
        const struct metric *m = &r->m[i];
        if (m->hist_want == 0 || metric_hist_complete(m))
            continue;
        size_t got = 0;
        for (size_t b = 0; m->hist && m->hist->got && b < m->hist->n; b++)
            got += m->hist->got[b];
        return xasprintf("histogram of %s: %zu of %zu buckets received", m->id, got, m->hist_want);
    }
    return NULL;
}
