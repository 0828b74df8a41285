/*
 * rtbench RTOS adapters - the adapter core's part of a thread (see
 * rtb_core.h): included by each adapter's rtb_port_types.h, which embeds
 * struct rtb_core_thread in its struct rtb_thread. No other include: the
 * port types come before rtb/port.h.
 */
#ifndef RTB_CORE_TYPES_H
#define RTB_CORE_TYPES_H

#include <stdint.h>

/*
 * Where a struct rtb_thread is (t->core.state):
 *   FREE     never created, or joined: no native thread exists
 *   CREATED  made by rtb_thread_create, not started
 *   RUNNING  started (ready, blocked or suspended: the kernel knows which)
 *   ENDED    its entry returned (or, on a kernel whose thread cannot
 *            delete itself, it aborted itself): waits for join
 *   ABORTED  terminated by rtb_thread_abort
 * Transitions, all made by the core (rtb_core.c) unless said:
 *   FREE -create-> CREATED -start-> RUNNING -entry returns-> ENDED
 *   CREATED, RUNNING, ENDED -abort-> ABORTED
 *   RUNNING, ENDED, ABORTED -join-> FREE
 * ENDED is set by rtb_core_thread_run (the kernel's trampoline).
 */
enum rtb_core_tstate {
    RTB_CORE_FREE = 0, /* zeroed storage is a FREE thread */
    RTB_CORE_CREATED,
    RTB_CORE_RUNNING,
    RTB_CORE_ENDED,
    RTB_CORE_ABORTED
};

/*
 * The core's part of a thread: a member named `core` of every adapter's
 * struct rtb_thread (rtb_port_types.h), after the kernel's own control
 * block(s):
 *   struct rtb_thread { <native thread>; <native done signal>;
 *                       struct rtb_core_thread core; <kernel extras> };
 */
struct rtb_core_thread {
    void (*entry)(void *arg);   /* rtb_entry_t */
    void *arg;                  /* its argument */
    volatile uint8_t state;     /* enum rtb_core_tstate */
    volatile uint8_t suspended; /* the kernel's: stopped by rtb_thread_suspend */
    int err;                    /* rtb_port_errno() of this thread */
};

#endif /* RTB_CORE_TYPES_H */
