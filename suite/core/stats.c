/*
 * rtbench - statistics in fixed memory and integer arithmetic (rtb/stats.h).
 *
 * No FPU, no 128-bit compiler type: the few places that need more than 64
 * bits use the small two-limb helpers below, so every result is exact (or
 * rounded to nearest where documented) for any 32-bit sample values.
 */
#include "rtb/stats.h"

/* ---- 128-bit helpers ---------------------------------------------------- */

struct u128 {
    uint64_t hi, lo;
};

static struct u128 u128_add(struct u128 a, struct u128 b)
{
    struct u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}

static struct u128 u128_sub(struct u128 a, struct u128 b) /* a >= b */
{
    struct u128 r;
    r.lo = a.lo - b.lo;
    r.hi = a.hi - b.hi - (a.lo < b.lo);
    return r;
}

static int u128_ge(struct u128 a, struct u128 b)
{
    return a.hi != b.hi ? a.hi > b.hi : a.lo >= b.lo;
}

static struct u128 u128_from(uint64_t v)
{
    struct u128 r;
    r.hi = 0;
    r.lo = v;
    return r;
}

/* Full 64 x 64 -> 128 product from 32-bit halves. */
static struct u128 u128_mul64(uint64_t a, uint64_t b)
{
    uint64_t al = a & 0xffffffffu, ah = a >> 32;
    uint64_t bl = b & 0xffffffffu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    struct u128 r;
    r.lo = (mid << 32) | (ll & 0xffffffffu);
    r.hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    return r;
}

/* a * m, the caller guarantees that the product fits in 128 bits. */
static struct u128 u128_mul_small(struct u128 a, uint64_t m)
{
    struct u128 r = u128_mul64(a.lo, m);
    r.hi += a.hi * m;
    return r;
}

static struct u128 u128_shr(struct u128 a, unsigned s) /* 0 < s < 64 */
{
    struct u128 r;
    r.lo = (a.lo >> s) | (a.hi << (64 - s));
    r.hi = a.hi >> s;
    return r;
}

/* floor(a / d) for d > 0, saturated at UINT64_MAX (restoring division). */
static uint64_t u128_div64(struct u128 a, uint64_t d)
{
    struct u128 rem = u128_from(0);
    uint64_t q = 0;
    int i;
    if (a.hi >= d)
        return UINT64_MAX; /* quotient does not fit in 64 bits */
    /* a.hi < d: only the low 64 quotient bits can be set. Start with
     * rem = a.hi and bring down the bits of a.lo one at a time. */
    rem.lo = a.hi;
    for (i = 63; i >= 0; i--) {
        /* rem = rem * 2 + bit; rem < 2d < 2^65 */
        rem.hi = (rem.hi << 1) | (rem.lo >> 63);
        rem.lo = (rem.lo << 1) | ((a.lo >> i) & 1u);
        if (rem.hi != 0 || rem.lo >= d) {
            rem = u128_sub(rem, u128_from(d));
            q |= (uint64_t)1 << i;
        }
    }
    return q;
}

/* floor(sqrt(a)), bit by bit. */
static uint64_t u128_isqrt(struct u128 a)
{
    struct u128 res = u128_from(0);
    struct u128 bit;
    bit.hi = (uint64_t)1 << 62; /* 4^63 */
    bit.lo = 0;
    while (!u128_ge(a, bit) && (bit.hi | bit.lo) != 0) {
        bit = u128_shr(bit, 2);
    }
    while ((bit.hi | bit.lo) != 0) {
        struct u128 t = u128_add(res, bit);
        if (u128_ge(a, t)) {
            a = u128_sub(a, t);
            res = u128_add(u128_shr(res, 1), bit);
        } else {
            res = u128_shr(res, 1);
        }
        bit = u128_shr(bit, 2);
    }
    return res.lo;
}

/* ---- sorting and percentiles ------------------------------------------- */

static void sift_down(uint32_t *v, uint32_t root, uint32_t n)
{
    for (;;) {
        uint32_t child = 2 * root + 1;
        uint32_t tmp;
        if (child >= n)
            return;
        if (child + 1 < n && v[child + 1] > v[child])
            child++;
        if (v[root] >= v[child])
            return;
        tmp = v[root];
        v[root] = v[child];
        v[child] = tmp;
        root = child;
    }
}

void rtb_sort_u32(uint32_t *v, uint32_t n)
{
    uint32_t i, tmp;
    if (n < 2)
        return;
    for (i = n / 2; i-- > 0;)
        sift_down(v, i, n);
    for (i = n - 1; i > 0; i--) {
        tmp = v[0];
        v[0] = v[i];
        v[i] = tmp;
        sift_down(v, 0, i);
    }
}

uint32_t rtb_percentile(const uint32_t *sorted, uint32_t n, uint32_t per_mille)
{
    uint64_t rank;
    if (n == 0)
        return 0;
    if (per_mille > 1000)
        per_mille = 1000;
    /* smallest rank r (1-based) with r / n >= per_mille / 1000 */
    rank = ((uint64_t)per_mille * n + 999) / 1000;
    if (rank < 1)
        rank = 1;
    return sorted[rank - 1];
}

/* ---- summary statistics ------------------------------------------------- */

void rtb_stats_compute(uint32_t *samples, uint32_t n, struct rtb_stats *out)
{
    uint64_t sum = 0, sumd = 0, q, r, range;
    struct u128 sumsq = u128_from(0), var_n2, w;
    uint32_t i, min;
    unsigned shift = 0;

    out->n = n;
    out->min = out->max = 0;
    out->mean_milli = out->sd_milli = 0;
    out->p50 = out->p90 = out->p99 = out->p999 = 0;
    if (n == 0 || samples == 0)
        return;

    rtb_sort_u32(samples, n);
    min = samples[0];
    out->min = min;
    out->max = samples[n - 1];
    out->p50 = rtb_percentile(samples, n, 500);
    out->p90 = rtb_percentile(samples, n, 900);
    out->p99 = rtb_percentile(samples, n, 990);
    out->p999 = rtb_percentile(samples, n, 999);

    /* Mean x 1000 rounded: sum < 2^64 for any n < 2^32; split the division
     * so that nothing is multiplied beyond 64 bits. */
    for (i = 0; i < n; i++)
        sum += samples[i];
    q = sum / n;
    r = sum % n;
    out->mean_milli = q * 1000u + (r * 1000u + n / 2) / n;

    /* Population variance from deviations d = x - min (same variance):
     * n^2 * var = n * sum(d^2) - (sum d)^2, in 128 bits. Exact as long as
     * n * range < 2^52 (always so for n <= 2^20); beyond that d is scaled
     * down by a shift (and the result scaled back up). */
    range = (uint64_t)out->max - min;
    while (((uint64_t)n * (range >> shift)) >> 52)
        shift++;
    for (i = 0; i < n; i++) {
        uint64_t d = (uint64_t)(samples[i] - min) >> shift;
        sumd += d;
        sumsq = u128_add(sumsq, u128_mul64(d, d));
    }
    var_n2 = u128_sub(u128_mul_small(sumsq, n), u128_mul64(sumd, sumd));
    /* sd x 1000 = sqrt(var_n2 * 10^6) / n, rounded to nearest:
     * floor(x / n + 1/2) = floor((floor(2x) + n) / (2n)) with x = sqrt(W),
     * floor(2x) = isqrt(4W). var_n2 < 2^102, so 4W < 2^124. */
    w = u128_mul_small(var_n2, 4000000u);
    out->sd_milli = ((u128_isqrt(w) + n) / (2u * (uint64_t)n)) << shift;
}

/* ---- counter arithmetic ------------------------------------------------- */

uint64_t rtb_delta(rtb_cycles_t t0, rtb_cycles_t t1, unsigned bits)
{
    uint64_t mask = (bits == 0 || bits >= 64) ? UINT64_MAX : (((uint64_t)1 << bits) - 1u);
    return (uint64_t)(t1 - t0) & mask;
}

uint32_t rtb_sub_overhead(uint64_t delta, uint64_t overhead, uint32_t *clamped, uint32_t *saturated)
{
    uint64_t d;
    if (delta < overhead) {
        if (clamped)
            (*clamped)++;
        return 0;
    }
    d = delta - overhead;
    if (d > UINT32_MAX) {
        if (saturated)
            (*saturated)++;
        return UINT32_MAX;
    }
    return (uint32_t)d;
}

uint64_t rtb_scale(uint64_t x, uint64_t num, uint64_t den)
{
    struct u128 p;
    if (den == 0)
        return 0;
    p = u128_add(u128_mul64(x, num), u128_from(den / 2));
    return u128_div64(p, den);
}
