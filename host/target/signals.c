/*
 * rtbench host - the signals that stop every running target (target/internal.h):
 * SIGINT, SIGTERM and SIGHUP are caught while at least one target runs, and
 * every kind stops its target when one came (target_interrupted).
 */
#include <signal.h>
#include <string.h>

#include "target/internal.h"

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
    got_signal = sig;
}

const char *target_signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* SIGINT, SIGTERM and SIGHUP are noted by on_signal while at least one
 * target runs; target_poll then stops every target. */
static unsigned running;
static struct sigaction old_int, old_term, old_hup;

void target_signals_catch(void)
{
    if (running++ > 0)
        return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    got_signal = 0;
}

void target_signals_release(void)
{
    if (running == 0 || --running > 0)
        return;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
}

int target_interrupted(void)
{
    return got_signal;
}
