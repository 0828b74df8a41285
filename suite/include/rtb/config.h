/*
 * rtbench - build-time configuration.
 *
 * Each build puts a file named `rtb_config.h` on the include path (every port
 * ships one; an application may put its own earlier on the path). It defines
 * the options below that it wants to change; everything else gets the default
 * set here. Mandatory options have no default: leaving one out is an #error.
 */
#ifndef RTB_CONFIG_H
#define RTB_CONFIG_H

#include "rtb/defaults.h"
#include "rtb_config.h"

#define RTB_VERSION "0.1.0"

/* Mandatory: bytes of stack for each benchmark thread (depends on the ABI). */
#ifndef RTB_CONFIG_STACK_SIZE
#error "RTB_CONFIG_STACK_SIZE must be defined in rtb_config.h (bytes of stack per benchmark thread)"
#endif

/* Helper threads a benchmark can have at once (rtb_helper_stack()), each with
 * RTB_CONFIG_STACK_SIZE bytes of stack. */
#ifndef RTB_CONFIG_MAX_THREADS
#define RTB_CONFIG_MAX_THREADS 4u
#endif
/* Bytes of stack of the thread that runs rtb_main() (the runner and every
 * benchmark's own side), for a port that creates that thread itself (the
 * Cortex-M kernel ports; the POSIX port runs it on the process's stack). */
#ifndef RTB_CONFIG_MAIN_STACK_SIZE
#define RTB_CONFIG_MAIN_STACK_SIZE 8192u
#endif
/* Small stacks (rtb_helper_small_stack()) for families that need many threads that do
 * little: Rhealstone's 50-thread task switch needs 50. 0 = none (those
 * benchmarks report n/a). */
#ifndef RTB_CONFIG_SMALL_STACKS
#define RTB_CONFIG_SMALL_STACKS 0u
#endif
#ifndef RTB_CONFIG_SMALL_STACK_SIZE
#define RTB_CONFIG_SMALL_STACK_SIZE 512u
#endif

/* Thread-Metric (suite/bench/tm.c): the length of one period in milliseconds
 * of the target's own clock, and the number of periods (one score each);
 * run-time parameters tm_period_ms and tm_periods override them. Thread-Metric
 * as published runs 30 s periods; the default is short so that the suite
 * stays fast. */
#ifndef RTB_CONFIG_TM_PERIOD_MS
#define RTB_CONFIG_TM_PERIOD_MS 100u
#endif
#ifndef RTB_CONFIG_TM_PERIODS
#define RTB_CONFIG_TM_PERIODS 3u
#endif

/* Measured iterations per benchmark (after warm-up); overridable at run time
 * on ports that take arguments. */
#ifndef RTB_CONFIG_ITERATIONS
#define RTB_CONFIG_ITERATIONS 1000u
#endif
/* Iterations run first and not recorded (caches, lazy kernel paths). */
#ifndef RTB_CONFIG_WARMUP
#define RTB_CONFIG_WARMUP 16u
#endif
/* Samples kept per benchmark (4 bytes each): iterations are capped to this. */
#ifndef RTB_CONFIG_MAX_SAMPLES
#define RTB_CONFIG_MAX_SAMPLES RTB_DEFAULT_MAX_SAMPLES
#endif
/* Comma-separated id globs selecting benchmarks ('*' and '?'). */
#ifndef RTB_CONFIG_FILTER
#define RTB_CONFIG_FILTER "*"
#endif
/* Runs of the empty timed window whose minimum is the timer overhead. */
#ifndef RTB_CONFIG_CALIB_RUNS
#define RTB_CONFIG_CALIB_RUNS 64u
#endif
/* Longest record or human line, bytes (one static buffer in the runner).
 * The H record is the longest: escaped compiler flags and versions; a run
 * whose header does not fit stops with a one-line error before measuring. */
#ifndef RTB_CONFIG_LINE_MAX
#define RTB_CONFIG_LINE_MAX 1024u
#endif
/* The compiler flags the suite was built with (the build system passes them). */
#ifndef RTB_CONFIG_CFLAGS
#define RTB_CONFIG_CFLAGS "unknown"
#endif

/* Window marks for the cycle model (rtb/cycle_marks.h): 1 only in the QEMU
 * images built for `rtbench run --cycle-model`; 0 (nothing compiled) everywhere
 * else, silicon included. */
#ifndef RTB_CONFIG_CYCLE_MARKS
#define RTB_CONFIG_CYCLE_MARKS 0
#endif

/* Assertions: compiled out unless RTB_CONFIG_ASSERT is 1. */
#ifndef RTB_CONFIG_ASSERT
#define RTB_CONFIG_ASSERT 0
#endif
#if RTB_CONFIG_ASSERT
void rtb_assert_fail(const char *file, int line, const char *expr);
#define RTB_ASSERT(x) ((x) ? (void)0 : rtb_assert_fail(__FILE__, __LINE__, #x))
#else
#define RTB_ASSERT(x) ((void)0)
#endif

/* Trace hook: RTB_TRACE(event, arg) calls rtb_trace_hook() when
 * RTB_CONFIG_TRACE is 1 (the application provides it), else nothing. */
#ifndef RTB_CONFIG_TRACE
#define RTB_CONFIG_TRACE 0
#endif
#if RTB_CONFIG_TRACE
void rtb_trace_hook(const char *event, unsigned long arg);
#define RTB_TRACE(ev, arg) rtb_trace_hook((ev), (unsigned long)(arg))
#else
#define RTB_TRACE(ev, arg) ((void)0)
#endif

#endif /* RTB_CONFIG_H */
