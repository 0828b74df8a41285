/*
 * Tests of check's test of noise (host/signif.c) against published values:
 * - the example of scipy.stats.mannwhitneyu's documentation (scipy 1.10,
 *   males 19 22 16 29 24 vs females 20 11 17 12): U = 17, asymptotic
 *   two-sided p = 0.11134688653314041;
 * - the example of R's wilcox.test documentation (Hollander & Wolfe 1973,
 *   p. 69: x = 0.80 ... 1.46, y = 1.15 ... 1.21): W = 35; the normal
 *   approximation (z = (35 - 25 - 0.5) / sqrt(50 * 16 / 12)) gives the
 *   two-sided p 0.24462360512698333 (scipy 1.10, method='asymptotic');
 * - with ties (1 2 2 3 3 3 4 vs 2 3 4 4 5 5, computed by hand and by scipy
 *   1.10): U = 8.5, p = 0.07826242947714618;
 * - the exact test of the first two (every split of the ranks counted;
 *   scipy 1.10 method='exact': males/females p = 0.1111111111111111; R's
 *   wilcox.test example prints W = 35, one-sided p-value = 0.1272, so the
 *   two-sided p is 0.2544122544122544 = 2 * 764 / 6006) and its fallbacks
 *   (ties: the normal approximation above);
 * then Holm's adjustment (Holm 1979, computed by hand), the bootstrap's
 * determinism and coverage, and the verdicts of signif_apply(): over
 * samples with one run a side, over the runs' figures with several.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "signif.h"
#include "util.h"
#include "verdict.h"

#include "check.h"

static int near(double a, double b, double tol)
{
    return fabs(a - b) <= tol;
}

static void test_mwu(void)
{
    static const double males[] = {16, 19, 22, 24, 29}, females[] = {11, 12, 17, 20};
    static const double x[] = {0.73, 0.80, 0.83, 1.04, 1.38, 1.45, 1.46, 1.64, 1.89, 1.91};
    static const double y[] = {0.74, 0.88, 0.90, 1.15, 1.21};
    static const double a[] = {1, 2, 2, 3, 3, 3, 4}, b[] = {2, 3, 4, 4, 5, 5};
    static const double same[] = {5, 5, 5};
    double u, p;

    p = signif_mwu(males, 5, females, 4, &u);
    CHECK(u == 17);
    CHECK(near(p, 0.11134688653314041, 1e-12));
    p = signif_mwu(x, 10, y, 5, &u);
    CHECK(u == 35);
    CHECK(near(p, 0.24462360512698333, 1e-12));
    p = signif_mwu(y, 5, x, 10, &u); /* the other side: U = 50 - 35, the same p */
    CHECK(u == 15);
    CHECK(near(p, 0.24462360512698333, 1e-12));
    p = signif_mwu(a, 7, b, 6, &u);
    CHECK(u == 8.5);
    CHECK(near(p, 0.07826242947714618, 1e-12));
    p = signif_mwu(same, 3, same, 3, &u); /* every value tied: no evidence */
    CHECK(p == 1);
}

static void test_exact(void)
{
    static const double males[] = {16, 19, 22, 24, 29}, females[] = {11, 12, 17, 20};
    static const double x[] = {0.73, 0.80, 0.83, 1.04, 1.38, 1.45, 1.46, 1.64, 1.89, 1.91};
    static const double y[] = {0.74, 0.88, 0.90, 1.15, 1.21};
    static const double a[] = {1, 2, 2, 3, 3, 3, 4}, b[] = {2, 3, 4, 4, 5, 5};
    static const double lo[] = {1, 2, 3, 4, 5}, hi[] = {6, 7, 8, 9, 10};
    double u, p;

    p = signif_mwu_exact(males, 5, females, 4, &u);
    CHECK(u == 17);
    CHECK(near(p, 0.1111111111111111, 1e-12));
    p = signif_mwu_exact(x, 10, y, 5, &u);
    CHECK(u == 35);
    CHECK(near(p, 0.2544122544122544, 1e-12));
    p = signif_mwu_exact(a, 7, b, 6, &u); /* ties: the normal approximation */
    CHECK(u == 8.5);
    CHECK(near(p, 0.07826242947714618, 1e-12));
    p = signif_mwu_exact(lo, 5, hi, 5, &u); /* apart: the smallest p of 5 and 5 */
    CHECK(u == 0);
    CHECK(near(p, 2.0 / 252, 1e-15));
    CHECK(near(signif_min_p(5, 5), 2.0 / 252, 1e-15));
    CHECK(near(signif_min_p(6, 6), 2.0 / 924, 1e-15));
    CHECK(signif_min_p(1, 1) == 1);
}

static void test_holm(void)
{
    static const double p[] = {0.01, 0.04, 0.03, 0.005};
    double adj[4];
    /* ascending: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 -> 0.06 */
    signif_holm(p, 4, adj);
    CHECK(near(adj[0], 0.03, 1e-12));
    CHECK(near(adj[1], 0.06, 1e-12));
    CHECK(near(adj[2], 0.06, 1e-12));
    CHECK(near(adj[3], 0.02, 1e-12));
}

static void test_bootstrap(void)
{
    double a[201], b[201], lo, hi, lo2, hi2;
    for (int i = 0; i < 201; i++) {
        a[i] = 1000 + i;
        b[i] = 1100 + i; /* shifted by 100 */
    }
    signif_median_ci(a, 201, b, 201, 2000, 0.99, 42, &lo, &hi);
    CHECK(lo <= 100 && hi >= 100 && lo > 50 && hi < 150);
    signif_median_ci(a, 201, b, 201, 2000, 0.99, 42, &lo2, &hi2);
    CHECK(lo == lo2 && hi == hi2); /* a fixed seed: the same interval */
    signif_median_ci(a, 201, a, 201, 2000, 0.99, 7, &lo, &hi);
    CHECK(lo < 0 && hi > 0);
}

/* A metric of R with N samples V[i] = base + i * step. */
static void add(struct run *r, const char *id, uint64_t base, uint64_t step, size_t n)
{
    struct metric *m = run_add_metric(r, id);
    m->state = MS_OK;
    m->has_pct = 1;
    m->n = n;
    m->samples = xcalloc(1, sizeof *m->samples);
    m->samples->v = xcalloc(n, sizeof *m->samples->v);
    for (size_t i = 0; i < n; i++)
        m->samples->v[i] = base + i * step;
    m->samples->n = m->samples->want = n;
    m->samples->closed = 1;
    m->min = base;
    m->max = base + (n - 1) * step;
    m->p50 = m->p90 = m->p99 = m->p999 = m->samples->v[(n + 1) / 2 - 1];
    m->mean = (double)m->p50;
}

static void test_apply(void)
{
    struct run b, c;
    struct check_report rep;
    char err[128];
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    b.unit = xstrdup("cycles");
    c.unit = xstrdup("cycles");
    /* wide and shifted 15 % by its median, 5 samples a side: not significant */
    add(&b, "noisy", 100, 100, 5);
    add(&c, "noisy", 145, 100, 5);
    /* 1000 samples, 20 % slower: a regression */
    add(&b, "slow", 1000, 1, 1000);
    add(&c, "slow", 1300, 1, 1000);
    /* the same: ok and not significant */
    add(&b, "same", 1000, 1, 1000);
    add(&c, "same", 1000, 1, 1000);
    CHECK(check_compute(&b, &c, 10, NULL, NULL, &rep, err, sizeof err) == 0);
    CHECK(rep.regressions == 2);
    signif_apply(&rep, 0.01);
    CHECK(rep.tested == 3 && rep.regressions == 1 && !rep.pass);
    CHECK(rep.rows[0].verdict == VERDICT_OK && rep.rows[0].sig.noise);
    CHECK(rep.rows[0].sig.p_holm >= rep.rows[0].sig.p);
    CHECK(rep.rows[1].verdict == VERDICT_REGRESSION && rep.rows[1].sig.significant);
    CHECK(rep.rows[1].sig.lo <= 300 && rep.rows[1].sig.hi >= 300);
    CHECK(rep.rows[2].verdict == VERDICT_OK && !rep.rows[2].sig.significant);
    check_report_free(&rep);
    /* without samples on one side: not tested, the verdicts as before */
    free(c.m[1].samples->v);
    free(c.m[1].samples);
    c.m[1].samples = NULL;
    CHECK(check_compute(&b, &c, 10, NULL, NULL, &rep, err, sizeof err) == 0);
    signif_apply(&rep, 0.01);
    CHECK(rep.tested == 2 && !rep.rows[1].sig.tested);
    CHECK(rep.rows[1].verdict == VERDICT_REGRESSION);
    check_report_free(&rep);
    run_free(&b);
    run_free(&c);
}

/* Metric ID of run R with the figure V (no samples). */
static void add_figure(struct run *r, const char *id, uint64_t v)
{
    struct metric *m = run_add_metric(r, id);
    m->state = MS_OK;
    m->has_pct = 1;
    m->n = 100;
    m->min = m->p50 = m->p90 = m->p99 = m->p999 = m->max = v;
    m->mean = (double)v;
}

/* N runs a side: "slow" 20 % slower in every candidate run, "drift" whose
 * runs spread from -30 % to +30 % alike on both sides and 15 % slower by
 * the median, "same" equal: one significant regression. */
static void test_runs(size_t n, int significant)
{
    struct run *r = xcalloc(2 * n, sizeof *r);
    const struct run **p = xcalloc(2 * n, sizeof *p);
    struct check_report rep;
    char err[128];
    for (size_t i = 0; i < 2 * n; i++) {
        int cand = i >= n;
        uint64_t k = i % n;
        r[i].unit = xstrdup("cycles");
        r[i].id = (int64_t)i + 1;
        add_figure(&r[i], "slow", (cand ? 1200 : 1000) + k);
        add_figure(&r[i], "drift", (700 + 600 * k / (n - 1)) * (cand ? 115 : 100) / 100);
        add_figure(&r[i], "same", 1000);
        p[i] = &r[i];
    }
    CHECK(check_compute_sides(p, n, p + n, n, 10, NULL, NULL, &rep, err, sizeof err) == 0);
    CHECK(rep.regressions == 2);
    CHECK(near(rep.rows[0].baseline, 1000 + (double)(n - 1) / 2, 1e-9)); /* the side's median */
    CHECK(rep.rows[0].n_base_figs == n && rep.rows[0].n_cand_figs == n);
    signif_apply(&rep, 0.01);
    CHECK(rep.by_runs && rep.tested == 3);
    CHECK(rep.rows[0].sig.n_base == n && rep.rows[0].sig.significant == significant);
    CHECK(rep.rows[0].verdict == (significant ? VERDICT_REGRESSION : VERDICT_OK));
    CHECK(rep.rows[1].verdict == VERDICT_OK && rep.rows[1].sig.noise);
    CHECK(rep.rows[2].verdict == VERDICT_OK && rep.rows[2].sig.p == 1);
    CHECK(rep.regressions == (size_t)significant && rep.pass == !significant);
    check_report_free(&rep);
    for (size_t i = 0; i < 2 * n; i++)
        run_free(&r[i]);
    free(r);
    free(p);
}

int main(void)
{
    test_mwu();
    test_exact();
    test_runs(8, 1); /* p 2 / C(16, 8), Holm x 3: 4.7e-4 */
    test_runs(5, 0); /* p 2 / 252, Holm x 3: 0.024, never below 0.01 */
    test_holm();
    test_bootstrap();
    test_apply();
    return check_summary("test_signif");
}
