/*
 * rtbench board: the MPS2+ AN521 FPGA image, an SSE-200 with two Cortex-M33
 * (rtbench runs on CPU0, in the Secure state it boots in). QEMU 7.2 builds
 * its mps2-an521 and mps2-an505 machines from one table (hw/arm/mps2-tz.c):
 * the same expansion devices at the same addresses, the same 20 MHz SYSCLK
 * (Zephyr's device tree says 25 MHz), the same 92 external interrupt lines
 * (Zephyr's SoC says 96). So this board's addresses, clock and lines are the
 * an505's, taken from its board.h (checked by running the bring-up image on
 * it); what differs is the subsystem around the cores (docs/ports/cortex-m.md).
 * The board's name is its folder's (RTB_CM_BOARD_NAME, passed by the build);
 * the rest of its build facts are in board.cmake.
 */
#include "../mps2-an505/board.h"
