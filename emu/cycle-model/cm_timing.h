/*
 * Per-core timing tables of the cycle model and the pricing of one decoded
 * instruction. Every figure cites its source in cm_timing.c; docs/cycle-model.md
 * has the same tables for readers.
 */
#ifndef CM_TIMING_H_
#define CM_TIMING_H_

#include "cm_decode.h"

#include <stdbool.h>
#include <stdint.h>

/* A cost the manual gives as a range ("2 to 12"): the model picks one end or the middle. */
struct cm_range {
    uint8_t min, max;
};

enum cm_range_pick { CM_PICK_MIN, CM_PICK_MID, CM_PICK_MAX };

struct cm_core {
    const char *name;   /* plugin argument core=NAME */
    const char *source; /* the manual the table comes from */
    bool thumb2;        /* ARMv7-M / ARMv8-M Mainline instruction set */
    uint8_t p;          /* pipeline refill after a branch or a write to PC (P, its least) */
    uint8_t p_load;     /* pipeline refill after a load to PC */
    uint8_t bl_exec;    /* BL cycles before the refill */
    uint8_t ldr, str_imm, str_reg, strex;
    bool ld_pipeline; /* LDR followed by LDR/STR saves one cycle (M3/M4 TRM 3.3.2) */
    bool agu_stall;   /* address from the previous data-processing result: +1 */
    struct cm_range mul, mla, mull, mlal, dspmul, div, mrs, msr, cps;
    uint8_t barrier; /* DSB/DMB; ISB adds the refill on ARMv7-M */
    uint8_t isb;     /* ISB where the table gives it directly (0: 1 + P) */
    uint8_t fpmac, fpdiv, fpldst;
    uint8_t exc_entry, exc_exit, exc_tail;
    bool exc_exit_approx; /* exit and tail-chain not stated by the manual: approximate */
};

struct cm_model {
    const struct cm_core *core;
    unsigned ws;  /* flash wait states */
    unsigned p;   /* refill used (core default or p=) */
    bool p_align; /* ARMv7-M/v8-M: P + 1 to a 32-bit target at a halfword address (not p=) */
    enum cm_range_pick pick;
    unsigned muls;               /* ARMv6-M MULS: 1 (fast multiplier) or 32 (small multiplier) */
    uint32_t flash_lo, flash_hi; /* the wait-state region [lo, hi) */
};

struct cm_price {
    uint32_t base;        /* charged each time the instruction executes */
    uint32_t taken_extra; /* added when a conditional branch is taken */
    uint32_t refill;      /* the refill part of base + taken_extra */
    bool align_refill;    /* + 1 when the target is a 32-bit instruction at a halfword address */
};

const struct cm_core *cm_core_find(const char *name);
const char *cm_core_names(void);
void cm_model_init(struct cm_model *m, const struct cm_core *core);

/* Prices cur; prev is the instruction executed just before it in the same block, or NULL. */
void cm_price(const struct cm_model *m, const struct cm_insn *cur, const struct cm_insn *prev,
              struct cm_price *out);

unsigned cm_pick(const struct cm_model *m, struct cm_range r);

static inline bool cm_in_flash(const struct cm_model *m, uint32_t addr)
{
    return addr >= m->flash_lo && addr < m->flash_hi;
}

#endif
