/*
 * rtbench Cortex-M: the contract's software interrupt (rtb/port.h:
 * rtb_irq_install, rtb_irq_trigger, rtb_in_isr) over the board's software
 * IRQ, for any kernel whose handlers are ordinary functions: refk, and the
 * FreeRTOS and ThreadX adapters (their ISR calls need no context-save
 * wrapper on Cortex-M; a switch is a PendSV that tail-chains after the
 * handler). A port adds this file to its sources (RTB_CM_SWIRQ_SOURCE of
 * board-support.cmake) and sets the IRQ's NVIC priority (rtb_cm_swirq_set_prio)
 * before rtb_cm_swirq_enable(); an image with its own rtb_cm_swirq_handler
 * (bringup) leaves it out. A kernel whose handlers must tell it that they run
 * (RT-Thread's rt_interrupt_enter/leave) builds this file with
 * RTB_CM_SWIRQ_HOOKS=1 and defines rtb_cm_swirq_enter/leave; without it the
 * handler stays a tail call.
 *
 * One copy of the trigger for every kernel, so that
 * isr.resume.interrupted.thread.kernel compares kernels, not triggers.
 */
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb/port.h"
#include "rtb_cm_board.h"

static void isr_none(void *arg)
{
    (void)arg;
}

static struct {
    rtb_isr_t fn;
    void *arg;
} swirq = {isr_none, NULL};

#ifndef RTB_CM_SWIRQ_HOOKS
#define RTB_CM_SWIRQ_HOOKS 0
#endif

#if RTB_CM_SWIRQ_HOOKS
void rtb_cm_swirq_enter(void);
void rtb_cm_swirq_leave(void);

/* The board's software-IRQ vector: the installed handler between the
 * kernel's hooks. */
void rtb_cm_swirq_handler(void)
{
    rtb_cm_swirq_enter();
    swirq.fn(swirq.arg);
    rtb_cm_swirq_leave();
}
#else
/* The board's software-IRQ vector: a tail call into the installed handler,
 * so the handler's own return is the exception return. */
void rtb_cm_swirq_handler(void)
{
    swirq.fn(swirq.arg);
}
#endif

int rtb_irq_install(rtb_isr_t handler, void *arg)
{
    uint32_t pm;

    if (handler == NULL)
        return RTB_ERR_INVAL;
    pm = rtb_cm_irq_save();
    swirq.fn = handler;
    swirq.arg = arg;
    rtb_cm_irq_restore(pm);
    return RTB_OK;
}

/* rtb_irq_trigger below returns RTB_ERR_PERM as ~5. */
typedef char rtb_cm_swirq_perm[(RTB_ERR_PERM == ~5) ? 1 : -1];

/*
 * Pend the IRQ, then DSB + ISB so that it is taken before this returns (what
 * rtb_cm_swirq_pend does, inlined). In assembly so that the return value is
 * in r0 before the store and the path from the interrupt's return back to
 * the caller is DSB, ISB, BX LR only. From a handler: RTB_ERR_PERM.
 */
#if defined(__ARM_ARCH_6M__)
/* ARMv6-M: no NVIC STIR and no CBNZ; the pend is a write of the IRQ's bit to
 * NVIC ISPR. (Compiled for Cortex-M0; not yet run on an ARMv6-M board.) */
__attribute__((naked)) int rtb_irq_trigger(void)
{
    __asm__ volatile(".syntax unified\n\t" /* GCC's ARMv6-M inline assembly is divided */
                     "mrs r0, ipsr\n\t"
                     "cmp r0, #0\n\t"
                     "bne 1f\n\t"
                     "ldr r1, =%c0\n\t" /* NVIC ISPR word of the IRQ */
                     "ldr r2, =%c1\n\t"
                     "str r2, [r1]\n\t"
                     "dsb 0xf\n\t"
                     "isb 0xf\n\t"
                     "bx lr\n\t"
                     "1: movs r0, #5\n\t"
                     "mvns r0, r0\n\t" /* RTB_ERR_PERM */
                     "bx lr\n\t"
                     ".ltorg\n\t" ::"i"(0xE000E200u + 4u * (RTB_CM_SWIRQ / 32)),
                     "i"(1u << (RTB_CM_SWIRQ % 32)));
}
#else
__attribute__((naked)) int rtb_irq_trigger(void)
{
    __asm__ volatile("mrs r0, ipsr\n\t"
                     "cbnz r0, 1f\n\t"
                     "ldr r1, =0xE000EF00\n\t" /* NVIC STIR */
                     "movs r2, %0\n\t"
                     "str r2, [r1]\n\t"
                     "dsb 0xf\n\t"
                     "isb 0xf\n\t"
                     "bx lr\n\t"
                     "1: mvn r0, #5\n\t" /* RTB_ERR_PERM */
                     "bx lr\n\t"
                     ".ltorg\n\t" ::"i"(RTB_CM_SWIRQ));
}
#endif

int rtb_in_isr(void)
{
    uint32_t ipsr;

    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    return ipsr != 0;
}
