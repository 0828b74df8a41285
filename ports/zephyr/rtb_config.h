/*
 * rtbench build configuration for the Zephyr adapter on the Cortex-M boards
 * (see rtb/config.h for every option and its default). Run-time options on
 * the QEMU command line (-append "--filter ... --iterations ...") override
 * the defaults below. A board with little RAM sets smaller values in its
 * board.cmake (RTB_BOARD_DEFINES, passed as -D): each option here is a
 * default only.
 */
#ifndef RTB_CONFIG_ZEPHYR_H
#define RTB_CONFIG_ZEPHYR_H

/* Bytes of stack per benchmark thread: Zephyr's initial frame (z_thread_entry's
 * 8-word exception frame), the adapter's trampoline and the shallow benchmark
 * calls, soft-float (no FPU frame), no MPU guard (prj.conf). */
#ifndef RTB_CONFIG_STACK_SIZE
#define RTB_CONFIG_STACK_SIZE 1024u
#endif
/* What the RTOS adapters share: iterations, samples, helper threads, small
 * stacks, the default filter. */
#include "rtb_adapter_config.h"

#endif
