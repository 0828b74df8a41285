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

int cmd_run(int argc, char **argv);     /* cmd_run.c */
int cmd_list(int argc, char **argv);    /* cmd_list.c */
int cmd_show(int argc, char **argv);    /* cmd_show.c */
int cmd_import(int argc, char **argv);  /* cmd_import.c */
int cmd_compare(int argc, char **argv); /* cmd_compare.c */
int cmd_check(int argc, char **argv);   /* cmd_check.c */
int cmd_sweep(int argc, char **argv);   /* cmd_sweep.c */
int cmd_report(int argc, char **argv);  /* cmd_report.c */

/* Shared by compare and report (cmd_compare.c): the rows of T (its runs set,
 * flags applied) selected by GLOBS (none: every metric) and their cells in
 * STAT and T's unit; the number of rows (0: nothing selected). Free the rows
 * with comparison_free_rows (the runs stay T's caller's). */
struct comparison;
struct cli_globs;
size_t comparison_build(struct comparison *t, enum figure_stat stat, const struct cli_globs *globs);
void comparison_free_rows(struct comparison *t);

#endif /* RTBH_CMDS_H */
