/*
 * rtbench Zephyr adapter - the object types of the porting contract.
 *
 * Every object embeds Zephyr's own kernel object (the caller owns the
 * storage, as in Zephyr itself) as its first member, followed by what the
 * adapter needs beside it.
 */
#ifndef RTB_PORT_TYPES_ZEPHYR_H
#define RTB_PORT_TYPES_ZEPHYR_H

#include <stdint.h>

#include <zephyr/kernel.h>

#include "rtb_core_types.h"

struct rtb_thread {
    struct k_thread k;           /* created with a K_FOREVER delay, started by k_thread_start;
                                  * k_thread_join waits for its end */
    struct rtb_core_thread core; /* the adapter core's */
    uint8_t coop;                /* RTB_THREAD_COOP: a negative (cooperative) priority */
};
struct rtb_sem {
    struct k_sem k;
    unsigned limit; /* k_sem_give saturates silently there: the adapter refuses */
};
struct rtb_mutex {
    struct k_mutex k; /* recursive, priority inheritance */
};
struct rtb_condvar {
    struct k_condvar k;
};
struct rtb_events {
    struct k_event k; /* 32 bits */
};
struct rtb_fifo {
    struct k_fifo k; /* intrusive: the item's first word is Zephyr's link */
};
struct rtb_lifo {
    struct k_lifo k;
};
struct rtb_stack {
    struct k_stack k; /* over the caller's buffer (stack_data_t is uintptr_t) */
};
struct rtb_msgq {
    struct k_msgq k; /* over the caller's buffer, messages copied */
};

#endif /* RTB_PORT_TYPES_ZEPHYR_H */
