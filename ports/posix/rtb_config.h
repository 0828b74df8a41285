/*
 * rtbench - build configuration of the POSIX port (see rtb/config.h).
 */
#ifndef RTB_CONFIG_POSIX_H
#define RTB_CONFIG_POSIX_H

/* 64 KiB per benchmark thread: ample for the benchmarks, and small so that
 * with mlockall(MCL_FUTURE) a thread does not fault in an 8 MiB stack. */
#define RTB_CONFIG_STACK_SIZE 65536u
/* Five helper threads: Thread-Metric's cooperative and preemptive tests. */
#define RTB_CONFIG_MAX_THREADS 5u

/* Up to 100000 measured samples per benchmark (400 KB of static memory). */
#define RTB_CONFIG_MAX_SAMPLES 100000u

/* Everything but the known-answer calibration set, which runs when asked
 * for with --filter 'calib.*'. */
#define RTB_CONFIG_FILTER "*,-calib.*"

#endif /* RTB_CONFIG_POSIX_H */
