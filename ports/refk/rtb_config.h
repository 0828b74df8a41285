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
