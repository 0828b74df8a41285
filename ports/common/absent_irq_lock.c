/*
 * rtbench - rtb_irq_lock/rtb_irq_unlock for a port that cannot mask
 * interrupts (a process on a general-purpose operating system: masking is
 * the kernel's privilege).
 *
 * A port compiles this file instead of writing the calls itself; its
 * rtb_port_has() must answer 0 for RTB_CAP_IRQ_LOCK with the reason, so that
 * the runner prints n/a for what needs it and never relies on these. Both
 * calls do nothing.
 */
#include "rtb/port.h"

unsigned rtb_irq_lock(void)
{
    return 0;
}

void rtb_irq_unlock(unsigned key)
{
    (void)key;
}
