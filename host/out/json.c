/*
 * rtbench host - the JSON writer (out/writer.h), for CI and scripts. The shapes
 * are documented in docs/cli.md.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <string.h>

#include "artifact.h"
#include "history.h"
#include "scorecard.h"
#include "out/writer.h"

int writer_json_print(FILE *out, struct cJSON *doc)
{
    char *s = cJSON_Print(doc);
    cJSON_Delete(doc);
    if (!s)
        return -1;
    fputs(s, out);
    fputc('\n', out);
    cJSON_free(s);
    return ferror(out) ? -1 : 0;
}

static void add_string_or_null(cJSON *o, const char *key, const char *s)
{
    if (s)
        cJSON_AddStringToObject(o, key, s);
    else
        cJSON_AddNullToObject(o, key);
}

/* KEY: the names of the flags set in FLAGS, as an array. */
static void add_flags(cJSON *o, const char *key, unsigned flags)
{
    cJSON *a = cJSON_AddArrayToObject(o, key);
    for (unsigned bit = 1; bit; bit <<= 1)
        if ((flags & bit) && artifact_name(bit))
            cJSON_AddItemToArray(a, cJSON_CreateString(artifact_name(bit)));
}

/* A run's identity: {"run", "label", "source", "origin", "board"}. */
static cJSON *run_identity(const struct run *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "run", (double)r->id);
    add_string_or_null(o, "label", r->label);
    add_string_or_null(o, "source", r->source);
    add_string_or_null(o, "origin", r->origin);
    add_string_or_null(o, "board", run_hdr(r, "board"));
    return o;
}

static double round_to(double v, double scale)
{
    return round(v * scale) / scale;
}

static int json_comparison(FILE *out, const struct comparison *t)
{
    cJSON *rows = cJSON_CreateArray();
    for (size_t i = 0; i < t->n_rows; i++) {
        cJSON *row = cJSON_CreateObject();
        cJSON_AddStringToObject(row, "metric", t->metrics[i]);
        if (t->row_unit && t->row_unit[i]) {
            /* a value metric: its own unit, not the column's; not converted to ns */
            cJSON_AddStringToObject(row, "unit", t->row_unit[i]);
            cJSON_AddStringToObject(row, "better", t->row_higher[i] ? "higher" : "lower");
        }
        cJSON *runs = cJSON_AddArrayToObject(row, "runs");
        for (size_t j = 0; j < t->n_runs; j++) {
            const struct run *r = t->runs[j];
            const struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            cJSON *e = cJSON_CreateObject();
            cJSON_AddNumberToObject(e, "run", (double)r->id);
            if (r->label)
                cJSON_AddStringToObject(e, "label", r->label);
            else
                cJSON_AddNullToObject(e, "label");
            const char *board = run_hdr(r, "board");
            if (board)
                cJSON_AddStringToObject(e, "board", board);
            if (c->ok)
                cJSON_AddNumberToObject(e, "value", round_to(c->value, 1000));
            else
                cJSON_AddNullToObject(e, "value");
            cJSON_AddStringToObject(e, "unit", figure_unit_name(r, t->unit));
            if (c->ok)
                cJSON_AddStringToObject(e, "stat", c->stat);
            else
                cJSON_AddStringToObject(e, "na", c->why);
            add_flags(e, "flags", c->ok ? c->flags & MF_ARTIFACTS : 0);
            double ratio;
            if (comparison_ratio(t, i, j, &ratio) > 0)
                cJSON_AddNumberToObject(e, "ratio", round_to(ratio, 10000));
            else
                cJSON_AddNullToObject(e, "ratio");
            cJSON_AddItemToArray(runs, e);
        }
        cJSON_AddItemToArray(rows, row);
    }
    return writer_json_print(out, rows);
}

/* A score: {"family", "gmean", "gsd", "metrics", "na", "flagged"}. */
static cJSON *json_score(const struct scorecard *s, size_t f, size_t j)
{
    const struct score *sc = scorecard_score(s, f, j);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "family", scorecard_family(s, f));
    if (sc->covered) {
        cJSON_AddNumberToObject(o, "gmean", round_to(sc->gmean, 1e6));
        cJSON_AddNumberToObject(o, "gsd", round_to(sc->gsd, 1e6));
    } else {
        cJSON_AddNullToObject(o, "gmean");
        cJSON_AddNullToObject(o, "gsd");
    }
    cJSON_AddNumberToObject(o, "metrics", (double)sc->covered);
    cJSON_AddNumberToObject(o, "na", (double)sc->na);
    cJSON_AddNumberToObject(o, "flagged", (double)sc->flagged);
    return o;
}

/* The scorecard: {"baseline", "stat", "unit", "direction", "runs": [{run's
 * identity, "unit", "comparable", "scores": [overall first, then families]}]}. */
static int json_summary(FILE *out, const struct scorecard *s)
{
    const struct comparison *t = s->t;
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddItemToObject(doc, "baseline", run_identity(t->runs[s->baseline]));
    add_string_or_null(doc, "stat", comparison_column_stat(t, s->baseline));
    cJSON_AddStringToObject(doc, "unit", s->unit[s->baseline]);
    cJSON_AddStringToObject(doc, "direction", SCORECARD_DIRECTION);
    cJSON *runs = cJSON_AddArrayToObject(doc, "runs");
    for (size_t j = 0; j < t->n_runs; j++) {
        if (j == s->baseline)
            continue;
        cJSON *o = run_identity(t->runs[j]);
        cJSON_AddStringToObject(o, "unit", s->unit[j]);
        cJSON_AddBoolToObject(o, "comparable", scorecard_comparable(s, j));
        cJSON *scores = cJSON_AddArrayToObject(o, "scores");
        for (size_t k = 0; scorecard_comparable(s, j) && k <= s->n_fam; k++)
            cJSON_AddItemToArray(scores, json_score(s, k == 0 ? s->n_fam : k - 1, j));
        cJSON_AddItemToArray(runs, o);
    }
    return writer_json_print(out, doc);
}

static int json_list(FILE *out, const struct run_summary *runs, size_t n)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; i < n; i++) {
        const struct run_summary *s = &runs[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "run", (double)s->id);
        const char *keys[] = {"created", "label", "source", "port",         "board",
                              "kernel",  "kver",  "status", "status_detail"};
        const char *vals[] = {s->created, s->label, s->source, s->port,         s->board,
                              s->kernel,  s->kver,  s->status, s->status_detail};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            add_string_or_null(o, keys[k], *vals[k] ? vals[k] : NULL);
        cJSON_AddNumberToObject(o, "metrics", (double)s->n_metrics);
        cJSON *meta = cJSON_AddObjectToObject(o, "meta");
        for (size_t k = 0; k < s->n_meta; k++)
            cJSON_AddStringToObject(meta, s->meta[k].key, s->meta[k].value);
        cJSON_AddItemToArray(a, o);
    }
    return writer_json_print(out, a);
}

static cJSON *json_metric(const struct metric *m)
{
    static const char *const states[] = {"ok", "na", "failed"};
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", m->id);
    add_string_or_null(o, "desc", m->desc);
    cJSON_AddStringToObject(o, "state", states[m->state]);
    if (m->state != MS_OK) {
        add_string_or_null(o, "reason", m->reason);
        if (m->state == MS_FAILED)
            cJSON_AddNumberToObject(o, "err", m->err);
        return o;
    }
    cJSON_AddNumberToObject(o, "n", (double)m->n);
    cJSON_AddNumberToObject(o, "mean", m->mean);
    if (m->has_pct) {
        cJSON_AddNumberToObject(o, "sd", m->sd);
        const char *k[] = {"min", "p50", "p90", "p99", "p999", "max"};
        const uint64_t v[] = {m->min, m->p50, m->p90, m->p99, m->p999, m->max};
        for (size_t i = 0; i < 6; i++)
            cJSON_AddNumberToObject(o, k[i], (double)v[i]);
    }
    if (m->mean_ns >= 0)
        cJSON_AddNumberToObject(o, "mean_ns", m->mean_ns);
    add_flags(o, "flags", m->flags);
    if (metric_is_value(m)) {
        cJSON_AddStringToObject(o, "unit", m->unit);
        cJSON_AddStringToObject(o, "better", m->higher_better ? "higher" : "lower");
    }
    if (m->n_extra) {
        cJSON *x = cJSON_AddObjectToObject(o, "extra");
        for (size_t i = 0; i < m->n_extra; i++)
            cJSON_AddStringToObject(x, m->extra[i].key, m->extra[i].value);
    }
    if (m->n_other_units) {
        /* the same metric in other units: {"model-cycles": {"n": ..., ...}} */
        cJSON *units = cJSON_AddObjectToObject(o, "other_units");
        for (size_t u = 0; u < m->n_other_units; u++) {
            const struct metric_stats *st = &m->other_units[u];
            cJSON *e = cJSON_AddObjectToObject(units, st->unit);
            const char *k[] = {"n", "min", "p50", "p90", "p99", "p999", "max"};
            const uint64_t v[] = {st->n, st->min, st->p50, st->p90, st->p99, st->p999, st->max};
            cJSON_AddNumberToObject(e, "mean", st->mean);
            cJSON_AddNumberToObject(e, "sd", st->sd);
            for (size_t i = 0; i < 7; i++)
                cJSON_AddNumberToObject(e, k[i], (double)v[i]);
        }
    }
    if (metric_hist_complete(m)) {
        cJSON *hi = cJSON_AddObjectToObject(o, "histogram");
        cJSON_AddNumberToObject(hi, "lo", (double)m->hist->lo);
        cJSON_AddNumberToObject(hi, "width", (double)m->hist->width);
        cJSON *c = cJSON_AddArrayToObject(hi, "counts");
        for (size_t i = 0; i < m->hist->n; i++)
            cJSON_AddItemToArray(c, cJSON_CreateNumber((double)m->hist->count[i]));
    }
    return o;
}

static int json_run(FILE *out, const struct run *r)
{
    cJSON *o = run_identity(r);
    add_string_or_null(o, "uuid", r->uuid);
    add_string_or_null(o, "created", r->created);
    add_string_or_null(o, "host", r->host);
    cJSON_AddStringToObject(o, "status", r->status == RUN_COMPLETE ? "complete" : "incomplete");
    add_string_or_null(o, "status_detail", r->status_detail);
    add_string_or_null(o, "unit", r->unit);
    if (r->ns_per_unit > 0)
        cJSON_AddNumberToObject(o, "ns_per_unit", r->ns_per_unit);
    else
        cJSON_AddNullToObject(o, "ns_per_unit");
    cJSON *h = cJSON_AddObjectToObject(o, "header");
    for (size_t i = 0; i < r->n_hdr; i++)
        cJSON_AddStringToObject(h, r->hdr[i].key, r->hdr[i].value);
    cJSON *meta = cJSON_AddObjectToObject(o, "meta");
    for (size_t i = 0; i < r->n_meta; i++)
        cJSON_AddStringToObject(meta, r->meta[i].key, r->meta[i].value);
    cJSON *ms = cJSON_AddArrayToObject(o, "metrics");
    for (size_t i = 0; i < r->n_m; i++)
        cJSON_AddItemToArray(ms, json_metric(&r->m[i]));
    return writer_json_print(out, o);
}

static cJSON *json_check_row(const struct check_row *row, int by_runs)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "metric", row->metric);
    cJSON_AddStringToObject(o, "verdict", verdict_name(row->verdict));
    if (row->stat) {
        cJSON_AddStringToObject(o, "stat", row->stat);
        cJSON_AddNumberToObject(o, "baseline", round_to(row->baseline, 1000));
        cJSON_AddNumberToObject(o, "candidate", round_to(row->candidate, 1000));
        if (isfinite(row->change))
            cJSON_AddNumberToObject(o, "change", round_to(row->change, 1000));
        else
            cJSON_AddNullToObject(o, "change");
        add_flags(o, "baseline_flags", row->baseline_flags);
        add_flags(o, "candidate_flags", row->candidate_flags);
        if (row->unit) {
            cJSON_AddStringToObject(o, "unit", row->unit);
            cJSON_AddStringToObject(o, "better", row->higher_better ? "higher" : "lower");
        }
    }
    if (row->missing_in)
        cJSON_AddStringToObject(o, "missing_in", row->missing_in);
    if (row->baseline_state) {
        cJSON_AddStringToObject(o, "baseline_state", row->baseline_state);
        cJSON_AddStringToObject(o, "candidate_state", row->candidate_state);
    }
    if (row->reason)
        cJSON_AddStringToObject(o, "reason", row->reason);
    if (row->note)
        cJSON_AddStringToObject(o, "note", row->note);
    if (row->sig.tested) {
        const struct check_signif *s = &row->sig;
        cJSON *t = cJSON_AddObjectToObject(o, "noise");
        cJSON_AddNumberToObject(t, by_runs ? "baseline_runs" : "baseline_samples",
                                (double)s->n_base);
        cJSON_AddNumberToObject(t, by_runs ? "candidate_runs" : "candidate_samples",
                                (double)s->n_cand);
        cJSON_AddNumberToObject(t, "median_diff", round_to(s->diff, 1000));
        cJSON_AddNumberToObject(t, "ci_low", round_to(s->lo, 1000));
        cJSON_AddNumberToObject(t, "ci_high", round_to(s->hi, 1000));
        cJSON_AddNumberToObject(t, "u", s->u);
        cJSON_AddNumberToObject(t, "p", s->p);
        cJSON_AddNumberToObject(t, "p_holm", s->p_holm);
        cJSON_AddBoolToObject(t, "significant", s->significant);
    }
    return o;
}

static int json_check(FILE *out, const struct check_report *c)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "baseline", run_identity(c->baseline));
    cJSON_AddItemToObject(o, "candidate", run_identity(c->candidate));
    if (c->n_base_runs > 1 || c->n_cand_runs > 1) { /* every run of each side */
        cJSON *sides[2] = {cJSON_AddArrayToObject(o, "baseline_runs"),
                           cJSON_AddArrayToObject(o, "candidate_runs")};
        for (size_t i = 0; i < c->n_base_runs + c->n_cand_runs; i++)
            cJSON_AddItemToArray(sides[i >= c->n_base_runs],
                                 run_identity(i < c->n_base_runs
                                                  ? c->base_runs[i]
                                                  : c->cand_runs[i - c->n_base_runs]));
    }
    cJSON_AddNumberToObject(o, "threshold", c->threshold);
    cJSON_AddStringToObject(o, "unit", c->unit);
    if (c->pool_per_mille) /* check --pooled: the rows' "stat" says which were */
        cJSON_AddStringToObject(o, "pooled", c->pool_stat + strlen("pooled "));
    char noise[768];
    check_noise_text(c, noise, sizeof noise);
    cJSON *nt = cJSON_AddObjectToObject(o, "noise_test");
    cJSON_AddNumberToObject(nt, "tested", (double)c->tested);
    cJSON_AddStringToObject(nt, "unit", c->by_runs ? "run" : "sample");
    if (c->tested)
        cJSON_AddNumberToObject(nt, "alpha", c->alpha);
    cJSON_AddStringToObject(nt, "method", noise);
    cJSON *rows = cJSON_AddArrayToObject(o, "metrics");
    for (size_t i = 0; i < c->n_rows; i++)
        cJSON_AddItemToArray(rows, json_check_row(&c->rows[i], c->by_runs));
    cJSON *s = cJSON_AddObjectToObject(o, "summary");
    const char *k[] = {"compared", "regressions", "faster", "flagged", "missing", "na", "failed"};
    const size_t v[] = {c->compared, c->regressions, c->faster, c->flagged,
                        c->missing,  c->na,          c->failed};
    for (size_t i = 0; i < 7; i++)
        cJSON_AddNumberToObject(s, k[i], (double)v[i]);
    cJSON_AddStringToObject(o, "result", c->pass ? "PASS" : "FAIL");
    return writer_json_print(out, o);
}

/* {"runs": [{run, revision, created, deterministic}], "metrics": [{metric, stat,
 * unit, better, points: [{run, value|null, change|null, change_point}]}]} */
static int json_history(FILE *out, const struct history *h)
{
    cJSON *o = cJSON_CreateObject(), *runs = cJSON_AddArrayToObject(o, "runs");
    for (size_t i = 0; i < h->n_runs; i++) {
        cJSON *r = cJSON_CreateObject();
        cJSON_AddNumberToObject(r, "run", (double)h->runs[i].id);
        cJSON_AddStringToObject(r, "revision", h->runs[i].rev);
        cJSON_AddStringToObject(r, "created", h->runs[i].created);
        cJSON_AddBoolToObject(r, "deterministic", h->runs[i].deterministic);
        cJSON_AddItemToArray(runs, r);
    }
    cJSON *ms = cJSON_AddArrayToObject(o, "metrics");
    for (size_t k = 0; k < h->n_series; k++) {
        const struct history_series *s = &h->s[k];
        cJSON *m = cJSON_CreateObject(), *pts;
        cJSON_AddStringToObject(m, "metric", s->metric);
        add_string_or_null(m, "stat", s->stat);
        add_string_or_null(m, "unit", s->unit);
        cJSON_AddStringToObject(m, "better", s->higher_better ? "higher" : "lower");
        pts = cJSON_AddArrayToObject(m, "points");
        for (size_t i = 0; i < h->n_runs; i++) {
            cJSON *p = cJSON_CreateObject();
            double pct;
            cJSON_AddNumberToObject(p, "run", (double)h->runs[i].id);
            if (s->ok[i])
                cJSON_AddNumberToObject(p, "value", s->value[i]);
            else
                cJSON_AddNullToObject(p, "value");
            if (history_change(s, i, &pct))
                cJSON_AddNumberToObject(p, "change", round_to(pct, 1000));
            else
                cJSON_AddNullToObject(p, "change");
            cJSON_AddBoolToObject(p, "change_point", s->cp[i]);
            cJSON_AddItemToArray(pts, p);
        }
        cJSON_AddItemToArray(ms, m);
    }
    return writer_json_print(out, o);
}

const struct writer writer_json = {
    "json", NULL, json_list, json_run, json_comparison, json_check, json_summary, json_history,
};
