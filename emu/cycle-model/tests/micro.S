/*
 * Cycle-model validation rows (docs/cycle-model.md, 3(a)): instruction
 * sequences whose cycle counts the Technical Reference Manuals state, each in
 * one marked window, tagged with its row id (expected.txt gives the cycles).
 * Rows 1-17 run on every core (ARMv6-M subset), rows 20-36 on ARMv7-M and
 * ARMv8-M Mainline only. r7 holds the mark block throughout (marks.h).
 */
#include "marks.h"

#define ROW(id) MARK_BENCH; MARK_TAG(((id) >> 4) & 15); MARK_TAG((id) & 15)
#define ENDROW MARK_BENCH_END

#define NVIC_ISER 0xE000E100
#define NVIC_ISPR 0xE000E200

    .syntax unified
    .thumb

#ifndef CM_NO_MARKS
    /* not in .bss: no store may touch the block but a mark (start-up zeroing would) */
    .section .noinit, "aw", %nobits
    .align 3
    .global rtb_cmark_block
rtb_cmark_block:
    .space 4 * RTB_CMARK_WORD_STAMP /* the words these guests mark */
#endif

    .bss
    .align 3
buf:
    .space 64

    .text
    .align 2
/* void micro_run(void) */
    .thumb_func
    .global micro_run
micro_run:
    push {r4-r7, lr}
    mov r4, r8
    mov r5, r9
    push {r4, r5}
#ifndef CM_NO_MARKS
    ldr r7, =rtb_cmark_block
#endif
    ldr r0, =buf
    movs r1, r0
    adds r1, r1, #32
    str r1, [r0]                /* buf[0] = &buf[8], for the dependent load */
    ldr r1, =NVIC_ISER
    movs r0, #15
    str r0, [r1]                /* IRQ0..3 enabled */

/* 1: straight-line ALU, 8 x ADDS (1 each) */
    ROW(1)
    MARK_OPEN
    adds r0, r0, #1
    adds r0, r0, #1
    adds r0, r0, #1
    adds r0, r0, #1
    adds r0, r0, #1
    adds r0, r0, #1
    adds r0, r0, #1
    adds r0, r0, #1
    MARK_CLOSE
    ENDROW

/* 2: LDR R0,[R1]; LDR R1,[R2] */
    ldr r1, =buf
    adds r2, r1, #4
    ROW(2)
    MARK_OPEN
    ldr r0, [r1]
    ldr r1, [r2]
    MARK_CLOSE
    ENDROW

/* 3: two STR, immediate offset */
    ldr r1, =buf
    adds r2, r1, #4
    ROW(3)
    MARK_OPEN
    str r0, [r1, #8]
    str r0, [r2, #8]
    MARK_CLOSE
    ENDROW

/* 4: LDM of 3 registers */
    ldr r2, =buf
    ROW(4)
    MARK_OPEN
    ldm r2!, {r0, r1, r3}
    MARK_CLOSE
    ENDROW

/* 5: STM of 4 registers */
    ldr r2, =buf
    adds r2, r2, #16
    ROW(5)
    MARK_OPEN
    stm r2!, {r0, r1, r3, r4}
    MARK_CLOSE
    ENDROW

/* 6: B, taken */
    ROW(6)
    MARK_OPEN
    b 1f
1:  MARK_CLOSE
    ENDROW

/* 7: CMP + BNE not taken */
    ROW(7)
    MARK_OPEN
    cmp r0, r0
    bne row_fail
    MARK_CLOSE
    ENDROW

/* 8: CMP + BEQ taken */
    ROW(8)
    MARK_OPEN
    cmp r0, r0
    beq 1f
    nop
1:  MARK_CLOSE
    ENDROW

/* 9: BL to a BX LR */
    ROW(9)
    MARK_OPEN
    bl f_ret
    MARK_CLOSE
    ENDROW

/* 10: BL to PUSH {r4, lr}; POP {r4, pc} */
    ROW(10)
    MARK_OPEN
    bl f_pushpop
    MARK_CLOSE
    ENDROW

/* 11: MULS */
    movs r0, #3
    movs r1, #5
    ROW(11)
    MARK_OPEN
    muls r0, r1, r0
    MARK_CLOSE
    ENDROW

/* 12: MOV PC, Rm */
    adr r3, 1f
    adds r3, r3, #1
    ROW(12)
    MARK_OPEN
    mov pc, r3
    .align 2
1:  MARK_CLOSE
    ENDROW

/* 13: LDR literal (from flash: + wait states) */
    ROW(13)
    MARK_OPEN
    ldr r0, lit_word
    MARK_CLOSE
    ENDROW

/* 14: exception entry: CPSIE i with IRQ0 pending -> first handler instruction */
    cpsid i
    ldr r1, =NVIC_ISPR
    movs r0, #1
    str r0, [r1]
    dsb
    isb
    ROW(14)
    MARK_OPEN
    cpsie i
    ENDROW

/* 15: exception exit: IRQ1's BX LR -> next thread instruction */
    cpsid i
    ldr r1, =NVIC_ISPR
    movs r0, #2
    str r0, [r1]
    dsb
    isb
    ROW(15)
    cpsie i
    MARK_CLOSE
    ENDROW

/* 16: tail-chaining: IRQ2's BX LR -> IRQ3's first instruction */
    cpsid i
    ldr r1, =NVIC_ISPR
    movs r0, #12
    str r0, [r1]
    dsb
    isb
    ROW(16)
    cpsie i
    ENDROW

/* 17: DSB + ISB */
    ROW(17)
    MARK_OPEN
    dsb
    isb
    MARK_CLOSE
    ENDROW

#if __ARM_ARCH_ISA_THUMB >= 2
/* 20: LDR R0,[R1,R2]; STR R0,[R3,#20] */
    ldr r1, =buf
    movs r2, #4
    mov r3, r1
    ROW(20)
    MARK_OPEN
    ldr r0, [r1, r2]
    str r0, [r3, #20]
    MARK_CLOSE
    ENDROW

/* 21: LDR R0,[R1,R2]; STR R1,[R3,R2] */
    ldr r1, =buf
    movs r2, #4
    mov r3, r1
    ROW(21)
    MARK_OPEN
    ldr r0, [r1, r2]
    str r1, [r3, r2]
    MARK_CLOSE
    ENDROW

/* 22: LDR R0,[R1,R5]; LDR R1,[R2]; LDR R2,[R3,#4] */
    ldr r1, =buf
    movs r5, #8
    mov r2, r1
    mov r3, r1
    ROW(22)
    MARK_OPEN
    ldr r0, [r1, r5]
    ldr r1, [r2]
    ldr r2, [r3, #4]
    MARK_CLOSE
    ENDROW

/* 23: LDR whose address is the previous LDR's result (no pipelining) */
    ldr r1, =buf
    ROW(23)
    MARK_OPEN
    ldr r0, [r1]
    ldr r2, [r0]
    MARK_CLOSE
    ENDROW

/* 24: LDR whose address is the previous ADD's result (+1 stall) */
    ldr r2, =buf
    ROW(24)
    MARK_OPEN
    adds r1, r2, #4
    ldr r0, [r1]
    MARK_CLOSE
    ENDROW

/* 25: LDRD */
    ldr r2, =buf
    ROW(25)
    MARK_OPEN
    ldrd r0, r1, [r2]
    MARK_CLOSE
    ENDROW

/* 26: STM of 8 registers */
    ldr r2, =buf
    ROW(26)
    MARK_OPEN
    stm.w r2, {r0, r1, r3, r4, r5, r6, r8, r9}
    MARK_CLOSE
    ENDROW

/* 27: CBZ taken */
    movs r0, #0
    ROW(27)
    MARK_OPEN
    cbz r0, 1f
    nop
1:  MARK_CLOSE
    ENDROW

/* 28: CBNZ not taken */
    movs r0, #0
    ROW(28)
    MARK_OPEN
    cbnz r0, row_fail_near
    MARK_CLOSE
    ENDROW
    b 2f
row_fail_near:
    b row_fail
2:

/* 29: LDR PC, [Rn] */
    ldr r2, =buf
    adr r0, 1f
    adds r0, r0, #1
    str r0, [r2, #4]
    adds r2, r2, #4
    nop
    ROW(29)
    MARK_OPEN
    ldr pc, [r2]
    .align 2
1:  MARK_CLOSE
    ENDROW

/* 30: TBB */
    movs r0, #0
    ROW(30)
    MARK_OPEN
    tbb [pc, r0]
tbb_table:
    .byte (1f - tbb_table) / 2
    .byte 0
1:  MARK_CLOSE
    ENDROW

/* 31: MLA */
    ROW(31)
    MARK_OPEN
    mla r0, r1, r2, r3
    MARK_CLOSE
    ENDROW

/* 32: UMULL */
    ROW(32)
    MARK_OPEN
    umull r0, r1, r2, r3
    MARK_CLOSE
    ENDROW

/* 33: UDIV */
    movs r1, #100
    movs r2, #7
    ROW(33)
    MARK_OPEN
    udiv r0, r1, r2
    MARK_CLOSE
    ENDROW

/* 34: SDIV */
    movs r1, #100
    movs r2, #7
    ROW(34)
    MARK_OPEN
    sdiv r0, r1, r2
    MARK_CLOSE
    ENDROW

/* 35: B to a 32-bit instruction at a halfword (not word) address: P = 2 */
    ROW(35)
    MARK_OPEN
    b 1f
    .align 2
    nop
1:  add.w r0, r0, #1
    MARK_CLOSE
    ENDROW

/* 36: B to a 32-bit instruction at a word address: P = 1 */
    ROW(36)
    MARK_OPEN
    b 1f
    .align 2
1:  add.w r0, r0, #1
    MARK_CLOSE
    ENDROW
#endif

    pop {r4, r5}
    mov r8, r4
    mov r9, r5
    pop {r4-r7, pc}

row_fail:
    b row_fail

    .thumb_func
f_ret:
    bx lr

    .thumb_func
f_pushpop:
    push {r4, lr}
    pop {r4, pc}

    .align 2
lit_word:
    .word 0x12345678
    .ltorg
