/*
 * rtbench Cortex-M console: the nRF51 UART, transmit only, polling. Each byte
 * is written to TXD and the driver waits for EVENTS_TXDRDY (then clears it)
 * before the next one. Bytes are sent as given (no "\n" -> "\r\n").
 */
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"

#ifndef RTB_CM_NRF51_UART0_BASE
#error "board.cmake selects nrf51_uart but board.h has no RTB_CM_NRF51_UART0_BASE"
#endif

#define UART_STARTTX RTB_CM_REG(RTB_CM_NRF51_UART0_BASE + 0x008u)
#define UART_EVENTS_TXDRDY RTB_CM_REG(RTB_CM_NRF51_UART0_BASE + 0x11Cu)
#define UART_ENABLE RTB_CM_REG(RTB_CM_NRF51_UART0_BASE + 0x500u)
#define UART_PSELTXD RTB_CM_REG(RTB_CM_NRF51_UART0_BASE + 0x50Cu)
#define UART_TXD RTB_CM_REG(RTB_CM_NRF51_UART0_BASE + 0x51Cu)
#define UART_BAUDRATE RTB_CM_REG(RTB_CM_NRF51_UART0_BASE + 0x524u)
#define UART_ENABLE_ON 4u
#define UART_BAUD_115200 0x01D7E000u

void rtb_cm_console_init(void);

void rtb_cm_console_init(void)
{
    UART_PSELTXD = RTB_CM_NRF51_UART_TX_PIN;
    UART_BAUDRATE = UART_BAUD_115200;
    UART_ENABLE = UART_ENABLE_ON;
    UART_EVENTS_TXDRDY = 0u;
    UART_STARTTX = 1u;
}

void rtb_cm_console_write(const char *s, size_t n)
{
    while (n--) {
        UART_TXD = (uint8_t)*s++;
        while (!UART_EVENTS_TXDRDY) {
        }
        UART_EVENTS_TXDRDY = 0u;
    }
}
