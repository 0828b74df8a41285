/*
 * rtbench tests - the object types of a fake kernel under the adapter core
 * (test_core.c): each object is a record of what the hooks were asked.
 */
#ifndef RTB_PORT_TYPES_FAKE_H
#define RTB_PORT_TYPES_FAKE_H

#include <stdint.h>

#include "rtb_core_types.h"

struct rtb_thread {
    int native; /* 1 while the fake's thread exists */
    int done;   /* the end signal join waits for */
    struct rtb_core_thread core;
};
struct rtb_sem {
    unsigned count;
};
struct rtb_mutex {
    int owner;
};
struct rtb_condvar {
    int unused;
};
struct rtb_events {
    uint32_t bits;
};
struct rtb_fifo {
    void *item;
};
struct rtb_lifo {
    void *item;
};
struct rtb_stack {
    uintptr_t value;
};
struct rtb_msgq {
    uint32_t msg;
};

#endif /* RTB_PORT_TYPES_FAKE_H */
