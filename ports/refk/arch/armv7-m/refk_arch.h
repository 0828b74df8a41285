/*
 * refk - the architecture operations for ARMv7-M, ARMv7E-M and ARMv8-M
 * Mainline (every core whose board.cmake names one of these ISAs;
 * ports/refk/CMakeLists.txt picks this folder): the shared Cortex-M ones
 * (arch/refk_arch_cm.h: PRIMASK sections, PendSV pend, IPSR) and what this
 * profile does its own way. The switch is switch.c. ARMv6-M is
 * arch/armv6-m/; the host unit tests use tests/host/refk_arch.h.
 */
#ifndef REFK_ARCH_H
#define REFK_ARCH_H

#include <stdint.h>

#include "arch/refk_arch_cm.h"

/* The highest set bit of x (x != 0): one CLZ. */
static inline unsigned refk_arch_msb(uint32_t x)
{
    return 31u - (unsigned)__builtin_clz(x);
}

/* Words PendSV keeps below the hardware frame: r4-r11, and with a hardware
 * FPU (not the soft-float images rtbench builds) EXC_RETURN too. */
#if defined(__ARM_FP)
#define REFK_ARCH_SW_WORDS 9
#else
#define REFK_ARCH_SW_WORDS 8
#endif

/* The software part of a new thread's frame (zeroed by the caller). */
static inline void refk_arch_sw_frame(uint32_t *sw)
{
#if defined(__ARM_FP)
    sw[8] = 0xFFFFFFFDu; /* EXC_RETURN: thread mode, PSP, no FP frame */
#else
    (void)sw;
#endif
}

/* PendSV the least urgent exception (it switches after every other
 * handler), SysTick above it: byte-wide priority registers. */
static inline void refk_arch_prio_init(void)
{
    *(volatile uint8_t *)0xE000ED22u = 0xFFu; /* PendSV */
    *(volatile uint8_t *)0xE000ED23u = 0xC0u; /* SysTick */
}

/* The first switch, from refk_start() with interrupts masked: thread mode
 * moves to PSP on the scratch stack `top`, PendSV is pended and interrupts
 * enabled; PendSV saves this context into the placeholder `cur` (never
 * resumed) and loads the first thread. */
__attribute__((noreturn)) static inline void refk_arch_first_switch(uint32_t top)
{
    __asm__ volatile("msr psp, %0\n\t"
                     "mrs r0, control\n\t"
                     "orr r0, r0, #2\n\t"
                     "msr control, r0\n\t"
                     "isb 0xf\n\t"
                     "ldr r0, =0xE000ED04\n\t"
                     "mov r1, #0x10000000\n\t"
                     "str r1, [r0]\n\t"
                     "cpsie i\n\t"
                     "isb 0xf\n\t"
                     "1: b 1b\n\t"
                     ".ltorg\n\t" ::"r"(top)
                     : "r0", "r1", "memory");
    for (;;) {
    }
}

/*
 * Copy `n` bytes, a multiple of 4, between word-aligned buffers: the words
 * that are not part of a 16-byte chunk one at a time, then 16 bytes per
 * LDM/STM pair (a 16-byte message: 8 instructions). The message queue's copy;
 * an arch without it gets the C loop of queue.c.
 */
#define REFK_ARCH_COPY_WORDS 1
static inline __attribute__((always_inline)) void refk_copy_words(void *dst, const void *src,
                                                                  uint32_t n)
{
    __asm__ volatile("ands r2, %[n], #12\n\t"
                     "beq 2f\n\t"
                     "1: ldr r3, [%[s]], #4\n\t"
                     "str r3, [%[d]], #4\n\t"
                     "subs r2, r2, #4\n\t"
                     "bne 1b\n\t"
                     "2: lsrs %[n], %[n], #4\n\t"
                     "beq 4f\n\t"
                     "3: ldmia %[s]!, {r2, r3, r12, lr}\n\t"
                     "stmia %[d]!, {r2, r3, r12, lr}\n\t"
                     "subs %[n], %[n], #1\n\t"
                     "bne 3b\n\t"
                     "4:\n\t"
                     : [d] "+r"(dst), [s] "+r"(src), [n] "+r"(n)
                     :
                     : "r2", "r3", "r12", "lr", "cc", "memory");
}

#endif /* REFK_ARCH_H */
