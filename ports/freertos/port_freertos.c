/*
 * rtbench FreeRTOS adapter - the porting contract (rtb/port.h) over the
 * FreeRTOS API (checked with FreeRTOS-Kernel V11.1.0), on the Cortex-M board
 * support: the calls that have no rule shared with the other adapters. The
 * shared rules (thread states, timeouts, argument checks) are the adapter
 * core's (../adapter/rtb_core.c) over this kernel's hooks (rtb_kernel.h);
 * the start-up glue (main, vectors, static memory of the kernel's own
 * tasks) is startup_freertos.c; the kernel-independent translations are
 * rtb_fr_map.c and ../adapter/rtb_adapter.c.
 *
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
#include "rtb_kernel.h"

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

/* ---- capabilities ---------------------------------------------------------------- */

#if configUSE_PREEMPTION != 1
#define FR_RT_SCHED_WHY "configUSE_PREEMPTION is 0: a woken task waits for the running one to yield"
#elif configUSE_TIME_SLICING != 0
#define FR_RT_SCHED_WHY "configUSE_TIME_SLICING is 1: equal-priority tasks also switch on the tick"
#else
#define FR_RT_SCHED_WHY NULL
#endif

static const struct rtb_ad_lack fr_lacks[] = {
    {RTB_CAP_THREAD_COOP, "FreeRTOS has no cooperative (non-preemptible) thread class: "
                          "preemption is one setting for all tasks"},
    {RTB_CAP_RT_SCHED, FR_RT_SCHED_WHY},
    {RTB_CAP_CONDVAR, "FreeRTOS has no condition variable"},
    {RTB_CAP_QUEUE_ALLOC,
     "FreeRTOS queues copy the item into their own storage: a put allocates no link"},
};

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    return rtb_ad_has_table(cap, fr_lacks, sizeof fr_lacks / sizeof fr_lacks[0], why_not);
}

void rtb_thread_yield(void)
{
    taskYIELD();
}

/* ---- counting semaphores ------------------------------------------------------------- */

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

/* ---- recursive mutexes ------------------------------------------------------------- */

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    /* pdFAIL: the caller does not hold it */
    return rtb_fr_result(xSemaphoreGiveRecursive(SEM(m)), RTB_ERR_PERM);
}

/* ---- condition variables: none in FreeRTOS (../common/absent_condvar.c) -------------- */

/* ---- event groups --------------------------------------------------------------------- */

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

/* ---- FIFO, LIFO and stack: queues of words; message queues ------------------------ */

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    if (rtb_cm_in_handler())
        return fr_queue_send_isr(QUEUE(q), &item, 0, RTB_ERR_OVERFLOW);
    return rtb_fr_result(xQueueSendToBack(QUEUE(q), &item, 0), RTB_ERR_OVERFLOW);
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    if (rtb_cm_in_handler())
        return fr_queue_send_isr(QUEUE(q), &item, 1, RTB_ERR_OVERFLOW);
    return rtb_fr_result(xQueueSendToFront(QUEUE(q), &item, 0), RTB_ERR_OVERFLOW);
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    if (rtb_cm_in_handler())
        return fr_queue_send_isr(QUEUE(s), &value, 1, RTB_ERR_OVERFLOW);
    return rtb_fr_result(xQueueSendToFront(QUEUE(s), &value, 0), RTB_ERR_OVERFLOW);
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

void rtb_fr_info_init(void)
{
    static const struct rtb_ad_text sched[] = {
        {configUSE_PREEMPTION ? "prio-preemptive/" : "cooperative/", configMAX_PRIORITIES},
        {configUSE_TIME_SLICING ? " timeslice " FR_IRQ_MASK " tick="
                                : " no-timeslice " FR_IRQ_MASK " tick=",
         configTICK_RATE_HZ},
        {"Hz heap=pvPortMalloc fifo=xQueueSendToBack lifo=xQueueSendToFront "
         "stack=xQueueSendToFront queue-depth=",
         RTB_FR_QUEUE_DEPTH},
        {" events=24bit", RTB_AD_NO_VALUE},
    };

    rtb_ad_info_init("freertos", "FreeRTOS", tskKERNEL_VERSION_NUMBER, sched,
                     sizeof sched / sizeof sched[0]);
}

/* rtb_port_info, rtb_port_write, rtb_port_exit: ../adapter/rtb_ad_cm.c */
