/*
 * rtbench Cortex-M start-up: boot vectors, reset, the RAM vector table,
 * default and fault handlers.
 *
 * The boot table in flash holds only the 16 system entries (enough to
 * reset and to report a fault before VTOR moves). Reset_Handler builds the
 * full table in RAM - every external IRQ points to the default handler
 * except RTB_CM_SWIRQ, which points to rtb_cm_swirq_handler - and sets VTOR,
 * then runs the board's start-up (rtb_cm_board_init), starts the console
 * and calls main().
 */
#include <stdint.h>

#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"

typedef void (*rtb_cm_vector_t)(void);

extern uint32_t __data_start[], __data_end[], __data_load[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __stack_top[], __stack_bottom[];

int main(void);
void rtb_cm_console_init(void);
const char *rtb_cm_board_init(void);
void Reset_Handler(void);
void rtb_cm_default_handler(void);
void HardFault_Handler(void);
void rtb_cm_fault_report(const uint32_t *frame, uint32_t exc_return);

/* Weak entries a kernel port overrides. */
void NMI_Handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));
void SVC_Handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));
void PendSV_Handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));
void SysTick_Handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));
void rtb_cm_swirq_handler(void) __attribute__((weak, alias("rtb_cm_default_handler")));

#define RTB_CM_NUM_VECTORS (16 + RTB_CM_NUM_IRQ)
/* VTOR needs the table aligned to its size rounded up to a power of two (min 128 bytes). */
#define RTB_CM_VTOR_ALIGN                                                                          \
    (RTB_CM_NUM_VECTORS <= 32    ? 128                                                             \
     : RTB_CM_NUM_VECTORS <= 64  ? 256                                                             \
     : RTB_CM_NUM_VECTORS <= 128 ? 512                                                             \
                                 : 1024)

/* The boot table: the initial stack pointer then the system exceptions.
 * (An address of a function stands in for the stack pointer's slot through a
 * union so that no object pointer is converted to a function pointer.) */
union rtb_cm_boot_entry {
    rtb_cm_vector_t fn;
    const void *stack_top;
};

__attribute__((section(".boot_vectors"),
               used)) static const union rtb_cm_boot_entry boot_vectors[16] = {
    {.stack_top = __stack_top},
    {.fn = Reset_Handler},
    {.fn = NMI_Handler},
    {.fn = HardFault_Handler},
    {.fn = HardFault_Handler}, /* MemManage (escalates to HardFault unless enabled) */
    {.fn = HardFault_Handler}, /* BusFault */
    {.fn = HardFault_Handler}, /* UsageFault */
    {.fn = HardFault_Handler}, /* SecureFault (ARMv8-M), reserved on ARMv7-M */
    {.fn = 0},
    {.fn = 0},
    {.fn = 0},
    {.fn = SVC_Handler},
    {.fn = rtb_cm_default_handler}, /* DebugMonitor */
    {.fn = 0},
    {.fn = PendSV_Handler},
    {.fn = SysTick_Handler},
};

static rtb_cm_vector_t ram_vectors[RTB_CM_NUM_VECTORS] __attribute__((aligned(RTB_CM_VTOR_ALIGN)));

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
    unsigned i;
    const char *warning;

#if defined(__ARM_ARCH_8M_MAIN__)
    /* ARMv8-M: a main-stack overflow faults (UsageFault STKOF, reported as a
     * HardFault with CFSR bit 20) instead of overwriting .bss. */
    __asm__ volatile("msr msplim, %0" ::"r"(__stack_bottom));
#endif
    /* Sizes from the linker's symbols as integers: they are different objects to C. */
    n = ((uintptr_t)__data_end - (uintptr_t)__data_start) / 4u;
    for (src = __data_load, dst = __data_start; n; n--)
        *dst++ = *src++;
    n = ((uintptr_t)__bss_end - (uintptr_t)__bss_start) / 4u;
    for (dst = __bss_start; n; n--)
        *dst++ = 0;

    for (i = 0; i < 16; i++)
        ram_vectors[i] = boot_vectors[i].fn;
    for (i = 16; i < RTB_CM_NUM_VECTORS; i++)
        ram_vectors[i] = rtb_cm_default_handler;
    ram_vectors[16 + RTB_CM_SWIRQ] = rtb_cm_swirq_handler;
    CM_VTOR = (uint32_t)(uintptr_t)ram_vectors;
    /* An integer division by zero faults instead of giving 0. */
    CM_CCR |= CM_CCR_DIV_0_TRP;
    rtb_cm_dsb_isb();

    warning = rtb_cm_board_init();
    rtb_cm_console_init();
    if (warning) {
        rtb_cm_console_puts("rtbench: ");
        rtb_cm_console_puts(warning);
        rtb_cm_console_puts("\n");
    }
    rtb_cm_exit(main());
}

static char *fmt_hex(char *p, uint32_t v)
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
uint64_t rtb_cm_fault_stack[96];

/* HardFault: find the stacked frame (MSP or PSP by EXC_RETURN bit 2), move
 * to the fault stack (on ARMv8-M with the main stack limit off) and report. */
__attribute__((naked)) void HardFault_Handler(void)
{
    __asm__ volatile("tst lr, #4\n\t"
                     "ite eq\n\t"
                     "mrseq r0, msp\n\t"
                     "mrsne r0, psp\n\t"
                     "mov r1, lr\n\t"
#if defined(__ARM_ARCH_8M_MAIN__)
                     "movs r2, #0\n\t"
                     "msr msplim, r2\n\t"
#endif
                     "ldr r2, =rtb_cm_fault_stack + 768\n\t"
                     "mov sp, r2\n\t"
                     "b rtb_cm_fault_report\n\t"
                     ".ltorg\n\t");
}

/* The runner's fault record (suite/core/runner.c), when the image has a
 * runner: weak, so that an image without one (bring-up) links. */
int rtb_report_fault(const char *kind, unsigned n, const char *const *keys, const uint32_t *values)
    __attribute__((weak));

#define RTB_CM_FAULT_REGS 7

/* The registers of a fault that this core has: the stacked PC, LR and xPSR
 * everywhere; the fault status and address registers where the System
 * Control Block has them (ARMv7-M and ARMv8-M Mainline; ARMv6-M and
 * ARMv8-M Baseline have none). Their number. */
static unsigned fault_regs(const uint32_t *frame, const char **keys, uint32_t *values)
{
    unsigned n = 0;
    keys[n] = "pc";
    values[n++] = frame[6];
    keys[n] = "lr";
    values[n++] = frame[5];
    keys[n] = "xpsr";
    values[n++] = frame[7];
#if !defined(__ARM_ARCH_6M__) && !defined(__ARM_ARCH_8M_BASE__)
    keys[n] = "cfsr";
    values[n++] = CM_CFSR;
    keys[n] = "hfsr";
    values[n++] = CM_HFSR;
    keys[n] = "mmfar"; /* meaningful when CFSR.MMARVALID (bit 7) */
    values[n++] = CM_MMFAR;
    keys[n] = "bfar"; /* meaningful when CFSR.BFARVALID (bit 15) */
    values[n++] = CM_BFAR;
#endif
    return n;
}

void rtb_cm_fault_report(const uint32_t *frame, uint32_t exc_return)
{
    static int nested;
    const char *keys[RTB_CM_FAULT_REGS];
    uint32_t values[RTB_CM_FAULT_REGS];
    char line[192], *p = line;
    unsigned i, n;
    if (nested++) /* faulted while reporting: exit without formatting */
        rtb_cm_exit(RTB_CM_EXIT_FAULT);
    n = fault_regs(frame, keys, values);
    p = fmt_str(p, "\nrtbench: HardFault");
    for (i = 0; i < n; i++) {
        *p++ = ' ';
        p = fmt_str(p, keys[i]);
        *p++ = '=';
        p = fmt_hex(p, values[i]);
    }
    p = fmt_str(p, (exc_return & 4u) ? " (thread stack" : " (main stack");
#if !defined(__ARM_ARCH_6M__) && !defined(__ARM_ARCH_8M_BASE__)
    /* UFSR.STKOF (ARMv8-M): the frame above may be incomplete. */
    p = fmt_str(p, (CM_CFSR & (1u << 20)) ? ", overflow)\n" : ")\n");
#else
    p = fmt_str(p, ")\n");
#endif
    rtb_cm_console_write(line, (size_t)(p - line));
    /* and the record of the benchmark that was running, if any: the host
     * names it, and keeps every result before it */
    if (rtb_report_fault)
        rtb_report_fault("hardfault", n, keys, values);
    rtb_cm_exit(RTB_CM_EXIT_FAULT);
}

const char *rtb_cm_board_name(void)
{
    return RTB_CM_BOARD_NAME;
}

const char *rtb_cm_cpu_name(void)
{
    return RTB_CM_CPU_NAME;
}

uint32_t rtb_cm_core_hz(void)
{
    return RTB_CM_CORE_HZ;
}
