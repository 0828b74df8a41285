/*
 * rtbench - the POSIX port: the contract of rtb/port.h over pthreads, POSIX
 * semaphores, POSIX message queues, malloc and a signal as the software
 * interrupt. What each call maps to, and what is n/a and why, is in
 * docs/ports/posix.md. This file: the process set-up, capabilities,
 * identity, console, exit and heap; threads.c, sync.c, msgq.c and irq.c hold
 * the objects.
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

int rtb_posix_rt_fifo;  /* SCHED_FIFO obtained for the benchmark threads */
static int pinned = -1; /* the CPU all threads run on, -1 if not pinned */
static int prio_base;   /* SCHED_FIFO priority of rtbench priority 0 */
static int dma_fd = -1; /* /dev/cpu_dma_latency held open at 0 */
static char sched_desc[160];
static char rt_why[120];
static const char *mq_why; /* NULL when POSIX message queues work here */

static __thread int last_errno; /* behind the last RTB_ERR_PORT of this thread */

/* errno -> rtb_err; unknown codes become RTB_ERR_PORT with the errno kept. */
int rtb_posix_map_err(int e)
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

int rtb_posix_fifo_prio(int prio)
{
    return prio_base + prio;
}

/* An absolute time `us` from now on `clock`. */
void rtb_posix_abs_timeout(clockid_t clock, rtb_timeout_t us, struct timespec *ts)
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
    struct sched_param param;
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
    memset(&param, 0, sizeof param);
    param.sched_priority = rtb_posix_fifo_prio(RTB_PRIO_MAX);
    e = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
    if (e == 0) {
        param.sched_priority = rtb_posix_fifo_prio(RTB_PRIO_MAIN);
        e = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
    }
    if (e != 0) {
        snprintf(buf, sizeof buf, "SCHED_OTHER(SCHED_FIFO:%s)", strerror(e));
        append(buf);
        return;
    }
    rtb_posix_rt_fifo = 1;
    snprintf(buf, sizeof buf, "SCHED_FIFO/%d-%d", rtb_posix_fifo_prio(RTB_PRIO_MIN),
             rtb_posix_fifo_prio(RTB_PRIO_MAX));
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
    if (!rtb_posix_rt_fifo)
        prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL); /* 1 ns timer slack under SCHED_OTHER */
#endif
    if (!rtb_posix_rt_fifo)
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
    case RTB_CAP_SUSPEND_SELF:
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
        if (rtb_posix_rt_fifo && pinned >= 0)
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
    case RTB_CAP_IRQ_LOCK:
        why = "a process cannot mask interrupts (only the kernel can)";
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

/* ---- heap ------------------------------------------------------------------------- */

void *rtb_malloc(size_t bytes)
{
    return malloc(bytes);
}

void rtb_free(void *p)
{
    free(p);
}
