/*
 * rtbench RT-Thread adapter - example rtconfig.h for the QEMU mps2 boards
 * (libcpu/arm/cortex-m3 on mps2-an385), as used for the figures in
 * docs/benchmarks.md. The application puts this folder on the kernel
 * target's PUBLIC include path (rtdef.h includes <rtconfig.h>). #defines
 * only.
 *
 * It is the configuration for a FAIR COMPARISON: RT-Thread's own code paths
 * without the checks a production build keeps. Each setting marked "fair:"
 * differs from what a production build would use; the table in
 * docs/ports/rtthread.md says what and why. The settings marked "adapter:"
 * are what ports/rtthread needs.
 */
#ifndef RT_CONFIG_H__
#define RT_CONFIG_H__

/* adapter: 32 priorities, rtbench's 1..30 onto RT-Thread's 30..1 (0 above
 * every rtbench thread, 31 the idle thread's). Same count as the FreeRTOS
 * and ThreadX examples. */
#define RT_THREAD_PRIORITY_MAX 32
/* The tick all three kernels use in the comparison. */
#define RT_TICK_PER_SECOND 100
#define RT_ALIGN_SIZE 4
#define RT_NAME_MAX 8

/* fair: no RT_DEBUG - RT_ASSERT is empty and no call checks its caller's
 * context (RT_DEBUG_IN_THREAD_CONTEXT), the counterpart of FreeRTOS without
 * configASSERT and ThreadX's TX_DISABLE_ERROR_CHECKING (production: RT_DEBUG
 * on, with an rt_assert_hook that logs and resets). */
/* #define RT_DEBUG */

/* fair: no stack-overflow check at each switch (production:
 * RT_USING_OVERFLOW_CHECK, which tests the '#' fill at the stack's end in
 * rt_schedule). */
/* #define RT_USING_OVERFLOW_CHECK */

/* fair: no hooks (scheduler, object, idle): each would add a test and an
 * indirect call to the paths measured (production: RT_USING_HOOK when a
 * tracer or CPU-usage monitor is used). */
/* #define RT_USING_HOOK */

/* Timer callbacks in the tick interrupt, no timer thread (RT-Thread's
 * default; the benchmarks start no software timer). */
/* #define RT_USING_TIMER_SOFT */

/* adapter: the IPC objects it maps the contract onto. */
#define RT_USING_SEMAPHORE
#define RT_USING_MUTEX
#define RT_USING_EVENT
#define RT_USING_MAILBOX
#define RT_USING_MESSAGEQUEUE

/* adapter: rt_malloc/rt_free - the small-memory allocator over the
 * adapter's 32 KiB array (rt_system_heap_init), the size of the FreeRTOS
 * heap_4 and ThreadX byte pool of the other examples. */
#define RT_USING_HEAP
#define RT_USING_SMALL_MEM

/* fair: no console - rtbench writes its records through the board's UART
 * itself; rt_kprintf is empty (production: RT_USING_CONSOLE with a device
 * or rt_hw_console_output). */
/* #define RT_USING_CONSOLE */

/* adapter: rtbench's start-up (ports/rtthread/startup_rtthread.c) is
 * main(): RT_USING_USER_MAIN and RT_USING_COMPONENTS_INIT stay undefined,
 * so components.c builds nothing. */

#endif /* RT_CONFIG_H__ */
