/*
 * rtbench - the porting contract.
 *
 * This is the only interface between the portable core (runner, benchmarks,
 * stats, records) and a kernel. A port implements every function declared
 * here, in its own folder (ports/<name>/), and provides a header named
 * `rtb_port_types.h` on the include path that defines the object types
 * (struct rtb_thread, struct rtb_sem, ...). Which port is built is decided by
 * which .c files are compiled and which include directory is used; the core
 * never tests which kernel it runs on.
 *
 * A port that lacks an object still compiles every function (returning
 * RTB_ERR_NOTSUP) and says so in rtb_port_has(); the runner then prints
 * `n/a` with the port's reason instead of a figure.
 *
 * Conventions
 *  - Return values: 0 on success, a negative enum rtb_err code on failure.
 *    A failure of the underlying kernel is passed through: mapped to the
 *    closest code, or RTB_ERR_PORT with the native code in rtb_port_errno().
 *    A port never reports success for a call its kernel refused.
 *  - Priorities: integers in [RTB_PRIO_MIN, RTB_PRIO_MAX]; a LARGER number is
 *    MORE urgent. The runner's own thread runs at RTB_PRIO_MAIN. A port maps
 *    this range onto its kernel's (e.g. Zephyr: lower is more urgent).
 *    Scheduling is strict priority-preemptive: when a call makes a thread
 *    ready whose priority is higher than the caller's, the port switches to
 *    it before the call returns (on a kernel where this is not so, the port
 *    says so in rtb_port_has(RTB_CAP_RT_SCHED)).
 *  - Timeouts: rtb_timeout_t in microseconds; RTB_NO_WAIT (0) never blocks
 *    and returns RTB_ERR_AGAIN when the object is not available;
 *    RTB_FOREVER waits without limit; a finite wait lasts at least the time
 *    given (a tick-based kernel rounds it UP to whole ticks, as refk does) and
 *    returns RTB_ERR_TIMEOUT when it expires.
 *  - State: a call on a thread in the wrong state returns RTB_ERR_STATE and
 *    changes nothing (start of a thread that is not just created, resume of
 *    one that is not suspended, suspend/set_prio/join of one never created,
 *    ended and joined, or not started), never undefined behaviour on a stale
 *    native handle.
 *  - "ISR-safe": may be called from the software interrupt's handler (see
 *    rtb_irq_install). Waking a thread from an ISR switches to it when the
 *    ISR returns if it is more urgent than the interrupted thread.
 *  - Object storage belongs to the caller (static in the benchmarks): no
 *    call here allocates except rtb_malloc and rtb_fifo/lifo_alloc_put.
 *
 * This header is the one statement of the contract: ports/template/ (the
 * empty port to copy) and docs/ports/template.md refer to it, call by call.
 * ports/common/absent_*.c are the calls of the objects a kernel lacks.
 */
#ifndef RTB_PORT_H
#define RTB_PORT_H

#include <stddef.h>
#include <stdint.h>

#include "rtb/error.h"
#include "rtb_port_types.h" /* the port's object types, chosen by include path */

/* ---- priorities and timeouts ------------------------------------------ */

#define RTB_PRIO_MIN 1
#define RTB_PRIO_MAX 30
#define RTB_PRIO_MAIN 15 /* priority of the thread that calls rtb_main() */

typedef int32_t rtb_timeout_t; /* microseconds */
#define RTB_NO_WAIT ((rtb_timeout_t)0)
#define RTB_FOREVER ((rtb_timeout_t)-1)

/* ---- capabilities ------------------------------------------------------ */

enum rtb_cap {
    RTB_CAP_NONE = 0,     /* always present */
    RTB_CAP_THREAD,       /* create/start/join/yield/set_prio */
    RTB_CAP_THREAD_COOP,  /* RTB_THREAD_COOP: threads not preempted by others */
    RTB_CAP_SUSPEND,      /* rtb_thread_suspend/resume of another thread */
    RTB_CAP_SUSPEND_SELF, /* rtb_thread_suspend(NULL) and the resume of a thread so
                           * suspended (every port with RTB_CAP_SUSPEND has it) */
    RTB_CAP_ABORT,        /* rtb_thread_abort of another thread */
    RTB_CAP_RT_SCHED,     /* strict priority preemption is in force right now */
    RTB_CAP_SEM,          /* counting semaphores */
    RTB_CAP_MUTEX,        /* recursive mutexes */
    RTB_CAP_CONDVAR,      /* condition variables */
    RTB_CAP_EVENTS,       /* event flags (post = OR, set = replace, wait any/all) */
    RTB_CAP_FIFO,         /* intrusive FIFO queue */
    RTB_CAP_LIFO,         /* intrusive LIFO queue */
    RTB_CAP_QUEUE_ALLOC,  /* rtb_fifo/lifo_alloc_put (kernel allocates the link) */
    RTB_CAP_STACK,        /* stack of machine words */
    RTB_CAP_MSGQ,         /* message queue of fixed-size copied messages */
    RTB_CAP_HEAP,         /* rtb_malloc/rtb_free */
    RTB_CAP_IRQ,          /* software-triggered interrupt with installed handler */
    RTB_CAP_IRQ_WAKE,     /* an ISR can wake a thread and switch to it on return */
    RTB_CAP_SLEEP,        /* rtb_sleep_us */
    RTB_CAP_IRQ_LOCK,     /* rtb_irq_lock/unlock really mask interrupts */
    RTB_CAP_COUNT
};

/*
 * 1 if the port has `cap` now, else 0 with *why_not (if non-NULL) set to a
 * short human reason ("POSIX has no event-flags object") that the runner
 * prints after `n/a`. May depend on run-time conditions (e.g. RT_SCHED when
 * SCHED_FIFO was refused).
 */
int rtb_port_has(enum rtb_cap cap, const char **why_not);

/* ---- threads ----------------------------------------------------------- */

typedef struct rtb_thread rtb_thread_t;
typedef void (*rtb_entry_t)(void *arg);

#define RTB_THREAD_COOP 0x1u /* cooperative: needs RTB_CAP_THREAD_COOP */

/*
 * Create a thread that does NOT run until rtb_thread_start() (Zephyr's
 * K_FOREVER delay). `stack`/`stack_bytes` is caller-owned memory aligned to
 * 8 bytes; a port whose kernel allocates stacks itself may ignore `stack`
 * but must honour `stack_bytes` as the size. `name` may be NULL.
 * Returns 0, RTB_ERR_INVAL (prio out of range, NULL entry), RTB_ERR_NOMEM.
 * Not ISR-safe.
 */
int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes);
/* Make a created thread ready; switches to it at once if more urgent.
 * RTB_ERR_STATE unless `t` was just created (not yet started). */
int rtb_thread_start(rtb_thread_t *t);
/* Suspend `t` (NULL = the caller: returns once resumed); a suspended thread
 * runs no more until resumed. Needs RTB_CAP_SUSPEND_SELF for the caller (a
 * thread the port created), RTB_CAP_SUSPEND for another thread. */
int rtb_thread_suspend(rtb_thread_t *t);
/* Resume a suspended thread; switches to it at once if more urgent (from an
 * ISR: when the ISR returns). RTB_ERR_STATE if it is not suspended.
 * ISR-safe on a port with RTB_CAP_SUSPEND and RTB_CAP_IRQ_WAKE (Thread-Metric's
 * interrupt preemption test resumes a thread from the handler). */
int rtb_thread_resume(rtb_thread_t *t);
/* Terminate `t` (NULL = the caller, which then does not return), in whatever
 * state it is (ready, blocked, suspended). Resources are released by join. */
int rtb_thread_abort(rtb_thread_t *t);
/* Wait until `t` has terminated (returned from its entry or was aborted) and
 * release what the port holds for it; `t` may then be created again.
 * RTB_NO_WAIT: RTB_ERR_AGAIN while it runs. RTB_ERR_STATE if it was never
 * started or is already joined. */
int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout);
/* Give the CPU to the next ready thread of the same priority, if any. */
void rtb_thread_yield(void);
/* Change the priority of `t` (NULL = the caller); may switch at once.
 * RTB_ERR_INVAL out of range; RTB_ERR_STATE for a thread ended or joined. */
int rtb_thread_set_prio(rtb_thread_t *t, int prio);
/* Sleep for at least `us` microseconds, rounded up to the tick (RTB_CAP_SLEEP). */
int rtb_sleep_us(uint32_t us);

/* ---- semaphores (counting) ------------------------------------------- */

typedef struct rtb_sem rtb_sem_t;
int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit);
/* ISR-safe. At the limit: RTB_ERR_OVERFLOW. Wakes the most urgent waiter. */
int rtb_sem_give(rtb_sem_t *s);
int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout);

/* ---- mutexes (recursive; priority inheritance if the kernel has it) -- */

typedef struct rtb_mutex rtb_mutex_t;
int rtb_mutex_init(rtb_mutex_t *m);
/* The owner may lock again; each lock needs one unlock. */
int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout);
/* RTB_ERR_PERM if the caller is not the owner. */
int rtb_mutex_unlock(rtb_mutex_t *m);

/* ---- condition variables --------------------------------------------- */

typedef struct rtb_condvar rtb_condvar_t;
int rtb_condvar_init(rtb_condvar_t *c);
/* `m` is locked once by the caller; released while waiting, re-locked before return. */
int rtb_condvar_wait(rtb_condvar_t *c, rtb_mutex_t *m, rtb_timeout_t timeout);
int rtb_condvar_signal(rtb_condvar_t *c);    /* wake the most urgent waiter */
int rtb_condvar_broadcast(rtb_condvar_t *c); /* wake all waiters */

/* ---- event flags (32 bits) ------------------------------------------- */

typedef struct rtb_events rtb_events_t;
#define RTB_EVENTS_ANY 0x0u
#define RTB_EVENTS_ALL 0x1u
int rtb_events_init(rtb_events_t *e);
int rtb_events_post(rtb_events_t *e, uint32_t bits);  /* OR in; ISR-safe */
int rtb_events_set(rtb_events_t *e, uint32_t bits);   /* replace all; ISR-safe */
int rtb_events_clear(rtb_events_t *e, uint32_t bits); /* AND out; ISR-safe */
/* Wait until any (RTB_EVENTS_ANY) or all (RTB_EVENTS_ALL) of `bits` are set;
 * does not clear them. *matched (if non-NULL) gets the bits that satisfied it. */
int rtb_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_timeout_t timeout,
                    uint32_t *matched);

/* ---- FIFO and LIFO queues (intrusive, like Zephyr's k_fifo/k_lifo) ---- */

/* An item put with rtb_fifo_put/rtb_lifo_put must begin with this member,
 * which belongs to the port while the item is queued. */
struct rtb_qlink {
    void *reserved;
};
typedef struct rtb_fifo rtb_fifo_t;
typedef struct rtb_lifo rtb_lifo_t;
int rtb_fifo_init(rtb_fifo_t *q);
int rtb_fifo_put(rtb_fifo_t *q, void *item); /* ISR-safe */
/* Queue `data` (any pointer) through a link the port allocates from its heap:
 * RTB_ERR_NOMEM when none; needs RTB_CAP_QUEUE_ALLOC. The get that returns it frees it. */
int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data);
int rtb_fifo_get(rtb_fifo_t *q, void **item, rtb_timeout_t timeout);
int rtb_lifo_init(rtb_lifo_t *q);
int rtb_lifo_put(rtb_lifo_t *q, void *item); /* ISR-safe */
int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data);
int rtb_lifo_get(rtb_lifo_t *q, void **item, rtb_timeout_t timeout);

/* ---- stack of words (like Zephyr's k_stack) -------------------------- */

typedef struct rtb_stack rtb_stack_t;
int rtb_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity);
int rtb_stack_push(rtb_stack_t *s, uintptr_t value); /* ISR-safe; full: RTB_ERR_OVERFLOW */
int rtb_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_timeout_t timeout);

/* ---- message queues (fixed-size messages, copied) -------------------- */

typedef struct rtb_msgq rtb_msgq_t;
int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs);
/* ISR-safe with RTB_NO_WAIT; full and RTB_NO_WAIT: RTB_ERR_AGAIN. */
int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout);
int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout);

/* ---- heap ------------------------------------------------------------- */

void *rtb_malloc(size_t bytes); /* NULL on failure */
void rtb_free(void *p);         /* NULL is allowed */

/* ---- software-triggered interrupt ------------------------------------ */

typedef void (*rtb_isr_t)(void *arg);
/* Install the handler of the one software interrupt (replaces any previous). */
int rtb_irq_install(rtb_isr_t handler, void *arg);
/* Pend the interrupt. Returns after the handler has run (and after any switch
 * it caused has come back to the caller). Not ISR-safe. */
int rtb_irq_trigger(void);
/* 1 while executing the handler, else 0. */
int rtb_in_isr(void);

/*
 * Mask interrupts on the calling CPU: every interrupt the kernel's time base
 * (its tick or timer) and the software interrupt use, as the kernel's own
 * critical sections do (Cortex-M: PRIMASK or a BASEPRI that covers them).
 * Returns a key for rtb_irq_unlock(), which restores the state before the
 * matching lock, so that locks nest. While masked the caller must not block
 * or call the kernel. Needs RTB_CAP_IRQ_LOCK; a port that cannot mask
 * interrupts (a process on a general-purpose OS) compiles
 * ports/common/absent_irq_lock.c (both calls do nothing) and says why in
 * rtb_port_has(). Timer deviation under interrupt interference (timer.c)
 * uses it.
 */
unsigned rtb_irq_lock(void);
void rtb_irq_unlock(unsigned key);

/* ---- identity, console, exit ------------------------------------------ */

struct rtb_port_info {
    const char *port;           /* "posix", "cortex-m-refk", ... */
    const char *kernel;         /* "Linux", "refk", "FreeRTOS" */
    const char *kernel_version; /* "6.1.0-18-amd64", "V11.1.0" */
    const char *board;          /* "mps2-an385", host name, ... */
    const char *cpu;            /* "Cortex-M3", "AMD EPYC 7B13" */
    const char *sched;          /* policy actually obtained: "SCHED_FIFO/80 cpu=0 mlockall" */
};
const struct rtb_port_info *rtb_port_info(void);

/* The one output hook: write `len` bytes. All suite output goes here. */
void rtb_port_write(const char *s, size_t len);
/* End the program with `status` (0 = every benchmark ran or was n/a). */
void rtb_port_exit(int status);
/* The native error code behind the last RTB_ERR_PORT in this thread (0 if none). */
int rtb_port_errno(void);

#endif /* RTB_PORT_H */
