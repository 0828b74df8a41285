/*
 * rtbench ThreadX adapter - the object types of the porting contract.
 *
 * Every object embeds ThreadX's own control block (the caller owns the
 * storage, as in ThreadX itself) as its first member, followed by what the
 * adapter needs beside it.
 */
#ifndef RTB_PORT_TYPES_THREADX_H
#define RTB_PORT_TYPES_THREADX_H

#include <stdint.h>

#include "tx_api.h"

#include "rtb_core_types.h"

/* Slots of the queue behind an rtb_fifo / rtb_lifo: ThreadX queues copy
 * messages into storage of a fixed length, unlike the contract's intrusive
 * (unbounded) FIFO; a put into a full one returns RTB_ERR_OVERFLOW. */
#ifndef RTB_TX_QUEUE_DEPTH
#define RTB_TX_QUEUE_DEPTH 16u
#endif

struct rtb_thread {
    TX_THREAD tx;                /* the thread; created TX_DONT_START */
    TX_SEMAPHORE done;           /* put when the entry returns: what join waits for */
    struct rtb_core_thread core; /* state, entry, native error */
    uint8_t coop;                /* preemption-threshold 0 */
};
struct rtb_sem {
    TX_SEMAPHORE tx;
    ULONG limit; /* tx_semaphore_ceiling_put's ceiling */
};
struct rtb_mutex {
    TX_MUTEX tx; /* TX_INHERIT */
};
struct rtb_condvar {
    int unused; /* ThreadX has no condition variable: n/a */
};
struct rtb_events {
    TX_EVENT_FLAGS_GROUP tx; /* 32 bits */
};
struct rtb_fifo {
    TX_QUEUE tx; /* one-word messages (the item pointer), tx_queue_send */
    ULONG slot[RTB_TX_QUEUE_DEPTH];
};
struct rtb_lifo {
    TX_QUEUE tx; /* one-word messages, tx_queue_front_send */
    ULONG slot[RTB_TX_QUEUE_DEPTH];
};
struct rtb_stack {
    TX_QUEUE tx; /* one-word messages over the caller's buffer, tx_queue_front_send */
};
struct rtb_msgq {
    TX_QUEUE tx; /* msg_size / 4 words per message over the caller's buffer */
};

#endif /* RTB_PORT_TYPES_THREADX_H */
