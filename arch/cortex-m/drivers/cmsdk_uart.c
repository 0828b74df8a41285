/*
 * rtbench Cortex-M console: CMSDK APB UART0, transmit only, polling.
 * Bytes are sent as given (no "\n" -> "\r\n" translation: the host's reader
 * drops a '\r' before '\n' anyway, and records stay byte-exact).
 */
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"

#define UART_DATA RTB_CM_REG(RTB_CM_UART0_BASE + 0x00u)
#define UART_STATE RTB_CM_REG(RTB_CM_UART0_BASE + 0x04u)
#define UART_CTRL RTB_CM_REG(RTB_CM_UART0_BASE + 0x08u)
#define UART_BAUDDIV RTB_CM_REG(RTB_CM_UART0_BASE + 0x10u)
#define UART_STATE_TXFULL 1u
#define UART_CTRL_TXEN 1u

#ifndef RTB_CM_BAUD
#define RTB_CM_BAUD 115200u
#endif

void rtb_cm_console_init(void);

void rtb_cm_console_init(void)
{
    /* BAUDDIV must be >= 16 or the UART does not transmit. */
    uint32_t div = RTB_CM_CORE_HZ / RTB_CM_BAUD;
    UART_BAUDDIV = div < 16u ? 16u : div;
    UART_CTRL = UART_CTRL_TXEN;
}

void rtb_cm_console_write(const char *s, size_t n)
{
    while (n--) {
        while (UART_STATE & UART_STATE_TXFULL) {
        }
        UART_DATA = (uint8_t)*s++;
    }
}
