/*
 * rtbench tests - the RT-Thread adapter's kernel-independent logic on the
 * host (ports/rtthread/rtb_rt_map.c): error translation, rtbench priorities
 * onto RT-Thread's smaller-is-more-urgent numbering, microseconds onto
 * RT-Thread's signed tick timeouts. No RT-Thread header: port_rtthread.c
 * checks at compile time that the RTB_RT_* constants are rtdef.h's.
 */
#include <stdint.h>

#include "check.h"
#include "rtb/port.h"
#include "rtb_rt_map.h"

static void test_errors(void)
{
    CHECK(rtb_rt_err(RTB_RT_EOK, 0) == RTB_OK);
    CHECK(rtb_rt_err(RTB_RT_EOK, 1) == RTB_OK);
    /* nothing there: AGAIN without waiting, TIMEOUT after a wait */
    CHECK(rtb_rt_err(-RTB_RT_ETIMEOUT, 1) == RTB_ERR_AGAIN);
    CHECK(rtb_rt_err(-RTB_RT_ETIMEOUT, 0) == RTB_ERR_TIMEOUT);
    CHECK(rtb_rt_err(-RTB_RT_EFULL, 1) == RTB_ERR_AGAIN);
    CHECK(rtb_rt_err(-RTB_RT_EFULL, 0) == RTB_ERR_TIMEOUT);
    CHECK(rtb_rt_err(-RTB_RT_EEMPTY, 1) == RTB_ERR_AGAIN);
    CHECK(rtb_rt_err(-RTB_RT_EEMPTY, 0) == RTB_ERR_TIMEOUT);
    CHECK(rtb_rt_err(-RTB_RT_EBUSY, 1) == RTB_ERR_AGAIN);
    CHECK(rtb_rt_err(-RTB_RT_ENOMEM, 0) == RTB_ERR_NOMEM);
    CHECK(rtb_rt_err(-RTB_RT_EINVAL, 1) == RTB_ERR_INVAL);
    CHECK(rtb_rt_err(-RTB_RT_ENOSYS, 0) == RTB_ERR_NOTSUP);
    CHECK(rtb_rt_err(-RTB_RT_EINTR, 0) == RTB_ERR_STATE);
    /* RT-Thread's generic error and the unknown: the native code is kept */
    CHECK(rtb_rt_err(-RTB_RT_ERROR, 0) == RTB_ERR_PORT);
    CHECK(rtb_rt_err(-RTB_RT_EIO, 1) == RTB_ERR_PORT);
    CHECK(rtb_rt_err(-11, 0) == RTB_ERR_PORT);
    CHECK(rtb_rt_err(-1000, 1) == RTB_ERR_PORT);
    /* a positive code is no RT-Thread result: never success, never AGAIN */
    CHECK(rtb_rt_err(RTB_RT_ETIMEOUT, 1) == RTB_ERR_PORT);
}

static void test_prio(void)
{
    uint8_t k = 99, prev = 0;
    int p;

    CHECK_EQ(rtb_rt_prio(RTB_PRIO_MAX, 32, &k), RTB_OK);
    CHECK_EQ(k, 1); /* 0 stays above every rtbench thread */
    CHECK_EQ(rtb_rt_prio(RTB_PRIO_MIN, 32, &k), RTB_OK);
    CHECK_EQ(k, 30); /* 31 is the idle thread's */
    CHECK_EQ(rtb_rt_prio(RTB_PRIO_MAIN, 32, &k), RTB_OK);
    CHECK_EQ(k, 16);
    /* one to one, order reversed: more urgent in rtbench is smaller here */
    for (p = RTB_PRIO_MIN; p <= RTB_PRIO_MAX; p++) {
        CHECK_EQ(rtb_rt_prio(p, 32, &k), RTB_OK);
        if (p > RTB_PRIO_MIN)
            CHECK(k == prev - 1u);
        prev = k;
    }
    /* more priorities: still below the idle thread's max - 1 */
    CHECK_EQ(rtb_rt_prio(RTB_PRIO_MIN, 256, &k), RTB_OK);
    CHECK_EQ(k, 254);
    CHECK_EQ(rtb_rt_prio(RTB_PRIO_MAX, 256, &k), RTB_OK);
    CHECK_EQ(k, 225);
    /* refused: out of the rtbench range, too few or too many priorities */
    k = 99;
    CHECK(rtb_rt_prio(RTB_PRIO_MIN - 1, 32, &k) == RTB_ERR_INVAL);
    CHECK(rtb_rt_prio(RTB_PRIO_MAX + 1, 32, &k) == RTB_ERR_INVAL);
    CHECK(rtb_rt_prio(RTB_PRIO_MIN, 31, &k) == RTB_ERR_INVAL);
    CHECK(rtb_rt_prio(RTB_PRIO_MIN, 8, &k) == RTB_ERR_INVAL); /* Nano's default */
    CHECK(rtb_rt_prio(RTB_PRIO_MIN, 257, &k) == RTB_ERR_INVAL);
    CHECK_EQ(k, 99);
}

static void test_ticks(void)
{
    int32_t t = 7;

    CHECK_EQ(rtb_rt_ticks(RTB_NO_WAIT, 100, &t), RTB_OK);
    CHECK(t == 0); /* RT_WAITING_NO */
    CHECK_EQ(rtb_rt_ticks(RTB_FOREVER, 100, &t), RTB_OK);
    CHECK(t == RTB_RT_WAITING_FOREVER); /* -1, not a huge unsigned count */
    CHECK_EQ(rtb_rt_ticks(1, 100, &t), RTB_OK);
    CHECK(t == 2); /* one partial tick + one */
    CHECK_EQ(rtb_rt_ticks(10000, 100, &t), RTB_OK);
    CHECK(t == 2);
    CHECK_EQ(rtb_rt_ticks(10001, 100, &t), RTB_OK);
    CHECK(t == 3);
    CHECK_EQ(rtb_rt_ticks(2000000, 100, &t), RTB_OK);
    CHECK(t == 201);
    /* the longest wait stays positive and below RT_TICK_MAX / 2 */
    CHECK_EQ(rtb_rt_ticks(INT32_MAX, 1000000, &t), RTB_OK);
    CHECK(t == (int32_t)RTB_RT_TICKS_MAX);
    CHECK_EQ(rtb_rt_ticks(INT32_MAX, 0xFFFFFFFFu, &t), RTB_OK);
    CHECK(t > 0 && (uint32_t)t == RTB_RT_TICKS_MAX);
    /* refused, *ticks untouched */
    t = 7;
    CHECK(rtb_rt_ticks(-2, 100, &t) == RTB_ERR_INVAL);
    CHECK(rtb_rt_ticks(INT32_MIN, 100, &t) == RTB_ERR_INVAL);
    CHECK(rtb_rt_ticks(5, 0, &t) == RTB_ERR_INVAL);
    CHECK(rtb_rt_ticks(RTB_FOREVER, 0, &t) == RTB_ERR_INVAL);
    CHECK(rtb_rt_ticks(RTB_NO_WAIT, 0, &t) == RTB_ERR_INVAL);
    CHECK(t == 7);
}

int main(void)
{
    test_errors();
    test_prio();
    test_ticks();
    return check_summary("adapters.rtthread");
}
