/*
 * rtbench Cortex-M counter: SysTick, a 24-bit down-counter at the processor
 * clock, free-running from 0xFFFFFF with its interrupt off, inverted to
 * count up. A kernel that programs SysTick for its own tick cannot share it:
 * such a board must provide another counter (DWT or a board timer).
 */
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"
#include "timer_cm.h"

#define SYST_CSR_ENABLE 1u
#define SYST_CSR_CLKSOURCE (1u << 2) /* processor clock */

int rtb_cm_systick_probe(struct rtb_cm_counter *c, const char **why)
{
    CM_SYST_CSR = 0;
    CM_SYST_RVR = 0x00ffffffu;
    CM_SYST_CVR = 0; /* any write clears it; it reloads on the next tick */
    CM_SYST_CSR = SYST_CSR_ENABLE | SYST_CSR_CLKSOURCE;
    rtb_cm_dsb_isb();
    c->reg = (const volatile uint32_t *)(uintptr_t)0xE000E018u;
    c->invert = 0x00ffffffu;
    c->mask = 0x00ffffffu;
    c->bits = 24;
    c->hz = RTB_CM_CORE_HZ;
    c->name = "systick";
    if (!rtb_cm_counter_advances(c)) {
        *why = "SysTick does not advance";
        return -1;
    }
    return 0;
}
