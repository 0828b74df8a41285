/*
 * rtbench - object types of the POSIX port (pthreads, POSIX semaphores,
 * POSIX message queues). Included by rtb/port.h; the core never looks inside.
 */
#ifndef RTB_PORT_TYPES_POSIX_H
#define RTB_PORT_TYPES_POSIX_H

#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>
#include <stdint.h>

struct rtb_thread {
    pthread_t tid;
    sem_t gate;            /* the created thread waits here until rtb_thread_start */
    sem_t done;            /* posted when the entry returns or the thread exits */
    void (*entry)(void *); /* rtb_entry_t */
    void *arg;
    int prio;            /* rtbench priority 1..30 */
    volatile int cancel; /* abort before start: leave without running entry */
    int state;           /* 0 free, 1 created, 2 started */
    sem_t wake;          /* a thread suspended by itself waits here until resumed */
    int suspended;       /* 1 from its rtb_thread_suspend(NULL) to the resume (atomic) */
    void *stack;         /* the caller-given stack it runs on, until joined; NULL if none */
    int held;            /* RTB_POSIX_TEST_HOLD: held before its entry until joined (atomic) */
};

struct rtb_sem {
    sem_t sem;
    unsigned limit;
};

struct rtb_mutex {
    pthread_mutex_t mtx; /* PTHREAD_MUTEX_RECURSIVE, PTHREAD_PRIO_INHERIT when available */
};

struct rtb_condvar {
    pthread_cond_t cond; /* CLOCK_MONOTONIC for timed waits */
};

#if RTB_POSIX_HAVE_MQ
#include <mqueue.h>
typedef mqd_t rtb_posix_mqd_t;
#else
typedef int rtb_posix_mqd_t;
#endif

struct rtb_msgq {
    rtb_posix_mqd_t mqd; /* an unlinked POSIX message queue (mq_open) */
    size_t msg_size;
    unsigned magic; /* set once mqd is open, so re-init closes the old queue */
};

/* Objects POSIX lacks: the types exist so that the contract compiles; every
 * call on them returns RTB_ERR_NOTSUP (see docs/ports/posix.md). */
struct rtb_events {
    uint32_t unused;
};
struct rtb_fifo {
    void *unused;
};
struct rtb_lifo {
    void *unused;
};
struct rtb_stack {
    void *unused;
};

#endif /* RTB_PORT_TYPES_POSIX_H */
