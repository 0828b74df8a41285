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

/* A metric measured on both sides: judged against the threshold, or
 * flagged, or n/a when a figure cannot be had in the unit. */
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
    double vb = row->baseline, vc = row->candidate;
    row->change = vb > 0 ? (vc - vb) / vb * 100.0 : (vc > 0 ? INFINITY : 0.0);
    row->unit = metric_is_value(c) ? c->unit : NULL;
    row->higher_better = c->higher_better || b->higher_better;
    /* the change in the direction that is worse: up for a latency, down for a score */
    double worse = row->higher_better ? -row->change : row->change;
    row->baseline_flags = b->flags & MF_ARTIFACTS;
    row->candidate_flags = c->flags & MF_ARTIFACTS;
    if (row->baseline_flags | row->candidate_flags)
        row->verdict = VERDICT_FLAGGED;
    else if (worse > rep->threshold)
        row->verdict = VERDICT_REGRESSION;
    else if (worse < -rep->threshold)
        row->verdict = VERDICT_FASTER;
    else
        row->verdict = VERDICT_OK;
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

/* The unit both runs' figures are compared in: their own when they agree,
 * else ns through each run's clock. -1 when neither is possible. */
static int common_unit(const struct run *b, const struct run *c, enum figure_unit *unit)
{
    *unit = UNIT_NATIVE;
    if (b->unit && c->unit && strcmp(b->unit, c->unit) == 0)
        return 0;
    if (b->ns_per_unit > 0 && c->ns_per_unit > 0) {
        *unit = UNIT_NS;
        return 0;
    }
    return -1;
}

int check_compute(const struct run *base, const struct run *cand, double threshold,
                  check_select_fn select, const void *ctx, struct check_report *out, char *err,
                  size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->baseline = base;
    out->candidate = cand;
    out->threshold = threshold;
    enum figure_unit unit;
    if (common_unit(base, cand, &unit) != 0)
        return errf(err, errlen, "the runs count different units (%s vs %s) and one has no clock",
                    base->unit ? base->unit : "?", cand->unit ? cand->unit : "?");
    out->unit = unit == UNIT_NS ? "ns" : base->unit;
    out->rows = xcalloc(base->n_m + cand->n_m + 1, sizeof *out->rows);
    for (int side = 0; side < 2; side++) {
        const struct run *r = side ? cand : base;
        for (size_t k = 0; k < r->n_m; k++) {
            const char *id = r->m[k].id;
            const struct metric *b = run_find_metric(base, id), *c = run_find_metric(cand, id);
            if ((select && !select(ctx, id)) || (side == 1 && b))
                continue; /* not selected, or already seen from the baseline */
            struct check_row *row = &out->rows[out->n_rows++];
            row->metric = id;
            if (b && c && b->state == MS_OK && c->state == MS_OK)
                judge(row, out, unit, b, c);
            else
                not_compared(row, b, c);
            count(out, row->verdict);
        }
    }
    out->pass = !out->regressions && !out->failed;
    return 0;
}

void check_report_free(struct check_report *r)
{
    free(r->rows);
    memset(r, 0, sizeof *r);
}
