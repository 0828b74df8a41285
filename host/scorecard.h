/*
 * rtbench host - the scorecard of a comparison (`rtbench compare --summary`):
 * per family (an id's first dot-separated part) and overall, each run's
 * geometric mean of its ratios to a baseline run, the geometric standard
 * deviation of those ratios as the spread, and the count of metrics covered
 * (the way Embench publishes its speed scores).
 *
 * Direction: a ratio is run / baseline, inverted (baseline / run) for a metric
 * where higher is better, so that a ratio < 1 always means cheaper (better)
 * than the baseline. Left out of a score and counted: a metric n/a or absent
 * in either run, a figure <= 0 or in another unit than the baseline's (n/a),
 * and a figure flagged as an artifact (MF_ARTIFACTS) in either run (flagged).
 * A run whose figures are in another unit than the baseline's (insns against
 * cycles) gets no score: the writers say it cannot be compared.
 */
#ifndef RTBH_SCORECARD_H
#define RTBH_SCORECARD_H

#include <stddef.h>

#include "out/writer.h"

/* One run's score over one family (or overall). */
struct score {
    size_t covered, na, flagged; /* metrics in the score; left out as n/a, as flagged */
    double gmean, gsd;           /* defined when covered > 0; gsd 1 when covered == 1 */
};

struct scorecard {
    const struct comparison *t;
    size_t baseline;      /* index of the baseline in t->runs */
    size_t n_fam;         /* families, in the order of the rows */
    char **families;      /* n_fam names (owned) */
    struct score *scores; /* (n_fam + 1) * t->n_runs: family f of run j at
                           * [f * n_runs + j]; f == n_fam: overall */
    const char **unit;    /* per run: the unit of its figures (figure_unit_name) */
};

/* The scorecard of T against run BASELINE (an index into t->runs). */
void scorecard_build(struct scorecard *s, const struct comparison *t, size_t baseline);
void scorecard_free(struct scorecard *s);

/* Whether run J is in the baseline's unit (it has a score). */
int scorecard_comparable(const struct scorecard *s, size_t j);
/* The score of run J over family F (F == s->n_fam: overall). */
const struct score *scorecard_score(const struct scorecard *s, size_t f, size_t j);
/* The name of family F ("overall" for F == s->n_fam). */
const char *scorecard_family(const struct scorecard *s, size_t f);

/* The sentence every format prints with a scorecard. */
#define SCORECARD_DIRECTION                                                                        \
    "geometric mean of the ratios to the baseline (inverted where higher is better): "             \
    "< 1 is cheaper (better) than the baseline; spread: geometric standard deviation"

#endif /* RTBH_SCORECARD_H */
