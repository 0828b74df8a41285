/*
 * refk - scheduler, threads, timeouts and the tick. The context switch and
 * the yield are the architecture's (arch/<isa>/switch.c), as are the frame
 * layout, the exception priorities and the first switch (refk_arch.h).
 */
#include "refk_internal.h"

struct refk_sched refk_sched;

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define ICSR_PENDSTCLR (1u << 25)

#define REFK_MIN_STACK 256u
#define US_PER_TICK (1000000u / REFK_TICK_HZ)

static struct refk_thread idle_thread;
static struct refk_thread boot_thread; /* the context of refk_start(), discarded */
static uint64_t idle_stack[64];
static uint64_t boot_stack[32];

int refk_in_isr(void)
{
    return refk_ipsr() != 0;
}

__attribute__((weak)) void refk_deadlock_hook(void)
{
    for (;;)
        __asm__ volatile("wfi");
}

/*
 * The idle thread. By default it spins instead of sleeping in WFI: under
 * QEMU 7.2 with -icount sleep=off, WFI in idle made every 1 ms tick last
 * 2 ms of virtual time (a 5000 us timeout took 10155 us; 5154 us with a
 * spinning idle), while a spinning idle advances virtual time one
 * instruction at a time. Build with REFK_IDLE_WFI=1 on silicon.
 */
#ifndef REFK_IDLE_WFI
#define REFK_IDLE_WFI 0
#endif

static void idle_entry(void *arg)
{
    struct refk_sched *s = &refk_sched;
    (void)arg;
    for (;;) {
        refk_lock();
        if (s->timeouts == NULL && s->bitmap == 1u) {
            /* only idle is ready and no timeout can make another one ready */
            refk_unlock();
            refk_deadlock_hook();
        }
#if REFK_IDLE_WFI
        __asm__ volatile("wfi"); /* a pending interrupt ends it even while masked */
#endif
        refk_unlock();
    }
}

static void thread_exit(void)
{
    refk_thread_abort(NULL);
    for (;;) {
    }
}

/* Words of the initial frame: the software part (REFK_ARCH_SW_WORDS: r4-r11,
 * in the order the architecture's PendSV keeps them), then r0-r3, r12, lr,
 * pc, xPSR. */
#define SW_WORDS REFK_ARCH_SW_WORDS

static void frame_init(struct refk_thread *t, refk_entry_t entry, void *arg, void *stack,
                       size_t bytes)
{
    uint32_t *sp = (uint32_t *)(((uintptr_t)stack + bytes) & ~(uintptr_t)7u);
    unsigned i;
    sp -= SW_WORDS + 8;
    for (i = 0; i < SW_WORDS + 8; i++)
        sp[i] = 0;
    refk_arch_sw_frame(sp);
    sp[SW_WORDS + 0] = (uint32_t)(uintptr_t)arg;         /* r0 */
    sp[SW_WORDS + 5] = (uint32_t)(uintptr_t)thread_exit; /* lr */
    sp[SW_WORDS + 6] = (uint32_t)(uintptr_t)entry & ~1u; /* pc */
    sp[SW_WORDS + 7] = 0x01000000u;                      /* xPSR: Thumb */
    t->sp = sp;
}

void refk_init(uint32_t core_hz)
{
    struct refk_sched *s = &refk_sched;
    unsigned i;
    s->bitmap = 0;
    for (i = 0; i < REFK_NUM_PRIO; i++)
        s->ready[i] = NULL;
    s->timeouts = NULL;
    s->ticks = 0;
    s->tick_on = 0;
    s->tick_reload = core_hz / REFK_TICK_HZ - 1u;
    frame_init(&idle_thread, idle_entry, NULL, idle_stack, sizeof idle_stack);
    idle_thread.prio = REFK_PRIO_IDLE;
    idle_thread.state = 0;
    idle_thread.name = "idle";
    refk_rq_add(s, &idle_thread);
    /* Until refk_start(), next is a placeholder more urgent than any thread,
     * so that starting threads requests no switch. Only thread creation and
     * start are allowed before refk_start(). */
    boot_thread.state = REFK_TS_DEAD;
    boot_thread.prio = 0xFFu;
    s->cur = &boot_thread;
    s->next = &boot_thread;
    {
        extern void refk_heap_setup(void);
        refk_heap_setup();
    }
}

void refk_start(void)
{
    struct refk_sched *s = &refk_sched;
    uint32_t top = (uint32_t)(uintptr_t)&boot_stack[sizeof boot_stack / sizeof boot_stack[0]];
    refk_arch_prio_init(); /* PendSV least urgent: switches after every ISR */
    refk_lock();
    s->cur = &boot_thread;
    s->next = refk_rq_best(s);
    /* Thread mode moves to PSP on a scratch stack; PendSV saves this context
     * into boot_thread (never resumed) and loads the first thread. */
    refk_arch_first_switch(top);
}

/* ---- timeouts and the tick ---------------------------------------------- */

static void timeout_add(struct refk_sched *s, struct refk_thread *t, uint32_t ticks)
{
    struct refk_thread *prev = NULL, *n = s->timeouts;
    uint32_t exp;
    if (!s->tick_on) {
        /* a fresh period starts now: `ticks` whole periods */
        s->tick_on = 1;
        SYST_CSR = 0;
        SYST_RVR = s->tick_reload;
        SYST_CVR = 0;
        REFK_ICSR = ICSR_PENDSTCLR;
        SYST_CSR = 7u; /* core clock, interrupt, enable */
        exp = s->ticks + ticks;
    } else {
        /* the current period is partly gone: one more */
        exp = s->ticks + ticks + 1u;
    }
    t->expiry = exp;
    while (n != NULL && (int32_t)(n->expiry - exp) <= 0) {
        prev = n;
        n = n->tnext;
    }
    t->tnext = n;
    t->tprev = prev;
    if (n)
        n->tprev = t;
    if (prev)
        prev->tnext = t;
    else
        s->timeouts = t;
    t->timed = 1;
}

void refk_timeout_cancel(struct refk_thread *t)
{
    struct refk_sched *s = &refk_sched;
    if (t->tprev)
        t->tprev->tnext = t->tnext;
    else
        s->timeouts = t->tnext;
    if (t->tnext)
        t->tnext->tprev = t->tprev;
    t->timed = 0;
}

void SysTick_Handler(void)
{
    struct refk_sched *s = &refk_sched;
    struct refk_thread *t;
    uint32_t pm = refk_irq_save();
    uint32_t now = ++s->ticks;
    while ((t = s->timeouts) != NULL && (int32_t)(t->expiry - now) <= 0) {
        int32_t ret = 0; /* a sleep ends normally */
        s->timeouts = t->tnext;
        if (t->tnext)
            t->tnext->tprev = NULL;
        t->timed = 0;
        if (t->waitq) {
            struct refk_waitq *q = t->waitq;
            refk_wq_remove(q, t);
            t->waitq = NULL;
            refk_mutex_waiter_left(t, q); /* a mutex's owner may drop */
            ret = REFK_ETIMEOUT;
        }
        t->wait_ret = ret;
        t->state &= (uint8_t)~REFK_TS_BLOCKED;
        if (t->state == 0)
            refk_make_ready(s, t);
    }
    if (s->timeouts == NULL) {
        SYST_CSR = 0; /* tickless while nobody waits with a finite timeout */
        s->tick_on = 0;
    }
    refk_irq_restore(pm);
}

/* ---- blocking ------------------------------------------------------------ */

int refk_block(struct refk_waitq *wq, int32_t timeout)
{
    struct refk_sched *s = &refk_sched;
    struct refk_thread *t = s->cur;
    if (refk_ipsr() != 0) {
        refk_unlock();
        return REFK_EPERM;
    }
    refk_rq_remove(s, t);
    t->state = REFK_TS_BLOCKED;
    t->waitq = wq;
    if (wq)
        refk_wq_insert(wq, t);
    if (timeout > 0) /* microseconds to ticks, rounded up */
        timeout_add(s, t, ((uint32_t)timeout + (US_PER_TICK - 1u)) / US_PER_TICK);
    s->next = refk_rq_best(s);
    refk_pend_switch();
    refk_unlock_switch();
    return t->wait_ret;
}

/* ---- threads -------------------------------------------------------------- */

int refk_thread_create(struct refk_thread *t, const char *name, refk_entry_t entry, void *arg,
                       int prio, unsigned flags, void *stack, size_t stack_bytes)
{
    if (t == NULL || entry == NULL || stack == NULL || stack_bytes < REFK_MIN_STACK ||
        prio <= REFK_PRIO_IDLE || prio > REFK_PRIO_MAX)
        return REFK_EINVAL;
    if (flags & REFK_THREAD_COOP)
        prio = REFK_PRIO_MAX;
    frame_init(t, entry, arg, stack, stack_bytes);
    t->prio = (uint8_t)prio;
    t->base_prio = (uint8_t)prio;
    t->held = NULL;
    t->wait_mutex = NULL;
    t->state = REFK_TS_NEW;
    t->timed = 0;
    t->waitq = NULL;
    t->wait_ret = 0;
    t->joinq.head = NULL;
    t->name = name;
    return REFK_OK;
}

int refk_thread_start(struct refk_thread *t)
{
    struct refk_sched *s = &refk_sched;
    refk_lock();
    if (t->state != REFK_TS_NEW) {
        refk_unlock();
        return REFK_ESTATE;
    }
    t->state = 0;
    refk_make_ready(s, t);
    refk_unlock_switch();
    return REFK_OK;
}

int refk_thread_suspend(struct refk_thread *t)
{
    struct refk_sched *s = &refk_sched;
    refk_lock();
    if (t == NULL)
        t = s->cur;
    if (t->state & (REFK_TS_NEW | REFK_TS_DEAD | REFK_TS_FREE) || t == &idle_thread) {
        refk_unlock();
        return REFK_ESTATE;
    }
    if (t->state == 0) {
        refk_rq_remove(s, t);
        refk_resched(s);
    }
    t->state |= REFK_TS_SUSPENDED;
    refk_unlock_switch();
    return REFK_OK;
}

/* ISR-safe (Thread-Metric's interrupt preemption test resumes a thread from
 * a handler): PRIMASK is saved and restored, so it nests. */
int refk_thread_resume(struct refk_thread *t)
{
    struct refk_sched *s = &refk_sched;
    uint32_t pm = refk_irq_save();
    if (!(t->state & REFK_TS_SUSPENDED)) {
        refk_irq_restore(pm);
        return REFK_ESTATE;
    }
    t->state &= (uint8_t)~REFK_TS_SUSPENDED;
    if (t->state == 0)
        refk_make_ready(s, t);
    refk_irq_restore_switch(pm);
    return REFK_OK;
}

/* Take `t` out of the wait queue it is in, for an abort: the owner of a mutex
 * it waited for may drop. Returns `t`, so that nothing of the caller's has to
 * live across the call: aborting a ready thread keeps its registers (and
 * its figure). Kernel lock held. */
static __attribute__((noinline)) struct refk_thread *abort_unqueue(struct refk_thread *t)
{
    struct refk_waitq *q = t->waitq;
    refk_wq_remove(q, t);
    t->waitq = NULL;
    refk_mutex_waiter_left(t, q);
    return t;
}

int refk_thread_abort(struct refk_thread *t)
{
    struct refk_sched *s = &refk_sched;
    struct refk_thread *j;
    refk_lock();
    if (t == NULL)
        t = s->cur;
    if (t == &idle_thread) {
        refk_unlock();
        return REFK_EPERM;
    }
    if (t->state & (REFK_TS_DEAD | REFK_TS_FREE)) { /* already ended */
        refk_unlock();
        return REFK_OK;
    }
    if (t->state == 0)
        refk_rq_remove(s, t);
    if (t->waitq)
        t = abort_unqueue(t);
    if (t->timed)
        refk_timeout_cancel(t);
    t->state = REFK_TS_DEAD;
    while ((j = t->joinq.head) != NULL)
        refk_wake(s, j, REFK_OK);
    refk_resched(s);
    refk_unlock_switch(); /* an aborted caller is switched out here for good */
    return REFK_OK;
}

int refk_thread_join(struct refk_thread *t, int32_t timeout)
{
    struct refk_sched *s = &refk_sched;
    int ret;
    refk_lock();
    if (t == s->cur || t->state & REFK_TS_FREE) {
        refk_unlock();
        return t == s->cur ? REFK_EINVAL : REFK_ESTATE;
    }
    if (!(t->state & REFK_TS_DEAD)) {
        if (timeout == 0) {
            refk_unlock();
            return REFK_EAGAIN;
        }
        ret = refk_block(&t->joinq, timeout);
        if (ret != 0)
            return ret;
        refk_lock();
    }
    t->state = REFK_TS_FREE;
    refk_unlock();
    return REFK_OK;
}

unsigned refk_effective_prio(const struct refk_thread *t)
{
    const struct refk_mutex *m;
    unsigned p = t->base_prio;
    if (!REFK_PRIO_INHERIT)
        return p;
    for (m = t->held; m != NULL; m = m->next_held)
        if (m->wq.head != NULL && m->wq.head->prio > p)
            p = m->wq.head->prio; /* wait queues are sorted: the head is the most urgent */
    return p;
}

void refk_reprio(struct refk_thread *t, unsigned p)
{
    struct refk_sched *s = &refk_sched;
    if (t->prio == p)
        return;
    if (t->state == 0) {
        refk_rq_remove(s, t);
        t->prio = (uint8_t)p;
        refk_rq_add(s, t);
        refk_resched(s);
    } else if (t->waitq) {
        struct refk_waitq *q = t->waitq;
        refk_wq_remove(q, t);
        t->prio = (uint8_t)p;
        refk_wq_insert(q, t);
    } else {
        t->prio = (uint8_t)p;
    }
}

int refk_thread_set_prio(struct refk_thread *t, int prio)
{
    struct refk_sched *s = &refk_sched;
    if (prio <= REFK_PRIO_IDLE || prio > REFK_PRIO_MAX)
        return REFK_EINVAL;
    refk_lock();
    if (t == NULL)
        t = s->cur;
    if (t->state & (REFK_TS_DEAD | REFK_TS_FREE) || t == &idle_thread) {
        refk_unlock();
        return REFK_ESTATE;
    }
    t->base_prio = (uint8_t)prio;
    /* an inherited priority stays while it holds; a waiter for a mutex that is
     * raised or lowered raises or lowers the owner (and the chain) */
    refk_pi_recompute(t);
    refk_unlock_switch();
    return REFK_OK;
}

int refk_sleep(int32_t us)
{
    if (us <= 0) {
        refk_yield();
        return REFK_OK;
    }
    refk_lock();
    return refk_block(NULL, us);
}
