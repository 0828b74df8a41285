/*
 * rtbench tests - an RTOS adapter against the contract of rtb/port.h, call
 * by call, on the target with the real kernel (no benchmark): the failure
 * paths the benchmarks never take (a bounded give at its limit, an unlock by
 * a non-owner, a second start, joins that may not wait, a wait from the
 * interrupt handler, full queues) and the scheduling the benchmarks assume
 * (a start or resume of a more urgent thread runs it before the call
 * returns), and that rtb_irq_lock really masks and nests (PRIMASK or
 * BASEPRI read back after each call).
 *
 * rtbench's build compiles no kernel, so this runs in an adapter's check
 * application, not in `make test`: a second firmware linking the adapter's
 * library, this file and -Wl,--wrap=rtb_main (the adapter's runner thread
 * then calls __wrap_rtb_main below instead of the suite). It prints through
 * rtb_port_write and ends with "contract: N passed, N failed"; exit status 0
 * only when every check passed. docs/ports/rtthread.md shows the CMake.
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/port.h"

static void out(const char *s)
{
    size_t n = 0;

    while (s[n])
        n++;
    rtb_port_write(s, n);
}

#define CHECK_FREESTANDING
#define CHECK_WRITE(s) out(s)
#include "check.h"

#define HELPER_PRIO_HIGH (RTB_PRIO_MAIN + 2)
#define HELPER_PRIO_LOW (RTB_PRIO_MAIN - 2)
#define SHORT_US 30000 /* a few ticks at 100 Hz */

static rtb_sem_t gate, isr_sem;
static rtb_mutex_t mtx;
static rtb_thread_t helper;
static volatile int runs, isr_in, isr_wait_rc, isr_give_rc, isr_sleep_rc, peer_rc;
static volatile int isr_lock_rc, isr_events_rc, isr_get_rc;
static rtb_events_t isr_ev; /* zeroed: an adapter may read its storage at init */
static rtb_fifo_t isr_fifo;

static void wait_gate(void *arg)
{
    (void)arg;
    runs++;
    (void)rtb_sem_take(&gate, RTB_FOREVER);
    runs++;
}

static void count_once(void *arg)
{
    (void)arg;
    runs++;
}

static void suspend_loop(void *arg)
{
    (void)arg;
    for (;;) {
        runs++;
        if (rtb_thread_suspend(NULL) != 0)
            return;
    }
}

static void unlock_other(void *arg)
{
    (void)arg;
    peer_rc = rtb_mutex_unlock(&mtx) * 100 + rtb_mutex_lock(&mtx, RTB_NO_WAIT);
}

static void lock_unlock(void *arg)
{
    (void)arg;
    if (rtb_mutex_lock(&mtx, RTB_FOREVER) == 0 && rtb_mutex_unlock(&mtx) == 0)
        runs += 10;
}

static int make(rtb_entry_t fn, int prio)
{
    return rtb_thread_create(&helper, "probe", fn, NULL, prio, 0, rtb_helper_stack(0),
                             RTB_CONFIG_STACK_SIZE);
}

static void test_semaphore(void)
{
    CHECK_EQ(rtb_sem_init(&gate, 3, 2), RTB_ERR_INVAL);
    CHECK_EQ(rtb_sem_init(&gate, 0, 2), RTB_OK);
    CHECK_EQ(rtb_sem_give(&gate), RTB_OK);
    CHECK_EQ(rtb_sem_give(&gate), RTB_OK);
    CHECK_EQ(rtb_sem_give(&gate), RTB_ERR_OVERFLOW); /* the limit */
    CHECK_EQ(rtb_sem_take(&gate, RTB_NO_WAIT), RTB_OK);
    CHECK_EQ(rtb_sem_take(&gate, RTB_NO_WAIT), RTB_OK);
    CHECK_EQ(rtb_sem_take(&gate, RTB_NO_WAIT), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_sem_take(&gate, SHORT_US), RTB_ERR_TIMEOUT);
    CHECK_EQ(rtb_sem_init(&gate, 1, 1), RTB_OK); /* init again */
    CHECK_EQ(rtb_sem_take(&gate, RTB_NO_WAIT), RTB_OK);
}

static void test_threads(void)
{
    runs = 0;
    CHECK_EQ(rtb_sem_init(&gate, 0, 1), RTB_OK);
    CHECK_EQ(rtb_thread_create(&helper, "x", wait_gate, NULL, RTB_PRIO_MAX + 1, 0,
                               rtb_helper_stack(0), RTB_CONFIG_STACK_SIZE),
             RTB_ERR_INVAL);
    CHECK_EQ(make(wait_gate, HELPER_PRIO_HIGH), RTB_OK);
    CHECK_EQ(runs, 0);                                              /* created: not running */
    CHECK_EQ(rtb_thread_join(&helper, RTB_NO_WAIT), RTB_ERR_STATE); /* never started */
    CHECK_EQ(rtb_thread_start(&helper), RTB_OK);
    CHECK_EQ(runs, 1); /* more urgent: ran before start returned, now blocked */
    CHECK_EQ(rtb_thread_start(&helper), RTB_ERR_STATE);
    CHECK_EQ(rtb_thread_resume(&helper), RTB_ERR_STATE); /* blocked, not suspended */
    CHECK_EQ(rtb_thread_join(&helper, RTB_NO_WAIT), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_thread_join(&helper, SHORT_US), RTB_ERR_TIMEOUT);
    CHECK_EQ(rtb_sem_give(&gate), RTB_OK);
    CHECK_EQ(runs, 2); /* woken and ended inside the give */
    CHECK_EQ(rtb_thread_join(&helper, RTB_FOREVER), RTB_OK);
    CHECK_EQ(rtb_thread_join(&helper, RTB_NO_WAIT), RTB_ERR_STATE); /* joined */

    /* a less urgent thread runs when the caller blocks */
    runs = 0;
    CHECK_EQ(make(count_once, HELPER_PRIO_LOW), RTB_OK);
    CHECK_EQ(rtb_thread_start(&helper), RTB_OK);
    CHECK_EQ(runs, 0);
    CHECK_EQ(rtb_thread_join(&helper, RTB_FOREVER), RTB_OK);
    CHECK_EQ(runs, 1);

    /* suspend and resume: each resume runs the more urgent thread once */
    runs = 0;
    CHECK_EQ(make(suspend_loop, HELPER_PRIO_HIGH), RTB_OK);
    CHECK_EQ(rtb_thread_start(&helper), RTB_OK);
    CHECK_EQ(runs, 1);
    CHECK_EQ(rtb_thread_resume(&helper), RTB_OK);
    CHECK_EQ(runs, 2);
    CHECK_EQ(rtb_thread_resume(&helper), RTB_OK);
    CHECK_EQ(runs, 3);
    CHECK_EQ(rtb_thread_abort(&helper), RTB_OK); /* suspended */
    CHECK_EQ(rtb_thread_abort(&helper), RTB_ERR_STATE);
    CHECK_EQ(rtb_thread_resume(&helper), RTB_ERR_STATE);
    CHECK_EQ(rtb_thread_join(&helper, RTB_NO_WAIT), RTB_OK);

    /* abort of a thread blocked on a semaphore, then create it again */
    runs = 0;
    CHECK_EQ(make(wait_gate, HELPER_PRIO_HIGH), RTB_OK);
    CHECK_EQ(rtb_thread_start(&helper), RTB_OK);
    CHECK_EQ(rtb_thread_abort(&helper), RTB_OK);
    CHECK_EQ(rtb_sem_give(&gate), RTB_OK); /* nobody waits any more: counted */
    CHECK_EQ(runs, 1);
    CHECK_EQ(rtb_thread_join(&helper, RTB_FOREVER), RTB_OK);
    CHECK_EQ(rtb_sem_take(&gate, RTB_NO_WAIT), RTB_OK);
}

/* ---- the thread state table: every thread call in every state ------------
 * A helper is put in one state (fresh for each call: the call may change
 * it), one call is made, its result checked against what rtb/port.h says,
 * then the helper is aborted and joined back to FREE. The states a benchmark
 * never leaves a thread in matter most: a handle never created, ended,
 * aborted, or joined (stale) must give RTB_ERR_STATE, never reach the
 * kernel. */

enum st { ST_NEVER, ST_CREATED, ST_BLOCKED, ST_SUSPENDED, ST_ENDED, ST_ABORTED, ST_JOINED, ST_N };
enum op { OP_CREATE, OP_START, OP_SUSPEND, OP_RESUME, OP_SET_PRIO, OP_ABORT, OP_JOIN, OP_N };

static const char *const st_name[ST_N] = {"never created", "created", "blocked", "suspended",
                                          "ended",         "aborted", "joined"};
static const char *const op_name[OP_N] = {"create",   "start", "suspend",      "resume",
                                          "set_prio", "abort", "join(no wait)"};

#define OK RTB_OK
#define ST RTB_ERR_STATE
#define AG RTB_ERR_AGAIN
/* ANY: the kernel decides (suspend of a thread blocked or already
 * suspended: FreeRTOS and ThreadX suspend it, RT-Thread 3.1 refuses) -
 * RTB_OK or RTB_ERR_STATE, and nothing undefined. */
#define ANY 1
static const int st_want[ST_N][OP_N] = {
    /*             create start suspend resume set_prio abort join */
    /* never   */ {OK, ST, ST, ST, ST, ST, ST},
    /* created */ {ST, OK, ST, ST, OK, OK, ST},
    /* blocked */ {ST, ST, ANY, ST, OK, OK, AG},
    /* susp.   */ {ST, ST, ANY, OK, OK, OK, AG},
    /* ended   */ {ST, ST, ST, ST, ST, OK, OK},
    /* aborted */ {ST, ST, ST, ST, ST, ST, OK},
    /* joined  */ {OK, ST, ST, ST, ST, ST, ST},
};

static rtb_thread_t st_thread, st_never[OP_N]; /* st_never: zeroed, never created */

static int st_make(rtb_thread_t *t, rtb_entry_t fn)
{
    return rtb_thread_create(t, "state", fn, NULL, HELPER_PRIO_HIGH, 0, rtb_helper_stack(0),
                             RTB_CONFIG_STACK_SIZE);
}

/* Put st_thread in state `s` (st_never[o] for ST_NEVER): the thread, or
 * NULL when a step of the way failed (counted as a failed check). */
static rtb_thread_t *st_enter(enum st s, enum op o)
{
    rtb_thread_t *t = &st_thread;
    int rc = RTB_OK;

    if (s == ST_NEVER)
        return &st_never[o];
    if (rtb_sem_init(&gate, 0, 1) != RTB_OK)
        rc = RTB_ERR_PORT;
    if (rc == RTB_OK)
        rc = st_make(t, s == ST_SUSPENDED                 ? suspend_loop
                        : s == ST_ENDED || s == ST_JOINED ? count_once
                                                          : wait_gate);
    if (rc == RTB_OK && s != ST_CREATED)
        rc = rtb_thread_start(t); /* more urgent: blocks, suspends itself or ends at once */
    if (rc == RTB_OK && s == ST_ABORTED)
        rc = rtb_thread_abort(t);
    if (rc == RTB_OK && s == ST_JOINED)
        rc = rtb_thread_join(t, RTB_FOREVER);
    CHECK_EQ(rc, RTB_OK);
    return rc == RTB_OK ? t : NULL;
}

static int st_call(rtb_thread_t *t, enum op o)
{
    switch (o) {
    case OP_CREATE:
        return st_make(t, count_once);
    case OP_START:
        return rtb_thread_start(t);
    case OP_SUSPEND:
        return rtb_thread_suspend(t);
    case OP_RESUME:
        return rtb_thread_resume(t);
    case OP_SET_PRIO:
        return rtb_thread_set_prio(t, HELPER_PRIO_HIGH);
    case OP_ABORT:
        return rtb_thread_abort(t);
    default:
        return rtb_thread_join(t, RTB_NO_WAIT);
    }
}

static void st_report(enum st s, enum op o, int rc)
{
    out("contract: ");
    out(op_name[o]);
    out(" of a thread ");
    out(st_name[s]);
    out(rc < 0 ? " returned -" : " returned ");
    check_write_uint((unsigned)(rc < 0 ? -rc : rc));
    out("\n");
}

static void test_thread_states(void)
{
    int s, o;

    for (s = 0; s < ST_N; s++) {
        for (o = 0; o < OP_N; o++) {
            rtb_thread_t *t = st_enter((enum st)s, (enum op)o);
            int rc, want = st_want[s][o];

            if (t == NULL)
                continue;
            rc = st_call(t, (enum op)o);
            if (want == ANY)
                CHECK(rc == RTB_OK || rc == RTB_ERR_STATE);
            else
                CHECK_EQ(rc, want);
            if (want == ANY ? rc != RTB_OK && rc != RTB_ERR_STATE : rc != want)
                st_report((enum st)s, (enum op)o, rc);
            /* back to FREE, whatever the call did (each may fail: ignored) */
            (void)rtb_thread_abort(t);
            (void)rtb_thread_join(t, RTB_FOREVER);
            CHECK_EQ(rtb_thread_join(t, RTB_NO_WAIT), RTB_ERR_STATE); /* FREE again */
        }
    }
}
#undef OK
#undef ST
#undef AG
#undef ANY

static void test_mutex(void)
{
    static rtb_thread_t medium;

    CHECK_EQ(rtb_mutex_init(&mtx), RTB_OK);
    CHECK_EQ(rtb_mutex_unlock(&mtx), RTB_ERR_PERM); /* nobody owns it */
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_NO_WAIT), RTB_OK);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), RTB_OK); /* recursive */
    peer_rc = 1;
    CHECK_EQ(make(unlock_other, HELPER_PRIO_HIGH), RTB_OK);
    CHECK_EQ(rtb_thread_start(&helper), RTB_OK);
    CHECK_EQ(rtb_thread_join(&helper, RTB_FOREVER), RTB_OK);
    CHECK_EQ(peer_rc, RTB_ERR_PERM * 100 + RTB_ERR_AGAIN); /* not the owner; held */
    CHECK_EQ(rtb_mutex_unlock(&mtx), RTB_OK);
    CHECK_EQ(rtb_mutex_unlock(&mtx), RTB_OK);
    CHECK_EQ(rtb_mutex_unlock(&mtx), RTB_ERR_PERM);

    /* priority inheritance: a more urgent thread blocked on the caller's
     * mutex lifts the caller above a medium one, which runs only after */
    runs = 0;
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_NO_WAIT), RTB_OK);
    CHECK_EQ(make(lock_unlock, HELPER_PRIO_HIGH), RTB_OK);
    CHECK_EQ(rtb_thread_start(&helper), RTB_OK); /* blocks on the mutex */
    CHECK_EQ(rtb_thread_create(&medium, "medium", count_once, NULL, RTB_PRIO_MAIN + 1, 0,
                               rtb_helper_stack(1), RTB_CONFIG_STACK_SIZE),
             RTB_OK);
    CHECK_EQ(rtb_thread_start(&medium), RTB_OK);
    CHECK_EQ(runs, 0); /* the caller inherited the high priority */
    CHECK_EQ(rtb_mutex_unlock(&mtx), RTB_OK);
    CHECK_EQ(runs, 11); /* high took the mutex at once, then medium ran */
    CHECK_EQ(rtb_thread_join(&helper, RTB_FOREVER), RTB_OK);
    CHECK_EQ(rtb_thread_join(&medium, RTB_FOREVER), RTB_OK);
}

static void test_events(void)
{
    static rtb_events_t ev; /* zeroed: an adapter may read its storage at init */
    uint32_t got = 0;

    CHECK_EQ(rtb_events_init(&ev), RTB_OK);
    CHECK_EQ(rtb_events_wait(&ev, 0, RTB_EVENTS_ANY, RTB_NO_WAIT, &got), RTB_ERR_INVAL);
    CHECK_EQ(rtb_events_post(&ev, 0x3u), RTB_OK);
    CHECK_EQ(rtb_events_wait(&ev, 0x6u, RTB_EVENTS_ANY, RTB_NO_WAIT, &got), RTB_OK);
    CHECK_EQ(got, 0x2u);
    CHECK_EQ(rtb_events_wait(&ev, 0x6u, RTB_EVENTS_ALL, RTB_NO_WAIT, &got), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_events_wait(&ev, 0x3u, RTB_EVENTS_ALL, RTB_NO_WAIT, &got), RTB_OK); /* kept */
    CHECK_EQ(got, 0x3u);
    CHECK_EQ(rtb_events_set(&ev, 0x4u), RTB_OK); /* replaces */
    CHECK_EQ(rtb_events_wait(&ev, 0x3u, RTB_EVENTS_ANY, RTB_NO_WAIT, &got), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_events_wait(&ev, 0x4u, RTB_EVENTS_ALL, RTB_NO_WAIT, &got), RTB_OK);
    CHECK_EQ(rtb_events_clear(&ev, 0x4u), RTB_OK);
    CHECK_EQ(rtb_events_wait(&ev, 0x4u, RTB_EVENTS_ANY, SHORT_US, &got), RTB_ERR_TIMEOUT);
}

static void test_queues(void)
{
    static rtb_fifo_t fifo;
    static rtb_lifo_t lifo;
    static rtb_stack_t stk;
    static uintptr_t stk_buf[2];
    static rtb_msgq_t mq;
    static uint32_t mq_buf[2 * 4];
    struct rtb_qlink a, b;
    void *item = NULL;
    uintptr_t v = 0;
    uint32_t msg[4] = {1, 2, 3, 4}, in[4] = {0, 0, 0, 0};

    /* a port without the object (rtb_port_has: n/a in the suite) is not asked for it */
    if (rtb_port_has(RTB_CAP_FIFO, NULL)) {
        CHECK_EQ(rtb_fifo_init(&fifo), RTB_OK);
        CHECK_EQ(rtb_fifo_put(&fifo, &a), RTB_OK);
        CHECK_EQ(rtb_fifo_put(&fifo, &b), RTB_OK);
        CHECK(rtb_fifo_get(&fifo, &item, RTB_NO_WAIT) == RTB_OK && item == &a);
        CHECK(rtb_fifo_get(&fifo, &item, RTB_NO_WAIT) == RTB_OK && item == &b);
        CHECK_EQ(rtb_fifo_get(&fifo, &item, RTB_NO_WAIT), RTB_ERR_AGAIN);
        CHECK_EQ(rtb_fifo_get(&fifo, &item, SHORT_US), RTB_ERR_TIMEOUT);
    }
    if (rtb_port_has(RTB_CAP_LIFO, NULL)) {
        CHECK_EQ(rtb_lifo_init(&lifo), RTB_OK);
        CHECK_EQ(rtb_lifo_put(&lifo, &a), RTB_OK);
        CHECK_EQ(rtb_lifo_put(&lifo, &b), RTB_OK);
        CHECK(rtb_lifo_get(&lifo, &item, RTB_NO_WAIT) == RTB_OK && item == &b);
        CHECK(rtb_lifo_get(&lifo, &item, RTB_NO_WAIT) == RTB_OK && item == &a);
        CHECK_EQ(rtb_lifo_get(&lifo, &item, RTB_NO_WAIT), RTB_ERR_AGAIN);
    }
    if (rtb_port_has(RTB_CAP_STACK, NULL)) {
        CHECK_EQ(rtb_stack_init(&stk, stk_buf, 2), RTB_OK);
        CHECK_EQ(rtb_stack_push(&stk, 1), RTB_OK);
        CHECK_EQ(rtb_stack_push(&stk, 2), RTB_OK);
        CHECK_EQ(rtb_stack_push(&stk, 3), RTB_ERR_OVERFLOW);
        CHECK(rtb_stack_pop(&stk, &v, RTB_NO_WAIT) == RTB_OK && v == 2);
        CHECK(rtb_stack_pop(&stk, &v, RTB_NO_WAIT) == RTB_OK && v == 1);
        CHECK_EQ(rtb_stack_pop(&stk, &v, RTB_NO_WAIT), RTB_ERR_AGAIN);
    }

    CHECK_EQ(rtb_msgq_init(&mq, mq_buf, sizeof msg, 2), RTB_OK);
    CHECK_EQ(rtb_msgq_put(&mq, msg, RTB_NO_WAIT), RTB_OK);
    msg[3] = 40;
    CHECK_EQ(rtb_msgq_put(&mq, msg, RTB_FOREVER), RTB_OK);
    CHECK_EQ(rtb_msgq_put(&mq, msg, RTB_NO_WAIT), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_msgq_put(&mq, msg, SHORT_US), RTB_ERR_TIMEOUT);
    CHECK(rtb_msgq_get(&mq, in, RTB_NO_WAIT) == RTB_OK && in[0] == 1 && in[3] == 4);
    CHECK(rtb_msgq_get(&mq, in, RTB_NO_WAIT) == RTB_OK && in[3] == 40);
    CHECK_EQ(rtb_msgq_get(&mq, in, RTB_NO_WAIT), RTB_ERR_AGAIN);
}

static void in_handler(void *arg)
{
    void *item = NULL;

    (void)arg;
    isr_in = rtb_in_isr();
    isr_give_rc = rtb_sem_give(&isr_sem);
    isr_wait_rc = rtb_sem_take(&gate, SHORT_US); /* may not wait here */
    isr_sleep_rc = rtb_sleep_us(SHORT_US);
    /* the other calls that may wait: none may block the interrupted thread */
    isr_lock_rc = rtb_mutex_lock(&mtx, SHORT_US);
    isr_events_rc = rtb_events_wait(&isr_ev, 1u, RTB_EVENTS_ANY, RTB_FOREVER, NULL);
    isr_get_rc = rtb_fifo_get(&isr_fifo, &item, RTB_FOREVER);
}

static void test_isr_heap_sleep(void)
{
    void *p;

    CHECK_EQ(rtb_in_isr(), 0);
    CHECK_EQ(rtb_sem_init(&isr_sem, 0, 1), RTB_OK);
    CHECK_EQ(rtb_events_init(&isr_ev), RTB_OK); /* no bit set */
    if (rtb_port_has(RTB_CAP_FIFO, NULL))
        CHECK_EQ(rtb_fifo_init(&isr_fifo), RTB_OK); /* empty */
    CHECK_EQ(rtb_irq_install(in_handler, NULL), RTB_OK);
    CHECK_EQ(rtb_irq_trigger(), RTB_OK);
    CHECK_EQ(isr_in, 1);
    CHECK_EQ(isr_give_rc, RTB_OK);
    CHECK_EQ(isr_wait_rc, RTB_ERR_PERM);
    CHECK_EQ(isr_sleep_rc, RTB_ERR_PERM);
    CHECK_EQ(isr_lock_rc, RTB_ERR_PERM);
    CHECK_EQ(isr_events_rc, RTB_ERR_PERM);
    CHECK_EQ(isr_get_rc, RTB_ERR_PERM);
    CHECK_EQ(rtb_sem_take(&isr_sem, RTB_NO_WAIT), RTB_OK);

    p = rtb_malloc(100);
    CHECK(p != NULL);
    rtb_free(p);
    rtb_free(NULL);
    CHECK(rtb_malloc(1u << 30) == NULL);
    CHECK_EQ(rtb_sleep_us(SHORT_US), RTB_OK);
}

/* PRIMASK set, or BASEPRI non-zero (the ARMv7-M/ARMv8-M mainline ports that
 * mask by priority): interrupts of the kernel's priorities are masked. */
static int cpu_masked(void)
{
    unsigned primask, basepri = 0;

    __asm volatile("mrs %0, primask" : "=r"(primask));
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)
    __asm volatile("mrs %0, basepri" : "=r"(basepri));
#endif
    return (primask & 1u) != 0 || basepri != 0;
}

static void test_irq_lock(void)
{
    unsigned outer, inner;
    int before, locked, nested, after_inner, after;

    CHECK_EQ(rtb_port_has(RTB_CAP_IRQ_LOCK, NULL), 1);
    before = cpu_masked();
    outer = rtb_irq_lock();
    locked = cpu_masked();
    inner = rtb_irq_lock();
    nested = cpu_masked();
    rtb_irq_unlock(inner);
    after_inner = cpu_masked(); /* the inner unlock restores the outer lock */
    rtb_irq_unlock(outer);
    after = cpu_masked();
    CHECK_EQ(before, 0);
    CHECK_EQ(locked, 1);
    CHECK_EQ(nested, 1);
    CHECK_EQ(after_inner, 1);
    CHECK_EQ(after, 0);
    CHECK_EQ(rtb_irq_trigger(), RTB_OK); /* the default handler: interrupts work again */
}

int __wrap_rtb_main(const struct rtb_run_config *cfg);

int __wrap_rtb_main(const struct rtb_run_config *cfg)
{
    (void)cfg;
    out("contract: semaphore\n");
    test_semaphore();
    out("contract: threads\n");
    test_threads();
    out("contract: thread states\n");
    test_thread_states();
    out("contract: mutex\n");
    test_mutex();
    out("contract: events\n");
    test_events();
    out("contract: queues\n");
    test_queues();
    out("contract: irq_lock\n");
    test_irq_lock();
    out("contract: isr_heap_sleep\n");
    test_isr_heap_sleep();
    return check_summary("contract");
}
