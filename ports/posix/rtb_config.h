/*
 * rtbench - build configuration of the POSIX port (see rtb/config.h).
 */
#ifndef RTB_CONFIG_POSIX_H
#define RTB_CONFIG_POSIX_H

/* 64 KiB per benchmark thread: ample for the benchmarks, and small so that
 * with mlockall(MCL_FUTURE) a thread does not fault in an 8 MiB stack. */
#define RTB_CONFIG_STACK_SIZE 65536u

/* Rhealstone's 50-thread task switch: 50 threads of 32 KiB (twice glibc's
 * PTHREAD_STACK_MIN of 16 KiB, which also holds the thread's TLS). */
#define RTB_CONFIG_SMALL_STACKS 50u
#define RTB_CONFIG_SMALL_STACK_SIZE 32768u

/* Up to 100000 measured samples per benchmark (400 KB of static memory). */
#define RTB_CONFIG_MAX_SAMPLES 100000u

/* Everything but the known-answer calibration set and the message-throughput
 * family (one point of a sweep: rtbench sweep, or --filter 'msgq.*' --params
 * ...), which run when asked for with --filter. */
#define RTB_CONFIG_FILTER "*,-calib.*,-msgq.*"

/* Helper threads: the msgq family's 8 consumers and its producer (Thread-Metric's
 * cooperative and preemptive tests need 5). */
#define RTB_CONFIG_MAX_THREADS 9u

#endif /* RTB_CONFIG_POSIX_H */
