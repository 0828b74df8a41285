/*
 * rtbench - the cycle model's mark block: the one definition of the protocol
 * between the guest (the suite's marks, rtb/cycle_marks.h; the validation
 * guests, emu/cycle-model/tests/marks.h) and the cycle-model plugin
 * (emu/cycle-model/cm_windows.h), which all include this file. Its table is
 * emu/cycle-model/README.md, "Protocol".
 *
 * A mark is a store to one word of the block: the word says what happened
 * (the value stored is ignored). Word indexes here; the plugin sees the byte
 * offset of the store, 4 * word. Preprocessor only: C99, C11 and assembler
 * include it (hence no `u` suffixes).
 */
#ifndef RTB_CYCLE_MARK_BLOCK_H
#define RTB_CYCLE_MARK_BLOCK_H

/* The block's symbol in the guest's image, where the plugin looks for it. */
#define RTB_CMARK_SYMBOL "rtb_cmark_block"

#define RTB_CMARK_SLOTS 16 /* counter reads the stamps tell apart: slots 0..15 */

#define RTB_CMARK_WORD_OPEN 0      /* a window opens (the validation guests) */
#define RTB_CMARK_WORD_CLOSE 1     /* it closes */
#define RTB_CMARK_WORD_BENCH 2     /* a benchmark (or the calibration) begins */
#define RTB_CMARK_WORD_BENCH_END 3 /* it ends */
#define RTB_CMARK_WORD_TAG 4       /* + digit 0..15: its ordinal, hex digit by digit */
#define RTB_CMARK_WORD_STAMP 20    /* + slot: a counter read, its value kept in slot */
#define RTB_CMARK_WORD_FROM 36     /* + slot: a window opens at that read */
#define RTB_CMARK_WORD_TO 52       /* + slot: it closes at that read */
#define RTB_CMARK_WORD_LOST 68     /* a kept sample whose reads were not in the slots */
#define RTB_CMARK_WORDS 69         /* the block's size in words */

#endif /* RTB_CYCLE_MARK_BLOCK_H */
