/*
 * refk - the architecture operations every Cortex-M profile shares
 * (ARMv6-M, ARMv7-M, ARMv7E-M, ARMv8-M Mainline): PRIMASK critical sections,
 * pending PendSV, reading IPSR. Included by arch/<isa>/refk_arch.h, which adds
 * what differs between profiles (the highest set bit, the context frame, the
 * exception priorities, the first switch); the switch itself is
 * arch/<isa>/switch.c.
 *
 * Critical sections use PRIMASK, not BASEPRI (which ARMv6-M does not have):
 * `cpsid i` / `cpsie i` are one instruction each, where a BASEPRI section
 * costs a MOV and an MSR on entry plus an MSR on exit; every kernel section
 * is short and bounded (the only loops walk a wait queue: event post/set,
 * broadcast, and sorted insertion), and refk has no "zero-latency" interrupts
 * to keep unmasked. Thread-only calls use cpsid/cpsie; ISR-safe calls save
 * and restore PRIMASK so that they nest.
 */
#ifndef REFK_ARCH_CM_H
#define REFK_ARCH_CM_H

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

#endif /* REFK_ARCH_CM_H */
