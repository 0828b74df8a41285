/*
 * refk - semaphores, recursive mutexes, condition variables, event flags.
 */
#include "refk_internal.h"

/* ---- counting semaphores -------------------------------------------------- */

int refk_sem_init(struct refk_sem *s, uint32_t initial, uint32_t limit)
{
    if (s == NULL || limit == 0 || initial > limit)
        return REFK_EINVAL;
    s->wq.head = NULL;
    s->count = initial;
    s->limit = limit;
    return REFK_OK;
}

/* Hand a give to `t`, which waits with a timeout (out of line: the usual
 * wake below then calls nothing and needs no stack frame). */
static __attribute__((noinline, noclone)) int sem_give_timed(struct refk_sem *s, uint32_t pm,
                                                             struct refk_thread *t)
{
    (void)s;
    refk_wake(&refk_sched, t, REFK_OK);
    refk_irq_restore_switch(pm);
    return REFK_OK;
}

/* The count at its limit, nobody waiting. */
static __attribute__((noinline, noclone)) int sem_give_full(uint32_t pm)
{
    refk_irq_restore(pm);
    return REFK_EOVERFLOW;
}

/* refk_sem_give (refk.h) found `t` waiting (the count is 0: hand it over), or
 * nobody waiting and the count at its limit (t NULL). */
int refk_sem_give_slow(struct refk_sem *s, uint32_t pm)
{
    struct refk_thread *t = s->wq.head;
    if (t == NULL)
        return sem_give_full(pm);
    if (t->timed)
        return sem_give_timed(s, pm, t); /* same registers: a branch */
    refk_wake_untimed(&refk_sched, t, REFK_OK);
    refk_irq_restore_switch(pm);
    return REFK_OK;
}

/* refk_sem_take (refk.h) found the count at 0. Lock held. */
int refk_sem_take_slow(struct refk_sem *s, int32_t timeout)
{
    if (timeout == 0) {
        refk_unlock();
        return REFK_EAGAIN;
    }
    return refk_block(&s->wq, timeout);
}

/* ---- recursive mutexes -----------------------------------------------------
 * Priority inheritance: a thread that blocks on a mutex raises the owner to
 * its priority, and along the chain if that owner itself waits for a mutex
 * (bounded by REFK_NUM_PRIO steps). An owner drops back, when it releases a
 * mutex for the last time, to the higher of its base priority and the most
 * urgent waiter of the mutexes it still holds. When a waiter stops waiting
 * without the mutex (its timeout expires, it is aborted) or its priority
 * changes, refk_pi_recompute() gives the owner, and the owners along the
 * chain, the priority they should have now, lower or higher. */

int refk_mutex_init(struct refk_mutex *m)
{
    if (m == NULL)
        return REFK_EINVAL;
    m->wq.head = NULL;
    m->owner = NULL;
    m->count = 0;
    m->next_held = NULL;
    return REFK_OK;
}

void refk_inherit(struct refk_thread *o, unsigned prio)
{
    unsigned steps;
    /* along the chain of owners that wait for a mutex themselves */
    for (steps = 0; o != NULL && o->prio < prio && steps < REFK_NUM_PRIO; steps++) {
        refk_reprio(o, prio);
        if (o->wait_mutex == NULL || o->waitq != &o->wait_mutex->wq)
            break;
        o = o->wait_mutex->owner;
    }
}

void refk_pi_recompute(struct refk_thread *o)
{
    unsigned steps;
    for (steps = 0; o != NULL && steps < REFK_NUM_PRIO; steps++) {
        unsigned p = refk_effective_prio(o);
        if (p == o->prio)
            break;         /* nothing changes further along the chain either */
        refk_reprio(o, p); /* re-sorts o in the queue it waits in */
        if (o->wait_mutex == NULL || o->waitq != &o->wait_mutex->wq)
            break;
        o = o->wait_mutex->owner;
    }
}

void refk_mutex_waiter_left(struct refk_thread *t, struct refk_waitq *q)
{
    struct refk_mutex *m = t->wait_mutex;
    if (m == NULL || q != &m->wq)
        return; /* it was not waiting for a mutex */
    t->wait_mutex = NULL;
    refk_pi_recompute(m->owner);
}

/* `c` becomes the owner of the free mutex `m`. Lock held. */
static inline void mutex_take(struct refk_mutex *m, struct refk_thread *c, uint32_t count)
{
    m->owner = c;
    m->count = count;
    m->next_held = c->held;
    c->held = m;
}

static __attribute__((noinline)) int mutex_lock_slow(struct refk_mutex *m, int32_t timeout)
{
    struct refk_thread *c = refk_sched.cur, *o;
    int ret;
    refk_lock();
    o = m->owner;
    if (o == NULL) {
        mutex_take(m, c, 1);
        refk_unlock();
        return REFK_OK;
    }
    if (timeout == 0) {
        refk_unlock();
        return REFK_EAGAIN;
    }
    if (refk_ipsr() != 0) { /* before any inheritance: refk_block refuses too */
        refk_unlock();
        return REFK_EPERM;
    }
#if REFK_PRIO_INHERIT
    refk_inherit(o, c->prio);
#else
    (void)o;
#endif
    c->wait_mutex = m;
    /* the unlocker hands ownership over (owner = us, count = 1) before waking us */
    ret = refk_block(&m->wq, timeout);
    c->wait_mutex = NULL;
    return ret;
}

/*
 * The nested paths take no lock: only the owner changes `count` (and hands
 * `owner` over), and a thread that reads itself in `owner` is the owner, so
 * nothing can change either under it. Taking a free mutex or blocking does
 * lock.
 */
int refk_mutex_lock(struct refk_mutex *m, int32_t timeout)
{
    if (m->owner == refk_sched.cur) {
        m->count++;
        return REFK_OK;
    }
    return mutex_lock_slow(m, timeout);
}

/* The caller, the owner, gives the mutex up for good: to its most urgent
 * waiter (which then inherits from the remaining ones), or free; then it
 * drops any priority it inherited through this mutex. Lock held. */
static void mutex_release(struct refk_mutex *m)
{
    struct refk_sched *s = &refk_sched;
    struct refk_thread *c = s->cur, *t = m->wq.head;
    struct refk_mutex **pp = &c->held;
    while (*pp != m && *pp != NULL)
        pp = &(*pp)->next_held;
    if (*pp == m)
        *pp = m->next_held;
    if (t != NULL) {
        mutex_take(m, t, 1);
        t->wait_mutex = NULL;
        refk_wake(s, t, REFK_OK);
        if (REFK_PRIO_INHERIT && m->wq.head != NULL && m->wq.head->prio > t->prio)
            refk_reprio(t, m->wq.head->prio);
    } else {
        m->owner = NULL;
        m->count = 0;
    }
    if (c->prio != c->base_prio)
        refk_reprio(c, refk_effective_prio(c));
}

static __attribute__((noinline)) int mutex_unlock_last(struct refk_mutex *m)
{
    refk_lock();
    mutex_release(m);
    refk_unlock_switch();
    return REFK_OK;
}

int refk_mutex_unlock(struct refk_mutex *m)
{
    uint32_t n = m->count - 1;
    if (m->owner != refk_sched.cur)
        return REFK_EPERM;
    if (n == 0)
        return mutex_unlock_last(m);
    m->count = n;                      /* nested: no lock (see above) */
    __asm__ volatile("" ::: "memory"); /* store, then r0 = 0: saves GCC's copy of m */
    return REFK_OK;
}

/* ---- condition variables ----------------------------------------------------- */

int refk_condvar_init(struct refk_condvar *c)
{
    if (c == NULL)
        return REFK_EINVAL;
    c->wq.head = NULL;
    return REFK_OK;
}

int refk_condvar_wait(struct refk_condvar *c, struct refk_mutex *m, int32_t timeout)
{
    uint32_t depth;
    int ret, r2;
    refk_lock();
    if (m->owner != refk_sched.cur) {
        refk_unlock();
        return REFK_EPERM;
    }
    if (timeout == 0) {
        refk_unlock();
        return REFK_EAGAIN;
    }
    depth = m->count;
    mutex_release(m); /* atomically with the enqueue below: no lost signal */
    ret = refk_block(&c->wq, timeout);
    refk_lock();
    if (m->owner == NULL) { /* the common case: take it back at once */
        mutex_take(m, refk_sched.cur, depth);
        refk_unlock();
        return ret;
    }
    refk_unlock();
    r2 = refk_mutex_lock(m, REFK_FOREVER);
    if (r2 != 0)
        return r2;
    m->count = depth;
    return ret;
}

int refk_condvar_signal(struct refk_condvar *c)
{
    struct refk_thread *t;
    uint32_t pm = refk_irq_save();
    t = c->wq.head;
    if (t != NULL)
        refk_wake(&refk_sched, t, REFK_OK);
    refk_irq_restore_switch(pm);
    return REFK_OK;
}

int refk_condvar_broadcast(struct refk_condvar *c)
{
    struct refk_thread *t;
    uint32_t pm = refk_irq_save();
    while ((t = c->wq.head) != NULL)
        refk_wake(&refk_sched, t, REFK_OK);
    refk_irq_restore_switch(pm);
    return REFK_OK;
}

/* ---- event flags ---------------------------------------------------------------- */

int refk_events_init(struct refk_events *e)
{
    if (e == NULL)
        return REFK_EINVAL;
    e->wq.head = NULL;
    e->value = 0;
    return REFK_OK;
}

static inline uint32_t events_match(uint32_t value, uint32_t bits, unsigned mode)
{
    uint32_t m = value & bits;
    if (mode & REFK_EVENTS_ALL)
        return m == bits ? m : 0;
    return m;
}

/* Wake every waiter the new value satisfies (in queue order). Lock held. */
static void events_scan(struct refk_events *e)
{
    struct refk_thread *t = e->wq.head;
    uint32_t v = e->value;
    while (t != NULL) {
        struct refk_thread *n = t->next;
        int last = (n == e->wq.head); /* t is the tail */
        uint32_t m = events_match(v, t->wait_bits, t->mode);
        if (m != 0) {
            t->wait_data = (void *)(uintptr_t)m;
            refk_wake(&refk_sched, t, REFK_OK);
        }
        if (last)
            break;
        t = n;
    }
}

int refk_events_post(struct refk_events *e, uint32_t bits)
{
    uint32_t pm = refk_irq_save();
    e->value |= bits;
    if (e->wq.head != NULL) {
        events_scan(e);
        refk_irq_restore_switch(pm);
        return REFK_OK;
    }
    refk_irq_restore(pm);
    return REFK_OK;
}

int refk_events_set(struct refk_events *e, uint32_t bits)
{
    uint32_t pm = refk_irq_save();
    e->value = bits;
    if (e->wq.head != NULL) {
        events_scan(e);
        refk_irq_restore_switch(pm);
        return REFK_OK;
    }
    refk_irq_restore(pm);
    return REFK_OK;
}

int refk_events_clear(struct refk_events *e, uint32_t bits)
{
    uint32_t pm = refk_irq_save();
    e->value &= ~bits;
    refk_irq_restore(pm);
    return REFK_OK;
}

/* refk_events_wait (refk.h) found the wait not satisfied now. Lock held. */
int refk_events_wait_slow(struct refk_events *e, uint32_t bits, unsigned mode, int32_t timeout,
                          uint32_t *matched)
{
    struct refk_thread *c;
    int ret;
    if (bits == 0 || mode > REFK_EVENTS_ALL) {
        refk_unlock();
        return REFK_EINVAL;
    }
    if (timeout == 0) {
        refk_unlock();
        return REFK_EAGAIN;
    }
    c = refk_sched.cur;
    c->wait_bits = bits;
    c->mode = (uint8_t)mode;
    ret = refk_block(&e->wq, timeout);
    if (ret == 0 && matched)
        *matched = (uint32_t)(uintptr_t)c->wait_data;
    return ret;
}
