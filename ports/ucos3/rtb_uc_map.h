/*
 * rtbench µC/OS-III adapter - the kernel-independent part: how µC/OS-III's
 * OS_ERR codes and priorities translate to the porting contract.
 *
 * Pure C99 with no µC/OS-III header, so that tests/adapters checks it on
 * the host; the codes are repeated here (RTB_UC_*) and port_ucos3.c checks
 * at compile time that they are os.h's (µC/OS-III 3.08).
 */
#ifndef RTB_UC_MAP_H
#define RTB_UC_MAP_H

#include "rtb/error.h"

/* µC/OS-III 3.08 OS_ERR codes (os.h), the ones the adapter's calls return. */
#define RTB_UC_ERR_NONE 0u
#define RTB_UC_ERR_CREATE_ISR 12001u
#define RTB_UC_ERR_DEL_ISR 13001u
#define RTB_UC_ERR_FLAG_PEND_OPT 15103u
#define RTB_UC_ERR_ILLEGAL_CREATE_RUN_TIME 18001u
#define RTB_UC_ERR_MEM_INVALID_BLKS 22204u
#define RTB_UC_ERR_MEM_INVALID_SIZE 22209u
#define RTB_UC_ERR_MEM_NO_FREE_BLKS 22210u
#define RTB_UC_ERR_MSG_POOL_EMPTY 22301u
#define RTB_UC_ERR_MUTEX_NOT_OWNER 22401u
#define RTB_UC_ERR_MUTEX_OWNER 22402u
#define RTB_UC_ERR_MUTEX_NESTING 22403u
#define RTB_UC_ERR_MUTEX_OVF 22404u
#define RTB_UC_ERR_OBJ_DEL 24002u
#define RTB_UC_ERR_OBJ_PTR_NULL 24003u
#define RTB_UC_ERR_OBJ_TYPE 24004u
#define RTB_UC_ERR_OPT_INVALID 24101u
#define RTB_UC_ERR_OS_NOT_RUNNING 24201u
#define RTB_UC_ERR_PEND_ABORT 25001u
#define RTB_UC_ERR_PEND_ISR 25006u
#define RTB_UC_ERR_PEND_WOULD_BLOCK 25008u
#define RTB_UC_ERR_POST_ISR 25102u
#define RTB_UC_ERR_PRIO_INVALID 25203u
#define RTB_UC_ERR_Q_MAX 26003u
#define RTB_UC_ERR_ROUND_ROBIN_1 27002u
#define RTB_UC_ERR_SCHED_LOCK_ISR 28002u
#define RTB_UC_ERR_SCHED_LOCKED 28003u
#define RTB_UC_ERR_SEM_OVF 28101u
#define RTB_UC_ERR_STATE_INVALID 28205u
#define RTB_UC_ERR_STK_SIZE_INVALID 28208u
#define RTB_UC_ERR_STK_OVF 28210u
#define RTB_UC_ERR_TASK_CHANGE_PRIO_ISR 29001u
#define RTB_UC_ERR_TASK_CREATE_ISR 29002u
#define RTB_UC_ERR_TASK_DEL_ISR 29006u
#define RTB_UC_ERR_TASK_NOT_SUSPENDED 29011u
#define RTB_UC_ERR_TASK_RESUME_ISR 29013u
#define RTB_UC_ERR_TASK_RESUME_SELF 29015u
#define RTB_UC_ERR_TASK_SUSPEND_CTR_OVF 29024u
#define RTB_UC_ERR_TASK_SUSPEND_ISR 29021u
#define RTB_UC_ERR_TIME_DLY_ISR 29301u
#define RTB_UC_ERR_TIMEOUT 29401u
#define RTB_UC_ERR_YIELD_ISR 34001u

/*
 * An OS_ERR -> 0 or a negative rtb_err. `nowait`: the call was made with
 * OS_OPT_PEND_NON_BLOCKING, so "nothing there" is RTB_ERR_AGAIN; after a
 * finite wait it is RTB_ERR_TIMEOUT.
 *   OS_ERR_PEND_WOULD_BLOCK, OS_ERR_TIMEOUT      -> RTB_ERR_AGAIN / _TIMEOUT
 *   OS_ERR_SEM_OVF, OS_ERR_Q_MAX, OS_ERR_MUTEX_OVF,
 *   OS_ERR_TASK_SUSPEND_CTR_OVF                  -> RTB_ERR_OVERFLOW
 *   OS_ERR_MSG_POOL_EMPTY, OS_ERR_MEM_NO_FREE_BLKS -> RTB_ERR_NOMEM
 *   OS_ERR_MUTEX_NOT_OWNER, the "from an ISR" codes, OS_ERR_SCHED_LOCKED,
 *   OS_ERR_TASK_RESUME_SELF                      -> RTB_ERR_PERM
 *   OS_ERR_OBJ_DEL, OS_ERR_PEND_ABORT, OS_ERR_STATE_INVALID,
 *   OS_ERR_TASK_NOT_SUSPENDED, OS_ERR_OS_NOT_RUNNING -> RTB_ERR_STATE
 *   a bad pointer, object type, option, priority, stack or size -> RTB_ERR_INVAL
 *   anything else                                -> RTB_ERR_PORT
 * OS_ERR_MUTEX_OWNER and OS_ERR_MUTEX_NESTING are the successes of a
 * recursive lock and unlock: the mutex calls test them before this.
 */
int rtb_uc_err(unsigned err, int nowait);

/*
 * rtbench priority (larger = more urgent) -> µC/OS-III (0 = most urgent):
 * p is (prio_max - 2) - p: 30 -> 1, 1 -> 30 with OS_CFG_PRIO_MAX 32.
 * µC/OS-III 0 stays above every rtbench thread and prio_max - 1 is the idle
 * task's. RTB_ERR_INVAL for a prio outside RTB_PRIO_MIN..RTB_PRIO_MAX or
 * fewer than 32 priorities.
 */
int rtb_uc_prio(int prio, unsigned prio_max, unsigned *out);

#endif /* RTB_UC_MAP_H */
