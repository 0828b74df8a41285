/*
 * rtbench Cortex-M, ARMv7-M / ARMv7E-M / ARMv8-M Mainline: the exception
 * model's code (cm_exc.h).
 *
 * The boot table in flash holds only the 16 system entries (enough to reset
 * and to report a fault before VTOR moves). rtb_cm_exceptions_init builds the
 * full table in RAM - every external IRQ points to the default handler except
 * RTB_CM_SWIRQ, which points to rtb_cm_swirq_handler - and sets VTOR. The
 * software IRQ is pended through NVIC STIR; priorities are byte-wide.
 */
#include <stdint.h>

#include "board.h"
#include "cm_exc.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"

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

void rtb_cm_exceptions_init(void)
{
    unsigned i;
#if defined(__ARM_ARCH_8M_MAIN__)
    /* ARMv8-M: a main-stack overflow faults (UsageFault STKOF, reported as a
     * HardFault with CFSR bit 20) instead of overwriting .bss. */
    __asm__ volatile("msr msplim, %0" ::"r"(__stack_bottom));
#endif
    for (i = 0; i < 16; i++)
        ram_vectors[i] = boot_vectors[i].fn;
    for (i = 16; i < RTB_CM_NUM_VECTORS; i++)
        ram_vectors[i] = rtb_cm_default_handler;
    ram_vectors[16 + RTB_CM_SWIRQ] = rtb_cm_swirq_handler;
    CM_VTOR = (uint32_t)(uintptr_t)ram_vectors;
    /* An integer division by zero faults instead of giving 0. */
    CM_CCR |= CM_CCR_DIV_0_TRP;
    rtb_cm_dsb_isb();
}

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
                     "ldr r2, =rtb_cm_fault_stack + %c0\n\t"
                     "mov sp, r2\n\t"
                     "b rtb_cm_fault_report\n\t"
                     ".ltorg\n\t" ::"i"(sizeof rtb_cm_fault_stack));
}

unsigned rtb_cm_fault_status(const char **keys, uint32_t *values, int *overflow)
{
    unsigned n = 0;
    keys[n] = "cfsr";
    values[n++] = CM_CFSR;
    keys[n] = "hfsr";
    values[n++] = CM_HFSR;
    keys[n] = "mmfar"; /* meaningful when CFSR.MMARVALID (bit 7) */
    values[n++] = CM_MMFAR;
    keys[n] = "bfar"; /* meaningful when CFSR.BFARVALID (bit 15) */
    values[n++] = CM_BFAR;
    *overflow = (values[0] & (1u << 20)) != 0; /* UFSR.STKOF (ARMv8-M MSPLIM/PSPLIM) */
    return n;
}

/* ---- the NVIC: pend through STIR, byte-wide priorities -------------------- */

void rtb_cm_swirq_pend(void)
{
    CM_NVIC_STIR = RTB_CM_SWIRQ;
    /* Without DSB + ISB the interrupt may be taken some instructions later
     * (QEMU without icount: only at the end of the translated block). */
    rtb_cm_dsb_isb();
}

void rtb_cm_swirq_set_prio(uint8_t prio)
{
    *(volatile uint8_t *)(uintptr_t)(CM_NVIC_IPR_BASE + RTB_CM_SWIRQ) = prio;
    rtb_cm_dsb_isb();
}

void rtb_cm_sysprio_set(unsigned exc, uint8_t prio)
{
    if (exc >= 4u && exc <= 15u)
        *(volatile uint8_t *)(uintptr_t)(CM_SHPR_BASE + exc - 4u) = prio;
    rtb_cm_dsb_isb();
}
