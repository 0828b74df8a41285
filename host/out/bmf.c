/*
 * rtbench host - Bencher Metric Format (out/writer.h), of `compare` and
 * `history`: {"<metric>": {"<measure>": {"value", "lower_value"?,
 * "upper_value"?}}} (https://bencher.dev/docs/reference/bencher-metric-format/),
 * the newest run's figures; the measure is the figure's unit ("insns",
 * "cycles", "ns", a value metric's own), lower and upper its min and max
 * where the run has them in that unit. docs/cli.md#dashboards.
 */
#include <cjson/cJSON.h>
#include <stdio.h>

#include "history.h"
#include "out/writer.h"

/* DOC[NAME][MEASURE] = {"value": VALUE}: returned to add the bounds to. */
static cJSON *metric(cJSON *doc, const char *name, const char *measure, double value)
{
    cJSON *b = cJSON_GetObjectItemCaseSensitive(doc, name);
    if (!b)
        b = cJSON_AddObjectToObject(doc, name);
    cJSON *m = cJSON_AddObjectToObject(b, measure);
    cJSON_AddNumberToObject(m, "value", value);
    return m;
}

static int bmf_comparison(FILE *out, const struct comparison *t)
{
    cJSON *doc = cJSON_CreateObject();
    size_t last = t->n_runs - 1;
    const struct run *r = t->runs[last];
    for (size_t i = 0; i < t->n_rows; i++) {
        const struct cmp_cell *c = &t->cells[i * t->n_runs + last];
        if (!c->ok)
            continue;
        const char *unit = t->row_unit[i] ? t->row_unit[i] : figure_unit_name(r, t->unit);
        cJSON *m = metric(doc, t->metrics[i], unit, c->value);
        const struct metric *rm = run_find_metric(r, t->metrics[i]);
        if (rm && rm->has_pct && t->unit == UNIT_NATIVE && !t->row_unit[i]) {
            cJSON_AddNumberToObject(m, "lower_value", (double)rm->min);
            cJSON_AddNumberToObject(m, "upper_value", (double)rm->max);
        }
    }
    return writer_json_print(out, doc);
}

static int bmf_history(FILE *out, const struct history *h)
{
    cJSON *doc = cJSON_CreateObject();
    size_t last = h->n_runs - 1;
    for (size_t k = 0; k < h->n_series; k++) {
        const struct history_series *s = &h->s[k];
        if (s->ok[last])
            metric(doc, s->metric, s->unit ? s->unit : "value", s->value[last]);
    }
    return writer_json_print(out, doc);
}

const struct writer writer_bmf = {
    "bmf", NULL, NULL, NULL, bmf_comparison, NULL, NULL, bmf_history,
};
