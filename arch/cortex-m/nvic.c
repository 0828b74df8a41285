/*
 * rtbench Cortex-M: the software-triggered interrupt (an external IRQ that
 * no device drives), enabled and disabled alike on every profile. Pending it
 * and the priority registers are the profile's (armv7-m/exceptions.c: STIR,
 * byte-wide priorities; armv6-m/exceptions.c: ISPR, word-wide).
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
