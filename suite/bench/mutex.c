/*
 * rtbench - mutex family (latency_measure's mutex_lock_unlock.c).
 *
 *   mutex.lock.immediate.recursive.kernel    one nested lock (RTB_NO_WAIT) by
 *                                            the owner: depth 1 -> 2
 *   mutex.unlock.immediate.recursive.kernel  one nested unlock: depth 2 -> 1
 *
 * latency_measure locks N times in a row, then unlocks N times, and divides:
 * all but the first lock and the last unlock are nested ones. rtbench times
 * each call and keeps the depth at 1 -> 2 -> 1, so every sample is a nested
 * lock or unlock. No other thread touches the mutex.
 */
#include "bench_common.h"

#define MX_NONE "no recursive mutex"

static rtb_mutex_t mx;

enum mx_which { MX_LOCK, MX_UNLOCK };

static int mx_bench(struct rtb_ctx *ctx, enum mx_which which)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0 = 0, t1 = 0;
    int rc = rtb_mutex_init(&mx);

    if (rc == 0)
        rc = rtb_mutex_lock(&mx, RTB_NO_WAIT); /* the outer lock: depth 1 */
    if (rc < 0)
        return rtb_b_result(ctx, rc, MX_NONE);
    for (i = 0; rc == 0 && i < loops; i++) {
        if (which == MX_LOCK) {
            t0 = rtb_now();
            rc = rtb_mutex_lock(&mx, RTB_NO_WAIT);
            t1 = rtb_now();
            if (rc == 0)
                rc = rtb_mutex_unlock(&mx);
        } else {
            rc = rtb_mutex_lock(&mx, RTB_NO_WAIT);
            if (rc < 0)
                break;
            t0 = rtb_now();
            rc = rtb_mutex_unlock(&mx);
            t1 = rtb_now();
        }
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    RTB_B_KEEP(rc, rtb_mutex_unlock(&mx)); /* the outer one: free again */
    /* Every lock was counted and every unlock undid one: the mutex is free,
     * so one more unlock must be refused. */
    if (rc == 0 && rtb_mutex_unlock(&mx) == 0)
        rc = RTB_ERR_CHECK;
    return rtb_b_result(ctx, rc, MX_NONE);
}

int rtb_bench_mutex_lock_immediate(struct rtb_ctx *ctx)
{
    return mx_bench(ctx, MX_LOCK);
}

int rtb_bench_mutex_unlock_immediate(struct rtb_ctx *ctx)
{
    return mx_bench(ctx, MX_UNLOCK);
}
