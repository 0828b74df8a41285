/*
 * rtbench Cortex-M, ARMv6-M: the counter layer's emulator test. ARMv6-M has
 * no DWT cycle counter (a Cortex-M0's DWT has comparators and PCSR only) and
 * its debug registers (DEMCR) are for the debugger: software may find them
 * reading 0 on silicon as on QEMU, so they cannot tell the two apart. What
 * can (rtb_timer_init() measures both on a loop of known length, with
 * interrupts masked):
 *   - an ARMv6-M core issues at most one instruction per clock cycle; QEMU
 *     following the host's time runs the loop hundreds of times faster than
 *     a 16 MHz core (measured: 2001 instructions in 156 ticks of a 16 MHz
 *     counter, 13 instructions per "cycle");
 *   - a core running a loop from zero-wait memory takes the same ticks per
 *     iteration in every loop, while an emulator following the host's time
 *     does not (three loops of different lengths: `steady`). Alone this is
 *     not enough: in 2 of 20 runs here QEMU's loop was steady to the
 *     counter's rounding.
 * Under QEMU -icount the counter is steady and slow too, but that case is
 * recognised first (an exact icount shift).
 */
#include "timer_cm.h"

int rtb_cm_host_timed(int steady, int fast)
{
    return fast || !steady;
}
