/*
 * Window marks of the cycle-model validation guests, in assembler: stores to
 * the mark block rtb_cmark_block, whose base r7 holds (see ../README.md,
 * "Protocol"). Built with -DCM_NO_MARKS they vanish, and so does the block.
 */
#ifndef CM_TEST_MARKS_H_
#define CM_TEST_MARKS_H_

/* Assembler, not C: */
/* clang-format off */
#ifndef CM_NO_MARKS
#define MARK_OPEN str r0, [r7, #0x00]
#define MARK_CLOSE str r0, [r7, #0x04]
#define MARK_BENCH str r0, [r7, #0x08]
#define MARK_BENCH_END str r0, [r7, #0x0c]
#define MARK_TAG(d) str r0, [r7, #(0x10 + 4 * (d))]
#else
#define MARK_OPEN
#define MARK_CLOSE
#define MARK_BENCH
#define MARK_BENCH_END
#define MARK_TAG(d)
#endif
/* clang-format on */

#endif
