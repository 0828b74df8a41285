/*
 * rtbench - the window marks of the cycle model (rtb/cycle_marks.h). Empty
 * unless RTB_CONFIG_CYCLE_MARKS is 1.
 */
#include "rtb/cycle_marks.h"

#if RTB_CONFIG_CYCLE_MARKS

/* Outside .bss: start-up code zeroing .bss would write every mark. The
 * linker script puts .noinit in RAM without initialising it. */
#if defined(__GNUC__)
__attribute__((section(".noinit")))
#endif
volatile uint32_t rtb_cmark_block[RTB_CMARK_WORDS];

rtb_cycles_t rtb_cmark_ring[RTB_CMARK_RING];
uint32_t rtb_cmark_slot;

/* The slot holding t, searching back from the newest read; RTB_CMARK_RING if none. */
static uint32_t find_slot(rtb_cycles_t t, uint32_t newest_first)
{
    uint32_t i;
    for (i = 0; i < RTB_CMARK_RING; i++) {
        uint32_t k = (newest_first + RTB_CMARK_RING - i) & (RTB_CMARK_RING - 1u);
        if (rtb_cmark_ring[k] == t)
            return k;
    }
    return RTB_CMARK_RING;
}

void rtb_cmark_window(rtb_cycles_t t0, rtb_cycles_t t1)
{
    uint32_t newest = (rtb_cmark_slot + RTB_CMARK_RING - 1u) & (RTB_CMARK_RING - 1u);
    uint32_t j = find_slot(t1, newest);
    uint32_t i = j < RTB_CMARK_RING
                     ? find_slot(t0, (j + RTB_CMARK_RING - 1u) & (RTB_CMARK_RING - 1u))
                     : RTB_CMARK_RING;
    if (i >= RTB_CMARK_RING) {
        rtb_cmark_block[RTB_CMARK_WORD_LOST] = 0;
        return;
    }
    rtb_cmark_block[RTB_CMARK_WORD_FROM + i] = 0;
    rtb_cmark_block[RTB_CMARK_WORD_TO + j] = 0;
}

void rtb_cmark_bench(uint32_t ordinal)
{
    int shift;
    rtb_cmark_block[RTB_CMARK_WORD_BENCH] = 0;
    for (shift = 28; shift > 0 && (ordinal >> shift) == 0; shift -= 4) {
    }
    for (; shift >= 0; shift -= 4)
        rtb_cmark_block[RTB_CMARK_WORD_TAG + ((ordinal >> shift) & 15u)] = 0;
}

void rtb_cmark_bench_end(void)
{
    rtb_cmark_block[RTB_CMARK_WORD_BENCH_END] = 0;
}

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int rtb_cycle_marks_unused;

#endif /* RTB_CONFIG_CYCLE_MARKS */
