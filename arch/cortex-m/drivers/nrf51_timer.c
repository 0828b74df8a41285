/*
 * rtbench Cortex-M counter driver: an nRF51 TIMER as a free-running 32-bit
 * up-counter at 16 MHz (HFCLK, PRESCALER 0), which is also the nRF51's core
 * clock. The count is not readable as such: the CAPTURE[0] task copies it
 * into CC[0], so a read is a store to TASKS_CAPTURE[0] and a load of CC[0]
 * (timer_cm.h: RTB_CM_COUNTER_CAPTURE); the timestamp is the store.
 *
 * Which TIMER: TIMER0 (board.h: RTB_CM_NRF51_TIMER0_BASE), unless the build
 * says the kernel's system timer owns it (RTB_CM_NRF51_COUNTER_TIMER=1: Zephyr
 * on qemu_cortex_m0, ports/zephyr/Kconfig), then TIMER1
 * (RTB_CM_NRF51_TIMER1_BASE). On nRF51 silicon only TIMER0 counts 32 bits
 * (TIMER1 and TIMER2 stop at 16); QEMU 7.2 models the three alike, so TIMER1
 * is a 32-bit counter there only: the probe checks that it counts past 16 bits.
 */
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"
#include "timer_cm.h"

#ifndef RTB_CM_NRF51_COUNTER_TIMER
#define RTB_CM_NRF51_COUNTER_TIMER 0
#endif
#if RTB_CM_NRF51_COUNTER_TIMER == 0
#ifndef RTB_CM_NRF51_TIMER0_BASE
#error "board.cmake selects nrf51_timer but board.h has no RTB_CM_NRF51_TIMER0_BASE"
#endif
#define TIMER_BASE RTB_CM_NRF51_TIMER0_BASE
#define TIMER_NAME "nrf51-timer0"
#define TIMER_LABEL "TIMER0"
#elif RTB_CM_NRF51_COUNTER_TIMER == 1
#ifndef RTB_CM_NRF51_TIMER1_BASE
#error "RTB_CM_NRF51_COUNTER_TIMER=1 but board.h has no RTB_CM_NRF51_TIMER1_BASE"
#endif
#define TIMER_BASE RTB_CM_NRF51_TIMER1_BASE
#define TIMER_NAME "nrf51-timer1"
#define TIMER_LABEL "TIMER1"
#else
#error "RTB_CM_NRF51_COUNTER_TIMER must be 0 or 1 (the nRF51 TIMER that counts)"
#endif

#define TIMER_HZ 16000000u /* HFCLK / 2^PRESCALER, PRESCALER = 0 */
#define TASKS_START (TIMER_BASE + 0x000u)
#define TASKS_STOP (TIMER_BASE + 0x004u)
#define TASKS_CLEAR (TIMER_BASE + 0x00Cu)
#define TASKS_CAPTURE0 (TIMER_BASE + 0x040u)
#define SHORTS (TIMER_BASE + 0x200u)
#define INTENCLR (TIMER_BASE + 0x308u)
#define MODE (TIMER_BASE + 0x504u)
#define BITMODE (TIMER_BASE + 0x508u)
#define PRESCALER (TIMER_BASE + 0x510u)
#define CC0 (TIMER_BASE + 0x540u)
#define BITMODE_32 3u

#if RTB_CM_NRF51_COUNTER_TIMER != 0
/* 1 when the count reaches 2^16 before it falls back (a 16-bit TIMER wraps
 * to 0 first): at most 2^16 ticks, 4 ms at 16 MHz. */
static int counts_past_16_bits(const struct rtb_cm_counter *c)
{
    uint32_t prev = 0u;
    for (;;) {
        *c->capture = 1u;
        uint32_t now = *c->reg;
        if (now >= 0x10000u)
            return 1;
        if (now < prev)
            return 0;
        prev = now;
    }
}
#endif

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
    c->name = TIMER_NAME;
    if (!rtb_cm_counter_advances(c)) {
        *why = "nRF51 " TIMER_LABEL " does not advance";
        return -1;
    }
#if RTB_CM_NRF51_COUNTER_TIMER != 0
    if (!counts_past_16_bits(c)) {
        *why =
            "nRF51 " TIMER_LABEL " does not count past 16 bits (on the silicon only TIMER0 does)";
        return -1;
    }
#endif
    return 0;
}
