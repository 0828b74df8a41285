/*
 * rtbench µC/OS-III adapter - OS_ERR and priority translation (see
 * rtb_uc_map.h). Kernel-independent; unit tests in tests/adapters.
 */
#include "rtb_uc_map.h"

#include "rtb/port.h"
#include "rtb_adapter.h"

int rtb_uc_err(unsigned err, int nowait)
{
    switch (err) {
    case RTB_UC_ERR_NONE:
        return RTB_OK;
    case RTB_UC_ERR_PEND_WOULD_BLOCK:
    case RTB_UC_ERR_TIMEOUT:
        return nowait ? RTB_ERR_AGAIN : RTB_ERR_TIMEOUT;
    case RTB_UC_ERR_SEM_OVF:
    case RTB_UC_ERR_Q_MAX:
    case RTB_UC_ERR_MUTEX_OVF:
    case RTB_UC_ERR_TASK_SUSPEND_CTR_OVF:
        return RTB_ERR_OVERFLOW;
    case RTB_UC_ERR_MSG_POOL_EMPTY:
    case RTB_UC_ERR_MEM_NO_FREE_BLKS:
        return RTB_ERR_NOMEM;
    case RTB_UC_ERR_MUTEX_NOT_OWNER:
    case RTB_UC_ERR_CREATE_ISR:
    case RTB_UC_ERR_DEL_ISR:
    case RTB_UC_ERR_PEND_ISR:
    case RTB_UC_ERR_POST_ISR:
    case RTB_UC_ERR_SCHED_LOCK_ISR:
    case RTB_UC_ERR_SCHED_LOCKED:
    case RTB_UC_ERR_TASK_CHANGE_PRIO_ISR:
    case RTB_UC_ERR_TASK_CREATE_ISR:
    case RTB_UC_ERR_TASK_DEL_ISR:
    case RTB_UC_ERR_TASK_RESUME_ISR:
    case RTB_UC_ERR_TASK_RESUME_SELF:
    case RTB_UC_ERR_TASK_SUSPEND_ISR:
    case RTB_UC_ERR_TIME_DLY_ISR:
    case RTB_UC_ERR_YIELD_ISR:
        return RTB_ERR_PERM;
    case RTB_UC_ERR_OBJ_DEL:
    case RTB_UC_ERR_PEND_ABORT:
    case RTB_UC_ERR_STATE_INVALID:
    case RTB_UC_ERR_TASK_NOT_SUSPENDED:
    case RTB_UC_ERR_OS_NOT_RUNNING:
        return RTB_ERR_STATE;
    case RTB_UC_ERR_OBJ_PTR_NULL:
    case RTB_UC_ERR_OBJ_TYPE:
    case RTB_UC_ERR_OPT_INVALID:
    case RTB_UC_ERR_FLAG_PEND_OPT:
    case RTB_UC_ERR_PRIO_INVALID:
    case RTB_UC_ERR_STK_SIZE_INVALID:
    case RTB_UC_ERR_STK_OVF:
    case RTB_UC_ERR_MEM_INVALID_BLKS:
    case RTB_UC_ERR_MEM_INVALID_SIZE:
    case RTB_UC_ERR_ILLEGAL_CREATE_RUN_TIME:
        return RTB_ERR_INVAL;
    default:
        return RTB_ERR_PORT;
    }
}

int rtb_uc_prio(int prio, unsigned prio_max, unsigned *out)
{
    if (prio_max < (unsigned)RTB_PRIO_MAX + 2u)
        return RTB_ERR_INVAL;
    return rtb_ad_prio_down(prio, prio_max - 2u, 1u, out);
}
