/*
 * rtbench - the POSIX port against the contract of rtb/port.h, call by call
 * (no benchmark, no runner): links ports/posix/port.c directly. Runs without
 * rtb_posix_init(), so on the SCHED_OTHER path, which every user can take.
 */
#include <stdint.h>

#include "bench_common.h" /* suite/bench: rtb_b_resume_join, the teardown under test */
#include "check.h"
#include "rtb/error.h"
#include "rtb/port.h"

static rtb_sem_t gate;
static volatile int entered;

static void wait_gate(void *arg)
{
    (void)arg;
    entered = 1;
    (void)rtb_sem_take(&gate, RTB_FOREVER);
}

static void nothing(void *arg)
{
    (void)arg;
}

/* RTB_NO_WAIT never blocks and says RTB_ERR_AGAIN when the thread has not
 * ended (as refk does); a finite wait that expires says RTB_ERR_TIMEOUT. */
static void test_join_no_wait(void)
{
    rtb_thread_t t;
    int rc;

    CHECKF(rtb_sem_init(&gate, 0, 1) == 0, "sem init");
    CHECKF(rtb_thread_create(&t, "j", wait_gate, NULL, RTB_PRIO_MAIN, 0, NULL, 0) == 0, "create");
    CHECKF(rtb_thread_start(&t) == 0, "start");
    rc = rtb_thread_join(&t, RTB_NO_WAIT);
    CHECKF(rc == RTB_ERR_AGAIN, "join NO_WAIT of a blocked thread: got %d, want %d (AGAIN)", rc,
           RTB_ERR_AGAIN);
    rc = rtb_thread_join(&t, 1000);
    CHECKF(rc == RTB_ERR_TIMEOUT, "join 1 ms of a blocked thread: got %d, want %d (TIMEOUT)", rc,
           RTB_ERR_TIMEOUT);
    CHECKF(rtb_sem_give(&gate) == 0, "give");
    rc = rtb_thread_join(&t, RTB_FOREVER);
    CHECKF(rc == 0, "join FOREVER after the release: %d", rc);
    CHECKF(entered == 1, "the thread ran");
}

/* A joined thread is gone: changing its priority is refused, not done on a
 * pthread_t that no longer names a thread. */
static void test_set_prio_after_join(void)
{
    rtb_thread_t t;
    int rc;

    CHECKF(rtb_thread_create(&t, "p", nothing, NULL, RTB_PRIO_MAIN, 0, NULL, 0) == 0, "create");
    CHECKF(rtb_thread_start(&t) == 0, "start");
    CHECKF(rtb_thread_join(&t, RTB_FOREVER) == 0, "join");
    rc = rtb_thread_set_prio(&t, RTB_PRIO_MAIN + 1);
    CHECKF(rc == RTB_ERR_STATE, "set_prio of a joined thread: got %d, want %d (STATE)", rc,
           RTB_ERR_STATE);
    rc = rtb_thread_set_prio(NULL, RTB_PRIO_MAIN);
    CHECKF(rc == 0, "set_prio of the caller: %d", rc);
}

/* A condvar wait with RTB_NO_WAIT never blocks: nothing can have been
 * signalled to a thread not yet waiting, so it says RTB_ERR_AGAIN at once
 * and keeps the mutex all along (no other thread gets it in between). */
static rtb_mutex_t cv_m;
static rtb_condvar_t cv;
static volatile unsigned cv_taken;
static volatile int cv_stop;

static void cv_contender(void *arg)
{
    (void)arg;
    while (!cv_stop) {
        if (rtb_mutex_lock(&cv_m, RTB_FOREVER) != 0)
            break;
        cv_taken++;
        (void)rtb_mutex_unlock(&cv_m);
    }
}

static void test_condvar_no_wait(void)
{
    rtb_thread_t t;
    unsigned i, again = 0, slipped = 0, before;
    int rc;

    CHECKF(rtb_mutex_init(&cv_m) == 0 && rtb_condvar_init(&cv) == 0, "init");
    CHECKF(rtb_thread_create(&t, "c", cv_contender, NULL, RTB_PRIO_MAIN, 0, NULL, 0) == 0,
           "create");
    CHECKF(rtb_thread_start(&t) == 0, "start");
    for (i = 0; i < 2000; i++) {
        if (rtb_mutex_lock(&cv_m, RTB_FOREVER) != 0)
            break;
        before = cv_taken;
        rc = rtb_condvar_wait(&cv, &cv_m, RTB_NO_WAIT);
        if (cv_taken != before)
            slipped++;
        if (rc == RTB_ERR_AGAIN)
            again++;
        (void)rtb_mutex_unlock(&cv_m);
    }
    cv_stop = 1;
    CHECKF(rtb_thread_join(&t, RTB_FOREVER) == 0, "join");
    CHECKF(again == 2000, "condvar wait NO_WAIT: RTB_ERR_AGAIN %u times of 2000", again);
    CHECKF(slipped == 0, "condvar wait NO_WAIT kept the mutex: another thread took it %u times",
           slipped);
}

/* Finite waits time out (measured on CLOCK_MONOTONIC where the C library
 * has sem_clockwait / pthread_mutex_clocklock) and say RTB_ERR_TIMEOUT. */
static rtb_mutex_t held;
static rtb_sem_t held_go, held_done;

static void hold_mutex(void *arg)
{
    (void)arg;
    (void)rtb_mutex_lock(&held, RTB_FOREVER);
    (void)rtb_sem_give(&held_go);
    (void)rtb_sem_take(&held_done, RTB_FOREVER);
    (void)rtb_mutex_unlock(&held);
}

static void test_finite_timeouts(void)
{
    rtb_thread_t t;
    rtb_sem_t s;
    int rc;

    CHECKF(rtb_sem_init(&s, 0, 1) == 0, "sem init");
    rc = rtb_sem_take(&s, 2000);
    CHECKF(rc == RTB_ERR_TIMEOUT, "take 2 ms of an empty semaphore: got %d, want %d (TIMEOUT)", rc,
           RTB_ERR_TIMEOUT);
    CHECKF(rtb_mutex_init(&held) == 0 && rtb_sem_init(&held_go, 0, 1) == 0 &&
               rtb_sem_init(&held_done, 0, 1) == 0,
           "mutex and gates init");
    CHECKF(rtb_thread_create(&t, "m", hold_mutex, NULL, RTB_PRIO_MAIN, 0, NULL, 0) == 0, "create");
    CHECKF(rtb_thread_start(&t) == 0, "start");
    CHECKF(rtb_sem_take(&held_go, RTB_FOREVER) == 0, "the other thread holds the mutex");
    rc = rtb_mutex_lock(&held, 2000);
    CHECKF(rc == RTB_ERR_TIMEOUT, "lock 2 ms of a mutex held elsewhere: got %d, want %d (TIMEOUT)",
           rc, RTB_ERR_TIMEOUT);
    CHECKF(rtb_sem_give(&held_done) == 0, "release");
    CHECKF(rtb_thread_join(&t, RTB_FOREVER) == 0, "join");
    rc = rtb_mutex_lock(&held, 2000);
    CHECKF(rc == 0, "lock 2 ms of the released mutex: %d", rc);
    CHECKF(rtb_mutex_unlock(&held) == 0, "unlock");
}

/* A thread whose join timed out still runs on its stack: a thread created
 * on that stack (as the next benchmark creates on rtb_stack(i)) would
 * overwrite its frames and glibc's thread block; it is refused until the
 * first is joined. */
static union {
    uint64_t align;
    unsigned char bytes[1u << 16];
} shared_stack;

static void test_stack_in_use(void)
{
    rtb_thread_t a, b;
    int rc;

    entered = 0;
    CHECKF(rtb_sem_init(&gate, 0, 1) == 0, "sem init");
    CHECKF(rtb_thread_create(&a, "a", wait_gate, NULL, RTB_PRIO_MAIN, 0, shared_stack.bytes,
                             sizeof shared_stack.bytes) == 0,
           "create on a stack of the caller's");
    CHECKF(rtb_thread_start(&a) == 0, "start");
    rc = rtb_thread_join(&a, 1000);
    CHECKF(rc == RTB_ERR_TIMEOUT, "join 1 ms of a blocked thread: %d", rc);
    rc = rtb_thread_create(&b, "b", nothing, NULL, RTB_PRIO_MAIN, 0, shared_stack.bytes,
                           sizeof shared_stack.bytes);
    CHECKF(rc == RTB_ERR_STATE,
           "create on the stack of a thread not joined: got %d, want %d (STATE)", rc,
           RTB_ERR_STATE);
    CHECKF(rtb_sem_give(&gate) == 0, "give");
    CHECKF(rtb_thread_join(&a, RTB_FOREVER) == 0, "join after the release");
    rc = rtb_thread_create(&b, "b", nothing, NULL, RTB_PRIO_MAIN, 0, shared_stack.bytes,
                           sizeof shared_stack.bytes);
    CHECKF(rc == 0, "create on the stack once its thread is joined: %d", rc);
    CHECKF(rc != 0 || (rtb_thread_start(&b) == 0 && rtb_thread_join(&b, RTB_FOREVER) == 0),
           "the second thread runs and ends");
}

/* A thread that passed its stop test just before stop was set, and
 * suspends itself only after the teardown's first resume (which found it
 * not suspended): Thread-Metric's teardown resumed once, then waited 2 s,
 * gave up and left it suspended on its stack for good. */
static volatile int late_stop, late_ended;

static void late_suspender(void *arg)
{
    (void)arg;
    while (!late_stop)
        (void)rtb_sleep_us(1000);
    (void)rtb_sleep_us(20000); /* the teardown's first resume comes in here */
    (void)rtb_thread_suspend(NULL);
    late_ended = 1;
}

static void test_resume_join(void)
{
    rtb_thread_t t;
    int rc;

    CHECKF(rtb_thread_create(&t, "late", late_suspender, NULL, RTB_PRIO_MAIN, 0, NULL, 0) == 0,
           "create");
    CHECKF(rtb_thread_start(&t) == 0, "start");
    late_stop = 1;
    rc = rtb_b_resume_join(&t);
    CHECKF(rc == 0 && late_ended, "teardown of a thread suspending late: got %d, ended %d", rc,
           late_ended);
    if (rc != 0) { /* the defect: it is suspended for good; let it go */
        while (rtb_thread_resume(&t) != 0)
            (void)rtb_sleep_us(1000);
        (void)rtb_thread_join(&t, RTB_FOREVER);
    }
}

int main(void)
{
    test_join_no_wait();
    test_set_prio_after_join();
    test_condvar_no_wait();
    test_finite_timeouts();
    test_stack_in_use();
    test_resume_join();
    return check_summary(NULL);
}
