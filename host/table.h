/*
 * rtbench host - the one-run text table printed by `run` and `show`.
 */
#ifndef RTBH_TABLE_H
#define RTBH_TABLE_H

#include <stdio.h>

#include "model.h"

/* Comma-separated names of the flags set in `flags` ("" when none). */
void table_flag_names(unsigned flags, char *buf, size_t len);

/* One row per metric: id, mean, p50, p99, max, unit, flags; n/a and
 * FAILED rows with their reason. `full` adds n, min, p90, p99.9, sd and the
 * mean in ns. */
void table_print_metrics(FILE *out, const struct run *r, int full);

/* The run's identity and its whole header, one "key: value" per line. */
void table_print_header(FILE *out, const struct run *r);

#endif /* RTBH_TABLE_H */
