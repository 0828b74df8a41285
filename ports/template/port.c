/*
 * rtbench template port - the empty implementation of the porting contract.
 *
 * Copy this folder to ports/<yourkernel>/ and replace each body with calls
 * to your kernel. What each function must do (units, return values, which
 * calls are ISR-safe, when a switch happens) is said once, in
 * suite/include/rtb/port.h: the comment above each function here names the
 * declaration to read. Objects your kernel does not have are not written
 * here: CMakeLists.txt compiles ports/common/absent_*.c for them (events,
 * FIFO/LIFO, stack of words, message queues, interrupt masking:
 * absent_irq_lock.c; a kernel that can mask interrupts writes rtb_irq_lock
 * and rtb_irq_unlock here instead), and rtb_port_has() says why.
 * Here every call returns RTB_ERR_NOTSUP and rtb_port_has() reports nothing,
 * so a run on the template prints n/a for every benchmark.
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/error.h"
#include "rtb/port.h"

/* ---- capabilities ------------------------------------------------------ */

/* rtb/port.h: rtb_port_has. */
int rtb_port_has(enum rtb_cap cap, const char **why_not)
{
    if (cap == RTB_CAP_NONE)
        return 1;
    if (why_not != NULL)
        *why_not = "template port";
    return 0;
}

/* ---- threads ----------------------------------------------------------- */

/* rtb/port.h: rtb_thread_create. */
int rtb_thread_create(rtb_thread_t *t, const char *name, rtb_entry_t entry, void *arg, int prio,
                      unsigned flags, void *stack, size_t stack_bytes)
{
    (void)t;
    (void)name;
    (void)entry;
    (void)arg;
    (void)prio;
    (void)flags;
    (void)stack;
    (void)stack_bytes;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_thread_start. */
int rtb_thread_start(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_thread_suspend. */
int rtb_thread_suspend(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_thread_resume. */
int rtb_thread_resume(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_thread_abort. */
int rtb_thread_abort(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_thread_join. */
int rtb_thread_join(rtb_thread_t *t, rtb_timeout_t timeout)
{
    (void)t;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_thread_yield. */
void rtb_thread_yield(void) {}

/* rtb/port.h: rtb_thread_set_prio. */
int rtb_thread_set_prio(rtb_thread_t *t, int prio)
{
    (void)t;
    (void)prio;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_sleep_us. */
int rtb_sleep_us(uint32_t us)
{
    (void)us;
    return RTB_ERR_NOTSUP;
}

/* ---- semaphores -------------------------------------------------------- */

/* rtb/port.h: rtb_sem_init. */
int rtb_sem_init(rtb_sem_t *s, unsigned initial, unsigned limit)
{
    (void)s;
    (void)initial;
    (void)limit;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_sem_give. */
int rtb_sem_give(rtb_sem_t *s)
{
    (void)s;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_sem_take. */
int rtb_sem_take(rtb_sem_t *s, rtb_timeout_t timeout)
{
    (void)s;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* ---- mutexes ----------------------------------------------------------- */

/* rtb/port.h: rtb_mutex_init. */
int rtb_mutex_init(rtb_mutex_t *m)
{
    (void)m;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_mutex_lock. */
int rtb_mutex_lock(rtb_mutex_t *m, rtb_timeout_t timeout)
{
    (void)m;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_mutex_unlock. */
int rtb_mutex_unlock(rtb_mutex_t *m)
{
    (void)m;
    return RTB_ERR_NOTSUP;
}

/* ---- condition variables ----------------------------------------------- */

/* rtb/port.h: rtb_condvar_init. */
int rtb_condvar_init(rtb_condvar_t *c)
{
    (void)c;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_condvar_wait. */
int rtb_condvar_wait(rtb_condvar_t *c, rtb_mutex_t *m, rtb_timeout_t timeout)
{
    (void)c;
    (void)m;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_condvar_signal. */
int rtb_condvar_signal(rtb_condvar_t *c)
{
    (void)c;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_condvar_broadcast. */
int rtb_condvar_broadcast(rtb_condvar_t *c)
{
    (void)c;
    return RTB_ERR_NOTSUP;
}

/* ---- heap -------------------------------------------------------------------- */

/* rtb/port.h: rtb_malloc. */
void *rtb_malloc(size_t bytes)
{
    (void)bytes;
    return NULL;
}

/* rtb/port.h: rtb_free. */
void rtb_free(void *p)
{
    (void)p;
}

/* ---- software interrupt ------------------------------------------------------- */

/* rtb/port.h: rtb_irq_install. */
int rtb_irq_install(rtb_isr_t handler, void *arg)
{
    (void)handler;
    (void)arg;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_irq_trigger. */
int rtb_irq_trigger(void)
{
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_in_isr. */
int rtb_in_isr(void)
{
    return 0;
}

/* ---- identity, console, exit ------------------------------------------------- */

/* Static strings describing what really runs; `sched` says what was OBTAINED
 * (not what was asked for), e.g. "SCHED_OTHER (SCHED_FIFO refused: EPERM)". */
static const struct rtb_port_info template_info = {
    .port = "template",
    .kernel = "none",
    .kernel_version = "0",
    .board = "none",
    .cpu = "unknown",
    .sched = "none",
};

const struct rtb_port_info *rtb_port_info(void)
{
    return &template_info;
}

/* rtb/port.h: rtb_port_write. */
void rtb_port_write(const char *s, size_t len)
{
    (void)s;
    (void)len;
}

/* rtb/port.h: rtb_port_exit. */
void rtb_port_exit(int status)
{
    (void)status;
    for (;;) {
    }
}

/* rtb/port.h: rtb_port_errno. */
int rtb_port_errno(void)
{
    return 0;
}
