/*
 * rtbench host - the samples of a result: the S records' encoding
 * (docs/records.md) decoded and checked, and the same encoding for the
 * database (metric_samples.data).
 */
#ifndef RTBH_SAMPLES_H
#define RTBH_SAMPLES_H

#include <stddef.h>
#include <stdint.h>

#include "record_parser.h"
#include "run.h"

/* M's samples started, empty, expecting the R record's n (replacing any). */
struct samples *samples_start(struct metric *m);
/* The S record F (id, hdr, seq already checked by the parser) appended to
 * S. 0, or -1 with why the samples are refused in *why (static storage):
 * a chunk missing, arrived twice or overlapping, malformed, out of order,
 * or more samples than announced. */
int samples_feed(struct samples *s, const struct field *f, size_t nf, const char **why);
/* At the record after the last S record of M: NULL when M's samples are
 * whole and agree with its figures (n, min, max, p50, p90, p99; then
 * closed), else why not (static storage). */
const char *samples_close(struct metric *m);
/* The index (0-based) of the nearest-rank PER_MILLE/1000 quantile of N
 * ascending values (N >= 1), as the target takes its percentiles: the
 * smallest with at least that share of the values at or below it. */
size_t samples_rank(size_t n, unsigned per_mille);
/* The encoding of S's values as one chunk (allocated), and back: 0, or -1
 * when TEXT is not N values. */
char *samples_text(const struct samples *s);
int samples_parse(struct metric *m, const char *text, uint64_t n);

#endif /* RTBH_SAMPLES_H */
