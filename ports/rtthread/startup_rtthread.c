/*
 * rtbench RT-Thread adapter - the start-up glue between the Cortex-M board
 * support (arch/cortex-m: reset, RAM vector table, console, exit, faults) and
 * the RT-Thread kernel and libcpu port the application links:
 *
 *  - main() does what RT-Thread's rtthread_startup() (components.c) does,
 *    without its board hook and its "main" thread (whose entry would call
 *    main() again): interrupts off, timers, scheduler, the heap of rt_malloc
 *    (rt_system_heap_init over the adapter's array), the runner's thread,
 *    the idle thread, the tick, rt_system_scheduler_start(). The application
 *    therefore builds the kernel without RT_USING_USER_MAIN and
 *    RT_USING_COMPONENTS_INIT (components.c then compiles to nothing).
 *  - vectors: PendSV_Handler is defined by libcpu (context_gcc.S) and
 *    overrides the board's weak one; SysTick_Handler (here) is the tick,
 *    inside rt_interrupt_enter/leave as RT-Thread's BSPs write it; SVC is
 *    unused. libcpu's HardFault_Handler would clash with the board's fault
 *    report: the application assembles context_gcc.S with it renamed (see
 *    docs/ports/rtthread.md). rt_hw_context_switch_to() reloads MSP from
 *    the first word of the table at VTOR - the board's RAM table, whose first
 *    word is the top of the main stack - and sets PendSV and SysTick to the
 *    lowest priority.
 *  - the software interrupt: arch/cortex-m/swirq.c, built with
 *    RTB_CM_SWIRQ_HOOKS, calls rtb_cm_swirq_enter/leave (here:
 *    rt_interrupt_enter/leave) around the installed handler, as every
 *    RT-Thread interrupt handler must be bracketed: rt_schedule() inside
 *    defers the switch to the PendSV that tail-chains after it.
 */
#include <stdint.h>

#include <rthw.h>
#include <rtthread.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb/error.h"
#include "rtb/timer.h"
#include "rtb_ad_cm.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_rt_port.h"

#define SYST_CSR_ENABLE 1u
#define SYST_CSR_TICKINT 2u
#define SYST_CSR_CLKSOURCE 4u

void SysTick_Handler(void)
{
    rt_interrupt_enter();
    rt_tick_increase();
    rt_interrupt_leave();
}

/* swirq.c's hooks (RTB_CM_SWIRQ_HOOKS). */
void rtb_cm_swirq_enter(void)
{
    rt_interrupt_enter();
}

void rtb_cm_swirq_leave(void)
{
    rt_interrupt_leave();
}

int main(void)
{
    int err = rtb_timer_init();

    if (err != 0)
        rtb_ad_fail("timer init", err);
    rtb_rt_info_init();
    (void)rt_hw_interrupt_disable(); /* enabled by the first switch */
    rt_system_timer_init();
    rt_system_scheduler_init();
    err = rtb_rt_heap_init();
    if (err != 0)
        rtb_ad_fail("heap init", err);
    err = rtb_core_create_main();
    if (err != 0)
        rtb_ad_fail("creating the main thread", err);
#ifdef RT_USING_TIMER_SOFT
    rt_system_timer_thread_init();
#endif
    rt_thread_idle_init();
    rtb_cm_swirq_enable(); /* NVIC priority 0: above PendSV; masked by RT-Thread's PRIMASK sections
                            */
    CM_SYST_CSR = 0;
    CM_SYST_RVR = rtb_cm_core_hz() / RT_TICK_PER_SECOND - 1u;
    CM_SYST_CVR = 0;
    CM_SYST_CSR = SYST_CSR_ENABLE | SYST_CSR_TICKINT | SYST_CSR_CLKSOURCE;
    rt_system_scheduler_start(); /* does not return */
    return RTB_CM_EXIT_FAULT;
}
