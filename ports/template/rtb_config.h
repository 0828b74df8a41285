/*
 * rtbench template port - build-time configuration (see rtb/config.h).
 *
 * Every port ships this file. Only RTB_CONFIG_STACK_SIZE is mandatory;
 * define any other RTB_CONFIG_* here to change its default.
 */
#ifndef RTB_CONFIG_TEMPLATE_H
#define RTB_CONFIG_TEMPLATE_H

/* Bytes of stack per benchmark helper thread (rtb_helper_stack()). Size it for the
 * ABI and for what the kernel puts on a thread's stack (context frame, FPU
 * state, ISR nesting when interrupts use the thread stack). */
#define RTB_CONFIG_STACK_SIZE 1024u

/* Examples of optional settings:
 * #define RTB_CONFIG_ITERATIONS  1000u   measured iterations per benchmark
 * #define RTB_CONFIG_MAX_SAMPLES 1000u   4 bytes of RAM each
 * #define RTB_CONFIG_WARMUP      16u
 * #define RTB_CONFIG_MAX_THREADS 9u      helper threads: msgq's 8 consumers and
 *                                        its producer; Thread-Metric needs 5
 * #define RTB_CONFIG_FILTER "*,-msgq.*"  msgq runs as sweep points only
 */

#endif /* RTB_CONFIG_TEMPLATE_H */
