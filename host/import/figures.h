/*
 * rtbench host - the figures of one line of a log, as the importers of
 * column output read them (import/cyclictest_hist.c, import/rtla_timerlat.c).
 */
#ifndef RTBH_FIGURES_H
#define RTBH_FIGURES_H

#include <stddef.h>
#include <stdint.h>

/* "-" in a column: a figure the tool did not have (FIGURES_DASH). */
#define FIGURE_NONE UINT64_MAX
#define FIGURES_DASH 1

/* Up to MAX decimals separated by blanks (spaces, tabs, CRs) from P to END
 * into V (with FIGURES_DASH in FLAGS, a lone "-" is FIGURE_NONE); their
 * count, or -1 if anything else is there, there are more, or one is over
 * 10^15. */
long figures_read(const char *p, const char *end, uint64_t *v, size_t max, int flags);

#endif /* RTBH_FIGURES_H */
