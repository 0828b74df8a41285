/*
 * rtbench host - the figures of one log line (import/figures.h).
 */
#include "import/figures.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>

int figures_take(const char **p, const char *end, uint64_t *out)
{
    const char *s = *p;
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    const char *d = s;
    uint64_t v = 0;
    for (; s < end && isdigit((unsigned char)*s); s++)
        if ((v = v * 10 + (uint64_t)(*s - '0')) > 1000000000000000ull)
            return -1;
    if (s == d)
        return -1;
    *p = s;
    *out = v;
    return 0;
}

void figures_mean_only_in(struct metric *m, const char *unit)
{
    char k[32], v[32];
    m->flags = MF_MEAN_ONLY;
    snprintf(k, sizeof k, "min_%s", unit);
    snprintf(v, sizeof v, "%llu", (unsigned long long)m->min);
    metric_extra_set(m, k, v);
    snprintf(k, sizeof k, "max_%s", unit);
    snprintf(v, sizeof v, "%llu", (unsigned long long)m->max);
    metric_extra_set(m, k, v);
}

void figures_mean_only(struct metric *m)
{
    figures_mean_only_in(m, "ns");
}

void figures_counter_wrap(struct run *r, const struct import_options *o, double unit_per_tick)
{
    char counter[40], wrap[32], why[160];
    if (o->counter_bits == 0 || !(unit_per_tick > 0))
        return;
    double period = ldexp(1.0, (int)o->counter_bits) * unit_per_tick;
    snprintf(counter, sizeof counter, "%u@%.0f", o->counter_bits, o->counter_hz);
    snprintf(wrap, sizeof wrap, "%.0f", period);
    run_hdr_set(r, "counter", counter);
    run_hdr_set(r, "wrap", wrap);
    for (size_t i = 0; i < r->n_m; i++) {
        struct metric *m = &r->m[i];
        if (m->state != MS_OK || metric_is_value(m) || (double)m->max < period * (1 - 1.0 / 64))
            continue;
        m->flags |= MF_UNDERFLOW;
        snprintf(why, sizeof why, "max %llu >= 63/64 of one counter wrap (%s %s, counter %s)",
                 (unsigned long long)m->max, wrap, r->unit ? r->unit : "units", counter);
        metric_extra_set(m, "wrap", why);
    }
}

long figures_read(const char *p, const char *end, uint64_t *v, size_t max, int flags)
{
    size_t n = 0;
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        if (p == end)
            return (long)n;
        if (n == max)
            return -1;
        if ((flags & FIGURES_DASH) && *p == '-' &&
            (p + 1 == end || p[1] == ' ' || p[1] == '\t' || p[1] == '\r')) {
            v[n++] = FIGURE_NONE;
            p++;
            continue;
        }
        if (!isdigit((unsigned char)*p))
            return -1;
        uint64_t x = 0;
        for (; p < end && isdigit((unsigned char)*p); p++)
            if ((x = x * 10 + (uint64_t)(*p - '0')) > 1000000000000000ull)
                return -1;
        v[n++] = x;
    }
}

/* The value of bucket I, in units. */
static uint64_t value_of(const struct buckets *b, size_t i)
{
    return b->value ? b->value[i] : (uint64_t)i;
}

uint64_t buckets_span(const struct buckets *b, uint64_t *lo, uint64_t *hi)
{
    uint64_t total = 0;
    *lo = FIGURE_NONE;
    *hi = 0;
    for (size_t i = 0; i < b->n; i++)
        if (b->count[i * b->stride]) {
            total += b->count[i * b->stride];
            *lo = *lo == FIGURE_NONE ? value_of(b, i) : *lo;
            *hi = value_of(b, i);
        }
    return total;
}

void buckets_stats(const struct buckets *b, uint64_t total, double mean_ns, struct metric *m)
{
    double f = b->unit_ns, mean = mean_ns, sq = 0;
    if (isnan(mean)) {
        mean = 0;
        for (size_t i = 0; i < b->n; i++)
            mean += (double)b->count[i * b->stride] * (double)value_of(b, i) * f;
        mean /= (double)total;
    }
    uint64_t *pct[4] = {&m->p50, &m->p90, &m->p99, &m->p999}, seen = 0;
    const uint64_t per_mille[4] = {500, 900, 990, 999};
    size_t next = 0;
    for (size_t i = 0; i < b->n; i++) {
        uint64_t k = b->count[i * b->stride];
        double d = (double)value_of(b, i) * f - mean;
        sq += (double)k * d * d;
        seen += k;
        while (next < 4 && k && seen * 1000 >= per_mille[next] * total)
            *pct[next++] = (uint64_t)((double)value_of(b, i) * f);
    }
    m->has_pct = 1;
    m->sd = sqrt(sq / (double)total);
}
