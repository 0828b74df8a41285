/*
 * rtbench tests - the RTOS adapters' kernel-independent logic on the host:
 * timeouts (ports/adapter/rtb_adapter.c), FreeRTOS result / priority / event
 * translation (ports/freertos/rtb_fr_map.c) and ThreadX status / priority /
 * message-size translation (ports/threadx/rtb_tx_map.c). No kernel header is
 * needed: the adapters check at compile time that the constants these files
 * assume are their kernel's.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "rtb/port.h"
#include "rtb_adapter.h"
#include "rtb_fr_map.h"
#include "rtb_tx_map.h"

#define MAXD 0xFFFFFFFFu /* portMAX_DELAY, TX_WAIT_FOREVER with 32-bit ticks */

static uint32_t ticks(int32_t us, uint32_t hz)
{
    uint32_t t = 12345;

    CHECK_EQ(rtb_ad_ticks(us, hz, MAXD, &t), RTB_OK);
    return t;
}

static void test_ticks(void)
{
    uint32_t t = 7;

    CHECK_EQ(ticks(RTB_NO_WAIT, 100), 0);    /* never blocks */
    CHECK_EQ(ticks(RTB_FOREVER, 100), MAXD); /* the kernel's "forever" */
    CHECK_EQ(ticks(1, 100), 2);              /* 1 us: one partial tick + one */
    CHECK_EQ(ticks(10000, 100), 2);          /* exactly one tick period + one */
    CHECK_EQ(ticks(10001, 100), 3);          /* rounds up */
    CHECK_EQ(ticks(1000, 1000), 2);
    CHECK_EQ(ticks(999, 1000), 2);
    CHECK_EQ(ticks(2000000, 100), 201);      /* RTB_B_JOIN_US at 100 Hz */
    CHECK_EQ(ticks(INT32_MAX, 100), 214750); /* ceil(2147.483647 s * 100) + 1 */
    CHECK_EQ(ticks(INT32_MAX, 1000000), 2147483648u);
    /* never reaches the kernel's "forever" */
    CHECK_EQ(rtb_ad_ticks(INT32_MAX, 0xFFFFFFFFu, MAXD, &t), RTB_OK);
    CHECK_EQ(t, MAXD - 1u);
    CHECK_EQ(rtb_ad_ticks(INT32_MAX, 1000, 1000, &t), RTB_OK); /* a small "forever" */
    CHECK_EQ(t, 999);
    /* other negative values, no tick rate: refused, *ticks untouched */
    t = 7;
    CHECK_EQ(rtb_ad_ticks(-2, 100, MAXD, &t), RTB_ERR_INVAL);
    CHECK_EQ(rtb_ad_ticks(INT32_MIN, 100, MAXD, &t), RTB_ERR_INVAL);
    CHECK_EQ(rtb_ad_ticks(5, 0, MAXD, &t), RTB_ERR_INVAL);
    CHECK_EQ(t, 7);
    /* sleep: 0 is a yield, else at least the time asked */
    CHECK_EQ(rtb_ad_sleep_ticks(0, 100, MAXD), 0);
    CHECK_EQ(rtb_ad_sleep_ticks(1, 100, MAXD), 2);
    CHECK_EQ(rtb_ad_sleep_ticks(UINT32_MAX, 100, MAXD), 214750); /* capped at INT32_MAX us */
}

static void test_prio(void)
{
    unsigned k = 99, prev = 0;
    int p;

    /* FreeRTOS: larger is more urgent, one to one, 1..30 above idle (0)
     * and below the timer task (configMAX_PRIORITIES - 1) */
    CHECK_EQ(rtb_fr_prio(RTB_PRIO_MIN, 32, &k), RTB_OK);
    CHECK_EQ(k, 1);
    CHECK_EQ(rtb_fr_prio(RTB_PRIO_MAX, 32, &k), RTB_OK);
    CHECK_EQ(k, 30);
    CHECK_EQ(rtb_fr_prio(RTB_PRIO_MAIN, 32, &k), RTB_OK);
    CHECK_EQ(k, 15);
    for (p = RTB_PRIO_MIN; p <= RTB_PRIO_MAX; p++) {
        CHECK_EQ(rtb_fr_prio(p, 32, &k), RTB_OK);
        CHECK(k > prev); /* order kept, distinct */
        CHECK(k >= 1 && k <= 30);
        prev = k;
    }
    k = 99;
    CHECK_EQ(rtb_fr_prio(0, 32, &k), RTB_ERR_INVAL);
    CHECK_EQ(rtb_fr_prio(RTB_PRIO_MAX + 1, 32, &k), RTB_ERR_INVAL);
    CHECK_EQ(rtb_fr_prio(RTB_PRIO_MIN, 31, &k), RTB_ERR_INVAL); /* too few priorities */
    CHECK_EQ(rtb_fr_prio(RTB_PRIO_MIN, 8, &k), RTB_ERR_INVAL);
    CHECK_EQ(k, 99);
    CHECK_EQ(rtb_fr_prio(RTB_PRIO_MAX, 56, &k), RTB_OK); /* more is fine */
    CHECK_EQ(k, 30);

    /* ThreadX: 0 is most urgent; rtbench 30 -> 1, 1 -> 30 */
    CHECK_EQ(rtb_tx_prio(RTB_PRIO_MAX, 32, &k), RTB_OK);
    CHECK_EQ(k, 1);
    CHECK_EQ(rtb_tx_prio(RTB_PRIO_MIN, 32, &k), RTB_OK);
    CHECK_EQ(k, 30);
    CHECK_EQ(rtb_tx_prio(RTB_PRIO_MAIN, 32, &k), RTB_OK);
    CHECK_EQ(k, 16);
    prev = 1000;
    for (p = RTB_PRIO_MIN; p <= RTB_PRIO_MAX; p++) {
        CHECK_EQ(rtb_tx_prio(p, 32, &k), RTB_OK);
        CHECK(k < prev); /* more urgent in rtbench = smaller in ThreadX */
        CHECK(k >= 1 && k <= 30);
        prev = k;
    }
    CHECK_EQ(rtb_tx_prio(RTB_PRIO_MAX, 64, &k), RTB_OK);
    CHECK_EQ(k, 33); /* 64 priorities: rtbench sits at 33..62 */
    k = 99;
    CHECK_EQ(rtb_tx_prio(0, 32, &k), RTB_ERR_INVAL);
    CHECK_EQ(rtb_tx_prio(31, 32, &k), RTB_ERR_INVAL);
    CHECK_EQ(rtb_tx_prio(RTB_PRIO_MAIN, 16, &k), RTB_ERR_INVAL);
    CHECK_EQ(k, 99);

    /* the generic helpers at their edges */
    CHECK_EQ(rtb_ad_prio_up(RTB_PRIO_MAX, 10, 39, &k), RTB_OK);
    CHECK_EQ(k, 39);
    CHECK_EQ(rtb_ad_prio_up(RTB_PRIO_MAX, 10, 38, &k), RTB_ERR_INVAL);
    CHECK_EQ(rtb_ad_prio_down(RTB_PRIO_MAX, 29, 0, &k), RTB_OK);
    CHECK_EQ(k, 0);
    CHECK_EQ(rtb_ad_prio_down(RTB_PRIO_MAX, 28, 0, &k), RTB_ERR_INVAL);
}

static void test_freertos(void)
{
    const uint32_t control = 0xff000000u; /* eventEVENT_BITS_CONTROL_BYTES, 32-bit ticks */

    /* pdPASS (1) -> 0, pdFAIL/errQUEUE_* (0) -> the error asked for */
    CHECK_EQ(rtb_fr_result(RTB_FR_PASS, RTB_ERR_OVERFLOW), RTB_OK);
    CHECK_EQ(rtb_fr_result(0, RTB_ERR_OVERFLOW), (uint64_t)(int64_t)RTB_ERR_OVERFLOW);
    CHECK(rtb_fr_result(0, RTB_ERR_AGAIN) == RTB_ERR_AGAIN);
    CHECK(rtb_fr_result(0, RTB_ERR_PERM) == RTB_ERR_PERM);
    CHECK(rtb_fr_result(0, RTB_ERR_PORT) == RTB_ERR_PORT);
    CHECK(rtb_fr_result(RTB_FR_PASS, RTB_ERR_PERM) == RTB_OK);
    /* a failed wait: by the ticks it was given */
    CHECK(rtb_fr_wait_failed(0, MAXD) == RTB_ERR_AGAIN);
    CHECK(rtb_fr_wait_failed(3, MAXD) == RTB_ERR_TIMEOUT);
    CHECK(rtb_fr_wait_failed(MAXD - 1u, MAXD) == RTB_ERR_TIMEOUT);
    CHECK(rtb_fr_wait_failed(MAXD, MAXD) == RTB_ERR_PORT);
    /* 24 usable event bits */
    CHECK(rtb_fr_event_bits_ok(0x1234u, control, 0) == RTB_OK);
    CHECK(rtb_fr_event_bits_ok(0x00ffffffu, control, 0) == RTB_OK);
    CHECK(rtb_fr_event_bits_ok(0x01000000u, control, 1) == RTB_ERR_INVAL);
    CHECK(rtb_fr_event_bits_ok(0x80000001u, control, 1) == RTB_ERR_INVAL);
    CHECK(rtb_fr_event_bits_ok(0, control, 0) == RTB_ERR_INVAL); /* a wait for nothing */
    CHECK(rtb_fr_event_bits_ok(0, control, 1) == RTB_OK);        /* a post of nothing */
    /* what satisfied a wait */
    CHECK_EQ(rtb_fr_events_matched(0x1234u, 0x1234u, 0), 0x1234u);
    CHECK_EQ(rtb_fr_events_matched(0x0204u, 0x1234u, 0), 0x0204u);
    CHECK_EQ(rtb_fr_events_matched(0x8000u, 0x1234u, 0), 0);
    CHECK_EQ(rtb_fr_events_matched(0x9234u, 0x1234u, 1), 0x1234u);
    CHECK_EQ(rtb_fr_events_matched(0x1230u, 0x1234u, 1), 0);
}

static void test_threadx(void)
{
    unsigned w = 0;

    CHECK(rtb_tx_status(RTB_TX_SUCCESS, 0) == RTB_OK);
    CHECK(rtb_tx_status(RTB_TX_SUCCESS, 1) == RTB_OK);
    /* nothing there: AGAIN without waiting, TIMEOUT after a wait */
    CHECK(rtb_tx_status(RTB_TX_NO_INSTANCE, 1) == RTB_ERR_AGAIN);
    CHECK(rtb_tx_status(RTB_TX_NO_INSTANCE, 0) == RTB_ERR_TIMEOUT);
    CHECK(rtb_tx_status(RTB_TX_QUEUE_EMPTY, 1) == RTB_ERR_AGAIN);
    CHECK(rtb_tx_status(RTB_TX_QUEUE_FULL, 0) == RTB_ERR_TIMEOUT);
    CHECK(rtb_tx_status(RTB_TX_NO_EVENTS, 1) == RTB_ERR_AGAIN);
    CHECK(rtb_tx_status(RTB_TX_NOT_AVAILABLE, 0) == RTB_ERR_TIMEOUT);
    CHECK(rtb_tx_status(RTB_TX_NO_MEMORY, 1) == RTB_ERR_AGAIN);
    CHECK(rtb_tx_status(RTB_TX_CEILING_EXCEEDED, 0) == RTB_ERR_OVERFLOW);
    CHECK(rtb_tx_status(RTB_TX_NOT_OWNED, 0) == RTB_ERR_PERM);
    CHECK(rtb_tx_status(RTB_TX_CALLER_ERROR, 0) == RTB_ERR_PERM);
    CHECK(rtb_tx_status(RTB_TX_RESUME_ERROR, 0) == RTB_ERR_STATE);
    CHECK(rtb_tx_status(RTB_TX_SUSPEND_ERROR, 0) == RTB_ERR_STATE);
    CHECK(rtb_tx_status(RTB_TX_DELETE_ERROR, 0) == RTB_ERR_STATE);
    CHECK(rtb_tx_status(RTB_TX_DELETED, 0) == RTB_ERR_STATE);
    CHECK(rtb_tx_status(RTB_TX_WAIT_ABORTED, 0) == RTB_ERR_STATE);
    CHECK(rtb_tx_status(RTB_TX_PTR_ERROR, 0) == RTB_ERR_INVAL);
    CHECK(rtb_tx_status(RTB_TX_PRIORITY_ERROR, 0) == RTB_ERR_INVAL);
    CHECK(rtb_tx_status(RTB_TX_WAIT_ERROR, 1) == RTB_ERR_INVAL);
    CHECK(rtb_tx_status(RTB_TX_SEMAPHORE_ERROR, 0) == RTB_ERR_INVAL);
    CHECK(rtb_tx_status(RTB_TX_FEATURE_NOT_ENABLED, 0) == RTB_ERR_NOTSUP);
    CHECK(rtb_tx_status(0x23u, 0) == RTB_ERR_PORT); /* unknown: the native code is kept */
    CHECK(rtb_tx_status(0x1000u, 1) == RTB_ERR_PORT);
    /* message sizes: whole words, 1..16 */
    CHECK_EQ(rtb_tx_msg_words(4, &w), RTB_OK);
    CHECK_EQ(w, 1);
    CHECK_EQ(rtb_tx_msg_words(64, &w), RTB_OK);
    CHECK_EQ(w, 16);
    CHECK(rtb_tx_msg_words(0, &w) == RTB_ERR_INVAL);
    CHECK(rtb_tx_msg_words(6, &w) == RTB_ERR_INVAL);
    CHECK(rtb_tx_msg_words(68, &w) == RTB_ERR_INVAL);
}

static void test_strings(void)
{
    char buf[8], *p = buf, *end = buf + sizeof buf - 1;

    p = rtb_ad_puts(p, end, "tick=");
    p = rtb_ad_putu(p, end, 100);
    *p = '\0';
    CHECK(p == end); /* cut at the end, room kept for the NUL */
    CHECK(buf[0] == 't' && buf[5] == '1' && buf[6] == '0' && buf[7] == '\0');
    p = rtb_ad_putu(buf, end, 0);
    *p = '\0';
    CHECK(buf[0] == '0' && buf[1] == '\0');
    p = rtb_ad_putu(buf, buf + 3, 4294967295u); /* a number cut to what fits */
    CHECK(p == buf + 3 && buf[0] == '4' && buf[2] == '9');
}

static void test_join(void)
{
    static const struct rtb_ad_text parts[] = {
        {"prio/", 32}, {" tick=", 100}, {"Hz", RTB_AD_NO_VALUE}, {" d=", 0}};
    char buf[32], small[6];
    char *p = rtb_ad_join(buf, sizeof buf, parts, 4);

    CHECK(strcmp(buf, "prio/32 tick=100Hz d=0") == 0);
    CHECK(p == buf + strlen(buf));
    p = rtb_ad_join(small, sizeof small, parts, 4); /* cut, NUL kept */
    CHECK(strcmp(small, "prio/") == 0 && p == small + 5);
    p = rtb_ad_join(buf, sizeof buf, parts, 0);
    CHECK(buf[0] == '\0' && p == buf);
}

/* rtb_port_has()'s tail, shared by the adapters. */
static void test_has(void)
{
    const char *why = "untouched";

    CHECK_EQ(rtb_ad_has(RTB_CAP_CONDVAR, NULL, &why), 1);
    CHECK(why[0] == 'u'); /* left alone when present */
    CHECK_EQ(rtb_ad_has(RTB_CAP_CONDVAR, "no condition variable", &why), 0);
    CHECK(why[0] == 'n' && why[3] == 'c');
    CHECK_EQ(rtb_ad_has(RTB_CAP_CONDVAR, "no condition variable", NULL), 0);
    CHECK_EQ(rtb_ad_has(RTB_CAP_COUNT, NULL, &why), 0);
    CHECK(why[0] == 'u' && why[1] == 'n' && why[2] == 'k'); /* unknown capability */
    CHECK_EQ(rtb_ad_has((enum rtb_cap) - 1, NULL, NULL), 0);
}

static void test_has_table(void)
{
    static const struct rtb_ad_lack lacks[] = {
        {RTB_CAP_CONDVAR, "no condvar"}, {RTB_CAP_THREAD_COOP, NULL}, {RTB_CAP_MSGQ, "no msgq"}};
    const char *why = "untouched";

    CHECK_EQ(rtb_ad_has_table(RTB_CAP_MSGQ, lacks, 3, &why), 0);
    CHECK(strcmp(why, "no msgq") == 0);
    CHECK_EQ(rtb_ad_has_table(RTB_CAP_CONDVAR, lacks, 3, &why), 0);
    CHECK(strcmp(why, "no condvar") == 0);
    why = "untouched";
    CHECK_EQ(rtb_ad_has_table(RTB_CAP_THREAD_COOP, lacks, 3, &why), 1); /* a NULL reason */
    CHECK_EQ(rtb_ad_has_table(RTB_CAP_SEM, lacks, 3, &why), 1);         /* not in the table */
    CHECK(strcmp(why, "untouched") == 0);
    CHECK_EQ(rtb_ad_has_table(RTB_CAP_MSGQ, lacks, 2, NULL), 1); /* only the first 2 rows */
    CHECK_EQ(rtb_ad_has_table(RTB_CAP_COUNT, lacks, 3, &why), 0);
    CHECK(strcmp(why, "unknown capability") == 0);
}

int main(void)
{
    test_ticks();
    test_prio();
    test_freertos();
    test_threadx();
    test_strings();
    test_join();
    test_has();
    test_has_table();
    return check_summary("adapters");
}
