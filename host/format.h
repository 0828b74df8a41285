/*
 * rtbench host - picking the figure to show for a metric (statistic, unit)
 * and writing a multi-run comparison table as text, Markdown, CSV or JSON.
 */
#ifndef RTBH_FORMAT_H
#define RTBH_FORMAT_H

#include <stddef.h>
#include <stdio.h>

#include "model.h"

enum cmp_stat { CS_AUTO = 0, CS_MEAN, CS_P50, CS_P99, CS_MIN, CS_MAX };
enum cmp_unit { CU_NATIVE = 0, CU_NS };
enum fmt_kind { FMT_TEXT = 0, FMT_MARKDOWN, FMT_CSV, FMT_JSON };

int format_parse_stat(const char *s, enum cmp_stat *out); /* 0 or -1 */
int format_parse_unit(const char *s,
                      enum cmp_unit *out); /* "cycles" (the run's own unit) or "ns" */
int format_parse_kind(const char *s, enum fmt_kind *out); /* text, markdown (md), csv, json */
const char *format_stat_name(enum cmp_stat s);

/* The figure of metric m (may be NULL: absent) of run r: statistic `st`
 * (CS_AUTO: p50 if the metric has percentiles, else the mean) in `unit`.
 * Returns 1 with *value and *stat_used set, or 0 with *why set to the
 * reason it is n/a ("absent", the metric's n/a reason, "failed: <name>",
 * "no percentiles (mean only)", "no clock for ns"). */
int format_metric_value(const struct run *r, const struct metric *m, enum cmp_stat st,
                        enum cmp_unit unit, double *value, const char **stat_used,
                        const char **why);

/* The display unit of run r's column: "ns", or the run's own unit. */
const char *format_unit(const struct run *r, enum cmp_unit unit);

/* A figure as latency_measure prints it: the integer part. */
long long format_trunc(double v);

/* Short display name of a run: "#<id> <label or board or kernel>". */
void format_run_name(const struct run *r, char *buf, size_t len);

/* Names of the artifact flags set in FLAGS ("underflow", "outlier", ...),
 * separated by SEP, into buf ("" if none). */
void format_flag_list(unsigned flags, const char *sep, char *buf, size_t len);

/* One cell of the comparison: a figure or n/a. */
struct cmp_cell {
    int ok;
    double value;
    const char *stat; /* statistic used ("p50", "mean", ...) */
    const char *why;  /* reason when !ok */
    unsigned flags;   /* enum metric_flag of the metric */
};

struct cmp_table {
    size_t n_runs, n_rows;
    struct run **runs;
    const char **metrics;   /* n_rows ids (not owned) */
    struct cmp_cell *cells; /* n_rows * n_runs, row-major */
    enum cmp_unit unit;
};

/* Ratio of cell (row, run) to the first run's cell; 0 if undefined. */
int format_ratio(const struct cmp_table *t, size_t row, size_t run, double *ratio);

/* Write the table. 0, or -1 on an output error. */
int format_write(FILE *out, enum fmt_kind kind, const struct cmp_table *t);

#endif /* RTBH_FORMAT_H */
