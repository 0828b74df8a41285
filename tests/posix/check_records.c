/*
 * rtbench - check one rtbench-posix output (stdin) against the record format
 * (docs/records.md), with the host tool's record parser and the catalog as
 * the C preprocessor reads it (catalog_ids.h).
 *   check_records default               every default id once (every catalog id but
 *                                       calib.*: the 47 latency_measure ids, Thread-Metric's
 *                                       8 and the Rhealstone/OSEK/timer families), nothing FAILED
 *   check_records fallback              the same without strict priority scheduling (not
 *                                       root): the header says SCHED_OTHER, results that
 *                                       need it are flagged nosched
 *   check_records filter PREFIX N       exactly the catalog ids starting with PREFIX, n == N
 *   check_records filter-fallback PREFIX N   the same, without strict priority scheduling
 * Prints a line per failed check and "N passed, N failed"; exit 1 if any failed, 2 on bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog_ids.h"
#include "check.h"
#include "run.h"
#include "record_parser.h"

static const char *const header_keys[] = {
    "rtbench", "port",  "kernel", "kver",     "board",  "cpu",    "timer",
    "hz",      "bits",  "unit",   "ns_num",   "ns_den", "clock",  "cc",
    "cflags",  "iters", "warmup", "overhead", "sched",  "filter", "count"};

/* In the default run: every catalog id but the calib.* known answers and the
 * msgq family (sweep points, run only when asked for). */
static int is_default_id(const char *id)
{
    return strncmp(id, "calib.", 6) != 0 && strncmp(id, "msgq.", 5) != 0;
}

static int is_tm_id(const char *id)
{
    return strncmp(id, "tm.", 3) == 0;
}

/* Zephyr latency_measure's ids: not Thread-Metric, not the families of issue 8. */
static int is_latency_id(const char *id)
{
    return !is_tm_id(id) && strncmp(id, "rhealstone.", 11) != 0 && strncmp(id, "osek.", 5) != 0 &&
           strncmp(id, "timer.", 6) != 0;
}

/* Thread-Metric (suite/bench/tm.c) with its defaults: a score per period in
 * ops/period, higher is better, three periods of 100 ms, per_s; interrupt
 * preemption is n/a with the port's reason (a thread woken in the signal
 * handler runs before the handler returns). Without strict scheduling the
 * cooperative and preemptive counters may drift: n/a then; and any test may
 * find a period in which its threads were not run (the scheduler ran other
 * work): n/a with that reason, never an F. */
#define TM_STARVED "no strict priority scheduling now: a test thread completed no iteration"
static void check_tm(const struct run *run, int fallback)
{
    size_t n_tm = 0;
    for (size_t i = 0; i < run->n_m; i++) {
        const struct metric *m = &run->m[i];
        if (!is_tm_id(m->id))
            continue;
        n_tm++;
        if (!strcmp(m->id, "tm.interrupt_preemption")) {
            CHECKF(m->state == MS_NA && m->reason && strstr(m->reason, "signal handler"),
                   "%s is n/a: no wake from the signal handler (%s)", m->id,
                   m->reason ? m->reason : "-");
            continue;
        }
        if (fallback && m->state == MS_NA &&
            (!strcmp(m->id, "tm.cooperative") || !strcmp(m->id, "tm.preemptive")))
            continue;
        if (fallback && m->state == MS_NA && m->reason &&
            !strncmp(m->reason, TM_STARVED, sizeof TM_STARVED - 1))
            continue;
        const char *per_s = metric_extra(m, "per_s"), *period = metric_extra(m, "period_ms");
        CHECKF(m->state == MS_OK && m->unit && !strcmp(m->unit, "ops/period") && m->higher_better &&
                   m->n == 3 && m->min > 0,
               "%s: three scores in ops/period, higher is better, none 0", m->id);
        CHECKF(period && !strcmp(period, "100") && per_s && strtoull(per_s, NULL, 10) > 0,
               "%s: period_ms=100 and per_s > 0 (%s, %s)", m->id, period ? period : "-",
               per_s ? per_s : "-");
        CHECKF(metric_extra(m, "per_minsn") == NULL, "%s: no per_minsn off icount", m->id);
    }
    CHECKF(n_tm == 8, "the eight Thread-Metric ids (%zu)", n_tm);
}

static const struct test_catalog_entry *catalog_entry(const char *id)
{
    for (size_t i = 0; i < TEST_CATALOG_LEN; i++)
        if (strcmp(test_catalog[i].id, id) == 0)
            return &test_catalog[i];
    return NULL;
}

/* No value near 2^32 or beyond (an underflowed subtraction), percentiles in order. */
static void check_values(const struct metric *m)
{
    const double limit = 4294967296.0 - 16777216.0;
    CHECKF(m->n < limit && m->min < limit && m->max < limit && m->p50 < limit && m->p90 < limit &&
               m->p99 < limit && m->p999 < limit && m->mean < limit && m->sd < limit,
           "%s: no value near 2^32 or beyond", m->id);
    CHECKF(m->min <= m->p50 && m->p50 <= m->p99 && m->p99 <= m->max, "%s: min <= p50 <= p99 <= max",
           m->id);
}

/* The families beyond latency_measure on POSIX: what it has is measured, what
 * it lacks is n/a with the reason; as root the composite is computed from the
 * six Rhealstone figures of the same run, and deadlock break proves that the
 * mutexes have priority inheritance. */
static void check_families(const struct run *run, int fallback)
{
    static const char *const measured[] = {"rhealstone.interrupt_latency", "osek.isr1.latency",
                                           "osek.isr1.exit", "osek.isr2.latency", "osek.isr2.exit"};
    static const char *const measured_rt[] = {
        "rhealstone.task_switch",     "rhealstone.task_switch.50",
        "rhealstone.preemption",      "rhealstone.semaphore_shuffle",
        "rhealstone.deadlock_break",  "rhealstone.message_latency",
        "osek.task.activate.preempt", "osek.task.activate.nopreempt",
        "osek.task.terminate",        "timer.deviation"};
    static const char *const absent[] = {"timer.deviation.interference", "osek.task.from_isr2",
                                         "osek.task.terminate.from_isr"};
    for (size_t i = 0; i < sizeof measured / sizeof measured[0]; i++) {
        const struct metric *m = run_find_metric(run, measured[i]);
        CHECKF(m && m->state == MS_OK, "%s has a figure", measured[i]);
    }
    for (size_t i = 0; !fallback && i < sizeof measured_rt / sizeof measured_rt[0]; i++) {
        const struct metric *m = run_find_metric(run, measured_rt[i]);
        CHECKF(m && m->state == MS_OK, "%s has a figure", measured_rt[i]);
    }
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
        const struct metric *m = run_find_metric(run, absent[i]);
        CHECKF(m && m->state == MS_NA && m->reason && *m->reason, "%s is n/a with a reason",
               absent[i]);
    }
    const struct metric *c = run_find_metric(run, "rhealstone.composite");
    if (fallback) {
        CHECKF(c && c->state == MS_NA, "without strict scheduling the composite is n/a");
        return;
    }
    CHECKF(c && c->state == MS_OK && c->unit && strcmp(c->unit, "rhealstones/s") == 0 &&
               c->higher_better && c->n == 1,
           "the composite: one value in rhealstones/s, higher is better");
    /* Kar and Porter's figure: 1 / (mean of the six, in seconds) */
    static const char *const six[] = {
        "rhealstone.task_switch",       "rhealstone.preemption",     "rhealstone.interrupt_latency",
        "rhealstone.semaphore_shuffle", "rhealstone.deadlock_break", "rhealstone.message_latency"};
    double sum_ns = 0;
    for (size_t i = 0; i < 6; i++) {
        const struct metric *m = run_find_metric(run, six[i]);
        sum_ns += m && m->state == MS_OK ? m->mean_ns : 1e30;
    }
    double want = 6e9 / sum_ns;
    CHECKF(c && c->state == MS_OK && c->mean > 0.99 * want && c->mean < 1.01 * want,
           "composite %.0f = 6 / (sum of the six means in s) = %.0f", c ? c->mean : -1.0, want);
}

static void check_default(const struct run *run, int fallback)
{
    size_t ids = 0, latency = 0;
    for (size_t i = 0; i < TEST_CATALOG_LEN; i++)
        if (is_default_id(test_catalog[i].id)) {
            ids++;
            latency += is_latency_id(test_catalog[i].id);
            CHECKF(run_find_metric(run, test_catalog[i].id) != NULL, "%s has a record",
                   test_catalog[i].id);
        }
    CHECKF(run->n_m == ids && latency == 47,
           "%zu R/N/F records (%zu), 47 of them latency_measure ids (%zu)", ids, run->n_m, latency);
    for (size_t i = 0; i < run->n_m; i++)
        CHECKF(is_default_id(run->m[i].id) && catalog_entry(run->m[i].id),
               "%s is a default id of the catalog", run->m[i].id);
    check_tm(run, fallback);
    check_families(run, fallback);
    const struct metric *blk = run_find_metric(run, "semaphore.take.blocking.k_to_k");
    const struct metric *imm = run_find_metric(run, "semaphore.take.immediate.kernel");
    int both = blk && imm && blk->state == MS_OK && imm->state == MS_OK;
    if (!fallback)
        CHECKF(both, "figures for the blocking and the immediate semaphore take");
    if (both)
        CHECKF(blk->mean > imm->mean, "blocking take (%.1f) costs more than immediate (%.1f)",
               blk->mean, imm->mean);
    /* What POSIX lacks is n/a, what it has is measured. */
    static const char *const measured[] = {
        "semaphore.give.immediate.kernel", "semaphore.take.immediate.kernel",
        "mutex.lock.immediate.recursive.kernel", "heap.malloc.immediate",
        "isr.resume.interrupted.thread.kernel"};
    static const char *const absent[] = {"events.post.immediate.kernel",
                                         "fifo.put.immediate.kernel", "stack.push.immediate.kernel",
                                         "thread.yield.cooperative.ctx.k_to_k"};
    for (size_t i = 0; i < sizeof measured / sizeof measured[0]; i++) {
        const struct metric *m = run_find_metric(run, measured[i]);
        CHECKF(m && m->state == MS_OK, "%s has a figure", measured[i]);
    }
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
        const struct metric *m = run_find_metric(run, absent[i]);
        CHECKF(m && m->state == MS_NA, "%s is n/a", absent[i]);
    }
    /* a thread suspends itself (RTB_CAP_SUSPEND_SELF): measured under strict
     * scheduling; the suspend and the resume each include a switch */
    const struct metric *sus = run_find_metric(run, "thread.suspend.kernel.from.kernel"),
                        *res = run_find_metric(run, "thread.resume.kernel.from.kernel"),
                        *give = run_find_metric(run, "semaphore.give.immediate.kernel");
    if (!fallback)
        CHECKF(sus && res && give && sus->state == MS_OK && res->state == MS_OK &&
                   give->state == MS_OK && sus->mean > give->mean && res->mean > give->mean,
               "self-suspend and resume measured, each above an immediate give (%.1f, %.1f > %.1f)",
               sus && sus->state == MS_OK ? sus->mean : -1.0,
               res && res->state == MS_OK ? res->mean : -1.0,
               give && give->state == MS_OK ? give->mean : -1.0);
}

static void check_filter(const struct run *run, const char *prefix, const char *n)
{
    size_t want = 0;
    for (size_t i = 0; i < TEST_CATALOG_LEN; i++)
        if (strncmp(test_catalog[i].id, prefix, strlen(prefix)) == 0) {
            want++;
            CHECKF(run_find_metric(run, test_catalog[i].id) != NULL, "filter %s ran %s", prefix,
                   test_catalog[i].id);
        }
    CHECKF(run->n_m == want, "filter %s ran %zu benchmarks, the catalog has %zu", prefix, run->n_m,
           want);
    const char *iters = run_hdr(run, "iters");
    CHECKF(iters && strcmp(iters, n) == 0, "header iters=%s, want %s", iters ? iters : "-", n);
    for (size_t i = 0; i < run->n_m; i++)
        if (run->m[i].state == MS_OK && !metric_is_value(&run->m[i]))
            CHECKF(run->m[i].n == strtoull(n, NULL, 10), "%s n=%llu, want %s", run->m[i].id,
                   (unsigned long long)run->m[i].n, n);
}

static void check_run(const struct run *run, int fallback)
{
    for (size_t i = 0; i < sizeof header_keys / sizeof header_keys[0]; i++)
        CHECKF(run_hdr(run, header_keys[i]) != NULL, "header has %s", header_keys[i]);
    const char *v = run_hdr(run, "port");
    CHECKF(v && strcmp(v, "posix") == 0, "header port=posix");
    v = run_hdr(run, "hz");
    CHECKF(v && strtoull(v, NULL, 10) > 0, "header hz > 0");
    v = run_hdr(run, "bits");
    CHECKF(v && strcmp(v, "64") == 0, "header bits=64");
    v = run_hdr(run, "unit");
    CHECKF(v && (strcmp(v, "cycles") == 0 || strcmp(v, "ns") == 0), "header unit cycles or ns");
    v = run_hdr(run, "end_status");
    CHECKF(v && strcmp(v, "0") == 0, "E status=0 (%s)", v ? v : "-");
    v = run_hdr(run, "sched");
    CHECKF(v && strstr(v, fallback ? "SCHED_OTHER" : "SCHED_FIFO"), "header sched says %s (%s)",
           fallback ? "SCHED_OTHER" : "SCHED_FIFO", v ? v : "-");
    for (size_t i = 0; i < run->n_m; i++) {
        const struct metric *m = &run->m[i];
        CHECKF(m->state != MS_FAILED, "%s did not fail", m->id);
        if (m->state == MS_NA)
            CHECKF(m->reason && m->reason[0], "%s: n/a with a reason", m->id);
        if (m->state != MS_OK)
            continue;
        check_values(m);
        const struct test_catalog_entry *e = catalog_entry(m->id);
        if (fallback && e && test_catalog_needs_rt(e))
            CHECKF(m->flags & MF_NOSCHED, "%s is flagged nosched", m->id);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int fallback = strstr(mode, "fallback") != NULL;
    int filter = strncmp(mode, "filter", 6) == 0;
    if (!(argc == 2 && (!strcmp(mode, "default") || !strcmp(mode, "fallback"))) &&
        !(argc == 4 && filter)) {
        fprintf(stderr, "usage: check_records default|fallback\n"
                        "       check_records filter|filter-fallback PREFIX N   < output\n");
        return 2;
    }
    struct record_parser p;
    char line[8192];
    record_parser_init(&p);
    while (fgets(line, sizeof line, stdin))
        record_parser_feed(&p, line, strlen(line));
    record_parser_finish(&p);
    for (size_t i = 0; i < p.issues.n; i++)
        CHECKF(0, "line %lu: %s", p.issues.v[i].line, p.issues.v[i].msg);
    CHECKF(p.issues.total == 0, "every record line has a valid frame and CRC");
    CHECKF(p.n_runs == 1, "exactly one run (H ... E): %zu", p.n_runs);
    if (p.n_runs == 1) {
        const struct run *run = p.runs[0];
        CHECKF(run->status == RUN_COMPLETE, "run complete, E and H counts match the records (%s)",
               run->status_detail ? run->status_detail : "ok");
        check_run(run, fallback);
        if (filter)
            check_filter(run, argv[2], argv[3]);
        else
            check_default(run, fallback);
    }
    record_parser_free(&p);
    return check_summary(NULL);
}
