/*
 * rtbench Cortex-M start-up common to every architecture profile: reset,
 * the default handler, the fault report, the weak entries a kernel port
 * overrides. The vector table, the HardFault entry and the fault status
 * registers are the profile's (cm_exc.h: armv7-m/exceptions.c,
 * armv6-m/exceptions.c). Reset_Handler sets up .data and .bss, the
 * profile's exceptions, then runs the board's start-up (rtb_cm_board_init),
 * starts the console, reads the command line (rtb_cm_cmdline_fetch) and
 * calls main().
 */
#include <stdint.h>

#include "board.h"
#include "cm_exc.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"

extern uint32_t __data_start[], __data_end[], __data_load[];
extern uint32_t __bss_start[], __bss_end[];

int main(void);
void rtb_cm_console_init(void);
const char *rtb_cm_board_init(void);

/* Weak entries a kernel port overrides. */
void NMI_Handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));
void SVC_Handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));
void PendSV_Handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));
void SysTick_Handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));
void rtb_cm_swirq_handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));

/* The board's own start-up (clocks, caches), before the console: a board
 * driver overrides it. NULL, or a warning printed once the console works. */
__attribute__((weak)) const char *rtb_cm_board_init(void)
{
    return 0;
}

void Reset_Handler(void)
{
    uint32_t *dst;
    const uint32_t *src;
    uintptr_t n;
    const char *warning;

    /* Sizes from the linker's symbols as integers: they are different objects to C. */
    n = ((uintptr_t)__data_end - (uintptr_t)__data_start) / 4u;
    for (src = __data_load, dst = __data_start; n; n--)
        *dst++ = *src++;
    n = ((uintptr_t)__bss_end - (uintptr_t)__bss_start) / 4u;
    for (dst = __bss_start; n; n--)
        *dst++ = 0;
    rtb_cm_exceptions_init();
    warning = rtb_cm_board_init();
    rtb_cm_console_init();
    if (warning) {
        rtb_cm_console_puts("rtbench: ");
        rtb_cm_console_puts(warning);
        rtb_cm_console_puts("\n");
    }
    rtb_cm_cmdline_fetch();
    rtb_cm_exit(main());
}

char *rtb_cm_fmt_hex(char *p, uint32_t v)
{
    int s;
    *p++ = '0';
    *p++ = 'x';
    for (s = 28; s >= 0; s -= 4)
        *p++ = "0123456789abcdef"[(v >> s) & 0xfu];
    return p;
}

static char *fmt_str(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

static char *fmt_dec(char *p, uint32_t v)
{
    char tmp[10];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        *p++ = tmp[--n];
    return p;
}

/* An exception nobody handles: name its number and stop. */
void rtb_cm_default_handler(void)
{
    char line[64], *p = line;
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    p = fmt_str(p, "\nrtbench: unexpected exception ");
    p = fmt_dec(p, ipsr & 0x1ffu);
    if ((ipsr & 0x1ffu) >= 16u) {
        p = fmt_str(p, " (IRQ ");
        p = fmt_dec(p, (ipsr & 0x1ffu) - 16u);
        *p++ = ')';
    }
    *p++ = '\n';
    rtb_cm_console_write(line, (size_t)(p - line));
    rtb_cm_exit(RTB_CM_EXIT_FAULT);
}

/* The report runs on its own stack: the fault may be a stack overflow. */
uint64_t rtb_cm_fault_stack[RTB_CM_FAULT_STACK_WORDS];

/* The runner's fault record (suite/core/runner.c), when the image has a
 * runner: weak, so that an image without one (bring-up) links. */
int rtb_report_fault(const char *kind, unsigned n, const char *const *keys, const uint32_t *values)
    __attribute__((weak));

#define RTB_CM_FAULT_REGS (3 + RTB_CM_FAULT_STATUS_MAX)

/* The registers of a fault that this core has: the stacked PC, LR and xPSR
 * everywhere, then the profile's fault status and address registers
 * (rtb_cm_fault_status: ARMv7-M and ARMv8-M Mainline have them, ARMv6-M has
 * none). Their number. */
static unsigned fault_regs(const uint32_t *frame, const char **keys, uint32_t *values,
                           int *overflow)
{
    unsigned n = 0;
    keys[n] = "pc";
    values[n++] = frame[6];
    keys[n] = "lr";
    values[n++] = frame[5];
    keys[n] = "xpsr";
    values[n++] = frame[7];
    return n + rtb_cm_fault_status(keys + n, values + n, overflow);
}

void rtb_cm_fault_report(const uint32_t *frame, uint32_t exc_return)
{
    static int nested;
    const char *keys[RTB_CM_FAULT_REGS];
    uint32_t values[RTB_CM_FAULT_REGS];
    /* one register at a time: the line is written in pieces, so that the
     * fault stack holds one short buffer, not the whole line */
    char piece[RTB_CM_FAULT_KEY_MAX + 16], *p;
    unsigned i, n;
    int overflow = 0;
    if (nested++) /* faulted while reporting: exit without formatting */
        rtb_cm_exit(RTB_CM_EXIT_FAULT);
    n = fault_regs(frame, keys, values, &overflow);
    p = fmt_str(piece, "\nrtbench: HardFault");
    rtb_cm_console_write(piece, (size_t)(p - piece));
    for (i = 0; i < n; i++) {
        p = piece;
        *p++ = ' ';
        p = fmt_str(p, keys[i]);
        *p++ = '=';
        p = rtb_cm_fmt_hex(p, values[i]);
        rtb_cm_console_write(piece, (size_t)(p - piece));
    }
    p = fmt_str(piece, (exc_return & 4u) ? " (thread stack" : " (main stack");
    /* an overflow the core caught (ARMv8-M): the frame above may be incomplete */
    p = fmt_str(p, overflow ? ", overflow)\n" : ")\n");
    rtb_cm_console_write(piece, (size_t)(p - piece));
    /* and the record of the benchmark that was running, if any: the host
     * names it, and keeps every result before it */
    if (rtb_report_fault)
        rtb_report_fault("hardfault", n, keys, values);
    rtb_cm_exit(RTB_CM_EXIT_FAULT);
}
