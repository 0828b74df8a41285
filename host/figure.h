/*
 * rtbench host - the figure shown for a metric: which statistic, in which
 * unit, truncated as latency_measure prints it; and a run's display name.
 * Used by compare, check and their writers.
 */
#ifndef RTBH_FIGURE_H
#define RTBH_FIGURE_H

#include <stddef.h>

#include "run.h"

enum figure_stat { STAT_AUTO = 0, STAT_MEAN, STAT_P50, STAT_P99, STAT_MIN, STAT_MAX };
/* The run's own unit, nanoseconds, or the cycle model's estimate stored beside
 * the run's figures (UNIT_MODEL_CYCLES, model.h). */
enum figure_unit { UNIT_NATIVE = 0, UNIT_NS, UNIT_MODEL };

int figure_parse_stat(const char *s, enum figure_stat *out); /* 0 or -1 */
/* "cycles" (the run's own unit), "ns" or "model-cycles"; 0 or -1 */
int figure_parse_unit(const char *s, enum figure_unit *out);
const char *figure_stat_name(enum figure_stat s);

/* The figure of metric m (may be NULL: absent) of run r: statistic `st`
 * (STAT_AUTO: p50 if the metric has percentiles, else the mean) in `unit`.
 * Returns 1 with *value and *stat_used set, or 0 with *why set to the
 * reason it is n/a ("absent", the metric's n/a reason, "failed", "no
 * percentiles (mean only)", "no clock for ns", "no model-cycles (...)"). A value
 * metric (its own unit: metric_is_value) is never converted: its figure is in
 * its own unit. */
int figure_value(const struct run *r, const struct metric *m, enum figure_stat st,
                 enum figure_unit unit, double *value, const char **stat_used, const char **why);

/* The display unit of run r's figures: "ns", "model-cycles", or the run's own unit. */
const char *figure_unit_name(const struct run *r, enum figure_unit unit);

/* A figure as latency_measure prints it: the integer part. */
long long figure_trunc(double v);

/* Short display name of a run: "#<id> <label or board or kernel>". */
void run_display_name(const struct run *r, char *buf, size_t len);

#endif /* RTBH_FIGURE_H */
