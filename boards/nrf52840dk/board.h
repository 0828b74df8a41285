/*
 * rtbench board: Nordic nRF52840 DK (PCA10056) - nRF52840, Arm Cortex-M4F at
 * 64 MHz. Not emulated: built here, run on the real board (flash
 * it, read its UART: docs/ports/boards.md).
 *
 * Sources: the nRF52840 Product Specification v1.x, by chapter (named at
 * each entry; section numbers move between PS versions). Every address,
 * offset, field and reset value used here and in the drivers was checked
 * against nrf52840.svd (Nordic's machine-readable form of the PS register
 * tables, nrfx 4.2.1, bsp/stable/mdk); the PS PDF itself could not be read
 * here. The DK's pins: nRF52840 DK User Guide, "Virtual COM port", as
 * Zephyr's nrf52840dk board uses them (P0.06 TX, P0.08 RX).
 */
#ifndef RTB_CM_BOARD_H_
#define RTB_CM_BOARD_H_

#define RTB_CM_CPU_NAME "Cortex-M4F"
#define RTB_CM_ARCH_V7M 1
/* PS "CLOCK - Clock control": the CPU clock (HCLK64M) is 64 MHz whether
 * HFCLK comes from the internal RC oscillator (HFINT) or the 32 MHz crystal
 * (HFXO); drivers/nrf52_init.c starts the crystal for an accurate rate. DWT
 * CYCCNT counts these cycles. */
#define RTB_CM_CORE_HZ 64000000u
/* PS "Instantiation" (peripheral IDs 0..47, SPIM3 = 47): 48 external IRQs. */
#define RTB_CM_NUM_IRQ 48
/* The software interrupt: ID 20, SWI0/EGU0 (0x40014000), whose IRQ no
 * peripheral raises while EGU0 is unused; pended through NVIC STIR. */
#define RTB_CM_SWIRQ 20

/* PS "CLOCK": base 0x40000000, shared with POWER and APPROTECT
 * (drivers/nrf52_init.c) */
#define RTB_NRF_CLOCK_BASE 0x40000000u
/* PS "FICR - Factory information configuration registers": 0x10000000 */
#define RTB_NRF_FICR_BASE 0x10000000u
/* PS "UICR - User information configuration registers": 0x10001000 */
#define RTB_NRF_UICR_BASE 0x10001000u
/* PS "NVMC - Non-volatile memory controller": base 0x4001E000 (I-cache) */
#define RTB_NRF_NVMC_BASE 0x4001E000u
/* PS "UARTE - Universal asynchronous receiver/transmitter with EasyDMA":
 * UARTE0 at 0x40002000 (shares ID 2 with the legacy UART0) */
#define RTB_NRF_UARTE_BASE 0x40002000u
/* PS "GPIO - General purpose input/output": port P0 at 0x50000000 */
#define RTB_NRF_GPIO_BASE 0x50000000u
/* DK User Guide "Virtual COM port": the interface MCU's VCOM (its USB port,
 * /dev/ttyACM0 on Linux) takes the nRF52840's TXD on P0.06 (and drives RXD
 * on P0.08, RTS P0.05, CTS P0.07: unused here, no flow control). */
#define RTB_NRF_UART_TX_PIN 6u

#endif
