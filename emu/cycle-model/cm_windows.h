/*
 * Windows and benchmarks of the cycle model: what the guest's window marks say
 * (README.md, "Protocol"), summed per benchmark and written to the result file
 * as W and B lines.
 */
#ifndef CM_WINDOWS_H_
#define CM_WINDOWS_H_

#include "rtb/cycle_mark_block.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Window-mark offsets in the mark block, in bytes: 4 * the word indexes of
   rtb/cycle_mark_block.h (the protocol the guests include too). */
enum {
    MARK_OPEN = 4 * RTB_CMARK_WORD_OPEN,
    MARK_CLOSE = 4 * RTB_CMARK_WORD_CLOSE,
    MARK_BENCH = 4 * RTB_CMARK_WORD_BENCH,
    MARK_BENCH_END = 4 * RTB_CMARK_WORD_BENCH_END,
    MARK_TAG0 = 4 * RTB_CMARK_WORD_TAG,    /* 16 words: tag digits 0..15 */
    MARK_STAMP = 4 * RTB_CMARK_WORD_STAMP, /* a word per slot: a counter read */
    MARK_FROM = 4 * RTB_CMARK_WORD_FROM,   /* a word per slot: a window opens at its read */
    MARK_TO = 4 * RTB_CMARK_WORD_TO,       /* a word per slot: it closes at its read */
    MARK_LOST = 4 * RTB_CMARK_WORD_LOST,   /* the guest could not name a window's reads */
    MARK_SPAN = 4 * RTB_CMARK_WORDS,
    N_SLOTS = RTB_CMARK_SLOTS,
};

/* Windows summed: count, model cycles (sum, least, most) and instructions. */
struct cm_agg {
    uint64_t n, sum, min, max, insns;
};

/* Model cycles and instructions executed at one point of the run. */
struct cm_at {
    uint64_t cycles, insns;
};

struct cm_windows {
    FILE *out; /* the result file, or NULL */
    /* open/close marks: the window open since `open_at` */
    bool open;
    struct cm_at open_at;
    uint64_t n_windows, n_stray_close, n_reopen, n_lost, n_stray_to;
    /* stamped counter reads: model cycles and instructions at each slot's last read */
    struct cm_at stamp[N_SLOTS];
    bool stamp_set[N_SLOTS];
    int from_slot; /* slot of the open stamped window, or -1 */
    /* benchmarks: windows until the next BENCH or BENCH_END belong to the current one */
    unsigned bench_seq; /* benchmarks begun so far */
    bool bench_active;  /* between BENCH and BENCH_END (or the next BENCH) */
    uint64_t bench_tag;
    bool bench_tag_set;
    struct cm_agg bench_agg, outside_agg;
    uint64_t win_in_bench, win_outside;
};

/* No window, no benchmark; W and B lines to out (NULL: none). */
void cm_windows_init(struct cm_windows *w, FILE *out);

/* A store to the mark block at byte offset off (a multiple of 4, below
   MARK_SPAN): the counters just before the store and just after it. */
void cm_windows_mark(struct cm_windows *w, uint64_t off, struct cm_at before, struct cm_at after);

/* At the end of the run: the last benchmark's B line and that of the windows
   outside every benchmark (benchmark 0). */
void cm_windows_end(struct cm_windows *w);

#endif
