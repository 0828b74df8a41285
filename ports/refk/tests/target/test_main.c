/*
 * refk tests under QEMU: the kernel's objects through the porting contract
 * (ports/refk/port.c), with real assertions. Built by ports/refk/CMakeLists.txt
 * as rtbench-refk-tests-<board>.elf; prints one line per failed check, one
 * per test, then "N passed, N failed" (checks, tests/include/check.h), and
 * exits 0 when every check passed, else 1.
 *
 * The tests run in a thread at TEST_PRIO; helpers run above (HI*) or below
 * (LO) it, so "woken and ran" and "still blocked" are visible from the
 * order in which shared variables change.
 */
#include <stdint.h>

#include "refk.h"
#include "rtb/config.h"
#include "rtb/port.h"
#include "rtb/timer.h"
#include "rtb_cm_board.h"
#include "semihost.h"

/* The tests' harness (tests/include/check.h) writes to the console. */
#define CHECK_FREESTANDING
#define CHECK_WRITE(s) rtb_cm_console_puts(s)
#include "check.h"

#define TEST_PRIO 10
#define LO 5
#define HI 20
#define HI2 21
#define HI3 22
#define NHELP 4
/* The suite's stack sizes, which a small board sets (board.cmake) */
#define HELP_STACK RTB_CONFIG_STACK_SIZE

static uint64_t help_stack[NHELP][HELP_STACK / 8u];
static rtb_thread_t help[NHELP];

static void out(const char *s)
{
    rtb_cm_console_puts(s);
}

static int spawn(unsigned i, rtb_entry_t fn, void *arg, int prio, unsigned flags)
{
    int rc = rtb_thread_create(&help[i], "help", fn, arg, prio, flags, help_stack[i],
                               sizeof help_stack[i]);
    if (rc == 0)
        rc = rtb_thread_start(&help[i]);
    return rc;
}

/* ---- shared record of what helpers did ------------------------------------ */

static volatile int order[8];
static volatile unsigned norder;
static volatile int flag;
static volatile int rcs[NHELP];

static void record(int id)
{
    if (norder < 8)
        order[norder++] = id;
}

static void reset_record(void)
{
    unsigned i;
    norder = 0;
    flag = 0;
    for (i = 0; i < 8; i++)
        order[i] = -1;
    for (i = 0; i < NHELP; i++)
        rcs[i] = 99;
}

/* ---- wake order ----------------------------------------------------------- */

static rtb_sem_t sem;

struct waiter {
    int id;
    int slot;
};

static void sem_waiter(void *arg)
{
    const struct waiter *w = arg;
    rcs[w->slot] = rtb_sem_take(&sem, RTB_FOREVER);
    record(w->id);
}

static void test_wake_priority_order(void)
{
    static struct waiter w[3] = {{12, 0}, {14, 1}, {13, 2}};
    unsigned i;
    reset_record();
    CHECK_EQ(rtb_sem_init(&sem, 0, 10), 0);
    /* more urgent than the test: each runs at start and blocks in take */
    for (i = 0; i < 3; i++)
        CHECK_EQ(spawn(i, sem_waiter, &w[i], HI + w[i].id - 12, 0), 0);
    CHECK_EQ(norder, 0u);
    for (i = 0; i < 3; i++)
        CHECK_EQ(rtb_sem_give(&sem), 0); /* each give switches to one waiter */
    CHECK_EQ(norder, 3u);
    CHECK_EQ(order[0], 14);
    CHECK_EQ(order[1], 13);
    CHECK_EQ(order[2], 12);
    for (i = 0; i < 3; i++) {
        CHECK_EQ(rtb_thread_join(&help[i], RTB_FOREVER), 0);
        CHECK_EQ(rcs[i], 0);
    }
}

static void test_wake_fifo_within_priority(void)
{
    static struct waiter w[3] = {{1, 0}, {2, 1}, {3, 2}};
    unsigned i;
    reset_record();
    CHECK_EQ(rtb_sem_init(&sem, 0, 10), 0);
    for (i = 0; i < 3; i++)
        CHECK_EQ(spawn(i, sem_waiter, &w[i], HI, 0), 0);
    for (i = 0; i < 3; i++)
        CHECK_EQ(rtb_sem_give(&sem), 0);
    CHECK_EQ(norder, 3u);
    CHECK_EQ(order[0], 1);
    CHECK_EQ(order[1], 2);
    CHECK_EQ(order[2], 3);
    for (i = 0; i < 3; i++)
        CHECK_EQ(rtb_thread_join(&help[i], RTB_FOREVER), 0);
}

/* ---- semaphore counting --------------------------------------------------- */

static void test_sem_counts(void)
{
    CHECK_EQ(rtb_sem_init(&sem, 1, 2), 0);
    CHECK_EQ(rtb_sem_give(&sem), 0);
    CHECK_EQ(rtb_sem_give(&sem), RTB_ERR_OVERFLOW);
    CHECK_EQ(rtb_sem_take(&sem, RTB_NO_WAIT), 0);
    CHECK_EQ(rtb_sem_take(&sem, RTB_NO_WAIT), 0);
    CHECK_EQ(rtb_sem_take(&sem, RTB_NO_WAIT), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_sem_init(&sem, 3, 2), RTB_ERR_INVAL);
}

/* ---- recursive mutex ------------------------------------------------------------ */

static rtb_mutex_t mtx;

static void mutex_locker(void *arg)
{
    (void)arg;
    rcs[0] = rtb_mutex_lock(&mtx, RTB_FOREVER);
    flag = 1;
    rcs[1] = rtb_mutex_unlock(&mtx);
}

static void mutex_intruder(void *arg)
{
    (void)arg;
    rcs[2] = rtb_mutex_unlock(&mtx); /* not the owner */
}

static void test_mutex_recursive(void)
{
    reset_record();
    CHECK_EQ(rtb_mutex_init(&mtx), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_NO_WAIT), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(mtx.k.count, 3u);
    CHECK_EQ(spawn(1, mutex_intruder, NULL, HI, 0), 0);
    CHECK_EQ(rcs[2], RTB_ERR_PERM);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    CHECK_EQ(spawn(0, mutex_locker, NULL, HI, 0), 0); /* blocks: we own it */
    CHECK_EQ(flag, 0);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0);
    CHECK_EQ(flag, 0);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0);
    CHECK_EQ(flag, 0);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0); /* the last: the locker gets it and runs */
    CHECK_EQ(flag, 1);
    CHECK_EQ(rcs[0], 0);
    CHECK_EQ(rcs[1], 0);
    CHECK_EQ(rtb_mutex_unlock(&mtx), RTB_ERR_PERM); /* the 4th unlock */
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK(mtx.k.owner == NULL);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_NO_WAIT), 0);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0);
}

/* ---- priority inheritance --------------------------------------------------------- */

static void marker(void *arg);
static rtb_mutex_t mtx2;

static void pi_high(void *arg)
{
    (void)arg;
    rcs[0] = rtb_mutex_lock(&mtx, RTB_FOREVER);
    record(20);
    rcs[1] = rtb_mutex_unlock(&mtx);
}

static void pi_chain_a(void *arg)
{
    (void)arg;
    rcs[0] = rtb_mutex_lock(&mtx2, RTB_FOREVER); /* free: A owns m2 */
    rcs[1] = rtb_mutex_lock(&mtx, RTB_FOREVER);  /* held by the test: blocks */
    record(12);
    rtb_mutex_unlock(&mtx);
    rtb_mutex_unlock(&mtx2); /* B gets m2 and preempts: A is back at 12 */
    record(13);
}

static void pi_chain_b(void *arg)
{
    (void)arg;
    rcs[2] = rtb_mutex_lock(&mtx2, RTB_FOREVER); /* held by A: blocks, boosts A, then us */
    record(20);
    rtb_mutex_unlock(&mtx2);
}

static void pi_chain_b_timed(void *arg)
{
    (void)arg;
    rcs[2] = rtb_mutex_lock(&mtx2, 5000); /* held by A: boosts A and us, then times out */
    record(HI);
    if (rcs[2] == 0)
        rtb_mutex_unlock(&mtx2);
}

static void test_priority_inheritance(void)
{
    struct refk_thread *me = refk_current();
    reset_record();
    CHECK_EQ(rtb_mutex_init(&mtx), 0);
    CHECK_EQ(rtb_mutex_init(&mtx2), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0); /* nested: one more unlock */
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK_EQ(spawn(0, pi_high, NULL, HI, 0), 0); /* blocks on mtx: we inherit HI */
    CHECK_EQ(me->prio, HI);
    CHECK_EQ(me->base_prio, TEST_PRIO);
    /* a medium thread cannot preempt the boosted owner */
    CHECK_EQ(spawn(1, marker, (void *)15, 15, 0), 0);
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0); /* nested: still owned, still boosted */
    CHECK_EQ(me->prio, HI);
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0); /* the waiter runs, then the medium, then us */
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK_EQ(norder, 2u);
    CHECK_EQ(order[0], 20);
    CHECK_EQ(order[1], 15);
    CHECK_EQ(rcs[0], 0);
    CHECK_EQ(rcs[1], 0);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    /* a chain: we hold m; A (12) holds m2 and waits for m; B (20) waits for m2 */
    reset_record();
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(spawn(0, pi_chain_a, NULL, 12, 0), 0);
    CHECK_EQ(me->prio, 12);
    CHECK_EQ(spawn(1, pi_chain_b, NULL, HI, 0), 0);
    CHECK_EQ(help[0].k.prio, HI); /* A inherited from B ... */
    CHECK_EQ(me->prio, HI);       /* ... and we from A, through the chain */
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0);
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK_EQ(norder, 3u);
    CHECK_EQ(order[0], 12);
    CHECK_EQ(order[1], 20);
    CHECK_EQ(order[2], 13);
    CHECK_EQ(rcs[0], 0);
    CHECK_EQ(rcs[1], 0);
    CHECK_EQ(rcs[2], 0);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    CHECK(mtx.k.owner == NULL && mtx2.k.owner == NULL);
    CHECK(me->held == NULL);
}

/* A waiter whose priority is raised while it waits raises the owner too:
 * set_prio of a blocked waiter is inheritance as much as a new waiter is. */
static void test_inherit_on_set_prio(void)
{
    struct refk_thread *me = refk_current();
    reset_record();
    CHECK_EQ(rtb_mutex_init(&mtx), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(spawn(0, pi_high, NULL, 12, 0), 0); /* blocks on mtx: we inherit 12 */
    CHECK_EQ(me->prio, 12);
    CHECK_EQ(rtb_thread_set_prio(&help[0], HI), 0); /* the waiter now at HI ... */
    CHECK_EQ(help[0].k.prio, HI);
    CHECK_EQ(me->prio, HI); /* ... so its owner is too */
    /* a medium thread cannot preempt the boosted owner */
    CHECK_EQ(spawn(1, marker, (void *)15, 15, 0), 0);
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0); /* the waiter runs, then the medium, then us */
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK_EQ(norder, 2u);
    CHECK_EQ(order[0], 20);
    CHECK_EQ(order[1], 15);
    CHECK_EQ(rcs[0], 0);
    CHECK_EQ(rcs[1], 0);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    CHECK(mtx.k.owner == NULL);
    CHECK(me->held == NULL);
}

/* ---- condition variable ----------------------------------------------------------- */

static rtb_condvar_t cv;
static volatile int cv_pred;

static void cv_waiter(void *arg)
{
    int id = (int)(intptr_t)arg;
    int rc = rtb_mutex_lock(&mtx, RTB_FOREVER);
    while (rc == 0 && !cv_pred)
        rc = rtb_condvar_wait(&cv, &mtx, RTB_FOREVER);
    if (rc == 0 && mtx.k.owner != refk_current())
        rc = RTB_ERR_CHECK;
    record(id);
    rcs[id] = rc;
    rtb_mutex_unlock(&mtx);
}

static void test_condvar(void)
{
    unsigned i;
    reset_record();
    cv_pred = 0;
    CHECK_EQ(rtb_mutex_init(&mtx), 0);
    CHECK_EQ(rtb_condvar_init(&cv), 0);
    CHECK_EQ(rtb_condvar_wait(&cv, &mtx, RTB_FOREVER), RTB_ERR_PERM); /* not locked */
    for (i = 0; i < 3; i++)
        CHECK_EQ(spawn(i, cv_waiter, (void *)(intptr_t)i, HI + (int)i, 0), 0);
    CHECK_EQ(norder, 0u);
    CHECK(mtx.k.owner == NULL);           /* every waiter released it */
    CHECK_EQ(rtb_condvar_signal(&cv), 0); /* the most urgent (id 2) wakes, sees no predicate */
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    cv_pred = 1;
    CHECK_EQ(rtb_condvar_broadcast(&cv), 0); /* all wake, all block on the mutex */
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0); /* hand-off in priority order */
    CHECK_EQ(norder, 3u);
    CHECK_EQ(order[0], 2);
    CHECK_EQ(order[1], 1);
    CHECK_EQ(order[2], 0);
    for (i = 0; i < 3; i++) {
        CHECK_EQ(rtb_thread_join(&help[i], RTB_FOREVER), 0);
        CHECK_EQ(rcs[i], 0);
    }
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(rtb_condvar_wait(&cv, &mtx, 2000), RTB_ERR_TIMEOUT);
    CHECK(mtx.k.owner == refk_current()); /* re-locked after the timeout */
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0);
}

/* ---- event flags ------------------------------------------------------------------- */

static rtb_events_t ev;
static volatile uint32_t ev_matched;

static void ev_waiter_all(void *arg)
{
    uint32_t m = 0;
    (void)arg;
    rcs[0] = rtb_events_wait(&ev, 0x5u, RTB_EVENTS_ALL, RTB_FOREVER, &m);
    ev_matched = m;
    flag = 1;
}

static void ev_waiter_any(void *arg)
{
    uint32_t m = 0;
    (void)arg;
    rcs[1] = rtb_events_wait(&ev, 0x30u, RTB_EVENTS_ANY, RTB_FOREVER, &m);
    ev_matched = m;
    record(7);
}

static void test_events(void)
{
    uint32_t m = 0;
    reset_record();
    CHECK_EQ(rtb_events_init(&ev), 0);
    CHECK_EQ(rtb_events_wait(&ev, 0x3u, RTB_EVENTS_ANY, RTB_NO_WAIT, &m), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_events_post(&ev, 0x1u), 0);
    CHECK_EQ(rtb_events_wait(&ev, 0x3u, RTB_EVENTS_ANY, RTB_NO_WAIT, &m), 0);
    CHECK_EQ(m, 0x1u);
    CHECK_EQ(rtb_events_wait(&ev, 0x3u, RTB_EVENTS_ALL, RTB_NO_WAIT, &m), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_events_post(&ev, 0x2u), 0);
    CHECK_EQ(rtb_events_wait(&ev, 0x3u, RTB_EVENTS_ALL, RTB_NO_WAIT, &m), 0);
    CHECK_EQ(m, 0x3u);
    CHECK_EQ(rtb_events_wait(&ev, 0x3u, RTB_EVENTS_ALL, RTB_NO_WAIT, &m), 0); /* not cleared */
    CHECK_EQ(rtb_events_set(&ev, 0x4u), 0);                                   /* replaces */
    CHECK_EQ(rtb_events_wait(&ev, 0x3u, RTB_EVENTS_ANY, RTB_NO_WAIT, &m), RTB_ERR_AGAIN);
    CHECK_EQ(ev.k.value, 0x4u);
    CHECK_EQ(rtb_events_clear(&ev, 0x4u), 0);
    CHECK_EQ(ev.k.value, 0u);
    /* blocking: ALL waits for both bits; ANY wakes on either */
    CHECK_EQ(spawn(0, ev_waiter_all, NULL, HI, 0), 0);
    CHECK_EQ(spawn(1, ev_waiter_any, NULL, HI2, 0), 0);
    CHECK_EQ(rtb_events_post(&ev, 0x1u), 0);
    CHECK_EQ(flag, 0);
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_events_post(&ev, 0x4u), 0);
    CHECK_EQ(flag, 1);
    CHECK_EQ(rcs[0], 0);
    CHECK_EQ(ev_matched, 0x5u);
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_events_set(&ev, 0x20u), 0);
    CHECK_EQ(norder, 1u);
    CHECK_EQ(rcs[1], 0);
    CHECK_EQ(ev_matched, 0x20u);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    CHECK_EQ(rtb_events_wait(&ev, 0x1u, RTB_EVENTS_ANY, 3000, &m), RTB_ERR_TIMEOUT);
    CHECK_EQ(rtb_events_wait(&ev, 0x1u, 7u, RTB_NO_WAIT, &m), RTB_ERR_INVAL);
    /* bad arguments are refused even when the bits are set (the inline fast
     * path must not take them): 0x20 is set here */
    CHECK_EQ(rtb_events_wait(&ev, 0x20u, 7u, RTB_NO_WAIT, &m), RTB_ERR_INVAL);
    CHECK_EQ(rtb_events_wait(&ev, 0x20u, 2u, RTB_FOREVER, &m), RTB_ERR_INVAL);
    CHECK_EQ(rtb_events_wait(&ev, 0u, RTB_EVENTS_ALL, RTB_NO_WAIT, &m), RTB_ERR_INVAL);
    CHECK_EQ(rtb_events_wait(&ev, 0u, RTB_EVENTS_ANY, RTB_FOREVER, &m), RTB_ERR_INVAL);
    m = 0;
    CHECK_EQ(rtb_events_wait(&ev, 0x21u, RTB_EVENTS_ALL, RTB_NO_WAIT, &m), RTB_ERR_AGAIN);
    CHECK_EQ(m, 0u);
    CHECK_EQ(rtb_events_wait(&ev, 0x21u, RTB_EVENTS_ANY, RTB_NO_WAIT, &m), 0);
    CHECK_EQ(m, 0x20u);
}

/* ---- FIFO and LIFO ----------------------------------------------------------------- */

struct item {
    struct rtb_qlink link;
    int value;
};

static rtb_fifo_t fifo;
static rtb_lifo_t lifo;

static void test_fifo_lifo_order(void)
{
    static struct item it[3];
    static int data[3];
    void *p = NULL;
    int i;
    CHECK_EQ(rtb_fifo_init(&fifo), 0);
    CHECK_EQ(rtb_lifo_init(&lifo), 0);
    for (i = 0; i < 3; i++) {
        it[i].value = i;
        CHECK_EQ(rtb_fifo_put(&fifo, &it[i]), 0);
    }
    for (i = 0; i < 3; i++) {
        CHECK_EQ(rtb_fifo_get(&fifo, &p, RTB_NO_WAIT), 0);
        CHECK(p == &it[i]);
    }
    CHECK_EQ(rtb_fifo_get(&fifo, &p, RTB_NO_WAIT), RTB_ERR_AGAIN);
    for (i = 0; i < 3; i++)
        CHECK_EQ(rtb_lifo_put(&lifo, &it[i]), 0);
    for (i = 2; i >= 0; i--) {
        CHECK_EQ(rtb_lifo_get(&lifo, &p, RTB_NO_WAIT), 0);
        CHECK(p == &it[i]);
    }
    CHECK_EQ(rtb_lifo_get(&lifo, &p, RTB_NO_WAIT), RTB_ERR_AGAIN);
    /* allocated links, mixed with intrusive items: the get returns the data */
    CHECK_EQ(rtb_fifo_alloc_put(&fifo, &data[0]), 0);
    CHECK_EQ(rtb_fifo_put(&fifo, &it[1]), 0);
    CHECK_EQ(rtb_fifo_alloc_put(&fifo, &data[2]), 0);
    CHECK_EQ(rtb_fifo_get(&fifo, &p, RTB_NO_WAIT), 0);
    CHECK(p == &data[0]);
    CHECK_EQ(rtb_fifo_get(&fifo, &p, RTB_NO_WAIT), 0);
    CHECK(p == &it[1]);
    CHECK_EQ(rtb_fifo_get(&fifo, &p, RTB_NO_WAIT), 0);
    CHECK(p == &data[2]);
    CHECK_EQ(rtb_lifo_alloc_put(&lifo, &data[0]), 0);
    CHECK_EQ(rtb_lifo_put(&lifo, &it[1]), 0);
    CHECK_EQ(rtb_lifo_alloc_put(&lifo, &data[2]), 0);
    CHECK_EQ(rtb_lifo_get(&lifo, &p, RTB_NO_WAIT), 0);
    CHECK(p == &data[2]);
    CHECK_EQ(rtb_lifo_get(&lifo, &p, RTB_NO_WAIT), 0);
    CHECK(p == &it[1]);
    CHECK_EQ(rtb_lifo_get(&lifo, &p, RTB_NO_WAIT), 0);
    CHECK(p == &data[0]);
    CHECK_EQ(rtb_fifo_get(&fifo, &p, 2000), RTB_ERR_TIMEOUT);
}

static void fifo_getter(void *arg)
{
    void *p = NULL;
    (void)arg;
    rcs[0] = rtb_fifo_get(&fifo, &p, RTB_FOREVER);
    order[0] = (p != NULL) ? ((struct item *)p)->value : -2;
    flag = 1;
}

static void test_fifo_handoff(void)
{
    static struct item x = {{NULL}, 42};
    reset_record();
    CHECK_EQ(rtb_fifo_init(&fifo), 0);
    CHECK_EQ(spawn(0, fifo_getter, NULL, HI, 0), 0);
    CHECK_EQ(flag, 0);
    CHECK_EQ(rtb_fifo_put(&fifo, &x), 0);
    CHECK_EQ(flag, 1);
    CHECK_EQ(rcs[0], 0);
    CHECK_EQ(order[0], 42);
    CHECK(fifo.k.head == NULL);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
}

/* ---- stack of words --------------------------------------------------------------- */

static void test_stack(void)
{
    static rtb_stack_t st;
    static uintptr_t buf[4];
    uintptr_t v = 0;
    unsigned i;
    CHECK_EQ(rtb_stack_init(&st, buf, 4), 0);
    for (i = 0; i < 4; i++)
        CHECK_EQ(rtb_stack_push(&st, 100u + i), 0);
    CHECK_EQ(rtb_stack_push(&st, 999u), RTB_ERR_OVERFLOW);
    for (i = 4; i > 0; i--) {
        CHECK_EQ(rtb_stack_pop(&st, &v, RTB_NO_WAIT), 0);
        CHECK_EQ(v, 100u + i - 1u);
    }
    CHECK_EQ(rtb_stack_pop(&st, &v, RTB_NO_WAIT), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_stack_pop(&st, &v, 1000), RTB_ERR_TIMEOUT);
}

/* ---- message queue ---------------------------------------------------------------- */

static rtb_msgq_t mq;

struct msg {
    uint32_t a, b;
};

static void mq_writer(void *arg)
{
    static const struct msg m = {7, 8};
    (void)arg;
    rcs[0] = rtb_msgq_put(&mq, &m, RTB_FOREVER); /* full: blocks */
    flag = 1;
}

static void test_msgq(void)
{
    static struct msg buf[3];
    struct msg m;
    uint32_t i;
    reset_record();
    CHECK_EQ(rtb_msgq_init(&mq, buf, sizeof(struct msg), 3), 0);
    CHECK_EQ(rtb_msgq_get(&mq, &m, RTB_NO_WAIT), RTB_ERR_AGAIN);
    for (i = 0; i < 3; i++) {
        m.a = i;
        m.b = 10u * i;
        CHECK_EQ(rtb_msgq_put(&mq, &m, RTB_NO_WAIT), 0);
    }
    CHECK_EQ(rtb_msgq_put(&mq, &m, RTB_NO_WAIT), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_msgq_put(&mq, &m, 1000), RTB_ERR_TIMEOUT);
    CHECK_EQ(spawn(0, mq_writer, NULL, HI, 0), 0);
    CHECK_EQ(flag, 0);
    for (i = 0; i < 3; i++) {
        CHECK_EQ(rtb_msgq_get(&mq, &m, RTB_NO_WAIT), 0);
        CHECK_EQ(m.a, i);
        CHECK_EQ(m.b, 10u * i);
        if (i == 0)
            CHECK_EQ(flag, 1); /* the first get made room: the writer's message went in */
    }
    CHECK_EQ(rtb_msgq_get(&mq, &m, RTB_NO_WAIT), 0);
    CHECK_EQ(m.a, 7u);
    CHECK_EQ(m.b, 8u);
    CHECK_EQ(rtb_msgq_get(&mq, &m, RTB_NO_WAIT), RTB_ERR_AGAIN);
    CHECK_EQ(rcs[0], 0);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
}

/* ---- the software interrupt -------------------------------------------------------- */

static volatile int isr_seen_in_isr;
static volatile int isr_give_rc;

static void isr_give(void *arg)
{
    (void)arg;
    isr_seen_in_isr = rtb_in_isr();
    isr_give_rc = rtb_sem_give(&sem);
    record(100); /* still in the handler: before the woken thread */
}

static void isr_taker(void *arg)
{
    (void)arg;
    rcs[0] = rtb_sem_take(&sem, RTB_FOREVER);
    record(200);
}

static void isr_block(void *arg)
{
    (void)arg;
    isr_give_rc = rtb_sem_take(&sem, RTB_FOREVER); /* a blocking call in a handler */
}

static void test_isr_give_wakes(void)
{
    reset_record();
    CHECK_EQ(rtb_in_isr(), 0);
    CHECK_EQ(rtb_sem_init(&sem, 0, 1), 0);
    CHECK_EQ(rtb_irq_install(isr_give, NULL), 0);
    CHECK_EQ(spawn(0, isr_taker, NULL, HI, 0), 0);
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_irq_trigger(), 0);
    /* the handler ran, then the woken thread, then back here */
    CHECK_EQ(norder, 2u);
    CHECK_EQ(order[0], 100);
    CHECK_EQ(order[1], 200);
    CHECK_EQ(isr_seen_in_isr, 1);
    CHECK_EQ(isr_give_rc, 0);
    CHECK_EQ(rcs[0], 0);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    /* no waiter: the give from the handler counts */
    CHECK_EQ(rtb_irq_trigger(), 0);
    CHECK_EQ(rtb_sem_take(&sem, RTB_NO_WAIT), 0);
    /* a blocking call from the handler is refused */
    CHECK_EQ(rtb_irq_install(isr_block, NULL), 0);
    CHECK_EQ(rtb_irq_trigger(), 0);
    CHECK_EQ(isr_give_rc, RTB_ERR_PERM);
    CHECK_EQ(rtb_irq_install(NULL, NULL), RTB_ERR_INVAL);
}

/* ---- abort, join, suspend, priorities --------------------------------------------- */

static void blocker(void *arg)
{
    (void)arg;
    rcs[0] = rtb_sem_take(&sem, RTB_FOREVER);
    flag = 1; /* never reached: aborted while blocked */
}

static void timed_blocker(void *arg)
{
    (void)arg;
    rcs[0] = rtb_sem_take(&sem, 100000);
}

static void test_abort_blocked(void)
{
    reset_record();
    CHECK_EQ(rtb_sem_init(&sem, 0, 5), 0);
    CHECK_EQ(spawn(0, blocker, NULL, HI, 0), 0);
    CHECK(sem.k.wq.head == &help[0].k);
    CHECK_EQ(rtb_thread_abort(&help[0]), 0);
    CHECK(sem.k.wq.head == NULL); /* it left the wait queue */
    CHECK_EQ(rtb_thread_join(&help[0], RTB_NO_WAIT), 0);
    CHECK_EQ(rtb_sem_give(&sem), 0); /* the object still works: the count goes up */
    CHECK_EQ(sem.k.count, 1u);
    CHECK_EQ(rtb_sem_take(&sem, RTB_NO_WAIT), 0);
    CHECK_EQ(flag, 0);
    CHECK_EQ(rcs[0], 99);
    /* a timed waiter aborted leaves the timeout list too */
    CHECK_EQ(spawn(0, timed_blocker, NULL, HI, 0), 0);
    CHECK(refk_sched.timeouts == &help[0].k);
    CHECK_EQ(rtb_thread_abort(&help[0]), 0);
    CHECK(refk_sched.timeouts == NULL);
    CHECK(sem.k.wq.head == NULL);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rcs[0], 99);
    /* a timed waiter woken by a give (the give's out-of-line timed wake):
     * handed the give, off the timeout list, the count still 0 */
    CHECK_EQ(spawn(0, timed_blocker, NULL, HI, 0), 0);
    CHECK(refk_sched.timeouts == &help[0].k);
    CHECK_EQ(rtb_sem_give(&sem), 0); /* the waiter runs at once and ends */
    CHECK_EQ(rcs[0], 0);
    CHECK(refk_sched.timeouts == NULL);
    CHECK(sem.k.wq.head == NULL);
    CHECK_EQ(sem.k.count, 0u);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
}

static void short_lived(void *arg)
{
    (void)arg;
    rtb_sleep_us(3000);
    flag = 1;
}

static void test_join(void)
{
    reset_record();
    CHECK_EQ(spawn(0, short_lived, NULL, HI, 0), 0); /* runs, sleeps */
    CHECK_EQ(flag, 0);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_NO_WAIT), RTB_ERR_AGAIN);
    CHECK_EQ(rtb_thread_join(&help[0], 1000), RTB_ERR_TIMEOUT);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(flag, 1);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_NO_WAIT), RTB_ERR_STATE); /* joined already */
    /* a created, never started thread: abort then join */
    CHECK_EQ(rtb_thread_create(&help[1], "new", short_lived, NULL, HI, 0, help_stack[1],
                               sizeof help_stack[1]),
             0);
    CHECK_EQ(rtb_thread_abort(&help[1]), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_NO_WAIT), 0);
    CHECK_EQ(rtb_thread_create(&help[1], "bad", short_lived, NULL, 0, 0, help_stack[1],
                               sizeof help_stack[1]),
             RTB_ERR_INVAL);
}

static void spinner(void *arg)
{
    int id = (int)(intptr_t)arg;
    for (;;) {
        record(id);
        rtb_thread_yield();
        if (norder >= 6)
            break;
    }
}

static void test_yield_round_robin(void)
{
    unsigned i;
    reset_record();
    /* three equals below the test: they run only while it sleeps */
    for (i = 0; i < 3; i++)
        CHECK_EQ(spawn(i, spinner, (void *)(intptr_t)(i + 1), LO, 0), 0);
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_sleep_us(2000), 0);
    CHECK_EQ(norder, 6u);
    for (i = 0; i < 6; i++)
        CHECK_EQ(order[i], (int)(i % 3u) + 1);
    for (i = 0; i < 3; i++)
        CHECK_EQ(rtb_thread_join(&help[i], RTB_FOREVER), 0);
}

static void marker(void *arg)
{
    record((int)(intptr_t)arg);
}

static void test_suspend_resume_prio(void)
{
    reset_record();
    CHECK_EQ(rtb_thread_create(&help[0], "m", marker, (void *)1, LO, 0, help_stack[0],
                               sizeof help_stack[0]),
             0);
    CHECK_EQ(rtb_thread_start(&help[0]), 0);
    CHECK_EQ(rtb_thread_start(&help[0]), RTB_ERR_STATE);
    CHECK_EQ(norder, 0u); /* less urgent: not run yet */
    CHECK_EQ(rtb_thread_suspend(&help[0]), 0);
    CHECK_EQ(rtb_thread_set_prio(&help[0], HI), 0); /* suspended: still does not run */
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_thread_resume(&help[0]), 0); /* more urgent now: runs at once */
    CHECK_EQ(norder, 1u);
    CHECK_EQ(rtb_thread_resume(&help[0]), RTB_ERR_STATE);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    /* raising a ready thread above the caller preempts at once */
    CHECK_EQ(spawn(0, marker, (void *)2, LO, 0), 0);
    CHECK_EQ(norder, 1u);
    CHECK_EQ(rtb_thread_set_prio(&help[0], HI), 0);
    CHECK_EQ(norder, 2u);
    CHECK_EQ(order[1], 2);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_set_prio(NULL, 31), RTB_ERR_INVAL);
}

/* A cooperative thread wakes a more urgent preemptible one: no preemption. */
static void coop_thread(void *arg)
{
    (void)arg;
    rtb_sem_give(&sem); /* the waiter is more urgent by number, but we are cooperative */
    record(1);
    rtb_thread_yield(); /* nobody at the cooperative level: no switch either */
    record(2);
}

static void test_coop(void)
{
    reset_record();
    CHECK_EQ(rtb_sem_init(&sem, 0, 1), 0);
    CHECK_EQ(spawn(0, isr_taker, NULL, HI3, 0), 0); /* records 200 when it wakes */
    CHECK_EQ(spawn(1, coop_thread, NULL, LO, RTB_THREAD_COOP), 0);
    CHECK_EQ(norder, 3u);
    CHECK_EQ(order[0], 1);
    CHECK_EQ(order[1], 2);
    CHECK_EQ(order[2], 200);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
}

/* ---- timeouts and sleep ----------------------------------------------------------- */

static uint64_t elapsed_us(rtb_cycles_t t0, rtb_cycles_t t1)
{
    const struct rtb_timer_desc *d = rtb_timer_desc();
    uint64_t mask = d->bits >= 64 ? ~0ull : ((1ull << d->bits) - 1u);
    return ((t1 - t0) & mask) * 1000000u / d->hz;
}

static void test_timeouts(void)
{
    rtb_cycles_t t0, t1;
    uint64_t us;
    int rc;
    CHECK_EQ(rtb_sem_init(&sem, 0, 1), 0);
    t0 = rtb_timer_read();
    rc = rtb_sem_take(&sem, 5000); /* the window holds the take only, not the check */
    t1 = rtb_timer_read();
    CHECK_EQ(rc, RTB_ERR_TIMEOUT);
    us = elapsed_us(t0, t1);
    out("  5000 us timeout took ");
    check_write_uint(us);
    out(" us\n");
    CHECK(us >= 5000u);
    CHECK(us < 5000u + 3000u);
    CHECK(sem.k.wq.head == NULL);
    CHECK_EQ(rtb_mutex_init(&mtx), 0);
    CHECK_EQ(spawn(0, mutex_locker, NULL, HI, 0), 0); /* locks, unlocks, ends */
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    t0 = rtb_timer_read();
    CHECK_EQ(rtb_sleep_us(2500), 0);
    t1 = rtb_timer_read();
    us = elapsed_us(t0, t1);
    CHECK(us >= 2500u);
    CHECK(us < 2500u + 3000u);
    /* a give before the timeout: the wait ends with 0 and leaves the timeout list */
    CHECK_EQ(rtb_sem_give(&sem), 0);
    CHECK_EQ(rtb_sem_take(&sem, 100000), 0);
    CHECK(refk_sched.timeouts == NULL);
}

/* ---- priority inheritance: a waiter that stops waiting ------------------------------ */

/* Spin, never blocking (a blocked test thread would let less urgent helpers
 * run), until `n` records exist or `us` microseconds have passed. */
static void spin_until(unsigned n, uint32_t us)
{
    rtb_cycles_t t0 = rtb_timer_read();
    while (norder < n && elapsed_us(t0, rtb_timer_read()) < us) {
    }
}

/* Locks mtx with the timeout in w->id's waiter and records w->id once the
 * lock call returns (either way). */
struct pi_waiter {
    int id;
    int slot;
    int32_t timeout;
};

static void pi_timed(void *arg)
{
    const struct pi_waiter *w = arg;
    int rc = rtb_mutex_lock(&mtx, w->timeout);
    rcs[w->slot] = rc;
    record(w->id);
    if (rc == 0)
        rtb_mutex_unlock(&mtx);
}

/* (1) H's finite timeout expires: the owner drops back to its base priority
 * at once, so a medium thread preempts it while it still holds the mutex. */
static void test_pi_waiter_timeout(void)
{
    static const struct pi_waiter h = {HI, 0, 5000};
    struct refk_thread *me = refk_current();
    reset_record();
    CHECK_EQ(rtb_mutex_init(&mtx), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(spawn(0, pi_timed, (void *)&h, HI, 0), 0); /* blocks: we inherit HI */
    CHECK_EQ(me->prio, HI);
    CHECK_EQ(spawn(1, marker, (void *)15, 15, 0), 0); /* cannot preempt us yet */
    CHECK_EQ(norder, 0u);
    spin_until(1, 50000); /* H times out after 5 ms: H runs, then the medium */
    CHECK_EQ(norder, 2u);
    CHECK_EQ(order[0], HI);
    CHECK_EQ(order[1], 15);
    CHECK_EQ(rcs[0], RTB_ERR_TIMEOUT);
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK(mtx.k.owner == me);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0);
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    CHECK(mtx.k.owner == NULL);
    CHECK(refk_sched.timeouts == NULL);
}

/* (2) H, waiting with a finite timeout, is aborted: the owner drops back in
 * the abort call, and the medium thread preempts it there. */
static void test_pi_waiter_abort(void)
{
    static const struct pi_waiter h = {HI, 0, 100000};
    struct refk_thread *me = refk_current();
    reset_record();
    CHECK_EQ(rtb_mutex_init(&mtx), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(spawn(0, pi_timed, (void *)&h, HI, 0), 0);
    CHECK_EQ(me->prio, HI);
    CHECK_EQ(spawn(1, marker, (void *)15, 15, 0), 0);
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_thread_abort(&help[0]), 0); /* the medium runs before this returns */
    CHECK_EQ(norder, 1u);
    CHECK_EQ(order[0], 15);
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK(mtx.k.wq.head == NULL);
    CHECK(refk_sched.timeouts == NULL);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0);
    CHECK_EQ(norder, 1u); /* H never returned from its lock */
    CHECK_EQ(rcs[0], 99);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    CHECK(mtx.k.owner == NULL);
}

/* (3) Two waiters H1 (HI2) > H2 (HI): after H1 times out the owner runs at
 * H2's priority, not at its base: H1 runs, the medium thread does not. */
static void test_pi_two_waiters_timeout(void)
{
    static const struct pi_waiter h1 = {HI2, 0, 5000};
    static const struct pi_waiter h2 = {HI, 1, RTB_FOREVER};
    struct refk_thread *me = refk_current();
    reset_record();
    CHECK_EQ(rtb_mutex_init(&mtx), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(spawn(1, pi_timed, (void *)&h2, HI, 0), 0); /* blocks: we inherit HI */
    CHECK_EQ(me->prio, HI);
    CHECK_EQ(spawn(0, pi_timed, (void *)&h1, HI2, 0), 0); /* blocks: we inherit HI2 */
    CHECK_EQ(me->prio, HI2);
    CHECK(mtx.k.wq.head == &help[0].k && help[0].k.next == &help[1].k);
    CHECK_EQ(spawn(2, marker, (void *)15, 15, 0), 0);
    CHECK_EQ(norder, 0u);
    spin_until(1, 50000); /* H1 times out and runs; H2 still waits */
    spin_until(2, 10000); /* the medium must not run meanwhile */
    CHECK_EQ(norder, 1u);
    CHECK_EQ(order[0], HI2);
    CHECK_EQ(rcs[0], RTB_ERR_TIMEOUT);
    CHECK_EQ(me->prio, HI);
    CHECK(mtx.k.wq.head == &help[1].k);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0); /* H2 gets it and runs, then the medium */
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK_EQ(norder, 3u);
    CHECK_EQ(order[1], HI);
    CHECK_EQ(order[2], 15);
    CHECK_EQ(rcs[1], 0);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[2], RTB_FOREVER), 0);
    CHECK(mtx.k.owner == NULL);
}

/* A waiter whose priority is lowered while it waits lowers the owner, and a
 * timeout at the end of a chain lowers every owner along it. */
static void test_pi_waiter_lowered_and_chain(void)
{
    static const struct pi_waiter h = {HI, 0, RTB_FOREVER};
    struct refk_thread *me = refk_current();
    reset_record();
    CHECK_EQ(rtb_mutex_init(&mtx), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(spawn(0, pi_timed, (void *)&h, HI, 0), 0);
    CHECK_EQ(me->prio, HI);
    CHECK_EQ(spawn(1, marker, (void *)15, 15, 0), 0);
    CHECK_EQ(norder, 0u);
    CHECK_EQ(rtb_thread_set_prio(&help[0], 12), 0); /* the medium preempts us here */
    CHECK_EQ(norder, 1u);
    CHECK_EQ(order[0], 15);
    CHECK_EQ(me->prio, 12);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0); /* the waiter (12) gets it and runs */
    CHECK_EQ(norder, 2u);
    CHECK_EQ(order[1], HI);
    CHECK_EQ(rcs[0], 0);
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    /* the chain: we hold mtx; A (12) holds mtx2 and waits for mtx; B (HI)
     * waits for mtx2 with a timeout. B's timeout drops A and us back to 12. */
    reset_record();
    CHECK_EQ(rtb_mutex_init(&mtx2), 0);
    CHECK_EQ(rtb_mutex_lock(&mtx, RTB_FOREVER), 0);
    CHECK_EQ(spawn(0, pi_chain_a, NULL, 12, 0), 0);
    CHECK_EQ(spawn(1, pi_chain_b_timed, NULL, HI, 0), 0);
    CHECK_EQ(help[0].k.prio, HI);
    CHECK_EQ(me->prio, HI);
    CHECK_EQ(spawn(2, marker, (void *)15, 15, 0), 0);
    spin_until(1, 50000); /* B times out and runs, then the medium */
    CHECK_EQ(norder, 2u);
    CHECK_EQ(order[0], HI);
    CHECK_EQ(order[1], 15);
    CHECK_EQ(rcs[2], RTB_ERR_TIMEOUT);
    CHECK_EQ(help[0].k.prio, 12);
    CHECK_EQ(me->prio, 12);
    CHECK_EQ(rtb_mutex_unlock(&mtx), 0); /* A runs to its end */
    CHECK_EQ(me->prio, TEST_PRIO);
    CHECK_EQ(norder, 4u);
    CHECK_EQ(order[2], 12);
    CHECK_EQ(order[3], 13);
    CHECK_EQ(rtb_thread_join(&help[0], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[1], RTB_FOREVER), 0);
    CHECK_EQ(rtb_thread_join(&help[2], RTB_FOREVER), 0);
    CHECK(mtx.k.owner == NULL && mtx2.k.owner == NULL);
    CHECK(me->held == NULL);
}

/* ---- heap ---------------------------------------------------------------------------- */

static void test_heap(void)
{
    void *a, *b, *c;
    a = rtb_malloc(64);
    b = rtb_malloc(64);
    CHECK(a != NULL && b != NULL && a != b);
    CHECK(((uintptr_t)a & 7u) == 0);
    rtb_free(a);
    c = rtb_malloc(60); /* same class: the freed block comes back */
    CHECK(c == a);
    rtb_free(b);
    rtb_free(c);
    rtb_free(NULL);
    CHECK(rtb_malloc(0) == NULL);
    CHECK(rtb_malloc((size_t)1 << 30) == NULL);
}

/* ---- runner ---------------------------------------------------------------------------- */

struct test {
    const char *name;
    void (*fn)(void);
};

static const struct test tests[] = {
    {"wake_priority_order", test_wake_priority_order},
    {"wake_fifo_within_priority", test_wake_fifo_within_priority},
    {"sem_counts", test_sem_counts},
    {"mutex_recursive", test_mutex_recursive},
    {"priority_inheritance", test_priority_inheritance},
    {"inherit_on_set_prio", test_inherit_on_set_prio},
    {"condvar", test_condvar},
    {"events", test_events},
    {"fifo_lifo_order", test_fifo_lifo_order},
    {"fifo_handoff", test_fifo_handoff},
    {"stack", test_stack},
    {"msgq", test_msgq},
    {"isr_give_wakes", test_isr_give_wakes},
    {"abort_blocked", test_abort_blocked},
    {"join", test_join},
    {"yield_round_robin", test_yield_round_robin},
    {"suspend_resume_prio", test_suspend_resume_prio},
    {"coop", test_coop},
    {"timeouts", test_timeouts},
    {"pi_waiter_timeout", test_pi_waiter_timeout},
    {"pi_waiter_abort", test_pi_waiter_abort},
    {"pi_two_waiters_timeout", test_pi_two_waiters_timeout},
    {"pi_waiter_lowered_and_chain", test_pi_waiter_lowered_and_chain},
    {"heap", test_heap},
};

static struct refk_thread runner;
static uint64_t runner_stack[RTB_CONFIG_MAIN_STACK_SIZE / 8u];

/* `-append "--deadlock"`: block for ever with nothing else to run; the
 * idle thread must detect it, print one line and exit with status 100. */
static int want_deadlock(void)
{
    static char cmd[128];
    int n = rtb_cm_semihost_cmdline(cmd, sizeof cmd);
    int i;
    for (i = 0; n > 0 && i + 10 <= n; i++)
        if (cmd[i] == '-' && cmd[i + 1] == '-' && cmd[i + 2] == 'd' && cmd[i + 3] == 'e' &&
            cmd[i + 4] == 'a' && cmd[i + 5] == 'd' && cmd[i + 6] == 'l' && cmd[i + 7] == 'o' &&
            cmd[i + 8] == 'c' && cmd[i + 9] == 'k')
            return 1;
    return 0;
}

static void run_all(void *arg)
{
    unsigned i, failed_before;
    (void)arg;
    if (want_deadlock()) {
        out("refk tests: blocking for ever (deadlock expected)\n");
        rtb_sem_init(&sem, 0, 1);
        rtb_sem_take(&sem, RTB_FOREVER);
        out("refk tests: the deadlock was not detected\n");
        rtb_cm_exit(1);
    }
    out("refk tests on ");
    out(rtb_cm_board_name());
    out("\n");
    for (i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        failed_before = check_failures();
        tests[i].fn();
        out(check_failures() != failed_before ? "FAIL " : "ok   ");
        out(tests[i].name);
        out("\n");
    }
    rtb_cm_exit(check_summary(NULL));
}

int main(void)
{
    int rc = rtb_timer_init();
    if (rc != 0) {
        out("refk tests: timer init failed\n");
        return 100;
    }
    refk_init(rtb_cm_core_hz());
    rc = refk_thread_create(&runner, "tests", run_all, NULL, TEST_PRIO, 0, runner_stack,
                            sizeof runner_stack);
    if (rc == 0)
        rc = refk_thread_start(&runner);
    if (rc != 0) {
        out("refk tests: cannot create the test thread\n");
        return 100;
    }
    rtb_cm_swirq_enable();
    refk_start();
}
