/*
 * rtbench FreeRTOS adapter - the start-up glue between the Cortex-M board
 * support (arch/cortex-m: reset, RAM vector table, console, exit) and the
 * FreeRTOS port the application links:
 *
 *  - vectors: the board's table calls SVC_Handler, PendSV_Handler and
 *    SysTick_Handler (weak in the board layer). The ARMv8-M ports
 *    (ARM_CM33_NTZ, ...) and the ARMv6-M one (ARM_CM0) define exactly these
 *    names. The ARMv7-M ports
 *    (ARM_CM3, ARM_CM4F, ARM_CM7) call them vPortSVCHandler,
 *    xPortPendSVHandler and xPortSysTickHandler: FreeRTOSConfig.h maps them
 *    onto the vector names with #define (direct routing, as the example
 *    configuration does); without those defines this file installs
 *    one-branch trampolines (indirect routing; set
 *    configCHECK_HANDLER_INSTALLATION 0 then).
 *  - the tick: the port's own vPortSetupTimerInterrupt() (SysTick at
 *    configCPU_CLOCK_HZ / configTICK_RATE_HZ), started by
 *    vTaskStartScheduler().
 *  - the software interrupt: NVIC priority configMAX_SYSCALL_INTERRUPT_PRIORITY
 *    (the most urgent level from which FromISR calls are allowed; BASEPRI
 *    critical sections mask it), handled by arch/cortex-m/swirq.c.
 *  - static memory of the idle and timer tasks, the hooks a production
 *    configuration turns on, and main().
 */
#include <stdint.h>

#include "FreeRTOS.h"
#include "task.h"

#include "rtb/error.h"
#include "rtb/timer.h"
#include "rtb_adapter.h"
#include "rtb_ad_cm.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_fr_port.h"

/* ---- vectors of the ARMv7-M ports without direct routing --------------------------- */

#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
#ifndef vPortSVCHandler
void vPortSVCHandler(void);
__attribute__((naked)) void SVC_Handler(void)
{
    __asm__ volatile("b vPortSVCHandler");
}
#endif
#ifndef xPortPendSVHandler
void xPortPendSVHandler(void);
__attribute__((naked)) void PendSV_Handler(void)
{
    __asm__ volatile("b xPortPendSVHandler");
}
#endif
#ifndef xPortSysTickHandler
void xPortSysTickHandler(void);
__attribute__((naked)) void SysTick_Handler(void)
{
    __asm__ volatile("b xPortSysTickHandler");
}
#endif
#endif

/* ---- static memory of the kernel's own tasks ----------------------------------------- */

#if configKERNEL_PROVIDED_STATIC_MEMORY == 0
void vApplicationGetIdleTaskMemory(StaticTask_t **tcb, StackType_t **stack,
                                   configSTACK_DEPTH_TYPE *words)
{
    static StaticTask_t idle_tcb;
    static StackType_t idle_stack[configMINIMAL_STACK_SIZE];

    *tcb = &idle_tcb;
    *stack = idle_stack;
    *words = configMINIMAL_STACK_SIZE;
}

#if configUSE_TIMERS == 1
void vApplicationGetTimerTaskMemory(StaticTask_t **tcb, StackType_t **stack,
                                    configSTACK_DEPTH_TYPE *words)
{
    static StaticTask_t timer_tcb;
    static StackType_t timer_stack[configTIMER_TASK_STACK_DEPTH];

    *tcb = &timer_tcb;
    *stack = timer_stack;
    *words = configTIMER_TASK_STACK_DEPTH;
}
#endif
#endif

/* ---- hooks of a production configuration ---------------------------------------------- */

static void fr_fatal(const char *what, const char *detail)
{
    rtb_cm_console_puts("\nrtbench: FreeRTOS: ");
    rtb_cm_console_puts(what);
    rtb_cm_console_puts(detail);
    rtb_cm_console_puts("\n");
    rtb_cm_exit(RTB_CM_EXIT_FAULT);
}

void rtb_fr_assert_failed(const char *file, int line)
{
    char num[12], *p = rtb_ad_putu(num, num + sizeof num - 1, (uint32_t)line);

    *p = '\0';
    rtb_cm_console_puts("\nrtbench: FreeRTOS: configASSERT failed at ");
    rtb_cm_console_puts(file);
    fr_fatal(":", num);
}

#if configCHECK_FOR_STACK_OVERFLOW > 0
void vApplicationStackOverflowHook(TaskHandle_t task, char *name)
{
    (void)task;
    fr_fatal("stack overflow in task ", name);
}
#endif

#if configUSE_MALLOC_FAILED_HOOK == 1
void vApplicationMallocFailedHook(void)
{
    /* rtb_malloc returns NULL and the benchmark reports it: nothing to do */
}
#endif

/* ---- main -------------------------------------------------------------------------------- */

int main(void)
{
    int err = rtb_timer_init();

    if (err != 0)
        rtb_ad_fail("timer init", err);
    rtb_fr_info_init();
    rtb_cm_swirq_set_prio((uint8_t)configMAX_SYSCALL_INTERRUPT_PRIORITY);
    rtb_cm_swirq_enable();
    err = rtb_core_create_main();
    if (err != 0)
        rtb_ad_fail("creating the main task", err);
    vTaskStartScheduler(); /* returns only if the idle or timer task could not be created */
    rtb_ad_fail("vTaskStartScheduler", RTB_ERR_NOMEM);
    return RTB_CM_EXIT_FAULT;
}
