/*
 * rtbench host - the subcommands. Each takes the arguments after its name
 * (argv[0] is the subcommand) and returns the process exit status:
 * 0 success, 1 the command ran but the answer is "no" (a regression, an
 * incomplete run, a failed benchmark), 2 bad usage or an input/IO error.
 */
#ifndef RTBH_CMDS_H
#define RTBH_CMDS_H

#include <stddef.h>

#include "figure.h"

int cmd_run(int argc, char **argv);     /* cmd/run.c */
int cmd_list(int argc, char **argv);    /* cmd/list.c */
int cmd_show(int argc, char **argv);    /* cmd/show.c */
int cmd_import(int argc, char **argv);  /* cmd/import.c */
int cmd_compare(int argc, char **argv); /* cmd/compare.c */
int cmd_check(int argc, char **argv);   /* cmd/check.c */
int cmd_sweep(int argc, char **argv);   /* cmd/sweep.c */
int cmd_report(int argc, char **argv);  /* cmd/report.c */

/* The subcommand table (cmd/cmds.c): NULL-terminated, in the order --help
 * lists them; the first is the default (rtbench with no subcommand). A new
 * subcommand = cmd/<name>.c + its line there (a test build may link its own
 * table in its place: tests/host/extensions.c). */
struct subcommand {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *what; /* one line for rtbench --help */
};
extern const struct subcommand subcommands[];

/* Shared by compare and report (cmd/compare.c): the rows of T (its runs set,
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

#endif /* RTBH_CMDS_H */
