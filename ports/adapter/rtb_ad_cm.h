/*
 * rtbench RTOS adapters - what every adapter on the Cortex-M board support
 * does the same way, whatever its kernel: the output and exit hooks of the
 * contract, the runner thread's entry and the start-up failure message.
 * rtb_adapter_library() (adapter.cmake) compiles rtb_ad_cm.c into every
 * adapter.
 */
#ifndef RTB_AD_CM_H
#define RTB_AD_CM_H

#include <stddef.h>
#include <stdint.h>

#include "rtb/config.h"
#include "rtb_adapter.h"

/* Entry of the runner's thread: reads the semihosting command line
 * (rtb_cm_cmdline; a bad one exits with RTB_CM_EXIT_USAGE), runs rtb_main()
 * and exits with its status. Does not return. */
void rtb_ad_main_entry(void *arg);

/* "rtbench: <what> failed: <rtb_strerror(err)>" on the console, then exit
 * with RTB_CM_EXIT_FAULT: a start-up step the kernel refused. */
void rtb_ad_fail(const char *what, int err);

/* Fills what rtb_port_info() returns (rtb_ad_cm.c defines it): the
 * adapter's port, kernel and version names, the board's and CPU's from the
 * board support, and the `sched` text: the pieces joined (rtb_ad_join),
 * then " icount-shift=N" when the counter counts QEMU's icount
 * instructions. From the start-up code, after rtb_timer_init. */
void rtb_ad_info_init(const char *port, const char *kernel, const char *version,
                      const struct rtb_ad_text *sched, size_t n);

/* The stack of the runner's thread (rtb_ad_main_entry), which the adapter
 * creates: RTB_CONFIG_MAIN_STACK_SIZE bytes (rtb/config.h; a board may set
 * less), 8-byte aligned. */
extern uint64_t rtb_ad_main_stack[RTB_CONFIG_MAIN_STACK_SIZE / 8u];

#endif /* RTB_AD_CM_H */
