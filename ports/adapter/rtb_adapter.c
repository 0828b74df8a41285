/*
 * rtbench RTOS adapters - timeouts and priorities, kernel-independent (see
 * rtb_adapter.h). Unit tests: tests/adapters.
 */
#include "rtb_adapter.h"

#include "rtb/port.h"

/* The values repeated in rtb_adapter.h are rtb/port.h's. */
typedef char
    rtb_ad_same_timeouts[(RTB_AD_NO_WAIT == RTB_NO_WAIT && RTB_AD_FOREVER == RTB_FOREVER) ? 1 : -1];

int rtb_ad_ticks(int32_t us, uint32_t tick_hz, uint32_t forever, uint32_t *ticks)
{
    uint64_t t;

    if (us == RTB_AD_NO_WAIT) {
        *ticks = 0;
        return RTB_OK;
    }
    if (us == RTB_AD_FOREVER) {
        *ticks = forever;
        return RTB_OK;
    }
    if (us < 0 || tick_hz == 0 || forever < 2u)
        return RTB_ERR_INVAL;
    /* at most (2^31 - 1) * (2^32 - 1) + 999999: fits 64 bits */
    t = ((uint64_t)(uint32_t)us * tick_hz + 999999u) / 1000000u + 1u;
    *ticks = t >= forever ? forever - 1u : (uint32_t)t;
    return RTB_OK;
}

uint32_t rtb_ad_sleep_ticks(uint32_t us, uint32_t tick_hz, uint32_t forever)
{
    uint32_t t = 0;

    if (us == 0)
        return 0;
    if (us > (uint32_t)INT32_MAX)
        us = (uint32_t)INT32_MAX;
    if (rtb_ad_ticks((int32_t)us, tick_hz, forever, &t) != RTB_OK)
        return forever < 2u ? 0 : forever - 1u;
    return t;
}

int rtb_ad_prio_up(int prio, unsigned base, unsigned kmax, unsigned *out)
{
    unsigned k;

    if (prio < RTB_PRIO_MIN || prio > RTB_PRIO_MAX)
        return RTB_ERR_INVAL;
    k = base + (unsigned)(prio - RTB_PRIO_MIN);
    if (k < base || k > kmax)
        return RTB_ERR_INVAL;
    *out = k;
    return RTB_OK;
}

int rtb_ad_prio_down(int prio, unsigned base, unsigned kmin, unsigned *out)
{
    unsigned d;

    if (prio < RTB_PRIO_MIN || prio > RTB_PRIO_MAX)
        return RTB_ERR_INVAL;
    d = (unsigned)(prio - RTB_PRIO_MIN);
    if (d > base || base - d < kmin)
        return RTB_ERR_INVAL;
    *out = base - d;
    return RTB_OK;
}

char *rtb_ad_puts(char *p, char *end, const char *s)
{
    while (*s && p < end)
        *p++ = *s++;
    return p;
}

char *rtb_ad_putu(char *p, char *end, uint32_t v)
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

char *rtb_ad_join(char *buf, size_t size, const struct rtb_ad_text *pieces, size_t n)
{
    char *p = buf, *end = buf + size - 1;
    size_t i;

    for (i = 0; i < n; i++) {
        p = rtb_ad_puts(p, end, pieces[i].text);
        if (pieces[i].value != RTB_AD_NO_VALUE)
            p = rtb_ad_putu(p, end, pieces[i].value);
    }
    *p = '\0';
    return p;
}

int rtb_ad_has(enum rtb_cap cap, const char *why, const char **why_not)
{
    if (why == NULL && (unsigned)cap >= (unsigned)RTB_CAP_COUNT)
        why = "unknown capability";
    if (why == NULL)
        return 1;
    if (why_not)
        *why_not = why;
    return 0;
}

int rtb_ad_has_table(enum rtb_cap cap, const struct rtb_ad_lack *lacks, size_t n,
                     const char **why_not)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (lacks[i].cap == cap)
            return rtb_ad_has(cap, lacks[i].why, why_not);
    return rtb_ad_has(cap, NULL, why_not);
}
