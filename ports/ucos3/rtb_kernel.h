/*
 * rtbench µC/OS-III adapter - the adapter core's hooks over the µC/OS-III
 * API (see ../adapter/rtb_core.h for what each must do and what the core
 * has checked before it runs). Included by ../adapter/rtb_core.c and by
 * port_ucos3.c, which has the calls with no shared rule.
 *
 * Every µC/OS-III call returns its OS_ERR through a pointer; each one is
 * tested and translated (uc_result, rtb_uc_map.c), a failure's code kept
 * for rtb_port_errno(). A timeout of 0 ticks is "forever" to µC/OS-III:
 * RTB_NO_WAIT is OS_OPT_PEND_NON_BLOCKING instead, RTB_FOREVER (all ones
 * after RTB_CORE_TICKS) becomes 0, and a finite timeout is at least 1 tick.
 *
 * The example configuration leaves out µC/OS-III's "called from an ISR"
 * checks (OS_CFG_CALLED_FROM_ISR_CHK_EN 0, as ThreadX's error checking is
 * off), so the adapter refuses in a handler what would act on the
 * interrupted task there: a mutex (its owner), suspending or aborting
 * oneself, a priority change, a yield.
 */
#ifndef RTB_KERNEL_UCOS3_H
#define RTB_KERNEL_UCOS3_H

#include <stddef.h>
#include <stdint.h>

#include "os.h"

#include "rtb/port.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_uc_map.h"
#include "rtb_uc_port.h"

typedef OS_TICK rtb_k_ticks_t;
typedef OS_PRIO rtb_k_prio_t;

#define RTB_K_MIN_STACK (OS_CFG_STK_SIZE_MIN * sizeof(CPU_STK))
#define RTB_K_HAS_COOP 0 /* only the scheduler lock of the whole system (OSSchedLock) */
#define RTB_K_EVENTS_BAD(bits) ((bits) == 0u) /* OS_FLAGS: 32 bits, every one usable */
#define RTB_K_QUEUE_ALLOC 1                   /* every OSQPost takes an OS_MSG link */

/* The name of every object µC/OS-III is given (port_ucos3.c). */
extern CPU_CHAR rtb_uc_obj_name[];

/* The caller: every task that calls the contract was created by this
 * adapter, its OS_TCB the first member of its struct rtb_thread; NULL
 * before OSStart (OSInit clears OSTCBCurPtr). */
#define rtb_k_self() ((struct rtb_thread *)(void *)OSTCBCurPtr)
#define rtb_k_in_isr() rtb_cm_in_handler()

/* RTB_FOREVER after RTB_CORE_TICKS: all ones; µC/OS-III's forever is 0. */
#define UC_FOREVER ((OS_TICK)RTB_FOREVER)
#define UC_TMO(tk) ((tk) == UC_FOREVER ? (OS_TICK)0 : (tk))

RTB_CORE_OUTLINE OS_TICK rtb_k_ticks_finite(rtb_timeout_t us)
{
    uint32_t t = 0;

    (void)rtb_ad_ticks(us, OS_CFG_TICK_RATE_HZ, (uint32_t)UC_FOREVER, &t);
    return (OS_TICK)t;
}

#define UC_TICKS(us) RTB_CORE_TICKS(OS_TICK, us, rtb_k_ticks_finite)

static inline int rtb_k_prio(int prio, rtb_k_prio_t *kprio)
{
    unsigned p = 0;
    int rc = rtb_uc_prio(prio, OS_CFG_PRIO_MAX, &p);

    *kprio = (OS_PRIO)p;
    return rc;
}

/* A failed µC/OS-III call -> the rtb_err; RTB_ERR_PORT keeps the OS_ERR for
 * rtb_port_errno(). Out of line: the success paths stay short. */
RTB_CORE_OUTLINE int uc_fail(OS_ERR err, int nowait)
{
    int rc = rtb_uc_err((unsigned)err, nowait);

    return rc == RTB_ERR_PORT ? rtb_core_port_error((int)err) : rc;
}

static inline int uc_result(OS_ERR err, int nowait)
{
    return err == OS_ERR_NONE ? RTB_OK : uc_fail(err, nowait);
}

/* ---- threads ------------------------------------------------------------------ */

/* Out of line (port_ucos3.c): create, then suspend under the scheduler lock. */
int rtb_uc_thread_create(struct rtb_thread *t, const char *name, OS_PRIO kprio, void *stack,
                         size_t stack_bytes, int start);

#define rtb_k_thread_create(t, name, kprio, flags, stack, stack_bytes, start)                      \
    ((void)(flags), rtb_uc_thread_create((t), (name), (kprio), (stack), (stack_bytes), (start)))

static inline int rtb_k_thread_start(struct rtb_thread *t)
{
    OS_ERR err;

    OSTaskResume(&t->tcb, &err);
    return uc_result(err, 0);
}

/* µC/OS-III counts suspensions (OSTaskSuspend twice needs two
 * OSTaskResume); the contract does not: a thread already suspended is left
 * as it is. */
static inline int rtb_k_thread_suspend(struct rtb_thread *t)
{
    OS_ERR err;

    if (t == NULL) {
        if (rtb_k_in_isr())
            return RTB_ERR_PERM; /* it would suspend the interrupted task */
        t = rtb_k_self();
    }
    if ((t->tcb.TaskState & OS_TASK_STATE_SUSPENDED) != 0u)
        return RTB_OK;
    OSTaskSuspend(&t->tcb, &err); /* the caller: returns once resumed */
    return uc_result(err, 0);
}

/* OS_ERR_TASK_NOT_SUSPENDED: RTB_ERR_STATE. ISR-safe: OSSched returns at
 * once in a handler, OSIntExit switches. */
static inline int rtb_k_thread_resume(struct rtb_thread *t)
{
    OS_ERR err;

    OSTaskResume(&t->tcb, &err);
    return uc_result(err, 0);
}

/* Out of line (port_ucos3.c): OSTaskDel, the end signal. */
int rtb_uc_thread_abort(struct rtb_thread *t);
#define rtb_k_thread_abort(t) rtb_uc_thread_abort(t)

static inline int rtb_k_join_wait(struct rtb_thread *t, rtb_timeout_t timeout)
{
    OS_TICK tk = UC_TICKS(timeout);
    OS_ERR err;

    if (timeout == RTB_NO_WAIT)
        (void)OSSemPend(&t->done, 0, OS_OPT_PEND_NON_BLOCKING, NULL, &err);
    else
        (void)OSSemPend(&t->done, UC_TMO(tk), OS_OPT_PEND_BLOCKING, NULL, &err);
    return uc_result(err, timeout == RTB_NO_WAIT);
}

/* The end signal is posted as the task's last act before it returns into
 * OS_TaskReturn, which deletes it: it may not have returned yet (a less
 * urgent joiner would have let it); OSTaskDel finishes it. A task already
 * deleted is OS_TASK_STATE_DEL (OS_TaskInitTCB after OSTaskDel). */
static inline int rtb_k_thread_release(struct rtb_thread *t)
{
    OS_ERR err = OS_ERR_NONE;

    if (t->tcb.TaskState != (OS_STATE)OS_TASK_STATE_DEL)
        OSTaskDel(&t->tcb, &err);
    return uc_result(err, 0);
}

static inline int rtb_k_thread_set_prio(struct rtb_thread *t, OS_PRIO kprio)
{
    OS_ERR err;

    if (rtb_k_in_isr())
        return RTB_ERR_PERM; /* NULL would be the interrupted task */
    OSTaskChangePrio(t ? &t->tcb : NULL, kprio, &err);
    return uc_result(err, 0);
}

static inline int rtb_k_sleep(uint32_t us)
{
    OS_TICK tk = rtb_ad_sleep_ticks(us, OS_CFG_TICK_RATE_HZ, (uint32_t)UC_FOREVER);
    OS_ERR err;

    if (tk == 0) {
        rtb_thread_yield();
        return RTB_OK;
    }
    OSTimeDly(tk, OS_OPT_TIME_DLY, &err);
    return uc_result(err, 0);
}

/* ---- semaphores, mutexes, event flags ------------------------------------------ */

static inline int rtb_k_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    OS_ERR err;

    s->limit = (OS_SEM_CTR)limit;
    OSSemCreate(&s->os, rtb_uc_obj_name, (OS_SEM_CTR)initial, &err);
    return uc_result(err, 0);
}

static inline int uc_sem_pend(OS_SEM *s, OS_TICK tk, OS_OPT opt)
{
    OS_ERR err;

    (void)OSSemPend(s, tk, opt, NULL, &err);
    return uc_result(err, opt == OS_OPT_PEND_NON_BLOCKING);
}

#define rtb_k_sem_trytake(s) uc_sem_pend(&(s)->os, 0, OS_OPT_PEND_NON_BLOCKING)
#define rtb_k_sem_take(s, tk) uc_sem_pend(&(s)->os, UC_TMO(tk), OS_OPT_PEND_BLOCKING)

static inline int rtb_k_mutex_init(rtb_mutex_t *m)
{
    OS_ERR err;

    OSMutexCreate(&m->os, rtb_uc_obj_name, &err);
    return uc_result(err, 0);
}

/* OS_ERR_MUTEX_OWNER: the owner locked again (OwnerNestingCtr + 1). */
static inline int uc_mutex_pend(OS_MUTEX *m, OS_TICK tk, OS_OPT opt)
{
    OS_ERR err;

    if (rtb_k_in_isr())
        return RTB_ERR_PERM; /* the owner would be the interrupted task */
    OSMutexPend(m, tk, opt, NULL, &err);
    if (err == OS_ERR_MUTEX_OWNER)
        return RTB_OK;
    return uc_result(err, opt == OS_OPT_PEND_NON_BLOCKING);
}

#define rtb_k_mutex_trylock(m) uc_mutex_pend(&(m)->os, 0, OS_OPT_PEND_NON_BLOCKING)
#define rtb_k_mutex_lock(m, tk) uc_mutex_pend(&(m)->os, UC_TMO(tk), OS_OPT_PEND_BLOCKING)

static inline int rtb_k_events_init(rtb_events_t *e)
{
    OS_ERR err;

    OSFlagCreate(&e->os, rtb_uc_obj_name, 0, &err);
    return uc_result(err, 0);
}

/* No OS_OPT_PEND_FLAG_CONSUME: the contract's wait does not clear. */
static inline int rtb_k_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, OS_TICK tk,
                                    uint32_t *matched)
{
    OS_OPT opt = mode == RTB_EVENTS_ALL ? OS_OPT_PEND_FLAG_SET_ALL : OS_OPT_PEND_FLAG_SET_ANY;
    OS_FLAGS got;
    OS_ERR err;

    if (tk == 0)
        opt |= OS_OPT_PEND_NON_BLOCKING;
    got = OSFlagPend(&e->os, (OS_FLAGS)bits, UC_TMO(tk), opt, NULL, &err);
    if (err != OS_ERR_NONE)
        return uc_fail(err, tk == 0);
    if (matched)
        *matched = (uint32_t)got & bits;
    return RTB_OK;
}

/* ---- FIFO, LIFO and stack: pointer queues; message queues ---------------------- */

static inline int uc_q_make(OS_Q *q, unsigned depth)
{
    OS_ERR err;

    if (depth > (OS_MSG_QTY)-1)
        return RTB_ERR_NOMEM;
    OSQCreate(q, rtb_uc_obj_name, (OS_MSG_QTY)depth, &err);
    return uc_result(err, 0);
}

static inline int uc_q_pend(OS_Q *q, void **item, OS_TICK tk, OS_OPT opt)
{
    OS_MSG_SIZE size;
    OS_ERR err;
    void *p = OSQPend(q, tk, opt, &size, NULL, &err);

    if (err != OS_ERR_NONE)
        return uc_fail(err, opt == OS_OPT_PEND_NON_BLOCKING);
    *item = p;
    return RTB_OK;
}

#define UC_TRY OS_OPT_PEND_NON_BLOCKING
#define UC_WAIT OS_OPT_PEND_BLOCKING
#define rtb_k_fifo_init(q) uc_q_make(&(q)->os, RTB_UC_QUEUE_DEPTH)
#define rtb_k_fifo_tryget(q, item) uc_q_pend(&(q)->os, (item), 0, UC_TRY)
#define rtb_k_fifo_get(q, item, tk) uc_q_pend(&(q)->os, (item), UC_TMO(tk), UC_WAIT)
#define rtb_k_lifo_init(q) uc_q_make(&(q)->os, RTB_UC_QUEUE_DEPTH)
#define rtb_k_lifo_tryget(q, item) uc_q_pend(&(q)->os, (item), 0, UC_TRY)
#define rtb_k_lifo_get(q, item, tk) uc_q_pend(&(q)->os, (item), UC_TMO(tk), UC_WAIT)

/* The caller's buffer is not used: the words are the pointers of OS_MSG
 * links from µC/OS-III's pool. */
#define rtb_k_stack_init(s, buf, capacity) ((void)(buf), uc_q_make(&(s)->os, (capacity)))

static inline int uc_stack_pend(OS_Q *q, uintptr_t *v, OS_TICK tk, OS_OPT opt)
{
    void *p = NULL;
    int rc = uc_q_pend(q, &p, tk, opt);

    if (rc == RTB_OK)
        *v = (uintptr_t)p;
    return rc;
}

#define rtb_k_stack_trypop(s, v) uc_stack_pend(&(s)->os, (v), 0, UC_TRY)
#define rtb_k_stack_pop(s, v, tk) uc_stack_pend(&(s)->os, (v), UC_TMO(tk), UC_WAIT)

/* Out of line (port_ucos3.c): a partition, a count of free blocks, a queue
 * of block addresses. `nowait`: OS_OPT_PEND_NON_BLOCKING. */
int rtb_uc_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs);
int rtb_uc_msgq_put(rtb_msgq_t *q, const void *msg, OS_TICK tk, int nowait);
int rtb_uc_msgq_get(rtb_msgq_t *q, void *msg, OS_TICK tk, int nowait);

#define rtb_k_msgq_init(q, buf, msg_size, max_msgs)                                                \
    rtb_uc_msgq_init((q), (buf), (msg_size), (max_msgs))
#define rtb_k_msgq_tryget(q, msg) rtb_uc_msgq_get((q), (msg), 0, 1)
#define rtb_k_msgq_get(q, msg, tk) rtb_uc_msgq_get((q), (msg), UC_TMO(tk), 0)
#define rtb_k_msgq_tryput(q, msg) rtb_uc_msgq_put((q), (msg), 0, 1)
#define rtb_k_msgq_put(q, msg, tk) rtb_uc_msgq_put((q), (msg), UC_TMO(tk), 0)

#endif /* RTB_KERNEL_UCOS3_H */
