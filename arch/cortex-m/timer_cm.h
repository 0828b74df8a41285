/*
 * rtbench Cortex-M counter layer, private interface between the counter
 * drivers (timer_dwt.c, timer_systick.c, drivers/fpgaio_counter.c) and the selection
 * in timer.c. Every driver exposes its counter as one 32-bit memory-mapped
 * register read as (*reg ^ invert) & mask, so rtb_timer_read() is the same
 * branch-free code for all of them.
 */
#ifndef RTB_CM_TIMER_H
#define RTB_CM_TIMER_H

#include <stdint.h>

struct rtb_cm_counter {
    const volatile uint32_t *reg;
    uint32_t invert; /* xor applied to a down-counter so that it counts up */
    uint32_t mask;   /* 2^bits - 1 */
    unsigned bits;
    uint32_t hz;
    const char *name;
};

/* Each probe enables its counter and checks that it advances; 0 when it
 * counts, else -1 with *why set to a short reason. */
int rtb_cm_dwt_probe(struct rtb_cm_counter *c, const char **why);
int rtb_cm_fpgaio_probe(struct rtb_cm_counter *c, const char **why);
int rtb_cm_systick_probe(struct rtb_cm_counter *c, const char **why);

/* 1 when DEMCR.TRCENA could not be set: the debug block every ARMv7-M /
 * ARMv8-M mainline core has is missing, i.e. we run on an emulator. Valid
 * after rtb_cm_dwt_probe(). */
int rtb_cm_dwt_demcr_missing(void);

/* Ticks of `c` across rtb_cm_spin(n) (called with interrupts masked). */
uint32_t rtb_cm_counter_window(const struct rtb_cm_counter *c, uint32_t n);
/* 1 if the counter changes across a loop of up to ~2 million instructions
 * (bounded: an emulator without icount may start a counter late). */
int rtb_cm_counter_advances(const struct rtb_cm_counter *c);

#endif
