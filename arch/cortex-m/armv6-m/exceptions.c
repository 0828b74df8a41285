/*
 * rtbench Cortex-M, ARMv6-M (Cortex-M0, M0+, M1): the exception model's code
 * (cm_exc.h).
 *
 * A Cortex-M0 has no VTOR (on an M0+ it is optional), so the whole vector
 * table - the system entries and all 32 external IRQs ARMv6-M can have, the
 * software IRQ pointing to rtb_cm_swirq_handler - is built at compile time
 * in flash, where the core reads it from reset. ARMv6-M has no NVIC STIR
 * (the software IRQ is pended through ISPR), its priority registers are
 * word-accessible only (2 priority bits on a Cortex-M0), it has no fault
 * status registers and no divide instruction (libgcc's division routines
 * call __aeabi_idiv0 on a zero divisor: defined here to report it, as the
 * divide-by-zero trap does on ARMv7-M).
 */
#include <stdint.h>

#include "board.h"
#include "cm_exc.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"

#if RTB_CM_NUM_IRQ > 32 || RTB_CM_SWIRQ >= RTB_CM_NUM_IRQ
#error "ARMv6-M has at most 32 external interrupts; RTB_CM_SWIRQ must be one of the board's"
#endif

union rtb_cm_vector {
    rtb_cm_vector_t fn;
    const void *stack_top;
};

/* External IRQ n: the software IRQ's handler or the default one. */
#define IRQ(n)                                                                                     \
    {                                                                                              \
        .fn = (n) == RTB_CM_SWIRQ ? rtb_cm_swirq_handler : rtb_cm_default_handler                  \
    }
#define IRQ4(n) IRQ(n), IRQ((n) + 1), IRQ((n) + 2), IRQ((n) + 3)
#define IRQ16(n) IRQ4(n), IRQ4((n) + 4), IRQ4((n) + 8), IRQ4((n) + 12)

__attribute__((section(".boot_vectors"),
               used)) static const union rtb_cm_vector vectors[16 + 32] = {
    {.stack_top = __stack_top},
    {.fn = Reset_Handler},
    {.fn = NMI_Handler},
    {.fn = HardFault_Handler},
    {.fn = 0}, /* 4-10 reserved on ARMv6-M */
    {.fn = 0},
    {.fn = 0},
    {.fn = 0},
    {.fn = 0},
    {.fn = 0},
    {.fn = 0},
    {.fn = SVC_Handler},
    {.fn = 0},
    {.fn = 0},
    {.fn = PendSV_Handler},
    {.fn = SysTick_Handler},
    IRQ16(0),
    IRQ16(16),
};

void rtb_cm_exceptions_init(void)
{
    /* Nothing to move: the table above is where the core looks. */
}

/* HardFault: find the stacked frame (MSP or PSP by EXC_RETURN bit 2), move
 * to the fault stack and report (no IT: a branch picks the stack pointer). */
__attribute__((naked)) void HardFault_Handler(void)
{
    __asm__ volatile(".syntax unified\n\t"
                     "movs r0, #4\n\t"
                     "mov r1, lr\n\t"
                     "tst r0, r1\n\t"
                     "beq 1f\n\t"
                     "mrs r0, psp\n\t"
                     "b 2f\n\t"
                     "1: mrs r0, msp\n\t"
                     "2: ldr r2, =rtb_cm_fault_stack + %c0\n\t"
                     "mov sp, r2\n\t"
                     "ldr r2, =rtb_cm_fault_report\n\t"
                     "bx r2\n\t"
                     ".ltorg\n\t" ::"i"(sizeof rtb_cm_fault_stack));
}

/* ARMv6-M has no fault status or address register and no stack limit: the
 * stacked xPSR of the common report (the exception that was active, 0 =
 * thread mode, and the Thumb bit) is all there is. */
unsigned rtb_cm_fault_status(const char **keys, uint32_t *values, int *overflow)
{
    (void)keys;
    (void)values;
    *overflow = 0;
    return 0;
}

/* libgcc's integer division routines call these on a zero divisor. */
void __aeabi_idiv0(void) __attribute__((noreturn));
void __aeabi_ldiv0(void) __attribute__((noreturn));

void __aeabi_idiv0(void)
{
    rtb_cm_console_puts("\nrtbench: integer division by zero\n");
    rtb_cm_exit(RTB_CM_EXIT_FAULT);
}

void __aeabi_ldiv0(void)
{
    __aeabi_idiv0();
}

/* ---- the NVIC: pend through ISPR, word-wide priorities -------------------- */

void rtb_cm_swirq_pend(void)
{
    CM_NVIC_ISPR(0) = 1u << RTB_CM_SWIRQ;
    /* The interrupt is taken at once, before pend returns (see armv7-m). */
    rtb_cm_dsb_isb();
}

/* Replace byte `byte` (0..3) of the word register at `addr`, interrupts masked. */
static void set_prio_byte(uint32_t addr, unsigned byte, uint8_t prio)
{
    uint32_t pm = rtb_cm_irq_save(), shift = 8u * byte;
    RTB_CM_REG(addr) = (RTB_CM_REG(addr) & ~(0xFFu << shift)) | ((uint32_t)prio << shift);
    rtb_cm_irq_restore(pm);
}

void rtb_cm_swirq_set_prio(uint8_t prio)
{
    set_prio_byte(CM_NVIC_IPR_BASE + (RTB_CM_SWIRQ & ~3u), RTB_CM_SWIRQ & 3u, prio);
    rtb_cm_dsb_isb();
}

void rtb_cm_sysprio_set(unsigned exc, uint8_t prio)
{
    /* SHPR2 (SVC: 11) and SHPR3 (PendSV: 14, SysTick: 15); the others are fixed */
    if (exc == 11u || exc == 14u || exc == 15u)
        set_prio_byte(CM_SHPR_BASE + ((exc - 4u) & ~3u), (exc - 4u) & 3u, prio);
    rtb_cm_dsb_isb();
}
