/*
 * rtbench host - the figures of one line of a log, as the importers of
 * column output read them (import/cyclictest_hist.c, import/rtla_timerlat.c,
 * import/osperf.c, import/rtos_benchmark.c, import/rtosbench.c),
 * the percentiles and sd of a histogram column they print, a metric of
 * only a mean, min and max, and the rows that reached a counter's wrap.
 */
#ifndef RTBH_FIGURES_H
#define RTBH_FIGURES_H

#include <stddef.h>
#include <stdint.h>

#include "import/importer.h"
#include "run.h"

/* "-" in a column: a figure the tool did not have (FIGURES_DASH). */
#define FIGURE_NONE UINT64_MAX
#define FIGURES_DASH 1

/* Up to MAX decimals separated by blanks (spaces, tabs, CRs) from P to END
 * into V (with FIGURES_DASH in FLAGS, a lone "-" is FIGURE_NONE); their
 * count, or -1 if anything else is there, there are more, or one is over
 * 10^15. */
long figures_read(const char *p, const char *end, uint64_t *v, size_t max, int flags);

/* One decimal at *P after spaces and tabs (bounded by END) into *OUT, *P moved
 * past it: 0, or -1 (no digit there, or over 10^15). */
int figures_take(const char **p, const char *end, uint64_t *out);

/* M holds only what the tool printed (mean, min and max, in ns): flagged
 * mean-only, with min_ns and max_ns as extras (from m->min and m->max). */
void figures_mean_only(struct metric *m);
/* The same for figures in UNIT (not ns): the extras min_<UNIT> and max_<UNIT>
 * (import/rtosbench.c: "count"). */
void figures_mean_only_in(struct metric *m, const char *unit);

/* --counter BITS@HZ (import_options counter_bits, counter_hz; nothing when
 * not given): R's header `counter` (BITS@HZ) and `wrap`, one period of the
 * counter (2^BITS ticks of UNIT_PER_TICK units of the run each), and every
 * measured row of R whose max is at or above 63/64 of it flagged underflow,
 * the reason in its extra `wrap` (an up-counter's wrap adds one period to a
 * window, a down-counter's reads one period minus it; the counter cannot
 * time a window that long either way). */
void figures_counter_wrap(struct run *r, const struct import_options *o, double unit_per_tick);

/* One column of a histogram: bucket b (of N) holds COUNT[b * STRIDE] samples
 * of the value VALUE[b] (VALUE NULL: b), in units of UNIT_NS ns. */
struct buckets {
    const uint64_t *count;
    size_t stride, n;
    const uint64_t *value;
    double unit_ns;
};

/* The samples the buckets hold; *LO and *HI the lowest and highest value
 * (in units) of a bucket that holds one (FIGURE_NONE and 0 when none does). */
uint64_t buckets_span(const struct buckets *b, uint64_t *lo, uint64_t *hi);

/* Into M, from buckets holding TOTAL > 0 samples: the nearest-rank p50, p90,
 * p99 and p99.9 (the value of the bucket the rank falls in, in ns: an empty
 * bucket never is one) and has_pct; the sd about MEAN_NS, or about the
 * buckets' own mean when MEAN_NS is NAN. */
void buckets_stats(const struct buckets *b, uint64_t total, double mean_ns, struct metric *m);

#endif /* RTBH_FIGURES_H */
