/*
 * Thumb / Thumb-2 decoder of the cycle model (see cm_decode.h). Section
 * numbers refer to the ARMv7-M Architecture Reference Manual, DDI 0403E.
 */
#include "cm_decode.h"

#include <string.h>

static int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (m << 1) - 1;
    return (int32_t)((v ^ m) - m);
}

static unsigned popcount16(uint32_t v)
{
    unsigned n = 0;
    for (v &= 0xffff; v; v &= v - 1)
        n++;
    return n;
}

/* A5.2.3: special data instructions and branch and exchange. */
static void dec16_special(uint16_t hw, struct cm_insn *d)
{
    unsigned o = (hw >> 6) & 0xf;
    unsigned rdn = ((hw >> 4) & 8) | (hw & 7);
    if (o < 4 || (o >= 8 && o < 12)) { /* ADD, MOV (high registers) */
        d->kind = CM_K_ALU;
        d->rd = (int8_t)rdn;
        d->writes_pc = rdn == 15;
    } else if (o < 8) { /* CMP */
        d->kind = CM_K_ALU;
    } else {
        d->kind = o < 14 ? CM_K_BX : CM_K_BLX;
        d->writes_pc = true;
        d->is_call = o >= 14;
    }
}

/* A5.2.5: miscellaneous 16-bit instructions. */
static void dec16_misc(uint32_t pc, uint16_t hw, struct cm_insn *d, struct cm_it *it)
{
    if ((hw & 0xff00) == 0xb000) {
        d->kind = CM_K_ALU; /* ADD/SUB SP, SP, #imm */
        d->rd = 13;
    } else if ((hw & 0xf500) == 0xb100) {
        d->kind = CM_K_CBZ;
        d->direct = true;
        d->cond = true;
        d->target = pc + 4 + ((((hw >> 9) & 1) << 6) | (((hw >> 3) & 0x1f) << 1));
    } else if ((hw & 0xff00) == 0xb200 || (hw & 0xff00) == 0xba00) {
        d->kind = CM_K_ALU; /* SXTH/SXTB/UXTH/UXTB, REV/REV16/REVSH */
        d->rd = hw & 7;
    } else if ((hw & 0xfe00) == 0xb400) {
        d->kind = CM_K_STM; /* PUSH */
        d->nregs = (uint8_t)(popcount16(hw & 0xff) + ((hw >> 8) & 1));
        d->addr_regs = 1u << 13;
    } else if ((hw & 0xffe0) == 0xb660) {
        d->kind = CM_K_CPS;
    } else if ((hw & 0xfe00) == 0xbc00) {
        d->kind = CM_K_LDM; /* POP */
        d->nregs = (uint8_t)(popcount16(hw & 0xff) + ((hw >> 8) & 1));
        d->writes_pc = (hw >> 8) & 1;
        d->addr_regs = 1u << 13;
    } else if ((hw & 0xff00) == 0xbf00 && (hw & 0xf) != 0) {
        unsigned mask = hw & 0xf, n = 4;
        d->kind = CM_K_IT;
        while (!(mask & 1)) {
            mask >>= 1;
            n--;
        }
        it->left = (uint8_t)n + 1; /* the decrement for this IT itself follows */
    } else if ((hw & 0xff00) == 0xbf00) {
        d->kind = CM_K_HINT;
    } else {
        d->kind = CM_K_BKPT;
    }
}

/* A5.2.6: conditional branch and supervisor call. */
static void dec16_branch(uint32_t pc, uint16_t hw, struct cm_insn *d)
{
    unsigned cond = (hw >> 8) & 0xf;
    if (cond == 0xf) {
        d->kind = CM_K_SVC;
    } else if (cond == 0xe) {
        d->kind = CM_K_BKPT; /* UDF */
    } else {
        d->kind = CM_K_BCC;
        d->direct = true;
        d->cond = true;
        d->writes_pc = true;
        d->target = pc + 4 + (uint32_t)sext((uint32_t)(hw & 0xff) << 1, 9);
    }
}

/* A5.2: 16-bit Thumb instruction encoding. */
static void dec16(uint32_t pc, uint16_t hw, struct cm_insn *d, struct cm_it *it)
{
    unsigned op = hw >> 10;

    if ((op & 0x30) == 0x00) {
        /* A5.2.1 shift (immediate), add, subtract, move, compare */
        unsigned op5 = hw >> 11;
        d->kind = CM_K_ALU;
        if (op5 <= 3)
            d->rd = hw & 7; /* LSL/LSR/ASR imm, ADD/SUB reg and imm3 */
        else if (op5 == 5)
            d->rd = -1; /* CMP imm8 */
        else
            d->rd = (hw >> 8) & 7; /* MOV, ADD, SUB imm8 */
    } else if (op == 0x10) {
        /* A5.2.2 data processing */
        unsigned o = (hw >> 6) & 0xf;
        d->kind = o == 0xd ? CM_K_MUL : CM_K_ALU;
        d->rd = (o == 0x8 || o == 0xa || o == 0xb) ? -1 : (hw & 7);
    } else if (op == 0x11) {
        /* A5.2.3 special data instructions and branch and exchange */
        dec16_special(hw, d);
    } else if ((op & 0x3e) == 0x12) {
        /* LDR (literal) */
        d->kind = CM_K_LDR;
        d->rd = (hw >> 8) & 7;
        d->literal = true;
        d->lit_addr = ((pc + 4) & ~3u) + (hw & 0xffu) * 4;
    } else if ((op & 0x3c) == 0x14) {
        /* A5.2.4 load/store single data item, register offset */
        unsigned opb = (hw >> 9) & 7;
        d->kind = opb < 3 ? CM_K_STR : CM_K_LDR;
        d->rd = opb < 3 ? -1 : (hw & 7);
        d->addr_regs = (uint16_t)((1u << ((hw >> 6) & 7)) | (1u << ((hw >> 3) & 7)));
        d->reg_offset = true;
    } else if ((op & 0x38) == 0x18 || (op & 0x3c) == 0x20) {
        /* STR/LDR(B) and STRH/LDRH, immediate offset */
        bool load = (hw >> 11) & 1;
        d->kind = load ? CM_K_LDR : CM_K_STR;
        d->rd = load ? (hw & 7) : -1;
        d->addr_regs = (uint16_t)(1u << ((hw >> 3) & 7));
    } else if ((op & 0x3c) == 0x24) {
        /* STR/LDR SP-relative */
        bool load = (hw >> 11) & 1;
        d->kind = load ? CM_K_LDR : CM_K_STR;
        d->rd = load ? ((hw >> 8) & 7) : -1;
        d->addr_regs = 1u << 13;
    } else if ((op & 0x3c) == 0x28) {
        /* ADR, ADD Rd, SP, #imm */
        d->kind = CM_K_ALU;
        d->rd = (hw >> 8) & 7;
    } else if ((op & 0x3c) == 0x2c) {
        /* A5.2.5 miscellaneous 16-bit instructions */
        dec16_misc(pc, hw, d, it);
    } else if ((op & 0x3e) == 0x30 || (op & 0x3e) == 0x32) {
        /* STM / LDM */
        bool load = (hw >> 11) & 1;
        d->kind = load ? CM_K_LDM : CM_K_STM;
        d->nregs = (uint8_t)popcount16(hw & 0xff);
        d->addr_regs = (uint16_t)(1u << ((hw >> 8) & 7));
    } else if ((op & 0x3c) == 0x34) {
        /* A5.2.6 conditional branch and supervisor call */
        dec16_branch(pc, hw, d);
    } else if ((op & 0x3e) == 0x38) {
        d->kind = CM_K_B;
        d->direct = true;
        d->writes_pc = true;
        d->target = pc + 4 + (uint32_t)sext((uint32_t)(hw & 0x7ff) << 1, 12);
    } else {
        d->kind = CM_K_BKPT;
    }
    if (d->kind == CM_K_CBZ)
        d->writes_pc = true;
}

/* A6.3.x: floating-point (coprocessor 10/11) instructions, FPv4-SP / FPv5. */
static void dec_fp(uint16_t hw1, uint16_t hw2, struct cm_insn *d)
{
    unsigned coproc = (hw2 >> 8) & 0xf;
    d->kind = CM_K_FP;
    if (coproc != 10 && coproc != 11)
        return;
    if ((hw1 & 0x0e00) == 0x0c00) {
        /* extension register load/store: 1110 110P UDWL Rn */
        bool p = (hw1 >> 8) & 1, w = (hw1 >> 5) & 1, u = (hw1 >> 7) & 1;
        if (!p && !u && !w)
            return; /* 64-bit transfers between core and extension registers */
        d->addr_regs = (uint16_t)(1u << (hw1 & 0xf));
        if (p && !w) {
            d->kind = CM_K_FPLDST; /* VLDR, VSTR */
        } else {
            d->kind = CM_K_FPLDM; /* VLDM, VSTM, VPUSH, VPOP: N words */
            d->nregs = hw2 & 0xff;
        }
    } else if ((hw1 & 0x0f00) == 0x0e00 && !(hw2 & 0x10)) {
        unsigned opc1 = ((hw1 >> 4) & 0x8) | ((hw1 >> 4) & 0x3);
        unsigned opc2 = hw1 & 0xf, opc3 = (hw2 >> 6) & 3;
        if (opc1 == 0x0 || opc1 == 0x1 || opc1 == 0x9 || opc1 == 0xa)
            d->kind = CM_K_FPMAC;
        else if (opc1 == 0x8 || (opc1 == 0xb && opc2 == 1 && opc3 == 3))
            d->kind = CM_K_FPDIV;
    }
}

/* A5.3.6: load/store dual or exclusive, table branch. */
static void dec32_dual(uint32_t pc, uint16_t hw1, uint16_t hw2, struct cm_insn *d)
{
    unsigned rn = hw1 & 0xf;
    unsigned o1 = (hw1 >> 7) & 3, o2 = (hw1 >> 4) & 3;
    d->addr_regs = (uint16_t)(1u << rn);
    if (o1 == 0 && o2 == 0) {
        d->kind = CM_K_STREX;
        d->rd = (hw2 >> 8) & 0xf;
    } else if (o1 == 0 && o2 == 1) {
        d->kind = CM_K_LDR; /* LDREX */
        d->rd = (int8_t)(hw2 >> 12);
    } else if ((!(o1 & 2) && o2 == 2) || ((o1 & 2) && !(o2 & 1))) {
        d->kind = CM_K_STRD;
    } else if ((!(o1 & 2) && o2 == 3) || ((o1 & 2) && (o2 & 1))) {
        d->kind = CM_K_LDRD;
        d->rd = (int8_t)(hw2 >> 12);
        d->literal = rn == 15;
        d->lit_addr = (pc + 4) & ~3u;
    } else if (o1 == 1 && o2 == 0) {
        d->kind = CM_K_STREX; /* STREXB/H */
        d->rd = hw2 & 0xf;
    } else if (((hw2 >> 4) & 0xf) <= 1) {
        d->kind = CM_K_TB; /* TBB, TBH */
        d->writes_pc = true;
        d->addr_regs |= (uint16_t)(1u << (hw2 & 0xf));
    } else {
        d->kind = CM_K_LDR; /* LDREXB/H */
        d->rd = (int8_t)(hw2 >> 12);
    }
}

/* A5.3.4: branches and miscellaneous control. */
static void dec32_branch(uint32_t pc, uint16_t hw1, uint16_t hw2, struct cm_insn *d)
{
    unsigned op2 = (hw1 >> 4) & 0x7f;
    unsigned o1 = (hw2 >> 12) & 7;
    uint32_t s = (hw1 >> 10) & 1, j1 = (hw2 >> 13) & 1, j2 = (hw2 >> 11) & 1;
    if ((o1 & 5) == 0) {
        if (((hw1 >> 7) & 7) != 7) {
            uint32_t imm = (s << 20) | (j2 << 19) | (j1 << 18) | ((uint32_t)(hw1 & 0x3f) << 12) |
                           ((uint32_t)(hw2 & 0x7ff) << 1);
            d->kind = CM_K_BCC;
            d->direct = true;
            d->cond = true;
            d->writes_pc = true;
            d->target = pc + 4 + (uint32_t)sext(imm, 21);
        } else if ((op2 & 0x7e) == 0x38) {
            d->kind = CM_K_MSR;
        } else if (op2 == 0x3a) {
            d->kind = CM_K_HINT;
        } else if (op2 == 0x3b) {
            unsigned o = (hw2 >> 4) & 0xf;
            d->kind = o == 6 ? CM_K_ISB : (o == 4 || o == 5) ? CM_K_DSB : CM_K_HINT;
        } else if ((op2 & 0x7e) == 0x3e) {
            d->kind = CM_K_MRS;
            d->rd = (hw2 >> 8) & 0xf;
        } else {
            d->kind = CM_K_BKPT;
        }
    } else if ((o1 & 5) == 1 || (o1 & 5) == 5) {
        uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);
        uint32_t imm = (s << 24) | (i1 << 23) | (i2 << 22) | ((uint32_t)(hw1 & 0x3ff) << 12) |
                       ((uint32_t)(hw2 & 0x7ff) << 1);
        d->kind = (o1 & 5) == 5 ? CM_K_BL : CM_K_B;
        d->is_call = d->kind == CM_K_BL;
        d->direct = true;
        d->writes_pc = true;
        d->target = pc + 4 + (uint32_t)sext(imm, 25);
    } else {
        d->kind = CM_K_BKPT; /* UDF, BLX (immediate) has no M-profile form */
    }
}

/* A5.3.7-9: load byte / halfword / word, memory hints. */
static void dec32_load(uint32_t pc, uint16_t hw1, uint16_t hw2, struct cm_insn *d)
{
    unsigned op2 = (hw1 >> 4) & 0x7f, rn = hw1 & 0xf;
    unsigned rt = hw2 >> 12;
    bool word = (op2 & 0x67) == 0x05;
    d->kind = CM_K_LDR;
    d->rd = (int8_t)rt;
    if (rn == 15) {
        uint32_t base = (pc + 4) & ~3u, imm = hw2 & 0xfff;
        d->literal = true;
        d->lit_addr = (hw1 & 0x80) ? base + imm : base - imm;
    } else {
        d->addr_regs = (uint16_t)(1u << rn);
        if (!(hw1 & 0x80) && ((hw2 >> 6) & 0x3f) == 0) {
            d->reg_offset = true;
            d->addr_regs |= (uint16_t)(1u << (hw2 & 0xf));
        }
    }
    if (rt == 15) {
        if (word) {
            d->writes_pc = true; /* LDR PC, [...] */
        } else {
            d->kind = CM_K_HINT; /* PLD, PLI */
            d->rd = -1;
        }
    }
}

/* A5.3.16: multiply, multiply accumulate, absolute difference. */
static void dec32_multiply(uint16_t hw1, uint16_t hw2, struct cm_insn *d)
{
    unsigned o1 = (hw1 >> 4) & 7, o2 = (hw2 >> 4) & 3;
    d->rd = (hw2 >> 8) & 0xf;
    if (o1 == 0 && o2 == 0)
        d->kind = (hw2 >> 12) == 15 ? CM_K_MUL : CM_K_MLA;
    else if (o1 == 0 && o2 == 1)
        d->kind = CM_K_MLA; /* MLS */
    else if (o1 == 7 && o2 == 0)
        d->kind = CM_K_ALU; /* USAD8, USADA8 */
    else
        d->kind = CM_K_DSPMUL;
}

/* A5.3.17: long multiply, long multiply accumulate, divide. */
static void dec32_long_multiply(uint16_t hw1, uint16_t hw2, struct cm_insn *d)
{
    unsigned o1 = (hw1 >> 4) & 7;
    d->rd = (hw2 >> 8) & 0xf; /* RdHi or Rd */
    if (o1 == 1 || o1 == 3)
        d->kind = CM_K_DIV;
    else if (o1 == 0 || o1 == 2)
        d->kind = CM_K_MULL;
    else
        d->kind = CM_K_MLAL;
}

/* A5.3: 32-bit Thumb instruction encoding. */
static void dec32(uint32_t pc, uint16_t hw1, uint16_t hw2, struct cm_insn *d)
{
    unsigned op1 = (hw1 >> 11) & 3, op2 = (hw1 >> 4) & 0x7f;
    unsigned rn = hw1 & 0xf;

    if (op1 == 1) {
        if ((op2 & 0x64) == 0x00) {
            /* A5.3.5 load/store multiple (incl. PUSH.W/POP.W) */
            bool load = (hw1 >> 4) & 1;
            d->kind = load ? CM_K_LDM : CM_K_STM;
            d->nregs = (uint8_t)popcount16(hw2);
            d->writes_pc = load && (hw2 >> 15);
            d->addr_regs = (uint16_t)(1u << rn);
        } else if ((op2 & 0x64) == 0x04) {
            /* A5.3.6 load/store dual or exclusive, table branch */
            dec32_dual(pc, hw1, hw2, d);
        } else if ((op2 & 0x60) == 0x20) {
            /* A5.3.11 data processing (shifted register) */
            d->kind = CM_K_ALU;
            d->rd = (hw2 >> 8) & 0xf;
            if (d->rd == 15)
                d->rd = -1; /* TST, TEQ, CMN, CMP */
        } else {
            dec_fp(hw1, hw2, d);
        }
    } else if (op1 == 2) {
        if (!(hw2 >> 15)) {
            /* A5.3.1/A5.3.3 data processing (modified / plain binary immediate) */
            d->kind = CM_K_ALU;
            d->rd = (hw2 >> 8) & 0xf;
            if (d->rd == 15)
                d->rd = -1;
            return;
        }
        dec32_branch(pc, hw1, hw2, d); /* A5.3.4 */
    } else if (op1 == 3) {
        if ((op2 & 0x71) == 0x00) {
            /* A5.3.10 store single data item */
            d->kind = CM_K_STR;
            d->addr_regs = (uint16_t)(1u << rn);
            if (!(hw1 & 0x80) && ((hw2 >> 6) & 0x3f) == 0) {
                d->reg_offset = true;
                d->addr_regs |= (uint16_t)(1u << (hw2 & 0xf));
            }
        } else if ((op2 & 0x67) == 0x01 || (op2 & 0x67) == 0x03 || (op2 & 0x67) == 0x05) {
            /* A5.3.7-9 load byte / halfword / word, memory hints */
            dec32_load(pc, hw1, hw2, d);
        } else if ((op2 & 0x70) == 0x20) {
            /* A5.3.12 data processing (register), A5.3.13-15 parallel add/sub, misc */
            d->kind = CM_K_ALU;
            d->rd = (hw2 >> 8) & 0xf;
        } else if ((op2 & 0x78) == 0x30) {
            /* A5.3.16 multiply, multiply accumulate, absolute difference */
            dec32_multiply(hw1, hw2, d);
        } else if ((op2 & 0x78) == 0x38) {
            /* A5.3.17 long multiply, long multiply accumulate, divide */
            dec32_long_multiply(hw1, hw2, d);
        } else if (op2 & 0x40) {
            dec_fp(hw1, hw2, d);
        } else {
            d->kind = CM_K_BKPT;
        }
    } else {
        d->kind = CM_K_BKPT;
    }
}

void cm_decode(uint32_t pc, uint16_t hw1, uint16_t hw2, struct cm_it *it, struct cm_insn *d)
{
    bool in_it = it->left > 0;

    memset(d, 0, sizeof *d);
    d->rd = -1;
    d->size = (uint8_t)cm_thumb_len(hw1);
    if (in_it)
        it->left--;
    if (d->size == 2)
        dec16(pc, hw1, d, it);
    else
        dec32(pc, hw1, hw2, d);
    if (d->kind == CM_K_IT)
        it->left--; /* dec16 counted the IT itself */
    if (in_it)
        d->cond = true;
    if (d->rd == 15)
        d->rd = -1;
}

const char *cm_kind_name(unsigned kind)
{
    static const char *const names[CM_K_COUNT] = {
        "alu",   "mul",  "mla",  "mull", "mlal",  "dspmul", "div",    "ldr",  "str",
        "strex", "ldrd", "strd", "ldm",  "stm",   "b",      "bcc",    "cbz",  "bl",
        "bx",    "blx",  "tb",   "it",   "dsb",   "isb",    "mrs",    "msr",  "cps",
        "hint",  "svc",  "bkpt", "fp",   "fpmac", "fpdiv",  "fpldst", "fpldm"};
    return kind < CM_K_COUNT ? names[kind] : "?";
}
