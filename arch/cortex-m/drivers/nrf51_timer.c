/*
 * rtbench Cortex-M counter driver: the nRF51 TIMER0 as a free-running 32-bit
 * up-counter at 16 MHz (HFCLK, PRESCALER 0), which is also the nRF51's core
 * clock. The count is not readable as such: the CAPTURE[0] task copies it
 * into CC[0], so a read is a store to TASKS_CAPTURE[0] and a load of CC[0]
 * (timer_cm.h: RTB_CM_COUNTER_CAPTURE); the timestamp is the store.
 */
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"
#include "timer_cm.h"

#ifndef RTB_CM_NRF51_TIMER0_BASE
#error "board.cmake selects nrf51_timer but board.h has no RTB_CM_NRF51_TIMER0_BASE"
#endif

#define TIMER_HZ 16000000u /* HFCLK / 2^PRESCALER, PRESCALER = 0 */
#define TASKS_START (RTB_CM_NRF51_TIMER0_BASE + 0x000u)
#define TASKS_STOP (RTB_CM_NRF51_TIMER0_BASE + 0x004u)
#define TASKS_CLEAR (RTB_CM_NRF51_TIMER0_BASE + 0x00Cu)
#define TASKS_CAPTURE0 (RTB_CM_NRF51_TIMER0_BASE + 0x040u)
#define SHORTS (RTB_CM_NRF51_TIMER0_BASE + 0x200u)
#define INTENCLR (RTB_CM_NRF51_TIMER0_BASE + 0x308u)
#define MODE (RTB_CM_NRF51_TIMER0_BASE + 0x504u)
#define BITMODE (RTB_CM_NRF51_TIMER0_BASE + 0x508u)
#define PRESCALER (RTB_CM_NRF51_TIMER0_BASE + 0x510u)
#define CC0 (RTB_CM_NRF51_TIMER0_BASE + 0x540u)
#define BITMODE_32 3u

int rtb_cm_nrf51_timer_probe(struct rtb_cm_counter *c, const char **why)
{
    /* Stopped while it is configured (BITMODE and PRESCALER must not change
     * while it runs), no shortcuts, no interrupts, timer mode, then started. */
    RTB_CM_REG(TASKS_STOP) = 1u;
    RTB_CM_REG(TASKS_CLEAR) = 1u;
    RTB_CM_REG(SHORTS) = 0u;
    RTB_CM_REG(INTENCLR) = 0xFFFFFFFFu;
    RTB_CM_REG(MODE) = 0u;
    RTB_CM_REG(BITMODE) = BITMODE_32;
    RTB_CM_REG(PRESCALER) = 0u;
    RTB_CM_REG(TASKS_START) = 1u;
    c->reg = (const volatile uint32_t *)(uintptr_t)CC0;
    c->capture = (volatile uint32_t *)(uintptr_t)TASKS_CAPTURE0;
    c->invert = 0;
    c->mask = 0xffffffffu;
    c->bits = 32;
    c->hz = TIMER_HZ;
    c->name = "nrf51-timer0";
    if (!rtb_cm_counter_advances(c)) {
        *why = "nRF51 TIMER0 does not advance";
        return -1;
    }
    return 0;
}
