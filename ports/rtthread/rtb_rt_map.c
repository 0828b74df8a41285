/*
 * rtbench RT-Thread adapter - error, priority and timeout translation (see
 * rtb_rt_map.h). Kernel-independent; unit tests in tests/adapters.
 */
#include "rtb_rt_map.h"

#include "rtb/port.h"
#include "rtb_adapter.h"

int rtb_rt_err(long err, int nowait)
{
    switch (-err) {
    case RTB_RT_EOK:
        return RTB_OK;
    case RTB_RT_ETIMEOUT:
    case RTB_RT_EFULL:
    case RTB_RT_EEMPTY:
    case RTB_RT_EBUSY:
        return nowait ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    case RTB_RT_ENOMEM:
        return RTB_ERR_NOMEM;
    case RTB_RT_EINVAL:
        return RTB_ERR_INVAL;
    case RTB_RT_ENOSYS:
        return RTB_ERR_NOTSUP;
    case RTB_RT_EINTR:
        return RTB_ERR_STATE;
    default:
        return RTB_ERR_PORT;
    }
}

int rtb_rt_prio(int prio, unsigned max_priorities, uint8_t *out)
{
    unsigned kp;
    int rc;

    if (max_priorities < (unsigned)RTB_PRIO_MAX + 2u || max_priorities > 256u)
        return RTB_ERR_INVAL;
    rc = rtb_ad_prio_down(prio, max_priorities - 2u, 1u, &kp);
    if (rc == 0)
        *out = (uint8_t)kp;
    return rc;
}

int rtb_rt_ticks(int32_t us, uint32_t tick_hz, int32_t *ticks)
{
    uint32_t t = 0;
    int rc;

    if (tick_hz == 0)
        return RTB_ERR_INVAL;
    if (us == RTB_FOREVER) {
        *ticks = RTB_RT_WAITING_FOREVER;
        return RTB_OK;
    }
    /* forever = RTB_RT_TICKS_MAX + 1: a finite wait is clamped below it */
    rc = rtb_ad_ticks(us, tick_hz, RTB_RT_TICKS_MAX + 1u, &t);
    if (rc == 0)
        *ticks = (int32_t)t;
    return rc;
}
