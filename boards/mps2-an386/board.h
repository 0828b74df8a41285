/*
 * rtbench board: an MPS2 FPGA image with a Cortex-M4. Addresses as QEMU 7.2 models the board
 * (checked by running the bring-up image on it) and as the MPS2 application
 * note documents it. The board's name is its folder's (RTB_CM_BOARD_NAME,
 * passed by the build); the rest of its build facts are in board.cmake.
 */
#ifndef RTB_CM_BOARD_H_
#define RTB_CM_BOARD_H_

#define RTB_CM_CPU_NAME "Cortex-M4"
#define RTB_CM_ARCH_V7M 1
/* CMSDK APB UART0 (console) */
#define RTB_CM_UART0_BASE 0x40004000u
/* FPGA system control (FPGAIO); its COUNTER register at +0x18 counts up at the core clock */
#define RTB_CM_FPGAIO_BASE 0x40028000u
/* Core clock in Hz (SysTick processor clock and FPGAIO counter) */
#define RTB_CM_CORE_HZ 25000000u
/* External interrupts the NVIC has on this board (vector table size) */
#define RTB_CM_NUM_IRQ 32
/* The external IRQ used as the software-triggered interrupt (no device drives it) */
#define RTB_CM_SWIRQ 31

#endif
