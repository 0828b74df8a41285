/*
 * Thumb / Thumb-2 (ARMv6-M, ARMv7-M, ARMv7E-M, ARMv8-M Mainline) decoder of the
 * cycle model: one instruction in, the class the timing tables price and the
 * registers the pipelining rules look at. Encodings as in the ARMv7-M
 * Architecture Reference Manual (DDI 0403E), chapter A5.
 */
#ifndef CM_DECODE_H_
#define CM_DECODE_H_

#include <stdbool.h>
#include <stdint.h>

enum cm_kind {
    CM_K_ALU,    /* data processing, moves, shifts, extends, bit fields: 1 cycle */
    CM_K_MUL,    /* MUL/MULS (32-bit result) */
    CM_K_MLA,    /* MLA, MLS */
    CM_K_MULL,   /* SMULL, UMULL */
    CM_K_MLAL,   /* SMLAL, UMLAL, UMAAL, SMLALxy, SMLALD, SMLSLD */
    CM_K_DSPMUL, /* ARMv7E-M SMULxy, SMLAxy, SMUAD, ... (M4/M33) */
    CM_K_DIV,    /* SDIV, UDIV */
    CM_K_LDR,    /* single load (any size), LDREX* */
    CM_K_STR,    /* single store (any size) */
    CM_K_STREX,  /* STREX* (priced and pipelined as a load, TRM 3.3.2) */
    CM_K_LDRD,   /* LDRD */
    CM_K_STRD,   /* STRD */
    CM_K_LDM,    /* LDM, POP */
    CM_K_STM,    /* STM, PUSH */
    CM_K_B,      /* B (unconditional, direct) */
    CM_K_BCC,    /* B<cc> (conditional, direct) */
    CM_K_CBZ,    /* CBZ, CBNZ */
    CM_K_BL,     /* BL */
    CM_K_BX,     /* BX Rm */
    CM_K_BLX,    /* BLX Rm */
    CM_K_TB,     /* TBB, TBH */
    CM_K_IT,     /* IT */
    CM_K_DSB,    /* DSB, DMB */
    CM_K_ISB,    /* ISB */
    CM_K_MRS,    /* MRS */
    CM_K_MSR,    /* MSR */
    CM_K_CPS,    /* CPSIE, CPSID */
    CM_K_HINT,   /* NOP, YIELD, WFE, WFI, SEV, CLREX, PLD/PLI */
    CM_K_SVC,    /* SVC */
    CM_K_BKPT,   /* BKPT, UDF and anything undefined */
    CM_K_FP,     /* FP data processing and transfers: 1 cycle */
    CM_K_FPMAC,  /* VMLA, VMLS, VNMLA, VNMLS, VFMA, VFMS, VFNMA, VFNMS */
    CM_K_FPDIV,  /* VDIV, VSQRT */
    CM_K_FPLDST, /* VLDR, VSTR */
    CM_K_FPLDM,  /* VLDM, VSTM, VPUSH, VPOP */
    CM_K_COUNT
};

struct cm_insn {
    uint8_t kind;       /* enum cm_kind */
    uint8_t size;       /* 2 or 4 bytes, from the first halfword */
    uint8_t nregs;      /* registers transferred by LDM/STM/PUSH/POP/VLDM... (N) */
    int8_t rd;          /* register written by a data-processing insn or a load, -1: none */
    uint16_t addr_regs; /* registers a load/store uses to form its address (bit n: Rn) */
    bool writes_pc;     /* loads PC or writes it (branch, POP {pc}, LDR pc, MOV/ADD pc) */
    bool direct;        /* a branch with a target known at translation time */
    bool cond;          /* conditional: B<cc>, CBZ/CBNZ, or inside an IT block */
    bool reg_offset;    /* load/store with a register offset */
    bool literal;       /* PC-relative literal load (address known: lit_addr) */
    bool is_call;       /* BL, BLX */
    uint32_t target;    /* direct branch target */
    uint32_t lit_addr;  /* literal address */
};

/* The IT state carried from one instruction to the next within a block. */
struct cm_it {
    uint8_t left; /* instructions left in the IT block */
};

/* Length in bytes of the Thumb instruction whose first halfword is hw. */
static inline unsigned cm_thumb_len(uint16_t hw)
{
    unsigned top = hw >> 11;
    return (top == 0x1d || top == 0x1e || top == 0x1f) ? 4 : 2;
}

/*
 * Decodes the instruction at pc: hw1 is its first halfword, hw2 its second
 * (ignored for a 16-bit instruction). it carries the IT state.
 */
void cm_decode(uint32_t pc, uint16_t hw1, uint16_t hw2, struct cm_it *it, struct cm_insn *out);

const char *cm_kind_name(unsigned kind);

#endif
