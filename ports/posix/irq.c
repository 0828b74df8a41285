/*
 * rtbench - the POSIX port: the software interrupt, a signal delivered to the
 * triggering thread.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

#include "posix_port.h"
#include "rtb/port.h"
#include <signal.h>
#include <string.h>

/* ---- software interrupt: a signal delivered to the triggering thread --------- */

#define RTB_IRQ_SIGNAL SIGUSR1

static __thread volatile sig_atomic_t in_isr; /* 1 inside the handler, in its thread */
static rtb_isr_t isr_handler;
static void *isr_arg;
static volatile sig_atomic_t isr_count;

static void on_signal(int sig)
{
    int saved = errno;

    (void)sig;
    in_isr = 1;
    if (isr_handler != NULL)
        isr_handler(isr_arg);
    in_isr = 0;
    isr_count++;
    errno = saved;
}

int rtb_irq_install(rtb_isr_t handler, void *arg)
{
    static int installed;
    struct sigaction sa;

    if (handler == NULL)
        return RTB_ERR_INVAL;
    isr_handler = handler;
    isr_arg = arg;
    if (!installed) {
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        if (sigaction(RTB_IRQ_SIGNAL, &sa, NULL) != 0)
            return rtb_posix_map_err(errno);
        installed = 1;
    }
    return 0;
}

int rtb_irq_trigger(void)
{
    sig_atomic_t before = isr_count;
    int e;

    if (isr_handler == NULL)
        return RTB_ERR_STATE;
    if (in_isr)
        return RTB_ERR_PERM;
    /* Sent to the calling thread itself, the signal is delivered on the way
     * back from the tgkill system call, before pthread_kill returns. */
    e = pthread_kill(pthread_self(), RTB_IRQ_SIGNAL);
    if (e != 0)
        return rtb_posix_map_err(e);
    return isr_count != before ? 0 : RTB_ERR_STATE;
}

int rtb_in_isr(void)
{
    return in_isr;
}
