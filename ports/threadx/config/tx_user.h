/*
 * rtbench ThreadX adapter - example tx_user.h for the QEMU mps2 boards
 * (mps2-an385: ports/cortex_m3/gnu; mps2-an505: ports/cortex_m33/gnu running
 * Secure-only), as used for the figures in docs/benchmarks.md. Pass it to
 * ThreadX's CMake as TX_USER_FILE (which defines TX_INCLUDE_USER_DEFINE_FILE
 * for the kernel and every target that links it). It is also read by the
 * port's assembler files: #defines only.
 *
 * It is the configuration for a FAIR COMPARISON: ThreadX's own code paths
 * without the checks a production build keeps. Each setting marked "fair:"
 * differs from what a production build would use; the table in
 * docs/ports/threadx.md says what and why. Everything not set here keeps
 * ThreadX's default (32 priorities, 100 ticks per second, preemption-threshold
 * on, notify callbacks on, timer expirations in the system timer thread).
 */
#ifndef TX_USER_H
#define TX_USER_H

/* fair: no API argument checking, the counterpart of FreeRTOS without
 * configASSERT (production: leave checking on; the txe_* layer validates
 * every pointer, option and caller context). */
#define TX_DISABLE_ERROR_CHECKING

/* fair: tx_thread_create does not fill the new stack with 0xEF (FreeRTOS
 * does not either without stack-overflow checking); on a 1 KiB stack the
 * fill is about two thirds of the create (production: fill, for
 * tx_thread_stack_error_notify and stack-usage analysis). */
#define TX_DISABLE_STACK_FILLING

/* Defaults spelled out: the tick both kernels use in the comparison, and
 * the priorities the adapter maps rtbench's 1..30 onto. */
#define TX_TIMER_TICKS_PER_SECOND 100
#define TX_MAX_PRIORITIES 32

/* mps2-an505 boots Secure and the whole image stays there: the ARMv8-M
 * port's single-mode build (no secure-stack SVCs, EXC_RETURN for Secure PSP). */
#if defined(__ARM_ARCH_8M_MAIN__)
#define TX_SINGLE_MODE_SECURE
#endif

#endif /* TX_USER_H */
