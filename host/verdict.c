/*
 * rtbench host - the verdicts of `rtbench check` (verdict.h).
 */
#include "verdict.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "samples.h"
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

/* Row ROW's verdict from its flags, figures and THRESHOLD. */
static void decide(struct check_row *row, double threshold)
{
    double vb = row->baseline, vc = row->candidate;
    row->change = vb > 0 ? (vc - vb) / vb * 100.0 : (vc > 0 ? INFINITY : 0.0);
    /* the change in the direction that is worse: up for a latency, down for a score */
    double worse = row->higher_better ? -row->change : row->change;
    if (row->baseline_flags | row->candidate_flags)
        row->verdict = VERDICT_FLAGGED;
    else if (worse > threshold)
        row->verdict = VERDICT_REGRESSION;
    else if (worse < -threshold)
        row->verdict = VERDICT_FASTER;
    else
        row->verdict = VERDICT_OK;
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
    row->baseline = median_of(row->base_figs, row->n_base_figs);
    row->candidate = median_of(row->cand_figs, row->n_cand_figs);
    row->unit = metric_is_value(c) ? c->unit : NULL;
    row->higher_better = c->higher_better || b->higher_better;
    decide(row, rep->threshold);
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

/* The first of the N runs R with metric ID measured (ok) but without its
 * samples, or NULL; their samples' count added into *TOTAL. */
static const struct run *without_samples(const struct run *const *r, size_t n, const char *id,
                                         size_t *total)
{
    for (size_t i = 0; i < n; i++) {
        const struct metric *m = run_find_metric(r[i], id);
        if (!m || m->state != MS_OK)
            continue; /* left out of its side, as by side_figures */
        if (!m->samples || !m->samples->closed || !m->samples->n)
            return r[i];
        *total += m->samples->n;
    }
    return NULL;
}

/* The PER_MILLE quantile of the union of metric ID's samples in the N runs
 * R (each has them), each in UNIT ("ns" or the runs' own). */
static double pooled_quantile(const struct run *const *r, size_t n, const char *id,
                              const char *unit, size_t total, unsigned per_mille)
{
    double *v = xcalloc(total, sizeof *v), q;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const struct metric *m = run_find_metric(r[i], id);
        if (!m || m->state != MS_OK)
            continue;
        /* a value metric stays in its own unit; else ns through the run's clock */
        int native = metric_is_value(m) || (unit && r[i]->unit && strcmp(r[i]->unit, unit) == 0);
        double f = native ? 1.0 : r[i]->ns_per_unit;
        for (size_t j = 0; j < m->samples->n; j++)
            v[k++] = (double)m->samples->v[j] * f;
    }
    qsort(v, k, sizeof *v, cmp_double);
    q = v[samples_rank(k, per_mille)];
    free(v);
    return q;
}

/* Row ROW pooled, or its note said. */
static void pool_row(struct check_report *rep, struct check_row *row)
{
    size_t nb = 0, nc = 0;
    const struct run *r = without_samples(rep->base_runs, rep->n_base_runs, row->metric, &nb);
    if (!r)
        r = without_samples(rep->cand_runs, rep->n_cand_runs, row->metric, &nc);
    if (r || !nb || !nc) {
        char name[128];
        run_display_name(r ? r : rep->baseline, name, sizeof name);
        row->note = xasprintf("not pooled: %s has no samples of it (run --samples): judged on %s",
                              r ? name : "a side", row->stat);
        return;
    }
    row->baseline = pooled_quantile(rep->base_runs, rep->n_base_runs, row->metric, rep->unit, nb,
                                    rep->pool_per_mille);
    row->candidate = pooled_quantile(rep->cand_runs, rep->n_cand_runs, row->metric, rep->unit, nc,
                                     rep->pool_per_mille);
    row->stat = rep->pool_stat;
    row->pooled = 1;
    rep->pooled++;
    decide(row, rep->threshold);
}

void check_pool(struct check_report *rep, unsigned per_mille)
{
    rep->pool_per_mille = per_mille;
    snprintf(rep->pool_stat, sizeof rep->pool_stat, "pooled p%g", per_mille / 10.0);
    for (size_t i = 0; i < rep->n_rows; i++) {
        struct check_row *row = &rep->rows[i];
        enum verdict v = row->verdict;
        if (row->stat && (v == VERDICT_OK || v == VERDICT_REGRESSION || v == VERDICT_FASTER ||
                          v == VERDICT_FLAGGED))
            pool_row(rep, row);
    }
    rep->compared = rep->regressions = rep->faster = rep->flagged = 0;
    rep->missing = rep->na = rep->failed = 0;
    for (size_t i = 0; i < rep->n_rows; i++)
        count(rep, rep->rows[i].verdict);
    rep->pass = !rep->regressions && !rep->failed;
}

void check_report_free(struct check_report *r)
{
    for (size_t i = 0; i < r->n_rows; i++) {
        free(r->rows[i].base_figs);
        free(r->rows[i].cand_figs);
        free(r->rows[i].note);
    }
    free(r->rows);
    memset(r, 0, sizeof *r);
}
