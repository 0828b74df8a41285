/*
 * Per-core timing tables of the cycle model. Sources (zero wait states):
 *   [M0]   Cortex-M0 TRM, ARM DDI 0432C, 3.3 "Instruction set summary", Table 3-1.
 *   [M0+]  Cortex-M0+ TRM, ARM DDI 0484C, 3.3 "Instruction set summary", Table 3-1;
 *          3.6.1 "Exception handling" (interrupt latency 15 cycles).
 *   [M3]   Cortex-M3 TRM, ARM DDI 0337I, 3.3.1 "Cortex-M3 instructions", Table 3-1;
 *          3.3.2 "Load/store timings".
 *   [M4]   Cortex-M4 TRM, ARM DDI 0439B, 3.3.1 "Cortex-M4 instructions", Table 3-1;
 *          3.3.2 "Load/store timings"; 7.2.3 "FPU instruction set", Table 7-1.
 *   [KBA]  ARM Knowledge Base 103489845 "What is the true interrupt latency of
 *          Cortex-M3 and Cortex-M4": entry 12 cycles, exit 10 cycles (the M3 TRM's
 *          exit figure of 12 is a typographical error).
 *   [LAT]  ARM's published interrupt latencies (white paper "Cortex-M for
 *          Beginners", 2017): M0 16, M0+ 15, M3/M4 12, M33 12 cycles.
 *   [TC]   Tail-chaining in 6 cycles on M3/M4: J. Yiu, "The Definitive Guide to
 *          ARM Cortex-M3 and Cortex-M4 Processors", 3rd ed., 8.4.
 *   [ALN]  P, the refill the M3/M4 TRMs give as "1 to 3 depending on the alignment
 *          and width of the target instruction, and whether the processor manages
 *          to speculate the address early": a taken branch measured on a Cortex-M4
 *          with DWT takes 2 cycles, 3 when its target is a 32-bit instruction at a
 *          halfword (not word) address (compendium.i-0.nl, "Branch timing"). The
 *          model: P = 1, + 1 for such a target (decided when the branch is taken);
 *          3 after a load to PC (LDR PC, POP/LDM {..PC}, TBB/TBH: 3.3.2).
 * No cycle table of the Cortex-M33 is public: the model prices it with the
 * Cortex-M4 table (same three-stage pipeline class, ARMv8-M Mainline) and says so.
 */
#include "cm_timing.h"

#include <string.h>

#define R(a, b)                                                                                    \
    {                                                                                              \
        (a), (b)                                                                                   \
    }

/* The Cortex-M4 figures, also used for the Cortex-M33 (see above): [M4] Table 3-1 and
 * 3.3.2 (MUL, MLA, MLS and the long multiplies 1; loads 2, pipelined as on the M3),
 * Table 7-1 (VMLA/VFMA 3, VDIV/VSQRT 14, VLDR/VSTR 2, VLDM/VPUSH 1 + N), exception
 * entry 12 and exit 10 [KBA] [LAT], tail-chain 6 [TC]. */
#define CM_M4_TABLE                                                                                \
    .thumb2 = true, .p = 1, .p_load = 3, .bl_exec = 1, .ldr = 2, .str_imm = 1, .str_reg = 2,       \
    .strex = 2, .ld_pipeline = true, .agu_stall = true, .mul = R(1, 1), .mla = R(1, 1),            \
    .mull = R(1, 1), .mlal = R(1, 1), .dspmul = R(1, 1), .div = R(2, 12), .mrs = R(1, 2),          \
    .msr = R(1, 2), .cps = R(1, 2), .barrier = 1, .isb = 0, .fpmac = 3, .fpdiv = 14, .fpldst = 2,  \
    .exc_entry = 12, .exc_exit = 10, .exc_tail = 6

static const struct cm_core cores[] = {
    {
        .name = "cortex-m0",
        .source = "Cortex-M0 TRM DDI 0432C 3.3 Table 3-1",
        .thumb2 = false,
        .p = 2,       /* B = 3, BX = 3, B<cc> taken = 3, MOV PC = 3 [M0] */
        .p_load = 3,  /* POP {..,PC} = 4 + N [M0] */
        .bl_exec = 2, /* BL = 4 [M0] */
        .ldr = 2,
        .str_imm = 2,
        .str_reg = 2,
        .strex = 2,
        .ld_pipeline = false,
        .agu_stall = false,
        .mul = R(1, 32), /* MULS 1 or 32 (implementation option): muls= */
        .mla = R(1, 1),
        .mull = R(1, 1),
        .mlal = R(1, 1),
        .dspmul = R(1, 1),
        .div = R(1, 1),
        .mrs = R(4, 4),
        .msr = R(4, 4),
        .cps = R(1, 1),
        .barrier = 4, /* DMB, DSB = 4 [M0] */
        .isb = 4,     /* ISB = 4 [M0] */
        .fpmac = 1,
        .fpdiv = 1,
        .fpldst = 2,
        .exc_entry = 16, /* [LAT] */
        .exc_exit = 16,  /* not stated: approximated as the entry */
        .exc_tail = 8,   /* not stated: approximated as half the entry, as on M3/M4 */
        .exc_exit_approx = true,
    },
    {
        .name = "cortex-m0plus",
        .source = "Cortex-M0+ TRM DDI 0484C 3.3 Table 3-1",
        .thumb2 = false,
        .p = 1,       /* B = 2, BX = 2, B<cc> taken = 2, MOV PC = 2 [M0+] */
        .p_load = 2,  /* POP {..,PC} = 3 + N [M0+] */
        .bl_exec = 2, /* BL = 3 [M0+] */
        .ldr = 2,
        .str_imm = 2,
        .str_reg = 2,
        .strex = 2,
        .ld_pipeline = false,
        .agu_stall = false,
        .mul = R(1, 32),
        .mla = R(1, 1),
        .mull = R(1, 1),
        .mlal = R(1, 1),
        .dspmul = R(1, 1),
        .div = R(1, 1),
        .mrs = R(3, 3),
        .msr = R(3, 3),
        .cps = R(1, 1),
        .barrier = 3, /* DMB, DSB = 3 [M0+] */
        .isb = 3,     /* ISB = 3 [M0+] */
        .fpmac = 1,
        .fpdiv = 1,
        .fpldst = 2,
        .exc_entry = 15, /* [M0+] 3.6.1 */
        .exc_exit = 15,  /* not stated: approximated as the entry */
        .exc_tail = 8,   /* not stated: approximated */
        .exc_exit_approx = true,
    },
    {
        .name = "cortex-m3",
        .source = "Cortex-M3 TRM DDI 0337I 3.3.1 Table 3-1, 3.3.2",
        .thumb2 = true,
        .p = 1,      /* P: "1 to 3" [M3] 3.3.1: 1, 2 to a wide unaligned target [ALN] */
        .p_load = 3, /* LDR PC: "two cycles for the load, and three for the reload" [M3] 3.3.2 */
        .bl_exec = 1,
        .ldr = 2,     /* LDR 2 [M3] Table 3-1 */
        .str_imm = 1, /* "STR Rx,[Ry,#imm] is always one cycle" [M3] 3.3.2 */
        .str_reg = 2, /* STR 2 [M3] Table 3-1; nothing pipelines after it, 3.3.2 */
        .strex = 2,
        .ld_pipeline = true,
        .agu_stall = true,
        .mul = R(1, 1),
        .mla = R(2, 2),  /* MLA, MLS 2 */
        .mull = R(3, 5), /* SMULL, UMULL 3 to 5 (early termination) */
        .mlal = R(4, 7), /* SMLAL, UMLAL 4 to 7 */
        .dspmul = R(1, 1),
        .div = R(2, 12), /* SDIV, UDIV 2 to 12 (early termination) */
        .mrs = R(1, 2),
        .msr = R(1, 2),
        .cps = R(1, 2),
        .barrier = 1, /* DMB, DSB 1 + B, B >= 0 */
        .isb = 0,     /* ISB 1 + B, B >= P */
        .fpmac = 1,
        .fpdiv = 1,
        .fpldst = 2,
        .exc_entry = 12, /* [KBA] */
        .exc_exit = 10,  /* [KBA] */
        .exc_tail = 6,   /* [TC] */
        .exc_exit_approx = false,
    },
    {
        .name = "cortex-m4",
        .source = "Cortex-M4 TRM DDI 0439B 3.3.1 Table 3-1, 3.3.2, 7.2.3 Table 7-1",
        CM_M4_TABLE,
        .exc_exit_approx = false,
    },
    {
        /* No cycle table of the M33 is public: the M4's, entry from [LAT] (no
         * security-state change, no FP context), exit and tail-chain as the M4's. */
        .name = "cortex-m33",
        .source = "no public M33 table: Cortex-M4 TRM DDI 0439B figures (approximate)",
        CM_M4_TABLE,
        .exc_exit_approx = true,
    },
};

const struct cm_core *cm_core_find(const char *name)
{
    for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
        if (strcmp(cores[i].name, name) == 0)
            return &cores[i];
    if (strcmp(name, "cortex-m0+") == 0)
        return &cores[1];
    return NULL;
}

const char *cm_core_names(void)
{
    static char names[128];
    if (!names[0]) {
        size_t len = 0;
        for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++) {
            size_t l = strlen(cores[i].name);
            if (len + l + 3 > sizeof names)
                break;
            if (i) {
                memcpy(names + len, ", ", 2);
                len += 2;
            }
            memcpy(names + len, cores[i].name, l + 1);
            len += l;
        }
    }
    return names;
}

void cm_model_init(struct cm_model *m, const struct cm_core *core)
{
    memset(m, 0, sizeof *m);
    m->core = core;
    m->p = core->p;
    m->p_align = core->thumb2; /* ARMv6-M tables give fixed branch costs */
    m->pick = CM_PICK_MID;
    m->muls = 1;
    m->flash_lo = 0;
    m->flash_hi = 0x20000000u; /* the ARMv7-M/ARMv6-M Code region */
}

unsigned cm_pick(const struct cm_model *m, struct cm_range r)
{
    switch (m->pick) {
    case CM_PICK_MIN:
        return r.min;
    case CM_PICK_MAX:
        return r.max;
    default:
        return (r.min + r.max + 1u) / 2u;
    }
}

static bool is_dataproc(unsigned k)
{
    return k == CM_K_ALU || k == CM_K_MUL || k == CM_K_MLA || k == CM_K_MULL || k == CM_K_MLAL ||
           k == CM_K_DSPMUL || k == CM_K_DIV;
}

static bool is_mem(unsigned k)
{
    return k == CM_K_LDR || k == CM_K_STR || k == CM_K_STREX || k == CM_K_LDRD || k == CM_K_STRD ||
           k == CM_K_LDM || k == CM_K_STM || k == CM_K_FPLDST || k == CM_K_FPLDM;
}

/* The cycles of cur before any refill: the manual's figure for its class. */
static unsigned base_cycles(const struct cm_model *m, const struct cm_insn *cur)
{
    const struct cm_core *c = m->core;
    switch (cur->kind) {
    case CM_K_MUL:
        return c->thumb2 ? cm_pick(m, c->mul) : m->muls;
    case CM_K_MLA:
        return cm_pick(m, c->mla);
    case CM_K_MULL:
        return cm_pick(m, c->mull);
    case CM_K_MLAL:
        return cm_pick(m, c->mlal);
    case CM_K_DSPMUL:
        return cm_pick(m, c->dspmul);
    case CM_K_DIV:
        return cm_pick(m, c->div);
    case CM_K_LDR:
        return c->ldr; /* LDR PC: 2 + P */
    case CM_K_STR:
        return cur->reg_offset ? c->str_reg : c->str_imm;
    case CM_K_STREX:
        return c->strex;
    case CM_K_LDRD:
    case CM_K_STRD:
        return 3; /* 1 + N, N = 2 (the two words pipeline together, 3.3.2) */
    case CM_K_LDM:
    case CM_K_STM:
    case CM_K_FPLDM:
        return 1u + cur->nregs; /* 1 + N */
    case CM_K_BL:
        return c->bl_exec;
    case CM_K_TB:
        return 3; /* TBB/TBH: two cycles load, one add, three reload (3.3.2) */
    case CM_K_DSB:
        return c->barrier;
    case CM_K_ISB:
        return c->isb ? c->isb : 1; /* else 1 + B, B at least a refill */
    case CM_K_MRS:
        return cm_pick(m, c->mrs);
    case CM_K_MSR:
        return cm_pick(m, c->msr);
    case CM_K_CPS:
        return cm_pick(m, c->cps);
    case CM_K_FPMAC:
        return c->fpmac;
    case CM_K_FPDIV:
        return c->fpdiv;
    case CM_K_FPLDST:
        return c->fpldst;
    default: /* ALU, IT, hints, SVC (its cost is the exception entry), BKPT, FP: 1 */
        return 1;
    }
}

/* The pipeline refill cur costs when it branches (0: none). */
static unsigned refill_cycles(const struct cm_model *m, const struct cm_insn *cur)
{
    const struct cm_core *c = m->core;
    unsigned p = m->p, pl = c->p_load;
    if (c->thumb2 && !m->p_align)
        pl = m->p + 1; /* a user-set P moves the load-to-PC refill with it */
    switch (cur->kind) {
    case CM_K_ALU:
        return cur->writes_pc ? p : 0; /* MOV PC, ADD PC: 1 + P */
    case CM_K_LDR:
    case CM_K_LDM:
    case CM_K_STM:
        /* LDR PC: 2 + P; POP/LDM with PC: 1 + N + P (M0: 4 + N, M0+: 3 + N) */
        return cur->writes_pc ? pl : 0;
    case CM_K_B:
    case CM_K_BX:
    case CM_K_BLX:
    case CM_K_BL:
    case CM_K_BCC: /* 1 or 1 + P */
    case CM_K_CBZ:
        return p;
    case CM_K_TB:
        return pl;
    case CM_K_ISB:
        return c->isb ? 0 : p;
    default:
        return 0;
    }
}

/* base, adjusted for prev, the instruction before cur in the same block (or
   NULL), and for wait states on a literal load. */
static unsigned pipelined(const struct cm_model *m, const struct cm_insn *cur,
                          const struct cm_insn *prev, unsigned base)
{
    const struct cm_core *c = m->core;
    /* Load/store pipelining, Cortex-M3/M4 TRM 3.3.2 */
    if (c->ld_pipeline && prev && (prev->kind == CM_K_LDR || prev->kind == CM_K_STREX) &&
        !prev->writes_pc &&
        (cur->kind == CM_K_LDR || cur->kind == CM_K_STR || cur->kind == CM_K_STREX) &&
        !cur->writes_pc && !(prev->rd >= 0 && (cur->addr_regs & (1u << prev->rd))) && base > 1)
        base--;
    /* "Any load or store that generates an address dependent on the result of a
       preceding data processing operation stalls the pipeline for an additional
       cycle" (3.3.2) */
    if (c->agu_stall && prev && is_dataproc(prev->kind) && prev->rd >= 0 && is_mem(cur->kind) &&
        (cur->addr_regs & (1u << prev->rd)))
        base++;
    /* wait states on a literal load from flash */
    if (cur->literal && cm_in_flash(m, cur->lit_addr))
        base += m->ws;
    return base;
}

void cm_price(const struct cm_model *m, const struct cm_insn *cur, const struct cm_insn *prev,
              struct cm_price *out)
{
    unsigned base = pipelined(m, cur, prev, base_cycles(m, cur));
    unsigned refill = refill_cycles(m, cur);

    out->refill = refill;
    /* a branch whose target the processor fetches early (not a load to PC) */
    out->align_refill = m->p_align && refill && cur->writes_pc && cur->kind != CM_K_LDR &&
                        cur->kind != CM_K_LDM && cur->kind != CM_K_TB;
    if (cur->cond && refill) {
        out->base = base;
        out->taken_extra = refill;
    } else {
        out->base = base + refill;
        out->taken_extra = 0;
    }
}
