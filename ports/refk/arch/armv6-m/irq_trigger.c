/*
 * rtbench refk port, ARMv6-M: rtb_irq_trigger (rtb/port.h). ARMv6-M has no
 * NVIC STIR: the software IRQ is pended by setting its bit in ISPR, then DSB
 * + ISB so that it is taken before this returns, as on ARMv7-M
 * (arch/armv7-m/irq_trigger.c, which says why it is assembly). No CBNZ: a
 * compare and a branch. From a handler: RTB_ERR_PERM.
 */
#include "rtb/port.h"
#include "board.h"

__attribute__((naked)) int rtb_irq_trigger(void)
{
    __asm__ volatile(".syntax unified\n\t"
                     "mrs r0, ipsr\n\t"
                     "cmp r0, #0\n\t"
                     "bne 1f\n\t"
                     "ldr r1, =0xE000E200\n\t" /* NVIC ISPR0 */
                     "ldr r2, =%c0\n\t"
                     "str r2, [r1]\n\t"
                     "dsb 0xf\n\t"
                     "isb 0xf\n\t"
                     "bx lr\n\t"
                     "1: movs r0, #5\n\t"
                     "mvns r0, r0\n\t" /* RTB_ERR_PERM */
                     "bx lr\n\t"
                     ".ltorg\n\t" ::"i"(1u << RTB_CM_SWIRQ));
}
