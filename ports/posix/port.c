/*
 * rtbench - the POSIX port: the contract of rtb/port.h over pthreads, POSIX
 * semaphores, POSIX message queues, malloc and a signal as the software
 * interrupt. What each call maps to, and what is n/a and why, is in
 * docs/ports/posix.md.
 *
 * Linux-only calls (CPU affinity, PR_SET_TIMERSLACK) are behind the
 * RTB_POSIX_HAVE_* feature checks that ports/posix/CMakeLists.txt makes.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sched_setaffinity, CPU_SET */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#if RTB_POSIX_HAVE_PRCTL
#include <sys/prctl.h>
#endif

#include "posix_port.h"
#include "rtb/port.h"

/* ---- state of the process ---------------------------------------------- */

static int rt_fifo;     /* SCHED_FIFO obtained for the benchmark threads */
static int pinned = -1; /* the CPU all threads run on, -1 if not pinned */
static int prio_base;   /* SCHED_FIFO priority of rtbench priority 0 */
static int dma_fd = -1; /* /dev/cpu_dma_latency held open at 0 */
static char sched_desc[160];
static char rt_why[120];
static const char *mq_why; /* NULL when POSIX message queues work here */

static __thread int last_errno; /* behind the last RTB_ERR_PORT of this thread */
static __thread volatile sig_atomic_t in_isr;

/* errno -> rtb_err; unknown codes become RTB_ERR_PORT with the errno kept. */
static int map_err(int e)
{
    switch (e) {
    case 0:
        return 0;
    case EINVAL:
        return RTB_ERR_INVAL;
    case ENOMEM:
        return RTB_ERR_NOMEM;
    case ETIMEDOUT:
        return RTB_ERR_TIMEOUT;
    case EAGAIN:
        return RTB_ERR_AGAIN;
    case EPERM:
        return RTB_ERR_PERM;
    case EOVERFLOW:
        return RTB_ERR_OVERFLOW;
    case ENOSYS:
    case ENOTSUP:
        return RTB_ERR_NOTSUP;
    default:
        last_errno = e;
        return RTB_ERR_PORT;
    }
}

int rtb_port_errno(void)
{
    return last_errno;
}

static int fifo_prio(int prio)
{
    return prio_base + prio;
}

/* An absolute time `us` from now on `clock`. */
static void abs_timeout(clockid_t clock, rtb_timeout_t us, struct timespec *ts)
{
    clock_gettime(clock, ts);
    ts->tv_sec += us / 1000000;
    ts->tv_nsec += (long)(us % 1000000) * 1000;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

/* ---- initialisation ------------------------------------------------------ */

static void append(const char *s)
{
    size_t n = strlen(sched_desc);

    if (n + 1 < sizeof sched_desc)
        snprintf(sched_desc + n, sizeof sched_desc - n, "%s%s", n ? " " : "", s);
}

static void pin_cpu(void)
{
#if RTB_POSIX_HAVE_AFFINITY
    cpu_set_t set;
    char buf[48];
    int cpu;

    if (sched_getaffinity(0, sizeof set, &set) != 0) {
        snprintf(buf, sizeof buf, "unpinned(getaffinity:%s)", strerror(errno));
        append(buf);
        return;
    }
    /* The last CPU we may use: CPU 0 usually takes more of the housekeeping. */
    for (cpu = CPU_SETSIZE - 1; cpu >= 0 && !CPU_ISSET(cpu, &set); cpu--)
        ;
    if (cpu < 0) {
        append("unpinned(no-cpu)");
        return;
    }
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    /* The process's first thread; every thread created later inherits it. */
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        snprintf(buf, sizeof buf, "unpinned(%s)", strerror(errno));
        append(buf);
        return;
    }
    pinned = cpu;
    snprintf(buf, sizeof buf, "cpu=%d", cpu);
    append(buf);
#else
    append("unpinned(no-affinity-call)");
#endif
}

static void set_fifo(void)
{
    struct sched_param sp;
    int lo = sched_get_priority_min(SCHED_FIFO);
    int hi = sched_get_priority_max(SCHED_FIFO);
    char buf[64];
    int e;

    /* rtbench 1..30 -> base+1..base+30 (51..80 on Linux). */
    prio_base = hi - RTB_PRIO_MAX < 50 ? hi - RTB_PRIO_MAX : 50;
    if (lo < 0 || hi < 0 || prio_base < lo) {
        append("SCHED_OTHER(SCHED_FIFO-range-too-small)");
        return;
    }
    /* Try the highest priority the port will use, then settle at RTB_PRIO_MAIN. */
    memset(&sp, 0, sizeof sp);
    sp.sched_priority = fifo_prio(RTB_PRIO_MAX);
    e = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
    if (e == 0) {
        sp.sched_priority = fifo_prio(RTB_PRIO_MAIN);
        e = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
    }
    if (e != 0) {
        snprintf(buf, sizeof buf, "SCHED_OTHER(SCHED_FIFO:%s)", strerror(e));
        append(buf);
        return;
    }
    rt_fifo = 1;
    snprintf(buf, sizeof buf, "SCHED_FIFO/%d-%d", fifo_prio(RTB_PRIO_MIN), fifo_prio(RTB_PRIO_MAX));
    append(buf);
}

static void lock_memory(void)
{
    char buf[64];
    struct rlimit rl;

    /* Without CAP_IPC_LOCK a finite RLIMIT_MEMLOCK would let MCL_FUTURE
     * succeed and every later stack or heap mapping fail: do not try. */
    if (geteuid() != 0 && getrlimit(RLIMIT_MEMLOCK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        snprintf(buf, sizeof buf, "no-mlockall(RLIMIT_MEMLOCK=%lu)", (unsigned long)rl.rlim_cur);
        append(buf);
        return;
    }
    if (mlockall(MCL_CURRENT | MCL_FUTURE) != 0) {
        snprintf(buf, sizeof buf, "no-mlockall(%s)", strerror(errno));
        append(buf);
        return;
    }
    append("mlockall");
}

static void hold_dma_latency(void)
{
    char buf[64];
    int32_t zero = 0;
    int fd = open("/dev/cpu_dma_latency", O_WRONLY | O_CLOEXEC);

    /* The request holds while the file stays open (until exit). */
    if (fd < 0 || write(fd, &zero, sizeof zero) != (ssize_t)sizeof zero) {
        snprintf(buf, sizeof buf, "no-dma_latency(%s)", strerror(errno));
        append(buf);
        if (fd >= 0)
            close(fd);
        return;
    }
    dma_fd = fd;
    append("dma_latency=0");
}

static void probe_mq(void)
{
#if RTB_POSIX_HAVE_MQ
    static char why[96];
    struct rtb_msgq q;
    char buf[8];
    int err;

    memset(&q, 0, sizeof q);
    err = rtb_msgq_init(&q, buf, sizeof buf, 1);
    if (err != 0) {
        snprintf(why, sizeof why, "mq_open refused here (%s)",
                 err == RTB_ERR_PORT ? strerror(last_errno) : rtb_strerror(err));
        mq_why = why;
        return;
    }
    mq_close(q.mqd);
#else
    mq_why = "this host has no POSIX message queues (mq_open)";
#endif
}

int rtb_posix_init(void)
{
    sched_desc[0] = '\0';
    pin_cpu();
    set_fifo();
    lock_memory();
    hold_dma_latency();
#if RTB_POSIX_HAVE_PRCTL && defined(PR_SET_TIMERSLACK)
    if (!rt_fifo)
        prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL); /* 1 ns timer slack under SCHED_OTHER */
#endif
    if (!rt_fifo)
        snprintf(rt_why, sizeof rt_why, "SCHED_FIFO refused: no strict priority preemption");
    else if (pinned < 0)
        snprintf(rt_why, sizeof rt_why,
                 "not pinned to one CPU: a woken thread may run on another CPU");
    probe_mq();
    return 0;
}

/* ---- capabilities and identity ----------------------------------------- */

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    const char *why = NULL;

    switch (cap) {
    case RTB_CAP_NONE:
    case RTB_CAP_THREAD:
    case RTB_CAP_SEM:
    case RTB_CAP_MUTEX:
    case RTB_CAP_CONDVAR:
    case RTB_CAP_HEAP:
    case RTB_CAP_IRQ:
    case RTB_CAP_SLEEP:
        return 1;
    case RTB_CAP_THREAD_COOP:
        why = "POSIX threads have no cooperative (non-preemptible) class";
        break;
    case RTB_CAP_SUSPEND:
        why = "POSIX has no call to suspend another thread (SIGSTOP stops the process)";
        break;
    case RTB_CAP_ABORT:
        why = "pthread_cancel only requests cancellation at a cancellation point";
        break;
    case RTB_CAP_RT_SCHED:
        if (rt_fifo && pinned >= 0)
            return 1;
        why = rt_why;
        break;
    case RTB_CAP_EVENTS:
        why = "POSIX has no event-flags object";
        break;
    case RTB_CAP_FIFO:
        why = "POSIX has no intrusive FIFO queue object";
        break;
    case RTB_CAP_LIFO:
        why = "POSIX has no intrusive LIFO queue object";
        break;
    case RTB_CAP_QUEUE_ALLOC:
        why = "POSIX has no kernel queue that allocates its links";
        break;
    case RTB_CAP_STACK:
        why = "POSIX has no stack-of-words object";
        break;
    case RTB_CAP_MSGQ:
        if (mq_why == NULL)
            return 1;
        why = mq_why;
        break;
    case RTB_CAP_IRQ_WAKE:
        why = "a thread woken in a signal handler runs before the handler returns";
        break;
    default:
        why = "unknown capability";
        break;
    }
    if (why_not != NULL)
        *why_not = why;
    return 0;
}

static void read_cpu_model(char *out, size_t cap, const char *fallback)
{
    static char line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");

    snprintf(out, cap, "%s", fallback);
    if (f == NULL)
        return;
    while (fgets(line, sizeof line, f) != NULL) {
        char *colon = strchr(line, ':');

        if (strncmp(line, "model name", 10) == 0 && colon != NULL) {
            char *v = colon + 1;
            size_t n;

            while (*v == ' ' || *v == '\t')
                v++;
            n = strlen(v);
            while (n > 0 && (v[n - 1] == '\n' || v[n - 1] == ' '))
                v[--n] = '\0';
            snprintf(out, cap, "%s", v);
            break;
        }
    }
    fclose(f);
}

const struct rtb_port_info *rtb_port_info(void)
{
    static struct utsname un;
    static char cpu[128];
    static struct rtb_port_info info;

    if (info.port == NULL) {
        if (uname(&un) != 0)
            memset(&un, 0, sizeof un);
        read_cpu_model(cpu, sizeof cpu, un.machine);
        info.port = "posix";
        info.kernel = un.sysname;
        info.kernel_version = un.release;
        info.board = un.nodename;
        info.cpu = cpu;
        info.sched = sched_desc[0] ? sched_desc : "SCHED_OTHER(not-initialised)";
    }
    return &info;
}

void rtb_port_write(const char *s, size_t len)
{
    /* One write(2) per call; more only if the kernel took part of it. */
    while (len > 0) {
        ssize_t n = write(STDOUT_FILENO, s, len);

        if (n < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        s += n;
        len -= (size_t)n;
    }
}

void rtb_port_exit(int status)
{
    if (dma_fd >= 0)
        close(dma_fd);
    exit(status == 0 ? 0 : 1);
}

/* ---- threads -------------------------------------------------------------- */

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
    pthread_cleanup_push(thread_done, t);
    if (!t->cancel)
        t->entry(t->arg);
    pthread_cleanup_pop(1);
    return NULL;
}

int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    pthread_attr_t attr;
    struct sched_param sp;
    int e;

    (void)name;
    if (t == NULL || entry == NULL || prio < RTB_PRIO_MIN || prio > RTB_PRIO_MAX)
        return RTB_ERR_INVAL;
    if (flags & RTB_THREAD_COOP)
        return RTB_ERR_NOTSUP;
    t->entry = entry;
    t->arg = arg;
    t->prio = prio;
    t->cancel = 0;
    if (sem_init(&t->gate, 0, 0) != 0 || sem_init(&t->done, 0, 0) != 0)
        return map_err(errno);
    e = pthread_attr_init(&attr);
    if (e != 0)
        return map_err(e);
    if (stack != NULL && stack_bytes >= (size_t)PTHREAD_STACK_MIN)
        e = pthread_attr_setstack(&attr, stack, stack_bytes);
    else
        e = pthread_attr_setstacksize(&attr, stack_bytes < (size_t)PTHREAD_STACK_MIN
                                                 ? (size_t)PTHREAD_STACK_MIN
                                                 : stack_bytes);
    if (e == 0 && rt_fifo) {
        /* Born at its own priority: a thread less or equally urgent than the
         * caller does not run yet; a more urgent one runs at once, up to its
         * start gate, where it blocks. */
        memset(&sp, 0, sizeof sp);
        sp.sched_priority = fifo_prio(prio);
        e = pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
        if (e == 0)
            e = pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
        if (e == 0)
            e = pthread_attr_setschedparam(&attr, &sp);
    }
    if (e == 0)
        e = pthread_create(&t->tid, &attr, trampoline, t);
    pthread_attr_destroy(&attr);
    if (e != 0)
        return e == EAGAIN ? RTB_ERR_NOMEM : map_err(e);
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
        return map_err(errno);
    }
    return 0;
}

int rtb_thread_suspend(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

int rtb_thread_resume(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
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
        return map_err(errno);
    return 0;
}

static int sem_wait_timeout(sem_t *s, rtb_timeout_t timeout)
{
    struct timespec ts;

    if (timeout == RTB_NO_WAIT) {
        while (sem_trywait(s) != 0) {
            if (errno != EINTR)
                return map_err(errno); /* EAGAIN -> RTB_ERR_AGAIN */
        }
        return 0;
    }
    if (timeout == RTB_FOREVER) {
        /* A signal (the software interrupt) interrupts sem_wait: wait again. */
        while (sem_wait(s) != 0) {
            if (errno != EINTR)
                return map_err(errno);
        }
        return 0;
    }
    if (timeout < 0)
        return RTB_ERR_INVAL;
#if RTB_POSIX_HAVE_CLOCKWAIT
    abs_timeout(CLOCK_MONOTONIC, timeout, &ts);
    while (sem_clockwait(s, CLOCK_MONOTONIC, &ts) != 0) {
#else
    abs_timeout(CLOCK_REALTIME, timeout, &ts); /* no monotonic variant here */
    while (sem_timedwait(s, &ts) != 0) {
#endif
        if (errno != EINTR)
            return map_err(errno); /* ETIMEDOUT -> RTB_ERR_TIMEOUT */
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
    /* RTB_NO_WAIT: RTB_ERR_AGAIN while it runs, as for every object */
    err = sem_wait_timeout(&t->done, timeout);
    if (err != 0)
        return err;
    e = pthread_join(t->tid, NULL);
    if (e != 0)
        return map_err(e);
    sem_destroy(&t->gate);
    sem_destroy(&t->done);
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
    if (!rt_fifo)
        return 0; /* SCHED_OTHER: no priorities (RTB_CAP_RT_SCHED is 0 and says so) */
    e = pthread_setschedprio(t != NULL ? t->tid : pthread_self(), fifo_prio(prio));
    return map_err(e);
}

int rtb_sleep_us(uint32_t us)
{
    struct timespec ts, rem;

    ts.tv_sec = us / 1000000u;
    ts.tv_nsec = (long)(us % 1000000u) * 1000;
    while (nanosleep(&ts, &rem) != 0) {
        if (errno != EINTR)
            return map_err(errno);
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

/* ---- semaphores ------------------------------------------------------------ */

int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    if (s == NULL || limit == 0 || initial > limit)
        return RTB_ERR_INVAL;
    if (limit > (unsigned)SEM_VALUE_MAX)
        limit = (unsigned)SEM_VALUE_MAX;
    s->limit = limit;
    if (sem_init(&s->sem, 0, initial) != 0)
        return map_err(errno);
    return 0;
}

int rtb_sem_give(rtb_sem_t *s)
{
    int v;

    /* sem_post has no limit of its own: check the count first. */
    if (sem_getvalue(&s->sem, &v) != 0)
        return map_err(errno);
    if (v >= (int)s->limit)
        return RTB_ERR_OVERFLOW;
    if (sem_post(&s->sem) != 0)
        return map_err(errno);
    return 0;
}

int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    return sem_wait_timeout(&s->sem, timeout);
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
    return map_err(e);
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
        abs_timeout(CLOCK_MONOTONIC, timeout, &ts);
        e = pthread_mutex_clocklock(&m->mtx, CLOCK_MONOTONIC, &ts);
#else
        abs_timeout(CLOCK_REALTIME, timeout, &ts); /* no monotonic variant here */
        e = pthread_mutex_timedlock(&m->mtx, &ts);
#endif
    }
    if (e == EBUSY)
        return RTB_ERR_AGAIN;
    if (e == EAGAIN)
        return RTB_ERR_OVERFLOW; /* recursion count exhausted */
    return map_err(e);
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    return map_err(pthread_mutex_unlock(&m->mtx)); /* EPERM: not the owner */
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
    return map_err(e);
}

int rtb_condvar_wait(rtb_condvar_t *c, rtb_mutex_t *m, rtb_timeout_t timeout)
{
    struct timespec ts;
    int e;

    if (timeout == RTB_FOREVER)
        return map_err(pthread_cond_wait(&c->cond, &m->mtx));
    if (timeout < 0)
        return RTB_ERR_INVAL;
    /* A thread not yet waiting cannot have been signalled. Not through
     * pthread_cond_timedwait with a past deadline: that releases the mutex and
     * re-locks it, so it could block and let another thread in between. */
    if (timeout == RTB_NO_WAIT)
        return RTB_ERR_AGAIN;
    abs_timeout(CLOCK_MONOTONIC, timeout, &ts);
    e = pthread_cond_timedwait(&c->cond, &m->mtx, &ts);
    return map_err(e);
}

int rtb_condvar_signal(rtb_condvar_t *c)
{
    return map_err(pthread_cond_signal(&c->cond));
}

int rtb_condvar_broadcast(rtb_condvar_t *c)
{
    return map_err(pthread_cond_broadcast(&c->cond));
}

/* ---- message queues: POSIX mq_* ------------------------------------------- */

#define RTB_MQ_MAGIC 0x6d717565u

#if RTB_POSIX_HAVE_MQ
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
        return map_err(errno);
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
        abs_timeout(CLOCK_REALTIME, timeout, &ts); /* mq_timed*: CLOCK_REALTIME only */
        while ((r = mq_timedsend(q->mqd, msg, q->msg_size, 0, &ts)) != 0 && errno == EINTR)
            ;
    }
    if (r != 0)
        return errno == ETIMEDOUT && timeout == RTB_NO_WAIT ? RTB_ERR_AGAIN : map_err(errno);
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
        abs_timeout(CLOCK_REALTIME, timeout, &ts); /* mq_timed*: CLOCK_REALTIME only */
        while ((r = mq_timedreceive(q->mqd, msg, q->msg_size, NULL, &ts)) < 0 && errno == EINTR)
            ;
    }
    if (r < 0)
        return errno == ETIMEDOUT && timeout == RTB_NO_WAIT ? RTB_ERR_AGAIN : map_err(errno);
    return 0;
}
#else
int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    (void)q;
    (void)buf;
    (void)msg_size;
    (void)max_msgs;
    return RTB_ERR_NOTSUP;
}

int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    (void)q;
    (void)msg;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    (void)q;
    (void)msg;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}
#endif

/* ---- heap ------------------------------------------------------------------------- */

void *rtb_malloc(size_t bytes)
{
    return malloc(bytes);
}

void rtb_free(void *p)
{
    free(p);
}

/* ---- software interrupt: a signal delivered to the triggering thread --------- */

#define RTB_IRQ_SIGNAL SIGUSR1

static rtb_isr_t isr_handler;
static void *isr_arg;
static volatile sig_atomic_t isr_count;

static void on_signal(int sig)
{
    int saved = errno;

    (void)sig;
    in_isr = 1;
    if (isr_handler != NULL)
        isr_handler(isr_arg);
    in_isr = 0;
    isr_count++;
    errno = saved;
}

int rtb_irq_install(rtb_isr_t handler, void *arg)
{
    static int installed;
    struct sigaction sa;

    if (handler == NULL)
        return RTB_ERR_INVAL;
    isr_handler = handler;
    isr_arg = arg;
    if (!installed) {
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        if (sigaction(RTB_IRQ_SIGNAL, &sa, NULL) != 0)
            return map_err(errno);
        installed = 1;
    }
    return 0;
}

int rtb_irq_trigger(void)
{
    sig_atomic_t before = isr_count;
    int e;

    if (isr_handler == NULL)
        return RTB_ERR_STATE;
    if (in_isr)
        return RTB_ERR_PERM;
    /* Sent to the calling thread itself, the signal is delivered on the way
     * back from the tgkill system call, before pthread_kill returns. */
    e = pthread_kill(pthread_self(), RTB_IRQ_SIGNAL);
    if (e != 0)
        return map_err(e);
    return isr_count != before ? 0 : RTB_ERR_STATE;
}

int rtb_in_isr(void)
{
    return in_isr;
}
