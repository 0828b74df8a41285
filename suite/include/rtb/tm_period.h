/*
 * rtbench - Thread-Metric's period (suite/bench/tm.c): the limits of the
 * run-time parameter tm_period_ms, and the front ends' option --tm-period S
 * (rtbench run, rtbench-posix), seconds turned into that parameter.
 * Header-only and free of libc, so that the host tool, the front ends and
 * the family share one definition without linking each other.
 */
#ifndef RTB_TM_PERIOD_H
#define RTB_TM_PERIOD_H

#include <stddef.h>
#include <stdint.h>

/* tm_period_ms: 1 ms .. 2000 s (a period in microseconds fits an int32). */
#define RTB_TM_PERIOD_MS_MAX 2000000u

/* Seconds as written on a command line ("30", "0.5", "2.125": at most three
 * decimals, whole milliseconds) to milliseconds in 1..RTB_TM_PERIOD_MS_MAX.
 * 0, or -1 when `s` is not such a number. */
static inline int rtb_tm_period_ms(const char *s, uint32_t *ms)
{
    uint64_t v = 0;
    unsigned decimals = 0, digits = 0;
    int dot = 0;

    for (; *s != '\0'; s++) {
        if (*s == '.' && !dot) {
            dot = 1;
            continue;
        }
        if (*s < '0' || *s > '9' || (dot && ++decimals > 3u))
            return -1;
        v = v * 10u + (uint64_t)(*s - '0');
        if (v > 1000000000000ull)
            return -1;
        digits++;
    }
    if (digits == 0)
        return -1;
    for (; decimals < 3u; decimals++)
        v *= 10u;
    if (v == 0 || v > RTB_TM_PERIOD_MS_MAX)
        return -1;
    *ms = (uint32_t)v;
    return 0;
}

/* `params` (a "key=value,..." list, or NULL) with "tm_period_ms=<ms>" put in
 * front, written to `out` (`len` bytes). 0, or -1 when `params` sets
 * tm_period_ms already (the period given twice) or `out` is too small. */
static inline int rtb_tm_period_params(const char *params, uint32_t ms, char *out, size_t len)
{
    static const char key[] = "tm_period_ms=";
    char digits[10];
    size_t n = 0, i, k = 0;
    const char *p = params;

    while (p != NULL && *p != '\0') { /* refuse a second tm_period_ms */
        for (i = 0; key[i] != '\0' && p[i] == key[i]; i++) {
        }
        if (key[i] == '\0')
            return -1;
        while (*p != '\0' && *p != ',')
            p++;
        if (*p == ',')
            p++;
    }
    do {
        digits[k++] = (char)('0' + ms % 10u);
        ms /= 10u;
    } while (ms != 0);
    for (i = 0; key[i] != '\0'; i++)
        if (n < len)
            out[n++] = key[i];
    while (k > 0) {
        k--;
        if (n < len)
            out[n++] = digits[k];
    }
    if (params != NULL && *params != '\0') {
        if (n < len)
            out[n++] = ',';
        for (p = params; *p != '\0'; p++)
            if (n < len)
                out[n++] = *p;
    }
    if (n >= len)
        return -1;
    out[n] = '\0';
    return 0;
}

#endif /* RTB_TM_PERIOD_H */
