/*
 * rtbench - interrupt return family (latency_measure's int_to_thread.c), on
 * the port's software-triggered interrupt.
 *
 *   isr.resume.interrupted.thread.kernel
 *       the handler's last instruction stamps; the interrupted thread stamps
 *       right after rtb_irq_trigger() returns.
 *   isr.resume.different.thread.kernel
 *       the handler gives a semaphore a more urgent thread waits on, then
 *       stamps as its last instruction; the woken thread stamps right after
 *       its take returns. The interrupted thread is the runner's.
 */
#include "bench_common.h"

static struct isr_state {
    volatile rtb_cycles_t isr_stamp; /* the handler's last instruction */
    volatile rtb_cycles_t thr_stamp; /* the woken thread, after its take */
    volatile uint32_t hits;          /* handler runs */
    volatile uint32_t wakes;         /* takes that returned in the woken thread */
    volatile int in_isr;             /* rtb_in_isr() as seen by the handler, ANDed */
    volatile int give_rc;            /* first failed give in the handler */
    volatile int thr_rc;             /* the woken thread's failed take */
    volatile int stop;
    volatile int ended;
} is;

static rtb_sem_t isr_sem;

static void isr_state_reset(void)
{
    is.isr_stamp = 0;
    is.thr_stamp = 0;
    is.hits = 0;
    is.wakes = 0;
    is.in_isr = 1;
    is.give_rc = 0;
    is.thr_rc = 0;
    is.stop = 0;
    is.ended = 0;
}

/* The handler of the interrupted-thread case. */
static void isr_stamp_handler(void *arg)
{
    struct isr_state *s = arg;

    if (!rtb_in_isr())
        s->in_isr = 0;
    s->hits++;
    s->isr_stamp = rtb_now();
}

/* Checks common to both: the handler ran once per trigger, as an interrupt. */
static int isr_check(uint32_t expect_hits)
{
    if (is.hits != expect_hits || !is.in_isr)
        return RTB_ERR_CHECK;
    return 0;
}

int rtb_bench_isr_resume_interrupted(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t1;
    int rc;

    isr_state_reset();
    rc = rtb_irq_install(isr_stamp_handler, &is);
    for (i = 0; rc == 0 && i < loops; i++) {
        rc = rtb_irq_trigger();
        t1 = rtb_now();
        if (rc == 0)
            rc = isr_check(i + 1);
        if (rc == 0)
            rtb_sample(ctx, is.isr_stamp, t1);
    }
    return rtb_b_result(ctx, rc, "no software-triggered interrupt");
}

/* The handler of the different-thread case: wake the waiting thread. */
static void isr_give_handler(void *arg)
{
    struct isr_state *s = arg;
    int rc;

    if (!rtb_in_isr())
        s->in_isr = 0;
    s->hits++;
    rc = rtb_sem_give(&isr_sem);
    if (rc < 0 && s->give_rc == 0)
        s->give_rc = rc;
    s->isr_stamp = rtb_now();
}

/* The more urgent thread: waits on the semaphore the handler gives. */
static void isr_waiter(void *arg)
{
    struct isr_state *s = arg;
    int rc;

    for (;;) {
        rc = rtb_sem_take(&isr_sem, RTB_FOREVER);
        s->thr_stamp = rtb_now();
        if (rc < 0) {
            s->thr_rc = rc;
            break;
        }
        s->wakes++;
        if (s->stop)
            break;
    }
    s->ended = 1;
}

int rtb_bench_isr_resume_different(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    int rc;

    isr_state_reset();
    rc = rtb_sem_init(&isr_sem, 0, 1);
    if (rc == 0)
        rc = rtb_irq_install(isr_give_handler, &is);
    if (rc < 0)
        return rtb_b_result(ctx, rc, "no software interrupt that can wake a thread");
    rc = rtb_b_create(&rtb_helpers[0], "rtb-isr-wait", isr_waiter, &is, RTB_B_PRIO_HIGH, 0, 0);
    if (rc < 0)
        return rc;
    rc = rtb_thread_start(&rtb_helpers[0]); /* runs at once and blocks in its take */
    for (i = 0; rc == 0 && i < loops; i++) {
        /* The waiter is blocked: the handler's give switches to it when the
         * interrupt returns, and it blocks again before this thread runs. */
        rc = rtb_irq_trigger();
        if (rc == 0)
            rc = is.give_rc;
        if (rc == 0)
            rc = is.thr_rc;
        if (rc == 0)
            rc = isr_check(i + 1);
        if (rc == 0 && is.wakes != i + 1)
            rc = RTB_ERR_CHECK; /* the woken thread did not run before this one */
        if (rc == 0)
            rtb_sample(ctx, is.isr_stamp, is.thr_stamp);
    }
    /* Release the waiter: it sees `stop` after this give and returns. */
    is.stop = 1;
    if (!is.ended)
        RTB_B_KEEP(rc, rtb_sem_give(&isr_sem));
    RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], is.ended));
    return rtb_b_sched_result(ctx, rc, "no software interrupt that can wake a thread");
}
