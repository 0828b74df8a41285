/*
 * rtbench FreeRTOS adapter - the adapter core's hooks over the FreeRTOS API
 * (see ../adapter/rtb_core.h for what each must do and what the core has
 * checked before it runs). Included by ../adapter/rtb_core.c and by
 * port_freertos.c, which has the calls with no shared rule.
 *
 * Objects are statically created (xTaskCreateStatic, x*CreateStatic) in
 * the caller's storage. Calls the contract marks ISR-safe test IPSR and use
 * the FromISR variant plus portYIELD_FROM_ISR inside the software interrupt.
 */
#ifndef RTB_KERNEL_FREERTOS_H
#define RTB_KERNEL_FREERTOS_H

#include <stddef.h>
#include <stdint.h>

#include "rtb/port.h"
#include "rtb_adapter.h"
#include "rtb_cm_board.h"
#include "rtb_core.h"
#include "rtb_fr_map.h"

/* Handles of statically created objects: the address of their buffer
 * (checked by fr_created() when each is created). */
#define SEM(x) ((SemaphoreHandle_t) & (x)->cb)
#define QUEUE(x) ((QueueHandle_t) & (x)->cb)
#define EVG(x) ((EventGroupHandle_t) & (x)->cb)
#define TASK(t) ((TaskHandle_t) & (t)->tcb)
#define DONE(t) ((SemaphoreHandle_t) & (t)->done)

#define EV_CONTROL ((uint32_t)eventEVENT_BITS_CONTROL_BYTES)

typedef TickType_t rtb_k_ticks_t;
typedef unsigned rtb_k_prio_t;

/* Smallest task stack accepted: the initial frame (16 or 17 words), the
 * trampoline and a call or two. */
#define RTB_K_MIN_STACK 256u
#define RTB_K_HAS_COOP 0 /* preemption is one setting for all tasks */
/* bits - 1 >= the usable mask: no bit, or a control bit */
#define RTB_K_EVENTS_BAD(bits) ((uint32_t)(bits)-1u >= (uint32_t)~EV_CONTROL)

/* The result of a call made with 0 ticks (RTB_NO_WAIT). */
#define FR_NOWAIT_RESULT(r) rtb_fr_result((r), RTB_ERR_AGAIN)

/* The caller: every task that calls the contract was created by this adapter, and
 * its StaticTask_t is the first member of its struct rtb_thread */
#define rtb_k_self() ((struct rtb_thread *)(void *)xTaskGetCurrentTaskHandle())
#define rtb_k_in_isr() rtb_cm_in_handler()

RTB_CORE_OUTLINE rtb_k_ticks_t rtb_k_ticks_finite(rtb_timeout_t us)
{
    uint32_t t = 0;

    (void)rtb_ad_ticks(us, configTICK_RATE_HZ, (uint32_t)portMAX_DELAY, &t);
    return (TickType_t)t;
}

static inline int rtb_k_prio(int prio, rtb_k_prio_t *kprio)
{
    return rtb_fr_prio(prio, configMAX_PRIORITIES, kprio);
}

/* A static create returned `h` for buffer `buf`: 0, or RTB_ERR_PORT (native
 * 1: the kernel refused; 2: the handle is not the buffer, which the macros
 * above rely on). */
RTB_CORE_OUTLINE int fr_created(const void *h, const void *buf)
{
    if (h == NULL)
        return rtb_core_port_error(1);
    if (h != buf)
        return rtb_core_port_error(2);
    return RTB_OK;
}

/* A blocking call that failed after waiting `tk` ticks (out of line: the
 * fast paths stay short). */
RTB_CORE_OUTLINE int fr_wait_failed(TickType_t tk)
{
    int rc = rtb_fr_wait_failed((uint32_t)tk, (uint32_t)portMAX_DELAY);

    return rc == RTB_ERR_PORT ? rtb_core_port_error(0) : rc;
}

/* The result of a blocking call made with `tk` ticks. */
static inline int fr_wait_result(BaseType_t r, TickType_t tk)
{
    return r == pdPASS ? RTB_OK : fr_wait_failed(tk);
}

/* ---- threads ------------------------------------------------------------------ */

/* The end of every task (state ENDED): tell a joiner, then stay suspended
 * until join deletes the task (never vTaskDelete(NULL): the idle task would
 * free a self-deleted task later, and the caller's TCB could be reused
 * first). */
static inline __attribute__((noreturn)) void fr_exit(struct rtb_thread *t)
{
    (void)xSemaphoreGive(DONE(t)); /* binary, taken only by join: cannot be full */
    for (;;)
        vTaskSuspend(NULL);
}

static inline void fr_trampoline(void *p)
{
    struct rtb_thread *t = p;

    rtb_core_thread_run(t);
    fr_exit(t);
}

static inline int rtb_k_thread_create(struct rtb_thread *t, const char *name, rtb_k_prio_t kprio,
                                      unsigned flags, void *stack, size_t stack_bytes, int start)
{
    TaskHandle_t h;
    int rc;

    (void)flags; /* RTB_K_HAS_COOP 0: always 0 */
    rc = fr_created(xSemaphoreCreateBinaryStatic(&t->done), &t->done);
    if (rc < 0)
        return rc;
    t->core.suspended = 0;
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
    return fr_created(h, &t->tcb);
}

#define rtb_k_thread_start(t) (vTaskResume(TASK(t)), RTB_OK)

static inline int rtb_k_thread_suspend(struct rtb_thread *t)
{
    if (t == NULL)
        t = rtb_k_self();
    /* the flag and the suspension in one critical section: a resume from an
     * interrupt handler between the two would otherwise be lost (it would
     * clear the flag of a task not yet suspended, which vTaskResume ignores).
     * A task suspending itself is switched out when the section ends. */
    taskENTER_CRITICAL();
    t->core.suspended = 1;
    vTaskSuspend(TASK(t));
    taskEXIT_CRITICAL();
    return RTB_OK;
}

/* From the software interrupt (Thread-Metric's interrupt preemption test):
 * the FromISR call, the switch when the handler returns. */
RTB_CORE_OUTLINE int fr_thread_resume_isr(struct rtb_thread *t)
{
    BaseType_t yield;

    if (!t->core.suspended)
        return RTB_ERR_STATE;
    t->core.suspended = 0;
    yield = xTaskResumeFromISR(TASK(t));
    portYIELD_FROM_ISR(yield);
    return RTB_OK;
}

static inline int rtb_k_thread_resume(struct rtb_thread *t)
{
    if (rtb_cm_in_handler())
        return fr_thread_resume_isr(t);
    /* vTaskResume ignores a task that is not suspended; the contract says so.
     * No critical section: a handler's resume in between leaves the task
     * resumed either way (vTaskResume then ignores it). */
    if (!t->core.suspended)
        return RTB_ERR_STATE;
    t->core.suspended = 0;
    vTaskResume(TASK(t));
    return RTB_OK;
}

static inline int rtb_k_thread_abort(struct rtb_thread *t)
{
    if (t == rtb_k_self()) {
        t->core.state = RTB_CORE_ENDED; /* join deletes it */
        fr_exit(t);
    }
    t->core.suspended = 0; /* a resume of the deleted task is RTB_ERR_STATE, never reaches it */
    vTaskDelete(TASK(t));
    return RTB_OK;
}

static inline int rtb_k_join_wait(struct rtb_thread *t, rtb_timeout_t timeout)
{
    TickType_t tk = RTB_CORE_TICKS(TickType_t, timeout, rtb_k_ticks_finite);

    return xSemaphoreTake(DONE(t), tk) == pdPASS ? RTB_OK : fr_wait_failed(tk);
}

static inline int rtb_k_thread_release(struct rtb_thread *t)
{
    if (t->core.state != RTB_CORE_ABORTED)
        vTaskDelete(TASK(t)); /* not running: the TCB is free when this returns */
    return RTB_OK;
}

#define rtb_k_thread_set_prio(t, kprio)                                                            \
    (vTaskPrioritySet((t) ? TASK(t) : NULL, (UBaseType_t)(kprio)), RTB_OK)

static inline int rtb_k_sleep(uint32_t us)
{
    vTaskDelay((TickType_t)rtb_ad_sleep_ticks(us, configTICK_RATE_HZ, (uint32_t)portMAX_DELAY));
    return RTB_OK;
}

/* ---- semaphores, mutexes, event groups ----------------------------------------- */

static inline int rtb_k_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    return fr_created(xSemaphoreCreateCountingStatic(limit, initial, &s->cb), &s->cb);
}

#define rtb_k_sem_trytake(s) FR_NOWAIT_RESULT(xSemaphoreTake(SEM(s), 0))
#define rtb_k_sem_take(s, tk) fr_wait_result(xSemaphoreTake(SEM(s), (tk)), (tk))

static inline int rtb_k_mutex_init(rtb_mutex_t *m)
{
    return fr_created(xSemaphoreCreateRecursiveMutexStatic(&m->cb), &m->cb);
}

#define rtb_k_mutex_trylock(m) FR_NOWAIT_RESULT(xSemaphoreTakeRecursive(SEM(m), 0))
#define rtb_k_mutex_lock(m, tk) fr_wait_result(xSemaphoreTakeRecursive(SEM(m), (tk)), (tk))

static inline int rtb_k_events_init(rtb_events_t *e)
{
    return fr_created(xEventGroupCreateStatic(&e->cb), &e->cb);
}

static inline int rtb_k_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, TickType_t tk,
                                    uint32_t *matched)
{
    /* mode is RTB_EVENTS_ANY (0) or RTB_EVENTS_ALL (1): xWaitForAllBits */
    uint32_t m = rtb_fr_events_matched(
        (uint32_t)xEventGroupWaitBits(EVG(e), (EventBits_t)bits, pdFALSE, (BaseType_t)mode, tk),
        bits, (int)mode);

    if (m == 0)
        return fr_wait_failed(tk);
    if (matched)
        *matched = m;
    return RTB_OK;
}

/* ---- FIFO, LIFO and stack: queues of words; message queues ---------------------- */

static inline int fr_queue_create(StaticQueue_t *cb, unsigned len, size_t item, void *storage)
{
    return fr_created(
        xQueueCreateStatic((UBaseType_t)len, (UBaseType_t)item, (uint8_t *)storage, cb), cb);
}

/* Send one item to the back or front without waiting, from the software
 * interrupt; a full queue is `full_err`. */
RTB_CORE_OUTLINE int fr_queue_send_isr(QueueHandle_t q, const void *item, int front, int full_err)
{
    BaseType_t woken = pdFALSE;
    BaseType_t r = front ? xQueueSendToFrontFromISR(q, item, &woken)
                         : xQueueSendToBackFromISR(q, item, &woken);

    if (r != pdPASS)
        return full_err;
    portYIELD_FROM_ISR(woken);
    return RTB_OK;
}

#define fr_queue_tryget(q, item) FR_NOWAIT_RESULT(xQueueReceive((q), (item), 0))
#define fr_queue_get(q, item, tk) fr_wait_result(xQueueReceive((q), (item), (tk)), (tk))

#define rtb_k_fifo_init(q) fr_queue_create(&(q)->cb, RTB_FR_QUEUE_DEPTH, sizeof(void *), (q)->slot)
#define rtb_k_fifo_tryget(q, item) fr_queue_tryget(QUEUE(q), (item))
#define rtb_k_fifo_get(q, item, tk) fr_queue_get(QUEUE(q), (item), (tk))
#define rtb_k_lifo_init(q) fr_queue_create(&(q)->cb, RTB_FR_QUEUE_DEPTH, sizeof(void *), (q)->slot)
#define rtb_k_lifo_tryget(q, item) fr_queue_tryget(QUEUE(q), (item))
#define rtb_k_lifo_get(q, item, tk) fr_queue_get(QUEUE(q), (item), (tk))
#define rtb_k_stack_init(s, buf, capacity)                                                         \
    fr_queue_create(&(s)->cb, (capacity), sizeof(uintptr_t), (buf))
#define rtb_k_stack_trypop(s, v) fr_queue_tryget(QUEUE(s), (v))
#define rtb_k_stack_pop(s, v, tk) fr_queue_get(QUEUE(s), (v), (tk))
#define rtb_k_msgq_init(q, buf, msg_size, max_msgs)                                                \
    fr_queue_create(&(q)->cb, (max_msgs), (msg_size), (buf))
#define rtb_k_msgq_tryget(q, msg) fr_queue_tryget(QUEUE(q), (msg))
#define rtb_k_msgq_get(q, msg, tk) fr_queue_get(QUEUE(q), (msg), (tk))

static inline int rtb_k_msgq_tryput(rtb_msgq_t *q, const void *msg)
{
    if (rtb_cm_in_handler())
        return fr_queue_send_isr(QUEUE(q), msg, 0, RTB_ERR_AGAIN);
    return FR_NOWAIT_RESULT(xQueueSendToBack(QUEUE(q), msg, 0));
}

#define rtb_k_msgq_put(q, msg, tk) fr_wait_result(xQueueSendToBack(QUEUE(q), (msg), (tk)), (tk))

#endif /* RTB_KERNEL_FREERTOS_H */
