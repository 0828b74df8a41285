/*
 * rtbench RT-Thread adapter - the object types of the porting contract.
 *
 * Every object embeds RT-Thread's own static object (rt_thread_init,
 * rt_sem_init, ...: the caller owns the storage, nothing comes from the
 * kernel heap) as its first member, followed by what the adapter needs
 * beside it. The adapter tells an initialised object by RT-Thread's own
 * type field (rt_object_init sets it, detach clears it), so an object's
 * storage must start zeroed (static, as in the benchmarks) or have been
 * initialised by this adapter before: init of an initialised object detaches
 * it first, and garbage would be taken for one.
 */
#ifndef RTB_PORT_TYPES_RTTHREAD_H
#define RTB_PORT_TYPES_RTTHREAD_H

#include <stdint.h>

#include <rtthread.h>

#include "rtb_core_types.h"

/* Messages held by the mailbox behind an rtb_fifo and by the message queue
 * behind an rtb_lifo / rtb_stack: RT-Thread copies each word into storage of
 * a fixed length, unlike the contract's intrusive (unbounded) FIFO; a put into
 * a full one returns RTB_ERR_OVERFLOW. */
#ifndef RTB_RT_QUEUE_DEPTH
#define RTB_RT_QUEUE_DEPTH 16u
#endif
/* Bytes of the pool of an rtb_msgq: RT-Thread's message queue puts a
 * one-pointer header before every message, so the caller's buffer
 * (msg_size * max_msgs bytes) cannot hold it; rtb_msgq_init returns
 * RTB_ERR_NOMEM when max_msgs * (msg_size rounded to 4 + 4) does not fit.
 * 2080: eight messages of 256 bytes (the msgq family's largest size at its
 * default depth). */
#ifndef RTB_RT_MSGQ_POOL_BYTES
#define RTB_RT_MSGQ_POOL_BYTES 2080u
#endif

/* One word message plus RT-Thread's header (struct rt_mq_message, ipc.c). */
#define RTB_RT_WORD_MSG_BYTES (sizeof(rt_ubase_t) + sizeof(void *))

struct rtb_thread {
    struct rt_thread rt;         /* rt_thread_init, started by rt_thread_startup */
    struct rt_semaphore done;    /* released when the entry returns: what join waits for */
    struct rtb_core_thread core; /* state, entry, native error; suspended: by
                                  * rtb_thread_suspend (RT-Thread's SUSPEND is
                                  * also "blocked") */
};
struct rtb_sem {
    struct rt_semaphore rt;
    rt_uint16_t limit; /* checked by the adapter: rt_sem_release counts to 65535 */
};
struct rtb_mutex {
    struct rt_mutex rt; /* recursive, priority inheritance */
};
struct rtb_condvar {
    int unused; /* RT-Thread's kernel has no condition variable: n/a */
};
struct rtb_events {
    struct rt_event rt; /* 32 bits */
};
struct rtb_fifo {
    struct rt_mailbox rt; /* one word per mail (the item pointer), rt_mb_send */
    rt_ubase_t slot[RTB_RT_QUEUE_DEPTH];
};
struct rtb_lifo {
    struct rt_messagequeue rt; /* one-word messages, rt_mq_urgent */
    rt_ubase_t pool[RTB_RT_QUEUE_DEPTH * RTB_RT_WORD_MSG_BYTES / sizeof(rt_ubase_t)];
};
struct rtb_stack {
    struct rt_messagequeue rt; /* one-word messages, rt_mq_urgent; capacity <= the depth */
    rt_ubase_t pool[RTB_RT_QUEUE_DEPTH * RTB_RT_WORD_MSG_BYTES / sizeof(rt_ubase_t)];
};
struct rtb_msgq {
    struct rt_messagequeue rt;
    rt_uint16_t msg_size;
    rt_ubase_t pool[RTB_RT_MSGQ_POOL_BYTES / sizeof(rt_ubase_t)];
};

#endif /* RTB_PORT_TYPES_RTTHREAD_H */
