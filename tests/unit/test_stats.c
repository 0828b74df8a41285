/*
 * Unit tests of suite/core/stats.c: sorting, nearest-rank percentiles,
 * mean and population sd (exact integer arithmetic), wrap-safe deltas,
 * overhead subtraction and unit scaling.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rtb/stats.h"

#define N_MAX 100000u
static uint32_t buf[N_MAX];

/* Deterministic pseudo-random numbers (xorshift32). */
static uint32_t rng_state = 2463534242u;
static uint32_t rng(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

static void stats_of(const uint32_t *v, uint32_t n, struct rtb_stats *st)
{
    memcpy(buf, v, n * sizeof v[0]);
    rtb_stats_compute(buf, n, st);
}

static void test_percentiles(void)
{
    uint32_t v[1000], i;
    struct rtb_stats st;

    /* ascending 1..1000: nearest rank of p is exactly p*n/1000 */
    for (i = 0; i < 1000; i++)
        v[i] = i + 1;
    stats_of(v, 1000, &st);
    CHECK_EQ(st.p50, 500);
    CHECK_EQ(st.p90, 900);
    CHECK_EQ(st.p99, 990);
    CHECK_EQ(st.p999, 999);
    CHECK_EQ(st.min, 1);
    CHECK_EQ(st.max, 1000);
    CHECK_EQ(st.mean_milli, 500500);
    /* sd of 1..n = sqrt((n^2-1)/12) = 288.674990... */
    CHECK_EQ(st.sd_milli, 288675);
    CHECK_EQ(rtb_percentile(buf, 1000, 1), 1);
    CHECK_EQ(rtb_percentile(buf, 1000, 1000), 1000);

    /* descending: same answers after the sort */
    for (i = 0; i < 1000; i++)
        v[i] = 1000 - i;
    stats_of(v, 1000, &st);
    CHECKF(st.p50 == 500 && st.p90 == 900 && st.p99 == 990 && st.p999 == 999 && st.min == 1 &&
               st.max == 1000 && st.mean_milli == 500500 && st.sd_milli == 288675,
           "descending 1000..1 gives the same statistics");
    for (i = 1; i < 1000; i++)
        if (buf[i - 1] > buf[i])
            break;
    CHECKF(i == 1000, "descending input sorted ascending in place");

    /* shuffled (Fisher-Yates with a fixed seed) */
    for (i = 0; i < 1000; i++)
        v[i] = i + 1;
    for (i = 999; i > 0; i--) {
        uint32_t j = rng() % (i + 1), t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
    stats_of(v, 1000, &st);
    CHECKF(st.p50 == 500 && st.p90 == 900 && st.p99 == 990 && st.p999 == 999 &&
               st.mean_milli == 500500 && st.sd_milli == 288675,
           "shuffled 1..1000 gives the same statistics");

    /* skewed: 990 x 10 and 10 x 1000 (the outliers must not move p50..p99) */
    for (i = 0; i < 1000; i++)
        v[i] = i % 100 == 7 ? 1000 : 10;
    stats_of(v, 1000, &st);
    CHECK_EQ(st.p50, 10);
    CHECK_EQ(st.p90, 10);
    CHECK_EQ(st.p99, 10);
    CHECK_EQ(st.p999, 1000);
    CHECK_EQ(st.max, 1000);
    /* mean = (9900 + 10000) / 1000 = 19.9 ; var = 0.99*0.01*990^2 = 9702.99,
     * sd = 98.503756... */
    CHECK_EQ(st.mean_milli, 19900);
    CHECK_EQ(st.sd_milli, 98504);

    /* constant */
    for (i = 0; i < 1000; i++)
        v[i] = 4242;
    stats_of(v, 1000, &st);
    CHECKF(st.min == 4242 && st.max == 4242 && st.p50 == 4242 && st.p999 == 4242 &&
               st.mean_milli == 4242000 && st.sd_milli == 0,
           "constant 4242: all percentiles 4242, mean 4242.000, sd 0");

    /* n = 1 */
    v[0] = 77;
    stats_of(v, 1, &st);
    CHECKF(st.n == 1 && st.min == 77 && st.max == 77 && st.p50 == 77 && st.p90 == 77 &&
               st.p99 == 77 && st.p999 == 77 && st.mean_milli == 77000 && st.sd_milli == 0,
           "n=1: every statistic is the sample, sd 0");

    /* n = 2: nearest rank p50 = the lower one, p90.. = the upper one */
    v[0] = 30;
    v[1] = 10;
    stats_of(v, 2, &st);
    CHECKF(st.p50 == 10 && st.p90 == 30 && st.p99 == 30 && st.p999 == 30, "n=2: p50=10 p90=30");
    CHECK_EQ(st.mean_milli, 20000);
    CHECK_EQ(st.sd_milli, 10000);

    /* textbook: 2 4 4 4 5 5 7 9 -> mean 5, sd 2 */
    {
        static const uint32_t t[8] = {2, 4, 4, 4, 5, 5, 7, 9};
        stats_of(t, 8, &st);
        CHECKF(st.mean_milli == 5000 && st.sd_milli == 2000,
               "2 4 4 4 5 5 7 9: mean 5.000 sd 2.000 (got %llu %llu)",
               (unsigned long long)st.mean_milli, (unsigned long long)st.sd_milli);
        CHECK_EQ(st.p50, 4);
    }
    /* rounding: 1 2 -> mean 1.5, sd 0.5 ; 1 1 2 -> mean 1.333, sd 0.471 */
    {
        static const uint32_t a[3] = {1, 1, 2};
        stats_of(a, 3, &st);
        CHECKF(st.mean_milli == 1333 && st.sd_milli == 471,
               "1 1 2: mean 1.333 sd 0.471 (got %llu %llu)", (unsigned long long)st.mean_milli,
               (unsigned long long)st.sd_milli);
        static const uint32_t b[3] = {1, 2, 2};
        stats_of(b, 3, &st);
        CHECK_EQ(st.mean_milli, 1667);
    }
    stats_of(v, 0, &st);
    CHECKF(st.n == 0 && st.max == 0 && st.mean_milli == 0, "n=0 gives zeros");
}

/* Extremes: no overflow with UINT32_MAX samples and n up to 2^20. */
static void test_extremes(void)
{
    struct rtb_stats st;
    uint32_t i;
    static uint32_t big[1u << 20];

    for (i = 0; i < (1u << 20); i++)
        big[i] = UINT32_MAX;
    rtb_stats_compute(big, 1u << 20, &st);
    CHECKF(st.mean_milli == (uint64_t)UINT32_MAX * 1000 && st.sd_milli == 0,
           "2^20 samples of UINT32_MAX: mean exact, sd 0");

    for (i = 0; i < (1u << 20); i++)
        big[i] = (i & 1) ? UINT32_MAX : 0;
    rtb_stats_compute(big, 1u << 20, &st);
    /* half 0, half M: mean M/2, sd M/2, M = 4294967295 */
    CHECK_EQ(st.mean_milli, 2147483647500ull);
    CHECK_EQ(st.sd_milli, 2147483647500ull);
    CHECKF(st.p50 == 0 && st.p90 == UINT32_MAX, "0/UINT32_MAX: p50 0, p90 UINT32_MAX");
}

/* Random data sets against long double reference values. */
static void test_random_vs_float(void)
{
    unsigned round, bad = 0;
    for (round = 0; round < 200; round++) {
        uint32_t n = 1 + rng() % 5000, i, shift = rng() % 32;
        long double sum = 0, mean, ss = 0, sd;
        struct rtb_stats st;
        for (i = 0; i < n; i++) {
            buf[i] = rng() >> shift;
            sum += buf[i];
        }
        mean = sum / n;
        for (i = 0; i < n; i++)
            ss += (buf[i] - mean) * (buf[i] - mean);
        sd = sqrtl(ss / n);
        rtb_stats_compute(buf, n, &st);
        /* the integer results are exact to the rounding: allow 1 milli for the
         * long double reference's own error */
        if (fabsl((long double)st.mean_milli - mean * 1000) > 0.5L + mean * 1e-15L ||
            fabsl((long double)st.sd_milli - sd * 1000) > 0.5L + sd * 1e-12L)
            bad++;
    }
    CHECKF(bad == 0, "200 random data sets: mean and sd within rounding of long double (%u off)",
           bad);
}

static void test_delta(void)
{
    /* 16-bit counter: 0xfff0 -> 0x0010 is 0x20 ticks */
    CHECK_EQ(rtb_delta(0xfff0, 0x0010, 16), 0x20);
    CHECK_EQ(rtb_delta(0x1234, 0x1300, 16), 0xcc);
    /* a port may hand back stray high bits: they are ignored */
    CHECK_EQ(rtb_delta(0xabcdfff0, 0x12340010, 16), 0x20);
    CHECK_EQ(rtb_delta(0xfffffe, 0x000005, 24), 7);
    CHECK_EQ(rtb_delta(0x100, 0x200, 24), 0x100);
    CHECK_EQ(rtb_delta(0xffffff00u, 0x00000100u, 32), 0x200);
    CHECK_EQ(rtb_delta(1000, 1500, 32), 500);
    CHECK_EQ(rtb_delta(UINT64_MAX - 9, 10, 64), 20);
    CHECK_EQ(rtb_delta(5, 7, 64), 2);
    CHECK_EQ(rtb_delta(1, 0, 1), 1);
    CHECK_EQ(rtb_delta(0, 0x1234, 63), 0x1234);
    CHECK_EQ(rtb_delta(77, 77, 32), 0);
}

static void test_overhead(void)
{
    uint32_t clamped = 0, saturated = 0;
    CHECK_EQ(rtb_sub_overhead(100, 30, &clamped, &saturated), 70);
    CHECKF(clamped == 0 && saturated == 0, "nothing counted for a normal sample");
    CHECK_EQ(rtb_sub_overhead(20, 30, &clamped, &saturated), 0);
    CHECK_EQ(clamped, 1);
    CHECK_EQ(rtb_sub_overhead(0, UINT64_MAX, &clamped, &saturated), 0);
    CHECK_EQ(clamped, 2);
    CHECK_EQ(rtb_sub_overhead(30, 30, &clamped, &saturated), 0);
    CHECK_EQ(clamped, 2);
    CHECK_EQ(rtb_sub_overhead((uint64_t)1 << 40, 5, &clamped, &saturated), UINT32_MAX);
    CHECK_EQ(saturated, 1);
    CHECK_EQ(rtb_sub_overhead((uint64_t)UINT32_MAX + 5, 5, &clamped, &saturated), UINT32_MAX);
    CHECK_EQ(saturated, 1);
    CHECK_EQ(rtb_sub_overhead(10, 20, NULL, NULL), 0);
    /* the Zephyr underflow: a 16-bit wrap read naively would be 2^32 - small */
    CHECKF(rtb_sub_overhead(rtb_delta(0xfffe, 0x0001, 16), 5, NULL, NULL) == 0,
           "3-tick window minus 5-tick overhead is 0, never 2^32-2");
}

static void test_scale(void)
{
    CHECK_EQ(rtb_scale(1000, 1, 1), 1000);
    CHECK_EQ(rtb_scale(10, 10, 26), 4);
    CHECK_EQ(rtb_scale(13, 1, 26), 1);
    CHECK_EQ(rtb_scale(12, 1, 26), 0);
    CHECK_EQ(rtb_scale(((uint64_t)1 << 40) - 1, (1u << 24) - 1, (1u << 24) - 3),
             (uint64_t)((((unsigned __int128)(((uint64_t)1 << 40) - 1)) * ((1u << 24) - 1) +
                         ((1u << 24) - 3) / 2) /
                        ((1u << 24) - 3)));
    CHECK_EQ(rtb_scale(UINT64_MAX, 1000000000u, 2600000000u),
             (uint64_t)(((unsigned __int128)UINT64_MAX * 1000000000u + 1300000000u) / 2600000000u));
    CHECK_EQ(rtb_scale(UINT64_MAX, 3, 1), UINT64_MAX);
    CHECK_EQ(rtb_scale(5, 1, 0), 0);
    CHECK_EQ(rtb_scale(0, 7, 3), 0);
}

static void test_sort(void)
{
    uint32_t i, n, bad = 0;
    for (n = 0; n < 300; n += 7) {
        for (i = 0; i < n; i++)
            buf[i] = rng() % 50;
        rtb_sort_u32(buf, n);
        for (i = 1; i < n; i++)
            if (buf[i - 1] > buf[i])
                bad++;
    }
    CHECKF(bad == 0, "heapsort sorts 43 random arrays with duplicates (%u inversions)", bad);
}

int main(void)
{
    test_percentiles();
    test_extremes();
    test_random_vs_float();
    test_sort();
    test_delta();
    test_overhead();
    test_scale();
    return check_summary(NULL);
}
