/*
 * refk - the few architecture operations the kernel uses, for ARMv7-M,
 * ARMv7E-M and ARMv8-M Mainline (every core whose board.cmake names one of
 * these ISAs; ports/refk/CMakeLists.txt picks this folder). Another profile
 * (ARMv6-M: no BASEPRI, no high-register stmdb) is one more folder beside
 * this one with the same functions. The host unit tests use
 * tests/host/refk_arch.h (stubs that count what they were asked to do).
 *
 * Critical sections use PRIMASK, not BASEPRI: on these cores `cpsid i` /
 * `cpsie i` are one instruction each, where a BASEPRI section costs a MOV
 * and an MSR on entry plus an MSR on exit; every kernel section is short and
 * bounded (the only loops walk a wait queue: event post/set, broadcast, and
 * sorted insertion), and refk has no "zero-latency" interrupts to keep
 * unmasked. Thread-only calls use cpsid/cpsie; ISR-safe calls save and
 * restore PRIMASK so that they nest.
 */
#ifndef REFK_ARCH_H
#define REFK_ARCH_H

#include <stdint.h>

#define REFK_ICSR (*(volatile uint32_t *)0xE000ED04u)
#define REFK_ICSR_PENDSVSET (1u << 28)

static inline void refk_lock(void)
{
    __asm__ volatile("cpsid i" ::: "memory");
}
static inline void refk_unlock(void)
{
    __asm__ volatile("cpsie i" ::: "memory");
}
/* Unlock after a switch was requested: the ISB makes the pending PendSV
 * be taken here, before the call returns. */
static inline void refk_unlock_switch(void)
{
    __asm__ volatile("cpsie i\n\tisb 0xf" ::: "memory");
}
static inline uint32_t refk_irq_save(void)
{
    uint32_t pm;
    __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(pm)::"memory");
    return pm;
}
static inline void refk_irq_restore(uint32_t pm)
{
    __asm__ volatile("msr primask, %0" ::"r"(pm) : "memory");
}
static inline void refk_irq_restore_switch(uint32_t pm)
{
    __asm__ volatile("msr primask, %0\n\tisb 0xf" ::"r"(pm) : "memory");
}
static inline void refk_pend_switch(void)
{
    REFK_ICSR = REFK_ICSR_PENDSVSET;
}
static inline uint32_t refk_ipsr(void)
{
    uint32_t v;
    __asm__ volatile("mrs %0, ipsr" : "=r"(v));
    return v;
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
