/*
 * rtbench build configuration for the images on refk (see rtb/config.h for
 * every option and its default). Run-time options on the QEMU command line
 * (-append "--filter ... --iterations ...") override the defaults below.
 */
#ifndef RTB_CONFIG_REFK_H
#define RTB_CONFIG_REFK_H

/* Bytes of stack per benchmark thread (AAPCS, soft-float: 8 saved words per
 * exception frame plus 8 callee-saved words; the benchmarks are shallow). */
#define RTB_CONFIG_STACK_SIZE 1024u
#define RTB_CONFIG_ITERATIONS 1000u
/* Rhealstone's 50-thread task switch: 50 threads that only yield and read
 * the counter. 512 bytes each: the 16-word initial frame, the 8-word
 * exception frame and r4-r11 that PendSV saves, and the shallow calls of the
 * benchmark (handlers run on the main stack). */
#define RTB_CONFIG_SMALL_STACKS 50u
#define RTB_CONFIG_SMALL_STACK_SIZE 512u
/* RTB_CONFIG_MAX_SAMPLES: the default (rtb/defaults.h), which the host's
 * qemu: runner checks --iterations against. */
/* Every benchmark, the calib.* known-answer ones included, but the
 * message-throughput family (one point of a sweep: rtbench sweep, or
 * --filter 'msgq.*' --params ...), which runs when asked for with --filter. */
#define RTB_CONFIG_FILTER "*,-msgq.*"
/* Helper threads (1 KiB of stack each): the msgq family's 8 consumers and its
 * producer (Thread-Metric's cooperative and preemptive tests need 5). */
#define RTB_CONFIG_MAX_THREADS 9u

#endif
