/*
 * rtbench host - artifact flags on figures (rules: docs/cli.md, "Flags").
 *
 * Flagged figures are shown with their flag, never averaged in or dropped.
 */
#ifndef RTBH_ARTIFACT_H
#define RTBH_ARTIFACT_H

#include <stddef.h>

#include "run.h"

/* Flags that make a figure suspect: `check` reports such figures apart and
 * does not count them as regressions. */
#define MF_ARTIFACTS                                                                               \
    (MF_UNDERFLOW | MF_OUTLIER | MF_NOSCHED | MF_CLAMPED | MF_SATURATED | MF_CONSTANT |            \
     MF_UNRESOLVED | MF_INFLATED)

/* Iterations assumed for a Zephyr latency_measure log when the header has no
 * `iters` (CONFIG_BENCHMARK_NUM_ITERATIONS defaults to 1000). */
#define ARTIFACT_ZEPHYR_DEFAULT_ITERS 1000u

/* Constant: a run of at least this many timed figures, all 0, or at least
 * ARTIFACT_CONSTANT_VALUE_MIN of them all one other value (a few cheap
 * operations read on a coarse timer can agree: RTEMS's psxtmkey02 prints
 * three rows of 11). */
#define ARTIFACT_CONSTANT_MIN 3u
#define ARTIFACT_CONSTANT_VALUE_MIN 5u

/* Outlier: more than this times the median of the siblings. */
#define ARTIFACT_OUTLIER_FACTOR 10.0

/* Inflated: the mean above p50 by more than this fraction of p50, with a max
 * over ARTIFACT_OUTLIER_FACTOR x p50 and a p99 within ARTIFACT_INFLATED_BULK x
 * p50 (the long windows under 1% of them), while the median sibling's excess
 * is under ARTIFACT_INFLATED_SIBLING of it. */
#define ARTIFACT_INFLATED_EXCESS 0.25
#define ARTIFACT_INFLATED_BULK 2.0
#define ARTIFACT_INFLATED_SIBLING 0.25

/* The run header naming the tool's declared resolution: one count of its
 * counter, in the run's unit (the importers that know it set it). */
#define ARTIFACT_RESOLUTION_KEY "resolution"

/* Name of one flag bit ("underflow", "outlier", ...), NULL if unknown. */
const char *artifact_name(unsigned bit);
/* Marker character used in text and Markdown tables, 0 if none. */
char artifact_marker(unsigned bit);
/* Names of the flags set in FLAGS, in bit order, separated by SEP, into buf
 * ("" when none). */
void artifact_names(unsigned flags, const char *sep, char *buf, size_t len);

/* The figure the flag rules look at: p50 if the metric has percentiles, else the mean. */
double artifact_metric_value(const struct metric *m);

/* Sibling group of a metric id ("queue|ctx", "events|imm", ...) into buf;
 * 0 if the id has no siblings (calib.*, unknown shapes). */
int artifact_sibling_key(const char *id, char *buf, size_t len);

/* Within one run: MF_UNDERFLOW, MF_OUTLIER, MF_CONSTANT, MF_UNRESOLVED and
 * MF_INFLATED (never clears a flag). */
void artifact_flag_run(struct run *r);
/* Across runs: MF_OUTLIER on a figure more than 10x the same metric in the
 * other runs, after scaling each run by its typical ratio to the first run
 * within the metric's sibling group (groups with fewer than 3 shared metrics
 * are not judged across runs). Call artifact_flag_run first. */
void artifact_flag_compare(struct run **runs, size_t n);

#endif /* RTBH_ARTIFACT_H */
