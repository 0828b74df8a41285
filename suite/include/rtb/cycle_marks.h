/*
 * rtbench - window marks for the cycle model (emu/cycle-model, docs/cycle-model.md).
 *
 * Under QEMU the cycle-model plugin prices every executed instruction; these
 * marks tell it which instructions form each timed window, so that it sums
 * the model's cycles over exactly the instructions the counter measured. A
 * mark is a store to the block `rtb_cmark_block`: the plugin sees the address of
 * the store (never the value), so the word written says what happened.
 *
 *   - every counter read stamps itself (the timer layer calls RTB_CMARK_STAMP(t)
 *     right after it read the counter): its value goes into a ring of
 *     RTB_CMARK_RING entries here, its slot to the plugin, which notes its model
 *     cycles at that point;
 *   - each sample the runner keeps names its two reads (RTB_CMARK_WINDOW, after
 *     t1, outside every window): the slots whose values are t0 and t1. The
 *     window in model cycles is then the difference of the two stamps, the
 *     same span as the counter's (t0 and t1 may be read in different threads,
 *     an ISR, anywhere), shifted by one copy of the read's own tail;
 *   - the runner brackets the overhead calibration (ordinal 0) and every
 *     benchmark (ordinal 1, 2, ... as its record comes) with RTB_CMARK_BENCH and
 *     RTB_CMARK_BENCH_END.
 *
 * The stamp adds a fixed number of instructions after each counter read: the
 * calibration window has it once like every other window, so the figures
 * after overhead subtraction are unchanged (the host checks that they are:
 * `rtbench run --cycle-model` stores instruction counts from the unmarked
 * image and compares). Everything here compiles to nothing unless
 * RTB_CONFIG_CYCLE_MARKS is 1: silicon builds, and every port without the
 * observer, are unchanged.
 */
#ifndef RTB_CYCLE_MARKS_H
#define RTB_CYCLE_MARKS_H

#include <stdint.h>

#include "rtb/config.h"
#include "rtb/cycle_mark_block.h"
#include "rtb/timer.h"

#if RTB_CONFIG_CYCLE_MARKS

/* The mark block's words: rtb/cycle_mark_block.h. */
#define RTB_CMARK_RING ((unsigned)RTB_CMARK_SLOTS) /* counter reads remembered */

extern volatile uint32_t rtb_cmark_block[RTB_CMARK_WORDS];
extern rtb_cycles_t rtb_cmark_ring[RTB_CMARK_RING];
extern uint32_t rtb_cmark_slot;

/* A counter read of value t: called by the timer layer right after the read. */
static inline void rtb_cmark_stamp(rtb_cycles_t t)
{
    uint32_t k = rtb_cmark_slot;
    rtb_cmark_block[RTB_CMARK_WORD_STAMP + k] = 0;
    rtb_cmark_ring[k] = t;
    rtb_cmark_slot = (k + 1u) & (RTB_CMARK_RING - 1u);
}

/* A kept sample [t0, t1]: the slots of its two reads to the plugin. */
void rtb_cmark_window(rtb_cycles_t t0, rtb_cycles_t t1);
/* Benchmark `ordinal` (0: the overhead calibration) begins / ends. */
void rtb_cmark_bench(uint32_t ordinal);
void rtb_cmark_bench_end(void);

#define RTB_CMARK_STAMP(t) rtb_cmark_stamp(t)
#define RTB_CMARK_WINDOW(t0, t1) rtb_cmark_window((t0), (t1))
#define RTB_CMARK_BENCH(ordinal) rtb_cmark_bench(ordinal)
#define RTB_CMARK_BENCH_END() rtb_cmark_bench_end()

#else

#define RTB_CMARK_STAMP(t) ((void)0)
#define RTB_CMARK_WINDOW(t0, t1) ((void)0)
#define RTB_CMARK_BENCH(ordinal) ((void)0)
#define RTB_CMARK_BENCH_END() ((void)0)

#endif /* RTB_CONFIG_CYCLE_MARKS */

#endif /* RTB_CYCLE_MARKS_H */
