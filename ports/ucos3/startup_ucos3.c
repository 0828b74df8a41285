/*
 * rtbench µC/OS-III adapter - the start-up glue between the Cortex-M board
 * support (arch/cortex-m: reset, RAM vector table, console, exit, faults)
 * and the µC/OS-III Cortex-M port the application links (ARMv7-M on
 * mps2-an385 and mps2-an505, ARMv6-M on microbit):
 *
 *  - main(): interrupts off (OSStartHighRdy enables them in the first task),
 *    CPU_Init, OSInit (the idle task, the OS_MSG pool), round-robin on with
 *    a quantum that never ends (RTB_UC_SLICE: OSSchedRoundRobinYield needs
 *    it), the runner's task, the software interrupt, the SysTick tick at
 *    OS_CFG_TICK_RATE_HZ (the port's OS_CPU_SysTickInit: on ARMv7-M at
 *    the kernel-aware level CPU_CFG_KA_IPL_BOUNDARY), OSStart.
 *  - vectors: the port's OS_CPU_PendSVHandler and OS_CPU_SysTickHandler are
 *    assembled and compiled as PendSV_Handler and SysTick_Handler
 *    (app/CMakeLists.txt), replacing the board's weak ones; SVC is unused.
 *    OSStartHighRdy moves MSP to µC/OS-III's interrupt stack
 *    (OS_CFG_ISR_STK_SIZE): every handler runs there (on ARMv8-M with
 *    MSPLIM moved to its base).
 *  - the software interrupt: arch/cortex-m/swirq.c, built with
 *    RTB_CM_SWIRQ_HOOKS, calls rtb_cm_swirq_enter/leave (here: OSIntEnter
 *    in a critical section, as the port's own SysTick handler does, and
 *    OSIntExit, which pends the PendSV of a switch) around the installed
 *    handler, as every µC/OS-III interrupt handler must be bracketed. On
 *    ARMv7-M it runs at the kernel-aware level, masked by the kernel's
 *    BASEPRI sections.
 */
#include <stdint.h>

#include "os.h"

#include "board.h"
#include "rtb/error.h"
#include "rtb/timer.h"
#include "rtb_ad_cm.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_uc_port.h"

/* swirq.c's hooks (RTB_CM_SWIRQ_HOOKS). */
void rtb_cm_swirq_enter(void);
void rtb_cm_swirq_leave(void);

void rtb_cm_swirq_enter(void)
{
    CPU_SR_ALLOC();

    CPU_CRITICAL_ENTER();
    OSIntEnter();
    CPU_CRITICAL_EXIT();
}

void rtb_cm_swirq_leave(void)
{
    OSIntExit();
}

static void uc_check(const char *what, OS_ERR err)
{
    if (err != OS_ERR_NONE)
        rtb_ad_fail(what, rtb_core_port_error((int)err));
}

int main(void)
{
    OS_ERR err;
    int rc = rtb_timer_init();

    if (rc != 0)
        rtb_ad_fail("timer init", rc);
    rtb_uc_info_init();
    CPU_IntDis();
    CPU_Init();
    OSInit(&err);
    uc_check("OSInit", err);
    OSSchedRoundRobinCfg(OS_TRUE, RTB_UC_SLICE, &err);
    uc_check("OSSchedRoundRobinCfg", err);
    rc = rtb_core_create_main();
    if (rc != 0)
        rtb_ad_fail("creating the main thread", rc);
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)
    /* the kernel-aware level: masked by CPU_CRITICAL_ENTER's BASEPRI */
    rtb_cm_swirq_set_prio((uint8_t)(CPU_CFG_KA_IPL_BOUNDARY << (8u - CPU_CFG_NVIC_PRIO_BITS)));
#endif
    rtb_cm_swirq_enable();
#if defined(__ARM_ARCH_8M_MAIN__)
    /* The board set MSPLIM to its main stack; OSStartHighRdy moves MSP to
     * uC/OS-III's interrupt stack (lower, in .bss): the limit follows it, so
     * a handler's overflow still faults. */
    __asm__ volatile("msr msplim, %0" ::"r"(OSCfg_ISRStkBasePtr));
#endif
    OS_CPU_SysTickInit(rtb_cm_core_hz() / OS_CFG_TICK_RATE_HZ); /* the reload is cnts - 1 */
    OSStart(&err);                                              /* does not return */
    uc_check("OSStart", err);
    return RTB_CM_EXIT_FAULT;
}
