/*
 * rtbench - message throughput family (msgq.*), after Zephyr's zbus benchmark:
 * a producer thread moves a payload as messages of `size` bytes through the
 * kernel's message queues (rtb_msgq_*) to `consumers` consumer threads, each
 * message delivered to every consumer (one queue per consumer, as a
 * publish/subscribe bus does it).
 *
 *   msgq.sync   the producer puts message k into every queue (depth 1), then
 *               waits until every consumer has taken it and read it (one
 *               semaphore give per consumer) before it builds message k + 1
 *   msgq.async  every queue holds `depth` messages; the producer blocks only
 *               on a full queue
 *
 * One result per run, reported under the point's id
 * msgq.<style>.c<consumers>.s<size> (plus .p<payload> and .d<depth> when
 * those are not the defaults), as a value metric in B/s (higher is better):
 * the bytes delivered to all the consumers together, consumers x payload,
 * divided by the duration. The duration spans from the producer's counter
 * read just before its first put to its read just after the last consumer
 * has taken, read and checked its last message. Extras: bytes, messages
 * (deliveries: consumers x payload / size), duration_ns, msgs_per_s, heap
 * (bytes of queue storage and message buffers the point allocated), depth.
 *
 * Parameters (rtb_param_u32; docs/benchmarks.md): size (64), consumers (1),
 * payload (256K: what each consumer receives), depth (8, async only).
 *
 * Checked: each consumer keeps a running Fletcher-style sum over every byte
 * it receives, in order; it must equal the sum of the stream the producer
 * sent (computed before the window) and every consumer must have received
 * exactly payload / size messages, so a lost, duplicated, reordered or
 * corrupted message fails the point.
 *
 * All threads run at RTB_B_PRIO_HIGH: the producer and the consumers are
 * equals, so a woken consumer runs when the producer blocks (on a full queue,
 * or on the acknowledgements in sync), not at once. The runner's thread
 * (RTB_PRIO_MAIN) runs again only when all of them are blocked or ended.
 */
#include "bench_common.h"
#include "rtb/record.h"
#include "rtb/stats.h"

#define DEFAULT_SIZE RTB_MSGQ_DEFAULT_SIZE
#define DEFAULT_CONSUMERS RTB_MSGQ_DEFAULT_CONSUMERS
#define DEFAULT_PAYLOAD RTB_MSGQ_DEFAULT_PAYLOAD
#define DEFAULT_DEPTH RTB_MSGQ_DEFAULT_DEPTH
#define MAX_CONSUMERS (RTB_MAX_THREADS - 1u)

/* Running sum over the delivered bytes: order-sensitive (b weighs each word
 * or byte by its position), mod 2^32. */
struct sum {
    uint32_t a, b;
};

struct consumer {
    uint32_t *buf;  /* receive buffer, `size` bytes rounded up to words */
    uint32_t *ring; /* the queue's storage */
    struct sum sum;
    uint32_t got;
    volatile int err;
    volatile int ended;
};

/* One point of the grid. */
struct point {
    uint32_t size, n, msgs, depth, payload;
    int sync;
    uint32_t *pbuf;      /* the producer's message */
    unsigned bits;       /* counter width */
    uint32_t tick_mask;  /* read the counter when (message & mask) == 0 */
    uint64_t ticks;      /* the duration, accumulated by the producer */
    uint32_t sent;       /* messages the producer finished */
    uint32_t heap_bytes; /* allocated for the point */
    int stuck;           /* a thread could not be ended: its memory is kept */
    volatile int err;
    volatile int ended;
};

static struct point pt;
static struct consumer cons[RTB_MAX_THREADS];
static rtb_msgq_t queues[RTB_MAX_THREADS];
static rtb_sem_t ack, done;
static char id_suffix[64];

/* ---- the data and its check --------------------------------------------- */

static uint32_t words_of(uint32_t bytes)
{
    return (bytes + 3u) / 4u;
}

/* Message i: the buffer's fixed pattern with a sequence stamp in its first
 * (up to) four bytes, so that consecutive messages differ. */
static void stamp(uint32_t *buf, uint32_t size, uint32_t i)
{
    uint32_t seq = i * 2654435761u; /* many bits change from one message to the next */
    uint8_t *p = (uint8_t *)buf;

    if (size >= 4u) {
        buf[0] = seq;
        return;
    }
    p[0] = (uint8_t)seq;
    if (size > 1u)
        p[1] = (uint8_t)(seq >> 8);
    if (size > 2u)
        p[2] = (uint8_t)(seq >> 16);
}

static void fill_pattern(uint32_t *buf, uint32_t size)
{
    uint8_t *p = (uint8_t *)buf;
    uint32_t j;

    for (j = 0; j < size; j++)
        p[j] = (uint8_t)(j * 151u + 7u);
}

/* Add one message to the running sum: by words when the size is a multiple
 * of 4, else by bytes. */
static void sum_msg(struct sum *s, const uint32_t *buf, uint32_t size)
{
    uint32_t a = s->a, b = s->b, i;

    if ((size & 3u) == 0) {
        for (i = 0; i < size / 4u; i++) {
            a += buf[i];
            b += a;
        }
    } else {
        const uint8_t *p = (const uint8_t *)buf;
        for (i = 0; i < size; i++) {
            a += p[i];
            b += a;
        }
    }
    s->a = a;
    s->b = b;
}

/* The sum every consumer must arrive at: the stream the producer sends,
 * computed with the same code before the window. */
static struct sum expected_sum(void)
{
    struct sum s = {0, 0};
    uint32_t i;

    for (i = 0; i < pt.msgs; i++) {
        stamp(pt.pbuf, pt.size, i);
        sum_msg(&s, pt.pbuf, pt.size);
    }
    return s;
}

/* ---- the threads ------------------------------------------------------------- */

static void consumer_main(void *arg)
{
    struct consumer *c = arg;
    rtb_msgq_t *q = &queues[c - cons];
    uint32_t i;
    int rc = 0;

    for (i = 0; i < pt.msgs; i++) {
        rc = rtb_msgq_get(q, c->buf, RTB_FOREVER);
        if (rc < 0)
            break;
        sum_msg(&c->sum, c->buf, pt.size);
        c->got++;
        if (pt.sync && (rc = rtb_sem_give(&ack)) < 0)
            break;
    }
    c->err = rc;
    RTB_B_KEEP(c->err, rtb_sem_give(&done)); /* after an error too: the producer waits for it */
    c->ended = 1;
}

static void producer_main(void *arg)
{
    rtb_cycles_t last, now;
    uint64_t acc = 0;
    uint32_t i, c;
    int rc = 0;

    (void)arg;
    last = rtb_now();
    for (i = 0; rc == 0 && i < pt.msgs; i++) {
        stamp(pt.pbuf, pt.size, i);
        for (c = 0; rc == 0 && c < pt.n; c++)
            rc = rtb_msgq_put(&queues[c], pt.pbuf, RTB_FOREVER);
        for (c = 0; rc == 0 && pt.sync && c < pt.n; c++)
            rc = rtb_sem_take(&ack, RTB_FOREVER);
        /* the duration can exceed one wrap of a 32-bit counter: extend it */
        if ((i & pt.tick_mask) == 0) {
            now = rtb_now();
            acc += rtb_delta(last, now, pt.bits);
            last = now;
        }
    }
    pt.sent = rc == 0 ? i : i - 1u;
    for (c = 0; rc == 0 && c < pt.n; c++)
        rc = rtb_sem_take(&done, RTB_FOREVER);
    now = rtb_now();
    pt.ticks = acc + rtb_delta(last, now, pt.bits);
    pt.err = rc;
    pt.ended = 1;
}

/* ---- one point ---------------------------------------------------------------- */

/* ".c<n>.s<size>", then ".p<payload>" and ".d<depth>" when not the defaults. */
static void name_point(void)
{
    size_t n = 0;
    char num[24];

    n += rtb_fmt_pad(id_suffix + n, sizeof id_suffix - n, ".c", 0, 0);
    rtb_fmt_u64(num, pt.n);
    n += rtb_fmt_pad(id_suffix + n, sizeof id_suffix - n, num, 0, 0);
    n += rtb_fmt_pad(id_suffix + n, sizeof id_suffix - n, ".s", 0, 0);
    rtb_fmt_u64(num, pt.size);
    n += rtb_fmt_pad(id_suffix + n, sizeof id_suffix - n, num, 0, 0);
    if (pt.payload != DEFAULT_PAYLOAD) {
        n += rtb_fmt_pad(id_suffix + n, sizeof id_suffix - n, ".p", 0, 0);
        rtb_fmt_u64(num, pt.payload);
        n += rtb_fmt_pad(id_suffix + n, sizeof id_suffix - n, num, 0, 0);
    }
    if (!pt.sync && pt.depth != DEFAULT_DEPTH) {
        n += rtb_fmt_pad(id_suffix + n, sizeof id_suffix - n, ".d", 0, 0);
        rtb_fmt_u64(num, pt.depth);
        rtb_fmt_pad(id_suffix + n, sizeof id_suffix - n, num, 0, 0);
    }
}

/* The point from the run's parameters; RTB_ERR_INVAL (rtb_fail) for a value
 * that is not a number, zero, or a payload that is not a whole number of
 * messages. */
static int read_point(struct rtb_ctx *ctx, int sync)
{
    int rc = 0;
    uint32_t depth;

    pt.sync = sync;
    RTB_B_KEEP(rc, rtb_param_u32("size", DEFAULT_SIZE, &pt.size));
    RTB_B_KEEP(rc, rtb_param_u32("consumers", DEFAULT_CONSUMERS, &pt.n));
    RTB_B_KEEP(rc, rtb_param_u32("payload", DEFAULT_PAYLOAD, &pt.payload));
    RTB_B_KEEP(rc, rtb_param_u32("depth", DEFAULT_DEPTH, &depth));
    pt.depth = sync ? 1u : depth;
    name_point();
    rtb_set_id_suffix(ctx, id_suffix);
    if (rc < 0 || pt.size == 0 || pt.n == 0 || pt.payload == 0 || depth == 0)
        return rtb_fail(ctx, RTB_ERR_INVAL,
                        "size, consumers, payload and depth must be numbers from 1 to 2^32-1");
    if (pt.payload % pt.size != 0)
        return rtb_fail(ctx, RTB_ERR_INVAL, "the payload is not a whole number of messages");
    pt.msgs = pt.payload / pt.size;
    return 0;
}

static void free_point(void)
{
    uint32_t c;

    for (c = 0; c < MAX_CONSUMERS; c++) {
        rtb_free(cons[c].buf);
        rtb_free(cons[c].ring);
        cons[c].buf = NULL;
        cons[c].ring = NULL;
    }
    rtb_free(pt.pbuf);
    pt.pbuf = NULL;
}

/* Queue storage and message buffers from the heap; 0, or n/a when they do
 * not fit. */
static int alloc_point(struct rtb_ctx *ctx)
{
    uint32_t words = words_of(pt.size), c;
    uint64_t ring_bytes = (uint64_t)pt.size * pt.depth;
    uint64_t total = ring_bytes * pt.n + (uint64_t)words * 4u * (pt.n + 1u);

    if (total > UINT32_MAX)
        return rtb_na(ctx, "the point's queues and buffers exceed 4 GiB");
    pt.heap_bytes = (uint32_t)total;
    pt.pbuf = rtb_malloc((size_t)words * 4u);
    for (c = 0; pt.pbuf != NULL && c < pt.n; c++) {
        cons[c].buf = rtb_malloc((size_t)words * 4u);
        cons[c].ring = rtb_malloc((size_t)ring_bytes);
        if (cons[c].buf == NULL || cons[c].ring == NULL)
            break;
    }
    if (pt.pbuf == NULL || c < pt.n) {
        free_point();
        return rtb_na(ctx, "the point's queues and buffers do not fit the heap (rtb_malloc "
                           "failed)");
    }
    return 0;
}

/* The queues and semaphores; a queue the kernel refuses for its size or
 * depth makes the point n/a. */
static int init_objects(struct rtb_ctx *ctx)
{
    uint32_t c;
    int rc = 0;

    for (c = 0; rc == 0 && c < pt.n; c++) {
        rc = rtb_msgq_init(&queues[c], cons[c].ring, pt.size, pt.depth);
        cons[c].sum.a = 0;
        cons[c].sum.b = 0;
        cons[c].got = 0;
        cons[c].err = 0;
        cons[c].ended = 0;
    }
    if (rc == RTB_ERR_NOMEM || rc == RTB_ERR_INVAL)
        return rtb_na(ctx, "the kernel refused a message queue of this depth and message size "
                           "(rtb_msgq_init)");
    RTB_B_KEEP(rc, rtb_sem_init(&ack, 0, pt.n));
    RTB_B_KEEP(rc, rtb_sem_init(&done, 0, pt.n));
    return rc;
}

/* Create the threads (the producer on the last stack), start the consumers,
 * which block on their empty queues, then the producer; return when all
 * have ended (or, with strict priorities, when none can go on). */
static int run_threads(struct rtb_ctx *ctx)
{
    uint32_t c, created = 0;
    int rc = 0, started = 0;

    for (c = 0; rc == 0 && c < pt.n; c++, created++)
        rc = rtb_b_create(&rtb_helpers[c], "consumer", consumer_main, &cons[c], RTB_B_PRIO_HIGH, 0,
                          c);
    if (rc == 0) {
        rc = rtb_b_create(&rtb_helpers[pt.n], "producer", producer_main, NULL, RTB_B_PRIO_HIGH, 0,
                          pt.n);
        if (rc == 0)
            created++;
    }
    for (c = 0; rc == 0 && c <= pt.n; c++, started++)
        rc = rtb_thread_start(&rtb_helpers[c]);
    /* Under strict priorities this thread runs again only when every thread
     * of the point has ended or blocked: a producer still running is a
     * deadlock (a message lost or duplicated by the kernel). */
    if (rc == 0 && !pt.ended && rtb_port_has(RTB_CAP_RT_SCHED, NULL))
        rc = rtb_fail(ctx, 0,
                      "deadlock: the producer blocked for good (a message lost or "
                      "repeated)");
    for (c = 0; c < created; c++) {
        int ended = (int)c < started && (c == pt.n ? pt.ended : cons[c].ended);
        int j = rc == 0 ? rtb_thread_join(&rtb_helpers[c], RTB_FOREVER)
                        : rtb_b_reap(&rtb_helpers[c], ended);
        if (j < 0)
            pt.stuck = 1;
        RTB_B_KEEP(rc, j);
    }
    return rc;
}

/* After the run: every consumer got every message, with the producer's sum. */
static int check_point(struct rtb_ctx *ctx)
{
    struct sum want = expected_sum();
    uint32_t c;
    int rc = pt.err;

    if (rc == 0 && pt.sent != pt.msgs)
        return rtb_fail(ctx, 0, "the producer did not send every message");
    for (c = 0; c < pt.n; c++) {
        RTB_B_KEEP(rc, cons[c].err);
        if (rc != 0)
            return rc;
        if (cons[c].got != pt.msgs || !cons[c].ended)
            return rtb_fail(ctx, 0, "a consumer did not receive exactly payload / size messages");
        if (cons[c].sum.a != want.a || cons[c].sum.b != want.b)
            return rtb_fail(ctx, 0,
                            "a consumer's running sum differs from the stream sent "
                            "(a message lost, repeated, reordered or corrupted)");
    }
    return rc;
}

static int report_point(struct rtb_ctx *ctx)
{
    const struct rtb_timer_desc *td = rtb_timer_desc();
    uint64_t ns = rtb_scale(pt.ticks, 1000000000u, td->hz);
    uint64_t bytes = (uint64_t)pt.payload * pt.n, msgs = (uint64_t)pt.msgs * pt.n, rate;

    if (ns == 0)
        return RTB_ERR_CHECK;
    rate = rtb_scale(bytes, 1000000000u, ns);
    rtb_set_unit(ctx, "B/s", RTB_BETTER_HIGHER);
    if (rtb_value(ctx, rate > UINT32_MAX ? UINT32_MAX : (uint32_t)rate) != 0)
        return RTB_ERR_OVERFLOW; /* a run of 0 iterations keeps no value */
    rtb_extra(ctx, "bytes", bytes);
    rtb_extra(ctx, "messages", msgs);
    rtb_extra(ctx, "duration_ns", ns);
    rtb_extra(ctx, "msgs_per_s", rtb_scale(msgs, 1000000000u, ns));
    rtb_extra(ctx, "heap", pt.heap_bytes);
    rtb_extra(ctx, "depth", pt.depth);
    return 0;
}

static int msgq_point(struct rtb_ctx *ctx, int sync)
{
    int rc = read_point(ctx, sync);

    if (rc < 0)
        return rc;
    if (pt.n > MAX_CONSUMERS)
        return rtb_na(ctx, "more consumers than the port has helper threads for "
                           "(RTB_CONFIG_MAX_THREADS - 1)");
    pt.bits = rtb_timer_desc()->bits;
    pt.tick_mask = pt.bits >= 32u ? 15u : 0u;
    pt.ticks = 0;
    pt.sent = 0;
    pt.err = 0;
    pt.ended = 0;
    pt.stuck = 0;
    rc = alloc_point(ctx);
    if (rc < 0)
        return rc;
    fill_pattern(pt.pbuf, pt.size);
    rc = init_objects(ctx);
    if (rc == 0)
        rc = run_threads(ctx);
    if (rc == 0)
        rc = check_point(ctx);
    if (rc == 0)
        rc = report_point(ctx);
    if (!pt.stuck)
        free_point(); /* a thread that could not be ended may still use them: keep them */
    /* The checks do not depend on the order the threads ran in: a failed one
     * is a failure with or without strict priorities. n/a (RTB_ERR_NOTSUP)
     * comes with the reason given where it was decided. */
    return rc;
}

int rtb_bench_msgq_sync(struct rtb_ctx *ctx)
{
    return msgq_point(ctx, 1);
}

int rtb_bench_msgq_async(struct rtb_ctx *ctx)
{
    return msgq_point(ctx, 0);
}
