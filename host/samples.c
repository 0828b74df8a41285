/*
 * rtbench host - the samples of a result (samples.h): S records decoded
 * and checked; the same encoding stored in the database.
 *
 * Each chunk's first value is whole, every next one the difference from
 * the one before, in groups of 5 bits, least significant first, one
 * character each of ALPHABET; a character of its upper half has more
 * groups after it.
 */
#include "samples.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static int letter(char c)
{
    const char *at = c ? strchr(alphabet, c) : NULL;
    return at ? (int)(at - alphabet) : -1;
}

static void push(struct samples *s, uint64_t v)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = v;
}

/* TEXT's values appended to S, the first whole; at most LIMIT in all. */
static int decode(struct samples *s, const char *text, uint64_t limit, const char **why)
{
    uint64_t prev = 0, group = 0;
    unsigned shift = 0;
    size_t start = s->n;
    *why = NULL;
    if (!*text)
        *why = "an empty chunk";
    for (const char *c = text; *c && !*why; c++) {
        int l = letter(*c);
        if (l < 0 || shift > 60) {
            *why = "a character outside the encoding, or a value beyond 64 bits";
            break;
        }
        group |= (uint64_t)(l & 31) << shift;
        shift += 5;
        if (l >= 32)
            continue;
        uint64_t v = s->n == start ? group : prev + group;
        if (v < prev || (s->n == start && s->n > 0 && v < s->v[s->n - 1]))
            *why = "values not in ascending order";
        else if (s->n >= limit)
            *why = "more samples than the result's n";
        else
            push(s, v);
        prev = v;
        group = 0;
        shift = 0;
    }
    if (!*why && shift)
        *why = "a value cut short";
    return *why ? -1 : 0;
}

struct samples *samples_start(struct metric *m)
{
    if (m->samples)
        free(m->samples->v);
    free(m->samples);
    m->samples = xcalloc(1, sizeof *m->samples);
    m->samples->want = m->n;
    return m->samples;
}

int samples_feed(struct samples *s, const struct field *f, size_t nf, const char **why)
{
    static char msg[128];
    const char *v = record_field(f, nf, "v");
    uint64_t first;
    if (parse_u64(record_field(f, nf, "first"), &first) != 0 || !v) {
        *why = "malformed S record (missing or bad first= or v=)";
        return -1;
    }
    if (first != s->n) {
        snprintf(msg, sizeof msg,
                 "the chunk from sample %llu arrived when sample %zu was next (%s)",
                 (unsigned long long)first, s->n,
                 first < s->n ? "a chunk repeated or overlapping" : "a chunk missing");
        *why = msg;
        return -1;
    }
    return decode(s, v, s->want, why);
}

size_t samples_rank(size_t n, unsigned per_mille)
{
    uint64_t r = (per_mille * (uint64_t)n + 999) / 1000;
    return (size_t)(r < 1 ? 1 : r > n ? n : r) - 1;
}

static uint64_t rank(const struct samples *s, unsigned per_mille)
{
    return s->v[samples_rank(s->n, per_mille)];
}

const char *samples_close(struct metric *m)
{
    static char msg[128];
    struct samples *s = m->samples;
    if (s->n != s->want) {
        snprintf(msg, sizeof msg, "%zu of %llu samples received", s->n,
                 (unsigned long long)s->want);
        return msg;
    }
    if (s->v[0] != m->min || s->v[s->n - 1] != m->max || rank(s, 500) != m->p50 ||
        rank(s, 900) != m->p90 || rank(s, 990) != m->p99)
        return "they do not give the result's min, max and percentiles";
    s->closed = 1;
    return NULL;
}

char *samples_text(const struct samples *s)
{
    char *out = xmalloc(s->n * 13 + 1), *p = out;
    uint64_t prev = 0;
    for (size_t i = 0; i < s->n; i++) {
        uint64_t d = s->v[i] - prev;
        prev = s->v[i];
        for (; d >= 32; d >>= 5)
            *p++ = alphabet[32 + (d & 31)];
        *p++ = alphabet[d];
    }
    *p = '\0';
    return out;
}

int samples_parse(struct metric *m, const char *text, uint64_t n)
{
    struct samples *s = samples_start(m);
    const char *why;
    s->want = n;
    if (n == 0 || decode(s, text, n, &why) != 0 || s->n != n) {
        free(s->v);
        free(s);
        m->samples = NULL;
        return -1;
    }
    s->closed = 1;
    return 0;
}
