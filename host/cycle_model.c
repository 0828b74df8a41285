/*
 * rtbench host - the cycle model's side of `rtbench run --cycle-model`
 * (cycle_model.h): the model asked for, the plugin's result file, and the
 * model-cycles statistics of each metric, with the checks that they measure
 * the counter's windows.
 *
 * The statistics are those of the images' own runner (suite/core/stats.c,
 * linked here): the same nearest-rank percentiles, the same mean and sd, and
 * the empty window subtracted and clamped at zero as the runner subtracts its
 * counter overhead.
 */
#include "cycle_model.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_timing.h" /* emu/cycle-model: the cores the model knows */
#include "rtb/stats.h"
#include "util.h"

/* ---- --cycle-model CORE[,ws=N] ------------------------------------------ */

int cycle_spec_parse(const char *text, const char *isa, struct cycle_spec *out, char *err,
                     size_t errlen)
{
    memset(out, 0, sizeof *out);
    const char *comma = strchr(text, ',');
    size_t len = comma ? (size_t)(comma - text) : strlen(text);
    if (len == 0 || len >= sizeof out->core)
        return errf(err, errlen, "--cycle-model needs a core (%s), not '%s'", cm_core_names(),
                    text);
    memcpy(out->core, text, len);
    const struct cm_core *core = cm_core_find(out->core);
    if (!core)
        return errf(err, errlen, "--cycle-model: unknown core '%s' (the model knows %s)", out->core,
                    cm_core_names());
    for (const char *p = comma; p && *p;) {
        const char *item = p + 1, *next = strchr(item, ',');
        size_t l = next ? (size_t)(next - item) : strlen(item);
        char buf[32];
        uint64_t ws;
        snprintf(buf, sizeof buf, "%.*s", (int)(l < sizeof buf - 1 ? l : sizeof buf - 1), item);
        if (l >= sizeof buf || strncmp(buf, "ws=", 3) != 0 || parse_u64(buf + 3, &ws) != 0 ||
            ws > 15)
            return errf(err, errlen,
                        "--cycle-model: '%.*s' is not ws=N (flash wait states, 0 to 15)", (int)l,
                        item);
        out->ws = (unsigned)ws;
        p = next;
    }
    /* ARMv6-M cores price Thumb code only; the others ARMv7-M/ARMv8-M Mainline code */
    int v6 = isa && strcmp(isa, "armv6-m") == 0;
    if (isa && (core->thumb2 ? v6 : !v6))
        return errf(err, errlen,
                    "--cycle-model: the %s model prices %s code, the board's code is %s", out->core,
                    core->thumb2 ? "ARMv7-M/ARMv8-M Mainline" : "ARMv6-M", isa);
    snprintf(out->plugin_args, sizeof out->plugin_args, "core=%s,ws=%u", core->name, out->ws);
    return 0;
}

/* ---- the plugin's result file --------------------------------------------- */

static void bench_add(struct cycle_bench *b, uint64_t cycles, uint64_t insns)
{
    if ((b->n & (b->n - 1)) == 0) { /* 0, 1, 2, 4, ...: grow to the double */
        size_t cap = b->n ? 2 * b->n : 1;
        b->cycles = xrealloc(b->cycles, cap * sizeof *b->cycles);
        b->insns = xrealloc(b->insns, cap * sizeof *b->insns);
    }
    b->cycles[b->n] = cycles;
    b->insns[b->n++] = insns;
}

/* The benchmark numbered SEQ (1, 2, ...), created with those before it. */
static struct cycle_bench *bench_at(struct cycle_result *res, uint64_t seq)
{
    if (seq > res->n_b) {
        res->b = xrealloc(res->b, seq * sizeof *res->b);
        memset(res->b + res->n_b, 0, (seq - res->n_b) * sizeof *res->b);
        res->n_b = seq;
    }
    return &res->b[seq - 1];
}

/* The value of KEY=... among the words of LINE; 0 or -1. */
static int key_u64(const char *line, const char *key, uint64_t *v)
{
    size_t kl = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += kl) {
        if ((p == line || p[-1] == ' ') && p[kl] == '=') {
            char num[24];
            size_t l = strcspn(p + kl + 1, " \n");
            if (l == 0 || l >= sizeof num)
                return -1;
            memcpy(num, p + kl + 1, l);
            num[l] = '\0';
            return parse_u64(num, v);
        }
    }
    return -1;
}

/* One line of the file into RES; 0, or -1 if it does not parse. */
static int result_line(struct cycle_result *res, char *line)
{
    unsigned long long seq, idx, cycles, insns;
    char tag[24];
    line[strcspn(line, "\n")] = '\0';
    if (line[0] == '#' || line[0] == 'P' || line[0] == '\0')
        return 0;
    if (line[0] == 'M' && line[1] == ' ') {
        free(res->params);
        res->params = xstrdup(line + 2);
        return 0;
    }
    if (sscanf(line, "W %llu %llu %llu %llu", &seq, &idx, &cycles, &insns) == 4) {
        if (seq == 0)
            res->outside++;
        else
            bench_add(bench_at(res, seq), cycles, insns);
        return 0;
    }
    if (sscanf(line, "B %llu %23s", &seq, tag) == 2) {
        if (seq == 0)
            return 0; /* the sum of the windows outside any benchmark (counted above) */
        struct cycle_bench *b = bench_at(res, seq);
        b->has_tag = strcmp(tag, "-") != 0;
        return b->has_tag && parse_u64(tag, &b->tag) != 0 ? -1 : 0;
    }
    if (line[0] == 'T' && line[1] == ' ') {
        uint64_t unclosed;
        res->have_total = 1;
        if (key_u64(line, "unclosed", &unclosed) != 0 ||
            key_u64(line, "stray_close", &res->stray_close) != 0 ||
            key_u64(line, "lost", &res->lost) != 0 || key_u64(line, "stray_to", &res->stray_to))
            return -1;
        res->unclosed = unclosed;
        return 0;
    }
    return -1;
}

int cycle_result_read(const char *path, struct cycle_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    FILE *f = fopen(path, "r");
    if (!f)
        return errf(err, errlen, "cannot read the cycle model's result %s: %s", path,
                    strerror(errno));
    char line[512];
    unsigned long no = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        no++;
        if (result_line(res, line) != 0)
            rc =
                errf(err, errlen, "the cycle model's result %s: line %lu does not parse", path, no);
    }
    fclose(f);
    if (rc == 0 && (!res->params || !res->have_total))
        rc = errf(err, errlen, "the cycle model's result %s is incomplete (no %s line)", path,
                  res->params ? "T" : "M");
    if (rc != 0)
        cycle_result_free(res);
    return rc;
}

void cycle_result_free(struct cycle_result *res)
{
    for (size_t i = 0; i < res->n_b; i++) {
        free(res->b[i].cycles);
        free(res->b[i].insns);
    }
    free(res->b);
    free(res->params);
    memset(res, 0, sizeof *res);
}

/* ---- statistics -------------------------------------------------------- */

/* Statistics of V[0..n-1] minus OVERHEAD (clamped at 0), as the runner
 * computes them; into OUT (unit not set), the raw ones into *ST. */
static void window_stats(const uint64_t *v, size_t n, uint64_t overhead, struct metric_stats *out,
                         struct rtb_stats *st)
{
    uint32_t *s = xcalloc(n ? n : 1, sizeof *s);
    for (size_t i = 0; i < n; i++)
        s[i] = rtb_sub_overhead(v[i], overhead, NULL, NULL);
    rtb_stats_compute(s, (uint32_t)n, st);
    free(s);
    out->n = st->n;
    out->mean = (double)st->mean_milli / 1000.0;
    out->sd = (double)st->sd_milli / 1000.0;
    out->min = st->min;
    out->max = st->max;
    out->p50 = st->p50;
    out->p90 = st->p90;
    out->p99 = st->p99;
    out->p999 = st->p999;
}

/* Whether the windows' instruction counts S are the counter's figures of M. */
static int same_figures(const struct metric_stats *s, const struct metric *m)
{
    return s->n == m->n && s->min == m->min && s->max == m->max && s->p50 == m->p50 &&
           s->p90 == m->p90 && s->p99 == m->p99 && s->p999 == m->p999 &&
           fabs(s->mean - m->mean) < 0.0005 && fabs(s->sd - m->sd) < 0.0005;
}

static uint64_t min_of(const uint64_t *v, size_t n)
{
    uint64_t m = UINT64_MAX;
    for (size_t i = 0; i < n; i++)
        if (v[i] < m)
            m = v[i];
    return m;
}

/* The benchmarks of RES by the record they belong to: BY[k] for record k
 * (0: the calibration). 0, or -1 with a message. */
static int map_benches(const struct cycle_result *res, const struct run *marked,
                       const struct cycle_bench **by, char *err, size_t errlen)
{
    for (size_t i = 0; i < res->n_b; i++) {
        const struct cycle_bench *b = &res->b[i];
        if (!b->has_tag || b->tag > marked->n_m || by[b->tag])
            return errf(err, errlen,
                        "cycle model: marks inconsistent (benchmark %zu of the plugin has tag %s "
                        "for a run of %zu records)",
                        i + 1, b->has_tag ? "taken twice or past the end" : "none", marked->n_m);
        by[b->tag] = b;
    }
    if (!by[0] || by[0]->n == 0)
        return errf(err, errlen,
                    "cycle model: no calibration window marked (is the image built "
                    "with RTB_CONFIG_CYCLE_MARKS?)");
    for (size_t k = 1; k <= marked->n_m; k++)
        if (!by[k])
            return errf(err, errlen, "cycle model: marks inconsistent (no benchmark marked for %s)",
                        marked->m[k - 1].id);
    return 0;
}

/* The model-cycles of metric M from its windows B into OUT; NULL, or why M
 * gets no model figure (owned) when its windows are not the counter's. */
static char *metric_model(const struct metric *m, const struct cycle_bench *b, uint64_t oc,
                          uint64_t oi, struct metric_stats *out)
{
    struct metric_stats insns;
    struct rtb_stats st;
    if (m->state != MS_OK || metric_is_value(m))
        return NULL; /* n/a, failed, or a value metric (no window): no model figure */
    if (b->n != m->n)
        return xasprintf("%s: %zu windows marked for %llu samples", m->id, b->n,
                         (unsigned long long)m->n);
    window_stats(b->insns, b->n, oi, &insns, &st);
    if (!same_figures(&insns, m))
        return xasprintf("%s: the marked windows hold %llu..%llu instructions, the counter "
                         "measured %llu..%llu",
                         m->id, (unsigned long long)insns.min, (unsigned long long)insns.max,
                         (unsigned long long)m->min, (unsigned long long)m->max);
    window_stats(b->cycles, b->n, oc, out, &st);
    return NULL;
}

int cycle_outcome_build(struct run *marked, const struct cycle_result *res,
                        struct cycle_outcome *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->marked = marked;
    if (res->outside || res->unclosed || res->stray_close || res->lost || res->stray_to) {
        errf(err, errlen,
             "cycle model: marks inconsistent (%llu window(s) outside a benchmark, %llu unclosed, "
             "%llu stray close(s), %llu lost, %llu stray)",
             (unsigned long long)res->outside, (unsigned long long)res->unclosed,
             (unsigned long long)res->stray_close, (unsigned long long)res->lost,
             (unsigned long long)res->stray_to);
        cycle_outcome_free(out);
        return -1;
    }
    const struct cycle_bench **by = xcalloc(marked->n_m + 1, sizeof *by);
    out->stats = xcalloc(marked->n_m ? marked->n_m : 1, sizeof *out->stats);
    out->unpriced = xcalloc(marked->n_m ? marked->n_m : 1, sizeof *out->unpriced);
    int rc = map_benches(res, marked, by, err, errlen);
    if (rc == 0) {
        uint64_t oi = min_of(by[0]->insns, by[0]->n);
        out->overhead = min_of(by[0]->cycles, by[0]->n);
        for (size_t k = 0; k < marked->n_m; k++) {
            out->unpriced[k] =
                metric_model(&marked->m[k], by[k + 1], out->overhead, oi, &out->stats[k]);
            out->n_unpriced += out->unpriced[k] != NULL;
        }
    }
    free(by);
    out->params = xstrdup(res->params);
    if (rc != 0)
        cycle_outcome_free(out);
    return rc;
}

void cycle_outcome_free(struct cycle_outcome *o)
{
    for (size_t k = 0; o->unpriced && o->marked && k < o->marked->n_m; k++)
        free(o->unpriced[k]);
    free(o->unpriced);
    run_delete(o->marked);
    free(o->stats);
    free(o->params);
    memset(o, 0, sizeof *o);
}

/* Whether metric A (plain image) and B (marked image) are the same figure
 * (not asked of an unpriced metric: its windows were not the counter's).
 * A value metric (a rate or a score over a span that contains counter reads,
 * whose stamps the marked image adds) has no model figure and may differ. */
static int same_metric(const struct metric *a, const struct metric *b)
{
    if (strcmp(a->id, b->id) != 0 || a->state != b->state)
        return 0;
    if (a->state != MS_OK || metric_is_value(a))
        return 1;
    struct metric_stats s = {NULL,   a->n,   a->mean, a->sd,  a->min,
                             a->max, a->p50, a->p90,  a->p99, a->p999};
    return same_figures(&s, b);
}

int cycle_outcome_apply(const struct cycle_outcome *o, const struct cycle_spec *spec,
                        struct run *plain, char *err, size_t errlen)
{
    const struct run *marked = o->marked;
    if (plain->n_m != marked->n_m)
        return errf(err, errlen,
                    "cycle model: the marked image gave %zu results, the plain one %zu: "
                    "model-cycles not stored",
                    marked->n_m, plain->n_m);
    for (size_t k = 0; k < plain->n_m; k++)
        if (!o->unpriced[k] && !same_metric(&plain->m[k], &marked->m[k]))
            return errf(err, errlen,
                        "cycle model: the marked image measured %s differently from the plain "
                        "one (the marks changed the window): model-cycles not stored",
                        plain->m[k].id);
    for (size_t k = 0; k < plain->n_m; k++) {
        if (o->stats[k].n == 0)
            continue;
        struct metric_stats *s = metric_unit_add(&plain->m[k], UNIT_MODEL_CYCLES);
        char *unit = s->unit;
        *s = o->stats[k];
        s->unit = unit;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%s,ws=%u", spec->core, spec->ws);
    run_hdr_set(plain, "cycle_model", buf);
    run_hdr_set(plain, "cycle_model_params", o->params);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)o->overhead);
    run_hdr_set(plain, "cycle_model_overhead", buf);
    if (o->n_unpriced) {
        char *ids = xstrdup("");
        for (size_t k = 0; k < plain->n_m; k++) {
            if (!o->unpriced[k])
                continue;
            char *more = xasprintf("%s%s%s", ids, *ids ? "," : "", plain->m[k].id);
            free(ids);
            ids = more;
        }
        run_hdr_set(plain, "cycle_model_unpriced", ids);
        free(ids);
    }
    return 0;
}
