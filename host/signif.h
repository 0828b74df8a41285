/*
 * rtbench host - `rtbench check`'s test of noise (docs/cli.md, "check":
 * significance): per metric with samples on both sides, the difference of
 * the medians with a bootstrap confidence interval and the two-sided
 * Mann-Whitney U test; p-values adjusted across the metrics by Holm's
 * method. A change beyond the threshold counts only when significant.
 */
#ifndef RTBH_SIGNIF_H
#define RTBH_SIGNIF_H

#include <stddef.h>
#include <stdint.h>

#include "verdict.h"

#define SIGNIF_ALPHA 0.01      /* default significance level */
#define SIGNIF_BOOTSTRAP 2000u /* bootstrap resamples */

/* Mann-Whitney U of A (NA values) against B (NB), both ascending: U of A
 * into *u, the two-sided p-value returned (normal approximation with the
 * tie correction and a continuity correction of 1/2, as R's wilcox.test
 * with exact=FALSE, correct=TRUE and scipy's mannwhitneyu asymptotic). */
double signif_mwu(const double *a, size_t na, const double *b, size_t nb, double *u);
/* The same with the exact p-value (the permutation distribution of U, as R's
 * wilcox.test with exact=TRUE and scipy's method="exact") when no value of
 * A is one of B's or repeated and na + nb <= SIGNIF_EXACT_MAX; else the
 * normal approximation above. */
#define SIGNIF_EXACT_MAX 50
double signif_mwu_exact(const double *a, size_t na, const double *b, size_t nb, double *u);
/* The smallest two-sided exact p-value of sizes NA and NB: 2 / C(na+nb, na). */
double signif_min_p(size_t na, size_t nb);
/* Holm's step-down adjustment of the N p-values P into ADJ. */
void signif_holm(const double *p, size_t n, double *adj);
/* The percentile bootstrap interval (LEVEL, e.g. 0.99) of median(B) -
 * median(A), both ascending, with REPS resamples from SEED (deterministic). */
void signif_median_ci(const double *a, size_t na, const double *b, size_t nb, unsigned reps,
                      double level, uint64_t seed, double *lo, double *hi);
/* The test of noise on REP's judged rows: with one run a side, those whose
 * metrics have samples on both sides (the unit: the sample); with several
 * runs on a side, those with at least 2 runs' figures on each (the unit:
 * the run, its figure; signif_mwu_exact, a bootstrap over the runs). A
 * REGRESSION or faster row that is not significant at ALPHA (after Holm)
 * becomes ok with sig.noise set, and the counts follow. */
void signif_apply(struct check_report *rep, double alpha);

#endif /* RTBH_SIGNIF_H */
