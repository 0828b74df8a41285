/*
 * rtbench - OSEK-style activation family: the nine mechanisms of the Erika
 * Enterprise vs embOS comparison, each from the instruction its definition
 * names to the instruction it names (docs/benchmarks.md, "OSEK").
 *
 *   osek.isr1.latency          raise the interrupt -> first instruction of a
 *                              handler that calls no kernel service (ISR1)
 *   osek.isr1.exit             its last instruction -> the interrupted thread's
 *                              next instruction
 *   osek.isr2.latency          raise -> first instruction of a handler that
 *                              calls a kernel service (ISR2: a semaphore give
 *                              that wakes nothing)
 *   osek.isr2.exit             its last instruction (after the give) -> the
 *                              interrupted thread's next instruction
 *   osek.task.from_isr2        an ISR2 activates a more urgent task: the
 *                              handler's last instruction -> the task's first
 *   osek.task.activate.preempt the running task activates a more urgent one:
 *                              first instruction of the activation -> the
 *                              new task's first instruction
 *   osek.task.activate.nopreempt  it activates a less urgent one: first ->
 *                              last instruction of the call
 *   osek.task.terminate        last instruction of a task -> the next
 *                              instruction of the task it had preempted
 *   osek.task.terminate.from_isr  the same for a task an ISR2 activated
 *
 * No port has OSEK's task model, so it is built from the contract the same
 * way on every one: a task is a thread that waits on its own activation
 * semaphore at the top of its body; ActivateTask is the give of that
 * semaphore (ISR-safe, so an ISR2 can activate), TerminateTask is the task
 * going back to its take. ISR1 and ISR2 are two handlers of the port's one
 * software interrupt; the kernel sees no difference between them except
 * that an ISR2 calls it (no port here wraps an ISR2 in a kernel prologue).
 */
#include "bench_common.h"

/* ---- tasks ------------------------------------------------------------------- */

struct osek_task {
    rtb_sem_t act;               /* activation: the task waits on it when suspended */
    volatile rtb_cycles_t first; /* the task's first instruction */
    volatile rtb_cycles_t last;  /* its last instruction before it terminates */
    volatile uint32_t runs;      /* activations run */
    volatile int stop, err, ended;
};

static struct osek_task task_hi, task_lo;

static void task_body(void *arg)
{
    struct osek_task *t = arg;
    int rc;

    for (;;) {
        rc = rtb_sem_take(&t->act, RTB_FOREVER); /* suspended until activated */
        t->first = rtb_now();
        if (rc < 0 || t->stop) {
            t->err = rc;
            break;
        }
        t->runs++;
        t->last = rtb_now(); /* then TerminateTask: back to the take */
    }
    t->ended = 1;
}

/* Create and start a task (it runs up to its take if more urgent than the
 * caller), on helper stack `stack`. */
static int task_start(struct osek_task *t, rtb_thread_t *th, int prio, unsigned stack)
{
    int rc;

    t->first = t->last = 0;
    t->runs = 0;
    t->stop = t->err = t->ended = 0;
    rc = rtb_sem_init(&t->act, 0, 1);
    if (rc == 0)
        rc = rtb_b_create(th, "rtb-osek-task", task_body, t, prio, 0, stack);
    if (rc == 0) {
        rc = rtb_thread_start(th);
        if (rc < 0)
            RTB_B_KEEP(rc, rtb_b_reap(th, 0));
    }
    return rc;
}

/* Stop a task started by task_start: one more activation lets it leave. */
static int task_stop(struct osek_task *t, rtb_thread_t *th, int rc)
{
    unsigned k;

    t->stop = 1;
    for (k = 0; k < RTB_B_STOP_WAKES && !t->ended; k++) {
        int j;
        (void)rtb_sem_give(&t->act);
        j = rtb_thread_join(th, RTB_B_JOIN_US / RTB_B_STOP_WAKES);
        if (j == 0)
            return rc == 0 ? t->err : rc;
        if (j != RTB_ERR_TIMEOUT) {
            RTB_B_KEEP(rc, j);
            return rc;
        }
    }
    RTB_B_KEEP(rc, rtb_b_reap(th, t->ended));
    return rc == 0 ? t->err : rc;
}

/* ---- the interrupt handlers ----------------------------------------------------- */

static struct osek_isr {
    volatile rtb_cycles_t first, last; /* the handler's first and last instruction */
    volatile uint32_t hits;
    rtb_sem_t *give; /* ISR2: the semaphore it gives */
    volatile int rc; /* ISR2: the first failed give */
    volatile int in_isr;
} oi;
static rtb_sem_t isr2_sem; /* given by the ISR2 of the latency and exit windows */

/* ISR1: no kernel service between its first and its last instruction. */
static void isr1_handler(void *arg)
{
    struct osek_isr *s = arg;
    s->first = rtb_now();
    s->hits++;
    s->last = rtb_now();
}

/* ISR2: a kernel service (a give) between them. */
static void isr2_handler(void *arg)
{
    struct osek_isr *s = arg;
    int rc;

    s->first = rtb_now();
    s->hits++;
    if (!rtb_in_isr())
        s->in_isr = 0;
    rc = rtb_sem_give(s->give);
    if (rc < 0 && s->rc == 0)
        s->rc = rc;
    s->last = rtb_now();
}

static int isr_setup(rtb_isr_t handler, rtb_sem_t *give)
{
    oi.first = oi.last = 0;
    oi.hits = 0;
    oi.give = give;
    oi.rc = 0;
    oi.in_isr = 1;
    return rtb_irq_install(handler, &oi);
}

/* After trigger i (0-based): the handler ran once more, as an interrupt. */
static int isr_check(uint32_t i)
{
    if (oi.hits != i + 1u || !oi.in_isr)
        return RTB_ERR_CHECK;
    return oi.rc;
}

enum isr_window { ISR_LATENCY, ISR_EXIT };

/* The latency or exit window of ISR1 (give == NULL) or of an ISR2 that gives
 * isr2_sem, which nobody waits on: the count goes 0 -> 1 and is taken back. */
static int isr_bench(struct rtb_ctx *ctx, int isr2, enum isr_window w)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    int rc = 0;

    if (isr2)
        rc = rtb_sem_init(&isr2_sem, 0, 1);
    if (rc == 0)
        rc = isr_setup(isr2 ? isr2_handler : isr1_handler, isr2 ? &isr2_sem : NULL);
    for (i = 0; rc == 0 && i < loops; i++) {
        t0 = rtb_now();
        rc = rtb_irq_trigger();
        t1 = rtb_now();
        if (rc == 0)
            rc = isr_check(i);
        if (rc == 0 && isr2)
            rc = rtb_sem_take(&isr2_sem, RTB_NO_WAIT); /* the give counted */
        if (rc == 0)
            rtb_sample(ctx, w == ISR_LATENCY ? t0 : oi.last, w == ISR_LATENCY ? oi.first : t1);
    }
    return rtb_b_result(ctx, rc, "no software-triggered interrupt");
}

int rtb_bench_osek_isr1_latency(struct rtb_ctx *ctx)
{
    return isr_bench(ctx, 0, ISR_LATENCY);
}

int rtb_bench_osek_isr1_exit(struct rtb_ctx *ctx)
{
    return isr_bench(ctx, 0, ISR_EXIT);
}

int rtb_bench_osek_isr2_latency(struct rtb_ctx *ctx)
{
    return isr_bench(ctx, 1, ISR_LATENCY);
}

int rtb_bench_osek_isr2_exit(struct rtb_ctx *ctx)
{
    return isr_bench(ctx, 1, ISR_EXIT);
}

/* ---- activation and termination ---------------------------------------------- */

enum task_window {
    FROM_ISR2,         /* the ISR2's last instruction -> the task's first */
    ACTIVATE_PREEMPT,  /* before the give -> the task's first */
    TERMINATE,         /* the task's last -> main after its give returned */
    TERMINATE_FROM_ISR /* the task's last -> main after the trigger returned */
};

/* The more urgent task (RTB_B_PRIO_HIGH) activated by main (RTB_PRIO_MAIN) or
 * by an ISR2 that main triggers; it runs and terminates before main goes on. */
static int activation_bench(struct rtb_ctx *ctx, enum task_window w)
{
    uint32_t i, loops = rtb_loops(ctx);
    int from_isr = w == FROM_ISR2 || w == TERMINATE_FROM_ISR;
    rtb_cycles_t t0, t1;
    int rc;

    rc = task_start(&task_hi, &rtb_helpers[0], RTB_B_PRIO_HIGH, 0); /* waits at once */
    if (rc < 0)
        return rtb_b_result(ctx, rc, "no counting semaphore");
    if (from_isr)
        rc = isr_setup(isr2_handler, &task_hi.act);
    for (i = 0; rc == 0 && i < loops; i++) {
        t0 = rtb_now();
        rc = from_isr ? rtb_irq_trigger() : rtb_sem_give(&task_hi.act);
        t1 = rtb_now();
        if (rc == 0 && from_isr)
            rc = isr_check(i);
        if (rc == 0 && task_hi.runs != i + 1u)
            rc = RTB_ERR_CHECK; /* the task did not run (and end) before main went on */
        if (rc < 0)
            break;
        switch (w) {
        case FROM_ISR2:
            rtb_sample(ctx, oi.last, task_hi.first);
            break;
        case ACTIVATE_PREEMPT:
            rtb_sample(ctx, t0, task_hi.first);
            break;
        default: /* TERMINATE, TERMINATE_FROM_ISR */
            rtb_sample(ctx, task_hi.last, t1);
            break;
        }
    }
    rc = task_stop(&task_hi, &rtb_helpers[0], rc);
    return rtb_b_sched_result(ctx, rc,
                              from_isr ? "no software interrupt that can wake a thread"
                                       : "no counting semaphore");
}

int rtb_bench_osek_task_from_isr2(struct rtb_ctx *ctx)
{
    return activation_bench(ctx, FROM_ISR2);
}

int rtb_bench_osek_task_activate_preempt(struct rtb_ctx *ctx)
{
    return activation_bench(ctx, ACTIVATE_PREEMPT);
}

int rtb_bench_osek_task_terminate(struct rtb_ctx *ctx)
{
    return activation_bench(ctx, TERMINATE);
}

int rtb_bench_osek_task_terminate_from_isr(struct rtb_ctx *ctx)
{
    return activation_bench(ctx, TERMINATE_FROM_ISR);
}

/*
 * Activation without preemption: an activating task A (RTB_B_PRIO_HIGH + 1)
 * activates the less urgent task L (RTB_B_PRIO_HIGH), which must not run
 * during the call. A then waits for main's next go; L runs and terminates;
 * main (below both) checks that L ran and gives the next go.
 */
static struct nopreempt_state {
    struct rtb_ctx *ctx;
    rtb_sem_t go;
    volatile uint32_t done; /* activations A made */
    volatile int stop, err, ended;
} np;

static void np_activator(void *arg)
{
    struct nopreempt_state *s = arg;
    rtb_cycles_t t0, t1;
    uint32_t before;
    int rc;

    for (;;) {
        rc = rtb_sem_take(&s->go, RTB_FOREVER);
        if (rc < 0 || s->stop)
            break;
        before = task_lo.runs;
        t0 = rtb_now();
        rc = rtb_sem_give(&task_lo.act);
        t1 = rtb_now();
        if (rc == 0 && task_lo.runs != before)
            rc = rtb_fail(s->ctx, RTB_ERR_CHECK, "the less urgent task ran inside the activation");
        if (rc < 0)
            break;
        rtb_sample(s->ctx, t0, t1);
        s->done++;
    }
    s->err = rc;
    s->ended = 1;
}

int rtb_bench_osek_task_activate_nopreempt(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    int rc, started = 0;

    if ((rc = rtb_b_need_stacks(ctx, 2)) != 0)
        return rc;
    np.ctx = ctx;
    np.done = 0;
    np.stop = np.err = np.ended = 0;
    rc = rtb_sem_init(&np.go, 0, 1);
    if (rc < 0)
        return rtb_b_result(ctx, rc, "no counting semaphore");
    rc = task_start(&task_lo, &rtb_helpers[1], RTB_B_PRIO_HIGH, 1);
    if (rc < 0)
        return rc;
    rc =
        rtb_b_create(&rtb_helpers[0], "rtb-osek-act", np_activator, &np, RTB_B_PRIO_HIGH + 1, 0, 0);
    if (rc == 0) {
        rc = rtb_thread_start(&rtb_helpers[0]); /* runs at once and waits for a go */
        started = rc == 0;
        if (!started)
            RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], 0));
    }
    for (i = 0; rc == 0 && i < loops; i++) {
        rc = rtb_sem_give(&np.go); /* A activates L, then L runs and terminates */
        if (rc == 0)
            rc = np.err;
        if (rc == 0 && (np.done != i + 1u || task_lo.runs != i + 1u))
            rc = rtb_fail(ctx, RTB_ERR_CHECK,
                          "the activated task did not run once per activation before the next");
    }
    if (started) {
        np.stop = 1;
        if (!np.ended)
            RTB_B_KEEP(rc, rtb_sem_give(&np.go));
        RTB_B_KEEP(rc, rtb_b_reap(&rtb_helpers[0], np.ended));
        if (rc == 0)
            rc = np.err;
    }
    rc = task_stop(&task_lo, &rtb_helpers[1], rc);
    return rtb_b_sched_result(ctx, rc, "no counting semaphore");
}
