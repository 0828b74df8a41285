/*
 * Unit test of rtb/tm_period.h: --tm-period S as the front ends read it
 * (seconds with at most three decimals to whole milliseconds) and merged
 * into the run-time parameters as tm_period_ms.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "rtb/tm_period.h"

static void test_seconds(void)
{
    static const struct {
        const char *s;
        uint32_t ms;
    } good[] = {{"30", 30000},     {"0.5", 500},   {"2.125", 2125}, {"0.001", 1},
                {"2000", 2000000}, {"10.", 10000}, {".25", 250},    {"007", 7000}};
    static const char *const bad[] = {"",       ".",      "0",        "0.000",
                                      "0.0004", "1.2345", "2000.001", "-1",
                                      "1e3",    "30s",    "1.2.3",    "99999999999999999999"};
    uint32_t ms;
    size_t i;

    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        ms = 0;
        CHECKF(rtb_tm_period_ms(good[i].s, &ms) == 0 && ms == good[i].ms, "'%s' s = %u ms (%u)",
               good[i].s, (unsigned)good[i].ms, (unsigned)ms);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ms = 12345;
        CHECKF(rtb_tm_period_ms(bad[i], &ms) == -1 && ms == 12345, "'%s' is refused", bad[i]);
    }
}

static void test_params(void)
{
    char out[64];

    CHECK(rtb_tm_period_params(NULL, 500, out, sizeof out) == 0 &&
          strcmp(out, "tm_period_ms=500") == 0);
    CHECK(rtb_tm_period_params("", 1, out, sizeof out) == 0 && strcmp(out, "tm_period_ms=1") == 0);
    CHECK(rtb_tm_period_params("tm_periods=5,size=64", 2000000, out, sizeof out) == 0 &&
          strcmp(out, "tm_period_ms=2000000,tm_periods=5,size=64") == 0);
    CHECK(rtb_tm_period_params("xtm_period_ms=3", 10, out, sizeof out) == 0 &&
          strcmp(out, "tm_period_ms=10,xtm_period_ms=3") == 0);
    CHECKF(rtb_tm_period_params("a=1,tm_period_ms=3", 10, out, sizeof out) == -1,
           "a period given twice is refused");
    CHECKF(rtb_tm_period_params("tm_period_ms=3", 10, out, sizeof out) == -1,
           "a period given twice is refused (first key)");
    memset(out, 'x', sizeof out);
    CHECKF(rtb_tm_period_params("a=1", 500, out, 20) == -1 && out[20] == 'x',
           "a buffer too small is refused, nothing written past it");
    CHECKF(rtb_tm_period_params("a=1", 500, out, 21) == 0 &&
               strcmp(out, "tm_period_ms=500,a=1") == 0,
           "an exact fit is accepted");
}

int main(void)
{
    test_seconds();
    test_params();
    return check_summary(NULL);
}
