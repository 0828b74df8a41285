/*
 * rtbench Cortex-M counter: DWT CYCCNT (32 bits at the core clock).
 * Detected, not assumed: DEMCR.TRCENA must read back as 1, DWT_CTRL must not
 * say NOCYCCNT, and CYCCNT must advance across a known loop. QEMU 7.2 has
 * none of it (reads 0, ignores writes), so this falls through there.
 */
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"
#include "timer_cm.h"

static int demcr_missing;

/* An ARMv7-M / ARMv8-M mainline core without its debug block is an emulator. */
int rtb_cm_host_timed(int steady, int fast)
{
    (void)steady; /* a Cortex-M7 issues two instructions a cycle: `fast` says nothing either */
    (void)fast;
    return demcr_missing;
}

int rtb_cm_dwt_probe(struct rtb_cm_counter *c, const char **why)
{
    CM_DEMCR |= CM_DEMCR_TRCENA;
    rtb_cm_dsb_isb();
    if (!(CM_DEMCR & CM_DEMCR_TRCENA)) {
        demcr_missing = 1;
        *why = "DEMCR.TRCENA does not read back";
        return -1;
    }
    if (CM_DWT_CTRL & CM_DWT_CTRL_NOCYCCNT) {
        *why = "DWT has no cycle counter";
        return -1;
    }
    CM_DWT_LAR = 0xC5ACCE55u; /* unlock where a lock is implemented (Cortex-M7) */
    CM_DWT_CTRL |= CM_DWT_CTRL_CYCCNTENA;
    rtb_cm_dsb_isb();
    c->reg = (const volatile uint32_t *)(uintptr_t)CM_DWT_CYCCNT_ADDR;
    c->invert = 0;
    c->mask = 0xffffffffu;
    c->bits = 32;
    c->hz = RTB_CM_CORE_HZ;
    c->name = "dwt";
    if (!rtb_cm_counter_advances(c)) {
        *why = "DWT CYCCNT does not advance";
        return -1;
    }
    return 0;
}
