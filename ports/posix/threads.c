/*
 * rtbench - the POSIX port: threads (pthreads), join, sleep, and running a function at a priority.
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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- threads -------------------------------------------------------------- */

/* The rtb_thread_t of the calling thread (NULL in a thread the port did not
 * create: the runner's), for rtb_thread_suspend(NULL). */
static __thread struct rtb_thread *self;

const char *rtb_posix_test_hold;

static void thread_done(void *p)
{
    sem_post(&((struct rtb_thread *)p)->done);
}

static void *trampoline(void *p)
{
    struct rtb_thread *t = p;

    /* Held here from rtb_thread_create until rtb_thread_start: the entry
     * does not run before. */
    while (sem_wait(&t->gate) != 0)
        ;
    self = t;
    /* RTB_POSIX_TEST_HOLD (test only): started, it does not run before its
     * join posts its wake semaphore, as a thread the scheduler never ran */
    if (__atomic_load_n(&t->held, __ATOMIC_SEQ_CST))
        (void)rtb_posix_sem_wait(&t->wake, RTB_FOREVER);
    pthread_cleanup_push(thread_done, t);
    if (!t->cancel)
        t->entry(t->arg);
    pthread_cleanup_pop(1);
    return NULL;
}

/* ---- caller-given stacks in use ------------------------------------------- */

/* The caller-given stacks of the threads created and not yet joined. A
 * thread whose join timed out (a benchmark's teardown gave up on it) still
 * runs on its stack; a thread created on that memory would overwrite its
 * frames and glibc's thread block (kept at the top of a caller-given
 * stack), and both die at random later (the SIGSEGV and ASan CHECK of
 * concurrent ASan runs, docs/reliability.md): such a create is refused. */
#define STACKS_TRACKED 256
static pthread_mutex_t stacks_lock = PTHREAD_MUTEX_INITIALIZER;
static void *stacks_in_use[STACKS_TRACKED];

/* STACK marked in use: 0; RTB_ERR_STATE if a thread not joined runs on it,
 * RTB_ERR_NOMEM if STACKS_TRACKED threads with their own stacks exist. */
static int stack_take(void *stack)
{
    int rc = RTB_ERR_NOMEM;
    size_t i, free_at = STACKS_TRACKED;

    pthread_mutex_lock(&stacks_lock);
    for (i = 0; i < STACKS_TRACKED; i++) {
        if (stacks_in_use[i] == stack) {
            free_at = STACKS_TRACKED;
            rc = RTB_ERR_STATE;
            break;
        }
        if (stacks_in_use[i] == NULL && free_at == STACKS_TRACKED)
            free_at = i;
    }
    if (free_at < STACKS_TRACKED) {
        stacks_in_use[free_at] = stack;
        rc = 0;
    }
    pthread_mutex_unlock(&stacks_lock);
    return rc;
}

static void stack_release(void *stack)
{
    size_t i;

    pthread_mutex_lock(&stacks_lock);
    for (i = 0; stack != NULL && i < STACKS_TRACKED; i++)
        if (stacks_in_use[i] == stack)
            stacks_in_use[i] = NULL;
    pthread_mutex_unlock(&stacks_lock);
}

int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    pthread_attr_t attr;
    struct sched_param param;
    int e;

    if (t == NULL || entry == NULL || prio < RTB_PRIO_MIN || prio > RTB_PRIO_MAX)
        return RTB_ERR_INVAL;
    if (flags & RTB_THREAD_COOP)
        return RTB_ERR_NOTSUP;
    if (stack == NULL || stack_bytes < (size_t)PTHREAD_STACK_MIN)
        stack = NULL; /* the C library's own stack */
    if (stack != NULL && (e = stack_take(stack)) != 0)
        return e;
    t->stack = stack;
    t->entry = entry;
    t->arg = arg;
    t->prio = prio;
    t->cancel = 0;
    t->suspended = 0;
    t->held = rtb_posix_test_hold != NULL && name != NULL && strcmp(name, rtb_posix_test_hold) == 0;
    if (sem_init(&t->gate, 0, 0) != 0 || sem_init(&t->done, 0, 0) != 0 ||
        sem_init(&t->wake, 0, 0) != 0) {
        stack_release(stack);
        return rtb_posix_map_err(errno);
    }
    e = pthread_attr_init(&attr);
    if (e != 0) {
        stack_release(stack);
        return rtb_posix_map_err(e);
    }
    if (stack != NULL)
        e = pthread_attr_setstack(&attr, stack, stack_bytes);
    else
        e = pthread_attr_setstacksize(&attr, stack_bytes < (size_t)PTHREAD_STACK_MIN
                                                 ? (size_t)PTHREAD_STACK_MIN
                                                 : stack_bytes);
    if (e == 0 && rtb_posix_rt_fifo) {
        /* Born at its own priority: a thread less or equally urgent than the
         * caller does not run yet; a more urgent one runs at once, up to its
         * start gate, where it blocks. */
        memset(&param, 0, sizeof param);
        param.sched_priority = rtb_posix_fifo_prio(prio);
        e = pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
        if (e == 0)
            e = pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
        if (e == 0)
            e = pthread_attr_setschedparam(&attr, &param);
    }
    if (e == 0)
        e = pthread_create(&t->tid, &attr, trampoline, t);
    pthread_attr_destroy(&attr);
    if (e != 0) {
        stack_release(stack);
        return e == EAGAIN ? RTB_ERR_NOMEM : rtb_posix_map_err(e);
    }
    t->state = 1;
    return 0;
}

int rtb_thread_start(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->state != 1)
        return RTB_ERR_STATE;
    t->state = 2;
    /* Releases the thread held at its gate: it becomes ready and, if more urgent,
     * runs before sem_post returns. */
    if (sem_post(&t->gate) != 0) {
        t->state = 1;
        return rtb_posix_map_err(errno);
    }
    return 0;
}

/* The caller only (RTB_CAP_SUSPEND_SELF): it waits on its own semaphore
 * until rtb_thread_resume posts it. POSIX cannot stop another thread. */
int rtb_thread_suspend(rtb_thread_t *t)
{
    struct rtb_thread *me = self;

    if (me == NULL || (t != NULL && t != me))
        return RTB_ERR_NOTSUP; /* the runner's thread, or another thread */
    __atomic_store_n(&me->suspended, 1, __ATOMIC_SEQ_CST);
    /* a resume between the store and the wait posts first: no wait then */
    return rtb_posix_sem_wait(&me->wake, RTB_FOREVER);
}

/* From a thread or from the software interrupt's signal handler: the
 * exchange and sem_post are async-signal-safe. */
int rtb_thread_resume(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->state != 2 || !__atomic_exchange_n(&t->suspended, 0, __ATOMIC_SEQ_CST))
        return RTB_ERR_STATE;
    /* The thread blocked in its suspend becomes ready and, if more urgent,
     * runs before sem_post returns. */
    if (sem_post(&t->wake) != 0)
        return rtb_posix_map_err(errno);
    return 0;
}

int rtb_thread_abort(rtb_thread_t *t)
{
    if (t == NULL)
        pthread_exit(NULL); /* the caller ends itself: runs thread_done */
    if (t->state != 1)
        return RTB_ERR_NOTSUP; /* a running thread cannot be ended from outside */
    /* Created, never started: it is held at its gate and leaves without
     * running its entry. */
    t->cancel = 1;
    t->state = 2;
    if (sem_post(&t->gate) != 0)
        return rtb_posix_map_err(errno);
    return 0;
}

int rtb_posix_sem_wait(sem_t *s, rtb_timeout_t timeout)
{
    struct timespec ts;

    if (timeout == RTB_NO_WAIT) {
        while (sem_trywait(s) != 0) {
            if (errno != EINTR)
                return rtb_posix_map_err(errno); /* EAGAIN -> RTB_ERR_AGAIN */
        }
        return 0;
    }
    if (timeout == RTB_FOREVER) {
        /* A signal (the software interrupt) interrupts sem_wait: wait again. */
        while (sem_wait(s) != 0) {
            if (errno != EINTR)
                return rtb_posix_map_err(errno);
        }
        return 0;
    }
    if (timeout < 0)
        return RTB_ERR_INVAL;
#if RTB_POSIX_HAVE_CLOCKWAIT
    rtb_posix_abs_timeout(CLOCK_MONOTONIC, timeout, &ts);
    while (sem_clockwait(s, CLOCK_MONOTONIC, &ts) != 0) {
#else
    rtb_posix_abs_timeout(CLOCK_REALTIME, timeout, &ts); /* no monotonic variant here */
    while (sem_timedwait(s, &ts) != 0) {
#endif
        if (errno != EINTR)
            return rtb_posix_map_err(errno); /* ETIMEDOUT -> RTB_ERR_TIMEOUT */
    }
    return 0;
}

int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout)
{
    int err, e;

    if (t == NULL)
        return RTB_ERR_INVAL;
    if (t->state == 0)
        return RTB_ERR_STATE;
    if (t->state == 1)
        return RTB_ERR_STATE; /* never started: it cannot end (abort it first) */
    if (__atomic_exchange_n(&t->held, 0, __ATOMIC_SEQ_CST) && sem_post(&t->wake) != 0)
        return rtb_posix_map_err(errno); /* RTB_POSIX_TEST_HOLD: let it run, to its end */
    /* RTB_NO_WAIT: RTB_ERR_AGAIN while it runs, as for every object */
    err = rtb_posix_sem_wait(&t->done, timeout);
    if (err != 0)
        return err;
    e = pthread_join(t->tid, NULL);
    if (e != 0)
        return rtb_posix_map_err(e);
    stack_release(t->stack); /* the thread is gone: its stack may be used again */
    t->stack = NULL;
    sem_destroy(&t->gate);
    sem_destroy(&t->done);
    sem_destroy(&t->wake);
    t->state = 0;
    return 0;
}

void rtb_thread_yield(void)
{
    sched_yield();
}

int rtb_thread_set_prio(rtb_thread_t *t, int prio)
{
    int e;

    if (prio < RTB_PRIO_MIN || prio > RTB_PRIO_MAX)
        return RTB_ERR_INVAL;
    if (t != NULL && t->state == 0)
        return RTB_ERR_STATE; /* never created, or joined: t->tid names no thread */
    if (t != NULL)
        t->prio = prio;
    if (!rtb_posix_rt_fifo)
        return 0; /* SCHED_OTHER: no priorities (RTB_CAP_RT_SCHED is 0 and says so) */
    e = pthread_setschedprio(t != NULL ? t->tid : pthread_self(), rtb_posix_fifo_prio(prio));
    return rtb_posix_map_err(e);
}

int rtb_sleep_us(uint32_t us)
{
    struct timespec ts, rem;

    ts.tv_sec = us / 1000000u;
    ts.tv_nsec = (long)(us % 1000000u) * 1000;
    while (nanosleep(&ts, &rem) != 0) {
        if (errno != EINTR)
            return rtb_posix_map_err(errno);
        ts = rem;
    }
    return 0;
}

/* rtbench priority -> SCHED_FIFO, run fn in that thread and wait for it. */
struct run_at {
    int (*fn)(void *);
    void *arg;
    int result;
};

static void run_at_entry(void *p)
{
    struct run_at *r = p;

    r->result = r->fn(r->arg);
}

int rtb_posix_run_at(int prio, int (*fn)(void *), void *arg)
{
    static rtb_thread_t t;
    struct run_at r;
    int err;

    r.fn = fn;
    r.arg = arg;
    r.result = 0;
    /* 1 MiB of stack from the C library (the runner has more locals than a
     * benchmark helper). */
    err = rtb_thread_create(&t, "main", run_at_entry, &r, prio, 0, NULL, 1u << 20);
    if (err == 0)
        err = rtb_thread_start(&t);
    if (err == 0)
        err = rtb_thread_join(&t, RTB_FOREVER);
    return err != 0 ? err : r.result;
}
