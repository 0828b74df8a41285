/*
 * rtbench tests - the uC/OS-III adapter's kernel-independent logic on the
 * host (ports/ucos3/rtb_uc_map.c): OS_ERR translation and rtbench
 * priorities onto uC/OS-III's smaller-is-more-urgent numbering. No uC/OS-III
 * header: port_ucos3.c checks at compile time that the RTB_UC_* constants
 * are os.h's.
 */
#include <stdint.h>

#include "check.h"
#include "rtb/port.h"
#include "rtb_uc_map.h"

static void test_errors(void)
{
    CHECK(rtb_uc_err(RTB_UC_ERR_NONE, 0) == RTB_OK);
    CHECK(rtb_uc_err(RTB_UC_ERR_NONE, 1) == RTB_OK);
    /* nothing there: AGAIN without waiting, TIMEOUT after a wait */
    CHECK(rtb_uc_err(RTB_UC_ERR_PEND_WOULD_BLOCK, 1) == RTB_ERR_AGAIN);
    CHECK(rtb_uc_err(RTB_UC_ERR_TIMEOUT, 0) == RTB_ERR_TIMEOUT);
    CHECK(rtb_uc_err(RTB_UC_ERR_TIMEOUT, 1) == RTB_ERR_AGAIN);
    /* full queues and counters, empty pools */
    CHECK(rtb_uc_err(RTB_UC_ERR_Q_MAX, 0) == RTB_ERR_OVERFLOW);
    CHECK(rtb_uc_err(RTB_UC_ERR_SEM_OVF, 0) == RTB_ERR_OVERFLOW);
    CHECK(rtb_uc_err(RTB_UC_ERR_MUTEX_OVF, 1) == RTB_ERR_OVERFLOW);
    CHECK(rtb_uc_err(RTB_UC_ERR_MSG_POOL_EMPTY, 0) == RTB_ERR_NOMEM);
    CHECK(rtb_uc_err(RTB_UC_ERR_MEM_NO_FREE_BLKS, 1) == RTB_ERR_NOMEM);
    /* not the owner, not from a handler, not with the scheduler locked */
    CHECK(rtb_uc_err(RTB_UC_ERR_MUTEX_NOT_OWNER, 0) == RTB_ERR_PERM);
    CHECK(rtb_uc_err(RTB_UC_ERR_PEND_ISR, 0) == RTB_ERR_PERM);
    CHECK(rtb_uc_err(RTB_UC_ERR_SCHED_LOCKED, 0) == RTB_ERR_PERM);
    CHECK(rtb_uc_err(RTB_UC_ERR_TASK_RESUME_SELF, 0) == RTB_ERR_PERM);
    /* the object's or the task's state */
    CHECK(rtb_uc_err(RTB_UC_ERR_TASK_NOT_SUSPENDED, 0) == RTB_ERR_STATE);
    CHECK(rtb_uc_err(RTB_UC_ERR_STATE_INVALID, 0) == RTB_ERR_STATE);
    CHECK(rtb_uc_err(RTB_UC_ERR_OBJ_DEL, 0) == RTB_ERR_STATE);
    CHECK(rtb_uc_err(RTB_UC_ERR_PEND_ABORT, 0) == RTB_ERR_STATE);
    /* bad arguments */
    CHECK(rtb_uc_err(RTB_UC_ERR_PRIO_INVALID, 0) == RTB_ERR_INVAL);
    CHECK(rtb_uc_err(RTB_UC_ERR_OPT_INVALID, 0) == RTB_ERR_INVAL);
    CHECK(rtb_uc_err(RTB_UC_ERR_STK_SIZE_INVALID, 0) == RTB_ERR_INVAL);
    /* recursive-mutex codes are the callers' successes, never this map's */
    CHECK(rtb_uc_err(RTB_UC_ERR_MUTEX_OWNER, 0) == RTB_ERR_PORT);
    CHECK(rtb_uc_err(RTB_UC_ERR_MUTEX_NESTING, 0) == RTB_ERR_PORT);
    /* the unknown: the native code is kept */
    CHECK(rtb_uc_err(10000u, 0) == RTB_ERR_PORT);
    CHECK(rtb_uc_err(1u, 1) == RTB_ERR_PORT);
}

static void test_prio(void)
{
    unsigned k = 99, prev = 0;
    int p;

    CHECK_EQ(rtb_uc_prio(RTB_PRIO_MAX, 32, &k), RTB_OK);
    CHECK_EQ(k, 1); /* 0 stays above every rtbench thread */
    CHECK_EQ(rtb_uc_prio(RTB_PRIO_MIN, 32, &k), RTB_OK);
    CHECK_EQ(k, 30); /* 31 is the idle task's */
    for (p = RTB_PRIO_MIN; p <= RTB_PRIO_MAX; p++) {
        CHECK_EQ(rtb_uc_prio(p, 32, &k), RTB_OK);
        if (p > RTB_PRIO_MIN)
            CHECK(k == prev - 1u);
        prev = k;
    }
    CHECK_EQ(rtb_uc_prio(RTB_PRIO_MIN, 64, &k), RTB_OK);
    CHECK_EQ(k, 62);
    CHECK_EQ(rtb_uc_prio(RTB_PRIO_MAX + 1, 32, &k), RTB_ERR_INVAL);
    CHECK_EQ(rtb_uc_prio(RTB_PRIO_MIN - 1, 32, &k), RTB_ERR_INVAL);
    CHECK_EQ(rtb_uc_prio(RTB_PRIO_MIN, 31, &k), RTB_ERR_INVAL); /* too few priorities */
}

int main(void)
{
    test_errors();
    test_prio();
    return check_summary("adapters.ucos3");
}
