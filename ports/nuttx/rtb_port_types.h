/*
 * rtbench NuttX adapter - the object types of the porting contract.
 *
 * Every object embeds NuttX's own control block (the caller owns the
 * storage, as in NuttX's internal API: nxtask_init takes the TCB, nxsem_init
 * the sem_t), followed by what the adapter needs beside it. A thread is a
 * NuttX task whose TCB is the first member of its struct rtb_thread, so the
 * running task's TCB (nxsched_self()) is the caller's rtb_thread.
 */
#ifndef RTB_PORT_TYPES_NUTTX_H
#define RTB_PORT_TYPES_NUTTX_H

#include <nuttx/config.h>

#include <stdint.h>

#include <nuttx/event.h>
#include <nuttx/fs/fs.h>
#include <nuttx/mutex.h>
#include <nuttx/sched.h>
#include <nuttx/semaphore.h>

#include "rtb_core_types.h"

struct rtb_thread {
    struct tcb_s tcb;            /* the task; nxtask_init, then nxtask_activate to start */
    sem_t done;                  /* posted when the entry returns: what join waits for */
    struct rtb_core_thread core; /* state, entry, native error */
    pid_t pid;                   /* the task's id while it exists */
};
struct rtb_sem {
    sem_t nx;
    unsigned limit; /* the contract's limit: NuttX's sem_t counts to SEM_VALUE_MAX */
};
struct rtb_mutex {
    rmutex_t nx; /* recursive; priority inheritance (CONFIG_PRIORITY_INHERITANCE) */
};
struct rtb_condvar {
    int unused; /* n/a (absent_condvar.c) */
};
struct rtb_events {
    nxevent_t nx; /* 32 bits (nxevent_mask_t is an unsigned long) */
};
struct rtb_fifo {
    int unused; /* n/a (absent_queues.c) */
};
struct rtb_lifo {
    int unused;
};
struct rtb_stack {
    int unused; /* n/a (absent_stack.c) */
};
struct rtb_msgq {
    struct file mq; /* a POSIX message queue opened through file_mq_open, unlinked */
    size_t msg_size;
    uint8_t open;
};

#endif /* RTB_PORT_TYPES_NUTTX_H */
