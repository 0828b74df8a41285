/*
 * rtbench board: the BBC micro:bit (v1), a Nordic nRF51822 with a Cortex-M0
 * (ARMv6-M) at 16 MHz. Addresses as the nRF51 Series Reference Manual and
 * QEMU 7.2's `-M microbit` have them (checked by running the bring-up image
 * on it). The board's name is its folder's (RTB_CM_BOARD_NAME, passed by the
 * build); the rest of its build facts are in board.cmake.
 */
#ifndef RTB_CM_BOARD_H_
#define RTB_CM_BOARD_H_

#define RTB_CM_CPU_NAME "Cortex-M0"
/* UART0 (console); its TXD pin: P0.24 goes to the micro:bit's USB interface chip */
#define RTB_CM_NRF51_UART0_BASE 0x40002000u
#define RTB_CM_NRF51_UART_TX_PIN 24u
/* TIMER0: the counter (drivers/nrf51_timer.c: 32 bits at 16 MHz) */
#define RTB_CM_NRF51_TIMER0_BASE 0x40008000u
/* TIMER1: the counter instead when the kernel's system timer is TIMER0
 * (RTB_CM_NRF51_COUNTER_TIMER=1: Zephyr's qemu_cortex_m0); 16 bits on the
 * silicon, 32 under QEMU (drivers/nrf51_timer.c) */
#define RTB_CM_NRF51_TIMER1_BASE 0x40009000u
/* Core clock in Hz (HFCLK; SysTick counts it too) */
#define RTB_CM_CORE_HZ 16000000u
/* External interrupts the NVIC has (ARMv6-M: at most 32; the nRF51 uses 0-25) */
#define RTB_CM_NUM_IRQ 32
/* The external IRQ used as the software-triggered interrupt: SWI0, which the
 * nRF51 reserves for software (no peripheral drives it) */
#define RTB_CM_SWIRQ 20
/* An address with no memory or device behind it, for the bring-up image's
 * fault check (QEMU's nRF51 answers 0xF0000000, its private peripheral area,
 * with zeros: no fault there) */
#define RTB_CM_UNMAPPED_ADDR 0x30000000u

#endif
