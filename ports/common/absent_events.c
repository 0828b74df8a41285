/*
 * rtbench - rtb_events_* for a kernel that has no event flags.
 *
 * A port whose kernel lacks this object compiles this file instead of
 * writing the calls itself; its rtb_port_has() must answer 0 for RTB_CAP_EVENTS
 * with the reason, so that the runner prints n/a and never calls these.
 * Every call returns RTB_ERR_NOTSUP.
 */
#include "rtb/port.h"

int rtb_events_init(rtb_events_t *e)
{
    (void)e;
    return RTB_ERR_NOTSUP;
}

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    (void)e;
    (void)bits;
    return RTB_ERR_NOTSUP;
}

int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    (void)e;
    (void)bits;
    return RTB_ERR_NOTSUP;
}

int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    (void)e;
    (void)bits;
    return RTB_ERR_NOTSUP;
}

int rtb_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_timeout_t timeout,
                    uint32_t *matched)
{
    (void)e;
    (void)bits;
    (void)mode;
    (void)timeout;
    (void)matched;
    return RTB_ERR_NOTSUP;
}
