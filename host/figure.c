/*
 * rtbench host - the figure shown for a metric (figure.h).
 */
#include "figure.h"
#include "term.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const stat_names[] = {"auto", "mean", "p50", "p99", "min", "max"};

int figure_parse_stat(const char *s, enum figure_stat *out)
{
    for (size_t i = 0; i < sizeof stat_names / sizeof stat_names[0]; i++) {
        if (strcmp(s, stat_names[i]) == 0) {
            *out = (enum figure_stat)i;
            return 0;
        }
    }
    return -1;
}

const char *figure_stat_name(enum figure_stat s)
{
    return (unsigned)s < sizeof stat_names / sizeof stat_names[0] ? stat_names[s] : "?";
}

int figure_parse_unit(const char *s, enum figure_unit *out)
{
    if (strcmp(s, "cycles") == 0) {
        *out = UNIT_NATIVE;
        return 0;
    }
    if (strcmp(s, "ns") == 0) {
        *out = UNIT_NS;
        return 0;
    }
    if (strcmp(s, UNIT_MODEL_CYCLES) == 0) {
        *out = UNIT_MODEL;
        return 0;
    }
    return -1;
}

const char *figure_unit_name(const struct run *r, enum figure_unit unit)
{
    if (unit == UNIT_NS)
        return "ns";
    if (unit == UNIT_MODEL)
        return UNIT_MODEL_CYCLES;
    return r->unit && *r->unit ? r->unit : "?";
}

long long figure_trunc(double v)
{
    /* a tiny tolerance so that 2017 computed as 2016.9999999 shows 2017 */
    double e = fabs(v) * 1e-12 + 1e-9;
    return (long long)(v >= 0 ? floor(v + e) : ceil(v - e));
}

void run_display_name(const struct run *r, char *buf, size_t len)
{
    const char *name = r->label && *r->label ? r->label : run_hdr(r, "board");
    if (!name || !*name)
        name = run_hdr(r, "kernel");
    if (!name || !*name)
        name = "run";
    /* for a terminal or a document: a label's control characters escaped */
    snprintf(buf, len, "#%lld %s", (long long)r->id, term(name));
}

/* figure_value in model-cycles: the metric's statistics in that unit. */
static int model_value(const struct metric *m, enum figure_stat st, double *value,
                       const char **stat_used, const char **why)
{
    const struct metric_stats *s = metric_unit(m, UNIT_MODEL_CYCLES);
    if (!s) {
        *why = "no model-cycles (run without --cycle-model, or a value metric)";
        return 0;
    }
    if (st == STAT_AUTO)
        st = STAT_P50;
    switch (st) {
    case STAT_P50:
        *value = (double)s->p50;
        break;
    case STAT_P99:
        *value = (double)s->p99;
        break;
    case STAT_MIN:
        *value = (double)s->min;
        break;
    case STAT_MAX:
        *value = (double)s->max;
        break;
    default:
        *value = s->mean;
        break;
    }
    *stat_used = figure_stat_name(st);
    return 1;
}

int figure_value(const struct run *r, const struct metric *m, enum figure_stat st,
                 enum figure_unit unit, double *value, const char **stat_used, const char **why)
{
    *stat_used = NULL;
    if (!m) {
        *why = "absent";
        return 0;
    }
    if (m->state == MS_NA) {
        *why = m->reason && *m->reason ? m->reason : "n/a";
        return 0;
    }
    if (m->state == MS_FAILED) {
        *why = "failed";
        return 0;
    }
    if (unit == UNIT_MODEL)
        return model_value(m, st, value, stat_used, why);
    if (st == STAT_AUTO)
        st = m->has_pct ? STAT_P50 : STAT_MEAN;
    if (st != STAT_MEAN && !m->has_pct) {
        *why = "no percentiles (mean only)";
        return 0;
    }
    double v;
    switch (st) {
    case STAT_P50:
        v = (double)m->p50;
        break;
    case STAT_P99:
        v = (double)m->p99;
        break;
    case STAT_MIN:
        v = (double)m->min;
        break;
    case STAT_MAX:
        v = (double)m->max;
        break;
    default:
        v = m->mean;
        break;
    }
    if (unit == UNIT_NS && !metric_is_value(m)) {
        /* a value metric (count, score, rate) stays in its own unit */
        if (st == STAT_MEAN && m->mean_ns >= 0)
            v = m->mean_ns; /* as the source printed it */
        else if (r->ns_per_unit > 0)
            v = v * r->ns_per_unit;
        else {
            *why = "no clock for ns";
            return 0;
        }
    }
    *value = v;
    *stat_used = figure_stat_name(st);
    return 1;
}
