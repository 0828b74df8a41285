/*
 * rtbench RTOS adapters - the kernel-independent tail of an adapter on the
 * Cortex-M board support (see rtb_ad_cm.h).
 */
#include "rtb_ad_cm.h"

#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"

uint64_t rtb_ad_main_stack[RTB_CONFIG_MAIN_STACK_SIZE / 8u];

void rtb_port_write(const char *s, size_t len)
{
    rtb_cm_console_write(s, len);
}

void rtb_port_exit(int status)
{
    rtb_cm_exit(status);
}

void rtb_ad_main_entry(void *arg)
{
    struct rtb_run_config cfg = {NULL, 0, UINT32_MAX, 0, NULL, 0};

    (void)arg;
    if (rtb_cm_cmdline(&cfg) != 0)
        rtb_port_exit(RTB_CM_EXIT_USAGE);
    rtb_port_exit(rtb_main(&cfg));
}

void rtb_ad_fail(const char *what, int err)
{
    rtb_cm_console_puts("rtbench: ");
    rtb_cm_console_puts(what);
    rtb_cm_console_puts(" failed: ");
    rtb_cm_console_puts(rtb_strerror(err));
    rtb_cm_console_puts("\n");
    rtb_cm_exit(RTB_CM_EXIT_FAULT);
}

static char sched_text[256];
static struct rtb_port_info info;

void rtb_ad_info_init(const char *port, const char *kernel, const char *version,
                      const struct rtb_ad_text *sched, size_t n)
{
    char *p = rtb_ad_join(sched_text, sizeof sched_text, sched, n);
    char *end = sched_text + sizeof sched_text - 1;
    int shift = rtb_cm_icount_shift();

    if (shift >= 0) {
        p = rtb_ad_puts(p, end, " icount-shift=");
        p = rtb_ad_putu(p, end, (uint32_t)shift);
    }
    *p = '\0';
    info.port = port;
    info.kernel = kernel;
    info.kernel_version = version;
    info.board = rtb_cm_board_name();
    info.cpu = rtb_cm_cpu_name();
    info.sched = sched_text;
}

const struct rtb_port_info *rtb_port_info(void)
{
    return &info;
}
