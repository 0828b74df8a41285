/*
 * rtbench host - the text writer (out/text.c), and its one-run table,
 * which `run` prints after each run.
 */
#ifndef RTBH_OUT_TEXT_H
#define RTBH_OUT_TEXT_H

#include <stdio.h>

#include "run.h"

extern const struct writer writer_text;

/* One row per metric: id, mean, p50, p99, max, unit, flags; n/a and
 * FAILED rows with their reason. FULL adds n, min, p90, p99.9, sd and the
 * mean in ns. */
void text_metrics_table(FILE *out, const struct run *r, int full);

struct history;
/* `history` as text (out/text_history.c): per metric, one row per run. */
int text_history(FILE *out, const struct history *h);

#endif /* RTBH_OUT_TEXT_H */
