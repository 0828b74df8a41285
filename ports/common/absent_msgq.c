/*
 * rtbench - rtb_msgq_* for a kernel (or host) that has no message queue of
 * fixed-size copied messages.
 *
 * A port whose kernel lacks this object compiles this file instead of
 * writing the calls itself; its rtb_port_has() must answer 0 for RTB_CAP_MSGQ
 * with the reason, so that the runner prints n/a and never calls these.
 * Every call returns RTB_ERR_NOTSUP.
 */
#include "rtb/port.h"

int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    (void)q;
    (void)buf;
    (void)msg_size;
    (void)max_msgs;
    return RTB_ERR_NOTSUP;
}

int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    (void)q;
    (void)msg;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    (void)q;
    (void)msg;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}
