/*
 * rtbench - the OS clock shared by both timers of the POSIX port:
 * CLOCK_MONOTONIC_RAW (not slewed by NTP) in nanoseconds.
 */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include "posix_port.h"
#include "rtb/error.h"

#ifdef CLOCK_MONOTONIC_RAW
#define RTB_POSIX_CLOCK CLOCK_MONOTONIC_RAW
#define RTB_POSIX_CLOCK_NAME "clock_monotonic_raw"
#else
#define RTB_POSIX_CLOCK CLOCK_MONOTONIC
#define RTB_POSIX_CLOCK_NAME "clock_monotonic"
#endif

const struct rtb_timer_desc rtb_posix_clock_desc = {
    RTB_POSIX_CLOCK_NAME, 1000000000u, 64, "ns", 1, 1, 1, 1, "os",
};

uint64_t rtb_posix_clock_ns(void)
{
    struct timespec ts;

    clock_gettime(RTB_POSIX_CLOCK, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int rtb_posix_clock_init(void)
{
    struct timespec ts;

    return clock_gettime(RTB_POSIX_CLOCK, &ts) == 0 ? 0 : RTB_ERR_PORT;
}
