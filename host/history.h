/*
 * rtbench host - a metric's history over a series of runs (`rtbench
 * history`, the report's history section): one value per run, in run
 * order, and where the series changes (its change points).
 *
 * Change points (docs/cli.md#history):
 * - a deterministic run (clock=emulated-icount: QEMU -icount counts
 *   instructions, a rerun of one build gives the same figure) and its
 *   predecessor: any change of the value is one;
 * - otherwise (POSIX, silicon) a two-window test on medians: the noise
 *   of the series is sd = 1.4826 * median |v[i] - v[i-1]| / sqrt(2) (the
 *   median absolute first difference, robust to the steps it looks for);
 *   at run i, L = the up to HISTORY_WINDOW values before it, R = i and the
 *   up to HISTORY_WINDOW - 1 after it, each at least HISTORY_MIN_SIDE; the
 *   shift d = median(R) - median(L) is a change when |d| > HISTORY_K * sd
 *   and |d| > HISTORY_MIN_REL of median(L); in each stretch of adjacent
 *   runs that pass, the change point is the split of the values around it
 *   (HISTORY_WINDOW either side) into two segments of the least sum of
 *   absolute deviations from their medians.
 */
#ifndef RTBH_HISTORY_H
#define RTBH_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#define HISTORY_WINDOW 5
#define HISTORY_MIN_SIDE 3
#define HISTORY_K 4.0
#define HISTORY_MIN_REL 0.01

/* One run of the series. */
struct history_run {
    int64_t id;
    char *rev;         /* meta_revision(): commit, kernel revision, label or "-" */
    char *created;     /* ISO-8601 */
    int deterministic; /* its clock counts instructions (QEMU -icount) */
};

/* One metric over the runs. */
struct history_series {
    char *metric;
    char *unit;        /* the figure's unit (the run's, or a value metric's own) */
    const char *stat;  /* "p50" or "mean" (the first run's that has it) */
    int higher_better; /* larger is better */
    double *value;     /* n_runs */
    unsigned char *ok; /* n_runs: 1 where the run has a figure */
    unsigned char *cp; /* n_runs: 1 at a change point (set by history_detect) */
    double *score;     /* the noise test's largest |d| / sd of a change point's stretch, else 0 */
};

struct history {
    struct history_run *runs;
    size_t n_runs;
    struct history_series *s;
    size_t n_series;
};

/* The change points of every series of H (cp[], score[]). */
void history_detect(struct history *h);

/* How the change points of S are found, in words: "any change (QEMU
 * -icount: exact counts)" when every run with a figure is deterministic,
 * else "two-window median test (noisy clock)". */
const char *history_method(const struct history *h, const struct history_series *s);

/* The relative change of series S at run I from the previous run with a
 * figure: 1 with *pct (100 * (v - prev) / prev), 0 when there is none. */
int history_change(const struct history_series *s, size_t i, double *pct);

/* The history of the N loaded RUNS in their order (the report's series):
 * a series per metric id of METRICS (N_METRICS), its figure p50 where the
 * run has percentiles, else the mean, as db_load_history reads it. */
struct run;
void history_from_runs(struct history *h, struct run *const *runs, size_t n,
                       const char *const *metrics, size_t n_metrics);

/* Adds a series for METRIC (n_runs values, all absent) and returns it. */
struct history_series *history_add_series(struct history *h, const char *metric);
void history_free(struct history *h);

#endif /* RTBH_HISTORY_H */
