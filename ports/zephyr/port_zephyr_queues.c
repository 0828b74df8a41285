/*
 * rtbench Zephyr adapter - the queues of the porting contract over Zephyr's
 * own: k_fifo and k_lifo (intrusive, as the contract's: the item's first
 * word is Zephyr's link, and k_fifo_alloc_put / k_lifo_alloc_put allocate
 * one from the thread's pool, Zephyr's system heap), k_stack (of
 * stack_data_t, which is uintptr_t) and k_msgq (fixed-size messages copied
 * into the caller's buffer).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include <zephyr/kernel.h>

#include "rtb/port.h"
#include "rtb_zp_port.h"

typedef char rtb_zp_stack_word[(sizeof(stack_data_t) == sizeof(uintptr_t)) ? 1 : -1];

/* A get from a k_fifo/k_lifo: NULL is an empty queue at K_NO_WAIT or an
 * expired wait. */
static inline int queue_got(void *p, void **item, rtb_timeout_t timeout)
{
    if (p == NULL)
        return timeout == RTB_NO_WAIT ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    *item = p;
    return RTB_OK;
}

#define QUEUE_GET_CHECK(item, timeout)                                                             \
    do {                                                                                           \
        if ((item) == NULL || !RTB_ZP_TIMEOUT_OK(timeout))                                         \
            return RTB_ERR_INVAL;                                                                  \
        if (RTB_ZP_WAIT_IN_ISR(timeout))                                                           \
            return RTB_ERR_PERM;                                                                   \
    } while (0)

int rtb_fifo_init(rtb_fifo_t *q)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    k_fifo_init(&q->k);
    return RTB_OK;
}

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    if (item == NULL)
        return RTB_ERR_INVAL;
    k_fifo_put(&q->k, item);
    return RTB_OK;
}

int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    int rc = k_fifo_alloc_put(&q->k, data); /* -ENOMEM: no link in the pool */

    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, 1);
}

int rtb_fifo_get(rtb_fifo_t *q, void **item, rtb_timeout_t timeout)
{
    QUEUE_GET_CHECK(item, timeout);
    return queue_got(k_fifo_get(&q->k, rtb_zp_timeout(timeout)), item, timeout);
}

int rtb_lifo_init(rtb_lifo_t *q)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    k_lifo_init(&q->k);
    return RTB_OK;
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    if (item == NULL)
        return RTB_ERR_INVAL;
    k_lifo_put(&q->k, item);
    return RTB_OK;
}

int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    int rc = k_lifo_alloc_put(&q->k, data);

    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, 1);
}

int rtb_lifo_get(rtb_lifo_t *q, void **item, rtb_timeout_t timeout)
{
    QUEUE_GET_CHECK(item, timeout);
    return queue_got(k_lifo_get(&q->k, rtb_zp_timeout(timeout)), item, timeout);
}

int rtb_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    if (s == NULL || buf == NULL || capacity == 0)
        return RTB_ERR_INVAL;
    k_stack_init(&s->k, (stack_data_t *)buf, capacity);
    return RTB_OK;
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    int rc = k_stack_push(&s->k, (stack_data_t)value);

    /* -ENOMEM: full */
    return rc == 0 ? RTB_OK : (rc == -ENOMEM ? RTB_ERR_OVERFLOW : rtb_zp_fail(rc, 1));
}

int rtb_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_timeout_t timeout)
{
    int rc;

    QUEUE_GET_CHECK(value, timeout);
    rc = k_stack_pop(&s->k, (stack_data_t *)value, rtb_zp_timeout(timeout));
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, timeout == RTB_NO_WAIT);
}

int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    if (q == NULL || buf == NULL || msg_size == 0 || max_msgs == 0)
        return RTB_ERR_INVAL;
    k_msgq_init(&q->k, buf, msg_size, max_msgs);
    return RTB_OK;
}

int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    int rc;

    if (msg == NULL || !RTB_ZP_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (RTB_ZP_WAIT_IN_ISR(timeout))
        return RTB_ERR_PERM;
    rc = k_msgq_put(&q->k, msg, rtb_zp_timeout(timeout));
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, timeout == RTB_NO_WAIT);
}

int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    int rc;

    QUEUE_GET_CHECK(msg, timeout);
    rc = k_msgq_get(&q->k, msg, rtb_zp_timeout(timeout));
    return rc == 0 ? RTB_OK : rtb_zp_fail(rc, timeout == RTB_NO_WAIT);
}
