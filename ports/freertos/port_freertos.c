/*
 * rtbench FreeRTOS adapter - the porting contract (rtb/port.h) over the
 * FreeRTOS API (checked with FreeRTOS-Kernel V11.1.0), on the Cortex-M board
 * support. The start-up glue (main, vectors, static memory of the kernel's own
 * tasks) is startup_freertos.c; the kernel-independent translations are
 * rtb_fr_map.c and ../adapter/rtb_adapter.c.
 *
 * Objects are statically created (xTaskCreateStatic, x*CreateStatic) in the
 * caller's storage. Calls the contract marks ISR-safe test IPSR and use the
 * FromISR variant plus portYIELD_FROM_ISR inside the software interrupt.
 * What FreeRTOS lacks is n/a (condition variables, cooperative threads, a
 * put that allocates a link); the queue-based LIFO and stack are FreeRTOS's
 * own xQueueSendToFront, named so in the run header (rtb_port_info()->sched).
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb/timer.h"
#include "rtb_ad_cm.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_fr_map.h"
#include "rtb_fr_port.h"

#if configSUPPORT_STATIC_ALLOCATION != 1
#error "the rtbench FreeRTOS adapter needs configSUPPORT_STATIC_ALLOCATION 1"
#endif
#if configUSE_MUTEXES != 1 || configUSE_RECURSIVE_MUTEXES != 1 || configUSE_COUNTING_SEMAPHORES != 1
#error "the rtbench FreeRTOS adapter needs mutexes, recursive mutexes and counting semaphores"
#endif
#if INCLUDE_vTaskSuspend != 1 || INCLUDE_xTaskResumeFromISR != 1 || INCLUDE_vTaskDelete != 1 ||    \
    INCLUDE_vTaskPrioritySet != 1 || INCLUDE_xTaskGetCurrentTaskHandle != 1
#error                                                                                             \
    "the rtbench FreeRTOS adapter needs INCLUDE_vTaskSuspend, _xTaskResumeFromISR, _vTaskDelete, _vTaskPrioritySet, _xTaskGetCurrentTaskHandle"
#endif
#if configMAX_PRIORITIES < 32
#error "configMAX_PRIORITIES must be at least 32: rtbench priorities 1..30 map one to one"
#endif

/* The values rtb_fr_map.c assumes are this kernel's. */
typedef char
    rtb_fr_forever[(portMAX_DELAY == (TickType_t)RTB_FOREVER && RTB_NO_WAIT == 0) ? 1 : -1];
typedef char rtb_fr_events_modes[(RTB_EVENTS_ANY == pdFALSE && RTB_EVENTS_ALL == pdTRUE) ? 1 : -1];
typedef char rtb_fr_pass_matches[(pdPASS == RTB_FR_PASS && pdTRUE == RTB_FR_PASS && pdFAIL == 0 &&
                                  errQUEUE_FULL == 0 && errQUEUE_EMPTY == 0)
                                     ? 1
                                     : -1];

/* Smallest task stack accepted: the initial frame (16 or 17 words), the
 * trampoline and a call or two. */
#define RTB_FR_MIN_STACK 256u

#define EV_CONTROL ((uint32_t)eventEVENT_BITS_CONTROL_BYTES)

/* Handles of statically created objects: the address of their buffer
 * (checked by fr_created() when each is created). */
#define SEM(x) ((SemaphoreHandle_t) & (x)->cb)
#define QUEUE(x) ((QueueHandle_t) & (x)->cb)
#define EVG(x) ((EventGroupHandle_t) & (x)->cb)
#define TASK(t) ((TaskHandle_t) & (t)->tcb)
#define DONE(t) ((SemaphoreHandle_t) & (t)->done)

/* ---- failures and the native code behind RTB_ERR_PORT --------------------- */

static int isr_errno;

static struct rtb_thread *fr_self(void)
{
    /* every task that calls the contract was created by this adapter, and
     * its StaticTask_t is the first member of its struct rtb_thread */
    return (struct rtb_thread *)(void *)xTaskGetCurrentTaskHandle();
}

/* RTB_ERR_PORT with `native` remembered for rtb_port_errno(). */
static int fr_port_error(int native)
{
    struct rtb_thread *t = rtb_cm_in_handler() ? NULL : fr_self();

    if (t != NULL)
        t->err = native;
    else
        isr_errno = native; /* an interrupt, or before the scheduler started */
    return RTB_ERR_PORT;
}

int rtb_port_errno(void)
{
    struct rtb_thread *t;

    t = rtb_cm_in_handler() ? NULL : fr_self();
    if (t == NULL)
        return isr_errno;
    return t->err;
}

/* A static create returned `h` for buffer `buf`: 0, or RTB_ERR_PORT (native
 * 1: the kernel refused; 2: the handle is not the buffer, which the macros
 * above rely on). */
static int fr_created(const void *h, const void *buf)
{
    if (h == NULL)
        return fr_port_error(1);
    if (h != buf)
        return fr_port_error(2);
    return RTB_OK;
}

/* A blocking call that failed after waiting `tk` ticks (out of line: the
 * fast paths stay short). */
static __attribute__((noinline)) int fr_wait_failed(TickType_t tk)
{
    int rc = rtb_fr_wait_failed((uint32_t)tk, (uint32_t)portMAX_DELAY);

    return rc == RTB_ERR_PORT ? fr_port_error(0) : rc;
}

static __attribute__((noinline)) TickType_t fr_ticks_finite(rtb_timeout_t us)
{
    uint32_t t = 0;

    (void)rtb_ad_ticks(us, configTICK_RATE_HZ, (uint32_t)portMAX_DELAY, &t);
    return (TickType_t)t;
}

/* Microseconds -> ticks for a timeout that passed FR_TIMEOUT_OK: the two
 * special values inline, the rest computed out of line. */
#define FR_TIMEOUT_OK(us) ((us) >= RTB_FOREVER)

/* A call that may wait, made from the software interrupt: refused with
 * RTB_ERR_PERM before it reaches the kernel (FreeRTOS's blocking calls would
 * block the interrupted task; only configASSERT would catch it). */
#define FR_WAIT_IN_ISR() rtb_cm_in_handler()

/* The result of a call made with 0 ticks (RTB_NO_WAIT). */
#define FR_NOWAIT_RESULT(r) rtb_fr_result((r), RTB_ERR_AGAIN)
#define FR_TIMEOUT_SPECIAL(us) ((uint32_t)(us) + 1u <= 1u) /* RTB_NO_WAIT or RTB_FOREVER */
static inline TickType_t fr_ticks(rtb_timeout_t us)
{
    /* RTB_NO_WAIT is 0 ticks and RTB_FOREVER, as a TickType_t, portMAX_DELAY */
    return FR_TIMEOUT_SPECIAL(us) ? (TickType_t)us : fr_ticks_finite(us);
}

/* ---- capabilities ---------------------------------------------------------------- */

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    const char *why = NULL;

    switch (cap) {
    case RTB_CAP_THREAD_COOP:
        why = "FreeRTOS has no cooperative (non-preemptible) thread class: preemption is "
              "one setting for all tasks";
        break;
    case RTB_CAP_RT_SCHED:
        if (configUSE_PREEMPTION != 1)
            why = "configUSE_PREEMPTION is 0: a woken task waits for the running one to yield";
        else if (configUSE_TIME_SLICING != 0)
            why = "configUSE_TIME_SLICING is 1: equal-priority tasks also switch on the tick";
        break;
    case RTB_CAP_CONDVAR:
        why = "FreeRTOS has no condition variable";
        break;
    case RTB_CAP_QUEUE_ALLOC:
        why = "FreeRTOS queues copy the item into their own storage: a put allocates no link";
        break;
    default:
        break;
    }
    return rtb_ad_has(cap, why, why_not);
}

/* ---- threads ------------------------------------------------------------------------ */

/* Where a struct rtb_thread is (state): FREE never created or joined (its
 * task does not exist); CREATED made by rtb_thread_create, suspended;
 * RUNNING started; ENDED its entry returned or it aborted itself (the task
 * exists, suspended for ever, until join deletes it); ABORTED deleted by
 * another thread's rtb_thread_abort (join only forgets it). */
enum rtb_fr_tstate { FR_FREE = 0, FR_CREATED, FR_RUNNING, FR_ENDED, FR_ABORTED };

/* The end of every task: tell a joiner, then stay suspended until join
 * deletes the task (never vTaskDelete(NULL): the idle task would free a
 * self-deleted task later, and the caller's TCB could be reused first). */
static void fr_exit(struct rtb_thread *t) __attribute__((noreturn));
static void fr_exit(struct rtb_thread *t)
{
    t->state = FR_ENDED;
    (void)xSemaphoreGive(DONE(t)); /* binary, taken only by join: cannot be full */
    for (;;)
        vTaskSuspend(NULL);
}

static void fr_trampoline(void *p)
{
    struct rtb_thread *t = p;

    t->entry(t->arg);
    fr_exit(t);
}

/* Create the task of `t` in the caller's storage, ready (`start`) or
 * suspended. */
static int fr_task_create(struct rtb_thread *t, const char *name, rtb_entry_t entry, void *arg,
                          unsigned kprio, void *stack, size_t stack_bytes, int start)
{
    TaskHandle_t h;
    int rc;

    rc = fr_created(xSemaphoreCreateBinaryStatic(&t->done), &t->done);
    if (rc < 0)
        return rc;
    t->entry = entry;
    t->arg = arg;
    t->suspended = 0;
    t->err = 0;
    t->state = start ? FR_RUNNING : FR_CREATED;
    /* Created and suspended in one critical section: a task more urgent
     * than the caller must not run before rtb_thread_start (the switch that
     * xTaskCreateStatic pends is taken at the exit and finds the caller still
     * the most urgent). */
    taskENTER_CRITICAL();
    h = xTaskCreateStatic(fr_trampoline, name ? name : "rtb",
                          (configSTACK_DEPTH_TYPE)(stack_bytes / sizeof(StackType_t)), t,
                          (UBaseType_t)kprio, (StackType_t *)stack, &t->tcb);
    if (h != NULL && !start)
        vTaskSuspend(h);
    taskEXIT_CRITICAL();
    rc = fr_created(h, &t->tcb);
    if (rc < 0)
        t->state = FR_FREE;
    return rc;
}

int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    unsigned kp;

    if (t == NULL || entry == NULL || stack == NULL ||
        rtb_fr_prio(prio, configMAX_PRIORITIES, &kp) < 0 || (flags & ~RTB_THREAD_COOP) != 0)
        return RTB_ERR_INVAL;
    if (flags & RTB_THREAD_COOP)
        return RTB_ERR_NOTSUP;
    if (stack_bytes < RTB_FR_MIN_STACK)
        return RTB_ERR_INVAL;
    if (t->state != FR_FREE)
        return RTB_ERR_STATE;
    return fr_task_create(t, name, entry, arg, kp, stack, stack_bytes, 0);
}

int rtb_thread_start(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->state != FR_CREATED)
        return RTB_ERR_STATE;
    t->state = FR_RUNNING; /* before: a more urgent task runs (and may end) inside the resume */
    vTaskResume(TASK(t));
    return RTB_OK;
}

int rtb_thread_suspend(rtb_thread_t *t)
{
    if (t == NULL)
        t = fr_self();
    else if (t->state != FR_RUNNING)
        return RTB_ERR_STATE;
    /* the flag and the suspension in one critical section: a resume from an
     * interrupt handler between the two would otherwise be lost (it would
     * clear the flag of a task not yet suspended, which vTaskResume ignores).
     * A task suspending itself is switched out when the section ends. */
    taskENTER_CRITICAL();
    t->suspended = 1;
    vTaskSuspend(TASK(t));
    taskEXIT_CRITICAL();
    return RTB_OK;
}

/* From the software interrupt (Thread-Metric's interrupt preemption test):
 * the FromISR call, the switch when the handler returns. */
static __attribute__((noinline)) int thread_resume_isr(rtb_thread_t *t)
{
    BaseType_t yield;

    if (!t->suspended)
        return RTB_ERR_STATE;
    t->suspended = 0;
    yield = xTaskResumeFromISR(TASK(t));
    portYIELD_FROM_ISR(yield);
    return RTB_OK;
}

int rtb_thread_resume(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return thread_resume_isr(t);
    /* vTaskResume ignores a task that is not suspended; the contract says so.
     * No critical section: a handler's resume in between leaves the task
     * resumed either way (vTaskResume then ignores it). */
    if (!t->suspended)
        return RTB_ERR_STATE;
    t->suspended = 0;
    vTaskResume(TASK(t));
    return RTB_OK;
}

int rtb_thread_abort(rtb_thread_t *t)
{
    if (t == NULL)
        fr_exit(fr_self());
    if (t->state == FR_FREE || t->state == FR_ABORTED)
        return RTB_ERR_STATE;
    if (t == fr_self())
        fr_exit(t);
    t->suspended = 0; /* a resume of the deleted task is RTB_ERR_STATE, never reaches it */
    vTaskDelete(TASK(t));
    t->state = FR_ABORTED;
    return RTB_OK;
}

int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout)
{
    TickType_t tk;
    int rc;

    if (t == NULL || !FR_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (t->state == FR_FREE || t->state == FR_CREATED || t == fr_self())
        return RTB_ERR_STATE; /* never started: nothing will end it */
    if (timeout != RTB_NO_WAIT && FR_WAIT_IN_ISR())
        return RTB_ERR_PERM;
    tk = fr_ticks(timeout);
    if (t->state != FR_ABORTED) {
        if (xSemaphoreTake(DONE(t), tk) != pdPASS) {
            rc = fr_wait_failed(tk);
            /* aborted by another thread while this one waited */
            if (t->state != FR_ABORTED)
                return rc;
        } else if (t->state != FR_ABORTED) {
            vTaskDelete(TASK(t)); /* not running: the TCB is free when this returns */
        }
    }
    t->state = FR_FREE;
    return RTB_OK;
}

void rtb_thread_yield(void)
{
    taskYIELD();
}

int rtb_thread_set_prio(rtb_thread_t *t, int prio)
{
    unsigned kp;

    if (rtb_fr_prio(prio, configMAX_PRIORITIES, &kp) < 0)
        return RTB_ERR_INVAL;
    if (t != NULL && (t->state == FR_FREE || t->state == FR_ABORTED))
        return RTB_ERR_STATE;
    vTaskPrioritySet(t ? TASK(t) : NULL, (UBaseType_t)kp);
    return RTB_OK;
}

int rtb_sleep_us(uint32_t us)
{
    if (FR_WAIT_IN_ISR())
        return RTB_ERR_PERM; /* it would delay the interrupted task */
    vTaskDelay((TickType_t)rtb_ad_sleep_ticks(us, configTICK_RATE_HZ, (uint32_t)portMAX_DELAY));
    return RTB_OK;
}

/* ---- counting semaphores ------------------------------------------------------------- */

int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    if (s == NULL || limit == 0 || initial > limit)
        return RTB_ERR_INVAL;
    return fr_created(xSemaphoreCreateCountingStatic(limit, initial, &s->cb), &s->cb);
}

static __attribute__((noinline)) int sem_give_isr(rtb_sem_t *s)
{
    BaseType_t woken = pdFALSE;

    int rc = rtb_fr_result(xSemaphoreGiveFromISR(SEM(s), &woken), RTB_ERR_OVERFLOW);

    portYIELD_FROM_ISR(woken);
    return rc;
}

int rtb_sem_give(rtb_sem_t *s)
{
    if (rtb_cm_in_handler())
        return sem_give_isr(s);
    return rtb_fr_result(xSemaphoreGive(SEM(s)), RTB_ERR_OVERFLOW);
}

static __attribute__((noinline)) int sem_take_wait(rtb_sem_t *s, rtb_timeout_t timeout)
{
    TickType_t tk;

    if (!FR_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (FR_WAIT_IN_ISR())
        return RTB_ERR_PERM;
    tk = fr_ticks(timeout);
    return xSemaphoreTake(SEM(s), tk) == pdPASS ? RTB_OK : fr_wait_failed(tk);
}

int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return FR_NOWAIT_RESULT(xSemaphoreTake(SEM(s), 0));
    return sem_take_wait(s, timeout);
}

/* ---- recursive mutexes ------------------------------------------------------------- */

int rtb_mutex_init(rtb_mutex_t *m)
{
    if (m == NULL)
        return RTB_ERR_INVAL;
    return fr_created(xSemaphoreCreateRecursiveMutexStatic(&m->cb), &m->cb);
}

static __attribute__((noinline)) int mutex_lock_wait(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    TickType_t tk;

    if (!FR_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (FR_WAIT_IN_ISR())
        return RTB_ERR_PERM;
    tk = fr_ticks(timeout);
    return xSemaphoreTakeRecursive(SEM(m), tk) == pdPASS ? RTB_OK : fr_wait_failed(tk);
}

int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return FR_NOWAIT_RESULT(xSemaphoreTakeRecursive(SEM(m), 0));
    return mutex_lock_wait(m, timeout);
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    /* pdFAIL: the caller does not hold it */
    return rtb_fr_result(xSemaphoreGiveRecursive(SEM(m)), RTB_ERR_PERM);
}

/* ---- condition variables: none in FreeRTOS (../common/absent_condvar.c) -------------- */

/* ---- event groups --------------------------------------------------------------------- */

int rtb_events_init(rtb_events_t *e)
{
    if (e == NULL)
        return RTB_ERR_INVAL;
    return fr_created(xEventGroupCreateStatic(&e->cb), &e->cb);
}

/* From an interrupt FreeRTOS defers event-group changes to the timer service
 * task (xTimerPendFunctionCallFromISR); it runs, above every rtbench thread,
 * when the handler returns. pdFAIL: the timer command queue is full. */
static __attribute__((noinline)) int events_isr(rtb_events_t *e, uint32_t set, uint32_t clear)
{
#if configUSE_TIMERS == 1 && INCLUDE_xTimerPendFunctionCall == 1
    BaseType_t woken = pdFALSE;

    if (clear != 0 && xEventGroupClearBitsFromISR(EVG(e), (EventBits_t)clear) != pdPASS)
        return RTB_ERR_OVERFLOW;
    if (set != 0 && xEventGroupSetBitsFromISR(EVG(e), (EventBits_t)set, &woken) != pdPASS)
        return RTB_ERR_OVERFLOW;
    portYIELD_FROM_ISR(woken);
    return RTB_OK;
#else
    (void)e;
    (void)set;
    (void)clear;
    return RTB_ERR_NOTSUP; /* needs configUSE_TIMERS and INCLUDE_xTimerPendFunctionCall */
#endif
}

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    if (rtb_fr_event_bits_ok(bits, EV_CONTROL, 1) < 0)
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return events_isr(e, bits, 0);
    (void)xEventGroupSetBits(EVG(e), (EventBits_t)bits); /* returns the value, never fails */
    return RTB_OK;
}

/* Replace: clear the others, then set. The clear wakes nobody and leaves a
 * subset of `bits`, so no waiter sees a value the final one would not give. */
int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    uint32_t others = ~bits & ~EV_CONTROL;

    if (rtb_fr_event_bits_ok(bits, EV_CONTROL, 1) < 0)
        return RTB_ERR_INVAL;
    if (rtb_cm_in_handler())
        return events_isr(e, bits, others);
    (void)xEventGroupClearBits(EVG(e), (EventBits_t)others);
    (void)xEventGroupSetBits(EVG(e), (EventBits_t)bits);
    return RTB_OK;
}

/* Bits FreeRTOS cannot hold are never set: clearing them is a no-op. */
int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    bits &= ~EV_CONTROL;
    if (rtb_cm_in_handler())
        return events_isr(e, 0, bits);
    (void)xEventGroupClearBits(EVG(e), (EventBits_t)bits);
    return RTB_OK;
}

static __attribute__((noinline)) int events_wait_finite(rtb_events_t *e, uint32_t bits,
                                                        unsigned mode, rtb_timeout_t timeout,
                                                        uint32_t *matched)
{
    TickType_t tk;
    uint32_t m;

    if (!FR_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    tk = fr_ticks_finite(timeout);
    m = rtb_fr_events_matched(
        (uint32_t)xEventGroupWaitBits(EVG(e), (EventBits_t)bits, pdFALSE, (BaseType_t)mode, tk),
        bits, (int)mode);
    if (m == 0)
        return fr_wait_failed(tk);
    if (matched)
        *matched = m;
    return RTB_OK;
}

int rtb_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_timeout_t timeout,
                    uint32_t *matched)
{
    TickType_t tk;
    uint32_t m;

    /* a wait from the software interrupt: refused (FR_WAIT_IN_ISR) */
    if (FR_WAIT_IN_ISR() && timeout != RTB_NO_WAIT)
        return RTB_ERR_PERM;
    /* bits - 1 >= the usable mask: no bit, or a control bit */
    if (bits - 1u >= (uint32_t)~EV_CONTROL || mode > RTB_EVENTS_ALL)
        return RTB_ERR_INVAL;
    if (!FR_TIMEOUT_SPECIAL(timeout))
        return events_wait_finite(e, bits, mode, timeout, matched);
    tk = (TickType_t)timeout; /* RTB_NO_WAIT: 0, RTB_FOREVER: portMAX_DELAY */
    /* mode is RTB_EVENTS_ANY (0) or RTB_EVENTS_ALL (1): xWaitForAllBits */
    m = rtb_fr_events_matched(
        (uint32_t)xEventGroupWaitBits(EVG(e), (EventBits_t)bits, pdFALSE, (BaseType_t)mode, tk),
        bits, (int)mode);
    if (m == 0)
        return fr_wait_failed(tk);
    if (matched)
        *matched = m;
    return RTB_OK;
}

/* ---- FIFO, LIFO and stack: queues of words; message queues ------------------------ */

static int queue_create(StaticQueue_t *cb, unsigned len, size_t item, void *storage)
{
    return fr_created(
        xQueueCreateStatic((UBaseType_t)len, (UBaseType_t)item, (uint8_t *)storage, cb), cb);
}

/* Send one item to the back or front without waiting, from a thread or the
 * software interrupt; a full queue is `full_err`. */
static __attribute__((noinline)) int queue_send_isr(QueueHandle_t q, const void *item, int front,
                                                    int full_err)
{
    BaseType_t woken = pdFALSE;
    BaseType_t r = front ? xQueueSendToFrontFromISR(q, item, &woken)
                         : xQueueSendToBackFromISR(q, item, &woken);

    if (r != pdPASS)
        return full_err;
    portYIELD_FROM_ISR(woken);
    return RTB_OK;
}

static __attribute__((noinline)) int queue_get_wait(QueueHandle_t q, void *item,
                                                    rtb_timeout_t timeout)
{
    TickType_t tk;

    if (!FR_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    if (FR_WAIT_IN_ISR())
        return RTB_ERR_PERM;
    tk = fr_ticks(timeout);
    return xQueueReceive(q, item, tk) == pdPASS ? RTB_OK : fr_wait_failed(tk);
}

static inline int queue_get(QueueHandle_t q, void *item, rtb_timeout_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return FR_NOWAIT_RESULT(xQueueReceive(q, item, 0));
    return queue_get_wait(q, item, timeout);
}

int rtb_fifo_init(rtb_fifo_t *q)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    return queue_create(&q->cb, RTB_FR_QUEUE_DEPTH, sizeof(void *), q->slot);
}

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    if (rtb_cm_in_handler())
        return queue_send_isr(QUEUE(q), &item, 0, RTB_ERR_OVERFLOW);
    return rtb_fr_result(xQueueSendToBack(QUEUE(q), &item, 0), RTB_ERR_OVERFLOW);
}

int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

int rtb_fifo_get(rtb_fifo_t *q, void **item, rtb_timeout_t timeout)
{
    return queue_get(QUEUE(q), item, timeout);
}

int rtb_lifo_init(rtb_lifo_t *q)
{
    if (q == NULL)
        return RTB_ERR_INVAL;
    return queue_create(&q->cb, RTB_FR_QUEUE_DEPTH, sizeof(void *), q->slot);
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    if (rtb_cm_in_handler())
        return queue_send_isr(QUEUE(q), &item, 1, RTB_ERR_OVERFLOW);
    return rtb_fr_result(xQueueSendToFront(QUEUE(q), &item, 0), RTB_ERR_OVERFLOW);
}

int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    (void)q;
    (void)data;
    return RTB_ERR_NOTSUP;
}

int rtb_lifo_get(rtb_lifo_t *q, void **item, rtb_timeout_t timeout)
{
    return queue_get(QUEUE(q), item, timeout);
}

int rtb_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    if (s == NULL || buf == NULL || capacity == 0)
        return RTB_ERR_INVAL;
    return queue_create(&s->cb, capacity, sizeof(uintptr_t), buf);
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    if (rtb_cm_in_handler())
        return queue_send_isr(QUEUE(s), &value, 1, RTB_ERR_OVERFLOW);
    return rtb_fr_result(xQueueSendToFront(QUEUE(s), &value, 0), RTB_ERR_OVERFLOW);
}

int rtb_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_timeout_t timeout)
{
    return queue_get(QUEUE(s), value, timeout);
}

int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    if (q == NULL || buf == NULL || msg_size == 0 || max_msgs == 0)
        return RTB_ERR_INVAL;
    return queue_create(&q->cb, max_msgs, msg_size, buf);
}

int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    TickType_t tk;

    if (rtb_cm_in_handler())
        return timeout == RTB_NO_WAIT ? queue_send_isr(QUEUE(q), msg, 0, RTB_ERR_AGAIN)
                                      : RTB_ERR_PERM;
    if (!FR_TIMEOUT_OK(timeout))
        return RTB_ERR_INVAL;
    tk = fr_ticks(timeout);
    return xQueueSendToBack(QUEUE(q), msg, tk) == pdPASS ? RTB_OK : fr_wait_failed(tk);
}

int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    return queue_get(QUEUE(q), msg, timeout);
}

/* ---- interrupt lock: the kernel's own ISR-safe critical section ---------------------------
 * taskENTER_CRITICAL_FROM_ISR (portSET_INTERRUPT_MASK_FROM_ISR) returns the mask it
 * replaced and taskEXIT_CRITICAL_FROM_ISR restores it, so locks nest, unlike
 * portDISABLE_INTERRUPTS/portENABLE_INTERRUPTS (which always unmask) or
 * taskENTER_CRITICAL (a nesting count, but not callable from the software interrupt).
 * On the ARMv7-M and ARMv8-M Mainline ports it raises BASEPRI to
 * configMAX_SYSCALL_INTERRUPT_PRIORITY: it masks SysTick and PendSV
 * (configKERNEL_INTERRUPT_PRIORITY) and the software interrupt, which startup_freertos.c
 * puts at configMAX_SYSCALL_INTERRUPT_PRIORITY. ARMv6-M has no BASEPRI: the ARM_CM0 port's
 * ulSetInterruptMask() reads PRIMASK and sets it (cpsid i), vClearInterruptMask() writes
 * the value read back, so there every interrupt is masked and locks nest the same way. */
#if defined(__ARM_ARCH_6M__)
#define FR_IRQ_MASK "primask"
#else
#define FR_IRQ_MASK "basepri"
#endif
unsigned rtb_irq_lock(void)
{
    return (unsigned)taskENTER_CRITICAL_FROM_ISR();
}

void rtb_irq_unlock(unsigned key)
{
    taskEXIT_CRITICAL_FROM_ISR((UBaseType_t)key);
}

/* ---- heap: the kernel's pvPortMalloc (heap_4 in the example build) ----------------- */

void *rtb_malloc(size_t bytes)
{
    return pvPortMalloc(bytes);
}

void rtb_free(void *p)
{
    vPortFree(p); /* NULL is allowed */
}

/* ---- identity, console, exit ------------------------------------------------------------ */

static char sched_desc[200];
static struct rtb_port_info info = {
    "freertos", "FreeRTOS", tskKERNEL_VERSION_NUMBER, "", "", sched_desc,
};

void rtb_fr_info_init(void)
{
    char *p = sched_desc, *end = sched_desc + sizeof sched_desc - 1;

    info.board = rtb_cm_board_name();
    info.cpu = rtb_cm_cpu_name();
    p = rtb_ad_puts(p, end, configUSE_PREEMPTION ? "prio-preemptive/" : "cooperative/");
    p = rtb_ad_putu(p, end, configMAX_PRIORITIES);
    p = rtb_ad_puts(p, end, configUSE_TIME_SLICING ? " timeslice" : " no-timeslice");
    p = rtb_ad_puts(p, end, " " FR_IRQ_MASK " tick=");
    p = rtb_ad_putu(p, end, configTICK_RATE_HZ);
    p = rtb_ad_puts(p, end,
                    "Hz heap=pvPortMalloc fifo=xQueueSendToBack lifo=xQueueSendToFront "
                    "stack=xQueueSendToFront queue-depth=");
    p = rtb_ad_putu(p, end, RTB_FR_QUEUE_DEPTH);
    p = rtb_ad_puts(p, end, " events=24bit");
    rtb_ad_sched_end(p, end);
}

const struct rtb_port_info *rtb_port_info(void)
{
    return &info;
}

/* rtb_port_write, rtb_port_exit: ../adapter/rtb_ad_cm.c */

/* ---- the runner's thread (called by startup_freertos.c before the scheduler) ------ */

static struct rtb_thread main_thread;

int rtb_fr_create_main(void)
{
    unsigned kp;
    int rc = rtb_fr_prio(RTB_PRIO_MAIN, configMAX_PRIORITIES, &kp);

    if (rc == 0)
        rc = fr_task_create(&main_thread, "rtb-main", rtb_ad_main_entry, NULL, kp,
                            rtb_ad_main_stack, sizeof rtb_ad_main_stack, 1);
    return rc;
}
