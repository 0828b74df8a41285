/*
 * rtbench - internal interface of the POSIX port (not part of the contract).
 */
#ifndef RTB_POSIX_PORT_H
#define RTB_POSIX_PORT_H

#include <stdint.h>

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

#endif /* RTB_POSIX_PORT_H */
