/*
 * rtbench - timer of the POSIX port on hosts without a usable cycle
 * counter: the OS clock in nanoseconds (unit "ns", clock "os").
 */
#include "posix_port.h"
#include "rtb/timer.h"

int rtb_timer_init(void)
{
    return rtb_posix_clock_init();
}

rtb_cycles_t rtb_timer_read(void)
{
    return rtb_posix_clock_ns();
}

const struct rtb_timer_desc *rtb_timer_desc(void)
{
    return &rtb_posix_clock_desc;
}
