/*
 * rtbench ThreadX adapter - the start-up glue between the Cortex-M board
 * support (arch/cortex-m: reset, RAM vector table, console, exit) and the
 * ThreadX Cortex-M port the application links:
 *
 *  - _tx_initialize_low_level(), which ThreadX's ports leave to the
 *    application (cortex_m3: example_build/tx_initialize_low_level.S;
 *    cortex_m33 ships one in src/ that expects its own vector table and
 *    linker symbols - this definition takes its place, so the library's
 *    object is never pulled in): interrupts off, the first unused RAM address
 *    (_tx_initialize_unused_memory) and the system stack pointer
 *    (_tx_thread_system_stack_ptr) from the board's linker script, SysTick
 *    as the tick at TX_TIMER_TICKS_PER_SECOND, SVCall and PendSV at the
 *    lowest priority (0xFF), SysTick at 0x40. VTOR is already the board's
 *    RAM table.
 *  - vectors: PendSV_Handler is defined by the port itself
 *    (tx_thread_schedule.S) and overrides the board's weak one; SysTick_Handler
 *    (here) calls _tx_timer_interrupt(); SVC is unused (on the ARMv8-M port
 *    with TX_SINGLE_MODE_SECURE; ARMv7-M never uses it).
 *  - the software interrupt: an ordinary handler (arch/cortex-m/swirq.c)
 *    that calls the ThreadX API directly; Cortex-M ports need no
 *    _tx_thread_context_save/restore around it - a woken thread is switched
 *    in by the PendSV that tail-chains after the handler.
 *  - main() -> tx_kernel_enter() -> tx_application_define(): the byte pool
 *    and the runner's thread.
 */
#include <stdint.h>

#include "tx_api.h"

#include "board.h"
#include "cm_regs.h"
#include "rtb/timer.h"
#include "rtb_ad_cm.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_tx_port.h"

/* ThreadX's own globals that the low-level initialisation sets
 * (tx_initialize.h / tx_thread.h, internal headers). */
extern VOID *_tx_initialize_unused_memory;
extern VOID *_tx_thread_system_stack_ptr;
VOID _tx_timer_interrupt(VOID);
VOID _tx_initialize_low_level(VOID);

/* The board's linker script: the top of the main stack, the first free RAM. */
extern uint32_t __stack_top[], __ram_free_start[];

#define SYST_CSR_ENABLE 1u
#define SYST_CSR_TICKINT 2u
#define SYST_CSR_CLKSOURCE 4u

VOID _tx_initialize_low_level(VOID)
{
    __asm__ volatile("cpsid i" ::: "memory");
    _tx_initialize_unused_memory = (VOID *)__ram_free_start;
    _tx_thread_system_stack_ptr = (VOID *)__stack_top;

    CM_SYST_CSR = 0;
    CM_SYST_RVR = rtb_cm_core_hz() / TX_TIMER_TICKS_PER_SECOND - 1u;
    CM_SYST_CVR = 0;
    CM_SYST_CSR = SYST_CSR_ENABLE | SYST_CSR_TICKINT | SYST_CSR_CLKSOURCE;

    rtb_cm_sysprio_set(11, 0xFF); /* SVCall */
    rtb_cm_sysprio_set(14, 0xFF); /* PendSV: the switch runs after every handler */
    rtb_cm_sysprio_set(15, 0x40); /* SysTick */
}

void SysTick_Handler(void)
{
    _tx_timer_interrupt();
}

VOID tx_application_define(VOID *first_unused_memory)
{
    int err;

    (void)first_unused_memory;
    err = rtb_tx_heap_init();
    if (err != 0)
        rtb_ad_fail("creating the byte pool", err);
    err = rtb_core_create_main();
    if (err != 0)
        rtb_ad_fail("creating the main thread", err);
    rtb_cm_swirq_enable(); /* NVIC priority 0: above PendSV; masked by ThreadX's PRIMASK sections */
}

int main(void)
{
    int err = rtb_timer_init();

    if (err != 0)
        rtb_ad_fail("timer init", err);
    rtb_tx_info_init();
    tx_kernel_enter(); /* does not return */
    return RTB_CM_EXIT_FAULT;
}
