/*
 * rtbench host - a metric's history and its change points (history.h).
 */
#include "history.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "run.h"
#include "util.h"

/* 1.4826 * MAD estimates the standard deviation of normal data. */
#define MAD_TO_SD 1.4826

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median of V[0..n-1] (n >= 1), sorting TMP (n doubles). */
static double median(const double *v, size_t n, double *tmp)
{
    memcpy(tmp, v, n * sizeof *v);
    qsort(tmp, n, sizeof *tmp, cmp_double);
    return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

/* The noise of the M values V as a standard deviation, from their first
 * differences |v[i] - v[i-1]| (a step between two runs moves one of them
 * only): the largest of 1.4826 * their median / sqrt(2) (robust to
 * outliers), their mean * sqrt(pi) / 2 (what it is for normal noise; not 0
 * for a figure that flips between two levels, whose median difference is
 * 0), and half the smallest non-zero difference (the figures' resolution,
 * a counter's tick: a shift of 2 ticks is never told from noise). TMP: 2 *
 * M doubles. */
static double noise_sd(const double *v, size_t m, double *tmp)
{
    double sum = 0, tick = 0;
    if (m < 2)
        return 0;
    for (size_t i = 1; i < m; i++) {
        double d = fabs(v[i] - v[i - 1]);
        tmp[i - 1] = d;
        sum += d;
        if (d > 0 && (tick == 0 || d < tick))
            tick = d;
    }
    double sd = MAD_TO_SD * median(tmp, m - 1, tmp + m) / sqrt(2.0);
    double by_mean = sum / (double)(m - 1) * sqrt(M_PI) / 2.0;
    if (by_mean > sd)
        sd = by_mean;
    return tick / 2 > sd ? tick / 2 : sd;
}

/* The two-window test at I of the M values V of noise SD: the score |d| /
 * SD (HUGE_VAL when SD is 0), or 0 when the shift is not a change. */
static double window_score(const double *v, size_t m, size_t i, double sd, double *tmp)
{
    size_t lo = i >= HISTORY_WINDOW ? i - HISTORY_WINDOW : 0;
    size_t hi = i + HISTORY_WINDOW <= m ? i + HISTORY_WINDOW : m;
    size_t nl = i - lo, nr = hi - i;
    if (nl < HISTORY_MIN_SIDE || nr < HISTORY_MIN_SIDE)
        return 0;
    double ml = median(v + lo, nl, tmp), d = fabs(median(v + i, nr, tmp) - ml);
    if (!(d > HISTORY_MIN_REL * fabs(ml)) || !(d > HISTORY_K * sd))
        return 0;
    return sd > 0 ? d / sd : HUGE_VAL;
}

/* Sum of |v - median| over V[0..n-1] (n >= 1): the L1 cost of one segment. */
static double seg_cost(const double *v, size_t n, double *tmp)
{
    double med = median(v, n, tmp), c = 0;
    for (size_t i = 0; i < n; i++)
        c += fabs(v[i] - med);
    return c;
}

/* Where in FIRST..LAST (adjacent runs that all pass the test) the step is:
 * the split of the values around them (HISTORY_WINDOW either side) into
 * two segments of the least L1 cost. */
static size_t locate(const double *v, size_t m, size_t first, size_t last, double *tmp)
{
    size_t lo = first >= HISTORY_WINDOW ? first - HISTORY_WINDOW : 0;
    size_t hi = last + HISTORY_WINDOW <= m ? last + HISTORY_WINDOW : m, best = first;
    double best_cost = HUGE_VAL;
    for (size_t i = first; i <= last; i++) {
        double c = seg_cost(v + lo, i - lo, tmp) + seg_cost(v + i, hi - i, tmp);
        if (c < best_cost) {
            best_cost = c;
            best = i;
        }
    }
    return best;
}

/* The noisy test over the M values V of series S (AT: each one's run): a
 * change point in each stretch of adjacent runs that pass it, where
 * locate() puts the step. TMP: 2 * M doubles. */
static void detect_noisy(struct history_series *s, const size_t *at, const double *v, size_t m,
                         double *tmp)
{
    double sd = noise_sd(v, m, tmp);
    for (size_t i = 0; i < m; i++) {
        double sc = window_score(v, m, i, sd, tmp), best_sc = sc;
        if (sc == 0)
            continue;
        size_t first = i;
        while (i + 1 < m && (sc = window_score(v, m, i + 1, sd, tmp)) > 0) {
            best_sc = sc > best_sc ? sc : best_sc;
            i++;
        }
        size_t at_step = locate(v, m, first, i, tmp);
        s->cp[at[at_step]] = 1;
        s->score[at[at_step]] = best_sc;
    }
}

void history_detect(struct history *h)
{
    size_t n = h->n_runs;
    size_t *at = xcalloc(n ? n : 1, sizeof *at);
    double *v = xcalloc(n ? n : 1, sizeof *v), *tmp = xcalloc(2 * n + 2, sizeof *tmp);
    for (size_t k = 0; k < h->n_series; k++) {
        struct history_series *s = &h->s[k];
        size_t m = 0;
        int all_exact = 1;
        memset(s->cp, 0, n);
        for (size_t i = 0; i < n; i++) {
            s->score[i] = 0;
            if (!s->ok[i])
                continue;
            all_exact &= h->runs[i].deterministic;
            at[m] = i;
            v[m++] = s->value[i];
        }
        if (!all_exact) {
            detect_noisy(s, at, v, m, tmp);
            continue;
        }
        for (size_t j = 1; j < m; j++)
            s->cp[at[j]] = v[j] != v[j - 1];
    }
    free(at);
    free(v);
    free(tmp);
}

const char *history_method(const struct history *h, const struct history_series *s)
{
    for (size_t i = 0; i < h->n_runs; i++)
        if (s->ok[i] && !h->runs[i].deterministic)
            return "two-window median test (noisy clock)";
    return "any change (QEMU -icount: exact counts)";
}

int history_change(const struct history_series *s, size_t i, double *pct)
{
    if (!s->ok[i])
        return 0;
    for (size_t j = i; j-- > 0;) {
        if (!s->ok[j])
            continue;
        if (s->value[j] == 0)
            return 0;
        *pct = 100.0 * (s->value[i] - s->value[j]) / s->value[j];
        return 1;
    }
    return 0;
}

void history_from_runs(struct history *h, struct run *const *runs, size_t n,
                       const char *const *metrics, size_t n_metrics)
{
    memset(h, 0, sizeof *h);
    h->runs = xcalloc(n ? n : 1, sizeof *h->runs);
    h->n_runs = n;
    for (size_t j = 0; j < n; j++) {
        const struct run *r = runs[j];
        const char *clock = run_hdr(r, "clock");
        char rev[META_VALUE_MAX + 8];
        meta_revision(run_meta(r, META_COMMIT), run_meta(r, META_KERNEL_REV),
                      run_meta(r, META_KERNEL_DIRTY), r->label, rev, sizeof rev);
        h->runs[j] =
            (struct history_run){r->id, xstrdup(rev), xstrdup(r->created ? r->created : ""),
                                 clock && strcmp(clock, "emulated-icount") == 0};
    }
    for (size_t k = 0; k < n_metrics; k++) {
        struct history_series *s = history_add_series(h, metrics[k]);
        for (size_t j = 0; j < n; j++) {
            const struct metric *m = run_find_metric(runs[j], metrics[k]);
            if (!m || m->state != MS_OK)
                continue;
            s->value[j] = m->has_pct ? (double)m->p50 : m->mean;
            s->ok[j] = 1;
            if (s->unit)
                continue;
            s->unit = xstrdup(metric_is_value(m) ? m->unit
                              : runs[j]->unit    ? runs[j]->unit
                                                 : "cycles");
            s->stat = m->has_pct ? "p50" : "mean";
            s->higher_better = m->higher_better;
        }
    }
}

struct history_series *history_add_series(struct history *h, const char *metric)
{
    size_t n = h->n_runs ? h->n_runs : 1;
    h->s = xgrow(h->s, h->n_series, sizeof *h->s);
    struct history_series *s = &h->s[h->n_series++];
    memset(s, 0, sizeof *s);
    s->metric = xstrdup(metric);
    s->value = xcalloc(n, sizeof *s->value);
    s->ok = xcalloc(n, 1);
    s->cp = xcalloc(n, 1);
    s->score = xcalloc(n, sizeof *s->score);
    return s;
}

void history_free(struct history *h)
{
    for (size_t i = 0; i < h->n_runs; i++) {
        free(h->runs[i].rev);
        free(h->runs[i].created);
    }
    free(h->runs);
    for (size_t k = 0; k < h->n_series; k++) {
        struct history_series *s = &h->s[k];
        free(s->metric);
        free(s->unit);
        free(s->value);
        free(s->ok);
        free(s->cp);
        free(s->score);
    }
    free(h->s);
    memset(h, 0, sizeof *h);
}
