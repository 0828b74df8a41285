/*
 * rtbench tests - the adapter core (ports/adapter/rtb_core.c) on the host,
 * over a fake kernel (fake/rtb_kernel.h) that counts the hooks it is asked
 * to run: the thread state table of rtb/port.h, with a refused call never
 * reaching the kernel (no undefined behaviour on a stale native handle), and
 * the timeout / no-wait / in-handler rules of the calls that may wait.
 * The contract probe (target/contract.c) checks the same table on each real
 * kernel.
 */
#include <stdint.h>

#include "check.h"
#include "rtb/port.h"
#include "rtb_ad_cm.h"
#include "rtb_kernel.h"

struct fake fake;

/* What rtb_core.c takes from the Cortex-M glue (rtb_ad_cm.c). */
uint64_t rtb_ad_main_stack[RTB_CONFIG_MAIN_STACK_SIZE / 8u];
void rtb_ad_main_entry(void *arg)
{
    (void)arg;
}

static uint64_t stack[RTB_CONFIG_STACK_SIZE / 8u];

static void entry(void *arg)
{
    (void)arg;
}

static int create(rtb_thread_t *t)
{
    return rtb_thread_create(t, "t", entry, NULL, RTB_PRIO_MAIN, 0, stack, sizeof stack);
}

/* A call refused with `want` that reached no hook. */
#define REFUSED(call, want)                                                                        \
    do {                                                                                           \
        unsigned calls_ = fake.calls;                                                              \
        CHECK_EQ((call), (want));                                                                  \
        CHECK_EQ(fake.calls, calls_);                                                              \
    } while (0)

static void test_create_args(void)
{
    rtb_thread_t t = {0};

    REFUSED(rtb_thread_create(NULL, "t", entry, NULL, 10, 0, stack, sizeof stack), RTB_ERR_INVAL);
    REFUSED(rtb_thread_create(&t, "t", NULL, NULL, 10, 0, stack, sizeof stack), RTB_ERR_INVAL);
    REFUSED(rtb_thread_create(&t, "t", entry, NULL, 10, 0, NULL, sizeof stack), RTB_ERR_INVAL);
    REFUSED(rtb_thread_create(&t, "t", entry, NULL, 10, 0, stack, RTB_K_MIN_STACK - 1u),
            RTB_ERR_INVAL);
    REFUSED(rtb_thread_create(&t, "t", entry, NULL, RTB_PRIO_MAX + 1, 0, stack, sizeof stack),
            RTB_ERR_INVAL);
    REFUSED(rtb_thread_create(&t, "t", entry, NULL, 10, 0x2u, stack, sizeof stack), RTB_ERR_INVAL);
    REFUSED(rtb_thread_create(&t, "t", entry, NULL, 10, RTB_THREAD_COOP, stack, sizeof stack),
            RTB_ERR_NOTSUP); /* RTB_K_HAS_COOP 0 */
    CHECK_EQ(t.core.state, RTB_CORE_FREE);
    REFUSED(rtb_thread_start(NULL), RTB_ERR_INVAL);
    REFUSED(rtb_thread_resume(NULL), RTB_ERR_INVAL);
    REFUSED(rtb_thread_join(NULL, RTB_NO_WAIT), RTB_ERR_INVAL);
    REFUSED(rtb_thread_set_prio(&t, 0), RTB_ERR_INVAL);
}

/* The state table: every call refused with RTB_ERR_STATE in a state that
 * rtb/port.h does not allow it in, before any hook. */
static void test_states(void)
{
    static rtb_thread_t never, t;

    REFUSED(rtb_thread_start(&never), RTB_ERR_STATE);
    REFUSED(rtb_thread_suspend(&never), RTB_ERR_STATE);
    REFUSED(rtb_thread_resume(&never), RTB_ERR_STATE); /* the fake's hook: not suspended */
    REFUSED(rtb_thread_set_prio(&never, 10), RTB_ERR_STATE);
    REFUSED(rtb_thread_abort(&never), RTB_ERR_STATE);
    REFUSED(rtb_thread_join(&never, RTB_NO_WAIT), RTB_ERR_STATE);

    CHECK_EQ(create(&t), RTB_OK);
    CHECK_EQ(t.core.state, RTB_CORE_CREATED);
    REFUSED(create(&t), RTB_ERR_STATE);
    REFUSED(rtb_thread_suspend(&t), RTB_ERR_STATE);
    REFUSED(rtb_thread_join(&t, RTB_NO_WAIT), RTB_ERR_STATE); /* never started */
    CHECK_EQ(rtb_thread_set_prio(&t, 12), RTB_OK);
    CHECK_EQ(rtb_thread_start(&t), RTB_OK);
    CHECK_EQ(t.core.state, RTB_CORE_RUNNING);
    REFUSED(rtb_thread_start(&t), RTB_ERR_STATE);
    fake.self = &t;
    REFUSED(rtb_thread_join(&t, RTB_FOREVER), RTB_ERR_STATE); /* itself */
    fake.self = NULL;
    CHECK_EQ(rtb_thread_suspend(&t), RTB_OK);
    CHECK_EQ(rtb_thread_resume(&t), RTB_OK);
    fake.wait_rc = RTB_ERR_AGAIN;
    CHECK_EQ(rtb_thread_join(&t, RTB_NO_WAIT), RTB_ERR_AGAIN);

    rtb_core_thread_run(&t); /* the entry returns */
    CHECK_EQ(t.core.state, RTB_CORE_ENDED);
    t.done = 1;
    REFUSED(rtb_thread_suspend(&t), RTB_ERR_STATE);
    REFUSED(rtb_thread_set_prio(&t, 10), RTB_ERR_STATE);
    REFUSED(rtb_thread_start(&t), RTB_ERR_STATE);
    CHECK_EQ(rtb_thread_join(&t, RTB_NO_WAIT), RTB_OK);
    CHECK_EQ(t.core.state, RTB_CORE_FREE);
    CHECK_EQ(t.native, 0);

    /* joined: a stale handle */
    REFUSED(rtb_thread_start(&t), RTB_ERR_STATE);
    REFUSED(rtb_thread_suspend(&t), RTB_ERR_STATE);
    REFUSED(rtb_thread_set_prio(&t, 10), RTB_ERR_STATE);
    REFUSED(rtb_thread_abort(&t), RTB_ERR_STATE);
    REFUSED(rtb_thread_join(&t, RTB_FOREVER), RTB_ERR_STATE);

    /* aborted: join releases it without waiting */
    CHECK_EQ(create(&t), RTB_OK);
    CHECK_EQ(rtb_thread_start(&t), RTB_OK);
    CHECK_EQ(rtb_thread_abort(&t), RTB_OK);
    CHECK_EQ(t.core.state, RTB_CORE_ABORTED);
    REFUSED(rtb_thread_abort(&t), RTB_ERR_STATE);
    REFUSED(rtb_thread_suspend(&t), RTB_ERR_STATE);
    REFUSED(rtb_thread_set_prio(&t, 10), RTB_ERR_STATE);
    fake.wait_rc = RTB_ERR_TIMEOUT; /* would fail if join waited */
    CHECK_EQ(rtb_thread_join(&t, RTB_FOREVER), RTB_OK);
    CHECK_EQ(t.core.state, RTB_CORE_FREE);
}

/* The runner's thread: created ready, through the same create hook. */
static void test_create_main(void)
{
    CHECK_EQ(rtb_core_create_main(), RTB_OK);
}

/* The calls that may wait: a bad timeout and a wait from a handler are
 * refused before the kernel; RTB_NO_WAIT takes the try hook (no ticks);
 * a finite wait gets the kernel's ticks, RTB_FOREVER its all-ones value. */
static void test_waits(void)
{
    static rtb_sem_t s;
    static rtb_events_t e;
    static rtb_msgq_t q;
    static uint32_t buf[4];
    void *item = NULL;

    REFUSED(rtb_sem_init(NULL, 0, 1), RTB_ERR_INVAL);
    REFUSED(rtb_sem_init(&s, 0, 0), RTB_ERR_INVAL);
    REFUSED(rtb_sem_init(&s, 2, 1), RTB_ERR_INVAL);
    CHECK_EQ(rtb_sem_init(&s, 1, 1), RTB_OK);
    REFUSED(rtb_sem_take(&s, -2), RTB_ERR_INVAL);
    fake.isr = 1;
    REFUSED(rtb_sem_take(&s, 1000), RTB_ERR_PERM);
    REFUSED(rtb_fifo_get(NULL, &item, RTB_FOREVER), RTB_ERR_PERM);
    REFUSED(rtb_events_wait(&e, 1u, RTB_EVENTS_ANY, 1000, NULL), RTB_ERR_PERM);
    REFUSED(rtb_msgq_put(&q, buf, RTB_FOREVER), RTB_ERR_PERM);
    REFUSED(rtb_sleep_us(10), RTB_ERR_PERM);
    CHECK_EQ(rtb_sem_take(&s, RTB_NO_WAIT), RTB_OK); /* the try hook, from a handler too */
    CHECK_EQ(rtb_msgq_put(&q, buf, RTB_NO_WAIT), RTB_OK);
    fake.isr = 0;
    fake.wait_rc = RTB_ERR_TIMEOUT;
    fake.last_tk = 0;
    CHECK_EQ(rtb_sem_take(&s, 5000), RTB_ERR_TIMEOUT);
    CHECK_EQ(fake.last_tk, 7); /* rtb_k_ticks_finite(5000) */
    CHECK_EQ(rtb_stack_pop(NULL, NULL, RTB_FOREVER), RTB_ERR_TIMEOUT);
    CHECK_EQ(fake.last_tk, -1);
    REFUSED(rtb_events_wait(&e, 0u, RTB_EVENTS_ANY, RTB_NO_WAIT, NULL), RTB_ERR_INVAL);
    REFUSED(rtb_events_wait(&e, 1u, 2u, RTB_NO_WAIT, NULL), RTB_ERR_INVAL);
    REFUSED(rtb_events_wait(&e, 1u, RTB_EVENTS_ALL, -5, NULL), RTB_ERR_INVAL);
    CHECK_EQ(rtb_events_wait(&e, 1u, RTB_EVENTS_ALL, 3000, NULL), RTB_ERR_TIMEOUT);
    CHECK_EQ(fake.last_tk, 5);
    REFUSED(rtb_msgq_init(&q, NULL, 4, 1), RTB_ERR_INVAL);
    REFUSED(rtb_msgq_init(&q, buf, 0, 1), RTB_ERR_INVAL);
    REFUSED(rtb_stack_init(NULL, NULL, 1), RTB_ERR_INVAL);
    REFUSED(rtb_fifo_alloc_put(NULL, NULL), RTB_ERR_NOTSUP);
    REFUSED(rtb_mutex_lock(NULL, -3), RTB_ERR_INVAL);
}

static void test_errno(void)
{
    static rtb_thread_t t;

    fake.self = &t;
    CHECK_EQ(rtb_core_port_error(42), RTB_ERR_PORT);
    CHECK_EQ(rtb_port_errno(), 42);
    fake.isr = 1; /* a handler's code is its own */
    CHECK_EQ(rtb_core_port_error(7), RTB_ERR_PORT);
    CHECK_EQ(rtb_port_errno(), 7);
    fake.isr = 0;
    CHECK_EQ(rtb_port_errno(), 42);
    fake.self = NULL;
}

int main(void)
{
    test_create_args();
    test_states();
    test_create_main();
    test_waits();
    test_errno();
    return check_summary("core");
}
