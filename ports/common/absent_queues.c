/*
 * rtbench - rtb_fifo_* and rtb_lifo_* for a kernel that has no intrusive FIFO and LIFO queues.
 *
 * A port whose kernel lacks this object compiles this file instead of
 * writing the calls itself; its rtb_port_has() must answer 0 for RTB_CAP_FIFO, RTB_CAP_LIFO and
 * RTB_CAP_QUEUE_ALLOC with the reason, so that the runner prints n/a and never calls these. Every
 * call returns RTB_ERR_NOTSUP.
 */
#include "rtb/port.h"

int rtb_fifo_init(rtb_fifo_t *q)
{
    (void)q;
    return RTB_ERR_NOTSUP;
}

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    (void)q;
    (void)item;
    return RTB_ERR_NOTSUP;
}

int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

int rtb_fifo_get(rtb_fifo_t *q, void **item, rtb_timeout_t timeout)
{
    (void)q;
    (void)item;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_init(rtb_lifo_t *q)
{
    (void)q;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    (void)q;
    (void)item;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_get(rtb_lifo_t *q, void **item, rtb_timeout_t timeout)
{
    (void)q;
    (void)item;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}
