/*
 * rtbench Cortex-M counter: SysTick refused, for a kernel that programs it
 * for its own tick (Zephyr's system timer, NuttX's system tick), instead of
 * timer_systick.c, which would reprogram it. The build names that kernel:
 * RTB_CM_SYSTICK_OWNER="Zephyr" (ports/zephyr/zephyr.cmake, ports/nuttx/app/apps.cmake).
 * The board then needs another counter (DWT or a board timer): the probe's
 * reason is printed only when none works.
 */
#include <stdint.h>

#include "timer_cm.h"

#ifndef RTB_CM_SYSTICK_OWNER
#error "RTB_CM_SYSTICK_OWNER (the kernel that owns SysTick, a string) is not defined by the build"
#endif

int rtb_cm_systick_probe(struct rtb_cm_counter *c, const char **why)
{
    (void)c;
    *why = "SysTick is " RTB_CM_SYSTICK_OWNER "'s system tick";
    return -1;
}
