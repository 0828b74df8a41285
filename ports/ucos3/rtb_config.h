/*
 * rtbench build configuration for the µC/OS-III adapter on the Cortex-M
 * boards (see rtb/config.h for every option and its default). Run-time
 * options on the QEMU command line (-append "--filter ... --iterations ...")
 * override the defaults below. A board with little RAM sets smaller values
 * in its board.cmake (RTB_BOARD_DEFINES, passed as -D): each option here is
 * a default only.
 */
#ifndef RTB_CONFIG_UCOS3_H
#define RTB_CONFIG_UCOS3_H

/* Bytes of stack per benchmark thread: µC/OS-III's 16-word initial frame
 * (OSTaskStkInit), the adapter's trampoline and the shallow benchmark
 * calls, soft-float (no FPU frame). OSTaskCreate does not fill the stack
 * (no OS_OPT_TASK_STK_CLR / _CHK). */
#ifndef RTB_CONFIG_STACK_SIZE
#define RTB_CONFIG_STACK_SIZE 1024u
#endif
/* What the adapters share: iterations, samples, helper threads, small
 * stacks, the default filter. */
#include "rtb_adapter_config.h"

#endif
