/*
 * rtbench host - which foreign metric is which rtbench id (metric_map.h).
 *
 * A line of the table is an operation the foreign tool measures exactly as
 * the rtbench id does (the same calls, the same start and end of the timed
 * window, as the tool's source and README say); one that only resembles it
 * stays out and keeps its namespaced name. docs/cli.md (`import`) lists
 * what is and is not mapped.
 */
#include "import/metric_map.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define LM "latency_measure"
#define TI "timing_info"
#define TM "thread_metric"
#define OP "osperf"

/* The same row for the four directions between kernel (K) and user (U) threads. */
#define DIRS(tool, name, close, id)                                                                \
    {tool, name "K -> K" close, id ".k_to_k"}, {tool, name "U -> U" close, id ".u_to_u"},          \
        {tool, name "K -> U" close, id ".k_to_u"},                                                 \
    {                                                                                              \
        tool, name "U -> K" close, id ".u_to_k"                                                    \
    }
/* "<Op> kernel thread from user thread" and the three other pairs. */
#define FROM(tool, op, id)                                                                         \
    {tool, op " kernel thread from kernel thread", id ".kernel.from.kernel"},                      \
        {tool, op " user thread from kernel thread", id ".user.from.kernel"},                      \
        {tool, op " user thread from user thread", id ".user.from.user"},                          \
    {                                                                                              \
        tool, op " kernel thread from user thread", id ".kernel.from.user"                         \
    }

static const struct {
    const char *tool, *foreign, *id;
} table[] = {
    /* latency_measure, Zephyr 1.x to 2.3: "| <name> N tcs = M nsec |" */
    {LM, "switching time is", "isr.resume.interrupted.thread.kernel"},
    {LM, "switch time is", "isr.resume.different.thread.kernel"},
    {LM, "Average semaphore signal time", "semaphore.give.immediate.kernel"},
    {LM, "Average semaphore test time", "semaphore.take.immediate.kernel"},
    {LM, "Average time to lock the mutex", "mutex.lock.immediate.recursive.kernel"},
    {LM, "Average time to unlock the mutex", "mutex.unlock.immediate.recursive.kernel"},
    {LM, "Average thread context switch using yield", "thread.yield.preemptive.ctx.k_to_k"},
    {LM, "Average context switch time is", "thread.yield.cooperative.ctx.k_to_k"},
    /* latency_measure, Zephyr 2.3 to 3.4: "<name> : N cycles , M ns" (and
     * recording.csv); "Average semaphore ..." and the yield as above */
    {LM, "Average context switch time between threads (coop)",
     "thread.yield.cooperative.ctx.k_to_k"},
    {LM, "Switch from ISR back to interrupted thread", "isr.resume.interrupted.thread.kernel"},
    {LM, "Time from ISR to executing a different thread", "isr.resume.different.thread.kernel"},
    {LM, "Time to create a thread (without start)", "thread.create.kernel.from.kernel"},
    {LM, "Time to start a thread", "thread.start.kernel.from.kernel"},
    {LM, "Time to suspend a thread", "thread.suspend.kernel.from.kernel"},
    {LM, "Time to resume a thread", "thread.resume.kernel.from.kernel"},
    {LM, "Time to abort a thread (not running)", "thread.abort.kernel.from.kernel"},
    {LM, "Semaphore take time (context switch)", "semaphore.take.blocking.k_to_k"},
    {LM, "Semaphore give time (context switch)", "semaphore.give.wake+ctx.k_to_k"},
    {LM, "Average time to lock a mutex", "mutex.lock.immediate.recursive.kernel"},
    {LM, "Average time to unlock a mutex", "mutex.unlock.immediate.recursive.kernel"},
    {LM, "Average time for heap malloc", "heap.malloc.immediate"},
    {LM, "Average time for heap free", "heap.free.immediate"},
    /* latency_measure, Zephyr 3.5: "<name> : N cycles , M ns :" */
    DIRS(LM, "Preemptive threads ctx switch via k_yield (", ")", "thread.yield.preemptive.ctx"),
    DIRS(LM, "Cooperative threads ctx switch via k_yield (", ")", "thread.yield.cooperative.ctx"),
    {LM, "Switch from ISR to another thread (kernel)", "isr.resume.different.thread.kernel"},
    {LM, "Switch from ISR to another thread (user)", "isr.resume.different.thread.user"},
    FROM(LM, "Create", "thread.create"),
    FROM(LM, "Start", "thread.start"),
    FROM(LM, "Suspend", "thread.suspend"),
    FROM(LM, "Resume", "thread.resume"),
    FROM(LM, "Abort", "thread.abort"),
    {LM, "Give a semaphore (no waiters) from kernel thread", "semaphore.give.immediate.kernel"},
    {LM, "Take a semaphore (no blocking) from kernel thread", "semaphore.take.immediate.kernel"},
    {LM, "Give a semaphore (no waiters) from user thread", "semaphore.give.immediate.user"},
    {LM, "Take a semaphore (no blocking) from user thread", "semaphore.take.immediate.user"},
    DIRS(LM, "Take a semaphore (context switch ", ")", "semaphore.take.blocking"),
    DIRS(LM, "Give a semaphore (context switch ", ")", "semaphore.give.wake+ctx"),
    {LM, "Lock a mutex from kernel thread", "mutex.lock.immediate.recursive.kernel"},
    {LM, "Unlock a mutex from kernel thread", "mutex.unlock.immediate.recursive.kernel"},
    {LM, "Lock a mutex from user thread", "mutex.lock.immediate.recursive.user"},
    {LM, "Unlock a mutex from user thread", "mutex.unlock.immediate.recursive.user"},
    /* timing_info (Zephyr 1.9 to 2.3): one call timed; only those whose
     * window is latency_measure's (README: "the time to complete the
     * function call", or the give that wakes the waiter up to its running) */
    {TI, "Semaphore Give with context switch", "semaphore.give.wake+ctx.k_to_k"},
    {TI, "Semaphore Take without context switch", "semaphore.take.immediate.kernel"},
    {TI, "Semaphore Give without context switch", "semaphore.give.immediate.kernel"},
    {TI, "Heap Malloc", "heap.malloc.immediate"},
    {TI, "Heap Free", "heap.free.immediate"},
    /* Thread-Metric (ThreadX, Zephyr): "**** Thread-Metric <name> Test ****";
     * rtbench's tm.* are its eight tests (docs/benchmarks.md) */
    {TM, "Basic Single Thread Processing", "tm.basic"},
    {TM, "Cooperative Scheduling", "tm.cooperative"},
    {TM, "Preemptive Scheduling", "tm.preemptive"},
    {TM, "Interrupt Processing", "tm.interrupt"},
    {TM, "Interrupt Preemption Processing", "tm.interrupt_preemption"},
    {TM, "Message Processing", "tm.message"},
    {TM, "Synchronization Processing", "tm.synchronization"},
    {TM, "Memory Allocation", "tm.memory"},
    /* NuttX apps/benchmarks/osperf: each window as in osperf.c (pthread-switch:
     * sem_post to a more urgent waiter, up to its running; semwait on a count
     * of 2; sempost with no waiter); context-switch, pthread-create, hpwork,
     * poll-write, pipe-rw have no rtbench counterpart */
    {OP, "pthread-switch", "semaphore.give.wake+ctx.k_to_k"},
    {OP, "semwait", "semaphore.take.immediate.kernel"},
    {OP, "sempost", "semaphore.give.immediate.kernel"},
    /* zephyrproject-rtos/rtos-benchmark (rtos_benchmark.c), each call timed
     * alone: a semaphore given with no waiter and taken while available
     * (bench_sem_signal_release_test.c); a mutex its owner locks and unlocks
     * again (the "Recursive" rows of bench_mutex_lock_unlock_test.c), as
     * latency_measure's recursive lock/unlock; bench_malloc/bench_free (on
     * Zephyr k_malloc/k_free) as heap.*. Not mapped: the owner-less lock and
     * unlock, the pend/unpend, thread and yield rows (not compared window
     * by window with an rtbench id) */
    {"rtos_benchmark", "Semaphore stats: Give (no context switch)",
     "semaphore.give.immediate.kernel"},
    {"rtos_benchmark", "Semaphore stats: Take (no context switch)",
     "semaphore.take.immediate.kernel"},
    {"rtos_benchmark", "Mutex Stats: Recursive lock", "mutex.lock.immediate.recursive.kernel"},
    {"rtos_benchmark", "Mutex Stats: Recursive unlock", "mutex.unlock.immediate.recursive.kernel"},
    {"rtos_benchmark", "Allocation stats: Malloc", "heap.malloc.immediate"},
    {"rtos_benchmark", "Allocation stats: Free", "heap.free.immediate"},
    /* RTEMS's timing tests (rtems.c), by test (the tool "rtems.<test>") and
     * put_time() message, from each test's source at RTEMS 181e86a1: psxtmsem02
     * times one sem_post with no waiter (count 0 -> 1) and one sem_trywait on a
     * count of 1; tm01 averages 10,000 obtains of an available counting
     * semaphore (RTEMS_WAIT, never blocking) and 20,000 releases with no
     * waiter, its loop subtracted; rhilatency times from Cause_tm27_intr() to
     * the handler's first statement (the timer's own read subtracted);
     * rhsemshuffle subtracts the same loop without the semaphore and halves,
     * as rtbench's semaphore_shuffle. Not mapped: the other Rhealstone rows
     * (task switch less the directive's own cost, preemption by a resume,
     * deadlock break and message latency less their overheads: other windows),
     * the mutex rows (an unowned mutex, not rtbench's nested lock) and every
     * other row */
    {"rtems.psxtmsem02", "sem_post: no threads waiting", "semaphore.give.immediate.kernel"},
    {"rtems.psxtmsem02", "sem_trywait: available", "semaphore.take.immediate.kernel"},
    {"rtems.tm01", "rtems_semaphore_release: no waiting tasks", "semaphore.give.immediate.kernel"},
    {"rtems.tm01", "rtems_semaphore_obtain: available", "semaphore.take.immediate.kernel"},
    {"rtems.rhilatency", "Rhealstone: Interrupt Latency", "rhealstone.interrupt_latency"},
    {"rtems.rhsemshuffle", "Rhealstone: Semaphore Shuffle", "rhealstone.semaphore_shuffle"},
    /* RTOSBench (rtosbench.c), a section's title: sem.c's waiter (more urgent)
     * blocks on an empty semaphore up to the signaller's return from its
     * previous signal, and the signal that wakes it up to its wait's return;
     * sem_processing.c's signal with no waiter and wait while available;
     * round_robin.c's yield to the next of five equals up to its own yield's
     * return. Not mapped: the mutex and mq tests (a blocking lock, a queue's
     * copy: no rtbench id), sem_prio, the PIP, workload and interrupt tests */
    {"rtosbench", "Sem: Wait block", "semaphore.take.blocking.k_to_k"},
    {"rtosbench", "Sem: Signal unblock", "semaphore.give.wake+ctx.k_to_k"},
    {"rtosbench", "Sem: Signal", "semaphore.give.immediate.kernel"},
    {"rtosbench", "Sem: Wait", "semaphore.take.immediate.kernel"},
    {"rtosbench", "round robin context switch results", "thread.yield.preemptive.ctx.k_to_k"},
    /* rtla timerlat hist (rtla_timerlat.c): none; its windows start at a
     * timer's expiry and end in a per-CPU IRQ handler or thread, which no
     * rtbench id times (timer.deviation is a thread's relative sleep) */
    /* zbus benchmark (zbus.c, zbus_console.c): the style of a point, whose
     * id goes on .c<consumers>.s<size>; 256 KiB from a producer to N
     * observers of one channel, as msgq.* times a producer and N consumers
     * (docs/benchmarks.md says how the work differs). LISTENERS (SYNC before
     * Zephyr 3.5): callbacks in the publisher's thread; SUBSCRIBERS (ASYNC):
     * threads woken per publish. MSG_SUBSCRIBERS (a copy of each message
     * queued per subscriber) keeps zbus.msg_subscribers */
    {"zbus", "SYNC", "msgq.sync"},
    {"zbus", "ASYNC", "msgq.async"},
    {"zbus", "LISTENERS", "msgq.sync"},
    {"zbus", "SUBSCRIBERS", "msgq.async"},
};

const char *metric_map_find(const char *tool, const char *foreign)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].tool, tool) == 0 && strcmp(table[i].foreign, foreign) == 0)
            return table[i].id;
    return NULL;
}

/* latency_measure of Zephyr 3.6 prints "<OBJECT> <id rest>", the id's first
 * word in capitals and the direction as "(K -> U)": "FIFO put.wake+ctx.(K -> U)"
 * is fifo.put.wake+ctx.k_to_u ("THREAD suspend user.from.user": a blank for a
 * dot). The id spelled, or NULL if FOREIGN is not of that form. */
static char *spelled_id(const char *foreign)
{
    size_t w = 0;
    while (isupper((unsigned char)foreign[w]))
        w++;
    if (w < 3 || foreign[w] != ' ' || !strchr(foreign + w, '.'))
        return NULL;
    char *id = xmalloc(strlen(foreign) + 1), *o = id;
    for (size_t i = 0; i < w; i++)
        *o++ = (char)tolower((unsigned char)foreign[i]);
    *o++ = '.';
    for (const char *s = foreign + w + 1; *s; s++) {
        if (s[0] == '(' && isupper((unsigned char)s[1]) && strncmp(s + 2, " -> ", 4) == 0 &&
            isupper((unsigned char)s[6]) && s[7] == ')') {
            *o++ = (char)tolower((unsigned char)s[1]);
            memcpy(o, "_to_", 4);
            o += 4;
            *o++ = (char)tolower((unsigned char)s[6]);
            s += 7;
        } else if (*s == ' ') {
            *o++ = '.';
        } else if (islower((unsigned char)*s) || isdigit((unsigned char)*s) || strchr("._+", *s)) {
            *o++ = *s;
        } else {
            free(id);
            return NULL;
        }
    }
    *o = '\0';
    return id;
}

/* "<tool>.<slug>": letters and digits in lower case, every other run of
 * bytes one '_', at most 96 bytes of name. */
char *metric_map_namespaced(const char *tool, const char *foreign)
{
    char slug[97];
    size_t n = 0;
    for (const char *s = foreign; *s && n < sizeof slug - 1; s++) {
        if (isalnum((unsigned char)*s))
            slug[n++] = (char)tolower((unsigned char)*s);
        else if (n && slug[n - 1] != '_')
            slug[n++] = '_';
    }
    while (n && slug[n - 1] == '_')
        n--;
    slug[n] = '\0';
    return xasprintf("%s.%s", tool, n ? slug : "unnamed");
}

/* latency_measure since Zephyr 4.0 names a row by its rtbench id
 * ("thread.yield.preemptive.ctx.k_to_k", as twister's recordings keep it):
 * lower-case words of letters, digits, '_', '+' and '-' joined by single dots. */
static int is_id(const char *s)
{
    int dots = 0;
    if (!islower((unsigned char)*s))
        return 0;
    for (; *s; s++)
        if (*s == '.' && (s[1] == '.' || s[1] == '\0'))
            return 0;
        else if (*s == '.')
            dots++;
        else if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && !strchr("_+-", *s))
            return 0;
    return dots > 0;
}

char *metric_map_id(const char *tool, const char *foreign)
{
    const char *id = metric_map_find(tool, foreign);
    if (id)
        return xstrdup(id);
    if (strcmp(tool, LM) == 0 && is_id(foreign))
        return xstrdup(foreign);
    char *spelled = strcmp(tool, LM) == 0 ? spelled_id(foreign) : NULL;
    return spelled ? spelled : metric_map_namespaced(tool, foreign);
}

void metric_map_name(struct metric *m, const char *tool, const char *foreign)
{
    if (!m->desc)
        m->desc = xstrdup(foreign);
    metric_extra_set(m, "tool", tool);
    metric_extra_set(m, "foreign", foreign);
}
