/*
 * rtbench host - check's test of noise (signif.h).
 *
 * The samples of one benchmark in one run are taken as independent draws
 * of one distribution, which successive samples on a real system are not
 * quite (caches, timer ticks and other load make neighbours alike): the
 * p-values are then too small, and the threshold stays the guard against a
 * change too small to matter. docs/cli.md says so.
 */
#include "signif.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

double signif_mwu(const double *a, size_t na, const double *b, size_t nb, double *u)
{
    double ra = 0, ties = 0; /* sum of A's ranks; sum of t^3 - t over tie groups */
    size_t i = 0, j = 0, n = na + nb, done = 0;
    while (i < na || j < nb) {
        double v = j >= nb || (i < na && a[i] <= b[j]) ? a[i] : b[j];
        size_t ta = 0, tb = 0;
        while (i < na && a[i] == v)
            i++, ta++;
        while (j < nb && b[j] == v)
            j++, tb++;
        double t = (double)(ta + tb), mid = (double)done + (t + 1) / 2;
        ra += (double)ta * mid;
        ties += t * t * t - t;
        done += ta + tb;
    }
    double fa = (double)na, fb = (double)nb, fn = (double)n;
    *u = ra - fa * (fa + 1) / 2;
    if (na == 0 || nb == 0)
        return 1;
    double mean = fa * fb / 2;
    double var = fa * fb / 12 * ((fn + 1) - ties / (fn * (fn - 1)));
    if (!(var > 0))
        return 1; /* every value equal: no evidence of a difference */
    double d = fabs(*u - mean) - 0.5;
    if (d <= 0)
        return 1;
    double p = erfc(d / sqrt(var) / sqrt(2.0));
    return p > 1 ? 1 : p;
}

/* 1 when no value is in the ascending A and B twice (within or across). */
static int no_ties(const double *a, size_t na, const double *b, size_t nb)
{
    size_t i = 0, j = 0;
    double last = 0;
    while (i < na || j < nb) {
        double v = j >= nb || (i < na && a[i] <= b[j]) ? a[i++] : b[j++];
        if (i + j > 1 && v == last)
            return 0;
        last = v;
    }
    return 1;
}

/* The exact two-sided p of U (an integer) for sizes NA, NB without ties:
 * the NA-subsets of the ranks 1..N counted by their sum (c[k][s], built
 * rank by rank), U = that sum - NA (NA + 1) / 2. */
static double exact_p(size_t na, size_t nb, double u)
{
    size_t n = na + nb, top = na * n, row = top + 1;
    double *c = xcalloc((na + 1) * row, sizeof *c), below = 0, above = 0, all = 0;
    c[0] = 1;
    for (size_t r = 1; r <= n; r++)
        for (size_t k = r < na ? r : na; k >= 1; k--)
            for (size_t sum = top; sum >= r; sum--)
                c[k * row + sum] += c[(k - 1) * row + sum - r];
    size_t base = na * (na + 1) / 2;
    for (size_t sum = base; sum <= top; sum++) {
        double ways = c[na * row + sum], v = (double)(sum - base);
        all += ways;
        below += v <= u ? ways : 0;
        above += v >= u ? ways : 0;
    }
    free(c);
    double p = 2 * (below < above ? below : above) / all;
    return p > 1 ? 1 : p;
}

double signif_mwu_exact(const double *a, size_t na, const double *b, size_t nb, double *u)
{
    double p = signif_mwu(a, na, b, nb, u);
    if (na == 0 || nb == 0 || na + nb > SIGNIF_EXACT_MAX || !no_ties(a, na, b, nb))
        return p;
    return exact_p(na, nb, *u);
}

double signif_min_p(size_t na, size_t nb)
{
    double ways = 1; /* C(na + nb, na) */
    for (size_t k = 1; k <= na; k++)
        ways = ways * (double)(nb + k) / (double)k;
    return ways > 2 ? 2 / ways : 1;
}

struct pidx {
    double p;
    size_t i;
};

static int cmp_pidx(const void *x, const void *y)
{
    const struct pidx *a = x, *b = y;
    return a->p < b->p ? -1 : a->p > b->p ? 1 : (a->i > b->i) - (a->i < b->i);
}

void signif_holm(const double *p, size_t n, double *adj)
{
    struct pidx *s = xcalloc(n ? n : 1, sizeof *s);
    for (size_t k = 0; k < n; k++)
        s[k] = (struct pidx){p[k], k};
    qsort(s, n, sizeof *s, cmp_pidx);
    double run = 0;
    for (size_t k = 0; k < n; k++) {
        double v = (double)(n - k) * s[k].p;
        if (v > 1)
            v = 1;
        if (v > run)
            run = v; /* adjusted p-values never decrease along the order */
        adj[s[k].i] = run;
    }
    free(s);
}

/* splitmix64: a small generator with a fixed seed (the output is the same
 * on every machine). */
static uint64_t next(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The median of a resample (with replacement) of the N ascending values V:
 * N draws counted per index, then the middle order statistic(s). */
static double resample_median(const double *v, size_t n, unsigned *count, uint64_t *rng)
{
    memset(count, 0, n * sizeof *count);
    for (size_t k = 0; k < n; k++)
        count[next(rng) % n]++;
    size_t lo_rank = (n - 1) / 2, hi_rank = n / 2, seen = 0;
    double lo = v[n - 1], hi = v[n - 1];
    int have_lo = 0;
    for (size_t k = 0; k < n; k++) {
        seen += count[k];
        if (!have_lo && seen > lo_rank) {
            lo = v[k];
            have_lo = 1;
        }
        if (seen > hi_rank) {
            hi = v[k];
            break;
        }
    }
    return (lo + hi) / 2;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

void signif_median_ci(const double *a, size_t na, const double *b, size_t nb, unsigned reps,
                      double level, uint64_t seed, double *lo, double *hi)
{
    double *d = xcalloc(reps ? reps : 1, sizeof *d);
    unsigned *count = xcalloc((na > nb ? na : nb) + 1, sizeof *count);
    uint64_t rng = seed;
    for (unsigned r = 0; r < reps; r++)
        d[r] = resample_median(b, nb, count, &rng) - resample_median(a, na, count, &rng);
    qsort(d, reps, sizeof *d, cmp_double);
    double tail = (1 - level) / 2 * (reps - 1);
    *lo = d[(size_t)floor(tail)];
    *hi = d[(size_t)ceil((reps - 1) - tail)];
    free(count);
    free(d);
}

/* The samples of M as doubles in the row's unit (FACTOR per unit), ascending. */
static double *as_figures(const struct metric *m, double factor)
{
    double *v = xcalloc(m->samples->n, sizeof *v);
    for (size_t k = 0; k < m->samples->n; k++)
        v[k] = (double)m->samples->v[k] * factor;
    return v;
}

static double median(const double *v, size_t n)
{
    return (v[(n - 1) / 2] + v[n / 2]) / 2;
}

/* FNV-1a of the id: each metric's bootstrap has its own fixed seed. */
static uint64_t seed_of(const char *id)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const unsigned char *c = (const unsigned char *)id; *c; c++)
        h = (h ^ *c) * 0x100000001b3ull;
    return h;
}

/* Row ROW's metrics B and C tested, if both have their samples. */
static int test_row(struct check_row *row, const struct metric *b, const struct metric *c,
                    double alpha)
{
    struct check_signif *s = &row->sig;
    if (!b || !c || !b->samples || !c->samples || !b->samples->n || !c->samples->n || !row->stat ||
        strcmp(row->stat, "p50") != 0 || !b->p50 || !c->p50)
        return 0;
    /* the row's figures are the p50s in the report's unit: the same scale */
    double *x = as_figures(b, row->baseline / (double)b->p50);
    double *y = as_figures(c, row->candidate / (double)c->p50);
    s->n_base = b->samples->n;
    s->n_cand = c->samples->n;
    s->diff = median(y, s->n_cand) - median(x, s->n_base);
    s->p = signif_mwu(y, s->n_cand, x, s->n_base, &s->u);
    signif_median_ci(x, s->n_base, y, s->n_cand, SIGNIF_BOOTSTRAP, 1 - alpha, seed_of(row->metric),
                     &s->lo, &s->hi);
    s->tested = 1;
    free(x);
    free(y);
    return 1;
}

/* Row ROW tested over the runs: each side's runs' figures, if 2 or more. */
static int test_row_runs(struct check_row *row, double alpha)
{
    struct check_signif *s = &row->sig;
    if (row->n_base_figs < 2 || row->n_cand_figs < 2)
        return 0;
    s->n_base = row->n_base_figs;
    s->n_cand = row->n_cand_figs;
    s->diff = row->candidate - row->baseline;
    s->p = signif_mwu_exact(row->cand_figs, s->n_cand, row->base_figs, s->n_base, &s->u);
    signif_median_ci(row->base_figs, s->n_base, row->cand_figs, s->n_cand, SIGNIF_BOOTSTRAP,
                     1 - alpha, seed_of(row->metric), &s->lo, &s->hi);
    s->tested = 1;
    return 1;
}

/* The tested rows AT (N, their p-values P) adjusted (Holm) and judged. */
static void judge_tested(struct check_report *rep, const size_t *at, const double *p, size_t n,
                         double alpha)
{
    double *adj = xcalloc(n + 1, sizeof *adj);
    signif_holm(p, n, adj);
    for (size_t k = 0; k < n; k++) {
        struct check_row *row = &rep->rows[at[k]];
        row->sig.p_holm = adj[k];
        row->sig.significant = adj[k] < alpha;
        if (row->sig.significant || row->verdict == VERDICT_OK)
            continue;
        if (row->verdict == VERDICT_REGRESSION)
            rep->regressions--;
        else
            rep->faster--;
        row->verdict = VERDICT_OK;
        row->sig.noise = 1;
    }
    free(adj);
}

void signif_apply(struct check_report *rep, double alpha)
{
    double *p = xcalloc(rep->n_rows + 1, sizeof *p);
    size_t *at = xcalloc(rep->n_rows + 1, sizeof *at), n = 0;
    rep->alpha = alpha;
    rep->by_runs = rep->n_base_runs > 1 || rep->n_cand_runs > 1;
    rep->min_p = signif_min_p(rep->n_base_runs, rep->n_cand_runs);
    for (size_t k = 0; k < rep->n_rows; k++) {
        struct check_row *row = &rep->rows[k];
        enum verdict v = row->verdict;
        if ((v != VERDICT_OK && v != VERDICT_REGRESSION && v != VERDICT_FASTER) || row->pooled)
            continue; /* a pooled quantile is judged by the threshold alone */
        if (rep->by_runs ? test_row_runs(row, alpha)
                         : test_row(row, run_find_metric(rep->baseline, row->metric),
                                    run_find_metric(rep->candidate, row->metric), alpha)) {
            p[n] = row->sig.p;
            at[n++] = k;
        }
    }
    judge_tested(rep, at, p, n, alpha);
    rep->tested = n;
    rep->pass = !rep->regressions && !rep->failed;
    free(p);
    free(at);
}
