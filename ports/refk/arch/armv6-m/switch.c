/*
 * refk - the context switch and the yield for ARMv6-M, in assembly. What
 * ARMv6-M lacks and the ARMv7-M switch (arch/armv7-m/switch.c) uses: STMDB
 * (and any STM/LDM of r8-r11: Thumb-1 multiple loads and stores reach r0-r7
 * only), LDRD, shifted-register operands and Thumb-2 immediates.
 */
#include <stddef.h>

#include "refk_internal.h"

/*
 * The context switch. Entered with the outgoing thread's r0-r3, r12, lr, pc
 * and xPSR already stacked on its PSP by the exception entry; stores the new
 * PSP (32 bytes lower) in cur->sp, saves r8, r9, r4-r7, r10, r11 there
 * (ascending), makes next the current thread and unstacks it the same way.
 * The high registers go through r1 and r2, which the exception entry has
 * stacked already, two at a time: r8 and r9 ride in the same STM as r4-r7,
 * so both halves take one MOV per high register and two STMs (LDMs), and
 * the incoming PSP is the pointer the last LDM leaves (no SUB on the way
 * back). 22 instructions, against 10 on ARMv7-M. The choice of `next` was
 * made by whoever pended PendSV, under the kernel lock.
 */
__attribute__((naked)) void PendSV_Handler(void)
{
    __asm__ volatile(".syntax unified\n\t"
                     "mrs r0, psp\n\t"
                     "subs r0, #32\n\t"
                     "ldr r3, =refk_sched\n\t"
                     "ldr r1, [r3]\n\t" /* cur */
                     "str r0, [r1]\n\t" /* cur->sp */
                     "mov r1, r8\n\t"
                     "mov r2, r9\n\t"
                     "stmia r0!, {r1, r2, r4-r7}\n\t"
                     "mov r1, r10\n\t"
                     "mov r2, r11\n\t"
                     "stmia r0!, {r1, r2}\n\t"
                     "ldr r2, [r3, #4]\n\t" /* next */
                     "str r2, [r3]\n\t"     /* cur = next */
                     "ldr r0, [r2]\n\t"     /* next->sp */
                     "ldmia r0!, {r1, r2, r4-r7}\n\t"
                     "mov r8, r1\n\t"
                     "mov r9, r2\n\t"
                     "ldmia r0!, {r1, r2}\n\t"
                     "mov r10, r1\n\t"
                     "mov r11, r2\n\t"
                     "msr psp, r0\n\t"
                     "bx lr\n\t"
                     ".ltorg\n\t");
}

/*
 * Round-robin among equals, as arch/armv7-m/switch.c (the same steps; the
 * scaled index is LSLS + ADDS, the PENDSVSET constant a literal load).
 * Thread context only.
 */
__attribute__((naked)) void refk_yield(void)
{
    __asm__ volatile(".syntax unified\n\t"
                     "cpsid i\n\t"
                     "ldr r3, =refk_sched\n\t"
                     "ldr r2, [r3, %[cur]]\n\t"
                     "ldr r1, [r2, %[tnext]]\n\t" /* the next equal */
                     "cmp r1, r2\n\t"
                     "beq 1f\n\t" /* alone at its level */
                     "ldrb r2, [r2, %[prio]]\n\t"
                     "str r1, [r3, %[next]]\n\t"
                     "lsls r2, r2, #2\n\t"
                     "adds r3, r3, r2\n\t"
                     "str r1, [r3, %[ready]]\n\t" /* ready[prio] */
                     "ldr r3, =0xE000ED04\n\t"    /* ICSR */
                     "ldr r2, =0x10000000\n\t"    /* PENDSVSET */
                     "str r2, [r3]\n\t"
                     "cpsie i\n\t"
                     "isb 0xf\n\t"
                     "bx lr\n\t"
                     "1: cpsie i\n\t"
                     "bx lr\n\t"
                     ".ltorg\n\t" ::REFK_ASM_SCHED_OFFSETS);
}
