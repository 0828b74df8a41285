/*
 * rtbench - timer of the POSIX port on x86-64: the TSC, when the CPU says it
 * is invariant (/proc/cpuinfo flags constant_tsc and nonstop_tsc), with its
 * frequency calibrated against CLOCK_MONOTONIC_RAW. Otherwise the OS clock of
 * posix_clock.c, exactly as timer_clock.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "posix_port.h"
#include "rtb/error.h"
#include "rtb/stats.h"
#include "rtb/timer.h"

static int use_tsc;
static struct rtb_timer_desc tsc_desc = {"tsc", 0, 64, "cycles", 1, 1, 0, 0, "hw"};

static inline uint64_t read_tsc(void)
{
    uint32_t lo, hi;

    /* lfence: the read is not executed before the preceding instructions. */
    __asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}

/* 1 if the "flags" line of /proc/cpuinfo holds the word `flag`. */
static int has_flag(const char *line, const char *flag)
{
    size_t n = strlen(flag);
    const char *p = line;

    while ((p = strstr(p, flag)) != NULL) {
        if ((p == line || p[-1] == ' ' || p[-1] == '\t') &&
            (p[n] == ' ' || p[n] == '\n' || p[n] == '\0'))
            return 1;
        p += n;
    }
    return 0;
}

static int tsc_invariant(void)
{
    static char line[8192];
    FILE *f = fopen("/proc/cpuinfo", "r");
    int ok = 0;

    if (f == NULL)
        return 0;
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "flags", 5) == 0) {
            ok = has_flag(line, "constant_tsc") && has_flag(line, "nonstop_tsc");
            break;
        }
    }
    fclose(f);
    return ok;
}

/* One (tsc, clock) pair: the clock read closest around the TSC read. */
static void sample_pair(uint64_t *tsc, uint64_t *ns)
{
    uint64_t best = UINT64_MAX;
    int i;

    for (i = 0; i < 32; i++) {
        uint64_t c0 = rtb_posix_clock_ns();
        uint64_t t = read_tsc();
        uint64_t c1 = rtb_posix_clock_ns();

        if (c1 - c0 < best) {
            best = c1 - c0;
            *tsc = t;
            *ns = c0 + (c1 - c0) / 2;
        }
    }
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int rtb_timer_init(void)
{
    struct timespec pause = {0, 100000000}; /* 100 ms */
    uint64_t t0 = 0, n0 = 0, t1 = 0, n1 = 0, hz, khz, g;
    int err = rtb_posix_clock_init();

    if (err != 0)
        return err;
    use_tsc = 0;
    if (!tsc_invariant())
        return 0;
    sample_pair(&t0, &n0);
    while (nanosleep(&pause, &pause) != 0)
        ;
    sample_pair(&t1, &n1);
    if (t1 <= t0 || n1 <= n0)
        return 0;
    /* 128-bit intermediate: (t1 - t0) * 1e9 passes 2^64 once the pause has
     * lasted ~6 s at 3 GHz (a stopped or starved process), and a wrapped
     * product could still land in the accepted range below. */
    hz = rtb_scale(t1 - t0, 1000000000u, n1 - n0);
    khz = (hz + 500) / 1000;
    if (khz < 1000 || khz >= (1u << 24)) /* 1 MHz .. 16.7 GHz */
        return 0;
    tsc_desc.hz = khz * 1000;
    /* ns per cycle = 1e9 / hz = 1e6 / khz, reduced (both < 2^24). */
    g = gcd(1000000u, khz);
    tsc_desc.ns_num = 1000000u / g;
    tsc_desc.ns_den = khz / g;
    use_tsc = 1;
    return 0;
}

rtb_cycles_t rtb_timer_read(void)
{
    return use_tsc ? read_tsc() : rtb_posix_clock_ns();
}

const struct rtb_timer_desc *rtb_timer_desc(void)
{
    return use_tsc ? &tsc_desc : &rtb_posix_clock_desc;
}
