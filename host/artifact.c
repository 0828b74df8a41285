/*
 * rtbench host - artifact flags (see artifact.h; the rules are written down in
 * docs/cli.md, section "Flags").
 */
#include "artifact.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idmap.h"
#include "util.h"

static const struct {
    unsigned bit;
    const char *name;
    char marker;
} flag_names_table[] = {
    {MF_UNDERFLOW, "underflow", '!'}, {MF_OUTLIER, "outlier", '*'},
    {MF_NOSCHED, "nosched", '~'},     {MF_CLAMPED, "clamped", '<'},
    {MF_SATURATED, "saturated", '>'}, {MF_MEAN_ONLY, "mean-only", 0},
    {MF_CONSTANT, "constant", '='},   {MF_UNRESOLVED, "unresolved", '?'},
    {MF_INFLATED, "inflated", '^'},
};

const char *artifact_name(unsigned bit)
{
    for (size_t i = 0; i < sizeof flag_names_table / sizeof flag_names_table[0]; i++)
        if (flag_names_table[i].bit == bit)
            return flag_names_table[i].name;
    return NULL;
}

char artifact_marker(unsigned bit)
{
    for (size_t i = 0; i < sizeof flag_names_table / sizeof flag_names_table[0]; i++)
        if (flag_names_table[i].bit == bit)
            return flag_names_table[i].marker;
    return 0;
}

void artifact_names(unsigned flags, const char *sep, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (unsigned bit = 1; bit; bit <<= 1) {
        if (!(flags & bit))
            continue;
        const char *name = artifact_name(bit);
        int n = snprintf(buf + used, len > used ? len - used : 0, "%s%s", used ? sep : "",
                         name ? name : "?");
        if (n > 0)
            used += (size_t)n;
        if (used >= len)
            return;
    }
}

double artifact_metric_value(const struct metric *m)
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

/* The token T (L bytes) is S. */
static int tok_is(const char *t, size_t l, const char *s)
{
    return strlen(s) == l && memcmp(t, s, l) == 0;
}

/* S appended to BUF (LEN bytes, *USED of them taken), cut as snprintf cuts. */
static void put(char *buf, size_t len, size_t *used, const char *s)
{
    size_t l = strlen(s);
    if (*used + 1 >= len)
        return;
    if (l > len - 1 - *used)
        l = len - 1 - *used;
    memcpy(buf + *used, s, l);
    *used += l;
    buf[*used] = '\0';
}

int artifact_sibling_key(const char *id, char *buf, size_t len)
{
    /* the id's components: the non-empty runs between dots (strtok's), read
     * in place (strtok_r on a copy and snprintf were 2,000 instructions an id,
     * half of the flag pass of an import) */
    const char *comp[32];
    size_t cl[32], nc = 0;
    if (!id || strlen(id) >= 256)
        return 0;
    for (const char *p = id; *p && nc < 32;) {
        size_t l = strcspn(p, ".");
        if (l) {
            comp[nc] = p;
            cl[nc++] = l;
        }
        p += l + (p[l] == '.');
    }
    /* the families the catalog declares without siblings (calib.*: known
     * answers of different sizes; Rhealstone, OSEK, timer: each id a
     * mechanism of its own) */
    static const char *const alone[] = {
#define RTB_BENCH(fn, id, description, family, capabilities, flags)
#define RTB_NO_SIBLINGS(prefix) prefix,
#include "catalog.def"
#undef RTB_NO_SIBLINGS
#undef RTB_BENCH
    };
    if (nc < 2)
        return 0;
    for (size_t i = 0; i < sizeof alone / sizeof alone[0]; i++)
        if (tok_is(comp[0], cl[0], alone[i]))
            return 0;
    int queue = tok_is(comp[0], cl[0], "fifo") || tok_is(comp[0], cl[0], "lifo") ||
                tok_is(comp[0], cl[0], "stack");
    int alloc = 0, ctx = 0, imm = 0;
    for (size_t i = 1; i < nc; i++) {
        if (queue && (tok_is(comp[i], cl[i], "alloc") || tok_is(comp[i], cl[i], "free")))
            alloc = 1;
        if (tok_is(comp[i], cl[i], "blocking") || (cl[i] >= 4 && memcmp(comp[i], "wake", 4) == 0) ||
            tok_is(comp[i], cl[i], "ctx"))
            ctx = 1;
        if (tok_is(comp[i], cl[i], "immediate"))
            imm = 1;
    }
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    if (queue) {
        put(buf, len, &used, "queue");
    } else if (tok_is(comp[0], cl[0], "thread")) {
        put(buf, len, &used, tok_is(comp[1], cl[1], "yield") ? "thread.yield" : "thread.lifecycle");
    } else {
        char obj[256];
        memcpy(obj, comp[0], cl[0]);
        obj[cl[0]] = '\0';
        put(buf, len, &used, obj);
    }
    put(buf, len, &used, "|");
    put(buf, len, &used, alloc ? "alloc-" : "");
    put(buf, len, &used, ctx ? "ctx" : imm ? "imm" : "");
    return 1;
}

/* v within 1/64 of 2^W / d (W = 32 or 64): the mark of a wrapped counter. */
static int near_wrap(double v, double d)
{
    if (d < 1)
        d = 1;
    static const double wrap[] = {0x1p32, 0x1p64}; /* 2^32, 2^64 */
    for (size_t w = 0; w < sizeof wrap / sizeof wrap[0]; w++) {
        double q = wrap[w] / d;
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
        return ARTIFACT_ZEPHYR_DEFAULT_ITERS;
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

/* One metric of a sibling group: its key and figure, for sorting. */
struct sib {
    const char *key;
    double value;
    size_t index; /* in the run */
    int counts;   /* a sibling of the others (not flagged underflow) */
};

static int by_key_value(const void *a, const void *b)
{
    const struct sib *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->value > y->value) - (x->value < y->value);
}

/* The median of the sorted V[0..n-1] without the element at SKIP (n: none skipped). */
static double median_without(const double *v, size_t n, size_t skip)
{
    size_t k = skip < n ? n - 1 : n;
    if (k == 0)
        return 0;
        /* the j-th of the remaining elements */
#define AT(j) v[(skip < n && (j) >= skip) ? (j) + 1 : (j)]
    double m = (k % 2) ? AT(k / 2) : (AT(k / 2 - 1) + AT(k / 2)) / 2;
#undef AT
    return m;
}

/* Outliers within a run: sorted by (group, figure), each group's median
 * without the metric itself in O(1): O(n log n) in all. */
static void flag_outliers(struct run *r)
{
    struct sib *s = xcalloc(r->n_m, sizeof *s);
    char(*keys)[96] = xcalloc(r->n_m, sizeof *keys);
    size_t n = 0;
    for (size_t i = 0; i < r->n_m; i++) {
        if (r->m[i].state != MS_OK || metric_is_value(&r->m[i]) ||
            !artifact_sibling_key(r->m[i].id, keys[n], sizeof keys[n]))
            continue;
        s[n] = (struct sib){keys[n], artifact_metric_value(&r->m[i]), i,
                            !(r->m[i].flags & MF_UNDERFLOW)};
        n++;
    }
    qsort(s, n, sizeof *s, by_key_value);
    double *v = xmalloc((n ? n : 1) * sizeof *v);
    for (size_t g = 0; g < n;) {
        size_t e = g, k = 0;
        while (e < n && strcmp(s[e].key, s[g].key) == 0)
            e++;
        for (size_t i = g; i < e; i++) /* the group's counted figures, sorted */
            if (s[i].counts)
                v[k++] = s[i].value;
        for (size_t i = g, at = 0; i < e; i++) {
            if (!s[i].counts) /* an underflow is no latency: never an outlier too */
                continue;
            size_t skip = at++; /* a metric is not its own sibling */
            double med = median_without(v, k, skip);
            if (k > 1 && med > 0 && s[i].value > ARTIFACT_OUTLIER_FACTOR * med)
                r->m[s[i].index].flags |= MF_OUTLIER;
        }
        g = e;
    }
    free(v);
    free(keys);
    free(s);
}

/* A counter that never ran: every timed figure of the run is one value (0:
 * ARTIFACT_CONSTANT_MIN of them, else ARTIFACT_CONSTANT_VALUE_MIN). Each is
 * flagged; a run with one figure of another value is not. */
static void flag_constant(struct run *r)
{
    size_t n = 0;
    double v = 0;
    for (size_t i = 0; i < r->n_m; i++) {
        const struct metric *m = &r->m[i];
        if (m->state != MS_OK || metric_is_value(m))
            continue;
        if (n++ == 0)
            v = artifact_metric_value(m);
        else if (artifact_metric_value(m) != v)
            return;
    }
    if (n < (v == 0 ? ARTIFACT_CONSTANT_MIN : ARTIFACT_CONSTANT_VALUE_MIN))
        return;
    for (size_t i = 0; i < r->n_m; i++)
        if (r->m[i].state == MS_OK && !metric_is_value(&r->m[i]))
            r->m[i].flags |= MF_CONSTANT;
}

/* Below the resolution: where the run declares its tool's resolution (one
 * count, in the run's unit), a figure no sample of which reached one count:
 * a max below it (every sample read 0 counts), or, with no max known, a mean
 * below one count spread over its samples (none counted: not judged). A p50 of 0 beside a resolved
 * max (most IRQ latencies under 1 us) is not flagged: the tool did resolve them. */
static void flag_unresolved(struct run *r)
{
    const char *h = run_hdr(r, ARTIFACT_RESOLUTION_KEY);
    double res;
    if (!h || parse_double(h, &res) != 0 || !(res > 0))
        return;
    for (size_t i = 0; i < r->n_m; i++) {
        struct metric *m = &r->m[i];
        if (m->state != MS_OK || metric_is_value(m) || m->n == 0) /* no sample to judge */
            continue;
        double n = (double)m->n;
        if ((m->has_pct || m->max > 0) ? (double)m->max < res : m->mean < res / n)
            m->flags |= MF_UNRESOLVED;
    }
}

/* How far M's mean stands above its p50, as a fraction of p50 (-1: not judged:
 * no percentiles, p50 0, or fewer than 2 samples). */
static double excess(const struct metric *m)
{
    if (m->state != MS_OK || metric_is_value(m) || !m->has_pct || m->p50 == 0 || m->n < 2)
        return -1;
    return (m->mean - (double)m->p50) / (double)m->p50;
}

/* Inflated: an event landing in a few windows (a tick, a preemption, a wrap
 * spread over the iterations) pulls a row's mean above its p50 (by more than
 * ARTIFACT_INFLATED_EXCESS of it) through rare long windows (a max over
 * ARTIFACT_OUTLIER_FACTOR x p50, a p99 within ARTIFACT_INFLATED_BULK x p50: an
 * operation whose own cost has a long tail has a p99 far up too), while its
 * siblings' means sit on their p50s (the median sibling's excess under
 * ARTIFACT_INFLATED_SIBLING of the row's). Rows of one group skewed alike
 * (every CPU's timerlat thread) are not flagged. */
static void flag_inflated(struct run *r)
{
    struct sib *s = xcalloc(r->n_m ? r->n_m : 1, sizeof *s);
    char(*keys)[96] = xcalloc(r->n_m ? r->n_m : 1, sizeof *keys);
    size_t n = 0;
    for (size_t i = 0; i < r->n_m; i++)
        if (excess(&r->m[i]) >= 0 && artifact_sibling_key(r->m[i].id, keys[n], sizeof keys[n])) {
            s[n] = (struct sib){keys[n], excess(&r->m[i]), i, 1};
            n++;
        }
    qsort(s, n, sizeof *s, by_key_value);
    double *v = xmalloc((n ? n : 1) * sizeof *v);
    for (size_t g = 0; g < n;) {
        size_t e = g;
        while (e < n && strcmp(s[e].key, s[g].key) == 0)
            e++;
        for (size_t i = g; i < e; i++)
            v[i - g] = s[i].value;
        for (size_t i = g; i < e; i++) {
            const struct metric *m = &r->m[s[i].index];
            double med = median_without(v, e - g, i - g);
            if (e - g > 1 && s[i].value > ARTIFACT_INFLATED_EXCESS &&
                (double)m->max > ARTIFACT_OUTLIER_FACTOR * (double)m->p50 &&
                (double)m->p99 <= ARTIFACT_INFLATED_BULK * (double)m->p50 &&
                med < ARTIFACT_INFLATED_SIBLING * s[i].value)
                r->m[s[i].index].flags |= MF_INFLATED;
        }
        g = e;
    }
    free(v);
    free(keys);
    free(s);
}

void artifact_flag_run(struct run *r)
{
    if (!r || r->n_m == 0)
        return;
    /* value metrics (counts, scores, rates) are no counter windows: neither
     * underflow nor the latency-sibling comparison applies to them */
    for (size_t i = 0; i < r->n_m; i++)
        if (r->m[i].state == MS_OK && !metric_is_value(&r->m[i]) && underflow(r, &r->m[i]))
            r->m[i].flags |= MF_UNDERFLOW;
    flag_outliers(r);
    flag_constant(r);
    flag_unresolved(r);
    flag_inflated(r);
}

/* A figure usable for cross-run scaling: measured, positive, not suspect. */
static const struct metric *usable(const struct run *r, const char *id)
{
    const struct metric *m = run_find_metric(r, id);
    if (!m || m->state != MS_OK || metric_is_value(m) || (m->flags & (MF_UNDERFLOW | MF_OUTLIER)))
        return NULL;
    return artifact_metric_value(m) > 0 ? m : NULL;
}

/* The sibling groups of the reference run (the first compared): its
 * usable metrics sorted by group, each group a range, found by key. */
struct ref_groups {
    struct sib *s; /* sorted by key */
    size_t n;
    size_t *start, *len; /* per group */
    size_t n_groups;
    struct idmap index; /* group key -> group */
};

static const char *group_key(const void *ctx, size_t g)
{
    const struct ref_groups *rg = ctx;
    return rg->s[rg->start[g]].key;
}

static void ref_groups_make(struct ref_groups *rg, const struct run *ref, char (*keys)[96])
{
    memset(rg, 0, sizeof *rg);
    rg->s = xcalloc(ref->n_m ? ref->n_m : 1, sizeof *rg->s);
    for (size_t j = 0; j < ref->n_m; j++) {
        const struct metric *a = usable(ref, ref->m[j].id);
        if (a == &ref->m[j] && artifact_sibling_key(a->id, keys[rg->n], sizeof keys[rg->n])) {
            rg->s[rg->n] = (struct sib){keys[rg->n], artifact_metric_value(a), j, 1};
            rg->n++;
        }
    }
    qsort(rg->s, rg->n, sizeof *rg->s, by_key_value);
    rg->start = xcalloc(rg->n ? rg->n : 1, sizeof *rg->start);
    rg->len = xcalloc(rg->n ? rg->n : 1, sizeof *rg->len);
    for (size_t i = 0; i < rg->n; i++) {
        if (i == 0 || strcmp(rg->s[i].key, rg->s[i - 1].key) != 0) {
            rg->start[rg->n_groups] = i;
            idmap_add(&rg->index, rg->n_groups++, group_key, rg);
        }
        rg->len[rg->n_groups - 1]++;
    }
}

static void ref_groups_free(struct ref_groups *rg)
{
    free(rg->s);
    free(rg->start);
    free(rg->len);
    idmap_free(&rg->index);
}

/* Scale of run R in group G relative to the reference run: the median of
 * value_r / value_ref over the group's metrics usable in both (the figure
 * of the reference itself is 1). 0 when fewer than 3 such metrics: the
 * group then gives no reliable yardstick. */
static double group_scale(const struct run *r, const struct run *ref, const struct ref_groups *rg,
                          size_t g, double *v)
{
    size_t n = 0;
    for (size_t i = rg->start[g]; i < rg->start[g] + rg->len[g]; i++) {
        const struct metric *a = &ref->m[rg->s[i].index], *b = usable(r, a->id);
        if (b)
            v[n++] = artifact_metric_value(b) / artifact_metric_value(a);
    }
    return n >= 3 ? median(v, n) : 0;
}

/* Per metric id, the normalised figures (value / the run's group scale) of
 * every run where it is usable, sorted: what each run's figure is judged
 * against, without a search through the other runs for every metric. */
struct norm {
    double u;
    size_t run;
};

struct id_values {
    const char *id;
    struct norm *v; /* as gathered, then sorted */
    double *u;      /* the figures of v in its order, for median_without() */
    size_t n, cap;
};

struct id_table {
    struct id_values *ids;
    size_t n, cap;
    struct idmap index; /* id -> ids[] */
};

static const char *id_values_key(const void *ctx, size_t i)
{
    return ((const struct id_table *)ctx)->ids[i].id;
}

static int by_norm(const void *a, const void *b)
{
    const struct norm *x = a, *y = b;
    return (x->u > y->u) - (x->u < y->u);
}

/* The group of metric M's sibling key in the reference, or -1. */
static size_t metric_group(const struct metric *m, const struct ref_groups *rg)
{
    char key[96];
    if (!artifact_sibling_key(m->id, key, sizeof key))
        return (size_t)-1;
    return idmap_find(&rg->index, key, group_key, rg);
}

static void id_table_make(struct id_table *t, struct run **runs, size_t n,
                          const struct ref_groups *rg, const double *scale)
{
    memset(t, 0, sizeof *t);
    for (size_t o = 0; o < n; o++)
        for (size_t j = 0; j < runs[o]->n_m; j++) {
            const struct metric *m = &runs[o]->m[j];
            size_t g;
            if (usable(runs[o], m->id) != m || (g = metric_group(m, rg)) == (size_t)-1 ||
                scale[g * n + o] <= 0)
                continue;
            size_t k = idmap_find(&t->index, m->id, id_values_key, t);
            if (k == (size_t)-1) {
                if (t->n == t->cap) {
                    t->cap = t->cap ? 2 * t->cap : 64;
                    t->ids = xrealloc(t->ids, t->cap * sizeof *t->ids);
                }
                t->ids[t->n] = (struct id_values){m->id, NULL, NULL, 0, 0};
                idmap_add(&t->index, t->n, id_values_key, t);
                k = t->n++;
            }
            struct id_values *iv = &t->ids[k];
            if (iv->n == iv->cap) {
                iv->cap = iv->cap ? 2 * iv->cap : 8;
                iv->v = xrealloc(iv->v, iv->cap * sizeof *iv->v);
            }
            iv->v[iv->n++] = (struct norm){artifact_metric_value(m) / scale[g * n + o], o};
        }
    for (size_t k = 0; k < t->n; k++) {
        struct id_values *iv = &t->ids[k];
        qsort(iv->v, iv->n, sizeof *iv->v, by_norm);
        iv->u = xmalloc(iv->n * sizeof *iv->u);
        for (size_t q = 0; q < iv->n; q++)
            iv->u[q] = iv->v[q].u;
    }
}

static void id_table_free(struct id_table *t)
{
    for (size_t k = 0; k < t->n; k++) {
        free(t->ids[k].v);
        free(t->ids[k].u);
    }
    free(t->ids);
    idmap_free(&t->index);
}

/* The median of IV's figures but run I's (if it has one); 0 when none. */
static double median_but_run(const struct id_values *iv, size_t i)
{
    size_t skip = iv->n; /* no entry of run i */
    for (size_t q = 0; q < iv->n; q++)
        if (iv->v[q].run == i)
            skip = q;
    return median_without(iv->u, iv->n, skip);
}

/* A figure over ARTIFACT_OUTLIER_FACTOR times the median of the same id in the
 * other runs, each normalised by its run's scale in the sibling group, is an
 * outlier. Judged on the figures as they were before any run was flagged
 * here, so the order of the runs does not matter. */
void artifact_flag_compare(struct run **runs, size_t n)
{
    if (n < 2)
        return;
    struct ref_groups rg;
    char(*keys)[96] = xcalloc(runs[0]->n_m ? runs[0]->n_m : 1, sizeof *keys);
    ref_groups_make(&rg, runs[0], keys);
    /* scale[g * n + o]: run o's scale in group g */
    double *scale = xcalloc(rg.n_groups ? rg.n_groups * n : 1, sizeof *scale);
    double *tmp = xmalloc((rg.n ? rg.n : 1) * sizeof *tmp);
    for (size_t g = 0; g < rg.n_groups; g++)
        for (size_t o = 0; o < n; o++)
            scale[g * n + o] = group_scale(runs[o], runs[0], &rg, g, tmp);
    struct id_table t;
    id_table_make(&t, runs, n, &rg, scale);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < runs[i]->n_m; j++) {
            struct metric *m = &runs[i]->m[j];
            size_t g, k;
            if (m->state != MS_OK || metric_is_value(m) || (m->flags & MF_UNDERFLOW) ||
                (g = metric_group(m, &rg)) == (size_t)-1 || scale[g * n + i] <= 0 ||
                (k = idmap_find(&t.index, m->id, id_values_key, &t)) == (size_t)-1)
                continue;
            double u = artifact_metric_value(m) / scale[g * n + i],
                   med = median_but_run(&t.ids[k], i);
            if (med > 0 && u > ARTIFACT_OUTLIER_FACTOR * med)
                m->flags |= MF_OUTLIER;
        }
    id_table_free(&t);
    free(tmp);
    free(scale);
    ref_groups_free(&rg);
    free(keys);
}
