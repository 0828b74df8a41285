/*
 * rtbench RTOS adapters - what every adapter on the Cortex-M board support
 * does the same way, whatever its kernel: the output and exit hooks of the
 * contract, the runner thread's entry and the start-up failure message.
 * rtb_adapter_library() (adapter.cmake) compiles rtb_ad_cm.c into every
 * adapter.
 */
#ifndef RTB_AD_CM_H
#define RTB_AD_CM_H

#include <stdint.h>

#include "rtb/config.h"

/* Entry of the runner's thread: reads the semihosting command line
 * (rtb_cm_cmdline; a bad one exits with RTB_CM_EXIT_USAGE), runs rtb_main()
 * and exits with its status. Does not return. */
void rtb_ad_main_entry(void *arg);

/* "rtbench: <what> failed: <rtb_strerror(err)>" on the console, then exit
 * with RTB_CM_EXIT_FAULT: a start-up step the kernel refused. */
void rtb_ad_fail(const char *what, int err);

/* Ends the run header's `sched` text at p (end: its last byte): appends
 * " icount-shift=N" when the counter counts QEMU's icount instructions, then
 * the terminating NUL. */
void rtb_ad_sched_end(char *p, char *end);

/* The stack of the runner's thread (rtb_ad_main_entry), which the adapter
 * creates: RTB_CONFIG_MAIN_STACK_SIZE bytes (rtb/config.h; a board may set
 * less), 8-byte aligned. */
extern uint64_t rtb_ad_main_stack[RTB_CONFIG_MAIN_STACK_SIZE / 8u];

#endif /* RTB_AD_CM_H */
