/*
 * refk - the context switch and the yield for ARMv7-M, ARMv7E-M and ARMv8-M
 * Mainline, in assembly (STMDB/LDMIA of r4-r11, LDRD, a shifted-register
 * ADD). ARMv6-M: arch/armv6-m/switch.c.
 */
#include <stddef.h>

#include "refk_internal.h"

/*
 * The context switch. Entered with the outgoing thread's r0-r3, r12, lr, pc
 * and xPSR already stacked on its PSP by the exception entry; saves r4-r11
 * below them, stores PSP in cur->sp, makes next the current thread and
 * unstacks it. The choice of `next` was made by whoever pended PendSV, under
 * the kernel lock; nothing else happens here. With a hardware FPU (not the
 * soft-float images rtbench builds) s16-s31 are saved only for a thread
 * whose EXC_RETURN says it used the FPU (lazy stacking), and EXC_RETURN is
 * kept per thread.
 */
__attribute__((naked)) void PendSV_Handler(void)
{
#if defined(__ARM_FP)
    __asm__ volatile("mrs r0, psp\n\t"
                     "tst lr, #0x10\n\t"
                     "it eq\n\t"
                     "vstmdbeq r0!, {s16-s31}\n\t"
                     "stmdb r0!, {r4-r11, lr}\n\t"
                     "ldr r3, =refk_sched\n\t"
                     "ldrd r1, r2, [r3]\n\t"
                     "str r0, [r1]\n\t"
                     "str r2, [r3]\n\t"
                     "ldr r0, [r2]\n\t"
                     "ldmia r0!, {r4-r11, lr}\n\t"
                     "tst lr, #0x10\n\t"
                     "it eq\n\t"
                     "vldmiaeq r0!, {s16-s31}\n\t"
                     "msr psp, r0\n\t"
                     "bx lr\n\t"
                     ".ltorg\n\t");
#else
    __asm__ volatile("mrs r0, psp\n\t"
                     "stmdb r0!, {r4-r11}\n\t"
                     "ldr r3, =refk_sched\n\t"
                     "ldrd r1, r2, [r3]\n\t" /* r1 = cur, r2 = next */
                     "str r0, [r1]\n\t"      /* cur->sp */
                     "str r2, [r3]\n\t"      /* cur = next */
                     "ldr r0, [r2]\n\t"      /* next->sp */
                     "ldmia r0!, {r4-r11}\n\t"
                     "msr psp, r0\n\t"
                     "bx lr\n\t"
                     ".ltorg\n\t");
#endif
}

/*
 * Round-robin among equals: the running thread heads its level's list, so
 * the next one is cur->next; making it the list's head and `next` is two
 * stores. In assembly because GCC's version of the same C spent a PUSH and a
 * POP on a fifth register. Thread context only.
 */
__attribute__((naked)) void refk_yield(void)
{
    __asm__ volatile("cpsid i\n\t"
                     "ldr r3, =refk_sched\n\t"
                     "ldr r2, [r3, %[cur]]\n\t"
                     "ldr r1, [r2, %[tnext]]\n\t" /* the next equal */
                     "cmp r1, r2\n\t"
                     "beq 1f\n\t" /* alone at its level */
                     "ldrb r2, [r2, %[prio]]\n\t"
                     "str r1, [r3, %[next]]\n\t"
                     "add r3, r3, r2, lsl #2\n\t"
                     "str r1, [r3, %[ready]]\n\t" /* ready[prio] */
                     "ldr r3, =0xE000ED04\n\t"    /* ICSR */
                     "mov r2, #0x10000000\n\t"    /* PENDSVSET */
                     "str r2, [r3]\n\t"
                     "cpsie i\n\t"
                     "isb 0xf\n\t"
                     "bx lr\n\t"
                     "1: cpsie i\n\t"
                     "bx lr\n\t"
                     ".ltorg\n\t" ::REFK_ASM_SCHED_OFFSETS);
}
