/*
 * rtbench Cortex-M counter layer, private interface between the counter
 * drivers (armv7-m/timer_dwt.c, timer_systick.c, drivers/fpgaio_counter.c,
 * drivers/nrf51_timer.c) and the selection in timer.c. Every driver exposes
 * its counter as one 32-bit memory-mapped register read as
 * (*reg ^ invert) & mask, so rtb_timer_read() is the same branch-free code
 * for all of them. A counter that must be latched before it is read (the
 * nRF51 TIMER: a write to its CAPTURE task copies the count into a CC
 * register) also names that task register; on a board that selects such a
 * driver (RTB_CM_COUNTER_CAPTURE) every read starts with that write - to a
 * scratch word for the board's other counters - and other boards' reads
 * stay one load.
 */
#ifndef RTB_CM_TIMER_H
#define RTB_CM_TIMER_H

#include <stdint.h>

#if defined(RTB_CM_HAVE_NRF51_TIMER)
#define RTB_CM_COUNTER_CAPTURE 1
#else
#define RTB_CM_COUNTER_CAPTURE 0
#endif

struct rtb_cm_counter {
    const volatile uint32_t *reg;
    uint32_t invert; /* xor applied to a down-counter so that it counts up */
    uint32_t mask;   /* 2^bits - 1 */
    unsigned bits;
    uint32_t hz;
    const char *name;
    volatile uint32_t *capture; /* written 1 before each read (RTB_CM_COUNTER_CAPTURE) */
};

/* The count now. */
static inline uint32_t rtb_cm_counter_get(const struct rtb_cm_counter *c)
{
#if RTB_CM_COUNTER_CAPTURE
    *c->capture = 1u;
#endif
    return (*c->reg ^ c->invert) & c->mask;
}

/* A scratch word for the capture write of a counter that needs none. */
extern volatile uint32_t rtb_cm_no_capture;

/* Each probe enables its counter and checks that it advances; 0 when it
 * counts, else -1 with *why set to a short reason. */
typedef int (*rtb_cm_probe_fn)(struct rtb_cm_counter *c, const char **why);
int rtb_cm_dwt_probe(struct rtb_cm_counter *c, const char **why);
int rtb_cm_fpgaio_probe(struct rtb_cm_counter *c, const char **why);
int rtb_cm_nrf51_timer_probe(struct rtb_cm_counter *c, const char **why);
int rtb_cm_systick_probe(struct rtb_cm_counter *c, const char **why);

/* The counters of this board in the order rtb_timer_init() tries them: DWT
 * (ARMv7-M / ARMv8-M mainline), the board's counter drivers, SysTick. */
struct rtb_cm_probe {
    const char *name;
    rtb_cm_probe_fn probe;
};
extern const struct rtb_cm_probe rtb_cm_probes[];
extern const unsigned rtb_cm_num_probes;
/* Probe rtb_cm_probes[i] into `c` (0, or -1 with *why set). */
int rtb_cm_counter_probe(unsigned i, struct rtb_cm_counter *c, const char **why);

/* 1 when the counter follows an emulator's host time rather than a core's
 * clock (the profile's test; called by rtb_timer_init() after the probes,
 * when the counter did not match an icount shift). `steady` is 1 when three
 * loops of different lengths took ticks in proportion to their lengths,
 * `fast` when the loop ran more than one instruction per core clock cycle
 * (RTB_CM_CORE_HZ). armv7-m/timer_dwt.c: DEMCR.TRCENA did not stick (no
 * ARMv7-M / ARMv8-M mainline silicon lacks it); armv6-m/timer_v6m.c: fast
 * or not steady. */
int rtb_cm_host_timed(int steady, int fast);

/* Ticks of `c` across rtb_cm_spin(n) (called with interrupts masked). */
uint32_t rtb_cm_counter_window(const struct rtb_cm_counter *c, uint32_t n);
/* 1 if the counter changes across a loop of up to ~2 million instructions
 * (bounded: an emulator without icount may start a counter late). */
int rtb_cm_counter_advances(const struct rtb_cm_counter *c);

#endif
