/*
 * rtbench - internal interface of the POSIX port (not part of the contract).
 */
#ifndef RTB_POSIX_PORT_H
#define RTB_POSIX_PORT_H

#include <semaphore.h>
#include <stdint.h>
#include <time.h>

#include "rtb/port.h"
#include "rtb/timer.h"

/* Set up the process for measuring: pin to one CPU, SCHED_FIFO for the
 * calling thread, mlockall, hold /dev/cpu_dma_latency at 0. Whatever is
 * refused is recorded (rtb_port_info()->sched, RTB_CAP_RT_SCHED) and the
 * run goes on. Returns 0, or a negative rtb_err if the process cannot run
 * at all. */
int rtb_posix_init(void);

/* Run `fn(arg)` in a new thread at rtbench priority `prio` (SCHED_FIFO when
 * obtained) and return its result. */
int rtb_posix_run_at(int prio, int (*fn)(void *), void *arg);

/* CLOCK_MONOTONIC_RAW (CLOCK_MONOTONIC where there is no RAW) in ns. */
uint64_t rtb_posix_clock_ns(void);
/* Check that the clock works: 0 or a negative rtb_err. */
int rtb_posix_clock_init(void);
/* The description of that clock as a timer. */
extern const struct rtb_timer_desc rtb_posix_clock_desc;

/* ---- shared by the port's files (port.c, threads.c, sync.c, msgq.c, irq.c) ---- */

/* 1 when SCHED_FIFO was obtained for the benchmark threads (rtb_posix_init). */
extern int rtb_posix_rt_fifo;
/* errno -> rtb_err; an unknown code becomes RTB_ERR_PORT, kept for rtb_port_errno(). */
int rtb_posix_map_err(int e);
/* The SCHED_FIFO priority of rtbench priority `prio`. */
int rtb_posix_fifo_prio(int prio);
/* An absolute time `us` from now on `clock`. */
void rtb_posix_abs_timeout(clockid_t clock, rtb_timeout_t us, struct timespec *ts);
/* sem_wait with an rtbench timeout: RTB_NO_WAIT, RTB_FOREVER or microseconds
 * (on CLOCK_MONOTONIC where sem_clockwait exists). 0 or a negative rtb_err. */
int rtb_posix_sem_wait(sem_t *s, rtb_timeout_t timeout);

/* Test only (tests/posix/test_signif*.sh, scripts/signif-study.sh): busy work
 * added to every rtb_sem_give() after the first 16, before it gives, a fixed
 * number of steps that took this percentage of the least cost of those 16
 * gives as their caller saw them (the woken thread's run included); 0 =
 * none. Work, not time: other load slows it as it slows the give (sync.c).
 * From the environment variable RTB_POSIX_TEST_SLOW_GIVE (main.c), never set
 * by rtbench. */
extern unsigned rtb_posix_slow_give_pct;

/* Test only (tests/posix/test_posix.sh): the name of the threads that, once
 * started, do not run their entry until they are joined (a thread the
 * scheduler never ran, as on a loaded machine without SCHED_FIFO); NULL =
 * none. From the environment variable RTB_POSIX_TEST_HOLD (main.c), never
 * set by rtbench. */
extern const char *rtb_posix_test_hold;

#endif /* RTB_POSIX_PORT_H */
