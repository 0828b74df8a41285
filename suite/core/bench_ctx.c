/*
 * rtbench - the calls a benchmark makes on its context (rtb/bench.h):
 * samples, values, n/a and failure, units, extras, histograms, the helper
 * threads' stacks, the means kept for a later benchmark. rtb_sample() does
 * integer arithmetic and a store: it runs between a benchmark's windows.
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/config.h"
#include "rtb/cycle_marks.h"
#include "rtb/error.h"
#include "rtb/stats.h"
#include "rtb/timer.h"
#include "runner_internal.h"

/* The means kept for later benchmarks of the run (RTB_KEEP_MEAN). */
static struct {
    const char *id;
    uint64_t ns_milli;
} kept[RTB_KEPT_MAX];
static unsigned n_kept;

static uint32_t sample_buf[RTB_CONFIG_MAX_SAMPLES];

/* Helper-thread stacks; a union with uint64_t gives the 8-byte alignment. */
union rtb_stack_mem {
    uint64_t align;
    unsigned char bytes[RTB_CONFIG_STACK_SIZE];
};
static union rtb_stack_mem stacks[RTB_MAX_THREADS];
/* The helper threads' objects, one beside each stack (declared for the
 * families in suite/bench/bench_common.h). */
rtb_thread_t rtb_helpers[RTB_MAX_THREADS];

/* The low end of every helper stack holds a pattern while a benchmark runs
 * (stacks grow down on every target rtbench runs on): a benchmark whose
 * threads reached it needed more than RTB_CONFIG_STACK_SIZE bytes - which a
 * small board keeps small - and has overwritten whatever lies below. It is
 * reported as failed (overflow) rather than left to corrupt the next one.
 * Checked after the benchmark: detection, not protection (no MPU is used).
 * A kernel's own fill of a new stack is not taken for an overflow (below). */
#define STACK_GUARD_WORDS 8u
#define STACK_GUARD 0x5AC4F00Du

void rtb_stack_guard_set(void)
{
    unsigned i, w;
    for (i = 0; i < RTB_MAX_THREADS; i++)
        for (w = 0; w < STACK_GUARD_WORDS; w++)
            ((volatile uint32_t *)(void *)stacks[i].bytes)[w] = STACK_GUARD;
}

/* Intact: every word still the pattern, or every word one byte repeated
 * (not 0): a kernel that fills a new thread's whole stack at create
 * (RT-Thread's '#', ThreadX's 0xEF, FreeRTOS's 0xA5 with stack checking)
 * wrote over the pattern, which is no overflow; a thread that then reached
 * the low end left other values there. */
int rtb_stack_guard_ok(void)
{
    unsigned i, w;
    for (i = 0; i < RTB_MAX_THREADS; i++) {
        const volatile uint32_t *g = (const volatile uint32_t *)(void *)stacks[i].bytes;
        uint32_t first = g[0];
        int fill = first != 0u && first == (first & 0xFFu) * 0x01010101u;
        if (first != STACK_GUARD && !fill)
            return 0;
        for (w = 1; w < STACK_GUARD_WORDS; w++)
            if (g[w] != first)
                return 0;
    }
    return 1;
}

#if RTB_CONFIG_SMALL_STACKS > 0
union rtb_small_stack_mem {
    uint64_t align;
    unsigned char bytes[RTB_CONFIG_SMALL_STACK_SIZE];
};
static union rtb_small_stack_mem small_stacks[RTB_CONFIG_SMALL_STACKS];
#endif

void rtb_ctx_init(struct rtb_ctx *ctx, uint32_t iters, uint32_t warmup, uint64_t overhead,
                  unsigned bits)
{
    static const struct rtb_ctx empty; /* every count 0, every pointer NULL */
    *ctx = empty;
    ctx->loops = warmup + iters;
    ctx->warmup = warmup;
    ctx->samples = sample_buf;
    ctx->cap = iters;
    ctx->overhead = overhead;
    ctx->bits = bits;
}

void rtb_kept_clear(void)
{
    n_kept = 0;
}

void rtb_kept_add(const char *id, uint64_t ns_milli)
{
    if (n_kept < RTB_KEPT_MAX) {
        kept[n_kept].id = id;
        kept[n_kept].ns_milli = ns_milli;
        n_kept++;
    }
}

uint32_t rtb_loops(const struct rtb_ctx *ctx)
{
    return ctx->loops;
}

void rtb_sample(struct rtb_ctx *ctx, rtb_cycles_t t0, rtb_cycles_t t1)
{
    uint32_t seen = ctx->seen++;
    if (seen < ctx->warmup || ctx->n >= ctx->cap)
        return;
    ctx->samples[ctx->n++] = rtb_sub_overhead(rtb_delta(t0, t1, ctx->bits), ctx->overhead,
                                              &ctx->clamped, &ctx->saturated);
    RTB_CMARK_WINDOW(t0, t1); /* the same window for the cycle model (rtb/cycle_marks.h) */
}

void rtb_sample_ticks(struct rtb_ctx *ctx, int64_t ticks)
{
    uint32_t seen = ctx->seen++;
    if (seen < ctx->warmup || ctx->n >= ctx->cap)
        return;
    if (ticks < 0) {
        ctx->clamped++;
        ticks = 0;
    } else if ((uint64_t)ticks > UINT32_MAX) {
        ctx->saturated++;
        ticks = UINT32_MAX;
    }
    ctx->samples[ctx->n++] = (uint32_t)ticks;
}

uint64_t rtb_overhead_ticks(const struct rtb_ctx *ctx)
{
    return ctx->overhead;
}

int rtb_na(struct rtb_ctx *ctx, const char *why)
{
    /* the first reason is the precise one: rtb_b_result() may add a general one */
    if (ctx->na_why == NULL)
        ctx->na_why = why;
    return RTB_ERR_NOTSUP;
}

int rtb_fail(struct rtb_ctx *ctx, int err, const char *check)
{
    ctx->check = check;
    return err < 0 ? err : RTB_ERR_CHECK;
}

void rtb_histogram(struct rtb_ctx *ctx, unsigned buckets, uint32_t width)
{
    if (buckets > RTB_HIST_MAX_BUCKETS)
        buckets = RTB_HIST_MAX_BUCKETS;
    ctx->hist_buckets = buckets;
    ctx->hist_width = width;
}

int rtb_kept_mean_ns_milli(const char *id, uint64_t *ns_milli)
{
    unsigned i;
    for (i = 0; i < n_kept; i++) {
        const char *a = kept[i].id, *b = id;
        while (*a && *a == *b) {
            a++;
            b++;
        }
        if (*a == *b) {
            *ns_milli = kept[i].ns_milli;
            return 0;
        }
    }
    return RTB_ERR_NOTSUP;
}

void *rtb_helper_stack(unsigned index)
{
    if (index >= RTB_MAX_THREADS)
        return NULL;
    return stacks[index].bytes;
}

void *rtb_helper_small_stack(unsigned index)
{
#if RTB_CONFIG_SMALL_STACKS > 0
    if (index < RTB_CONFIG_SMALL_STACKS)
        return small_stacks[index].bytes;
#else
    (void)index;
#endif
    return NULL;
}

void rtb_set_unit(struct rtb_ctx *ctx, const char *unit, unsigned flags)
{
    ctx->unit = unit;
    ctx->unit_flags = flags;
}

int rtb_value(struct rtb_ctx *ctx, uint32_t v)
{
    if (ctx->n >= ctx->cap)
        return RTB_ERR_OVERFLOW;
    ctx->samples[ctx->n++] = v;
    return 0;
}

void rtb_set_id_suffix(struct rtb_ctx *ctx, const char *suffix)
{
    ctx->id_suffix = suffix;
}

void rtb_extra(struct rtb_ctx *ctx, const char *key, uint64_t value)
{
    if (ctx->n_extras >= RTB_MAX_EXTRAS)
        return;
    ctx->extra_key[ctx->n_extras] = key;
    ctx->extra_value[ctx->n_extras] = value;
    ctx->n_extras++;
}
