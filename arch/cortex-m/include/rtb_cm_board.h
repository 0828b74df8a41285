/*
 * rtbench Cortex-M board support: what arch/cortex-m (its .c files, the
 * drivers a board selects, and boards/<board>/board.h) gives to a kernel port
 * such as ports/refk/port.c. CMake: arch/cortex-m/board-support.cmake.
 *
 * Start-up: Reset_Handler copies .data, zeroes .bss, installs the vector
 * table in RAM (VTOR), runs the board's start-up (rtb_cm_board_init, a weak
 * no-op unless a board driver gives one: clocks, caches), initialises the
 * console (UART0) and calls main(),
 * which the port provides. The port's main() is expected to call
 * rtb_timer_init() (timer.h), start its kernel, run rtb_main() from a thread
 * at RTB_PRIO_MAIN with the configuration filled by rtb_cm_cmdline(), and end
 * with rtb_cm_exit(status). If main() returns, its value is the exit status.
 *
 * Exceptions: SVC_Handler, PendSV_Handler, SysTick_Handler and
 * rtb_cm_swirq_handler (the software-interrupt IRQ) are weak; the kernel
 * port defines them. An exception without a handler, and every HardFault,
 * print one line naming it (with the stacked PC for a fault) and exit with
 * RTB_CM_EXIT_FAULT.
 *
 * Floating point: the images are built soft-float (-mfloat-abi=soft) on every
 * core, so no FPU context exists and a context switch saves only the integer
 * registers.
 */
#ifndef RTB_CM_BOARD_API_H
#define RTB_CM_BOARD_API_H

#include <stddef.h>
#include <stdint.h>

struct rtb_run_config;

/* Exit status of an image that took a fault or an unexpected exception. */
#define RTB_CM_EXIT_FAULT 100
/* Exit status of an image whose command line could not be parsed. */
#define RTB_CM_EXIT_USAGE 2

/* Board and CPU names ("mps2-an385", "Cortex-M3"). */
const char *rtb_cm_board_name(void);
const char *rtb_cm_cpu_name(void);
/* Core clock in Hz as the board defines it. */
uint32_t rtb_cm_core_hz(void);

/* Console: write n bytes to UART0, polling (no interrupts, no buffering).
 * Callable from any context, before and after the kernel starts. */
void rtb_cm_console_write(const char *s, size_t n);
/* Write a NUL-terminated string. */
void rtb_cm_console_puts(const char *s);

/* End the program with `status`: under QEMU (semihosting) the emulator exits
 * with this status (0..255; a non-zero status whose low byte is 0 becomes 1,
 * a negative rtb_err -N becomes 256-N). Without semihosting
 * (RTB_CM_SEMIHOSTING=0) it prints "rtbench: exit <status>" and sleeps. */
void rtb_cm_exit(int status) __attribute__((noreturn));

/* The software-triggered interrupt (external IRQ RTB_CM_SWIRQ of board.h).
 * enable: clear any pending state and enable it in the NVIC (its priority
 * is left at 0, the most urgent, unless rtb_cm_swirq_set_prio is called).
 * pend: write NVIC STIR then DSB + ISB, so the handler has run when pend
 * returns (unless masked). set_prio: NVIC priority byte (top bits used). */
void rtb_cm_swirq_enable(void);
void rtb_cm_swirq_disable(void);
void rtb_cm_swirq_pend(void);
void rtb_cm_swirq_set_prio(uint8_t prio);
/* Set the priority byte of a system exception (11 = SVC, 14 = PendSV, 15 = SysTick). */
void rtb_cm_sysprio_set(unsigned exc, uint8_t prio);

/* Weak vector entries the kernel port defines. */
void rtb_cm_swirq_handler(void);
void SVC_Handler(void);
void PendSV_Handler(void);
void SysTick_Handler(void);

/* Fill `cfg` from the semihosting command line (QEMU -append "..."):
 *   --filter GLOBS | --filter=GLOBS    comma-separated id globs
 *   --iterations N | --iterations=N    measured iterations
 *   --warmup N | --warmup=N            warm-up iterations
 *   --params LIST | --params=LIST      run-time parameters "key=value,..." (rtb_param_u32)
 *   --list                             print the catalog only
 * Words before the first "--" option (QEMU passes the image path first) are
 * skipped. Fields not given keep their defaults (NULL filter, 0 iterations,
 * UINT32_MAX warm-up, list_only 0, NULL params). Returns 0, or RTB_ERR_INVAL after
 * printing one line "rtbench: bad command line: ..." - also when semihosting
 * cannot return the line (longer than 511 bytes) - and the caller should then
 * exit with RTB_CM_EXIT_USAGE. Strings point into a static buffer. */
int rtb_cm_cmdline(struct rtb_run_config *cfg);
/* Reads the semihosting command line and splits it into words: called by
 * Reset_Handler before main(), before any kernel starts its tick, so that
 * the length of the image path QEMU puts first (its -kernel argument) does
 * not move where the tick lands in the benchmarks (under icount every
 * character skipped costs instructions). rtb_cm_cmdline() reports its errors. */
void rtb_cm_cmdline_fetch(void);

/* The counter layer (timer.h is the interface; these add board details). */
/* The QEMU -icount shift detected by rtb_timer_init() (each guest
 * instruction = 2^shift ns of virtual time), or -1 when not under icount. */
int rtb_cm_icount_shift(void);
/* Spin `n` (>= 1) iterations of a 2-instruction loop: exactly 2n + 1
 * instructions from the first loop instruction to the return. */
void rtb_cm_spin(uint32_t n);

/* 1 in handler mode (an exception or interrupt handler runs: IPSR is not 0),
 * 0 in thread mode. Inline, two instructions: the kernel adapters test it on
 * the paths they time (a call that may not wait in a handler). */
static inline int rtb_cm_in_handler(void)
{
    uint32_t ipsr;

    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    return ipsr != 0;
}

#endif /* RTB_CM_BOARD_API_H */
