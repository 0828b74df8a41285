/*
 * Unit tests of suite/core/catalog.c and filter.c: the catalog holds each of
 * Zephyr latency_measure's 47 kernel ids exactly once, with its description,
 * no id twice, sane entries; id globs select and exclude as documented.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rtb/bench.h"

/* rtb_catalog's functions are weak dummies here; rtb_na is not called. */
int rtb_na(struct rtb_ctx *ctx, const char *why)
{
    (void)ctx;
    (void)why;
    return RTB_ERR_NOTSUP;
}

/* The 47 ids and descriptions of Zephyr's tests/benchmarks/latency_measure,
 * as printed in a real log (tests/fixtures/zephyr-latency-measure/frdm_rw612.log),
 * in its order; written out here, independently of catalog.def. */
static const struct {
    const char *id, *desc;
} zephyr[] = {
    {"thread.yield.preemptive.ctx.k_to_k", "Context switch via k_yield"},
    {"thread.yield.cooperative.ctx.k_to_k", "Context switch via k_yield"},
    {"isr.resume.interrupted.thread.kernel", "Return from ISR to interrupted thread"},
    {"isr.resume.different.thread.kernel", "Return from ISR to another thread"},
    {"thread.create.kernel.from.kernel", "Create thread"},
    {"thread.start.kernel.from.kernel", "Start thread"},
    {"thread.suspend.kernel.from.kernel", "Suspend thread"},
    {"thread.resume.kernel.from.kernel", "Resume thread"},
    {"thread.abort.kernel.from.kernel", "Abort thread"},
    {"fifo.put.immediate.kernel", "Add data to FIFO (no ctx switch)"},
    {"fifo.get.immediate.kernel", "Get data from FIFO (no ctx switch)"},
    {"fifo.put.alloc.immediate.kernel", "Allocate to add data to FIFO (no ctx switch)"},
    {"fifo.get.free.immediate.kernel", "Free when getting data from FIFO (no ctx switch)"},
    {"fifo.get.blocking.k_to_k", "Get data from FIFO (w/ ctx switch)"},
    {"fifo.put.wake+ctx.k_to_k", "Add data to FIFO (w/ ctx switch)"},
    {"fifo.get.free.blocking.k_to_k", "Free when getting data from FIFO (w/ ctx switch)"},
    {"fifo.put.alloc.wake+ctx.k_to_k", "Allocate to add data to FIFO (w/ ctx switch)"},
    {"lifo.put.immediate.kernel", "Add data to LIFO (no ctx switch)"},
    {"lifo.get.immediate.kernel", "Get data from LIFO (no ctx switch)"},
    {"lifo.put.alloc.immediate.kernel", "Allocate to add data to LIFO (no ctx switch)"},
    {"lifo.get.free.immediate.kernel", "Free when getting data from LIFO (no ctx switch)"},
    {"lifo.get.blocking.k_to_k", "Get data from LIFO (w/ ctx switch)"},
    {"lifo.put.wake+ctx.k_to_k", "Add data to LIFO (w/ ctx switch)"},
    {"lifo.get.free.blocking.k_to_k", "Free when getting data from LIFO (w/ ctx switch)"},
    {"lifo.put.alloc.wake+ctx.k_to_k", "Allocate to add data to LIFO (w/ ctx switch)"},
    {"events.post.immediate.kernel", "Post events (nothing wakes)"},
    {"events.set.immediate.kernel", "Set events (nothing wakes)"},
    {"events.wait.immediate.kernel", "Wait for any events (no ctx switch)"},
    {"events.wait_all.immediate.kernel", "Wait for all events (no ctx switch)"},
    {"events.wait.blocking.k_to_k", "Wait for any events (w/ ctx switch)"},
    {"events.set.wake+ctx.k_to_k", "Set events (w/ ctx switch)"},
    {"events.wait_all.blocking.k_to_k", "Wait for all events (w/ ctx switch)"},
    {"events.post.wake+ctx.k_to_k", "Post events (w/ ctx switch)"},
    {"semaphore.give.immediate.kernel", "Give a semaphore (no waiters)"},
    {"semaphore.take.immediate.kernel", "Take a semaphore (no blocking)"},
    {"semaphore.take.blocking.k_to_k", "Take a semaphore (context switch)"},
    {"semaphore.give.wake+ctx.k_to_k", "Give a semaphore (context switch)"},
    {"condvar.wait.blocking.k_to_k", "Wait for a condvar (context switch)"},
    {"condvar.signal.wake+ctx.k_to_k", "Signal a condvar (context switch)"},
    {"stack.push.immediate.kernel", "Add data to k_stack (no ctx switch)"},
    {"stack.pop.immediate.kernel", "Get data from k_stack (no ctx switch)"},
    {"stack.pop.blocking.k_to_k", "Get data from k_stack (w/ ctx switch)"},
    {"stack.push.wake+ctx.k_to_k", "Add data to k_stack (w/ ctx switch)"},
    {"mutex.lock.immediate.recursive.kernel", "Lock a mutex"},
    {"mutex.unlock.immediate.recursive.kernel", "Unlock a mutex"},
    {"heap.malloc.immediate", "Average time for heap malloc"},
    {"heap.free.immediate", "Average time for heap free"},
};

static void test_catalog(void)
{
    unsigned i, j, nz = sizeof zephyr / sizeof zephyr[0];
    unsigned missing = 0, dup = 0, bad = 0, desc_diff = 0, order_bad = 0, last = 0;

    CHECK_EQ(nz, 47);
    for (i = 0; i < nz; i++) {
        unsigned found = 0, at = 0;
        for (j = 0; j < rtb_catalog_len; j++)
            if (strcmp(rtb_catalog[j].id, zephyr[i].id) == 0) {
                found++;
                at = j;
            }
        if (found != 1) {
            missing++;
            printf("     %s found %u times\n", zephyr[i].id, found);
            continue;
        }
        if (strcmp(rtb_catalog[at].desc, zephyr[i].desc) != 0) {
            desc_diff++;
            printf("     %s: description \"%s\" differs from Zephyr's \"%s\"\n", zephyr[i].id,
                   rtb_catalog[at].desc, zephyr[i].desc);
        }
        if (i > 0 && at < last)
            order_bad++;
        last = at;
    }
    CHECKF(missing == 0,
           "each of the 47 latency_measure ids is in the catalog exactly once (%u not)", missing);
    CHECKF(desc_diff == 0, "descriptions equal Zephyr's (%u differ)", desc_diff);
    CHECKF(order_bad == 0, "latency_measure ids come in Zephyr's report order");

    for (i = 0; i < rtb_catalog_len; i++)
        for (j = i + 1; j < rtb_catalog_len; j++)
            if (strcmp(rtb_catalog[i].id, rtb_catalog[j].id) == 0) {
                dup++;
                printf("     duplicate id %s\n", rtb_catalog[i].id);
            }
    CHECKF(dup == 0, "no id appears twice in the catalog (%u entries)", rtb_catalog_len);

    for (i = 0; i < rtb_catalog_len; i++) {
        const struct rtb_bench_def *b = &rtb_catalog[i];
        const char *p;
        int ok = b->id && b->desc && b->family && b->fn && strlen(b->desc) <= 50 &&
                 strlen(b->id) > 0 && (b->caps & ~(RTB_NEED(RTB_CAP_COUNT) - 1u)) == 0 &&
                 (b->caps & RTB_NEED(RTB_CAP_NONE)) == 0 &&
                 (b->flags & ~(RTB_NEEDS_RT | RTB_KEEP_MEAN)) == 0;
        for (p = b->id; ok && *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' ||
                  *p == '+'))
                ok = 0;
        if (!ok) {
            bad++;
            printf("     bad entry %u (%s)\n", i, b->id ? b->id : "NULL");
        }
    }
    CHECKF(bad == 0,
           "every entry has id [a-z0-9._+], description <= 50 chars, family, fn, valid caps");
    {
        unsigned calib = 0;
        for (i = 0; i < rtb_catalog_len; i++)
            if (strncmp(rtb_catalog[i].id, "calib.", 6) == 0)
                calib += rtb_catalog[i].caps == 0;
        CHECK_EQ(calib, 4);
    }
    {
        /* An entry names every capability it uses, not just two: a port
         * lacking any of them gets n/a with the right reason. */
        unsigned missing = 0;
        for (i = 0; i < rtb_catalog_len; i++) {
            const struct rtb_bench_def *b = &rtb_catalog[i];
            size_t len = strlen(b->id);
            int k_to_k = len > 6 && strcmp(b->id + len - 6, "k_to_k") == 0;
            if ((k_to_k || strncmp(b->id, "thread.", 7) == 0) &&
                (b->caps & RTB_NEED(RTB_CAP_THREAD)) == 0)
                missing++;
        }
        CHECK_EQ(missing, 0);
        for (i = 0; i < rtb_catalog_len; i++)
            if (strcmp(rtb_catalog[i].id, "isr.resume.different.thread.kernel") == 0)
                break;
        CHECKF(
            i < rtb_catalog_len &&
                rtb_catalog[i].caps == (RTB_NEED(RTB_CAP_IRQ) | RTB_NEED(RTB_CAP_IRQ_WAKE) |
                                        RTB_NEED(RTB_CAP_THREAD) | RTB_NEED(RTB_CAP_SEM)),
            "isr.resume.different needs the interrupt, the wake from it, a thread and a semaphore");
    }
    {
        /* Rhealstone's composite is computed from the six kept means: they
         * come before it, and no more are kept than the runner has room for. */
        static const char *const six[] = {
            "rhealstone.task_switch",       "rhealstone.preemption",
            "rhealstone.interrupt_latency", "rhealstone.semaphore_shuffle",
            "rhealstone.deadlock_break",    "rhealstone.message_latency"};
        unsigned kept = 0, composite = rtb_catalog_len, k, before = 0;
        for (i = 0; i < rtb_catalog_len; i++) {
            kept += (rtb_catalog[i].flags & RTB_KEEP_MEAN) != 0;
            if (strcmp(rtb_catalog[i].id, "rhealstone.composite") == 0)
                composite = i;
        }
        for (k = 0; k < 6; k++)
            for (i = 0; i < composite; i++)
                if (strcmp(rtb_catalog[i].id, six[k]) == 0 &&
                    (rtb_catalog[i].flags & RTB_KEEP_MEAN))
                    before++;
        CHECKF(composite < rtb_catalog_len && before == 6,
               "the six Rhealstone figures are kept and come before the composite (%u)", before);
        CHECKF(kept <= RTB_KEPT_MAX, "at most RTB_KEPT_MAX entries keep their mean (%u)", kept);
    }
}

static void test_filter(void)
{
    CHECKF(rtb_filter_match("*", "semaphore.give.immediate.kernel"), "* matches everything");
    CHECKF(!rtb_filter_match("", "calib.empty"), "empty filter matches nothing");
    CHECKF(!rtb_filter_match(NULL, "calib.empty"), "NULL filter matches nothing");
    CHECKF(!rtb_filter_match(",,", "calib.empty"), "only separators match nothing");
    CHECKF(rtb_filter_match("calib.*", "calib.nop10"), "prefix glob");
    CHECKF(!rtb_filter_match("calib.*", "xcalib.nop10"), "glob is anchored at the start");
    CHECKF(!rtb_filter_match("calib", "calib.nop10"), "glob is anchored at the end");
    CHECKF(rtb_filter_match("*.k_to_k", "sem.take.blocking.k_to_k"), "suffix glob");
    CHECKF(rtb_filter_match("calib.nop1?", "calib.nop10"), "? matches one character");
    CHECKF(!rtb_filter_match("calib.nop1?", "calib.nop100"), "? matches exactly one");
    CHECKF(!rtb_filter_match("calib.nop1?", "calib.nop1"), "? does not match nothing");
    CHECKF(rtb_filter_match("*.wake+ctx.*", "fifo.put.wake+ctx.k_to_k"),
           "two stars with backtracking");
    CHECKF(rtb_filter_match("f*o*o*k", "fifo.get.blocking.k_to_k"), "many stars");
    CHECKF(!rtb_filter_match("f*o*o*x", "fifo.get.blocking.k_to_k"), "many stars, no match");
    CHECKF(rtb_filter_match("**", "a"), "double star");
    CHECKF(rtb_filter_match("*,-calib.*", "mutex.lock.immediate.recursive.kernel"),
           "exclusion keeps others");
    CHECKF(!rtb_filter_match("*,-calib.*", "calib.nop10"), "exclusion removes its matches");
    CHECKF(rtb_filter_match("*,-calib.*,calib.call", "calib.call"), "a later include wins");
    CHECKF(!rtb_filter_match("calib.call,-calib.*", "calib.call"), "a later exclude wins");
    CHECKF(!rtb_filter_match("-calib.*", "thread.create.kernel.from.kernel"),
           "exclusion alone selects nothing");
    CHECKF(rtb_filter_match("sem*, mutex.*", "mutex.unlock.immediate.recursive.kernel"),
           "spaces around globs ignored");
    CHECKF(rtb_filter_match("semaphore.give.immediate.kernel", "semaphore.give.immediate.kernel"),
           "exact id");
    CHECKF(!rtb_filter_match("semaphore.give.immediate.kerne", "semaphore.give.immediate.kernel"),
           "exact id, one short");
}

int main(void)
{
    test_catalog();
    test_filter();
    return check_summary(NULL);
}
