/*
 * rtbench FreeRTOS adapter - the kernel-independent part: how FreeRTOS's
 * results, priorities and event bits translate to the porting contract.
 *
 * Pure C99 with no FreeRTOS header, so that tests/adapters checks it on the
 * host; port_freertos.c passes the kernel's constants (configMAX_PRIORITIES,
 * portMAX_DELAY, eventEVENT_BITS_CONTROL_BYTES) and checks at compile time
 * that the values assumed here (pdPASS) are the kernel's.
 */
#ifndef RTB_FR_MAP_H
#define RTB_FR_MAP_H

#include <stdint.h>

#include "rtb/error.h"

/* FreeRTOS's pdPASS / pdTRUE (pdFAIL, errQUEUE_FULL and errQUEUE_EMPTY are 0). */
#define RTB_FR_PASS 1

/*
 * rtbench priority -> FreeRTOS priority (larger = more urgent in both):
 * rtbench p is FreeRTOS p (1..30), above the idle task (0) and below the
 * timer service task, which the example configuration puts at
 * configMAX_PRIORITIES - 1 so that an event-group call deferred from an
 * interrupt runs before any rtbench thread. So configMAX_PRIORITIES must be
 * at least RTB_PRIO_MAX + 2 (32): RTB_ERR_INVAL otherwise or for a prio
 * outside RTB_PRIO_MIN..RTB_PRIO_MAX.
 */
int rtb_fr_prio(int prio, unsigned max_priorities, unsigned *out);

/*
 * A blocking FreeRTOS call (xSemaphoreTake, xQueueReceive, xQueueSend,
 * xSemaphoreTakeRecursive) that did not return pdPASS, called with `ticks`:
 *   0        -> RTB_ERR_AGAIN   (RTB_NO_WAIT: not available)
 *   forever  -> RTB_ERR_PORT    (portMAX_DELAY never expires: the wait was
 *                               aborted, which rtbench never does)
 *   else     -> RTB_ERR_TIMEOUT
 */
int rtb_fr_wait_failed(uint32_t ticks, uint32_t forever);

/* The helpers below are inline: they run inside timed windows. */

/*
 * Event bits a FreeRTOS event group can hold: not 0 (for a wait) and none of
 * the kernel's control bits (eventEVENT_BITS_CONTROL_BYTES: the top 8 of 32
 * with 32-bit ticks, so bits 0..23 are usable). RTB_OK or RTB_ERR_INVAL.
 */
static inline int rtb_fr_event_bits_ok(uint32_t bits, uint32_t control_mask, int allow_zero)
{
    if ((bits & control_mask) != 0 || (bits == 0 && !allow_zero))
        return RTB_ERR_INVAL;
    return RTB_OK;
}

/*
 * The bits that satisfy a wait for `bits` in `value` (the group's value that
 * xEventGroupWaitBits returned): with `all`, `bits` if every one is set, else
 * 0; otherwise the ones of `bits` that are set. 0 = not satisfied.
 */
static inline uint32_t rtb_fr_events_matched(uint32_t value, uint32_t bits, int all)
{
    uint32_t m = value & bits;

    if (all)
        return m == bits ? bits : 0;
    return m;
}

/*
 * The result of a FreeRTOS call that returns pdPASS (1) or pdFAIL /
 * errQUEUE_FULL / errQUEUE_EMPTY (0) -> 0 or `fail_err` (a negative rtb_err:
 * the count is at its limit, the queue is full or empty, the caller does not
 * hold the recursive mutex). Two instructions: (r - 1) is 0 or all ones.
 */
static inline int rtb_fr_result(long r, int fail_err)
{
    return (int)(((unsigned long)r - 1u) & (unsigned long)(long)fail_err);
}

#endif /* RTB_FR_MAP_H */
