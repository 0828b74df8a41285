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
int cmd_history(int argc, char **argv); /* cmd/history.c */
int cmd_bisect(int argc, char **argv);  /* cmd/bisect.c */

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

#endif /* RTBH_CMDS_H */
