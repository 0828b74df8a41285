/*
 * rtbench host - github-action-benchmark's custom JSON (out/writer.h): the
 * writers gab-smaller (tool: customSmallerIsBetter) and gab-bigger
 * (customBiggerIsBetter), of `compare` and `history`. Each writes the
 * newest run's figures of its direction as an array of {"name", "unit",
 * "value", "range"?, "extra"?}
 * (https://github.com/benchmark-action/github-action-benchmark#examples,
 * "custom benchmarks"); docs/cli.md#dashboards.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

#include "history.h"
#include "util.h"
#include "out/writer.h"

static cJSON *entry(const char *name, const char *unit, double value)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddStringToObject(o, "unit", unit);
    cJSON_AddNumberToObject(o, "value", value);
    return o;
}

/* The rows of T whose direction is BIGGER, the last run's figure each. */
static int gab_comparison(FILE *out, const struct comparison *t, int bigger)
{
    cJSON *a = cJSON_CreateArray();
    size_t last = t->n_runs - 1;
    const struct run *r = t->runs[last];
    char first[128];
    run_display_name(t->runs[0], first, sizeof first);
    for (size_t i = 0; i < t->n_rows; i++) {
        const struct cmp_cell *c = &t->cells[i * t->n_runs + last];
        if (!c->ok || !t->row_higher[i] != !bigger)
            continue;
        const char *unit = t->row_unit[i] ? t->row_unit[i] : figure_unit_name(r, t->unit);
        cJSON *o = entry(t->metrics[i], unit, c->value);
        const struct metric *m = run_find_metric(r, t->metrics[i]);
        char buf[200];
        if (m && m->has_pct && t->unit == UNIT_NATIVE && !t->row_unit[i]) {
            snprintf(buf, sizeof buf, "± %.3f", m->sd);
            cJSON_AddStringToObject(o, "range", buf);
        }
        double ratio;
        int has_ratio = last > 0 && comparison_ratio(t, i, last, &ratio) == 1;
        if (has_ratio)
            snprintf(buf, sizeof buf, "%s; %.3fx of %s", c->stat, ratio, first);
        else
            snprintf(buf, sizeof buf, "%s", c->stat);
        cJSON_AddStringToObject(o, "extra", buf);
        cJSON_AddItemToArray(a, o);
    }
    return writer_json_print(out, a);
}

/* The series of H whose direction is BIGGER, the newest run's figure each. */
static int gab_history(FILE *out, const struct history *h, int bigger)
{
    cJSON *a = cJSON_CreateArray();
    size_t last = h->n_runs - 1;
    for (size_t k = 0; k < h->n_series; k++) {
        const struct history_series *s = &h->s[k];
        if (!s->ok[last] || !s->higher_better != !bigger)
            continue;
        cJSON *o = entry(s->metric, s->unit ? s->unit : "", s->value[last]);
        char buf[400], change[64] = "";
        double pct;
        if (history_change(s, last, &pct))
            snprintf(change, sizeof change, "; %+.2f%% from the run before", pct);
        snprintf(buf, sizeof buf, "%s at %s%s%s", s->stat ? s->stat : "-", h->runs[last].rev,
                 change, s->cp[last] ? "; change point" : "");
        cJSON_AddStringToObject(o, "extra", buf);
        cJSON_AddItemToArray(a, o);
    }
    return writer_json_print(out, a);
}

static int smaller_comparison(FILE *out, const struct comparison *t)
{
    return gab_comparison(out, t, 0);
}

static int bigger_comparison(FILE *out, const struct comparison *t)
{
    return gab_comparison(out, t, 1);
}

static int smaller_history(FILE *out, const struct history *h)
{
    return gab_history(out, h, 0);
}

static int bigger_history(FILE *out, const struct history *h)
{
    return gab_history(out, h, 1);
}

const struct writer writer_gab_smaller = {
    "gab-smaller", NULL, NULL, NULL, smaller_comparison, NULL, NULL, smaller_history,
};
const struct writer writer_gab_bigger = {
    "gab-bigger", NULL, NULL, NULL, bigger_comparison, NULL, NULL, bigger_history,
};
