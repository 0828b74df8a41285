/*
 * rtbench template port - the cycle counter layer (rtb/timer.h).
 *
 * A timer implementation is chosen per board, independently of the kernel:
 * the CPU's cycle counter where there is one (DWT CYCCNT, TSC, PMCCNTR,
 * mcycle), else a free-running hardware timer, else an OS clock. The core
 * only needs a counter that counts UP by one per tick and wraps at 2^bits.
 */
#include "rtb/error.h"
#include "rtb/timer.h"

/*
 * What a real port fills in (example: a 32-bit cycle counter at 100 MHz):
 *   name "dwt", hz 100000000, bits 32, unit "cycles", unit_num 1, unit_den 1,
 *   ns_num 10, ns_den 1 (10 ns per cycle), clock "hw".
 * `unit_num/unit_den` turns ticks into the reported unit (a counter that
 * ticks at half the CPU clock reports cycles with 2/1); `ns_num/ns_den` is
 * nanoseconds per reported unit, as an exact ratio where possible (use
 * ns_num = 1000000000, ns_den = hz when nothing smaller is exact). `clock`
 * says what the figures are: "hw", "os", "emulated-icount" or "host-timed".
 * The template has no counter, so its description is deliberately invalid
 * (hz 0): the runner refuses to run with it rather than print figures.
 */
static const struct rtb_timer_desc template_desc = {
    .name = "none",
    .hz = 0,    /* ticks per second: > 0 in a real port */
    .bits = 32, /* counter width, 1..64 */
    .unit = "cycles",
    .unit_num = 1,
    .unit_den = 1,
    .ns_num = 0, /* ns per unit: ns_num / ns_den */
    .ns_den = 1,
    .clock = "hw",
};

/*
 * Enable and, if needed, calibrate the counter: e.g. set DEMCR.TRCENA and
 * DWT_CTRL.CYCCNTENA, then CHECK that it advances (under QEMU it does not:
 * fall back to another counter or fail). Measure `hz` if it is not known
 * exactly. Runs once, before rtb_main(), not in an ISR.
 * Returns 0, or RTB_ERR_NOTSUP when the board has no usable counter, or
 * another negative rtb_err.
 */
int rtb_timer_init(void)
{
    return RTB_ERR_NOTSUP;
}

/*
 * The current count. Called twice around every measured operation, from
 * threads and from ISRs: keep it to a few instructions, no locks, no system
 * call where avoidable, no side effects. It must be monotonic modulo 2^bits
 * (a down-counter such as SysTick is returned as reload - value). A counter
 * narrower than 64 bits is returned as is, not extended: the core handles
 * the wrap using `bits`.
 */
rtb_cycles_t rtb_timer_read(void)
{
    return 0;
}

/*
 * The description, valid after rtb_timer_init() returned 0. The pointer
 * must stay valid for the whole run (static storage).
 */
const struct rtb_timer_desc *rtb_timer_desc(void)
{
    return &template_desc;
}
