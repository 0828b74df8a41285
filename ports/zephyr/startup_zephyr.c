/*
 * rtbench Zephyr adapter - the start-up glue: what the board support gives
 * the other kernels and Zephyr, which owns the vector table, the reset path,
 * SysTick and the UART, gives here instead.
 *
 *  - the console: rtb_cm_console_write over Zephyr's console UART
 *    (uart_poll_out, polling as rtbench's own drivers);
 *  - the counter: arch/cortex-m's layer unchanged (DWT, else the board's
 *    counter driver); its last resort, SysTick, is Zephyr's system timer,
 *    so the build takes arch/cortex-m/timer_systick_owned.c's probe, which
 *    refuses it, instead of reprogramming it (zephyr.cmake);
 *  - the software interrupt: the board's free NVIC line (RTB_CM_SWIRQ of
 *    board.h) connected with IRQ_CONNECT, so that it enters and leaves
 *    through Zephyr's interrupt wrapper (a thread it wakes runs when it
 *    returns); arch/cortex-m/swirq.c pends it (NVIC STIR or ISPR), as for
 *    every kernel. Not irq_offload(), whose SVC never preempts;
 *  - a fatal error: one line and the fault exit status, as the board
 *    support's fault handler.
 */
#include <stdint.h>

#include <cmsis_core.h>
#include <zephyr/device.h>
#include <zephyr/drivers/uart.h>
#include <zephyr/fatal.h>
#include <zephyr/init.h>
#include <zephyr/irq.h>
#include <zephyr/kernel.h>

#include "board.h"
#include "rtb/port.h"
#include "rtb/timer.h"
#include "rtb_ad_cm.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_zephyr.h"
#include "rtb_zp_port.h"

#if RTB_CM_SWIRQ >= CONFIG_NUM_IRQS
#error "board.h's RTB_CM_SWIRQ is not an interrupt line of this Zephyr board (CONFIG_NUM_IRQS)"
#endif

/* ---- board support ------------------------------------------------------------------------- */

static const struct device *const console = DEVICE_DT_GET(DT_CHOSEN(zephyr_console));

/* Bytes as given, no "\n" -> "\r\n" (as rtbench's own UART drivers: the
 * records stay byte-exact). */
void rtb_cm_console_write(const char *s, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        uart_poll_out(console, (unsigned char)s[i]);
}

/* Read the semihosting command line before the system timer starts (as the
 * board support's reset path does): the length of the image path QEMU puts
 * first then does not move where the ticks land. */
static int rtb_zp_cmdline_early(void)
{
    rtb_cm_cmdline_fetch();
    return 0;
}
SYS_INIT(rtb_zp_cmdline_early, PRE_KERNEL_1, 0);

void k_sys_fatal_error_handler(unsigned int reason, const struct arch_esf *esf)
{
    char num[12], *p = rtb_ad_putu(num, num + sizeof num - 1, reason);

    (void)esf;
    *p = '\0';
    rtb_cm_console_puts("rtbench: Zephyr fatal error, reason ");
    rtb_cm_console_puts(num);
    rtb_cm_console_puts("\n");
    rtb_cm_exit(RTB_CM_EXIT_FAULT);
}

#ifdef CONFIG_RTBENCH_IDLE_SPIN
/* Zephyr's idle thread calls this with interrupts masked (BASEPRI or
 * PRIMASK) and again when it returns: unmask and return, so that idle time
 * is executed instructions (CONFIG_RTBENCH_IDLE_SPIN in Kconfig says why). */
void arch_cpu_idle(void)
{
#if defined(CONFIG_ARMV7_M_ARMV8_M_MAINLINE)
    __set_BASEPRI(0);
#endif
    __enable_irq();
    __ISB();
}
#endif

/* ---- the software interrupt's vector ----------------------------------------------------- */

static void rtb_zp_swirq_isr(const void *arg)
{
    (void)arg;
    rtb_cm_swirq_handler(); /* the handler rtb_irq_install installed (swirq.c) */
}

int rtb_zephyr_start(void)
{
    int err;

    rtb_zp_boot_thread = k_current_get();
    if (!device_is_ready(console))
        rtb_cm_exit(RTB_CM_EXIT_FAULT); /* nowhere to say it */
    err = rtb_timer_init();
    if (err != 0)
        rtb_ad_fail("timer init", err);
    rtb_zp_info_init();
    IRQ_CONNECT(RTB_CM_SWIRQ, CONFIG_RTBENCH_SWIRQ_PRIO, rtb_zp_swirq_isr, NULL, 0);
    irq_enable(RTB_CM_SWIRQ);
    err = rtb_core_create_main(); /* started: runs when main() returns */
    if (err != 0)
        rtb_ad_fail("creating the runner thread", err);
    return 0;
}
