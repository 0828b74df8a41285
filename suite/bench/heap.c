/*
 * rtbench - heap family (latency_measure's heap_malloc_free.c).
 *
 *   heap.malloc.immediate  one rtb_malloc(HEAP_BYTES) from a heap where it fits
 *   heap.free.immediate    one rtb_free() of such a block
 *
 * HEAP_BYTES is latency_measure's k_malloc size. Each block is written and
 * read back (outside the window) and its address goes to a volatile, so the
 * compiler cannot drop the pair.
 */
#include <string.h>

#include "bench_common.h"

#define HEAP_BYTES 10u

static void *volatile heap_sink;

/* Fill and read back a fresh block: it is ours and HEAP_BYTES long. */
static int heap_use(void *p, uint32_t i)
{
    unsigned char *b = p;
    unsigned k;

    memset(b, (int)(i & 0xffu), HEAP_BYTES);
    for (k = 0; k < HEAP_BYTES; k++)
        if (b[k] != (unsigned char)(i & 0xffu))
            return RTB_ERR_CHECK;
    return 0;
}

int rtb_bench_heap_malloc(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    void *p;
    int rc = 0;

    for (i = 0; rc == 0 && i < loops; i++) {
        t0 = rtb_now();
        p = rtb_malloc(HEAP_BYTES);
        t1 = rtb_now();
        heap_sink = p;
        if (p == NULL)
            return RTB_ERR_NOMEM;
        rc = heap_use(p, i);
        rtb_free(p);
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rc;
}

int rtb_bench_heap_free(struct rtb_ctx *ctx)
{
    uint32_t i, loops = rtb_loops(ctx);
    rtb_cycles_t t0, t1;
    void *p;
    int rc = 0;

    for (i = 0; rc == 0 && i < loops; i++) {
        p = rtb_malloc(HEAP_BYTES);
        heap_sink = p;
        if (p == NULL)
            return RTB_ERR_NOMEM;
        rc = heap_use(p, i);
        t0 = rtb_now();
        rtb_free(p);
        t1 = rtb_now();
        if (rc == 0)
            rtb_sample(ctx, t0, t1);
    }
    return rc;
}
