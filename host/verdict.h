/*
 * rtbench host - the verdicts of `rtbench check` (the regression gate),
 * computed into a report that a writer then prints (out/writer.h).
 *
 * Per metric (of the baseline in its order, then those only the candidate
 * has): the median where both runs have percentiles, else the mean, in the
 * runs' common unit or in ns; change = (candidate - baseline) / baseline.
 * Above +threshold % a regression, below -threshold % faster, else ok.
 * Figures flagged on either side are reported apart and not judged;
 * metrics missing on one side, n/a, or failed in the candidate are listed.
 *
 * Several runs a side (check --baseline RUN --baseline RUN ..., or
 * --baseline-where): a side's figure is the median of its runs' figures;
 * the first run of each side says which metrics there are and whether one
 * is compared; a run without a figure of a compared metric is left out of
 * its side, a candidate run where it FAILED fails it, and a flag on any run
 * flags it.
 */
#ifndef RTBH_VERDICT_H
#define RTBH_VERDICT_H

#include <stddef.h>

#include "figure.h"
#include "run.h"

enum verdict {
    VERDICT_OK,         /* judged: within the threshold */
    VERDICT_REGRESSION, /* judged: more than the threshold slower */
    VERDICT_FASTER,     /* judged: more than the threshold faster */
    VERDICT_FLAGGED,    /* a figure is flagged on either side: shown, not judged */
    VERDICT_MISSING,    /* absent on one side */
    VERDICT_FAILED,     /* worked in the baseline, FAILED in the candidate */
    VERDICT_NA          /* n/a (or failed) on a side, or no figure to compare */
};

/* The test of noise of a judged row (signif.c), when both runs have the
 * metric's samples (run --samples). */
struct check_signif {
    int tested;            /* both sides had samples */
    size_t n_base, n_cand; /* samples of each side */
    double diff, lo, hi;   /* candidate median - baseline median and its bootstrap CI */
    double u, p;           /* Mann-Whitney U of the candidate, two-sided p */
    double p_holm;         /* p adjusted across the tested rows (Holm) */
    int significant;       /* p_holm < alpha */
    int noise;             /* beyond the threshold but not significant: judged ok */
};

struct check_row {
    const char *metric; /* the metric id (points into a run) */
    enum verdict verdict;
    const char *stat;           /* "p50" or "mean" (judged and flagged rows) */
    double baseline, candidate; /* the figures (judged and flagged rows) */
    double change;              /* percent; +inf for a baseline of 0 */
    unsigned baseline_flags;    /* artifact flags of each side (flagged rows) */
    unsigned candidate_flags;
    const char *missing_in;     /* "baseline" or "candidate" (missing rows) */
    const char *baseline_state; /* "ok", "n/a", "FAILED", "absent" (n/a rows) */
    const char *candidate_state;
    const char *reason;            /* the candidate's n/a or failure reason, or why no
                                      figure could be had ("no clock for ns"); may be NULL */
    const char *unit;              /* a value metric's own unit (NULL: the report's unit) */
    int higher_better;             /* a value metric whose larger figures are better: a
                                      decrease beyond the threshold is the regression */
    double *base_figs, *cand_figs; /* judged and flagged rows: each side's runs'
                                      figures, ascending (baseline, candidate: their medians) */
    size_t n_base_figs, n_cand_figs;
    int pooled; /* check_pool: the figures are the pooled quantile of the sides' samples */
    char *note; /* check_pool: why this row kept its figures (allocated), or NULL */
    struct check_signif sig;
};

struct check_report {
    const struct run *baseline, *candidate;                /* the first run of each side */
    const struct run *const *base_runs, *const *cand_runs; /* every run of each side */
    size_t n_base_runs, n_cand_runs;
    const struct run *pair[2]; /* check_compute's sides (base_runs, cand_runs point here) */
    double threshold;          /* percent */
    const char *unit;          /* the unit of the figures: "ns" or the runs' own */
    struct check_row *rows;    /* in metric order */
    size_t n_rows;
    size_t compared, regressions, faster, flagged, missing, na, failed;
    int pass;                /* no regression and no failure */
    size_t tested;           /* rows tested for noise (signif.c); 0: the verdict was not */
    double alpha;            /* the significance level of that test */
    int by_runs;             /* its unit was the run (several runs a side), not the sample */
    double min_p;            /* by_runs: the smallest p-value the runs allow */
    unsigned pool_per_mille; /* check_pool's quantile (per mille), 0: not pooled */
    char pool_stat[24];      /* its name as rows give it: "pooled p10" */
    size_t pooled;           /* rows judged on it */
};

/* The verdict words as the writers print them ("ok", "REGRESSION", ...)
 * and as JSON names them ("ok", "regression", ...). */
const char *verdict_word(enum verdict v);
const char *verdict_name(enum verdict v);

/* A metric is checked when SELECT is NULL or SELECT(ctx, id) says 1. */
typedef int (*check_select_fn)(const void *ctx, const char *id);

/* Computes the report for BASE and CAND (flags already applied). 0, or -1
 * with a one-line message: units that differ without a clock on both
 * sides. With no row (nothing selected) n_rows is 0. */
int check_compute(const struct run *base, const struct run *cand, double threshold,
                  check_select_fn select, const void *ctx, struct check_report *out, char *err,
                  size_t errlen);
/* The same with NB runs BASE a side against NC runs CAND (NB, NC >= 1;
 * both arrays must outlive OUT). */
int check_compute_sides(const struct run *const *base, size_t nb, const struct run *const *cand,
                        size_t nc, double threshold, check_select_fn select, const void *ctx,
                        struct check_report *out, char *err, size_t errlen);
/* check --pooled: every judged or flagged row whose metric has its samples
 * in every run of both sides (that has a figure of it) takes as each side's
 * figure the nearest-rank PER_MILLE/1000 quantile (samples_rank) of the
 * union of its runs' samples, in the report's unit, stat "pooled pQ", and
 * is judged again against the threshold; a row with a run without them
 * keeps its figures with a note naming that run. The verdict is then the
 * threshold alone: signif_apply leaves pooled rows untested. */
void check_pool(struct check_report *rep, unsigned per_mille);
void check_report_free(struct check_report *r);

#endif /* RTBH_VERDICT_H */
