/*
 * rtbench build options the RTOS adapters share (FreeRTOS, ThreadX,
 * RT-Thread): included by each adapter's rtb_config.h after the options
 * that depend on its kernel (the stack size of a benchmark thread). Each is
 * a default only: a board with little RAM sets smaller values in its
 * board.cmake (RTB_BOARD_DEFINES, passed as -D), and the QEMU command line
 * (-append "--filter ... --iterations ...") overrides the run-time ones.
 * See rtb/config.h for every option and its default.
 */
#ifndef RTB_ADAPTER_CONFIG_H
#define RTB_ADAPTER_CONFIG_H

#ifndef RTB_CONFIG_ITERATIONS
#define RTB_CONFIG_ITERATIONS 1000u
#endif
#ifndef RTB_CONFIG_MAX_SAMPLES
#define RTB_CONFIG_MAX_SAMPLES 1000u
#endif
/* Rhealstone's 50-thread task switch: 50 threads that only yield and read
 * the counter, as on refk: 512 bytes each hold the kernel's initial frame,
 * the exception frame and saved registers of a switch, and the adapter's
 * trampoline with the shallow benchmark calls (handlers run on the main
 * stack). The 25 KiB fit the board's RAM many times (mps2-an385: 4 MiB). */
#ifndef RTB_CONFIG_SMALL_STACKS
#define RTB_CONFIG_SMALL_STACKS 50u
#endif
#ifndef RTB_CONFIG_SMALL_STACK_SIZE
#define RTB_CONFIG_SMALL_STACK_SIZE 512u
#endif
/* Helper threads, as on refk: the msgq family's 8 consumers and its producer
 * (Thread-Metric's cooperative and preemptive tests need 5). */
#ifndef RTB_CONFIG_MAX_THREADS
#define RTB_CONFIG_MAX_THREADS 9u
#endif
/* Every benchmark but the message-throughput family (one point of a sweep:
 * --filter 'msgq.*' --params ...), as on refk. */
#ifndef RTB_CONFIG_FILTER
#define RTB_CONFIG_FILTER "*,-msgq.*"
#endif

#endif
