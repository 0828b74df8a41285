/*
 * rtbench - what the runner's three files share, private to suite/core:
 * runner.c (the run: selection, calibration, each benchmark), bench_ctx.c
 * (the calls a benchmark makes on its context: samples, n/a, stacks, ...)
 * and report.c (the human lines and the records, from one static buffer).
 */
#ifndef RTB_RUNNER_INTERNAL_H
#define RTB_RUNNER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb/timer.h"

/* A benchmark's context: what the calls of rtb/bench.h fill in. */
struct rtb_ctx {
    uint32_t loops;      /* warm-up + measured */
    uint32_t warmup;     /* first samples to discard */
    uint32_t seen;       /* rtb_sample() calls so far */
    uint32_t n;          /* samples kept */
    uint32_t *samples;   /* RTB_CONFIG_MAX_SAMPLES entries */
    uint32_t cap;        /* measured iterations wanted (<= RTB_CONFIG_MAX_SAMPLES) */
    uint64_t overhead;   /* ticks */
    unsigned bits;       /* counter width */
    uint32_t clamped;    /* samples below the overhead */
    uint32_t saturated;  /* samples above 2^32-1 ticks */
    const char *na_why;  /* set by rtb_na() */
    const char *check;   /* set by rtb_fail(): the check that failed */
    const char *unit;    /* rtb_set_unit(): samples are values in this unit; NULL = timed windows */
    unsigned unit_flags; /* RTB_BETTER_HIGHER */
    const char *id_suffix; /* rtb_set_id_suffix(): appended to the catalog id, or NULL */
    unsigned n_extras;     /* rtb_extra() pairs kept */
    const char *extra_key[RTB_MAX_EXTRAS];
    uint64_t extra_value[RTB_MAX_EXTRAS];
    unsigned hist_buckets;  /* rtb_histogram(): 0 = none */
    uint32_t hist_width;    /* 0 = from the data */
    uint64_t mean_ns_milli; /* set by report_result (for RTB_KEEP_MEAN) */
};

/* ---- bench_ctx.c ----------------------------------------------------------- */

/* A fresh context for one benchmark: `iters` samples kept after `warmup`. */
void rtb_ctx_init(struct rtb_ctx *ctx, uint32_t iters, uint32_t warmup, uint64_t overhead,
                  unsigned bits);
/* The pattern at the low end of every helper stack: set before a benchmark,
 * 1 if still whole after it (no helper thread overflowed its stack). */
void rtb_stack_guard_set(void);
int rtb_stack_guard_ok(void);
/* The means kept for later benchmarks of the run (RTB_KEEP_MEAN). */
void rtb_kept_clear(void);
void rtb_kept_add(const char *id, uint64_t ns_milli);

/* ---- samples.c ------------------------------------------------------------- */

/* One S record's chunk of the ascending samples sorted[from..n-1] encoded
 * into out (cap bytes, NUL included; cap > 8): as many as fit. Returns the
 * index of the first sample not taken. */
uint32_t rtb_samples_chunk(char *out, size_t cap, const uint32_t *sorted, uint32_t from,
                           uint32_t n);

/* ---- report.c -------------------------------------------------------------- */

/* The id a result is reported under: the catalog's, with the point's suffix. */
const char *rtb_result_id(const struct rtb_bench_def *b, const struct rtb_ctx *ctx);
/* One console line: a, b and c (each may be NULL) and a newline. */
void rtb_out_line(const char *a, const char *b, const char *c);
/* The catalog entries `filter` selects, one line each (--list). */
void rtb_out_list(const char *filter);
/* The banner and the H record of a run; 0, or RTB_ERR_OVERFLOW when the
 * header did not fit the line buffer (no record of the run is usable then).
 * samples: every result's samples follow it in S records (samples=1). */
int rtb_out_header(const struct rtb_port_info *pi, const struct rtb_timer_desc *td,
                   uint64_t overhead, uint32_t iters, uint32_t warmup, const char *filter,
                   uint32_t count, const char *params, int samples);
/* The N, F and R (+ G) records of result number `seq`, each after its human
 * line; 1 if every record was written. */
unsigned rtb_out_na(const struct rtb_bench_def *b, const char *id, const char *why, uint32_t seq);
unsigned rtb_out_failed(const struct rtb_bench_def *b, const char *id, int err, int native,
                        const char *check, uint32_t seq);
unsigned rtb_out_result(const struct rtb_bench_def *b, struct rtb_ctx *ctx,
                        const struct rtb_timer_desc *td, int nosched, uint32_t seq);
/* The E record. */
void rtb_out_end(uint32_t records, int status);
/* The F record of a benchmark that faulted, from the fault handler: its own
 * buffer (the fault may have hit while the line buffer was in use). */
int rtb_out_fault(const struct rtb_bench_def *b, const struct rtb_ctx *ctx, uint32_t seq,
                  const char *kind, unsigned n, const char *const *keys, const uint32_t *values);

#endif /* RTB_RUNNER_INTERNAL_H */
