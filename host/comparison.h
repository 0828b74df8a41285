/*
 * rtbench host - the comparison builder (comparison.c), shared by `compare`
 * (cmd/compare.c) and `report` (cmd/report.c, out/html_summary.c): which
 * rows a comparison of runs has and the cells of each.
 */
#ifndef RTBH_COMPARISON_H
#define RTBH_COMPARISON_H

#include <stddef.h>

#include "cli_globs.h"
#include "figure.h"

/* The rows of T (its runs set,
 * flags applied) selected by GLOBS (none: every metric) and their cells in
 * STAT and T's unit; the number of rows (0: nothing selected). Free the rows
 * with comparison_free_rows (the runs stay T's caller's). */
struct comparison;
struct cli_globs;
size_t comparison_build(struct comparison *t, enum figure_stat stat, const struct cli_globs *globs);
void comparison_free_rows(struct comparison *t);
/* The cells of T's rows in STAT and UNIT (T's own unit or another), as
 * comparison_build fills them; n_rows * n_runs (free them). */
struct cmp_cell *comparison_cells(const struct comparison *t, enum figure_stat stat,
                                  enum figure_unit unit);
/* The index of run B (loaded for --baseline REF) among the N RUNS, or N after
 * "rtbench CMD: --baseline REF (run #ID) is not one of the compared runs". */
struct run;
size_t comparison_baseline(const char *cmd, struct run **runs, size_t n, const struct run *b,
                           const char *ref);

#endif /* RTBH_COMPARISON_H */
