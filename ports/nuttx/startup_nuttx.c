/*
 * rtbench NuttX adapter - the start-up glue: what the board support gives
 * the other kernels and NuttX, which owns the vector table, the reset path,
 * SysTick (its system tick) and the UART, gives here instead.
 *
 *  - the entry: rtb_nuttx_main is the init task (CONFIG_INIT_ENTRYPOINT):
 *    it reads the command line, chooses the counter, attaches the software
 *    interrupt and starts the runner task, which ends QEMU through
 *    semihosting with the suite's status (rtb_ad_main_entry);
 *  - the console: rtb_cm_console_write over NuttX's up_putc (the CMSDK
 *    UART's polled low-level output, bytes as given: no "\n" -> "\r\n"), as
 *    rtbench's own drivers; nothing else prints once NuttX has booted
 *    (no syslog, no shell);
 *  - the counter: arch/cortex-m's layer unchanged (DWT, else the board's
 *    counter driver); its last resort, SysTick, is NuttX's system tick, so
 *    the build takes arch/cortex-m/timer_systick_owned.c's probe, which
 *    refuses it, instead of reprogramming it (app/apps.cmake);
 *  - the software interrupt: the board's free NVIC line (RTB_CM_SWIRQ of
 *    board.h) attached with irq_attach, so it enters and leaves through
 *    NuttX's exception entry (a task it wakes runs when it returns);
 *    arch/cortex-m/swirq.c pends it (NVIC STIR), as for every kernel.
 */
#include <nuttx/config.h>

#include <stddef.h>
#include <stdint.h>

#include <nuttx/arch.h>
#include <nuttx/irq.h>
#include <nuttx/sched.h>

#include "board.h"
#include "rtb/timer.h"
#include "rtb_ad_cm.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_nx_port.h"

/* NuttX numbers the external interrupts after the 16 exceptions. */
#define NX_SWIRQ (16 + RTB_CM_SWIRQ)
#if NX_SWIRQ >= NR_IRQS
#error "board.h's RTB_CM_SWIRQ is not an interrupt line of this NuttX chip (NR_IRQS)"
#endif

struct tcb_s *rtb_nx_init_tcb;

/* ---- board support ------------------------------------------------------------------------- */

void rtb_cm_console_write(const char *s, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        up_putc((unsigned char)s[i]);
}

/* ---- the software interrupt's vector ----------------------------------------------------- */

static int nx_swirq_isr(int irq, void *context, void *arg)
{
    (void)irq;
    (void)context;
    (void)arg;
    rtb_cm_swirq_handler(); /* the handler rtb_irq_install installed (swirq.c) */
    return 0;
}

/* ---- the init task -------------------------------------------------------------------------- */

int rtb_nuttx_main(int argc, char *argv[]);

int rtb_nuttx_main(int argc, char *argv[])
{
    int err;

    (void)argc;
    (void)argv;
    rtb_nx_init_tcb = nxsched_self();
    rtb_cm_cmdline_fetch();
    err = rtb_timer_init();
    if (err != 0)
        rtb_ad_fail("timer init", err);
    rtb_nx_info_init();
    err = irq_attach(NX_SWIRQ, nx_swirq_isr, NULL);
    if (err != 0)
        rtb_ad_fail("attaching the software interrupt", RTB_ERR_PORT);
    up_enable_irq(NX_SWIRQ);
    err = rtb_core_create_main(); /* more urgent than this task: runs now */
    if (err != 0)
        rtb_ad_fail("creating the runner task", err);
    return 0;
}
