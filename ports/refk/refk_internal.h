/*
 * refk - internals shared by the kernel's files (not for users).
 */
#ifndef REFK_INTERNAL_H
#define REFK_INTERNAL_H

#include "refk.h"
#include "refk_arch.h"
#include "refk_list.h"

/* The offsets of the scheduler's and a thread's fields that the assembly of
 * refk_yield (arch/<profile>/switch.c) uses, as operands %[cur], %[next],
 * %[ready], %[tnext] and %[prio]. */
#define REFK_ASM_SCHED_OFFSETS                                                                     \
    [cur] "i"(offsetof(struct refk_sched, cur)), [next] "i"(offsetof(struct refk_sched, next)),    \
        [ready] "i"(offsetof(struct refk_sched, ready)),                                           \
        [tnext] "i"(offsetof(struct refk_thread, next)),                                           \
        [prio] "i"(offsetof(struct refk_thread, prio))

/* Remove `t` from the timeout list (it is on it). */
void refk_timeout_cancel(struct refk_thread *t);

/*
 * Block the calling thread on `wq` (NULL: on nothing, a sleep) for `timeout`
 * microseconds (negative: forever; > 0: finite). Called with the kernel lock held (after
 * refk_lock()); returns with it released, once the thread has been woken,
 * with the waker's result (REFK_ETIMEOUT if the time ran out). From an
 * interrupt handler it refuses: REFK_EPERM.
 */
int refk_block(struct refk_waitq *wq, int32_t timeout);

/* Give `t` the effective priority `p` (kernel lock held): it moves to the
 * tail of level p if ready, is re-sorted in its wait queue if waiting, and a
 * switch is requested if the most urgent ready thread changed. */
void refk_reprio(struct refk_thread *t, unsigned p);
/* Raise the owner `o` of a mutex a thread of priority `prio` waits for, and
 * the owners along the chain of mutexes they wait for, to `prio` (kernel
 * lock held; at most REFK_NUM_PRIO steps; never lowers). */
void refk_inherit(struct refk_thread *o, unsigned prio);
/* The effective priority of `o` may have changed (a waiter of a mutex it
 * holds left or changed priority, or its base priority changed): give it
 * refk_effective_prio(o) and, if that changed and `o` waits for a mutex, do
 * the same for that mutex's owner, along the chain (kernel lock held; at most
 * REFK_NUM_PRIO steps; raises or lowers). */
void refk_pi_recompute(struct refk_thread *o);
/* `t` has just been taken out of the wait queue `q` without being woken by
 * the object (its timeout expired, it was aborted): if `q` is the queue of
 * the mutex it waited for, the owner may drop (refk_pi_recompute). Kernel
 * lock held. Not inlined: it stays off the paths that never need it. */
void refk_mutex_waiter_left(struct refk_thread *t, struct refk_waitq *q) __attribute__((noinline));
/* The priority `t` should run at: its base priority or the most urgent
 * waiter of a mutex it holds, whichever is higher. */
unsigned refk_effective_prio(const struct refk_thread *t);

/* Wake `t`, which waits on a queue: hand it `ret` and make it ready unless
 * it is also suspended. Kernel lock held. */
static inline void refk_wake(struct refk_sched *s, struct refk_thread *t, int32_t ret)
{
    uint8_t st = (uint8_t)(t->state & ~REFK_TS_BLOCKED);
    refk_wq_remove(t->waitq, t);
    t->waitq = NULL;
    t->wait_ret = ret;
    t->state = st;
    if (t->timed)
        refk_timeout_cancel(t);
    if (st == 0)
        refk_make_ready(s, t);
}

/* refk_wake of a thread not on the timeout list (t->timed 0): it calls
 * nothing, so a caller that only wakes needs no stack frame. */
static inline void refk_wake_untimed(struct refk_sched *s, struct refk_thread *t, int32_t ret)
{
    refk_wq_remove(t->waitq, t);
    t->waitq = NULL;
    t->wait_ret = ret;
    t->state &= (uint8_t)~REFK_TS_BLOCKED;
    if (t->state == 0)
        refk_make_ready(s, t);
}

#endif /* REFK_INTERNAL_H */
