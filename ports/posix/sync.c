/*
 * rtbench - the POSIX port: semaphores, mutexes and condition variables.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>
#include <unistd.h> /* _POSIX_THREAD_PRIO_INHERIT (the #if below is false without it) */

#include "posix_port.h"
#include "rtb/port.h"

/* ---- semaphores ------------------------------------------------------------ */

int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    if (s == NULL || limit == 0 || initial > limit)
        return RTB_ERR_INVAL;
    if (limit > (unsigned)SEM_VALUE_MAX)
        limit = (unsigned)SEM_VALUE_MAX;
    s->limit = limit;
    if (sem_init(&s->sem, 0, initial) != 0)
        return rtb_posix_map_err(errno);
    return 0;
}

unsigned rtb_posix_slow_give_pct;

static int give(rtb_sem_t *s);

/* rtb_sem_give() slowed by rtb_posix_slow_give_pct % (test only) with a
 * fixed amount of work, not of time: the first SLOW_CALIB gives run as they
 * are, their cost as the caller saw it (the give and the woken thread's run
 * until it blocks again) kept at its least (the least disturbed); then one
 * step of busy work is timed (the least of SLOW_TRIES timings of SLOW_STEPS
 * steps) and every later give first runs the same number of steps, the
 * least cost x PCT / 100 of them, inside whatever window the caller
 * measures. Other load slows those steps as it slows the give itself. */
#define SLOW_CALIB 16u
#define SLOW_STEPS 4096u
#define SLOW_TRIES 8u

/* STEPS steps of a linear congruential generator, each a load, a multiply,
 * an add and a store that the compiler must keep (volatile). */
static void slow_work(uint64_t steps)
{
    static volatile uint32_t x;

    for (uint64_t k = 0; k < steps; k++)
        x = x * 1664525u + 1013904223u;
}

/* The steps of busy work that take PCT % of LEAST ns. */
static uint64_t slow_steps(uint64_t least)
{
    uint64_t best = UINT64_MAX;

    for (unsigned t = 0; t < SLOW_TRIES; t++) {
        uint64_t t0 = rtb_posix_clock_ns();
        slow_work(SLOW_STEPS);
        uint64_t d = rtb_posix_clock_ns() - t0;
        best = d < best ? d : best;
    }
    if (best == 0)
        best = 1;
    return least * rtb_posix_slow_give_pct * SLOW_STEPS / 100u / best;
}

static int slow_give(rtb_sem_t *s)
{
    static unsigned seen;
    static uint64_t least = UINT64_MAX, steps;
    uint64_t t0;
    int rc;

    if (seen >= SLOW_CALIB) {
        slow_work(steps);
        return give(s);
    }
    t0 = rtb_posix_clock_ns();
    rc = give(s);
    t0 = rtb_posix_clock_ns() - t0;
    least = t0 < least ? t0 : least;
    if (++seen == SLOW_CALIB)
        steps = slow_steps(least); /* after the give: outside its window */
    return rc;
}

int rtb_sem_give(rtb_sem_t *s)
{
    return rtb_posix_slow_give_pct != 0 ? slow_give(s) : give(s);
}

static int give(rtb_sem_t *s)
{
    int v;

    /* sem_post has no limit of its own: check the count first. */
    if (sem_getvalue(&s->sem, &v) != 0)
        return rtb_posix_map_err(errno);
    if (v >= (int)s->limit)
        return RTB_ERR_OVERFLOW;
    if (sem_post(&s->sem) != 0)
        return rtb_posix_map_err(errno);
    return 0;
}

int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    return rtb_posix_sem_wait(&s->sem, timeout);
}

/* ---- mutexes ------------------------------------------------------------------ */

int rtb_mutex_init(rtb_mutex_t *m)
{
    pthread_mutexattr_t a;
    int e;

    if (m == NULL)
        return RTB_ERR_INVAL;
    e = pthread_mutexattr_init(&a);
    if (e == 0)
        e = pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
#if defined(_POSIX_THREAD_PRIO_INHERIT) && _POSIX_THREAD_PRIO_INHERIT > 0
    if (e == 0)
        e = pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
#endif
    if (e == 0)
        e = pthread_mutex_init(&m->mtx, &a);
    pthread_mutexattr_destroy(&a);
    return rtb_posix_map_err(e);
}

int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    struct timespec ts;
    int e;

    if (timeout == RTB_FOREVER)
        e = pthread_mutex_lock(&m->mtx);
    else if (timeout == RTB_NO_WAIT)
        e = pthread_mutex_trylock(&m->mtx); /* EBUSY */
    else if (timeout < 0)
        return RTB_ERR_INVAL;
    else {
#if RTB_POSIX_HAVE_CLOCKWAIT
        rtb_posix_abs_timeout(CLOCK_MONOTONIC, timeout, &ts);
        e = pthread_mutex_clocklock(&m->mtx, CLOCK_MONOTONIC, &ts);
#else
        rtb_posix_abs_timeout(CLOCK_REALTIME, timeout, &ts); /* no monotonic variant here */
        e = pthread_mutex_timedlock(&m->mtx, &ts);
#endif
    }
    if (e == EBUSY)
        return RTB_ERR_AGAIN;
    if (e == EAGAIN)
        return RTB_ERR_OVERFLOW; /* recursion count exhausted */
    return rtb_posix_map_err(e);
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    return rtb_posix_map_err(pthread_mutex_unlock(&m->mtx)); /* EPERM: not the owner */
}

/* ---- condition variables ------------------------------------------------------ */

int rtb_condvar_init(rtb_condvar_t *c)
{
    pthread_condattr_t a;
    int e;

    if (c == NULL)
        return RTB_ERR_INVAL;
    e = pthread_condattr_init(&a);
    if (e == 0)
        e = pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
    if (e == 0)
        e = pthread_cond_init(&c->cond, &a);
    pthread_condattr_destroy(&a);
    return rtb_posix_map_err(e);
}

int rtb_condvar_wait(rtb_condvar_t *c, rtb_mutex_t *m, rtb_timeout_t timeout)
{
    struct timespec ts;
    int e;

    if (timeout == RTB_FOREVER)
        return rtb_posix_map_err(pthread_cond_wait(&c->cond, &m->mtx));
    if (timeout < 0)
        return RTB_ERR_INVAL;
    /* A thread not yet waiting cannot have been signalled. Not through
     * pthread_cond_timedwait with a past deadline: that releases the mutex and
     * re-locks it, so it could block and let another thread in between. */
    if (timeout == RTB_NO_WAIT)
        return RTB_ERR_AGAIN;
    rtb_posix_abs_timeout(CLOCK_MONOTONIC, timeout, &ts);
    e = pthread_cond_timedwait(&c->cond, &m->mtx, &ts);
    return rtb_posix_map_err(e);
}

int rtb_condvar_signal(rtb_condvar_t *c)
{
    return rtb_posix_map_err(pthread_cond_signal(&c->cond));
}

int rtb_condvar_broadcast(rtb_condvar_t *c)
{
    return rtb_posix_map_err(pthread_cond_broadcast(&c->cond));
}
