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
 *
 * An adapter over an existing RTOS on the Cortex-M board support does not
 * start from this file: it supplies the hooks of the adapter core
 * (ports/adapter/rtb_core.h, in its rtb_kernel.h), which has the thread
 * state machine, join, the timeout rules and the argument checks written
 * once (ports/threadx is the shortest example; docs/ports/template.md
 * "Adapting an RTOS"). The comments marked "RTOS:" below say what a
 * kernel's API usually does not give for free, for a port that does not
 * sit on the core.
 * Every instruction of an adapter is inside the timed windows: keep the
 * common path to the kernel call, its arguments and the result translation,
 * and put ISR, blocking and error paths out of line.
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

/* rtb/port.h: rtb_thread_create. RTOS: the thread must not run before
 * rtb_thread_start. A kernel whose create makes the thread ready
 * (xTaskCreateStatic) needs the create and a suspend in one critical
 * section, or a more urgent thread runs at once; ThreadX has TX_DONT_START.
 * Run the entry through a trampoline of the adapter: most kernels have no
 * join, and a FreeRTOS task function must never return (see join). */
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

/* rtb/port.h: rtb_thread_suspend. RTOS: if the adapter keeps a "suspended"
 * flag (for resume's RTB_ERR_STATE), set it and suspend in one critical
 * section: a handler's resume between the two is lost otherwise. */
int rtb_thread_suspend(rtb_thread_t *t)
{
    (void)t;
    return RTB_ERR_NOTSUP;
}

/* rtb/port.h: rtb_thread_resume. RTOS: ISR-safe (Thread-Metric resumes
 * from the handler): test the context (rtb_in_isr) and use the kernel's ISR
 * variant and its switch-on-return (xTaskResumeFromISR + portYIELD_FROM_ISR);
 * vTaskResume ignores a task that is not suspended, where the contract wants
 * RTB_ERR_STATE. */
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

/* rtb/port.h: rtb_thread_join. RTOS: usually built by the adapter: the
 * trampoline gives a per-thread semaphore when the entry returns and then
 * parks the thread; join takes that semaphore, then deletes or terminates
 * the thread (it may not have parked yet if the joiner is more urgent). */
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

/* rtb/port.h: rtb_sem_give. RTOS: every call port.h marks ISR-safe tests
 * the context and calls the kernel's FromISR variant there; translate every
 * status the kernel returns (a give at the limit is RTB_ERR_OVERFLOW, a
 * failed RTB_NO_WAIT take RTB_ERR_AGAIN, an expired timeout
 * RTB_ERR_TIMEOUT), never drop one. */
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
