/*
 * rtbench Cortex-M port: the porting contract (suite/include/rtb/port.h)
 * over refk, the reference kernel in refk/, on the board support of this
 * folder (rtb_cm_board.h). Also the image's main().
 *
 * refk's error codes are numerically rtbench's (checked below), so results
 * pass through unchanged. Priorities map one to one (both: larger = more
 * urgent; refk's 0 is its idle thread, 31 its cooperative level). Timeouts
 * are microseconds in both, RTB_NO_WAIT and RTB_FOREVER are refk's 0 and -1,
 * so most calls here compile to one branch into the kernel.
 */
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb/timer.h"
#include "board.h"
#include "rtb_cm_board.h"
#include "refk_arch.h"

/* refk's codes are rtbench's: a failed check makes a negative array size. */
#define SAME(a, b) ((int)(a) == (int)(b))
typedef char
    refk_codes_match[(SAME(REFK_EINVAL, RTB_ERR_INVAL) && SAME(REFK_ENOMEM, RTB_ERR_NOMEM) &&
                      SAME(REFK_ETIMEOUT, RTB_ERR_TIMEOUT) && SAME(REFK_EAGAIN, RTB_ERR_AGAIN) &&
                      SAME(REFK_EPERM, RTB_ERR_PERM) && SAME(REFK_ESTATE, RTB_ERR_STATE) &&
                      SAME(REFK_EOVERFLOW, RTB_ERR_OVERFLOW) && SAME(REFK_NO_WAIT, RTB_NO_WAIT) &&
                      SAME(REFK_FOREVER, RTB_FOREVER) && SAME(REFK_THREAD_COOP, RTB_THREAD_COOP) &&
                      SAME(REFK_EVENTS_ALL, RTB_EVENTS_ALL) &&
                      SAME(REFK_EVENTS_ANY, RTB_EVENTS_ANY))
                         ? 1
                         : -1];

/* ---- capabilities: refk has every object of the contract --------------- */

int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    if ((unsigned)cap < (unsigned)RTB_CAP_COUNT)
        return 1;
    if (why_not)
        *why_not = "unknown capability";
    return 0;
}

/* ---- threads --------------------------------------------------------------- */

int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    if (t == NULL || prio < RTB_PRIO_MIN || prio > RTB_PRIO_MAX || (flags & ~RTB_THREAD_COOP))
        return RTB_ERR_INVAL;
    return refk_thread_create(&t->k, name, entry, arg, prio, flags, stack, stack_bytes);
}

int rtb_thread_start(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    return refk_thread_start(&t->k);
}

int rtb_thread_suspend(rtb_thread_t *t)
{
    return refk_thread_suspend(t ? &t->k : NULL);
}

int rtb_thread_resume(rtb_thread_t *t)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    return refk_thread_resume(&t->k);
}

int rtb_thread_abort(rtb_thread_t *t)
{
    return refk_thread_abort(t ? &t->k : NULL);
}

int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout)
{
    if (t == NULL)
        return RTB_ERR_INVAL;
    return refk_thread_join(&t->k, timeout);
}

void rtb_thread_yield(void)
{
    refk_yield();
}

int rtb_thread_set_prio(rtb_thread_t *t, int prio)
{
    if (prio < RTB_PRIO_MIN || prio > RTB_PRIO_MAX)
        return RTB_ERR_INVAL;
    return refk_thread_set_prio(t ? &t->k : NULL, prio);
}

int rtb_sleep_us(uint32_t us)
{
    return refk_sleep((int32_t)(us > (uint32_t)INT32_MAX ? (uint32_t)INT32_MAX : us));
}

/* ---- semaphores, mutexes, condition variables, events --------------------- */

int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    return refk_sem_init(&s->k, initial, limit);
}

int rtb_sem_give(rtb_sem_t *s)
{
    return refk_sem_give(&s->k);
}

int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    return refk_sem_take(&s->k, timeout);
}

int rtb_mutex_init(rtb_mutex_t *m)
{
    return refk_mutex_init(&m->k);
}

int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    return refk_mutex_lock(&m->k, timeout);
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
    return refk_mutex_unlock(&m->k);
}

int rtb_condvar_init(rtb_condvar_t *c)
{
    return refk_condvar_init(&c->k);
}

int rtb_condvar_wait(rtb_condvar_t *c, rtb_mutex_t *m, rtb_timeout_t timeout)
{
    return refk_condvar_wait(&c->k, &m->k, timeout);
}

int rtb_condvar_signal(rtb_condvar_t *c)
{
    return refk_condvar_signal(&c->k);
}

int rtb_condvar_broadcast(rtb_condvar_t *c)
{
    return refk_condvar_broadcast(&c->k);
}

int rtb_events_init(rtb_events_t *e)
{
    return refk_events_init(&e->k);
}

int rtb_events_post(rtb_events_t *e, uint32_t bits)
{
    return refk_events_post(&e->k, bits);
}

int rtb_events_set(rtb_events_t *e, uint32_t bits)
{
    return refk_events_set(&e->k, bits);
}

int rtb_events_clear(rtb_events_t *e, uint32_t bits)
{
    return refk_events_clear(&e->k, bits);
}

int rtb_events_wait(rtb_events_t *e, uint32_t bits, unsigned mode, rtb_timeout_t timeout,
                    uint32_t *matched)
{
    return refk_events_wait(&e->k, bits, mode, timeout, matched); /* RTB_ERR_INVAL for a bad mode */
}

/* ---- FIFO, LIFO, stack, message queue ---------------------------------------- */

int rtb_fifo_init(rtb_fifo_t *q)
{
    return refk_queue_init(&q->k);
}

int rtb_fifo_put(rtb_fifo_t *q, void *item)
{
    return refk_fifo_put(&q->k, item);
}

int rtb_fifo_alloc_put(rtb_fifo_t *q, void *data)
{
    return refk_fifo_alloc_put(&q->k, data);
}

int rtb_fifo_get(rtb_fifo_t *q, void **item, rtb_timeout_t timeout)
{
    return refk_queue_get(&q->k, item, timeout);
}

int rtb_lifo_init(rtb_lifo_t *q)
{
    return refk_queue_init(&q->k);
}

int rtb_lifo_put(rtb_lifo_t *q, void *item)
{
    return refk_lifo_put(&q->k, item);
}

int rtb_lifo_alloc_put(rtb_lifo_t *q, void *data)
{
    return refk_lifo_alloc_put(&q->k, data);
}

int rtb_lifo_get(rtb_lifo_t *q, void **item, rtb_timeout_t timeout)
{
    return refk_queue_get(&q->k, item, timeout);
}

int rtb_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    return refk_stack_init(&s->k, buf, capacity);
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    return refk_stack_push(&s->k, value);
}

int rtb_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_timeout_t timeout)
{
    return refk_stack_pop(&s->k, value, timeout);
}

int rtb_msgq_init(rtb_msgq_t *q, void *buf, size_t msg_size, unsigned max_msgs)
{
    return refk_msgq_init(&q->k, buf, msg_size, max_msgs);
}

int rtb_msgq_put(rtb_msgq_t *q, const void *msg, rtb_timeout_t timeout)
{
    return refk_msgq_put(&q->k, msg, timeout);
}

int rtb_msgq_get(rtb_msgq_t *q, void *msg, rtb_timeout_t timeout)
{
    return refk_msgq_get(&q->k, msg, timeout);
}

/* ---- heap ---------------------------------------------------------------------- */

void *rtb_malloc(size_t bytes)
{
    return refk_malloc(bytes);
}

void rtb_free(void *p)
{
    refk_free(p);
}

/* ---- the software interrupt: arch/cortex-m/swirq.c (rtb_irq_install,
 * rtb_irq_trigger, rtb_in_isr), shared with the FreeRTOS and ThreadX adapters;
 * refk's ISR-safe calls need no wrapper around the handler. */

/* PRIMASK, as refk's own critical sections: masks SysTick, the software IRQ
 * and every other configurable interrupt. */
unsigned rtb_irq_lock(void)
{
    return refk_irq_save();
}

void rtb_irq_unlock(unsigned key)
{
    refk_irq_restore(key);
}

/* ---- identity, console, exit ---------------------------------------------------------- */

static char sched_desc[96];
static struct rtb_port_info info = {
    "cortex-m-refk", "refk", REFK_VERSION, "", "", sched_desc,
};

static char *put_str(char *p, char *end, const char *s)
{
    while (*s && p < end)
        *p++ = *s++;
    return p;
}

static char *put_uint(char *p, char *end, uint32_t v)
{
    char tmp[10];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n && p < end)
        *p++ = tmp[--n];
    return p;
}

static void info_init(void)
{
    char *p = sched_desc, *end = sched_desc + sizeof sched_desc - 1;
    int shift = rtb_cm_icount_shift();
    info.board = rtb_cm_board_name();
    info.cpu = rtb_cm_cpu_name();
    p = put_str(p, end, "prio-preemptive/32 primask tick=");
    p = put_uint(p, end, REFK_TICK_HZ);
    p = put_str(p, end, "Hz-on-demand");
    if (!REFK_PRIO_INHERIT)
        p = put_str(p, end, " no-prio-inherit");
    if (shift >= 0) {
        p = put_str(p, end, " icount-shift=");
        p = put_uint(p, end, (uint32_t)shift);
    }
    *p = '\0';
}

const struct rtb_port_info *rtb_port_info(void)
{
    return &info;
}

void rtb_port_write(const char *s, size_t len)
{
    rtb_cm_console_write(s, len);
}

void rtb_port_exit(int status)
{
    rtb_cm_exit(status);
}

int rtb_port_errno(void)
{
    return 0; /* refk's failures are rtbench codes already: never RTB_ERR_PORT */
}

/* ---- start-up ------------------------------------------------------------------------------ */

static struct refk_thread main_thread;
static uint64_t main_stack[RTB_CONFIG_MAIN_STACK_SIZE / 8u];

/* Every thread blocked forever: nothing can ever run again. Say so and stop. */
void refk_deadlock_hook(void)
{
    rtb_cm_console_puts("\nrtbench: refk: deadlock: every thread is blocked and no timeout is "
                        "pending\n");
    rtb_cm_exit(RTB_CM_EXIT_FAULT);
}

static void main_entry(void *arg)
{
    struct rtb_run_config cfg = {NULL, 0, UINT32_MAX, 0, NULL, 0};
    (void)arg;
    if (rtb_cm_cmdline(&cfg) != 0)
        rtb_port_exit(RTB_CM_EXIT_USAGE);
    rtb_port_exit(rtb_main(&cfg));
}

static void fail(const char *what, int err)
{
    rtb_cm_console_puts("rtbench: ");
    rtb_cm_console_puts(what);
    rtb_cm_console_puts(" failed: ");
    rtb_cm_console_puts(rtb_strerror(err));
    rtb_cm_console_puts("\n");
    rtb_cm_exit(RTB_CM_EXIT_FAULT);
}

/* Weak: the kernel's test image (refk/tests) links this file with its own main(). */
__attribute__((weak)) int main(void)
{
    int err = rtb_timer_init();
    if (err != 0)
        fail("timer init", err);
    info_init();
    refk_init(rtb_cm_core_hz());
    err = refk_thread_create(&main_thread, "main", main_entry, NULL, RTB_PRIO_MAIN, 0, main_stack,
                             sizeof main_stack);
    if (err == 0)
        err = refk_thread_start(&main_thread);
    if (err != 0)
        fail("refk main thread", err);
    rtb_cm_swirq_enable();
    refk_start();
}
