/*
 * rtbench Cortex-M board bring-up image (no kernel): checks the console,
 * the counter layer, the semihosting command line, the software interrupt
 * and the exit status, and prints one "bringup:" line per check. Used by
 * tests/qemu. Extra words on the command line select a failure path:
 *   fault   read an unmapped address, RTB_CM_UNMAPPED_ADDR of board.h or
 *           0xF0000000 (the HardFault report must appear)
 *   exit=N  exit with status N
 *   irq     pend an IRQ that has no handler (the unexpected-exception report)
 *   stack   recurse until the main stack overflows (ARMv8-M: MSPLIM faults)
 */
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/timer.h"
#include "board.h"
#include "cm_regs.h"
#include "rtb_cm_board.h"
#include "semihost.h"
#include "timer_cm.h"

#ifndef RTB_CM_UNMAPPED_ADDR
#define RTB_CM_UNMAPPED_ADDR 0xF0000000u
#endif

static volatile uint32_t swirq_count;

/* The kernel port normally defines it; here it counts. */
void rtb_cm_swirq_handler(void)
{
    swirq_count++;
}

/* Uses ~64 bytes of stack per level and cannot be turned into a loop. */
static uint32_t __attribute__((noinline)) deep(uint32_t n)
{
    volatile uint32_t pad[14];
    pad[0] = n;
    pad[13] = n + 1u;
    return n == 0 ? pad[13] : deep(n - 1u) + pad[0];
}

static void put_u64(uint64_t v)
{
    char tmp[21];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v);
    while (n) {
        char c = tmp[--n];
        rtb_cm_console_write(&c, 1);
    }
}

static void kv(const char *k, uint64_t v)
{
    rtb_cm_console_puts(" ");
    rtb_cm_console_puts(k);
    rtb_cm_console_puts("=");
    put_u64(v);
}

static int has_word(const char *line, const char *w, const char **after)
{
    const char *p = line;
    while (*p) {
        const char *a = p, *b = w;
        while (*b && *a == *b) {
            a++;
            b++;
        }
        if (!*b && (p == line || p[-1] == ' ')) {
            if (after)
                *after = a;
            return 1;
        }
        p++;
    }
    return 0;
}

/* The timer's description. */
static void report_timer(const struct rtb_timer_desc *d)
{
    rtb_cm_console_puts("bringup: timer name=");
    rtb_cm_console_puts(d->name);
    rtb_cm_console_puts(" clock=");
    rtb_cm_console_puts(d->clock);
    rtb_cm_console_puts(" unit=");
    rtb_cm_console_puts(d->unit);
    kv("hz", d->hz);
    kv("bits", d->bits);
    kv("unit_num", d->unit_num);
    kv("unit_den", d->unit_den);
    kv("ns_num", d->ns_num);
    kv("ns_den", d->ns_den);
    rtb_cm_console_puts(" icount_shift=");
    if (rtb_cm_icount_shift() < 0)
        rtb_cm_console_puts("none");
    else
        put_u64((uint64_t)rtb_cm_icount_shift());
    rtb_cm_console_puts("\n");
}

/* A known loop timed with the timer, then with every counter of the board
 * on its own: 1000 loop iterations = 2001 instructions plus the call and two
 * reads. DWT must refuse under QEMU, the others must count. */
static void report_counters(const struct rtb_timer_desc *d)
{
    struct rtb_cm_counter c;
    rtb_cycles_t t0, t1;
    uint64_t ticks;
    unsigned i;

    t0 = rtb_timer_read();
    rtb_cm_spin(1000);
    t1 = rtb_timer_read();
    ticks = (t1 - t0) & ((d->bits >= 64) ? ~(uint64_t)0 : (((uint64_t)1 << d->bits) - 1));
    rtb_cm_console_puts("bringup: spin1000");
    kv("ticks", ticks);
    kv("units", (ticks * d->unit_num + d->unit_den / 2) / d->unit_den);
    rtb_cm_console_puts("\n");
    for (i = 0; i < rtb_cm_num_probes; i++) {
        const char *why = "";
        rtb_cm_console_puts("bringup: probe ");
        rtb_cm_console_puts(rtb_cm_probes[i].name);
        if (rtb_cm_counter_probe(i, &c, &why) == 0) {
            kv("ticks", rtb_cm_counter_window(&c, 1000));
        } else {
            rtb_cm_console_puts("=");
            rtb_cm_console_puts(why);
        }
        rtb_cm_console_puts("\n");
    }
}

/* The parsed command line and the raw one (into raw[n]); 0, or the parser's error. */
static int report_cmdline(char *raw, size_t n)
{
    struct rtb_run_config cfg;
    int rc = rtb_cm_cmdline(&cfg);

    rtb_cm_console_puts("bringup: cmdline rc=");
    rtb_cm_console_puts(rc == 0 ? "0" : "inval");
    rtb_cm_console_puts(" filter=");
    rtb_cm_console_puts(cfg.filter ? cfg.filter : "(default)");
    kv("iterations", cfg.iterations);
    kv("warmup", cfg.warmup);
    kv("list", (uint64_t)cfg.list_only);
    rtb_cm_console_puts("\n");
    if (rc != 0)
        return rc;
    if (rtb_cm_semihost_cmdline(raw, n) < 0)
        raw[0] = '\0';
    rtb_cm_console_puts("bringup: raw command line: ");
    rtb_cm_console_puts(raw);
    rtb_cm_console_puts("\n");
    return 0;
}

/* The software interrupt, pended once: its handler must run once. */
static int check_swirq(void)
{
    rtb_cycles_t t0, t1;

    rtb_cm_swirq_enable();
    t0 = rtb_timer_read();
    rtb_cm_swirq_pend();
    t1 = rtb_timer_read();
    rtb_cm_console_puts("bringup: swirq");
    kv("count", swirq_count);
    kv("ticks", (t1 - t0) & 0xffffffffu);
    rtb_cm_console_puts("\n");
    return swirq_count == 1 ? 0 : 4;
}

/* What the command line asks to go wrong (the fault tests): an IRQ without
 * a handler, a main-stack overflow, a bus fault, an exit status; else 0. */
static int on_request(const char *raw)
{
    const char *after;

    if (has_word(raw, "irq", 0)) {
        unsigned irq = RTB_CM_SWIRQ - 1;
        rtb_cm_console_puts("bringup: pending an IRQ without handler\n");
        CM_NVIC_ISER(irq / 32u) = 1u << (irq % 32u);
        CM_NVIC_ISPR(irq / 32u) = 1u << (irq % 32u); /* every profile has ISPR */
        rtb_cm_dsb_isb();
        return 5;
    }
    if (has_word(raw, "stack", 0)) {
        rtb_cm_console_puts("bringup: overflowing the main stack\n");
        return (int)deep(1000000u);
    }
    if (has_word(raw, "fault", 0)) {
        rtb_cm_console_puts("bringup: reading an unmapped address\n");
        return (int)*(volatile uint32_t *)(uintptr_t)RTB_CM_UNMAPPED_ADDR;
    }
    if (has_word(raw, "exit=", &after)) {
        int v = 0;
        while (*after >= '0' && *after <= '9')
            v = v * 10 + (*after++ - '0');
        rtb_cm_console_puts("bringup: exiting as asked\n");
        return v;
    }
    rtb_cm_console_puts("bringup: ok\n");
    return 0;
}

int main(void)
{
    static char raw[256];
    int rc;

    rtb_cm_console_puts("bringup: hello board=");
    rtb_cm_console_puts(rtb_cm_board_name());
    rtb_cm_console_puts(" cpu=");
    rtb_cm_console_puts(rtb_cm_cpu_name());
    rtb_cm_console_puts("\n");
    if (rtb_timer_init() != 0)
        return 3;
    report_timer(rtb_timer_desc());
    report_counters(rtb_timer_desc());
    if (report_cmdline(raw, sizeof raw) != 0)
        return RTB_CM_EXIT_USAGE;
    rc = check_swirq();
    return rc != 0 ? rc : on_request(raw);
}
