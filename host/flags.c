/*
 * rtbench host - artifact flags (see flags.h; the rules are written down in
 * docs/cli.md, section "Flags").
 */
#include "flags.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const struct {
    unsigned bit;
    const char *name;
    char marker;
} flag_names_table[] = {
    {MF_UNDERFLOW, "underflow", '!'}, {MF_OUTLIER, "outlier", '*'},
    {MF_NOSCHED, "nosched", '~'},     {MF_CLAMPED, "clamped", '<'},
    {MF_SATURATED, "saturated", '>'}, {MF_MEAN_ONLY, "mean-only", 0},
};

const char *flag_name(unsigned bit)
{
    for (size_t i = 0; i < sizeof flag_names_table / sizeof flag_names_table[0]; i++)
        if (flag_names_table[i].bit == bit)
            return flag_names_table[i].name;
    return NULL;
}

char flag_marker(unsigned bit)
{
    for (size_t i = 0; i < sizeof flag_names_table / sizeof flag_names_table[0]; i++)
        if (flag_names_table[i].bit == bit)
            return flag_names_table[i].marker;
    return 0;
}

void flag_names(unsigned flags, const char *sep, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (unsigned bit = 1; bit; bit <<= 1) {
        if (!(flags & bit))
            continue;
        const char *name = flag_name(bit);
        int n = snprintf(buf + used, len > used ? len - used : 0, "%s%s", used ? sep : "",
                         name ? name : "?");
        if (n > 0)
            used += (size_t)n;
        if (used >= len)
            return;
    }
}

double flags_metric_value(const struct metric *m)
{
    return m->has_pct ? (double)m->p50 : m->mean;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return (n % 2) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int flags_sibling_key(const char *id, char *buf, size_t len)
{
    char tmp[256];
    if (!id || strlen(id) >= sizeof tmp)
        return 0;
    strcpy(tmp, id);
    char *comp[32];
    size_t nc = 0;
    for (char *save = NULL, *t = strtok_r(tmp, ".", &save); t && nc < 32;
         t = strtok_r(NULL, ".", &save))
        comp[nc++] = t;
    /* calib.* are known answers of deliberately different sizes; every id of
     * the Rhealstone, OSEK and timer families is a mechanism of its own (an
     * interrupt entry, a switch, a timer wake-up): none has siblings */
    static const char *const alone[] = {"calib", "rhealstone", "osek", "timer"};
    for (size_t i = 0; nc >= 2 && i < sizeof alone / sizeof alone[0]; i++)
        if (strcmp(comp[0], alone[i]) == 0)
            return 0;
    if (nc < 2)
        return 0;
    const char *obj = comp[0];
    int queue = strcmp(obj, "fifo") == 0 || strcmp(obj, "lifo") == 0 || strcmp(obj, "stack") == 0;
    int alloc = 0, ctx = 0, imm = 0;
    for (size_t i = 1; i < nc; i++) {
        if (queue && (strcmp(comp[i], "alloc") == 0 || strcmp(comp[i], "free") == 0))
            alloc = 1;
        if (strcmp(comp[i], "blocking") == 0 || strncmp(comp[i], "wake", 4) == 0 ||
            strcmp(comp[i], "ctx") == 0)
            ctx = 1;
        if (strcmp(comp[i], "immediate") == 0)
            imm = 1;
    }
    if (queue)
        obj = "queue";
    else if (strcmp(obj, "thread") == 0)
        obj = strcmp(comp[1], "yield") == 0 ? "thread.yield" : "thread.lifecycle";
    snprintf(buf, len, "%s|%s%s", obj, alloc ? "alloc-" : "", ctx ? "ctx" : imm ? "imm" : "");
    return 1;
}

/* v within 1/64 of 2^W / d (W = 32 or 64): the mark of a wrapped counter. */
static int near_wrap(double v, double d)
{
    if (d < 1)
        d = 1;
    for (int w = 32; w <= 64; w += 32) {
        double q = ldexp(1.0, w) / d;
        if (d == 1) {
            if (v >= q * (1 - 1.0 / 64) && v <= q)
                return 1;
        } else if (fabs(v - q) <= q / 64) {
            return 1;
        }
    }
    return 0;
}

static double run_iters(const struct run *r)
{
    const char *it = run_hdr(r, "iters");
    uint64_t n;
    if (it && parse_u64(it, &n) == 0 && n > 0)
        return (double)n;
    if (r->origin && strcmp(r->origin, "zephyr") == 0)
        return FLAGS_ZEPHYR_DEFAULT_ITERS;
    return 0;
}

static int underflow(const struct run *r, const struct metric *m)
{
    if (m->has_pct) {
        /* single samples */
        if (near_wrap((double)m->max, 1) || near_wrap((double)m->p50, 1) ||
            near_wrap((double)m->min, 1))
            return 1;
        if (m->n > 1 && near_wrap(m->mean, (double)m->n))
            return 1;
    } else {
        double n = m->n > 0 ? (double)m->n : run_iters(r);
        if (near_wrap(m->mean, 1) || (n > 1 && near_wrap(m->mean, n)))
            return 1;
    }
    /* ns printed by the source vs the run's clock */
    if (m->mean_ns >= 0 && r->ns_per_unit > 0) {
        double expect = m->mean * r->ns_per_unit;
        double tol = 0.10 * fmax(expect, m->mean_ns);
        double floor_tol = 2 * r->ns_per_unit + 2;
        if (tol < floor_tol)
            tol = floor_tol;
        if (fabs(m->mean_ns - expect) > tol)
            return 1;
    }
    return 0;
}

void flags_apply_run(struct run *r)
{
    if (!r || r->n_m == 0)
        return;
    /* value metrics (counts, scores, rates) are no counter windows: neither
     * underflow nor the latency-sibling comparison applies to them */
    for (size_t i = 0; i < r->n_m; i++)
        if (r->m[i].state == MS_OK && !metric_is_value(&r->m[i]) && underflow(r, &r->m[i]))
            r->m[i].flags |= MF_UNDERFLOW;

    char(*keys)[96] = xcalloc(r->n_m, sizeof *keys);
    int *has = xcalloc(r->n_m, sizeof *has);
    double *sib = xmalloc(r->n_m * sizeof *sib);
    for (size_t i = 0; i < r->n_m; i++)
        has[i] = r->m[i].state == MS_OK && !metric_is_value(&r->m[i]) &&
                 flags_sibling_key(r->m[i].id, keys[i], sizeof keys[i]);
    for (size_t i = 0; i < r->n_m; i++) {
        if (!has[i])
            continue;
        size_t k = 0;
        for (size_t j = 0; j < r->n_m; j++)
            if (j != i && has[j] && !(r->m[j].flags & MF_UNDERFLOW) &&
                strcmp(keys[i], keys[j]) == 0)
                sib[k++] = flags_metric_value(&r->m[j]);
        if (k == 0)
            continue;
        double med = median(sib, k);
        if (med > 0 && flags_metric_value(&r->m[i]) > FLAGS_OUTLIER_FACTOR * med)
            r->m[i].flags |= MF_OUTLIER;
    }
    free(sib);
    free(has);
    free(keys);
}

/* A figure usable for cross-run scaling: measured, positive, not suspect. */
static const struct metric *usable(const struct run *r, const char *id)
{
    const struct metric *m = run_find_metric(r, id);
    if (!m || m->state != MS_OK || metric_is_value(m) || (m->flags & (MF_UNDERFLOW | MF_OUTLIER)))
        return NULL;
    return flags_metric_value(m) > 0 ? m : NULL;
}

/* Scale of run r's group `key` relative to the reference run: the median of
 * value_r / value_ref over the group's metrics usable in both (the figure of
 * the reference itself is 1). 0 when fewer than 3 such metrics: the group
 * then gives no reliable yardstick. */
static double group_scale(const struct run *r, const struct run *ref, const char *key)
{
    char k[96];
    size_t n = 0;
    double *v = xmalloc((ref->n_m ? ref->n_m : 1) * sizeof *v);
    for (size_t j = 0; j < ref->n_m; j++) {
        const struct metric *a = usable(ref, ref->m[j].id);
        if (!a || !flags_sibling_key(a->id, k, sizeof k) || strcmp(k, key) != 0)
            continue;
        const struct metric *b = usable(r, a->id);
        if (b)
            v[n++] = flags_metric_value(b) / flags_metric_value(a);
    }
    double s = n >= 3 ? median(v, n) : 0;
    free(v);
    return s;
}

void flags_apply_compare(struct run **runs, size_t n)
{
    if (n < 2)
        return;
    double *others = xmalloc(n * sizeof *others);
    double *scale = xmalloc(n * sizeof *scale);
    char key[96];
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < runs[i]->n_m; j++) {
            struct metric *m = &runs[i]->m[j];
            if (m->state != MS_OK || metric_is_value(m) || (m->flags & MF_UNDERFLOW) ||
                !flags_sibling_key(m->id, key, sizeof key))
                continue;
            for (size_t o = 0; o < n; o++)
                scale[o] = group_scale(runs[o], runs[0], key);
            if (scale[i] <= 0)
                continue;
            double u = flags_metric_value(m) / scale[i];
            size_t k = 0;
            for (size_t o = 0; o < n; o++) {
                if (o == i || scale[o] <= 0)
                    continue;
                const struct metric *x = usable(runs[o], m->id);
                if (x)
                    others[k++] = flags_metric_value(x) / scale[o];
            }
            if (k == 0)
                continue;
            double med = median(others, k);
            if (med > 0 && u > FLAGS_OUTLIER_FACTOR * med)
                m->flags |= MF_OUTLIER;
        }
    }
    free(scale);
    free(others);
}
