/*
 * rtbench - FIFO and LIFO family (latency_measure's fifo.c and lifo.c).
 *
 *   <q>.put.immediate.kernel          one put, nobody waiting
 *   <q>.get.immediate.kernel          one get with RTB_NO_WAIT, an item present
 *   <q>.put.alloc.immediate.kernel    one rtb_<q>_alloc_put (the port allocates the link)
 *   <q>.get.free.immediate.kernel     one get of such an item (the port frees the link)
 *   <q>.get.blocking.k_to_k           get blocks in the waiter -> the lower thread runs
 *   <q>.put.wake+ctx.k_to_k           put in the lower thread -> the waiter's get returns
 *   <q>.get.free.blocking.k_to_k      the same two with alloc_put / a get that frees
 *   <q>.put.alloc.wake+ctx.k_to_k
 *
 * Before its loop every benchmark checks the order the object keeps (FIFO:
 * first in, first out; LIFO: last in, first out) and that it ends empty;
 * every get checks it returned the item that was put.
 */
#include "bench_common.h"

/* The intrusive items (put/get) and the plain payloads (alloc_put). */
static struct rtb_b_item queue_items[2] = {{{NULL}, 0x51u}, {{NULL}, 0x52u}};
static uint32_t queue_data[2] = {0xa1u, 0xa2u};
/* Items teardown puts to release a waiter after a failure (bench_common.h). */
static struct rtb_b_item queue_spare[RTB_B_STOP_WAKES];

struct queue_pp {
    struct rtb_b_pp pp;
    void *expect[2]; /* wake n puts expect[n & 1] */
};

/* The result of a get on what should be an empty object. */
static int queue_check_empty(int get_rc)
{
    if (get_rc == RTB_ERR_AGAIN)
        return 0;
    return get_rc < 0 ? get_rc : RTB_ERR_CHECK;
}

#define Q fifo
#define Q_IS_LIFO 0
#define Q_NONE "no FIFO queue object"
#define Q_NOALLOC "no FIFO put with a kernel-allocated link"
#include "queue_tmpl.h"
#undef Q
#undef Q_IS_LIFO
#undef Q_NONE
#undef Q_NOALLOC

#define Q lifo
#define Q_IS_LIFO 1
#define Q_NONE "no LIFO queue object"
#define Q_NOALLOC "no LIFO put with a kernel-allocated link"
#include "queue_tmpl.h"
#undef Q
#undef Q_IS_LIFO
#undef Q_NONE
#undef Q_NOALLOC
