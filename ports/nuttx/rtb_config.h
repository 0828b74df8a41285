/*
 * rtbench build configuration for the NuttX adapter on the Cortex-M boards
 * (see rtb/config.h for every option and its default). Run-time options on
 * the QEMU command line (-append "--filter ... --iterations ...") override
 * the defaults below; each option here is a default only.
 */
#ifndef RTB_CONFIG_NUTTX_H
#define RTB_CONFIG_NUTTX_H

/* Bytes of stack per benchmark thread: NuttX's TLS block and argv at the
 * stack's base (nxtask_init), its initial frame, the adapter's trampoline
 * and the shallow benchmark calls, soft-float (no FPU frame). */
#ifndef RTB_CONFIG_STACK_SIZE
#define RTB_CONFIG_STACK_SIZE 2048u
#endif
/* What the RTOS adapters share: iterations, samples, helper threads, small
 * stacks, the default filter. */
#include "rtb_adapter_config.h"

#endif
