/*
 * rtbench µC/OS-III adapter - the object types of the porting contract.
 *
 * Every object embeds µC/OS-III's own control block (the caller owns the
 * storage, as in µC/OS-III itself) as its first member, followed by what
 * the adapter needs beside it. µC/OS-III keeps no list of created objects
 * (OS_CFG_DBG_EN 0) and the example configuration has no "created" check
 * (OS_CFG_OBJ_CREATED_CHK_EN 0), so an init of an initialised object
 * creates it again in place: the contract has no destroy call.
 */
#ifndef RTB_PORT_TYPES_UCOS3_H
#define RTB_PORT_TYPES_UCOS3_H

#include <stdint.h>

#include "os.h"

#include "rtb_core_types.h"

/* Entries of the OS_Q behind an rtb_fifo / rtb_lifo: µC/OS-III queues hold
 * pointers in OS_MSG links from the kernel's pool (OS_CFG_MSG_POOL_SIZE),
 * unlike the contract's intrusive (unbounded) FIFO; a put into a full one
 * returns RTB_ERR_OVERFLOW, into one whose pool is empty RTB_ERR_NOMEM. The
 * same depth as the ThreadX and RT-Thread adapters' queues. */
#ifndef RTB_UC_QUEUE_DEPTH
#define RTB_UC_QUEUE_DEPTH 16u
#endif

struct rtb_thread {
    OS_TCB tcb;                  /* the task; created, then suspended (rtb_kernel.h) */
    OS_SEM done;                 /* posted when the entry returns: what join waits for */
    struct rtb_core_thread core; /* state, entry, native error; suspended: by
                                  * rtb_thread_suspend (µC/OS-III counts
                                  * suspensions; the contract does not) */
};
struct rtb_sem {
    OS_SEM os;
    OS_SEM_CTR limit; /* checked by the adapter: OSSemPost counts to 2^32 - 1 */
};
struct rtb_mutex {
    OS_MUTEX os; /* recursive (OwnerNestingCtr), priority inheritance */
};
struct rtb_condvar {
    int unused; /* µC/OS-III has no condition variable: n/a */
};
struct rtb_events {
    OS_FLAG_GRP os; /* 32 bits (OS_FLAGS) */
};
struct rtb_fifo {
    OS_Q os; /* item pointers, OSQPost OS_OPT_POST_FIFO */
};
struct rtb_lifo {
    OS_Q os; /* item pointers, OSQPost OS_OPT_POST_LIFO */
};
struct rtb_stack {
    OS_Q os; /* the words as pointers, OS_OPT_POST_LIFO; capacity entries */
};
/* A message queue of copied messages over pointer queues: the caller's
 * buffer is an OS_MEM partition of max_msgs blocks of msg_size bytes; a put
 * takes a free slot (`space`, the count of free blocks), a block, copies the
 * message in and posts its address; a get pends for an address, copies the
 * message out and returns the block. */
struct rtb_msgq {
    OS_Q os;
    OS_MEM mem;
    OS_SEM space;
    OS_MSG_SIZE msg_size;
};

#endif /* RTB_PORT_TYPES_UCOS3_H */
