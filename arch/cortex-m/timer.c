/*
 * rtbench Cortex-M counter selection (implements rtb/timer.h).
 *
 * Order (rtb_cm_probes): DWT CYCCNT if it really counts (ARMv7-M and
 * ARMv8-M mainline only), else the board's counter (the driver board.cmake
 * selects: drivers/fpgaio_counter.c on the mps2 boards,
 * drivers/nrf51_timer.c on the micro:bit), else SysTick. Then the clock is
 * classified by timing a loop of a known instruction count with interrupts
 * masked:
 *   - under QEMU -icount shift=N every guest instruction advances virtual
 *     time by exactly 2^N ns, so the loop costs hz * 2^N / 1e9 ticks per
 *     instruction (25.6 at N=10 and 25 MHz). When the measured ratio matches
 *     one N exactly (to the counter's +-1 tick rounding at each end), in three
 *     measurements of different lengths,
 *     the figures are guest instruction counts: unit "insns", value = ticks *
 *     1e9 / (hz * 2^N), ns per unit = 2^N, clock "emulated-icount";
 *   - else, when the profile says so (rtb_cm_host_timed), we are on an
 *     emulator following host time: unit "cycles" of the board clock, clock
 *     "host-timed" (noise, not a measurement of anything). ARMv7-M / ARMv8-M
 *     mainline: the core's debug block is missing (DEMCR.TRCENA does not
 *     stick, which no such silicon does); ARMv6-M, whose debug registers
 *     software may not reach at all: the three loops did not take ticks in
 *     proportion to their lengths (a core running a loop from zero-wait
 *     memory with interrupts masked does, to the counter's rounding);
 *   - else real hardware: unit "cycles", clock "hw".
 */
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb/cycle_marks.h"
#include "rtb/error.h"
#include "rtb/timer.h"
#include "rtb_cm_board.h"
#include "timer_cm.h"

/* Loop sizes for the icount test: the difference between a 2K and a K
 * iteration window is exactly 2K instructions (rtb_cm_spin: 2 per iteration).
 * Three sizes, all of which must give the same shift: a host-timed emulator
 * would have to run at exactly a power-of-two rate, to 0.1 per mille, three
 * times in a row. */
#define NUM_K 3
static const uint32_t icount_k[NUM_K] = {65536u, 40000u, 65536u};
#define ICOUNT_MAX_SHIFT 10 /* QEMU refuses larger shifts */

const struct rtb_cm_probe rtb_cm_probes[] = {
#ifdef RTB_CM_HAVE_DWT
    {"dwt", rtb_cm_dwt_probe},
#endif
#ifdef RTB_CM_HAVE_FPGAIO_COUNTER
    {"fpgaio", rtb_cm_fpgaio_probe},
#endif
#ifdef RTB_CM_HAVE_NRF51_TIMER
    {"nrf51-timer", rtb_cm_nrf51_timer_probe},
#endif
    {"systick", rtb_cm_systick_probe},
};
const unsigned rtb_cm_num_probes = sizeof rtb_cm_probes / sizeof rtb_cm_probes[0];

volatile uint32_t rtb_cm_no_capture;

/* Until rtb_timer_init() chose a counter, reads return 0 (not whatever is at address 0). */
static const uint32_t no_counter;
static struct rtb_cm_counter counter = {&no_counter, 0,      0xffffffffu,       32,
                                        1,           "none", &rtb_cm_no_capture};
static struct rtb_timer_desc desc;
static int icount_shift = -1;
static int ready;

__attribute__((naked, noinline)) void rtb_cm_spin(uint32_t n)
{
    (void)n;
    __asm__ volatile(".syntax unified\n\t"
                     "1: subs r0, r0, #1\n\t"
                     "bne 1b\n\t"
                     "bx lr\n\t");
}

__attribute__((noinline)) uint32_t rtb_cm_counter_window(const struct rtb_cm_counter *c, uint32_t n)
{
    uint32_t t0, t1;
    t0 = rtb_cm_counter_get(c);
    rtb_cm_spin(n);
    t1 = rtb_cm_counter_get(c);
    return (t1 - t0) & c->mask;
}

int rtb_cm_counter_advances(const struct rtb_cm_counter *c)
{
    uint32_t n;
    for (n = 1000; n <= 1000000u; n *= 10u)
        if (rtb_cm_counter_window(c, n) != 0)
            return 1;
    return 0;
}

rtb_cycles_t rtb_timer_read(void)
{
    rtb_cycles_t t = (rtb_cycles_t)rtb_cm_counter_get(&counter);
    RTB_CMARK_STAMP(t); /* the cycle model's mark (rtb/cycle_marks.h): nothing by default */
    return t;
}

const struct rtb_timer_desc *rtb_timer_desc(void)
{
    return ready ? &desc : 0;
}

int rtb_cm_icount_shift(void)
{
    return icount_shift;
}

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Ticks across 2K instructions: window(2K) - window(K), interrupts masked.
 * (rtb_cm_counter_window is not inlined: both windows run the same code.) */
static uint32_t ticks_per_2k_insns(uint32_t k)
{
    uint32_t primask = rtb_cm_irq_save(), a, b;
    (void)rtb_cm_counter_window(&counter, k); /* warm (translation, caches) */
    a = rtb_cm_counter_window(&counter, k);
    b = rtb_cm_counter_window(&counter, 2u * k);
    rtb_cm_irq_restore(primask);
    return (b - a) & counter.mask;
}

/* The shift N for which `ticks` equals 2K * hz * 2^N / 1e9 to within the
 * rounding of the two windows (+-2 ticks), or -1. */
static int match_shift(uint32_t ticks, uint32_t k)
{
    int n;
    for (n = 0; n <= ICOUNT_MAX_SHIFT; n++) {
        /* 2K * hz * 2^n fits in 64 bits for K <= 2^16, hz < 2^31, n <= 10 */
        uint64_t expect_milli = (uint64_t)2u * k * counter.hz * ((uint64_t)1 << n) / 1000000u;
        uint64_t got_milli = (uint64_t)ticks * 1000u;
        uint64_t diff =
            got_milli > expect_milli ? got_milli - expect_milli : expect_milli - got_milli;
        if (expect_milli / 1000u >= (uint64_t)counter.mask / 2u)
            break; /* the window would not fit the counter */
        if (diff <= 2000u)
            return n;
    }
    return -1;
}

static void set_units(int host_timed)
{
    uint64_t num = 1000000000u, den = 1, g = 1;

    desc.name = counter.name;
    desc.hz = counter.hz;
    desc.bits = counter.bits;
    if (icount_shift >= 0) {
        den = (uint64_t)counter.hz << icount_shift;
        g = gcd_u64(num, den);
    }
    /* Ticks -> instructions needs the reduced ratio in 32 bits (it is 5/128
     * at 25 MHz); a clock for which it is not stays in counter ticks, still
     * labelled emulated, rather than a silently truncated ratio. */
    if (icount_shift >= 0 && num / g <= UINT32_MAX && den / g <= UINT32_MAX) {
        desc.unit = "insns";
        desc.unit_num = (uint32_t)(num / g);
        desc.unit_den = (uint32_t)(den / g);
        desc.ns_num = (uint64_t)1 << icount_shift;
        desc.ns_den = 1;
        desc.clock = "emulated-icount";
    } else {
        g = gcd_u64(1000000000u, counter.hz);
        desc.unit = "cycles";
        desc.unit_num = 1;
        desc.unit_den = 1;
        desc.ns_num = 1000000000u / g;
        desc.ns_den = counter.hz / g;
        desc.clock = icount_shift >= 0 ? "emulated-icount" : host_timed ? "host-timed" : "hw";
    }
}

int rtb_cm_counter_probe(unsigned i, struct rtb_cm_counter *c, const char **why)
{
    c->capture = &rtb_cm_no_capture; /* unless the driver names its capture task */
    *why = "no reason given";
    return rtb_cm_probes[i].probe(c, why);
}

int rtb_timer_init(void)
{
    const char *why[sizeof rtb_cm_probes / sizeof rtb_cm_probes[0]];
    uint32_t ticks[NUM_K];
    int shift, steady = 1, fast;
    unsigned i;

    if (ready)
        return 0;
    for (i = 0; i < rtb_cm_num_probes; i++)
        if (rtb_cm_counter_probe(i, &counter, &why[i]) == 0)
            break;
    if (i == rtb_cm_num_probes) {
        rtb_cm_console_puts("rtbench: no usable counter:");
        for (i = 0; i < rtb_cm_num_probes; i++) {
            rtb_cm_console_puts(i ? "; " : " ");
            rtb_cm_console_puts(rtb_cm_probes[i].name);
            rtb_cm_console_puts(": ");
            rtb_cm_console_puts(why[i]);
        }
        rtb_cm_console_puts("\n");
        return RTB_ERR_NOTSUP;
    }
    for (i = 0; i < NUM_K; i++)
        ticks[i] = ticks_per_2k_insns(icount_k[i]);
    shift = match_shift(ticks[0], icount_k[0]);
    for (i = 1; i < NUM_K; i++) {
        /* ticks[i] / k[i] == ticks[0] / k[0], to +-2 ticks of rounding in each */
        int64_t d = (int64_t)ticks[i] * icount_k[0] - (int64_t)ticks[0] * icount_k[i];
        if (d > 2 * (int64_t)(icount_k[0] + icount_k[i]) ||
            -d > 2 * (int64_t)(icount_k[0] + icount_k[i]))
            steady = 0;
        if (shift >= 0 && match_shift(ticks[i], icount_k[i]) != shift)
            shift = -1;
    }
    /* more than one instruction per core clock cycle: faster than the core */
    fast = (uint64_t)2u * icount_k[0] * counter.hz > (uint64_t)ticks[0] * RTB_CM_CORE_HZ;
    icount_shift = shift;
    set_units(rtb_cm_host_timed(steady, fast));
    ready = 1;
    return 0;
}
