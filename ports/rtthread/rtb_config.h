/*
 * rtbench build configuration for the RT-Thread adapter on the Cortex-M
 * boards (see rtb/config.h for every option and its default). Run-time
 * options on the QEMU command line (-append "--filter ... --iterations ...")
 * override the defaults below. A board with little RAM sets smaller values
 * in its board.cmake (RTB_BOARD_DEFINES, passed as -D): each option here is
 * a default only.
 */
#ifndef RTB_CONFIG_RTTHREAD_H
#define RTB_CONFIG_RTTHREAD_H

/* Bytes of stack per benchmark thread: RT-Thread's 16-word initial frame,
 * the adapter's trampoline and the shallow benchmark calls, soft-float (no
 * FPU frame). rt_thread_init fills the whole stack with '#' (always, in
 * 3.1.x), so this size is part of thread.create's figure. */
#ifndef RTB_CONFIG_STACK_SIZE
#define RTB_CONFIG_STACK_SIZE 1024u
#endif
/* What the three adapters share: iterations, samples, helper threads, small
 * stacks, the default filter. */
#include "rtb_adapter_config.h"

#endif
