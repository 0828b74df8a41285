/*
 * rtbench FreeRTOS adapter - the object types of the porting contract.
 *
 * Every object is FreeRTOS's statically allocated control block (the
 * caller owns the storage, as the contract wants) followed by what the
 * adapter needs beside it. The control block comes first: a FreeRTOS handle
 * of a statically created object is the address of its buffer (checked when
 * each object is created), so the adapter passes (Handle)&x->cb and keeps no
 * handle field to load.
 */
#ifndef RTB_PORT_TYPES_FREERTOS_H
#define RTB_PORT_TYPES_FREERTOS_H

#include <stdint.h>

#include "FreeRTOS.h"
#include "event_groups.h"
#include "queue.h"
#include "semphr.h"
#include "task.h"

#include "rtb_core_types.h"

/* Slots of the queue behind an rtb_fifo / rtb_lifo: FreeRTOS queues copy
 * items into storage of a fixed length, unlike the contract's intrusive
 * (unbounded) FIFO; a put into a full one returns RTB_ERR_OVERFLOW. */
#ifndef RTB_FR_QUEUE_DEPTH
#define RTB_FR_QUEUE_DEPTH 16u
#endif

struct rtb_thread {
    StaticTask_t tcb;            /* the task; its handle is &tcb */
    StaticSemaphore_t done;      /* binary semaphore given when the entry returns */
    struct rtb_core_thread core; /* state, entry, suspended flag, native error */
};
struct rtb_sem {
    StaticSemaphore_t cb; /* counting semaphore */
};
struct rtb_mutex {
    StaticSemaphore_t cb; /* recursive mutex (priority inheritance) */
};
struct rtb_condvar {
    int unused; /* FreeRTOS has no condition variable: n/a */
};
struct rtb_events {
    StaticEventGroup_t cb; /* event group: 24 usable bits with 32-bit ticks */
};
struct rtb_fifo {
    StaticQueue_t cb; /* queue of item pointers, sent to the back */
    void *slot[RTB_FR_QUEUE_DEPTH];
};
struct rtb_lifo {
    StaticQueue_t cb; /* queue of item pointers, sent to the front */
    void *slot[RTB_FR_QUEUE_DEPTH];
};
struct rtb_stack {
    StaticQueue_t cb; /* queue of words over the caller's buffer, sent to the front */
};
struct rtb_msgq {
    StaticQueue_t cb; /* queue of msg_size items over the caller's buffer */
};

#endif /* RTB_PORT_TYPES_FREERTOS_H */
