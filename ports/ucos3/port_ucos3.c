/*
 * rtbench µC/OS-III adapter - the porting contract (rtb/port.h) over the
 * µC/OS-III API (checked with µC/OS-III 3.08.02, µC/CPU 1.32.01), on the
 * Cortex-M board support: the calls that have no rule shared with the other
 * adapters. The shared rules (thread states, timeouts, argument checks) are
 * the adapter core's (../adapter/rtb_core.c) over this kernel's hooks
 * (rtb_kernel.h); the start-up glue (main, the tick, the software
 * interrupt's OSIntEnter/OSIntExit) is startup_ucos3.c; the
 * kernel-independent translations are rtb_uc_map.c and
 * ../adapter/rtb_adapter.c.
 *
 * µC/OS-III queues carry pointers (OS_Q, an OS_MSG link from the kernel's
 * pool per message): the FIFO is OSQPost OS_OPT_POST_FIFO, the LIFO and the
 * stack OS_OPT_POST_LIFO, the message queue of copied messages an OS_MEM
 * partition of the caller's buffer whose blocks travel through an OS_Q;
 * rtb_malloc is the C library's malloc under the scheduler lock (µC/OS-III
 * has no heap). Named so in the run header. What µC/OS-III lacks is n/a
 * (condition variables, non-preemptible threads).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb_ad_cm.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_uc_map.h"
#include "rtb_uc_port.h"
#include "rtb_kernel.h"

/* The values rtb_uc_map.c and this file assume are this kernel's. */
#define SAME(a, b) ((unsigned long)(a) == (unsigned long)(b))
typedef char rtb_uc_codes_match
    [(SAME(OS_ERR_NONE, RTB_UC_ERR_NONE) && SAME(OS_ERR_CREATE_ISR, RTB_UC_ERR_CREATE_ISR) &&
      SAME(OS_ERR_DEL_ISR, RTB_UC_ERR_DEL_ISR) &&
      SAME(OS_ERR_FLAG_PEND_OPT, RTB_UC_ERR_FLAG_PEND_OPT) &&
      SAME(OS_ERR_ILLEGAL_CREATE_RUN_TIME, RTB_UC_ERR_ILLEGAL_CREATE_RUN_TIME) &&
      SAME(OS_ERR_MEM_INVALID_BLKS, RTB_UC_ERR_MEM_INVALID_BLKS) &&
      SAME(OS_ERR_MEM_INVALID_SIZE, RTB_UC_ERR_MEM_INVALID_SIZE) &&
      SAME(OS_ERR_MEM_NO_FREE_BLKS, RTB_UC_ERR_MEM_NO_FREE_BLKS) &&
      SAME(OS_ERR_MSG_POOL_EMPTY, RTB_UC_ERR_MSG_POOL_EMPTY) &&
      SAME(OS_ERR_MUTEX_NOT_OWNER, RTB_UC_ERR_MUTEX_NOT_OWNER) &&
      SAME(OS_ERR_MUTEX_OWNER, RTB_UC_ERR_MUTEX_OWNER) &&
      SAME(OS_ERR_MUTEX_NESTING, RTB_UC_ERR_MUTEX_NESTING) &&
      SAME(OS_ERR_MUTEX_OVF, RTB_UC_ERR_MUTEX_OVF) && SAME(OS_ERR_OBJ_DEL, RTB_UC_ERR_OBJ_DEL) &&
      SAME(OS_ERR_OBJ_PTR_NULL, RTB_UC_ERR_OBJ_PTR_NULL) &&
      SAME(OS_ERR_OBJ_TYPE, RTB_UC_ERR_OBJ_TYPE) &&
      SAME(OS_ERR_OPT_INVALID, RTB_UC_ERR_OPT_INVALID) &&
      SAME(OS_ERR_OS_NOT_RUNNING, RTB_UC_ERR_OS_NOT_RUNNING) &&
      SAME(OS_ERR_PEND_ABORT, RTB_UC_ERR_PEND_ABORT) &&
      SAME(OS_ERR_PEND_ISR, RTB_UC_ERR_PEND_ISR) &&
      SAME(OS_ERR_PEND_WOULD_BLOCK, RTB_UC_ERR_PEND_WOULD_BLOCK) &&
      SAME(OS_ERR_POST_ISR, RTB_UC_ERR_POST_ISR) &&
      SAME(OS_ERR_PRIO_INVALID, RTB_UC_ERR_PRIO_INVALID) && SAME(OS_ERR_Q_MAX, RTB_UC_ERR_Q_MAX) &&
      SAME(OS_ERR_ROUND_ROBIN_1, RTB_UC_ERR_ROUND_ROBIN_1) &&
      SAME(OS_ERR_SCHED_LOCK_ISR, RTB_UC_ERR_SCHED_LOCK_ISR) &&
      SAME(OS_ERR_SCHED_LOCKED, RTB_UC_ERR_SCHED_LOCKED) &&
      SAME(OS_ERR_SEM_OVF, RTB_UC_ERR_SEM_OVF) &&
      SAME(OS_ERR_STATE_INVALID, RTB_UC_ERR_STATE_INVALID) &&
      SAME(OS_ERR_STK_SIZE_INVALID, RTB_UC_ERR_STK_SIZE_INVALID) &&
      SAME(OS_ERR_STK_OVF, RTB_UC_ERR_STK_OVF) &&
      SAME(OS_ERR_TASK_CHANGE_PRIO_ISR, RTB_UC_ERR_TASK_CHANGE_PRIO_ISR) &&
      SAME(OS_ERR_TASK_CREATE_ISR, RTB_UC_ERR_TASK_CREATE_ISR) &&
      SAME(OS_ERR_TASK_DEL_ISR, RTB_UC_ERR_TASK_DEL_ISR) &&
      SAME(OS_ERR_TASK_NOT_SUSPENDED, RTB_UC_ERR_TASK_NOT_SUSPENDED) &&
      SAME(OS_ERR_TASK_RESUME_ISR, RTB_UC_ERR_TASK_RESUME_ISR) &&
      SAME(OS_ERR_TASK_RESUME_SELF, RTB_UC_ERR_TASK_RESUME_SELF) &&
      SAME(OS_ERR_TASK_SUSPEND_CTR_OVF, RTB_UC_ERR_TASK_SUSPEND_CTR_OVF) &&
      SAME(OS_ERR_TASK_SUSPEND_ISR, RTB_UC_ERR_TASK_SUSPEND_ISR) &&
      SAME(OS_ERR_TIME_DLY_ISR, RTB_UC_ERR_TIME_DLY_ISR) &&
      SAME(OS_ERR_TIMEOUT, RTB_UC_ERR_TIMEOUT) && SAME(OS_ERR_YIELD_ISR, RTB_UC_ERR_YIELD_ISR) &&
      sizeof(OS_FLAGS) == sizeof(uint32_t) && sizeof(OS_TICK) == sizeof(uint32_t) &&
      sizeof(void *) == sizeof(uintptr_t))
         ? 1
         : -1];

#if OS_CFG_PRIO_MAX < 32
#error "OS_CFG_PRIO_MAX must be at least 32: rtbench priorities 1..30 map one to one"
#endif
#if !OS_CFG_SEM_EN || !OS_CFG_MUTEX_EN || !OS_CFG_FLAG_EN || !OS_CFG_Q_EN || !OS_CFG_MEM_EN ||     \
    !OS_CFG_TASK_DEL_EN || !OS_CFG_TASK_SUSPEND_EN || !OS_CFG_TASK_CHANGE_PRIO_EN ||               \
    !OS_CFG_SCHED_ROUND_ROBIN_EN
#error "os_cfg.h: the adapter needs OS_CFG_SEM_EN, _MUTEX_EN, _FLAG_EN, _Q_EN, _MEM_EN, "          \
       "_TASK_DEL_EN, _TASK_SUSPEND_EN, _TASK_CHANGE_PRIO_EN and _SCHED_ROUND_ROBIN_EN"
#endif

CPU_CHAR rtb_uc_obj_name[] = "rtb";

/* ---- capabilities ------------------------------------------------------------------------ */

static const struct rtb_ad_lack uc_lacks[] = {
    {RTB_CAP_THREAD_COOP, "uC/OS-III has no non-preemptible task, only the scheduler lock of "
                          "the whole system (OSSchedLock)"},
    {RTB_CAP_CONDVAR, "uC/OS-III 3.08 has no condition variable in its API (its OS_COND serves "
                      "only the timer task)"},
};

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    return rtb_ad_has_table(cap, uc_lacks, sizeof uc_lacks / sizeof uc_lacks[0], why_not);
}

/* OS_ERR_ROUND_ROBIN_1 (alone at its priority) is a yield with nobody to
 * yield to; from a handler there is no task to yield. */
void rtb_thread_yield(void)
{
    OS_ERR err;

    if (!rtb_cm_in_handler())
        OSSchedRoundRobinYield(&err);
}

/* ---- threads ------------------------------------------------------------------------------ */

static void uc_trampoline(void *p)
{
    struct rtb_thread *t = (struct rtb_thread *)p;
    OS_ERR err;

    rtb_core_thread_run(t);
    (void)OSSemPost(&t->done, OS_OPT_POST_1, &err);
    /* returning runs OS_TaskReturn: OSTaskDel of itself */
}

/* µC/OS-III has no "create suspended" option: OSTaskCreate makes the task
 * ready and switches to it if it is more urgent. The task is created and
 * suspended with the scheduler locked, so it never runs before
 * rtb_thread_start's OSTaskResume; the runner's thread (`start`, before
 * OSStart) is only made ready. The cost is in thread.create's figure:
 * OSSchedLock, OSTaskSuspend, OSSchedUnlock (whose OSSched finds nothing
 * new to run). */
int rtb_uc_thread_create(struct rtb_thread *t, const char *name, OS_PRIO kprio, void *stack,
                         size_t stack_bytes, int start)
{
    CPU_CHAR *kname = name ? (CPU_CHAR *)(uintptr_t)name : rtb_uc_obj_name;
    OS_ERR err, lock_err = OS_ERR_NONE;

    OSSemCreate(&t->done, rtb_uc_obj_name, 0, &err);
    if (err != OS_ERR_NONE)
        return uc_fail(err, 0);
    if (!start) {
        OSSchedLock(&lock_err);
        if (lock_err != OS_ERR_NONE)
            return uc_fail(lock_err, 0);
    }
    OSTaskCreate(&t->tcb, kname, uc_trampoline, t, kprio, (CPU_STK *)stack, 0,
                 (CPU_STK_SIZE)(stack_bytes / sizeof(CPU_STK)), 0, RTB_UC_SLICE, NULL,
                 OS_OPT_TASK_NONE, &err);
    if (err == OS_ERR_NONE && !start) {
        OSTaskSuspend(&t->tcb, &err);
        if (err != OS_ERR_NONE) {
            OS_ERR del_err;

            OSTaskDel(&t->tcb, &del_err); /* leave nothing created */
        }
    }
    if (!start)
        OSSchedUnlock(&lock_err);
    if (err == OS_ERR_NONE)
        err = lock_err;
    return uc_result(err, 0);
}

/* Any state; a task that returned (deleted itself) is OS_ERR_STATE_INVALID
 * to OSTaskDel: nothing to do. A joiner waiting for t is woken. Aborting
 * oneself posts first: OSTaskDel(NULL) does not return. */
int rtb_uc_thread_abort(struct rtb_thread *t)
{
    OS_ERR err;

    if (t == rtb_k_self()) {
        (void)OSSemPost(&t->done, OS_OPT_POST_1, &err);
        OSTaskDel(NULL, &err);
        return uc_fail(err, 0); /* reached only when the delete failed */
    }
    OSTaskDel(&t->tcb, &err);
    if (err != OS_ERR_NONE && err != OS_ERR_STATE_INVALID)
        return uc_fail(err, 0);
    (void)OSSemPost(&t->done, OS_OPT_POST_1, &err);
    return uc_result(err, 0);
}

/* ---- counting semaphores ------------------------------------------------------------------ */

/* OSSemPost counts to 2^32 - 1: the contract's limit is checked inside the
 * kernel's own critical section around the post, so that no give from the
 * handler comes between the check and the count (a waiter exists only while
 * the count is 0, below every limit). The switch a post causes is the PendSV
 * taken when the section ends, before this returns. */
int rtb_sem_give(rtb_sem_t *s)
{
    OS_ERR err;
    CPU_SR_ALLOC();

    CPU_CRITICAL_ENTER();
    if (s->os.Ctr >= s->limit) {
        CPU_CRITICAL_EXIT();
        return RTB_ERR_OVERFLOW;
    }
    (void)OSSemPost(&s->os, OS_OPT_POST_1, &err);
    CPU_CRITICAL_EXIT();
    return uc_result(err, 0);
}

/* ---- mutexes ------------------------------------------------------------------------------- */

/* OS_ERR_MUTEX_NESTING: an inner unlock of a recursive lock. */
int rtb_mutex_unlock(rtb_mutex_t *m)
{
    OS_ERR err;

    if (rtb_cm_in_handler())
        return RTB_ERR_PERM; /* a handler owns no mutex */
    OSMutexPost(&m->os, OS_OPT_POST_NONE, &err);
    if (err == OS_ERR_MUTEX_NESTING)
        return RTB_OK;
    return uc_result(err, 0);
}

/* ---- condition variables: none in µC/OS-III's API (../common/absent_condvar.c) ----------- */

/* ---- event flags --------------------------------------------------------------------------- */

static int flag_post(rtb_events_t *e, uint32_t bits, OS_OPT opt)
{
    OS_ERR err;

    (void)OSFlagPost(&e->os, (OS_FLAGS)bits, opt, &err);
    return uc_result(err, 0);
}

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    return flag_post(e, bits, OS_OPT_POST_FLAG_SET);
}

/* Replace: clear what is not in `bits` (no waiter waits for a clear), then
 * set `bits`, which wakes the waiters they satisfy. */
int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    int rc = flag_post(e, ~bits, OS_OPT_POST_FLAG_CLR);

    return rc < 0 ? rc : flag_post(e, bits, OS_OPT_POST_FLAG_SET);
}

int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    return flag_post(e, bits, OS_OPT_POST_FLAG_CLR);
}

/* ---- FIFO, LIFO and stack: pointer queues ------------------------------------------------
 * A put that may not wait: a full queue (OS_ERR_Q_MAX) is RTB_ERR_OVERFLOW, an empty
 * OS_MSG pool RTB_ERR_NOMEM. Every put takes its link from that pool and the get
 * returns it: the put that allocates a link (rtb_*_alloc_put) is the same call. */
static int q_post(OS_Q *q, void *p, OS_OPT opt)
{
    OS_ERR err;

    OSQPost(q, p, (OS_MSG_SIZE)sizeof p, opt, &err);
    return uc_result(err, 0);
}

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    return q_post(&q->os, item, OS_OPT_POST_FIFO);
}

int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    return q_post(&q->os, data, OS_OPT_POST_FIFO);
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    return q_post(&q->os, item, OS_OPT_POST_LIFO);
}

int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    return q_post(&q->os, data, OS_OPT_POST_LIFO);
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    return q_post(&s->os, (void *)value, OS_OPT_POST_LIFO);
}

/* ---- message queues: an OS_MEM partition, its free count, a queue of blocks --------------- */

int rtb_uc_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    OS_ERR err;

    /* each free block holds OS_MEM's link: a word, word-aligned */
    if (((uintptr_t)buf & 3u) != 0 || msg_size % 4u != 0 || msg_size > (OS_MSG_SIZE)-1 ||
        max_msgs > (OS_MSG_QTY)-1)
        return RTB_ERR_INVAL;
    q->msg_size = (OS_MSG_SIZE)msg_size;
    OSMemCreate(&q->mem, rtb_uc_obj_name, buf, (OS_MEM_QTY)max_msgs, (OS_MEM_SIZE)msg_size, &err);
    if (err == OS_ERR_NONE)
        OSSemCreate(&q->space, rtb_uc_obj_name, (OS_SEM_CTR)max_msgs, &err);
    if (err == OS_ERR_NONE)
        OSQCreate(&q->os, rtb_uc_obj_name, (OS_MSG_QTY)max_msgs, &err);
    return uc_result(err, 0);
}

int rtb_uc_msgq_put(rtb_msgq_t *q, const void *msg, OS_TICK tk, int nowait)
{
    OS_OPT opt = nowait ? OS_OPT_PEND_NON_BLOCKING : OS_OPT_PEND_BLOCKING;
    OS_ERR err, undo;
    void *blk;

    (void)OSSemPend(&q->space, tk, opt, NULL, &err);
    if (err != OS_ERR_NONE)
        return uc_fail(err, nowait);
    blk = OSMemGet(&q->mem, &err); /* a free slot was counted: a block is there */
    if (err == OS_ERR_NONE) {
        memcpy(blk, msg, q->msg_size);
        OSQPost(&q->os, blk, q->msg_size, OS_OPT_POST_FIFO, &err);
        if (err != OS_ERR_NONE)
            OSMemPut(&q->mem, blk, &undo); /* the OS_MSG pool was empty */
    }
    if (err != OS_ERR_NONE)
        (void)OSSemPost(&q->space, OS_OPT_POST_1, &undo);
    return uc_result(err, nowait);
}

int rtb_uc_msgq_get(rtb_msgq_t *q, void *msg, OS_TICK tk, int nowait)
{
    OS_OPT opt = nowait ? OS_OPT_PEND_NON_BLOCKING : OS_OPT_PEND_BLOCKING;
    OS_MSG_SIZE size;
    OS_ERR err;
    void *blk = OSQPend(&q->os, tk, opt, &size, NULL, &err);

    if (err != OS_ERR_NONE)
        return uc_fail(err, nowait);
    memcpy(msg, blk, q->msg_size);
    OSMemPut(&q->mem, blk, &err);
    if (err == OS_ERR_NONE)
        (void)OSSemPost(&q->space, OS_OPT_POST_1, &err);
    return uc_result(err, 0);
}

/* ---- interrupt lock: µC/CPU's critical section --------------------------------------------
 * CPU_CRITICAL_ENTER saves the mask it replaces in cpu_sr and CPU_CRITICAL_EXIT puts it
 * back, so locks nest: BASEPRI at CPU_CFG_KA_IPL_BOUNDARY on ARMv7-M (SysTick, PendSV and
 * the software interrupt, the kernel-aware levels), PRIMASK on ARMv6-M - the kernel's own. */
unsigned rtb_irq_lock(void)
{
    CPU_SR_ALLOC();

    CPU_CRITICAL_ENTER();
    return (unsigned)cpu_sr;
}

void rtb_irq_unlock(unsigned key)
{
    CPU_SR cpu_sr = (CPU_SR)key;

    CPU_CRITICAL_EXIT();
}

/* ---- heap: the C library's malloc over this array, under the scheduler lock --------------- */

static uint64_t heap_mem[RTB_UC_HEAP_BYTES / sizeof(uint64_t)];
static size_t heap_used;

/* newlib's malloc grows its arena here; never shrinks it. */
void *_sbrk(ptrdiff_t incr);
void *_sbrk(ptrdiff_t incr)
{
    char *base = (char *)heap_mem;

    if (incr < 0 || (size_t)incr > sizeof heap_mem - heap_used)
        return (void *)-1;
    heap_used += (size_t)incr;
    return base + heap_used - (size_t)incr;
}

void *rtb_malloc(size_t bytes)
{
    OS_ERR err;
    void *p;

    if (rtb_cm_in_handler())
        return NULL; /* the scheduler lock is a task's */
    OSSchedLock(&err);
    if (err != OS_ERR_NONE)
        return NULL;
    p = malloc(bytes);
    OSSchedUnlock(&err);
    return p;
}

void rtb_free(void *p)
{
    OS_ERR err;

    if (p == NULL || rtb_cm_in_handler())
        return;
    OSSchedLock(&err);
    if (err != OS_ERR_NONE)
        return;
    free(p);
    OSSchedUnlock(&err);
}

/* ---- identity, console, exit --------------------------------------------------------------- */

#if defined(__ARM_ARCH_6M__)
#define UC_MASK " primask"
#else
#define UC_MASK " basepri"
#endif

void rtb_uc_info_init(void)
{
    static char version[16];
    /* OS_VERSION is Vx.yy.zz times 10000: 30802 */
    static const struct rtb_ad_text ver[] = {
        {"", OS_VERSION / 10000u},     {".", OS_VERSION / 1000u % 10u},
        {"", OS_VERSION / 100u % 10u}, {".", OS_VERSION / 10u % 10u},
        {"", OS_VERSION % 10u},
    };
    static const struct rtb_ad_text sched[] = {
        {"prio-preemptive/", OS_CFG_PRIO_MAX},
        {" rr-quantum=max" UC_MASK " tick=", OS_CFG_TICK_RATE_HZ},
        {"Hz heap=malloc+OSSchedLock fifo=OSQPost lifo=OSQPost-LIFO stack=OSQPost-LIFO "
         "msgq=OSMem+OSQ queue-depth=",
         RTB_UC_QUEUE_DEPTH},
        {" msg-pool=", OS_CFG_MSG_POOL_SIZE},
        {" isr=OSIntEnter/Exit", RTB_AD_NO_VALUE},
    };

    (void)rtb_ad_join(version, sizeof version, ver, sizeof ver / sizeof ver[0]);
    rtb_ad_info_init("ucos3", "uC/OS-III", version, sched, sizeof sched / sizeof sched[0]);
}

/* rtb_port_info, rtb_port_write, rtb_port_exit: ../adapter/rtb_ad_cm.c */
