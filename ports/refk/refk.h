/*
 * refk - the rtbench reference kernel for ARMv6-M, ARMv7-M and ARMv8-M Mainline.
 *
 * A small priority-preemptive kernel written to be measured, not to be
 * shipped: 32 priority levels (a LARGER number is MORE urgent; 0 is the idle
 * thread), one ready list per level with a 32-bit bitmap (CLZ - a byte table
 * on ARMv6-M - picks the highest), round-robin only on yield, a PendSV switch
 * that saves r4-r11 and loads the thread chosen beforehand, PRIMASK critical
 * sections, wait queues ordered by priority (FIFO within a priority), a
 * SysTick tick that runs only while some thread waits with a finite timeout.
 * See README.md for what it leaves out.
 *
 * Return codes are 0 or one of the negative REFK_E* values below. Timeouts
 * are in microseconds: REFK_NO_WAIT (0) never blocks, any negative value
 * (REFK_FOREVER) waits without limit, a positive one waits at least that
 * long, rounded up to whole ticks of REFK_TICK_HZ (converted only when the
 * caller really blocks, so the common paths never divide).
 *
 * Fast paths inline, slow paths out of line: the calls whose common case is
 * a handful of instructions (a give nobody waits for, a take or an event
 * wait that need not block) are static inline functions below that do only
 * that case and otherwise call the kernel's *_slow function, with the lock
 * still held, so the caller pays no extra call for the common case.
 *
 * Object storage belongs to the caller. Functions marked ISR-safe may be
 * called from an interrupt handler whose priority is above PendSV's (every
 * other one); the rest are for threads only and must not be called with
 * interrupts masked.
 */
#ifndef REFK_H
#define REFK_H

#include <stddef.h>
#include <stdint.h>

#include "refk_arch.h"

#define REFK_VERSION "0.1.0"

#define REFK_NUM_PRIO 32
#define REFK_PRIO_IDLE 0
#define REFK_PRIO_MAX 31 /* also the level of every cooperative thread */

#ifndef REFK_TICK_HZ
#define REFK_TICK_HZ 1000u
#endif

/* Priority inheritance on mutexes (1). 0 builds a kernel without it, for the
 * test that proves rhealstone.deadlock_break detects its absence (the image
 * rtbench-nopi-<board>.elf); nothing else should turn it off. */
#ifndef REFK_PRIO_INHERIT
#define REFK_PRIO_INHERIT 1
#endif

#define REFK_NO_WAIT 0
#define REFK_FOREVER (-1)

/* Error codes (numerically equal to rtbench's enum rtb_err). */
enum {
    REFK_OK = 0,
    REFK_EINVAL = -1,
    REFK_ENOMEM = -2,
    REFK_ETIMEOUT = -3,
    REFK_EAGAIN = -4,
    REFK_EPERM = -6,
    REFK_ESTATE = -7,
    REFK_EOVERFLOW = -8
};

/* Thread state bits; 0 means ready (in a ready list; the running thread is). */
#define REFK_TS_BLOCKED 0x01u   /* waiting on an object, a timeout, or both */
#define REFK_TS_SUSPENDED 0x02u /* refk_thread_suspend() */
#define REFK_TS_NEW 0x04u       /* created, not started */
#define REFK_TS_DEAD 0x08u      /* returned or aborted, not joined */
#define REFK_TS_FREE 0x10u      /* joined: may be created again */

struct refk_thread;

/* A wait queue: a circular doubly linked list of threads, most urgent first. */
struct refk_waitq {
    struct refk_thread *head;
};

typedef void (*refk_entry_t)(void *arg);

struct refk_thread {
    uint32_t *sp;                      /* saved PSP; offset 0: read by PendSV */
    struct refk_thread *next, *prev;   /* ready list or wait queue */
    uint8_t prio;                      /* current priority 0..31 */
    uint8_t state;                     /* REFK_TS_* bits */
    uint8_t timed;                     /* 1 while on the timeout list */
    uint8_t mode;                      /* event wait: REFK_EVENTS_ANY / _ALL */
    uint8_t base_prio;                 /* as created / set; prio may be inherited above it */
    struct refk_waitq *waitq;          /* the queue it waits in, or NULL */
    int32_t wait_ret;                  /* result handed over by the waker */
    void *wait_data;                   /* item/value/buffer handed over */
    uint32_t wait_bits;                /* event wait: the bits wanted */
    struct refk_thread *tnext, *tprev; /* timeout list (sorted by expiry) */
    uint32_t expiry;                   /* tick at which the wait times out */
    struct refk_waitq joinq;           /* threads in refk_thread_join() */
    struct refk_mutex *held;           /* mutexes it owns (priority inheritance) */
    struct refk_mutex *wait_mutex;     /* the mutex it waits for, or NULL */
    const char *name;
};

/* The scheduler's state. cur and next first: PendSV loads both with one LDRD;
 * ready[] right after them, so that ready[p] is one indexed load from the
 * scheduler's address (no offset to add). */
struct refk_sched {
    struct refk_thread *cur;  /* the running thread */
    struct refk_thread *next; /* head of the most urgent ready list */
    struct refk_thread *ready[REFK_NUM_PRIO];
    uint32_t bitmap;              /* bit p set <=> ready[p] != NULL */
    struct refk_thread *timeouts; /* NULL-terminated, ascending expiry */
    uint32_t ticks;               /* counts only while the tick runs */
    uint32_t tick_on;
    uint32_t tick_reload;
};

extern struct refk_sched refk_sched;

/* ---- kernel ------------------------------------------------------------- */

/* Initialise the kernel; `core_hz` is the SysTick clock. Creates the idle thread. */
void refk_init(uint32_t core_hz);
/* Start scheduling: switches to the most urgent ready thread, never returns.
 * Call from thread mode on the main stack. */
void refk_start(void) __attribute__((noreturn));
/* Called by the idle thread when every thread is blocked without a timeout
 * (nothing can ever wake one: a deadlock). Weak: the default sleeps forever. */
void refk_deadlock_hook(void);
/* 1 when called from an exception handler, else 0. */
int refk_in_isr(void);

/* ---- threads ------------------------------------------------------------- */

#define REFK_THREAD_COOP 0x1u /* never preempted: runs at REFK_PRIO_MAX */

int refk_thread_create(struct refk_thread *t, const char *name, refk_entry_t entry, void *arg,
                       int prio, unsigned flags, void *stack, size_t stack_bytes);
int refk_thread_start(struct refk_thread *t);
int refk_thread_suspend(struct refk_thread *t); /* NULL = the caller */
int refk_thread_resume(struct refk_thread *t);  /* ISR-safe */
int refk_thread_abort(struct refk_thread *t);   /* NULL = the caller */
int refk_thread_join(struct refk_thread *t, int32_t timeout);
void refk_yield(void);
int refk_thread_set_prio(struct refk_thread *t, int prio); /* NULL = the caller */
int refk_sleep(int32_t timeout);
static inline struct refk_thread *refk_current(void)
{
    return refk_sched.cur;
}

/* ---- counting semaphores ------------------------------------------------- */

struct refk_sem {
    struct refk_waitq wq;
    uint32_t count, limit;
};
int refk_sem_init(struct refk_sem *s, uint32_t initial, uint32_t limit);
/* The slow paths of the two calls below: waking the waiter `t` (NULL: the
 * count is at its limit), entered with the interrupt state `pm` saved and
 * interrupts masked; the count at 0, entered with the lock held. */
int refk_sem_give_slow(struct refk_sem *s, uint32_t pm);
int refk_sem_take_slow(struct refk_sem *s, int32_t timeout);

/* ISR-safe. A waiter exists only while the count is 0: it is handed the give. */
static inline int refk_sem_give(struct refk_sem *s)
{
    uint32_t pm = refk_irq_save();
    struct refk_thread *t = s->wq.head;
    if (t == NULL && s->count < s->limit) {
        s->count++;
        refk_irq_restore(pm);
        return REFK_OK;
    }
    return refk_sem_give_slow(s, pm);
}

static inline int refk_sem_take(struct refk_sem *s, int32_t timeout)
{
    uint32_t c;
    refk_lock();
    c = s->count;
    if (c != 0) {
        s->count = c - 1;
        refk_unlock();
        return REFK_OK;
    }
    return refk_sem_take_slow(s, timeout);
}

/* ---- recursive mutexes with priority inheritance --------------------------- */

struct refk_mutex {
    struct refk_waitq wq;
    struct refk_thread *owner;
    uint32_t count;
    struct refk_mutex *next_held; /* the owner's list of held mutexes */
};
int refk_mutex_init(struct refk_mutex *m);
int refk_mutex_lock(struct refk_mutex *m, int32_t timeout);
int refk_mutex_unlock(struct refk_mutex *m);

/* ---- condition variables --------------------------------------------------- */

struct refk_condvar {
    struct refk_waitq wq;
};
int refk_condvar_init(struct refk_condvar *c);
int refk_condvar_wait(struct refk_condvar *c, struct refk_mutex *m, int32_t timeout);
int refk_condvar_signal(struct refk_condvar *c);
int refk_condvar_broadcast(struct refk_condvar *c);

/* ---- event flags ------------------------------------------------------------ */

#define REFK_EVENTS_ANY 0x0u
#define REFK_EVENTS_ALL 0x1u
struct refk_events {
    struct refk_waitq wq;
    uint32_t value;
};
int refk_events_init(struct refk_events *e);
int refk_events_post(struct refk_events *e, uint32_t bits);  /* OR; ISR-safe */
int refk_events_set(struct refk_events *e, uint32_t bits);   /* replace; ISR-safe */
int refk_events_clear(struct refk_events *e, uint32_t bits); /* AND NOT; ISR-safe */
/* The slow path of refk_events_wait: not satisfied now, or bad arguments
 * (bits 0, a mode other than ANY/ALL: REFK_EINVAL). Lock held. */
int refk_events_wait_slow(struct refk_events *e, uint32_t bits, unsigned mode, int32_t timeout,
                          uint32_t *matched);

/* Wait until any (REFK_EVENTS_ANY) or all (REFK_EVENTS_ALL) of `bits` are
 * set; *matched (if not NULL) gets the bits of `bits` that satisfied it.
 * Never clears. */
static inline int refk_events_wait(struct refk_events *e, uint32_t bits, unsigned mode,
                                   int32_t timeout, uint32_t *matched)
{
    uint32_t m;
    refk_lock();
    m = e->value & bits;
    if (m != 0 && (mode == REFK_EVENTS_ANY || (mode == REFK_EVENTS_ALL && m == bits))) {
        refk_unlock();
        if (matched)
            *matched = m;
        return REFK_OK;
    }
    return refk_events_wait_slow(e, bits, mode, timeout, matched);
}

/* ---- intrusive FIFO / LIFO ------------------------------------------------- */

/* An item starts with one word that the queue uses while it is queued. Bit 0
 * of that word marks a link allocated by *_alloc_put (so items must be at
 * least 2-byte aligned). */
struct refk_queue {
    struct refk_waitq wq;
    uintptr_t *head, *tail;
};
int refk_queue_init(struct refk_queue *q);
int refk_fifo_put(struct refk_queue *q, void *item); /* ISR-safe */
int refk_lifo_put(struct refk_queue *q, void *item); /* ISR-safe */
int refk_fifo_alloc_put(struct refk_queue *q, void *data);
int refk_lifo_alloc_put(struct refk_queue *q, void *data);
/* Get from either kind (the order is made by put). */
int refk_queue_get(struct refk_queue *q, void **item, int32_t timeout);

/* ---- stack of words ------------------------------------------------------- */

struct refk_stack {
    struct refk_waitq wq;
    uintptr_t *buf;
    uint32_t count, cap;
};
int refk_stack_init(struct refk_stack *s, uintptr_t *buf, uint32_t capacity);
int refk_stack_push(struct refk_stack *s, uintptr_t value); /* ISR-safe */
int refk_stack_pop(struct refk_stack *s, uintptr_t *value, int32_t timeout);

/* ---- message queue (fixed-size messages, copied) ---------------------------- */

struct refk_msgq {
    struct refk_waitq wq; /* readers when empty, writers when full */
    uint8_t *buf, *end;   /* the ring of max_msgs slots: [buf, end) */
    uint8_t *rd, *wr;     /* the next slot to read, to write */
    uint32_t msg_size, max_msgs, count;
};
int refk_msgq_init(struct refk_msgq *q, void *buf, size_t msg_size, uint32_t max_msgs);
int refk_msgq_put(struct refk_msgq *q, const void *msg,
                  int32_t timeout); /* ISR-safe with NO_WAIT */
int refk_msgq_get(struct refk_msgq *q, void *msg, int32_t timeout);

/* ---- heap (size classes on a static arena) --------------------------------- */

#ifndef REFK_HEAP_BYTES
#define REFK_HEAP_BYTES (32u * 1024u)
#endif
#define REFK_HEAP_CLASSES 16 /* block payloads 8, 16, 32, ... 256 KiB */

struct refk_heap {
    uint8_t *top, *end;            /* not yet carved */
    void *free[REFK_HEAP_CLASSES]; /* one free list per class */
    uint32_t bad_frees;            /* refk_heap_free of a non-block */
};
/* Use [arena, arena + bytes) (8-byte aligned) for `h`. */
void refk_heap_init(struct refk_heap *h, void *arena, size_t bytes);
void *refk_heap_alloc(struct refk_heap *h, size_t bytes); /* ISR-safe; NULL if none */
void refk_heap_free(struct refk_heap *h, void *p);        /* ISR-safe; NULL is fine */
/* The kernel's heap (REFK_HEAP_BYTES, initialised by refk_init). */
void *refk_malloc(size_t bytes);
void refk_free(void *p);

#endif /* REFK_H */
