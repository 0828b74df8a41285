/*
 * rtbench Cortex-M port over refk: the object types of the porting contract.
 * Each wraps the reference kernel's object as its first (and only) member,
 * so the glue passes the same address on (no offset arithmetic).
 */
#ifndef RTB_PORT_TYPES_H
#define RTB_PORT_TYPES_H

#include "refk.h"

struct rtb_thread {
    struct refk_thread k;
};
struct rtb_sem {
    struct refk_sem k;
};
struct rtb_mutex {
    struct refk_mutex k;
};
struct rtb_condvar {
    struct refk_condvar k;
};
struct rtb_events {
    struct refk_events k;
};
struct rtb_fifo {
    struct refk_queue k;
};
struct rtb_lifo {
    struct refk_queue k;
};
struct rtb_stack {
    struct refk_stack k;
};
struct rtb_msgq {
    struct refk_msgq k;
};

#endif /* RTB_PORT_TYPES_H */
