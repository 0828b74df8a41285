/*
 * refk on the host: the ready bitmap and lists, wait-queue ordering, the
 * heap allocator, and ARMv6-M's highest-set-bit without CLZ, as pure
 * functions. Prints failed checks and
 * "N passed, N failed"; exits non-zero if any check failed.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "refk_list.h"

unsigned refk_host_switches;
struct refk_sched refk_sched;

static void thread_init(struct refk_thread *t, unsigned prio)
{
    memset(t, 0, sizeof *t);
    t->prio = (uint8_t)prio;
}

static void test_ready_bitmap(void)
{
    struct refk_sched s;
    struct refk_thread idle, a, b, c, d;
    memset(&s, 0, sizeof s);
    thread_init(&idle, 0);
    thread_init(&a, 3);
    thread_init(&b, 7);
    thread_init(&c, 7);
    thread_init(&d, 31);
    refk_rq_add(&s, &idle);
    CHECK(s.bitmap == 1u);
    CHECK(refk_rq_best(&s) == &idle);
    refk_rq_add(&s, &a);
    refk_rq_add(&s, &b);
    refk_rq_add(&s, &c);
    CHECK(s.bitmap == ((1u << 0) | (1u << 3) | (1u << 7)));
    CHECK(refk_rq_best(&s) == &b); /* first of the most urgent level */
    CHECK(b.next == &c && c.next == &b && b.prev == &c);
    /* round robin: the head moves to the next equal */
    s.ready[7] = b.next;
    CHECK(refk_rq_best(&s) == &c);
    refk_rq_remove(&s, &c);
    CHECK(refk_rq_best(&s) == &b);
    CHECK(s.bitmap & (1u << 7));
    refk_rq_remove(&s, &b);
    CHECK(!(s.bitmap & (1u << 7)));
    CHECK(s.ready[7] == NULL);
    CHECK(refk_rq_best(&s) == &a);
    refk_rq_add(&s, &d); /* level 31: the top bit */
    CHECK(refk_rq_best(&s) == &d);
    refk_rq_remove(&s, &d);
    refk_rq_remove(&s, &a);
    CHECK(refk_rq_best(&s) == &idle);
    CHECK(s.bitmap == 1u);
}

static void test_make_ready_and_resched(void)
{
    struct refk_sched s;
    struct refk_thread idle, lo, hi, eq;
    unsigned sw;
    memset(&s, 0, sizeof s);
    thread_init(&idle, 0);
    thread_init(&lo, 4);
    thread_init(&hi, 9);
    thread_init(&eq, 4);
    refk_rq_add(&s, &idle);
    s.cur = s.next = &idle;
    sw = refk_host_switches;
    refk_make_ready(&s, &lo);
    CHECK(s.next == &lo && refk_host_switches == sw + 1);
    s.cur = &lo;
    refk_make_ready(&s, &eq); /* equal: queued behind, no switch */
    CHECK(s.next == &lo && refk_host_switches == sw + 1);
    refk_make_ready(&s, &hi);
    CHECK(s.next == &hi && refk_host_switches == sw + 2);
    s.cur = &hi;
    refk_rq_remove(&s, &hi); /* hi blocks */
    refk_resched(&s);
    CHECK(s.next == &lo && refk_host_switches == sw + 3);
    refk_resched(&s); /* nothing changed: no new request */
    CHECK(refk_host_switches == sw + 3);
}

static void test_waitq_order(void)
{
    struct refk_waitq q = {NULL};
    struct refk_thread t[6];
    static const unsigned prio[6] = {5, 9, 5, 7, 9, 1};
    static const int expect[6] = {1, 4, 3, 0, 2, 5}; /* 9a 9b 7 5a 5b 1 */
    struct refk_thread *p;
    int i;
    for (i = 0; i < 6; i++) {
        thread_init(&t[i], prio[i]);
        refk_wq_insert(&q, &t[i]);
    }
    for (p = q.head, i = 0; i < 6; i++, p = p->next)
        CHECK(p == &t[expect[i]]);
    CHECK(p == q.head); /* circular */
    CHECK(q.head->prev == &t[5]);
    refk_wq_remove(&q, &t[3]); /* the 7 */
    CHECK(t[4].next == &t[0] && t[0].prev == &t[4]);
    refk_wq_remove(&q, &t[1]); /* the head */
    CHECK(q.head == &t[4]);
    refk_wq_remove(&q, &t[4]);
    refk_wq_remove(&q, &t[0]);
    refk_wq_remove(&q, &t[2]);
    CHECK(q.head == &t[5] && t[5].next == &t[5]);
    refk_wq_remove(&q, &t[5]);
    CHECK(q.head == NULL);
    /* a more urgent thread goes in front of the head */
    thread_init(&t[0], 3);
    thread_init(&t[1], 8);
    refk_wq_insert(&q, &t[0]);
    refk_wq_insert(&q, &t[1]);
    CHECK(q.head == &t[1] && t[1].next == &t[0]);
}

static void test_heap(void)
{
    static uint64_t arena[256]; /* 2 KiB */
    struct refk_heap h;
    void *a, *b, *c, *blocks[64];
    unsigned n, i;
    refk_heap_init(&h, arena, sizeof arena);
    CHECK(refk_heap_alloc(&h, 0) == NULL);
    CHECK(refk_heap_alloc(&h, (size_t)1 << 30) == NULL);
    a = refk_heap_alloc(&h, 1);
    b = refk_heap_alloc(&h, 8);
    CHECK(a != NULL && b != NULL && a != b);
    CHECK(((uintptr_t)a & 7u) == 0 && ((uintptr_t)b & 7u) == 0);
    CHECK((uint8_t *)b - (uint8_t *)a == 16); /* 8-byte header + 8-byte class */
    refk_heap_free(&h, a);
    c = refk_heap_alloc(&h, 5); /* same class: LIFO reuse */
    CHECK(c == a);
    a = refk_heap_alloc(&h, 9); /* the 16-byte class: carved, not the 8-byte block */
    CHECK(a != b && a != c);
    refk_heap_free(&h, b);
    refk_heap_free(&h, b); /* double free: refused, counted */
    CHECK(h.bad_frees == 1u);
    CHECK(refk_heap_alloc(&h, 8) == b);
    CHECK(refk_heap_alloc(&h, 8) != b); /* the list was not corrupted */
    refk_heap_free(&h, NULL);
    CHECK(h.bad_frees == 1u);
    /* exhaustion: NULL, then a free makes exactly that block available */
    for (n = 0; n < 64; n++) {
        blocks[n] = refk_heap_alloc(&h, 64);
        if (blocks[n] == NULL)
            break;
    }
    CHECK(n > 0 && n < 64);
    CHECK(refk_heap_alloc(&h, 64) == NULL);
    refk_heap_free(&h, blocks[0]);
    CHECK(refk_heap_alloc(&h, 64) == blocks[0]);
    for (i = 0; i < n; i++)
        refk_heap_free(&h, blocks[i]);
    CHECK(h.bad_frees == 1u);
    /* the kernel heap */
    a = refk_malloc(100);
    CHECK(a != NULL);
    refk_free(a);
}

void refk_heap_setup(void);

/* ARMv6-M's refk_msb_nclz against CLZ: every single bit, every run of ones
 * below a top bit, and a pseudo-random sweep. */
static void test_msb(void)
{
    uint32_t x = 0x9E3779B9u;
    unsigned i, bad = 0;
    for (i = 0; i < 32; i++) {
        bad += refk_msb_nclz(1u << i) != i;
        bad += refk_msb_nclz((1u << i) | ((1u << i) - 1u)) != i;
    }
    CHECK(bad == 0);
    for (i = 0; i < 100000u; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x >>= i % 32u; /* all lengths */
        if (x == 0)
            x = 0x9E3779B9u + i;
        bad += refk_msb_nclz(x) != 31u - (unsigned)__builtin_clz(x);
    }
    CHECK(bad == 0);
}

int main(void)
{
    refk_heap_setup();
    test_msb();
    test_ready_bitmap();
    test_make_ready_and_resched();
    test_waitq_order();
    test_heap();
    return check_summary(NULL);
}
