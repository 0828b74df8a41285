/*
 * rtbench - what a benchmark sees: the catalog entry, the run context, and
 * the calls to record samples.
 *
 * A benchmark is one function `int fn(struct rtb_ctx *ctx)`. It sets up its
 * objects and threads, runs rtb_loops(ctx) iterations (warm-up included) and
 * for each one takes two timestamps with rtb_now() around exactly the code
 * it measures and hands them to rtb_sample(). Nothing may be formatted or
 * printed between two timestamps. It tears down what it created and returns
 * 0, a negative rtb_err from the port (propagated as is), or rtb_na(ctx, why)
 * when the kernel lacks what it measures.
 *
 * Timestamps can be taken in different threads (t0 before a switch, t1 after
 * it): keep them in `volatile rtb_cycles_t` variables shared by both.
 */
#ifndef RTB_BENCH_H
#define RTB_BENCH_H

#include <stdint.h>

#include "rtb/config.h"
#include "rtb/port.h"
#include "rtb/timer.h"

struct rtb_ctx;
typedef int (*rtb_bench_fn)(struct rtb_ctx *ctx);

/* A capability as a bit of rtb_bench_def.caps. */
#define RTB_NEED(cap) (1ul << (cap))

/* Flags of a catalog entry. */
#define RTB_NEEDS_RT 0x1u /* meaningful only under strict priority scheduling */
/* The runner keeps this benchmark's mean (in ns) for a later benchmark of the
 * same run that is computed from it (rtb_kept_mean_ns_milli): Rhealstone's
 * composite. At most RTB_KEPT_MAX entries carry it. */
#define RTB_KEEP_MEAN 0x2u
#define RTB_KEPT_MAX 8u

struct rtb_bench_def {
    const char *id;     /* Zephyr latency_measure id where one exists */
    const char *desc;   /* latency_measure's description, <= 50 chars */
    const char *family; /* "thread", "sem", ... (the file it lives in) */
    uint32_t caps;      /* RTB_NEED(cap) | ... : every capability it uses; one missing -> n/a */
    unsigned flags;
    rtb_bench_fn fn;
};

/* The catalog, in report order (suite/core/catalog.def). */
extern const struct rtb_bench_def rtb_catalog[];
extern const unsigned rtb_catalog_len;

/* Timestamp: the counter of the timer layer. */
#define rtb_now() rtb_timer_read()

/* Keep a function out of line and uncloned (measurement windows that must
 * compile to the same code wherever they are used). */
#if defined(__clang__)
#define RTB_NOINLINE __attribute__((noinline))
#elif defined(__GNUC__)
#define RTB_NOINLINE __attribute__((noinline, noclone))
#else
#define RTB_NOINLINE
#endif

/* Out of line and opaque to the caller's compilation (GCC's noipa: no
 * inlining, cloning or knowledge of the registers it uses), so that calling
 * it in place of an external function of the same type leaves the caller's
 * code as it was. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#define RTB_OPAQUE __attribute__((noipa))
#else
#define RTB_OPAQUE RTB_NOINLINE
#endif

/* Iterations to run: warm-up plus measured. */
uint32_t rtb_loops(const struct rtb_ctx *ctx);
/* Record one iteration's window [t0, t1]: wrap-safe delta, the calibrated
 * timer overhead subtracted (clamped at 0). The first `warmup` calls of a
 * benchmark are discarded. */
void rtb_sample(struct rtb_ctx *ctx, rtb_cycles_t t0, rtb_cycles_t t1);
/* Record one sample the benchmark computed itself, in counter ticks: a
 * window minus a cost measured in the same run (Rhealstone's semaphore
 * shuffle subtracts its loop's own cost; a timer deviation subtracts the
 * interval asked for). Converted and warm-up discarded like rtb_sample();
 * no timer overhead is subtracted (rtb_overhead_ticks() says how much
 * rtb_sample() would); a negative value is recorded as 0 and counted as
 * clamped, one above 2^32-1 is saturated. */
void rtb_sample_ticks(struct rtb_ctx *ctx, int64_t ticks);
/* The calibrated overhead of one timed window (two reads), in counter ticks. */
uint64_t rtb_overhead_ticks(const struct rtb_ctx *ctx);
/* Declare the figure not available; returns RTB_ERR_NOTSUP. `why` is static. */
int rtb_na(struct rtb_ctx *ctx, const char *why);
/* Fail the benchmark on a check of its own (Thread-Metric's counter check, a
 * bad run-time parameter): returns RTB_ERR_CHECK, or `err` if it is another
 * negative code. `check` is a static string naming what failed; the F record
 * carries it as `check=` and the human line after the error name. */
int rtb_fail(struct rtb_ctx *ctx, int err, const char *check);
/* Stack memory for the benchmark's helper threads (index 0..RTB_MAX_THREADS-1),
 * RTB_CONFIG_STACK_SIZE bytes each, 8-byte aligned; NULL past the end. */
#define RTB_MAX_THREADS RTB_CONFIG_MAX_THREADS
void *rtb_helper_stack(unsigned index);
/* Small stacks for families that need many threads that do little (Rhealstone's
 * 50-thread task switch): index 0..RTB_CONFIG_SMALL_STACKS-1, each
 * RTB_CONFIG_SMALL_STACK_SIZE bytes, 8-byte aligned; NULL past the end (a port
 * that keeps the default of 0 small stacks gets n/a for those benchmarks). */
void *rtb_helper_small_stack(unsigned index);

/*
 * Values that are not timed windows. A benchmark whose figure is a count, a
 * score or a rate (Thread-Metric's iterations per period, bytes per second)
 * calls rtb_set_unit() before its first rtb_value(); each rtb_value() is one
 * sample in `unit`, taken as is: no overhead subtraction, no tick conversion,
 * no warm-up discarded (the family runs its own warm-up), no ns column. The R
 * record then carries `unit=` and, with RTB_BETTER_HIGHER, `better=higher` so
 * that the host compares and gates it the right way round. A benchmark uses
 * either rtb_sample() or rtb_value(), never both. `unit` is a static string
 * of [a-z0-9/_] characters ("ops", "B/s", "rhealstones/s").
 */
#define RTB_BETTER_HIGHER 0x1u
void rtb_set_unit(struct rtb_ctx *ctx, const char *unit, unsigned flags);
/* 0 when kept; RTB_ERR_OVERFLOW when the run's sample count (--iterations,
 * at most RTB_CONFIG_MAX_SAMPLES) is already reached and `v` was dropped. */
int rtb_value(struct rtb_ctx *ctx, uint32_t v);

/*
 * A histogram of this result's samples, emitted after its R record as G
 * records (docs/records.md): at most `buckets` (<= RTB_HIST_MAX_BUCKETS)
 * buckets of `width` (in the reported unit; 0: chosen from the data so that
 * min..p99 spans the buckets), starting at the minimum; the last bucket
 * also holds everything above it. Built from the samples the runner keeps:
 * no memory of its own. Call it any time before the benchmark returns.
 */
#define RTB_HIST_MAX_BUCKETS 64u
void rtb_histogram(struct rtb_ctx *ctx, unsigned buckets, uint32_t width);

/* The mean of benchmark `id`, measured earlier in this run (its catalog
 * entry has RTB_KEEP_MEAN), in nanoseconds x 1000 (the run's clock: under
 * QEMU -icount, emulated time). 0, or RTB_ERR_NOTSUP when that benchmark gave
 * no figure in this run (not selected, n/a, failed, or not yet run). */
int rtb_kept_mean_ns_milli(const char *id, uint64_t *ns_milli);

/* Extra figures of the result, appended to its R record as ` key=value`
 * (e.g. the bytes a throughput point moved): at most RTB_MAX_EXTRAS per
 * benchmark, later ones are ignored; `key` is a static [a-z0-9_]+ string
 * that is none of the R record's own keys. */
#define RTB_MAX_EXTRAS 6
void rtb_extra(struct rtb_ctx *ctx, const char *key, uint64_t value);

/* A family whose point is chosen at run time (the msgq family: style by the
 * catalog entry, consumers and size by parameters) names the point: `suffix`
 * (".c4.s64", characters [a-z0-9._]) is appended to the catalog id in the
 * human line and the R, N or F record of this result. It must stay valid
 * until the benchmark has returned (static storage); set it before anything
 * that can fail, so that a refusal is reported under the point's id too.
 * The id is cut at RTB_ID_MAX characters. The catalog id is what --filter
 * selects. */
#define RTB_ID_MAX 80
void rtb_set_id_suffix(struct rtb_ctx *ctx, const char *suffix);

/*
 * Run-time parameters ("size=64,consumers=4,style=async"): given on the
 * command line of the target (rtbench-posix --param, the Cortex-M images'
 * semihosting command line, rtbench run --param) so that one build serves
 * every point of a sweep; echoed in the H record's `params` key. Read them
 * outside timed windows. A family documents the keys it reads.
 */
/* The value of `key` as an unsigned number, with an optional suffix K (x1024)
 * or M (x1048576). *out = dflt when the run has no such key. Returns 0, or
 * RTB_ERR_INVAL (and *out = dflt) when the value is not such a number or
 * exceeds 2^32-1. */
int rtb_param_u32(const char *key, uint32_t dflt, uint32_t *out);
/* 1 if the run gives `key` exactly the value `value`, else 0. */
int rtb_param_is(const char *key, const char *value);
/* 1 if the run gives `key` at all. */
int rtb_param_given(const char *key);
/* 0 when `params` (may be NULL) is a well-formed "key=value,..." list: keys of
 * [a-z0-9_]+, values without ' ', ',' or '='; else RTB_ERR_INVAL. rtb_main()
 * refuses a run whose parameters are not; a front end can check first. */
int rtb_params_check(const char *params);

/* ---- running the suite (called by the port) --------------------------- */

struct rtb_run_config {
    const char *filter;  /* comma-separated id globs; NULL = RTB_CONFIG_FILTER */
    uint32_t iterations; /* 0 = RTB_CONFIG_ITERATIONS; capped at RTB_CONFIG_MAX_SAMPLES */
    uint32_t warmup;     /* UINT32_MAX = RTB_CONFIG_WARMUP */
    int list_only;       /* print the catalog (id, family, description) and return */
    const char *params;  /* run-time parameters "key=value,...", NULL = none (rtb_param_u32) */
    int samples;         /* 1: every result's samples follow it in S records (docs/records.md) */
};

/* Run the selected benchmarks, printing the header, one human line and one
 * record per benchmark, and the end record. Called from a thread at
 * RTB_PRIO_MAIN after the port and the timer are initialised.
 * Returns 0 when every benchmark gave a figure or n/a, else the first
 * negative error (the remaining benchmarks still run). */
int rtb_main(const struct rtb_run_config *cfg);

/* For a port's or board's fault handler: the benchmark running now failed
 * with a processor fault. Writes its F record (err=RTB_ERR_FAULT,
 * name=fault, fault=KIND, then each of the N registers KEYS[i]=VALUES[i] as
 * 0x%08x, and its number), so that the host names the benchmark and keeps
 * every result before it. Nothing is formatted with printf or allocated;
 * callable from an exception handler. 0, or RTB_ERR_STATE when no
 * benchmark is running (the handler then prints its own words). */
int rtb_report_fault(const char *kind, unsigned n, const char *const *keys, const uint32_t *values);

/* 1 if `id` matches the comma-separated glob list `filter` ('*', '?'); a glob
 * prefixed with '-' excludes what it matches ("*,-calib.*"); the last match wins. */
int rtb_filter_match(const char *filter, const char *id);

#endif /* RTB_BENCH_H */
