/*
 * rtbench host - --where K=GLOB,... and --latest N, the options that select
 * runs by what was measured (meta.h) for list, compare, report, check and
 * history: parsed here, turned into run references ("#ID") for the commands
 * that take RUN arguments.
 */
#ifndef RTBH_CLI_SELECT_H
#define RTBH_CLI_SELECT_H

#include <stddef.h>
#include <stdint.h>

#include "meta.h"

struct cli_selection {
    struct meta_where where; /* --where (repeatable: all must match) */
    uint64_t latest;         /* --latest N, 0: all */
};

/* The getopt_long entries of --where ('W') and --latest ('N'). */
#define CLI_SELECTION_OPTIONS                                                                      \
    {"where", required_argument, NULL, 'W'},                                                       \
    {                                                                                              \
        "latest", required_argument, NULL, 'N'                                                     \
    }

/* --where ('W') or --latest ('N') VALUE into SEL: CLI_GO, or 2 after
 * "rtbench CMD: ..." on stderr. */
int cli_selection_option(const char *cmd, struct cli_selection *sel, int id, const char *value);
/* 1 if SEL selects anything (--where or --latest given). */
int cli_selection_given(const struct cli_selection *sel);
void cli_selection_free(struct cli_selection *sel);

/* The runs SEL selects in the database PATH as references "#ID", oldest
 * first, into *REFS (*N of them; free with cli_selection_refs_free). None
 * is an error: 0, or 2 after "rtbench CMD: no stored run matches ...". */
int cli_selection_refs(const char *cmd, const char *path, const struct cli_selection *sel,
                       char ***refs, size_t *n);
void cli_selection_refs_free(char **refs, size_t n);

/* The runs of a command taking RUN arguments: the N_ARGS references ARGS
 * (copied), or, when SEL selects, the runs it selects (giving both is an
 * error). CLI_GO with *REFS (free with cli_selection_refs_free), or 2 after
 * a one-line error. */
int cli_selection_args(const char *cmd, const char *path, const struct cli_selection *sel,
                       int n_args, char *const *args, char ***refs, size_t *n);

#endif /* RTBH_CLI_SELECT_H */
