/*
 * Window marks of the cycle-model validation guests, in assembler: stores to
 * the mark block rtb_cmark_block, whose base r7 holds (see ../README.md,
 * "Protocol"): the words up to the stamps (open, close, benchmark, tag
 * digits), as rtb/cycle_mark_block.h numbers them. Built with -DCM_NO_MARKS
 * they vanish, and so does the block.
 */
#ifndef CM_TEST_MARKS_H_
#define CM_TEST_MARKS_H_

#include "rtb/cycle_mark_block.h" /* the word of each mark */

/* Assembler, not C: */
/* clang-format off */
#ifndef CM_NO_MARKS
#define MARK_OPEN str r0, [r7, #(4 * RTB_CMARK_WORD_OPEN)]
#define MARK_CLOSE str r0, [r7, #(4 * RTB_CMARK_WORD_CLOSE)]
#define MARK_BENCH str r0, [r7, #(4 * RTB_CMARK_WORD_BENCH)]
#define MARK_BENCH_END str r0, [r7, #(4 * RTB_CMARK_WORD_BENCH_END)]
#define MARK_TAG(d) str r0, [r7, #(4 * (RTB_CMARK_WORD_TAG + (d)))]
#else
#define MARK_OPEN
#define MARK_CLOSE
#define MARK_BENCH
#define MARK_BENCH_END
#define MARK_TAG(d)
#endif
/* clang-format on */

#endif
