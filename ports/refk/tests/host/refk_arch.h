/*
 * refk - the architecture operations as stubs, for the host unit tests of
 * the kernel's pure parts (ready lists, wait queues, heap): the stand-in for
 * arch/<isa>/refk_arch.h. A requested switch is only counted.
 */
#ifndef REFK_ARCH_H
#define REFK_ARCH_H

#include <stdint.h>

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
