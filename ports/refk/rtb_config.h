/*
 * rtbench build configuration for the images on refk (see rtb/config.h for
 * every option and its default). Run-time options on the QEMU command line
 * (-append "--filter ... --iterations ...") override the defaults below. A
 * board with little RAM sets smaller values in its board.cmake
 * (RTB_BOARD_DEFINES, passed as -D): each option here is a default only.
 */
#ifndef RTB_CONFIG_REFK_H
#define RTB_CONFIG_REFK_H

/* Bytes of stack per benchmark thread (AAPCS, soft-float: 8 saved words per
 * exception frame plus 8 callee-saved words; the benchmarks are shallow). */
#ifndef RTB_CONFIG_STACK_SIZE
#define RTB_CONFIG_STACK_SIZE 1024u
#endif
#ifndef RTB_CONFIG_ITERATIONS
#define RTB_CONFIG_ITERATIONS 1000u
#endif
/* Rhealstone's 50-thread task switch: 50 threads that only yield and read
 * the counter. 512 bytes each: the 16-word initial frame, the 8-word
 * exception frame and r4-r11 that PendSV saves, and the shallow calls of the
 * benchmark (handlers run on the main stack). A board with too little RAM
 * sets RTB_CONFIG_SMALL_STACKS to 0 (the benchmark is then n/a). */
#ifndef RTB_CONFIG_SMALL_STACKS
#define RTB_CONFIG_SMALL_STACKS 50u
#endif
#ifndef RTB_CONFIG_SMALL_STACK_SIZE
#define RTB_CONFIG_SMALL_STACK_SIZE 512u
#endif
/* Helper threads (1 KiB of stack each unless the board sets a smaller
 * RTB_CONFIG_STACK_SIZE): the msgq family's 8 consumers and its producer
 * (Thread-Metric's cooperative and preemptive tests need 5). */
#ifndef RTB_CONFIG_MAX_THREADS
#define RTB_CONFIG_MAX_THREADS 9u
#endif
/* RTB_CONFIG_MAX_SAMPLES: the default (rtb/defaults.h) unless the board sets
 * it; the host's qemu: runner checks --iterations against the board's value
 * (the generated rtb_boards.h). */
/* Every benchmark, the calib.* known-answer ones included, but the
 * message-throughput family (one point of a sweep: rtbench sweep, or
 * --filter 'msgq.*' --params ...), which runs when asked for with --filter. */
#define RTB_CONFIG_FILTER "*,-msgq.*"

#endif
