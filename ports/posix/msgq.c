/*
 * rtbench - the POSIX port: message queues over POSIX mq_* (built when the host has
 * mq_open; else ports/common/absent_msgq.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

#include "posix_port.h"
#include "rtb/port.h"
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* ---- message queues: POSIX mq_* ------------------------------------------- */

#define RTB_MQ_MAGIC 0x6d717565u

int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    static unsigned seq;
    struct mq_attr a;
    char name[64];
    mqd_t d;

    (void)buf; /* the kernel keeps the messages */
    if (q == NULL || msg_size == 0 || max_msgs == 0)
        return RTB_ERR_INVAL;
    if (q->magic == RTB_MQ_MAGIC)
        mq_close(q->mqd);
    q->magic = 0;
    memset(&a, 0, sizeof a);
    a.mq_maxmsg = (long)max_msgs;
    a.mq_msgsize = (long)msg_size;
    snprintf(name, sizeof name, "/rtbench-%ld-%u", (long)getpid(), seq++);
    d = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &a);
    if (d == (mqd_t)-1)
        return rtb_posix_map_err(errno);
    mq_unlink(name); /* nothing outlives the process */
    q->mqd = d;
    q->msg_size = msg_size;
    q->magic = RTB_MQ_MAGIC;
    return 0;
}

int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    struct timespec ts;
    int r;

    if (q->magic != RTB_MQ_MAGIC)
        return RTB_ERR_STATE;
    if (timeout == RTB_FOREVER) {
        while ((r = mq_send(q->mqd, msg, q->msg_size, 0)) != 0 && errno == EINTR)
            ;
    } else if (timeout < 0) {
        return RTB_ERR_INVAL;
    } else {
        /* RTB_NO_WAIT: a deadline already past fails at once when full. */
        rtb_posix_abs_timeout(CLOCK_REALTIME, timeout, &ts); /* mq_timed*: CLOCK_REALTIME only */
        while ((r = mq_timedsend(q->mqd, msg, q->msg_size, 0, &ts)) != 0 && errno == EINTR)
            ;
    }
    if (r != 0)
        return errno == ETIMEDOUT && timeout == RTB_NO_WAIT ? RTB_ERR_AGAIN
                                                            : rtb_posix_map_err(errno);
    return 0;
}

int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    struct timespec ts;
    ssize_t r;

    if (q->magic != RTB_MQ_MAGIC)
        return RTB_ERR_STATE;
    if (timeout == RTB_FOREVER) {
        while ((r = mq_receive(q->mqd, msg, q->msg_size, NULL)) < 0 && errno == EINTR)
            ;
    } else if (timeout < 0) {
        return RTB_ERR_INVAL;
    } else {
        rtb_posix_abs_timeout(CLOCK_REALTIME, timeout, &ts); /* mq_timed*: CLOCK_REALTIME only */
        while ((r = mq_timedreceive(q->mqd, msg, q->msg_size, NULL, &ts)) < 0 && errno == EINTR)
            ;
    }
    if (r < 0)
        return errno == ETIMEDOUT && timeout == RTB_NO_WAIT ? RTB_ERR_AGAIN
                                                            : rtb_posix_map_err(errno);
    return 0;
}
