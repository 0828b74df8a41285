/*
 * rtbench board: the MPS2+ AN521 FPGA image, an SSE-200 with two Cortex-M33
 * (rtbench runs on CPU0, in the Secure state it boots in). QEMU 7.2 models
 * it with the AN505's expansion devices at the AN505's addresses (its
 * mps2-tz machine, one table for both), so the addresses below are the
 * AN505's; what differs is the subsystem around the cores (checked by running
 * the bring-up image on it). The board's name is its folder's
 * (RTB_CM_BOARD_NAME, passed by the build); the rest of its build facts are
 * in board.cmake.
 */
#ifndef RTB_CM_BOARD_H_
#define RTB_CM_BOARD_H_

#define RTB_CM_CPU_NAME "Cortex-M33"
#define RTB_CM_ARCH_V8M 1
/* CMSDK APB UART0 (console), Secure alias */
#define RTB_CM_UART0_BASE 0x50200000u
/* FPGA system control (FPGAIO), Secure alias; its COUNTER register at +0x18
 * counts up at the core clock */
#define RTB_CM_FPGAIO_BASE 0x50302000u
/* Core clock in Hz as QEMU gives it (SSE-200 MAINCLK: 20 MHz; Zephyr's
 * device tree says 25 MHz) */
#define RTB_CM_CORE_HZ 20000000u
/* External interrupts QEMU's mps2-an521 wires to each CPU's NVIC (vector
 * table size; Zephyr's SoC says 96) */
#define RTB_CM_NUM_IRQ 92
/* The external IRQ used as the software-triggered interrupt (no device drives it) */
#define RTB_CM_SWIRQ 91

#endif
