/*
 * rtbench host - the verdicts of `rtbench check` (verdict.h).
 */
#include "verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "util.h"

static const struct {
    const char *word, *name;
} verdicts[] = {
    [VERDICT_OK] = {"ok", "ok"},
    [VERDICT_REGRESSION] = {"REGRESSION", "regression"},
    [VERDICT_FASTER] = {"faster", "faster"},
    [VERDICT_FLAGGED] = {"flagged", "flagged"},
    [VERDICT_MISSING] = {"missing", "missing"},
    [VERDICT_FAILED] = {"FAILED", "failed"},
    [VERDICT_NA] = {"n/a", "na"},
};

const char *verdict_word(enum verdict v)
{
    return verdicts[v].word;
}

const char *verdict_name(enum verdict v)
{
    return verdicts[v].name;
}

static const char *state_word(const struct metric *m)
{
    if (!m)
        return "absent";
    if (m->state == MS_NA)
        return "n/a";
    if (m->state == MS_FAILED)
        return "FAILED";
    return "ok";
}

/* A metric that is not measured on both sides: missing, failed or n/a. */
static void not_compared(struct check_row *row, const struct metric *b, const struct metric *c)
{
    if (!b || !c) {
        row->verdict = VERDICT_MISSING;
        row->missing_in = b ? "candidate" : "baseline";
    } else if (b->state == MS_OK && c->state == MS_FAILED) {
        row->verdict = VERDICT_FAILED;
        row->reason = c->reason ? c->reason : "failed";
    } else {
        row->verdict = VERDICT_NA;
        row->baseline_state = state_word(b);
        row->candidate_state = state_word(c);
        row->reason = c->reason;
    }
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The figures (ST, UNIT) of metric ID in the N runs R that have one, into
 * *V (ascending, allocated), their artifact flags ORed into *FLAGS: how
 * many. */
static size_t side_figures(const struct run *const *r, size_t n, const char *id,
                           enum figure_stat st, enum figure_unit unit, double **v, unsigned *flags)
{
    size_t k = 0;
    *v = xcalloc(n, sizeof **v);
    for (size_t i = 0; i < n; i++) {
        const struct metric *m = run_find_metric(r[i], id);
        const char *used, *why;
        if (!m || m->state != MS_OK || !figure_value(r[i], m, st, unit, &(*v)[k], &used, &why))
            continue;
        /* `inflated` says the mean is pulled up by a few long windows: a
         * median is not, so a figure taken at p50 is not set apart for it */
        *flags |= m->flags & (st == STAT_P50 ? MF_ARTIFACTS & ~MF_INFLATED : MF_ARTIFACTS);
        k++;
    }
    qsort(*v, k, sizeof **v, cmp_double);
    return k;
}

static double median_of(const double *v, size_t n)
{
    return (v[(n - 1) / 2] + v[n / 2]) / 2;
}

/* A metric measured on both sides: judged against the threshold, or
 * flagged, or n/a when a figure cannot be had in the unit (B and C: the
 * first runs' metrics; the figures: the medians of the sides' runs). */
static void judge(struct check_row *row, const struct check_report *rep, enum figure_unit unit,
                  const struct metric *b, const struct metric *c)
{
    enum figure_stat st = (b->has_pct && c->has_pct) ? STAT_P50 : STAT_MEAN;
    const char *sc, *why;
    if (!figure_value(rep->baseline, b, st, unit, &row->baseline, &row->stat, &why) ||
        !figure_value(rep->candidate, c, st, unit, &row->candidate, &sc, &why)) {
        row->verdict = VERDICT_NA;
        row->stat = NULL;
        row->reason = why;
        return;
    }
    row->n_base_figs = side_figures(rep->base_runs, rep->n_base_runs, row->metric, st, unit,
                                    &row->base_figs, &row->baseline_flags);
    row->n_cand_figs = side_figures(rep->cand_runs, rep->n_cand_runs, row->metric, st, unit,
                                    &row->cand_figs, &row->candidate_flags);
    double vb = row->baseline = median_of(row->base_figs, row->n_base_figs);
    double vc = row->candidate = median_of(row->cand_figs, row->n_cand_figs);
    row->change = vb > 0 ? (vc - vb) / vb * 100.0 : (vc > 0 ? INFINITY : 0.0);
    row->unit = metric_is_value(c) ? c->unit : NULL;
    row->higher_better = c->higher_better || b->higher_better;
    /* the change in the direction that is worse: up for a latency, down for a score */
    double worse = row->higher_better ? -row->change : row->change;
    if (row->baseline_flags | row->candidate_flags)
        row->verdict = VERDICT_FLAGGED;
    else if (worse > rep->threshold)
        row->verdict = VERDICT_REGRESSION;
    else if (worse < -rep->threshold)
        row->verdict = VERDICT_FASTER;
    else
        row->verdict = VERDICT_OK;
}

/* A compared row whose metric FAILED in a later candidate run fails. */
static void later_failure(struct check_row *row, const struct check_report *rep)
{
    for (size_t i = 1; i < rep->n_cand_runs; i++) {
        const struct metric *m = run_find_metric(rep->cand_runs[i], row->metric);
        if (m && m->state == MS_FAILED) {
            row->verdict = VERDICT_FAILED;
            row->reason = m->reason ? m->reason : "failed";
            return;
        }
    }
}

static void count(struct check_report *rep, enum verdict v)
{
    size_t *n[] = {
        [VERDICT_OK] = &rep->compared,     [VERDICT_REGRESSION] = &rep->regressions,
        [VERDICT_FASTER] = &rep->faster,   [VERDICT_FLAGGED] = &rep->flagged,
        [VERDICT_MISSING] = &rep->missing, [VERDICT_FAILED] = &rep->failed,
        [VERDICT_NA] = &rep->na,
    };
    (*n[v])++;
    if (v == VERDICT_REGRESSION || v == VERDICT_FASTER)
        rep->compared++;
}

/* The unit every run's figures are compared in: their own when they all
 * agree, else ns through each run's clock. -1 when neither is possible,
 * with the two runs that disagree in *X, *Y. */
static int common_unit(const struct check_report *rep, enum figure_unit *unit, const struct run **x,
                       const struct run **y)
{
    const struct run *b = rep->baseline;
    int same = 1, clocks = 1;
    *x = b;
    *y = rep->candidate;
    for (size_t i = 0; i < rep->n_base_runs + rep->n_cand_runs; i++) {
        const struct run *r =
            i < rep->n_base_runs ? rep->base_runs[i] : rep->cand_runs[i - rep->n_base_runs];
        if (!(b->unit && r->unit && strcmp(b->unit, r->unit) == 0)) {
            same = 0;
            *y = r;
        }
        clocks &= r->ns_per_unit > 0;
    }
    *unit = same ? UNIT_NATIVE : UNIT_NS;
    return same || clocks ? 0 : -1;
}

/* The row of metric ID (the first runs' B and C). */
static void check_row_of(struct check_report *out, enum figure_unit unit, const char *id,
                         const struct metric *b, const struct metric *c)
{
    struct check_row *row = &out->rows[out->n_rows++];
    row->metric = id;
    if (b && c && b->state == MS_OK && c->state == MS_OK) {
        judge(row, out, unit, b, c);
        if (row->stat)
            later_failure(row, out);
    } else {
        not_compared(row, b, c);
    }
    count(out, row->verdict);
}

int check_compute_sides(const struct run *const *base_runs, size_t nb,
                        const struct run *const *cand_runs, size_t nc, double threshold,
                        check_select_fn select, const void *ctx, struct check_report *out,
                        char *err, size_t errlen)
{
    const struct run *base = base_runs[0], *cand = cand_runs[0], *x, *y;
    memset(out, 0, sizeof *out);
    out->baseline = base;
    out->candidate = cand;
    out->base_runs = base_runs;
    out->cand_runs = cand_runs;
    out->n_base_runs = nb;
    out->n_cand_runs = nc;
    out->threshold = threshold;
    enum figure_unit unit;
    if (common_unit(out, &unit, &x, &y) != 0)
        return errf(err, errlen, "the runs count different units (%s vs %s) and one has no clock",
                    x->unit ? x->unit : "?", y->unit ? y->unit : "?");
    out->unit = unit == UNIT_NS ? "ns" : base->unit;
    out->rows = xcalloc(base->n_m + cand->n_m + 1, sizeof *out->rows);
    for (int side = 0; side < 2; side++) {
        const struct run *r = side ? cand : base;
        for (size_t k = 0; k < r->n_m; k++) {
            const char *id = r->m[k].id;
            const struct metric *b = run_find_metric(base, id), *c = run_find_metric(cand, id);
            if ((select && !select(ctx, id)) || (side == 1 && b))
                continue; /* not selected, or already seen from the baseline */
            check_row_of(out, unit, id, b, c);
        }
    }
    out->pass = !out->regressions && !out->failed;
    return 0;
}

int check_compute(const struct run *base, const struct run *cand, double threshold,
                  check_select_fn select, const void *ctx, struct check_report *out, char *err,
                  size_t errlen)
{
    const struct run *pair[2] = {base, cand};
    int rc = check_compute_sides(pair, 1, pair + 1, 1, threshold, select, ctx, out, err, errlen);
    out->pair[0] = base;
    out->pair[1] = cand;
    out->base_runs = out->pair;
    out->cand_runs = out->pair + 1;
    return rc;
}

void check_report_free(struct check_report *r)
{
    for (size_t i = 0; i < r->n_rows; i++) {
        free(r->rows[i].base_figs);
        free(r->rows[i].cand_figs);
    }
    free(r->rows);
    memset(r, 0, sizeof *r);
}
