/*
 * rtbench Cortex-M board driver: nRF52 series start-up (rtb_cm_board_init,
 * called by Reset_Handler before the console). Three things, from the
 * nRF52840 Product Specification:
 *
 * - "NVMC": the instruction cache is off at reset (ICACHECNF = 0x00000000,
 *   NVMC base + 0x540); CACHEEN (bit 0) turns it on. Zephyr's nRF52 start-up
 *   does the same by default (CONFIG_NRF_ENABLE_ICACHE), so figures compare
 *   with its published ones; code runs from flash either way.
 * - "CLOCK": the 64 MHz CPU clock comes from HFINT (RC, not precise) until
 *   the 32 MHz crystal is started: TASKS_HFCLKSTART (CLOCK base + 0x000),
 *   then EVENTS_HFCLKSTARTED (+ 0x100) becomes 1 and HFCLKSTAT (+ 0x40C)
 *   reads SRC = Xtal (bit 0) and STATE = Running (bit 16). The crystal makes
 *   the UART's baud rate and the ns figures (cycles / 64 MHz) exact. The
 *   wait is bounded (HFXO_WAIT_LOOPS): without the crystal the image runs
 *   on HFINT and says so on the console.
 * - "APPROTECT" (nRF52840 revision 3, build codes Fxx and later): the
 *   debugger's access port is closed at every reset unless UICR.APPROTECT
 *   (0x10001208) reads HwDisabled (0x5A) and the firmware also writes
 *   SwDisable (0x5A) to APPROTECT.DISABLE (0x40000558). As Nordic's MDK does
 *   by default, the image copies UICR.APPROTECT into APPROTECT.DISABLE, so
 *   the UICR alone decides whether the board stays open to the debugger
 *   (which --reset and the next --flash need). The revision is read where
 *   Nordic's MDK (nrf52_erratas.h) reads it: 0x10000130 = 8 for the nRF52840,
 *   0x10000134 >= 5 for revision 3; earlier revisions lack the register.
 *
 * Nordic's own SystemInit (nrfx MDK system_nrf52.c) also applies errata
 * work-arounds; on production nRF52840 revisions those touch CLOCK's
 * calibration registers, TEMP, RADIO, NFCT, CCM and RESETREAS, none of which
 * this image uses, so none is applied here.
 */
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"

#define CLOCK_TASKS_HFCLKSTART RTB_CM_REG(RTB_NRF_CLOCK_BASE + 0x000u)
#define CLOCK_EVENTS_HFCLKSTARTED RTB_CM_REG(RTB_NRF_CLOCK_BASE + 0x100u)
#define CLOCK_HFCLKSTAT RTB_CM_REG(RTB_NRF_CLOCK_BASE + 0x40Cu)
#define CLOCK_HFCLKSTAT_SRC_XTAL (1u << 0)
#define CLOCK_HFCLKSTAT_STATE_RUNNING (1u << 16)
#define NVMC_ICACHECNF RTB_CM_REG(RTB_NRF_NVMC_BASE + 0x540u)
#define NVMC_ICACHECNF_CACHEEN (1u << 0)
#define APPROTECT_DISABLE                                                                          \
    RTB_CM_REG(RTB_NRF_CLOCK_BASE + 0x558u) /* POWER/CLOCK/APPROTECT block                         \
                                             */
#define UICR_APPROTECT RTB_CM_REG(RTB_NRF_UICR_BASE + 0x208u)
#define PART_ID RTB_CM_REG(RTB_NRF_FICR_BASE + 0x130u)
#define PART_REV RTB_CM_REG(RTB_NRF_FICR_BASE + 0x134u)
#define PART_ID_NRF52840 8u
#define PART_REV_APPROTECT 5u

/* 5 instructions per iteration (load, compare, branch, count, branch): some
 * 40 ms at 64 MHz, far beyond the crystal's start-up time (PS, "HFXO"
 * electrical specification); the bound only keeps a board without a
 * working crystal from hanging here. */
#define HFXO_WAIT_LOOPS 500000u

const char *rtb_cm_board_init(void)
{
    const uint32_t running = CLOCK_HFCLKSTAT_SRC_XTAL | CLOCK_HFCLKSTAT_STATE_RUNNING;
    uint32_t n;

    if (PART_ID == PART_ID_NRF52840 && PART_REV >= PART_REV_APPROTECT)
        APPROTECT_DISABLE = UICR_APPROTECT;
    NVMC_ICACHECNF = NVMC_ICACHECNF_CACHEEN;
    CLOCK_EVENTS_HFCLKSTARTED = 0;
    CLOCK_TASKS_HFCLKSTART = 1;
    for (n = 0; n < HFXO_WAIT_LOOPS && !CLOCK_EVENTS_HFCLKSTARTED; n++) {
    }
    rtb_cm_dsb_isb();
    if ((CLOCK_HFCLKSTAT & running) != running)
        return "nrf52: the 32 MHz crystal (HFXO) did not start: running on HFINT, baud rate and "
               "ns figures are approximate";
    return 0;
}
