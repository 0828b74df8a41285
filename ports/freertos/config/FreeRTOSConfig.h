/*
 * rtbench FreeRTOS adapter - example FreeRTOSConfig.h for the QEMU boards
 * (mps2-an385: ARM_CM3 port; mps2-an505: ARM_CM33_NTZ non_secure port
 * running Secure-only; microbit: ARM_CM0 port), as used for the figures in
 * docs/benchmarks.md.
 *
 * It is the configuration for a FAIR COMPARISON: the kernel's own code paths,
 * without the debug and safety checks that a production build keeps. Each
 * setting marked "fair:" differs from what a production build would use; the
 * table in docs/ports/freertos.md says what and why. Copy it into your
 * application and change it there; the adapter needs only the settings
 * marked "needed:" (port_freertos.c checks them with #error).
 *
 * The memory sizes (configTOTAL_HEAP_SIZE, configMINIMAL_STACK_SIZE,
 * configTIMER_TASK_STACK_DEPTH, configTIMER_QUEUE_LENGTH) are defaults: a
 * build for a board with little RAM passes smaller ones as -D to the kernel
 * and the adapter alike (the check application puts them on its
 * freertos_config target; docs/ports/freertos.md lists the micro:bit's).
 */
#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H

#ifndef __ASSEMBLER__
#include <stdint.h>
/* The board's core clock (25 MHz on an385, 20 MHz on an505). */
uint32_t rtb_cm_core_hz(void);
void rtb_fr_assert_failed(const char *file, int line);
#endif

/* ---- scheduling ---------------------------------------------------------------- */
#define configUSE_PREEMPTION 1 /* needed: strict priority preemption */
/* fair: equal-priority tasks switch only when one yields or blocks, as on the
 * other kernels compared; with slicing a tick can switch between the two
 * threads of thread.yield.* (production default: 1). */
#define configUSE_TIME_SLICING 0
#if defined(__ARM_ARCH_6M__)
#define configUSE_PORT_OPTIMISED_TASK_SELECTION 0 /* ARMv6-M has no CLZ: the generic selection */
#else
#define configUSE_PORT_OPTIMISED_TASK_SELECTION 1 /* CLZ, at most 32 priorities */
#endif
#define configMAX_PRIORITIES 32 /* needed: >= 32 (1..30 + timer task) */
#define configNUMBER_OF_CORES 1
#define configUSE_TICKLESS_IDLE 0
#define configCPU_CLOCK_HZ (rtb_cm_core_hz())
/* fair: 100 Hz on every kernel compared (ThreadX's default); a tick that
 * falls in a timed window adds its handler to that sample (production: 1000). */
#define configTICK_RATE_HZ 100
#define configTICK_TYPE_WIDTH_IN_BITS TICK_TYPE_WIDTH_32_BITS
#define configIDLE_SHOULD_YIELD 1
#ifndef configMINIMAL_STACK_SIZE
#define configMINIMAL_STACK_SIZE 256 /* words: the idle task's stack */
#endif
#define configMAX_TASK_NAME_LEN 16
#define configUSE_TASK_NOTIFICATIONS 1
#define configTASK_NOTIFICATION_ARRAY_ENTRIES 1

/* ---- objects ------------------------------------------------------------------- */
#define configUSE_MUTEXES 1             /* needed */
#define configUSE_RECURSIVE_MUTEXES 1   /* needed */
#define configUSE_COUNTING_SEMAPHORES 1 /* needed */
#define configUSE_EVENT_GROUPS 1
#define configUSE_STREAM_BUFFERS 0 /* not used by the adapter */
#define configUSE_QUEUE_SETS 0
#define configQUEUE_REGISTRY_SIZE 0 /* fair: no debugger registry (production: 8+) */

/* ---- memory ---------------------------------------------------------------------- */
#define configSUPPORT_STATIC_ALLOCATION 1     /* needed: objects live in the caller's storage */
#define configSUPPORT_DYNAMIC_ALLOCATION 1    /* pvPortMalloc for rtb_malloc (heap_4) */
#define configKERNEL_PROVIDED_STATIC_MEMORY 0 /* startup_freertos.c provides it */
#ifndef configTOTAL_HEAP_SIZE
#define configTOTAL_HEAP_SIZE (32u * 1024u)
#endif
#define configAPPLICATION_ALLOCATED_HEAP 0

/* ---- timer service task: runs event-group calls deferred from an interrupt ---- */
#define configUSE_TIMERS 1
#define configTIMER_TASK_PRIORITY (configMAX_PRIORITIES - 1) /* above every rtbench thread */
#ifndef configTIMER_QUEUE_LENGTH
#define configTIMER_QUEUE_LENGTH 8
#endif
#ifndef configTIMER_TASK_STACK_DEPTH
#define configTIMER_TASK_STACK_DEPTH 256 /* words */
#endif

/* ---- checks, hooks, trace: all off for the comparison ---------------------------- */
/* fair: no configASSERT (production: defined, e.g. as below). */
/* #define configASSERT(x) do { if (!(x)) rtb_fr_assert_failed(__FILE__, __LINE__); } while (0) */
#define configCHECK_FOR_STACK_OVERFLOW 0 /* fair (production: 2, pattern check on switch) */
#define configUSE_MALLOC_FAILED_HOOK 0   /* fair (production: 1) */
#define configUSE_TRACE_FACILITY 0       /* fair (production: 1 for debuggers) */
#define configGENERATE_RUN_TIME_STATS 0  /* fair */
#define configUSE_IDLE_HOOK 0
#define configUSE_TICK_HOOK 0
#define configUSE_DAEMON_TASK_STARTUP_HOOK 0
#define configUSE_APPLICATION_TASK_TAG 0
#define configNUM_THREAD_LOCAL_STORAGE_POINTERS 0
#define configRECORD_STACK_HIGH_ADDRESS 0
#define configUSE_NEWLIB_REENTRANT 0
#define configUSE_CO_ROUTINES 0
#define configUSE_STATS_FORMATTING_FUNCTIONS 0

/* ---- API included ------------------------------------------------------------------ */
#define INCLUDE_vTaskPrioritySet 1 /* needed */
#define INCLUDE_uxTaskPriorityGet 1
#define INCLUDE_vTaskDelete 1               /* needed */
#define INCLUDE_vTaskSuspend 1              /* needed */
#define INCLUDE_xTaskResumeFromISR 1        /* needed: Thread-Metric resumes from a handler */
#define INCLUDE_xTaskGetCurrentTaskHandle 1 /* needed */
#define INCLUDE_vTaskDelay 1
#define INCLUDE_vTaskDelayUntil 0
#define INCLUDE_xTaskGetSchedulerState 0
#define INCLUDE_uxTaskGetStackHighWaterMark 0 /* fair: no stack filling on create */
#define INCLUDE_eTaskGetState 0
#define INCLUDE_xTimerPendFunctionCall 1 /* event groups from the software interrupt */

/* ---- Cortex-M interrupt priorities (BASEPRI critical sections) ---------------------
 * ARMv6-M has no BASEPRI: the ARM_CM0 port's critical sections set PRIMASK, and
 * only the software interrupt's priority below is used there (the nRF51 keeps
 * the top 2 bits of it). */
#define configPRIO_BITS 3 /* the MPS2 FPGA images; QEMU keeps more, the top 3 suffice */
#define configKERNEL_INTERRUPT_PRIORITY (7 << (8 - configPRIO_BITS)) /* PendSV, SysTick */
/* The most urgent level from which FromISR calls are made: the software
 * interrupt runs here (startup_freertos.c). */
#define configMAX_SYSCALL_INTERRUPT_PRIORITY (5 << (8 - configPRIO_BITS))

/* ---- the ARMv8-M port (mps2-an505 boots Secure and stays there) -------------------- */
#if defined(__ARM_ARCH_8M_MAIN__)
#define configENABLE_TRUSTZONE 0
#define configRUN_FREERTOS_SECURE_ONLY 1
#define configENABLE_MPU 0
#define configENABLE_FPU 0 /* the images are soft-float */
#define configENABLE_MVE 0
#endif

/* ---- the ARMv6-M port (ARM_CM0: Cortex-M0, M0+; micro:bit) ------------------------- */
#if defined(__ARM_ARCH_6M__)
#define configENABLE_MPU 0
#endif

/* ---- vectors of the ARMv7-M port: direct routing to the board's table ---------------
 * (the ARMv8-M and ARMv6-M ports define SVC_Handler, PendSV_Handler and
 * SysTick_Handler themselves) */
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
#define vPortSVCHandler SVC_Handler
#define xPortPendSVHandler PendSV_Handler
#define xPortSysTickHandler SysTick_Handler
#endif

#endif /* FREERTOS_CONFIG_H */
