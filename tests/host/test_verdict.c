/*
 * Tests of check's verdicts (host/verdict.c) on runs built here: the
 * threshold both ways, the median vs the mean, flagged figures reported
 * apart, missing, failed and n/a metrics, the order of the rows, units
 * (common, ns through the clocks, none), a baseline of 0, and selection.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "artifact.h"
#include "util.h"
#include "verdict.h"

#include "check.h"

/* An empty run in UNIT (NS ns per unit; 0: no clock). */
static void make_run(struct run *r, const char *unit, double ns)
{
    memset(r, 0, sizeof *r);
    r->unit = xstrdup(unit);
    r->ns_per_unit = ns;
}

/* A measured metric whose every statistic is V (the mean V + 0.5 when it
 * has percentiles, so that the median and the mean differ). */
static struct metric *add(struct run *r, const char *id, double v, int pct, unsigned flags)
{
    struct metric *m = run_add_metric(r, id);
    m->state = MS_OK;
    m->has_pct = pct;
    m->n = 1000;
    m->mean = pct ? v + 0.5 : v;
    m->min = m->p50 = m->p90 = m->p99 = m->p999 = m->max = (uint64_t)v;
    m->flags = flags;
    return m;
}

static const struct check_row *row_of(const struct check_report *c, const char *id)
{
    for (size_t i = 0; i < c->n_rows; i++)
        if (strcmp(c->rows[i].metric, id) == 0)
            return &c->rows[i];
    return NULL;
}

static void test_verdicts(void)
{
    struct run b, c;
    make_run(&b, "cycles", 1);
    make_run(&c, "cycles", 1);
    add(&b, "a.slower", 100, 1, 0);
    add(&c, "a.slower", 120, 1, 0);
    add(&b, "a.same", 100, 1, 0);
    add(&c, "a.same", 105, 1, 0);
    add(&b, "a.faster", 500, 1, 0);
    add(&c, "a.faster", 400, 1, 0);
    add(&b, "a.flagged", 200, 1, 0);
    add(&c, "a.flagged", 900, 1, MF_NOSCHED | MF_MEAN_ONLY);
    add(&b, "a.gone", 1, 1, 0);
    add(&b, "a.failed", 10, 1, 0);
    struct metric *f = run_add_metric(&c, "a.failed");
    f->state = MS_FAILED;
    f->reason = xstrdup("timeout");
    struct metric *na = run_add_metric(&b, "a.na");
    na->state = MS_NA;
    na->reason = xstrdup("no such object");
    na = run_add_metric(&c, "a.na");
    na->state = MS_NA;
    na->reason = xstrdup("no such object");
    add(&c, "a.new", 5, 1, 0);

    struct check_report r;
    char err[256];
    CHECK(check_compute(&b, &c, 10.0, NULL, NULL, &r, err, sizeof err) == 0);
    CHECK_EQ(r.n_rows, 8);
    /* the baseline's order, then what only the candidate has */
    CHECK(r.n_rows == 8 && strcmp(r.rows[0].metric, "a.slower") == 0 &&
          strcmp(r.rows[7].metric, "a.new") == 0);
    const struct check_row *x = row_of(&r, "a.slower");
    CHECK(x && x->verdict == VERDICT_REGRESSION && strcmp(x->stat, "p50") == 0);
    CHECK(x && x->baseline == 100 && x->candidate == 120 && fabs(x->change - 20.0) < 1e-9);
    CHECK((x = row_of(&r, "a.same")) && x->verdict == VERDICT_OK);
    CHECK((x = row_of(&r, "a.faster")) && x->verdict == VERDICT_FASTER);
    x = row_of(&r, "a.flagged");
    CHECK(x && x->verdict == VERDICT_FLAGGED && x->candidate_flags == MF_NOSCHED &&
          x->baseline_flags == 0); /* mean-only is no artifact */
    CHECK((x = row_of(&r, "a.gone")) && x->verdict == VERDICT_MISSING &&
          strcmp(x->missing_in, "candidate") == 0);
    CHECK((x = row_of(&r, "a.new")) && x->verdict == VERDICT_MISSING &&
          strcmp(x->missing_in, "baseline") == 0);
    CHECK((x = row_of(&r, "a.failed")) && x->verdict == VERDICT_FAILED &&
          strcmp(x->reason, "timeout") == 0);
    x = row_of(&r, "a.na");
    CHECK(x && x->verdict == VERDICT_NA && strcmp(x->baseline_state, "n/a") == 0 &&
          strcmp(x->candidate_state, "n/a") == 0 && strcmp(x->reason, "no such object") == 0);
    CHECK_EQ(r.compared, 3);
    CHECK_EQ(r.regressions, 1);
    CHECK_EQ(r.faster, 1);
    CHECK_EQ(r.flagged, 1);
    CHECK_EQ(r.missing, 2);
    CHECK_EQ(r.failed, 1);
    CHECK_EQ(r.na, 1);
    CHECK(!r.pass);
    CHECK(strcmp(r.unit, "cycles") == 0);
    check_report_free(&r);

    /* a wider threshold passes, except for the failure */
    CHECK(check_compute(&b, &c, 25.0, NULL, NULL, &r, err, sizeof err) == 0);
    CHECK(r.regressions == 0 && r.failed == 1 && !r.pass);
    check_report_free(&r);
    run_free(&b);
    run_free(&c);
}

static int only_a(const void *ctx, const char *id)
{
    return strncmp(id, (const char *)ctx, strlen((const char *)ctx)) == 0;
}

static void test_mean_units_select(void)
{
    struct run b, c;
    make_run(&b, "cycles", 4.0);
    make_run(&c, "insns", 2.0);
    add(&b, "x.one", 100, 1, 0); /* p50 100, mean 100.5: 402 ns */
    add(&c, "x.one", 200, 0, 0); /* mean only: 400 ns */
    add(&b, "y.zero", 0, 0, 0);  /* a baseline of 0 */
    add(&c, "y.zero", 3, 0, 0);
    struct check_report r;
    char err[256];
    CHECK(check_compute(&b, &c, 10.0, NULL, NULL, &r, err, sizeof err) == 0);
    CHECK(strcmp(r.unit, "ns") == 0);
    const struct check_row *x = row_of(&r, "x.one");
    /* the mean where one side has no percentiles, in ns through each clock */
    CHECK(x && strcmp(x->stat, "mean") == 0 && fabs(x->baseline - 402.0) < 1e-9 &&
          fabs(x->candidate - 400.0) < 1e-9 && x->verdict == VERDICT_OK);
    x = row_of(&r, "y.zero");
    CHECK(x && isinf(x->change) && x->verdict == VERDICT_REGRESSION);
    check_report_free(&r);

    CHECK(check_compute(&b, &c, 10.0, only_a, "x.", &r, err, sizeof err) == 0);
    CHECK(r.n_rows == 1 && strcmp(r.rows[0].metric, "x.one") == 0);
    check_report_free(&r);
    CHECK(check_compute(&b, &c, 10.0, only_a, "nothing.", &r, err, sizeof err) == 0);
    CHECK_EQ(r.n_rows, 0);
    check_report_free(&r);

    /* different units without a clock on one side: an error */
    c.ns_per_unit = 0;
    CHECK(check_compute(&b, &c, 10.0, NULL, NULL, &r, err, sizeof err) == -1);
    CHECK(strcmp(err, "the runs count different units (cycles vs insns) and one has no clock") ==
          0);
    check_report_free(&r);
    run_free(&b);
    run_free(&c);
}

int main(void)
{
    test_verdicts();
    test_mean_units_select();
    return check_summary("test_verdict");
}
