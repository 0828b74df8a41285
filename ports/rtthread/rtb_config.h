/*
 * rtbench build configuration for the RT-Thread adapter on the Cortex-M
 * boards (see rtb/config.h for every option and its default). Run-time
 * options on the QEMU command line (-append "--filter ... --iterations ...")
 * override the defaults below. A board with little RAM sets smaller values
 * in its board.cmake (RTB_BOARD_DEFINES, passed as -D): each option here is
 * a default only.
 */
#ifndef RTB_CONFIG_RTTHREAD_H
#define RTB_CONFIG_RTTHREAD_H

/* Bytes of stack per benchmark thread: RT-Thread's 16-word initial frame,
 * the adapter's trampoline and the shallow benchmark calls, soft-float (no
 * FPU frame). rt_thread_init fills the whole stack with '#' (always, in
 * 3.1.x), so this size is part of thread.create's figure. */
#ifndef RTB_CONFIG_STACK_SIZE
#define RTB_CONFIG_STACK_SIZE 1024u
#endif
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
