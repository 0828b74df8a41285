/*
 * rtbench Cortex-M counter driver: the MPS2 FPGAIO COUNTER register (FPGAIO base
 * + 0x18), a 32-bit up-counter at the core clock. Reading it is one load.
 */
#include <stdint.h>

#include "board.h"
#include "rtb_cm_board.h"
#include "timer_cm.h"

#ifndef RTB_CM_FPGAIO_BASE
#error "board.cmake selects fpgaio_counter but board.h has no RTB_CM_FPGAIO_BASE"
#endif

int rtb_cm_fpgaio_probe(struct rtb_cm_counter *c, const char **why)
{
    c->reg = (const volatile uint32_t *)(uintptr_t)(RTB_CM_FPGAIO_BASE + 0x18u);
    c->invert = 0;
    c->mask = 0xffffffffu;
    c->bits = 32;
    c->hz = RTB_CM_CORE_HZ;
    c->name = "fpgaio";
    if (!rtb_cm_counter_advances(c)) {
        *why = "FPGAIO COUNTER does not advance";
        return -1;
    }
    return 0;
}
