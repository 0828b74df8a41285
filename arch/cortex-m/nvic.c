/*
 * rtbench Cortex-M: the software-triggered interrupt (an external IRQ that
 * no device drives, pended through NVIC STIR) and exception priorities.
 */
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"

#define SWIRQ_WORD (RTB_CM_SWIRQ / 32)
#define SWIRQ_BIT (1u << (RTB_CM_SWIRQ % 32))

void rtb_cm_swirq_enable(void)
{
    CM_NVIC_ICPR(SWIRQ_WORD) = SWIRQ_BIT;
    CM_NVIC_ISER(SWIRQ_WORD) = SWIRQ_BIT;
    rtb_cm_dsb_isb();
}

void rtb_cm_swirq_disable(void)
{
    CM_NVIC_ICER(SWIRQ_WORD) = SWIRQ_BIT;
    rtb_cm_dsb_isb();
}

void rtb_cm_swirq_pend(void)
{
    CM_NVIC_STIR = RTB_CM_SWIRQ;
    /* Without DSB + ISB the interrupt may be taken some instructions later
     * (QEMU without icount: only at the end of the translated block). */
    rtb_cm_dsb_isb();
}

void rtb_cm_swirq_set_prio(uint8_t prio)
{
    *(volatile uint8_t *)(uintptr_t)(CM_NVIC_IPR_BASE + RTB_CM_SWIRQ) = prio;
    rtb_cm_dsb_isb();
}

void rtb_cm_sysprio_set(unsigned exc, uint8_t prio)
{
    if (exc >= 4u && exc <= 15u)
        *(volatile uint8_t *)(uintptr_t)(CM_SHPR_BASE + exc - 4u) = prio;
    rtb_cm_dsb_isb();
}
