/*
 * rtbench Cortex-M console: Nordic UARTE (UART with EasyDMA; nRF52 series),
 * transmit only, polling, 8N1 without flow control at RTB_CM_BAUD (115200).
 * board.h gives RTB_NRF_UARTE_BASE, RTB_NRF_GPIO_BASE and RTB_NRF_UART_TX_PIN.
 *
 * From the nRF52840 Product Specification, chapter "UARTE" (offsets checked
 * against nrf52840.svd): TASKS_STARTTX +0x008, EVENTS_ENDTX +0x120 (the
 * last byte of the buffer went out), ENABLE +0x500 (8 = enabled), PSEL.RTS
 * +0x508, PSEL.TXD +0x50C, PSEL.CTS +0x510, PSEL.RXD +0x514 (bit 31 set:
 * disconnected), BAUDRATE +0x524, TXD.PTR +0x544, TXD.MAXCNT +0x548, CONFIG
 * +0x56C (0: no flow control, no parity, one stop bit). The TXD pin must be
 * an output driven high before the UARTE takes it ("Pin configuration"), and
 * EasyDMA reads only Data RAM: bytes are copied from wherever they are
 * (flash, stack) into a RAM buffer and sent TX_CHUNK at a time.
 *
 * Callable from any context (a fault report interrupts a transfer): a
 * writer first waits for the transfer in flight, whoever started it, then
 * claims the buffer with interrupts masked only while it starts its own;
 * it returns when its last byte has left. Bytes go out unchanged (no \r).
 */
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"

#define UARTE_TASKS_STARTTX RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x008u)
#define UARTE_EVENTS_ENDTX RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x120u)
#define UARTE_ENABLE RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x500u)
#define UARTE_PSEL_RTS RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x508u)
#define UARTE_PSEL_TXD RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x50Cu)
#define UARTE_PSEL_CTS RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x510u)
#define UARTE_PSEL_RXD RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x514u)
#define UARTE_BAUDRATE RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x524u)
#define UARTE_TXD_PTR RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x544u)
#define UARTE_TXD_MAXCNT RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x548u)
#define UARTE_CONFIG RTB_CM_REG(RTB_NRF_UARTE_BASE + 0x56Cu)
#define UARTE_ENABLE_ENABLED 8u
#define UARTE_PSEL_DISCONNECTED 0xFFFFFFFFu /* CONNECT (bit 31) = 1 */

/* GPIO ("GPIO"): OUTSET +0x508, PIN_CNF[n] +0x700 + 4n (DIR bit 0 = output,
 * INPUT bit 1 = input buffer disconnected). */
#define GPIO_OUTSET RTB_CM_REG(RTB_NRF_GPIO_BASE + 0x508u)
#define GPIO_PIN_CNF(n) RTB_CM_REG(RTB_NRF_GPIO_BASE + 0x700u + 4u * (n))
#define GPIO_PIN_CNF_OUTPUT 0x3u

#ifndef RTB_CM_BAUD
#define RTB_CM_BAUD 115200u
#endif
/* BAUDRATE values of the UARTE (not those of the legacy UART: they differ). */
#if RTB_CM_BAUD == 9600u
#define UARTE_BAUD 0x00275000u
#elif RTB_CM_BAUD == 57600u
#define UARTE_BAUD 0x00EB0000u
#elif RTB_CM_BAUD == 115200u
#define UARTE_BAUD 0x01D60000u
#elif RTB_CM_BAUD == 230400u
#define UARTE_BAUD 0x03B00000u
#elif RTB_CM_BAUD == 460800u
#define UARTE_BAUD 0x07400000u
#elif RTB_CM_BAUD == 921600u
#define UARTE_BAUD 0x0F000000u
#elif RTB_CM_BAUD == 1000000u
#define UARTE_BAUD 0x10000000u
#else
#error "nrf_uarte.c: RTB_CM_BAUD must be 9600, 57600, 115200, 230400, 460800, 921600 or 1000000"
#endif

#define TX_CHUNK 64u

static uint8_t tx_buf[TX_CHUNK]; /* in .bss: Data RAM, where EasyDMA reads */
static volatile int tx_busy;     /* a transfer was started and not seen to end */

void rtb_cm_console_init(void);

void rtb_cm_console_init(void)
{
    GPIO_OUTSET = 1u << RTB_NRF_UART_TX_PIN; /* idle high before the pin is driven */
    GPIO_PIN_CNF(RTB_NRF_UART_TX_PIN) = GPIO_PIN_CNF_OUTPUT;
    UARTE_PSEL_TXD = RTB_NRF_UART_TX_PIN; /* port 0, connected */
    UARTE_PSEL_RXD = UARTE_PSEL_DISCONNECTED;
    UARTE_PSEL_RTS = UARTE_PSEL_DISCONNECTED;
    UARTE_PSEL_CTS = UARTE_PSEL_DISCONNECTED;
    UARTE_CONFIG = 0;
    UARTE_BAUDRATE = UARTE_BAUD;
    UARTE_ENABLE = UARTE_ENABLE_ENABLED;
    tx_busy = 0;
}

/* Waits, interrupts enabled or not, until no transfer is in flight. */
static void tx_wait(void)
{
    while (tx_busy && !UARTE_EVENTS_ENDTX) {
    }
}

void rtb_cm_console_write(const char *s, size_t n)
{
    while (n) {
        size_t k = n < TX_CHUNK ? n : TX_CHUNK, i;
        uint32_t primask;
        for (;;) { /* claim the buffer: free, or its transfer ended */
            tx_wait();
            primask = rtb_cm_irq_save();
            if (!tx_busy || UARTE_EVENTS_ENDTX)
                break;
            rtb_cm_irq_restore(primask); /* an interrupt started one meanwhile */
        }
        for (i = 0; i < k; i++)
            tx_buf[i] = (uint8_t)s[i];
        UARTE_EVENTS_ENDTX = 0;
        UARTE_TXD_PTR = (uint32_t)(uintptr_t)tx_buf;
        UARTE_TXD_MAXCNT = (uint32_t)k;
        rtb_cm_dsb_isb(); /* the buffer is written before EasyDMA reads it */
        UARTE_TASKS_STARTTX = 1;
        tx_busy = 1;
        rtb_cm_irq_restore(primask);
        s += k;
        n -= k;
    }
    tx_wait();
}
