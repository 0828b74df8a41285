/*
 * rtbench RTOS adapters - the kernel-independent part of mapping the porting
 * contract onto a tick-based RTOS: timeouts and priorities.
 *
 * Pure C99: no kernel header, no board header. Every adapter over a real RTOS
 * (ports/freertos, ports/threadx) calls these with its kernel's constants, and
 * tests/adapters checks them on the host.
 */
#ifndef RTB_ADAPTER_H
#define RTB_ADAPTER_H

#include <stddef.h>
#include <stdint.h>

#include "rtb/error.h"
#include "rtb/port.h"

/* rtb/port.h's timeout type and its two special values, repeated so that this
 * header needs no port types (checked against rtb/port.h in rtb_adapter.c). */
#define RTB_AD_NO_WAIT 0
#define RTB_AD_FOREVER (-1)

/*
 * Timeout in microseconds -> kernel ticks.
 *   RTB_NO_WAIT (0)  -> 0
 *   RTB_FOREVER (-1) -> `forever` (portMAX_DELAY, TX_WAIT_FOREVER)
 *   us > 0           -> ceil(us * tick_hz / 1e6) + 1, at most forever - 1
 * The extra tick makes the wait last at least `us`: a wait of n ticks on a
 * tick kernel ends at the n-th tick interrupt from now, which is between
 * n - 1 and n tick periods away, because the current period has partly
 * elapsed. (Zephyr adds the same tick to relative timeouts.)
 * Returns 0, or RTB_ERR_INVAL for any other negative value or tick_hz 0.
 */
int rtb_ad_ticks(int32_t us, uint32_t tick_hz, uint32_t forever, uint32_t *ticks);

/* Sleep of at least `us` microseconds in ticks: 0 -> 0 (a yield), else as a
 * finite timeout. */
uint32_t rtb_ad_sleep_ticks(uint32_t us, uint32_t tick_hz, uint32_t forever);

/*
 * rtbench priority (RTB_PRIO_MIN..RTB_PRIO_MAX, larger = more urgent) ->
 * the kernel's, one to one, order kept:
 *   _up:   a kernel where larger is more urgent (FreeRTOS):
 *          out = base + (prio - RTB_PRIO_MIN); RTB_ERR_INVAL if above kmax.
 *   _down: a kernel where smaller is more urgent (ThreadX, Zephyr):
 *          out = base - (prio - RTB_PRIO_MIN); RTB_ERR_INVAL if below kmin.
 * RTB_ERR_INVAL too for a prio outside the rtbench range. Distinct rtbench
 * priorities always map to distinct kernel priorities: a benchmark's "more
 * urgent" thread is more urgent on the kernel too.
 */
int rtb_ad_prio_up(int prio, unsigned base, unsigned kmax, unsigned *out);
int rtb_ad_prio_down(int prio, unsigned base, unsigned kmin, unsigned *out);

/* Append `s` / the decimal `v` at `p`, never past `end` (the caller keeps a
 * byte for the NUL); returns the new end. For the run header's strings. */
char *rtb_ad_puts(char *p, char *end, const char *s);
char *rtb_ad_putu(char *p, char *end, uint32_t v);

/* One piece of a run header's text: `text`, then `value` in decimal unless
 * it is RTB_AD_NO_VALUE. */
struct rtb_ad_text {
    const char *text;
    uint32_t value;
};
#define RTB_AD_NO_VALUE UINT32_MAX

/* The `n` pieces joined into buf (`size` bytes, at least 1), cut at its end
 * and NUL-terminated; returns the NUL's address. */
char *rtb_ad_join(char *buf, size_t size, const struct rtb_ad_text *pieces, size_t n);

/* rtb_port_has()'s answer once the adapter has named why its kernel lacks
 * `cap` (`why`, NULL when it has it): 1, or 0 with *why_not (if not NULL) set
 * to the reason; a `cap` outside enum rtb_cap is "unknown capability". */
int rtb_ad_has(enum rtb_cap cap, const char *why, const char **why_not);

/* Why the kernel lacks a capability: a row of an adapter's table (`why`
 * NULL: it has it after all, e.g. by its configuration). */
struct rtb_ad_lack {
    enum rtb_cap cap;
    const char *why;
};

/* rtb_port_has() over an adapter's table of `n` rows: rtb_ad_has() with the
 * row's reason for `cap`, or with none when no row names it. */
int rtb_ad_has_table(enum rtb_cap cap, const struct rtb_ad_lack *lacks, size_t n,
                     const char **why_not);

#endif /* RTB_ADAPTER_H */
