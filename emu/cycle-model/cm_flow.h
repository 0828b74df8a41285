/*
 * Control flow and exceptions of the cycle model, one executed block at a
 * time: which block follows the last one says whether a conditional branch
 * was taken (its refill), whether wait states apply to a refill, and what the
 * exceptions cost. An exception entry is a block starting at a handler address
 * (from the image's vector table and handler symbols) that no executed branch
 * of the previous block targets; an exception return is a return-type branch
 * (BX, POP/LDM/LDR PC) at handler call depth 0; tail-chaining is a return
 * followed directly by another handler.
 */
#ifndef CM_FLOW_H_
#define CM_FLOW_H_

#include "cm_decode.h"
#include "cm_timing.h"

#include <stdbool.h>
#include <stdint.h>

#define CM_MAX_FRAMES 64

/* A translated block, priced once; what its last instruction does to the flow. */
struct cm_block {
    uint32_t start;       /* address of the first instruction */
    uint32_t fall;        /* address after the last instruction */
    uint32_t target;      /* direct branch target of the last instruction */
    uint32_t taken_extra; /* cycles a taken conditional branch adds */
    uint32_t refill;      /* refill cycles the last instruction costs when taken */
    bool align_refill;    /* taken: + 1 if the target is a 32-bit instruction at a halfword */
    uint64_t end_count;   /* inline: times the last instruction executed */
    bool is_handler;      /* starts at an exception handler */
    bool end_branch;      /* the last instruction may write PC */
    bool end_cond, end_direct, end_call, end_ret;
    uint32_t n;          /* instructions */
    uint32_t *addr;      /* [n] instruction addresses */
    uint32_t *suffix;    /* [n + 1] base cycles of instructions i..n-1 */
    struct cm_insn *ins; /* [n] decoded instructions */
    struct cm_mark_site *sites;
};

/* A single store that may be a window mark: the block and its index there. */
struct cm_mark_site {
    struct cm_block *tb;
    uint32_t idx;
};

/* The run so far (one vCPU: the Cortex-M machines here have one). */
struct cm_flow {
    const struct cm_model *model;
    uint64_t cycles; /* inline: model cycles, each block counted whole at its start */
    uint64_t insns;  /* inline: instructions, counted the same way */
    uint64_t taken_cycles, exc_cycles; /* refills of taken branches, exceptions (profile=1) */
    struct cm_block *prev;             /* the block executed last, or NULL */
    uint64_t prev_end_snap;            /* its end_count when it began */
    /* exception frames: call depth inside each, and the block it cut short (or NULL) */
    unsigned frame_depth[CM_MAX_FRAMES];
    struct cm_block *frame_cut[CM_MAX_FRAMES];
    unsigned n_frames;
    /* address of the last store executed since the last block began, if set:
       QEMU re-translates an I/O store that is not at a block's end into a block
       of its own that runs memory callbacks only, so this is how far a cut
       block got */
    uint32_t last_store_pc;
    bool last_store_set;
    uint64_t n_entry, n_exit, n_tail, n_frame_overflow, n_taken;
};

/* Block cur begins: settles what the previous one did, counts cur whole. */
void cm_flow_block(struct cm_flow *f, struct cm_block *cur);

#endif
