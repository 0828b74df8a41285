/*
 * rtbench RTOS adapters on Cortex-M - the contract's software interrupt over
 * the board's software IRQ (rtb_cm_swirq_*), for any kernel whose port lets
 * an ordinary handler call its ISR API directly (FreeRTOS: the FromISR calls
 * and portYIELD_FROM_ISR; ThreadX: the same calls as from threads - on
 * Cortex-M neither needs a context-save/restore wrapper, the switch is a
 * PendSV that tail-chains after the handler).
 *
 * The handler runs at the NVIC priority the adapter set with
 * rtb_cm_swirq_set_prio() before enabling it (FreeRTOS: no more urgent than
 * configMAX_SYSCALL_INTERRUPT_PRIORITY, so its critical sections mask it).
 */
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

/* The board's software-IRQ vector: a tail call into the installed handler,
 * so the handler's own return is the exception return. */
void rtb_cm_swirq_handler(void)
{
    swirq.fn(swirq.arg);
}

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

/*
 * Pend the IRQ through NVIC STIR, then DSB + ISB so that it is taken before
 * this returns. In assembly so that the return value is in r0 before the
 * store and the path from the interrupt's return back to the caller is DSB,
 * ISB, BX LR only - the same code as the reference kernel's port, so that
 * isr.resume.interrupted.thread.kernel compares kernels, not triggers.
 * From a handler: RTB_ERR_PERM.
 */
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

int rtb_in_isr(void)
{
    uint32_t ipsr;

    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    return ipsr != 0;
}
