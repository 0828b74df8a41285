/*
 * rtbench - timer deviation family (what cyclictest measures on Linux, and
 * the "timer deviation under interrupt interference" of the Rhealstone
 * frameworks), on the contract's sleep.
 *
 *   timer.deviation               the runner's thread asks to sleep
 *                                 `interval_us` with rtb_sleep_us(), once per
 *                                 iteration; each sample is how much later
 *                                 than asked it runs again: the window from
 *                                 right before the call to right after it
 *                                 returns, minus the timer overhead, minus the
 *                                 interval (a wake-up before the interval
 *                                 would be recorded as 0 and flagged clamped)
 *   timer.deviation.interference  the same while a less urgent thread (the
 *                                 only other one ready) alternately masks
 *                                 interrupts (rtb_irq_lock) for `mask` ticks
 *                                 of the counter and unmasks them for
 *                                 `enable` ticks, spinning on the counter;
 *                                 the windows follow the counter from the
 *                                 thread's start (see noise_entry)
 *
 * Parameters (--params): interval_us (1..1000000, default 1000), mask and
 * enable (ticks of the run's counter, the header's `hz`; default 7500 and
 * 17500: 300 us masked in every 1000 us on the mps2 boards' 25 MHz counter).
 * Both results carry a histogram (G records) and their parameters as extra
 * figures.
 */
#include "bench_common.h"

#define TIMER_HIST_BUCKETS 32u
#define TIMER_DEFAULT_INTERVAL_US 1000u
#define TIMER_DEFAULT_MASK 7500u
#define TIMER_DEFAULT_ENABLE 17500u

/* The interval and its length in counter ticks, from the parameters. */
static int timer_interval(struct rtb_ctx *ctx, uint32_t *us, uint64_t *ticks)
{
    if (rtb_param_u32("interval_us", TIMER_DEFAULT_INTERVAL_US, us) != 0 || *us == 0 ||
        *us > 1000000u)
        return rtb_fail(ctx, RTB_ERR_INVAL, "interval_us must be a number from 1 to 1000000");
    *ticks = rtb_scale(*us, rtb_timer_desc()->hz, 1000000u);
    rtb_extra(ctx, "interval_us", *us);
    rtb_histogram(ctx, TIMER_HIST_BUCKETS, 0);
    return 0;
}

/* rtb_loops() sleeps of `us`, each recorded as its lateness. */
static int deviation_loop(struct rtb_ctx *ctx, uint32_t us, uint64_t ticks)
{
    uint32_t i, loops = rtb_loops(ctx);
    unsigned bits = rtb_timer_desc()->bits;
    int64_t cost = (int64_t)(rtb_overhead_ticks(ctx) + ticks);
    rtb_cycles_t t0, t1;
    int rc;

    for (i = 0; i < loops; i++) {
        t0 = rtb_now();
        rc = rtb_sleep_us(us);
        t1 = rtb_now();
        if (rc < 0)
            return rc;
        rtb_sample_ticks(ctx, (int64_t)rtb_delta(t0, t1, bits) - cost);
    }
    return 0;
}

int rtb_bench_timer_deviation(struct rtb_ctx *ctx)
{
    uint32_t us;
    uint64_t ticks;
    int rc = timer_interval(ctx, &us, &ticks);

    if (rc == 0)
        rc = deviation_loop(ctx, us, ticks);
    return rtb_b_result(ctx, rc, "no sleep");
}

/* ---- under interrupt interference ------------------------------------------ */

static struct noise_state {
    uint64_t mask, enable;     /* counter ticks */
    volatile uint32_t windows; /* masked windows completed */
    volatile int stop, ended;
} noise;

/* Spin until `ticks` counter ticks have passed since `from`. */
static void spin_until(rtb_cycles_t from, uint64_t ticks, unsigned bits)
{
    while (rtb_delta(from, rtb_now(), bits) < ticks) {
    }
}

/*
 * The pattern follows the counter, not this thread's own progress: windows
 * of `mask` masked ticks then `enable` unmasked ones, one after the other from
 * the thread's start. While the sleeper runs this thread does not, and the
 * pattern goes on without it: a window that began meanwhile is entered late
 * (masked for what is left of it), one that ended meanwhile is skipped. So
 * the phase at which a timer interrupt meets the pattern does not lock onto
 * the sleeper's period.
 */
static void noise_entry(void *arg)
{
    struct noise_state *s = arg;
    unsigned bits = rtb_timer_desc()->bits;
    uint64_t period = s->mask + s->enable, in;
    rtb_cycles_t start = rtb_now(); /* the current period's start */
    unsigned key;

    if (period == 0)
        period = 1;
    while (!s->stop) {
        in = rtb_delta(start, rtb_now(), bits);
        if (in >= period) {
            while (in >= period) { /* the periods that passed while it did not run */
                start += period;
                in -= period;
            }
        } else if (in < s->mask) {
            key = rtb_irq_lock();
            spin_until(start, s->mask, bits);
            rtb_irq_unlock(key);
            s->windows++;
        } else {
            spin_until(start, period, bits);
        }
    }
    s->ended = 1;
}

int rtb_bench_timer_deviation_interference(struct rtb_ctx *ctx)
{
    uint32_t us, mask, enable;
    uint64_t ticks;
    int rc = timer_interval(ctx, &us, &ticks);

    if (rc < 0)
        return rc;
    if (rtb_param_u32("mask", TIMER_DEFAULT_MASK, &mask) != 0 ||
        rtb_param_u32("enable", TIMER_DEFAULT_ENABLE, &enable) != 0)
        return rtb_fail(ctx, RTB_ERR_INVAL, "mask and enable must be numbers of counter ticks");
    rtb_extra(ctx, "mask", mask);
    rtb_extra(ctx, "enable", enable);
    noise.mask = mask;
    noise.enable = enable;
    noise.windows = 0;
    noise.stop = 0;
    noise.ended = 0;
    /* Less urgent than this thread: it runs (and masks) while this one sleeps. */
    rc = rtb_b_create(&rtb_helpers[0], "rtb-irq-noise", noise_entry, &noise, RTB_B_PRIO_LOW, 0, 0);
    if (rc < 0)
        return rc;
    rc = rtb_thread_start(&rtb_helpers[0]);
    if (rc < 0) {
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], 0));
        return rc;
    }
    rc = deviation_loop(ctx, us, ticks);
    noise.stop = 1; /* it sees it at the end of its period, while this one waits in join */
    RTB_B_KEEP(rc, rtb_thread_join(&rtb_helpers[0], RTB_FOREVER));
    if (rc == 0 && mask > 0 && noise.windows == 0 &&
        ticks * rtb_loops(ctx) > noise.mask + noise.enable)
        rc =
            rtb_fail(ctx, RTB_ERR_CHECK,
                     "the masking thread never masked interrupts although the run was long enough");
    return rtb_b_sched_result(ctx, rc, "interrupts cannot be masked here");
}
