/*
 * rtbench ThreadX adapter - status, priority and message-size translation
 * (see rtb_tx_map.h). Kernel-independent; unit tests in tests/adapters.
 */
#include "rtb_tx_map.h"

#include "rtb/port.h"
#include "rtb_adapter.h"

int rtb_tx_status(unsigned status, int nowait)
{
    switch (status) {
    case RTB_TX_SUCCESS:
        return RTB_OK;
    case RTB_TX_NO_INSTANCE:
    case RTB_TX_QUEUE_EMPTY:
    case RTB_TX_QUEUE_FULL:
    case RTB_TX_NO_EVENTS:
    case RTB_TX_NOT_AVAILABLE:
    case RTB_TX_NO_MEMORY:
        return nowait ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    case RTB_TX_CEILING_EXCEEDED:
        return RTB_ERR_OVERFLOW;
    case RTB_TX_NOT_OWNED:
    case RTB_TX_CALLER_ERROR:
        return RTB_ERR_PERM;
    case RTB_TX_DELETED:
    case RTB_TX_WAIT_ABORTED:
    case RTB_TX_SUSPEND_LIFTED:
    case RTB_TX_RESUME_ERROR:
    case RTB_TX_SUSPEND_ERROR:
    case RTB_TX_DELETE_ERROR:
    case RTB_TX_NOT_DONE:
        return RTB_ERR_STATE;
    case RTB_TX_POOL_ERROR:
    case RTB_TX_PTR_ERROR:
    case RTB_TX_WAIT_ERROR:
    case RTB_TX_SIZE_ERROR:
    case RTB_TX_GROUP_ERROR:
    case RTB_TX_OPTION_ERROR:
    case RTB_TX_QUEUE_ERROR:
    case RTB_TX_SEMAPHORE_ERROR:
    case RTB_TX_THREAD_ERROR:
    case RTB_TX_PRIORITY_ERROR:
    case RTB_TX_THRESH_ERROR:
    case RTB_TX_MUTEX_ERROR:
    case RTB_TX_INHERIT_ERROR:
    case RTB_TX_INVALID_CEILING:
    case RTB_TX_TIMER_ERROR:
    case RTB_TX_TICK_ERROR:
    case RTB_TX_ACTIVATE_ERROR:
    case RTB_TX_WAIT_ABORT_ERROR:
        return RTB_ERR_INVAL;
    case RTB_TX_FEATURE_NOT_ENABLED:
        return RTB_ERR_NOTSUP;
    default:
        return RTB_ERR_PORT;
    }
}

int rtb_tx_prio(int prio, unsigned max_priorities, unsigned *out)
{
    if (max_priorities < (unsigned)RTB_PRIO_MAX + 2u)
        return RTB_ERR_INVAL;
    return rtb_ad_prio_down(prio, max_priorities - 2u, 1u, out);
}

int rtb_tx_msg_words(size_t msg_size, unsigned *words)
{
    if (msg_size == 0 || msg_size > 64u || msg_size % 4u != 0)
        return RTB_ERR_INVAL;
    *words = (unsigned)(msg_size / 4u);
    return RTB_OK;
}
