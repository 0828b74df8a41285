/*
 * rtbench - the calib family: windows whose answer is known, to prove the
 * measurement chain (timer read, wrap-safe delta, overhead subtraction,
 * statistics, unit conversion) on every port.
 *
 *   calib.empty   the empty window: the same two reads the runner calibrates
 *                 the overhead with, so its result is 0 up to timer noise;
 *   calib.nop10   exactly 10 NOP instructions between the two reads;
 *   calib.nop100  exactly 100;
 *   calib.call    one call of an empty function through a volatile pointer
 *                 (the compiler can neither inline nor drop it).
 *
 * Under QEMU -icount the figures are exact instruction counts: 0, 10, 100
 * and the cost of the call (and return). On silicon a NOP may take less
 * than a cycle (dual issue) or be removed from the pipeline (Cortex-M:
 * "NOP is not guaranteed to be time consuming"), so nop10/nop100 are then an
 * upper bound check rather than an identity.
 *
 * The disassembly was checked with gcc -O2 on x86-64 and arm-none-eabi
 * -mthumb -mcpu=cortex-m3 -O2: exactly N nops between the two calls of
 * rtb_timer_read and, besides them, only the same store of t0 as in the
 * empty window (see docs/ports/template.md, "Checking the calib windows").
 */
#include <stdint.h>

#include "rtb/bench.h"

/* clang-format off */
#define RTB_NOP1 __asm__ volatile("nop")
#define RTB_NOP2 RTB_NOP1; RTB_NOP1
#define RTB_NOP5 RTB_NOP2; RTB_NOP2; RTB_NOP1
#define RTB_NOP10 RTB_NOP5; RTB_NOP5
#define RTB_NOP50 RTB_NOP10; RTB_NOP10; RTB_NOP10; RTB_NOP10; RTB_NOP10
#define RTB_NOP100 RTB_NOP50; RTB_NOP50
/* clang-format on */

/* The callee of calib.call: empty, never inlined; the asm keeps the
 * compiler from treating the call as removable. */
static RTB_NOINLINE void calib_empty_fn(void)
{
    __asm__ volatile("");
}

/* Read through a volatile pointer: the call cannot be resolved or inlined. */
static void (*volatile calib_fp)(void) = calib_empty_fn;

/*
 * The windows. Each is its own out-of-line function doing nothing but the
 * two reads and the code between them, so the compiler cannot schedule loop
 * bookkeeping into one window and not another (at -O2 it moved the loop
 * counter's increment between the two reads of an inline empty window).
 * The empty one is the same code as the runner's calibration window
 * (runner.c), so calib.empty is 0 after overhead subtraction.
 */
static RTB_NOINLINE void window_empty(rtb_cycles_t *t0, rtb_cycles_t *t1)
{
    *t0 = rtb_now();
    *t1 = rtb_now();
}

static RTB_NOINLINE void window_nop10(rtb_cycles_t *t0, rtb_cycles_t *t1)
{
    *t0 = rtb_now();
    RTB_NOP10;
    *t1 = rtb_now();
}

static RTB_NOINLINE void window_nop100(rtb_cycles_t *t0, rtb_cycles_t *t1)
{
    *t0 = rtb_now();
    RTB_NOP100;
    *t1 = rtb_now();
}

static RTB_NOINLINE void window_call(rtb_cycles_t *t0, rtb_cycles_t *t1)
{
    void (*fn)(void);
    *t0 = rtb_now();
    fn = calib_fp;
    fn();
    *t1 = rtb_now();
}

static int run_window(struct rtb_ctx *ctx, void (*window)(rtb_cycles_t *, rtb_cycles_t *))
{
    uint32_t i, n = rtb_loops(ctx);
    for (i = 0; i < n; i++) {
        rtb_cycles_t t0, t1;
        window(&t0, &t1);
        rtb_sample(ctx, t0, t1);
    }
    return 0;
}

int rtb_bench_calib_empty(struct rtb_ctx *ctx)
{
    return run_window(ctx, window_empty);
}

int rtb_bench_calib_nop10(struct rtb_ctx *ctx)
{
    return run_window(ctx, window_nop10);
}

int rtb_bench_calib_nop100(struct rtb_ctx *ctx)
{
    return run_window(ctx, window_nop100);
}

int rtb_bench_calib_call(struct rtb_ctx *ctx)
{
    return run_window(ctx, window_call);
}
