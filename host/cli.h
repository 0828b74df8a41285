/*
 * rtbench host - what the subcommands do alike: their one-line errors, the
 * hand-parsed options of check, compare and import, the getopt errors of
 * run, list and show, the --metrics glob list, opening the database and
 * loading runs. Every message starts with "rtbench CMD: ".
 */
#ifndef RTBH_CLI_H
#define RTBH_CLI_H

#include <sqlite3.h>
#include <stddef.h>

#include "db.h"
#include "model.h"

/* "rtbench CMD: MSG" or, with ARG, "rtbench CMD: MSG: ARG" on stderr; returns 2. */
int cli_usage_err(const char *cmd, const char *msg, const char *arg);

/* 1 if A is -h or --help. */
int cli_is_help(const char *a);
/* 1 if A is the option NAME, alone or as NAME=VALUE. */
int cli_is_opt(const char *a, const char *name);
/* Value of the option NAME at argv[*i] (after cli_is_opt said yes): what
 * follows '=', else the next argument (*i then steps over it); "" if none. */
const char *cli_opt_value(int argc, char **argv, int *i, const char *name);
/* A string option NAME at argv[*i] (after cli_is_opt said yes): its value
 * into *out, 0; or, if it is empty or missing, "NAME needs WHAT" printed
 * and 2 ("empty --db path" for an empty --db value). */
int cli_opt_string(const char *cmd, int argc, char **argv, int *i, const char *name,
                   const char *what, const char **out);

/* "rtbench CMD: unexpected argument 'ARG' (see rtbench CMD --help)"; returns 2. */
int cli_extra_arg(const char *cmd, const char *arg);

/* "rtbench CMD: unknown option 'OPT' (see rtbench CMD --help)"; returns 2. */
int cli_unknown_opt(const char *cmd, const char *opt);

/* getopt_long returned C (':' a value is missing, anything else an unknown
 * option) for the commands parsed with getopt: prints the one-line error,
 * returns 2. */
int cli_getopt_err(const char *cmd, int c, char **argv);

/* A comma-separated list of id globs (--metrics); empty items are dropped. */
struct cli_globs {
    char *copy; /* the list, cut at the commas */
    char **v;
    size_t n;
};
/* Splits LIST (NULL: no globs) into G. */
void cli_globs_split(struct cli_globs *g, const char *list);
/* 1 if ID matches one of the globs (its index into *which, if not NULL);
 * 0 if none does, or there are none. */
int cli_globs_match(const struct cli_globs *g, const char *id, size_t *which);
void cli_globs_free(struct cli_globs *g);

/* Opens the database PATH (NULL: the default; see db_open) into *db; *used_path
 * (may be NULL) gets the path opened. 0, or 2 with "rtbench CMD: ERR" on stderr. */
int cli_open_db(const char *cmd, const char *path, enum db_mode mode, sqlite3 **db,
                const char **used_path);

/* Loads the run REF into *r. On error prints "rtbench CMD: WHAT REF: ERR"
 * (WHAT NULL: "rtbench CMD: ERR") and returns -1. */
int cli_load_run(const char *cmd, sqlite3 *db, const char *what, const char *ref, struct run *r);

/* If R is incomplete: "rtbench CMD: warning: [ROLE ]run NAME is incomplete (DETAIL)". */
void cli_warn_incomplete(const char *cmd, const char *role, const struct run *r);

#endif /* RTBH_CLI_H */
