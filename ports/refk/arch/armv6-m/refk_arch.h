/*
 * refk - the architecture operations for ARMv6-M (Cortex-M0, M0+, M1; every
 * core whose board.cmake names armv6-m): the shared Cortex-M ones
 * (arch/refk_arch_cm.h: PRIMASK sections - ARMv6-M has no BASEPRI anyway -,
 * PendSV pend, IPSR) and what ARMv6-M does its own way: no CLZ, word-only
 * priority registers with 2 priority bits on a Cortex-M0, no Thumb-2
 * immediates. The switch is switch.c. ARMv7-M: arch/armv7-m/.
 */
#ifndef REFK_ARCH_H
#define REFK_ARCH_H

#include <stdint.h>

#include "arch/armv6-m/refk_msb.h"
#include "arch/refk_arch_cm.h"

/* The highest set bit of x (x != 0). */
static inline unsigned refk_arch_msb(uint32_t x)
{
    return refk_msb_nclz(x);
}

/* Words PendSV keeps below the hardware frame: r8-r11 and r4-r7 (no FPU on
 * ARMv6-M). */
#define REFK_ARCH_SW_WORDS 8

/* The software part of a new thread's frame (zeroed by the caller): nothing
 * more to set. */
static inline void refk_arch_sw_frame(uint32_t *sw)
{
    (void)sw;
}

/* PendSV the least urgent exception (it switches after every other
 * handler), SysTick above it. SHPR3 is word-accessible only; a Cortex-M0
 * keeps the top 2 bits of each priority, so SysTick is 0x80 (0xC0 would be
 * PendSV's own level, 0xFF read back as 0xC0). */
static inline void refk_arch_prio_init(void)
{
    volatile uint32_t *shpr3 = (volatile uint32_t *)0xE000ED20u;
    *shpr3 = (*shpr3 & 0x0000FFFFu) | 0x80FF0000u; /* SysTick 0x80, PendSV 0xFF */
}

/* The first switch, from refk_start() with interrupts masked: thread mode
 * moves to PSP on the scratch stack `top`, PendSV is pended and interrupts
 * enabled; PendSV saves this context into the placeholder `cur` (never
 * resumed) and loads the first thread. */
__attribute__((noreturn)) static inline void refk_arch_first_switch(uint32_t top)
{
    __asm__ volatile(".syntax unified\n\t"
                     "msr psp, %0\n\t"
                     "mrs r0, control\n\t"
                     "movs r1, #2\n\t"
                     "orrs r0, r1\n\t"
                     "msr control, r0\n\t"
                     "isb 0xf\n\t"
                     "ldr r0, =0xE000ED04\n\t"
                     "ldr r1, =0x10000000\n\t"
                     "str r1, [r0]\n\t"
                     "cpsie i\n\t"
                     "isb 0xf\n\t"
                     "1: b 1b\n\t"
                     ".ltorg\n\t" ::"r"(top)
                     : "r0", "r1", "cc", "memory");
    for (;;) {
    }
}

#endif /* REFK_ARCH_H */
