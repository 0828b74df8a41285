/*
 * rtbench - the cycle counter layer.
 *
 * Separate from the kernel port: a board picks one implementation (TSC,
 * CLOCK_MONOTONIC_RAW, DWT CYCCNT, the mps2 FPGAIO counter, SysTick) by the
 * .c file it compiles, whatever kernel runs on it.
 *
 * The counter counts UP by one per tick and wraps at 2^bits (a down-counter
 * such as SysTick is inverted by its implementation). The core computes
 * deltas modulo 2^bits, so a window shorter than one wrap period is exact.
 */
#ifndef RTB_TIMER_H
#define RTB_TIMER_H

#include <stdint.h>

typedef uint64_t rtb_cycles_t;

struct rtb_timer_desc {
    const char *name; /* "tsc", "clock_monotonic_raw", "fpgaio", "dwt", "systick" */
    uint64_t hz;      /* ticks per second of the counter, > 0 */
    unsigned bits;    /* counter width, 1..64 */
    /* What a reported figure counts, and how to get there from ticks:
     * value = ticks * unit_num / unit_den (rounded to nearest). "cycles" with
     * 1/1 for a counter that ticks at the CPU clock; "insns" for guest
     * instructions under QEMU -icount; "ns" for an OS clock in nanoseconds. */
    const char *unit;
    uint32_t unit_num, unit_den;
    /* Nanoseconds per unit as a ratio: ns = value * ns_num / ns_den. */
    uint64_t ns_num, ns_den;
    /* How the clock relates to real time: "hw" (a real counter), "os"
     * (an OS clock), "emulated-icount" (QEMU -icount: deterministic
     * instruction counts, not silicon cycles), "host-timed" (an emulator
     * without icount: figures follow host time and are noise). */
    const char *clock;
};

/* Prepare the counter (enable, calibrate). 0 or a negative rtb_err. */
int rtb_timer_init(void);
/* The current count; cheap, callable from any context. */
rtb_cycles_t rtb_timer_read(void);
/* The description; valid after rtb_timer_init() returned 0. */
const struct rtb_timer_desc *rtb_timer_desc(void);

#endif /* RTB_TIMER_H */
