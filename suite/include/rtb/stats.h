/*
 * rtbench - statistics over one benchmark's samples, in fixed memory.
 *
 * Samples are kept in a caller-owned array of at most RTB_CONFIG_MAX_SAMPLES
 * 32-bit values (already overhead-subtracted, and converted by the runner
 * from counter ticks to the reported unit), so the percentiles are exact. All arithmetic is
 * integer: no FPU needed.
 */
#ifndef RTB_STATS_H
#define RTB_STATS_H

#include <stdint.h>

#include "rtb/timer.h"

struct rtb_stats {
    uint32_t n;
    uint32_t min, max;
    uint64_t mean_milli; /* mean x 1000, rounded */
    uint64_t sd_milli;   /* population standard deviation x 1000, rounded */
    uint32_t p50, p90, p99, p999;
};

/*
 * Percentile by the nearest-rank rule: the smallest sample such that at least
 * `per_mille`/1000 of the samples are <= it (per_mille in 1..1000).
 * `sorted` must be sorted ascending, n >= 1.
 */
uint32_t rtb_percentile(const uint32_t *sorted, uint32_t n, uint32_t per_mille);

/* Sort `v` ascending in place (heapsort: no recursion, no allocation). */
void rtb_sort_u32(uint32_t *v, uint32_t n);

/* Sort `samples` in place and fill `out`. n == 0 gives all zeros.
 * mean and sd are exact to the rounding of the last digit for any uint32
 * samples while n * (max - min) < 2^52 (e.g. any n <= 2^20); beyond that the
 * deviations are scaled down by a power of two for the sd. */
void rtb_stats_compute(uint32_t *samples, uint32_t n, struct rtb_stats *out);

/* t1 - t0 modulo 2^bits (bits 1..64): exact across one wrap of the counter. */
uint64_t rtb_delta(rtb_cycles_t t0, rtb_cycles_t t1, unsigned bits);

/* delta - overhead, clamped at 0 (never underflows), saturated at UINT32_MAX.
 * *clamped / *saturated (if non-NULL) are incremented when that happened. */
uint32_t rtb_sub_overhead(uint64_t delta, uint64_t overhead, uint32_t *clamped,
                          uint32_t *saturated);

/* x * num / den rounded to nearest, computed with a 128-bit intermediate so
 * it never overflows (in particular for x < 2^40 and num, den < 2^24); a
 * result beyond 64 bits saturates at UINT64_MAX; den == 0 gives 0. Used to
 * turn ticks into the reported unit and into ns. */
uint64_t rtb_scale(uint64_t x, uint64_t num, uint64_t den);

#endif /* RTB_STATS_H */
