/*
 * refk - the architecture operations as stubs, for the host unit tests of
 * the kernel's pure parts (ready lists, wait queues, heap): the stand-in for
 * arch/<isa>/refk_arch.h. A requested switch is only counted.
 */
#ifndef REFK_ARCH_H
#define REFK_ARCH_H

#include <stdint.h>

#include "arch/armv6-m/refk_msb.h"

/* The portable highest-set-bit of ARMv6-M, so that the host tests run it
 * (test_refk_host.c also checks it against __builtin_clz). */
static inline unsigned refk_arch_msb(uint32_t x)
{
    return refk_msb_nclz(x);
}

extern unsigned refk_host_switches; /* refk_pend_switch() calls */
static inline void refk_lock(void) {}
static inline void refk_unlock(void) {}
static inline void refk_unlock_switch(void) {}
static inline uint32_t refk_irq_save(void)
{
    return 0;
}
static inline void refk_irq_restore(uint32_t pm)
{
    (void)pm;
}
static inline void refk_irq_restore_switch(uint32_t pm)
{
    (void)pm;
}
static inline void refk_pend_switch(void)
{
    refk_host_switches++;
}
static inline uint32_t refk_ipsr(void)
{
    return 0;
}

#endif /* REFK_ARCH_H */
