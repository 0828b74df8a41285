/*
 * rtbench tests - a fake kernel's hooks of the adapter core (see
 * ports/adapter/rtb_core.h), for test_core.c: every hook counts its call
 * (fake.calls) and does the least a kernel would, so the test sees which
 * calls reach the kernel and with what. Threads never run: a start only
 * marks the native thread ready.
 */
#ifndef RTB_KERNEL_FAKE_H
#define RTB_KERNEL_FAKE_H

#include <stddef.h>
#include <stdint.h>

#include "rtb/port.h"
#include "rtb_core.h"

typedef int32_t rtb_k_ticks_t;
typedef unsigned rtb_k_prio_t;

#define RTB_K_MIN_STACK 256u
#define RTB_K_HAS_COOP 0
#define RTB_K_EVENTS_BAD(bits) ((bits) == 0u)

struct fake {
    unsigned calls;          /* hooks called */
    struct rtb_thread *self; /* the caller */
    int isr;                 /* 1: "in a handler" */
    rtb_k_ticks_t last_tk;   /* ticks of the last waiting hook */
    int wait_rc;             /* what a waiting hook returns */
};
extern struct fake fake;

#define FAKE(rc) (fake.calls++, (rc))

#define rtb_k_self() (fake.self)
#define rtb_k_in_isr() (fake.isr)

static inline rtb_k_ticks_t rtb_k_ticks_finite(rtb_timeout_t us)
{
    return us / 1000 + 2; /* "ticks" of 1 ms, rounded up and one more */
}

static inline int rtb_k_prio(int prio, rtb_k_prio_t *kprio)
{
    if (prio < RTB_PRIO_MIN || prio > RTB_PRIO_MAX)
        return RTB_ERR_INVAL;
    *kprio = (unsigned)prio;
    return RTB_OK;
}

static inline int fake_wait(rtb_k_ticks_t tk)
{
    fake.last_tk = tk;
    return FAKE(fake.wait_rc);
}

static inline int rtb_k_thread_create(struct rtb_thread *t, const char *name, rtb_k_prio_t kprio,
                                      unsigned flags, void *stack, size_t stack_bytes, int start)
{
    (void)name, (void)kprio, (void)flags, (void)stack, (void)stack_bytes, (void)start;
    t->native = 1;
    t->done = 0;
    t->core.suspended = 0;
    return FAKE(RTB_OK);
}

#define rtb_k_thread_start(t) ((void)(t), FAKE(RTB_OK))
#define rtb_k_thread_suspend(t) ((t) ? (void)((t)->core.suspended = 1) : (void)0, FAKE(RTB_OK))
#define rtb_k_thread_resume(t)                                                                     \
    ((t)->core.suspended ? ((t)->core.suspended = 0, FAKE(RTB_OK)) : FAKE(RTB_ERR_STATE))
#define rtb_k_thread_abort(t) ((t)->native = 0, FAKE(RTB_OK))
#define rtb_k_join_wait(t, timeout) ((void)(timeout), (t)->done ? FAKE(RTB_OK) : FAKE(fake.wait_rc))
#define rtb_k_thread_release(t) ((t)->native = 0, FAKE(RTB_OK))
#define rtb_k_thread_set_prio(t, kprio) ((void)(t), (void)(kprio), FAKE(RTB_OK))
#define rtb_k_sleep(us) ((void)(us), FAKE(RTB_OK))

#define rtb_k_sem_init(s, initial, limit) ((void)(limit), (s)->count = (initial), FAKE(RTB_OK))
#define rtb_k_sem_trytake(s) ((s)->count ? ((s)->count--, FAKE(RTB_OK)) : FAKE(RTB_ERR_AGAIN))
#define rtb_k_sem_take(s, tk) ((void)(s), fake_wait(tk))
#define rtb_k_mutex_init(m) ((void)(m), FAKE(RTB_OK))
#define rtb_k_mutex_trylock(m) ((void)(m), FAKE(RTB_OK))
#define rtb_k_mutex_lock(m, tk) ((void)(m), fake_wait(tk))
#define rtb_k_events_init(e) ((void)(e), FAKE(RTB_OK))
#define rtb_k_events_wait(e, bits, mode, tk, matched)                                              \
    ((void)(e), (void)(bits), (void)(mode), (void)(matched), fake_wait(tk))
#define rtb_k_fifo_init(q) ((void)(q), FAKE(RTB_OK))
#define rtb_k_fifo_tryget(q, item) ((void)(q), (void)(item), FAKE(RTB_ERR_AGAIN))
#define rtb_k_fifo_get(q, item, tk) ((void)(q), (void)(item), fake_wait(tk))
#define rtb_k_lifo_init(q) ((void)(q), FAKE(RTB_OK))
#define rtb_k_lifo_tryget(q, item) ((void)(q), (void)(item), FAKE(RTB_ERR_AGAIN))
#define rtb_k_lifo_get(q, item, tk) ((void)(q), (void)(item), fake_wait(tk))
#define rtb_k_stack_init(s, buf, capacity) ((void)(s), (void)(buf), (void)(capacity), FAKE(RTB_OK))
#define rtb_k_stack_trypop(s, v) ((void)(s), (void)(v), FAKE(RTB_ERR_AGAIN))
#define rtb_k_stack_pop(s, v, tk) ((void)(s), (void)(v), fake_wait(tk))
#define rtb_k_msgq_init(q, buf, msg_size, max_msgs)                                                \
    ((void)(q), (void)(buf), (void)(msg_size), (void)(max_msgs), FAKE(RTB_OK))
#define rtb_k_msgq_tryget(q, msg) ((void)(q), (void)(msg), FAKE(RTB_ERR_AGAIN))
#define rtb_k_msgq_get(q, msg, tk) ((void)(q), (void)(msg), fake_wait(tk))
#define rtb_k_msgq_tryput(q, msg) ((void)(q), (void)(msg), FAKE(RTB_OK))
#define rtb_k_msgq_put(q, msg, tk) ((void)(q), (void)(msg), fake_wait(tk))

#endif /* RTB_KERNEL_FAKE_H */
