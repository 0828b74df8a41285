/*
 * rtbench FreeRTOS adapter - result, priority and event-bit translation
 * (see rtb_fr_map.h). Kernel-independent; unit tests in tests/adapters.
 */
#include "rtb_fr_map.h"

#include "rtb/port.h"
#include "rtb_adapter.h"

int rtb_fr_prio(int prio, unsigned max_priorities, unsigned *out)
{
    if (max_priorities < (unsigned)RTB_PRIO_MAX + 2u)
        return RTB_ERR_INVAL;
    return rtb_ad_prio_up(prio, 1u, max_priorities - 2u, out);
}

int rtb_fr_wait_failed(uint32_t ticks, uint32_t forever)
{
    if (ticks == 0)
        return RTB_ERR_AGAIN;
    if (ticks == forever)
        return RTB_ERR_PORT;
    return RTB_ERR_TIMEOUT;
}
