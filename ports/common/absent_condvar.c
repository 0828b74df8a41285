/*
 * rtbench - rtb_condvar_* for a kernel that has no condition variable.
 *
 * A port whose kernel lacks this object compiles this file instead of
 * writing the calls itself; its rtb_port_has() must answer 0 for
 * RTB_CAP_CONDVAR with the reason, so that the runner prints n/a and never
 * calls these. Every call returns RTB_ERR_NOTSUP.
 */
#include "rtb/port.h"

int rtb_condvar_init(rtb_condvar_t *c)
{
    (void)c;
    return RTB_ERR_NOTSUP;
}

int rtb_condvar_wait(rtb_condvar_t *c, rtb_mutex_t *m, rtb_timeout_t timeout)
{
    (void)c;
    (void)m;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

int rtb_condvar_signal(rtb_condvar_t *c)
{
    (void)c;
    return RTB_ERR_NOTSUP;
}

int rtb_condvar_broadcast(rtb_condvar_t *c)
{
    (void)c;
    return RTB_ERR_NOTSUP;
}
