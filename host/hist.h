/*
 * rtbench host - histograms of results (G records, docs/records.md): putting
 * one together from its records, and telling when it is not whole.
 */
#ifndef RTBH_HIST_H
#define RTBH_HIST_H

#include <stdint.h>

#include "run.h"

/* The most buckets a result may announce (a target emits at most 64): a
 * bound on what a record can make the host allocate. */
#define HIST_MAX_BUCKETS 4096u

/*
 * Adds buckets FIRST.. with COUNTS ("3,0,17") to the histogram that result M
 * announced (M->hist_want buckets of WIDTH from LO). Returns 1 when the
 * histogram is now whole, 0 while buckets are missing, or -1 with *why (a
 * static phrase) when the record is refused and nothing changed: bad counts
 * or geometry, buckets beyond those announced or already received (a
 * duplicated record). A whole histogram whose counts do not add up to the
 * result's samples is dropped (-1).
 */
int hist_add(struct metric *m, uint64_t lo, uint64_t width, uint64_t first, const char *counts,
             const char **why);

/* Why the histograms run R announced are not all whole ("histogram of ID:
 * 16 of 32 buckets received"; owned), or NULL when they are. */
char *hist_missing(const struct run *r);

/* "3,0,17" of a histogram's counts (owned), and back: 0, or -1 if S is not
 * N counts. */
char *hist_counts_text(const struct hist *h);
int hist_counts_parse(const char *s, uint64_t *out, size_t n);

#endif /* RTBH_HIST_H */
