/*
 * rtbench host - what the subcommands do alike: their one-line errors, their
 * options (one parser, getopt_long), the --metrics glob list, opening the
 * database and loading runs. Every message starts with "rtbench CMD: ".
 */
#ifndef RTBH_CLI_H
#define RTBH_CLI_H

#include <getopt.h>
#include <sqlite3.h>
#include <stddef.h>
#include <stdio.h>

#include "db.h"
#include "cli_globs.h"
#include "run.h"
#include "out/writer.h"

/* "rtbench CMD: MSG" or, with ARG, "rtbench CMD: MSG: ARG" on stderr; returns 2. */
int cli_usage_err(const char *cmd, const char *msg, const char *arg);

/* A subcommand's options, parsed by cli_parse with getopt_long. */
struct cli_command {
    const char *name;             /* "check": messages start with "rtbench check: " */
    const char *usage;            /* printed on stdout for -h / --help */
    const struct option *options; /* getopt_long's table (struct option, <getopt.h>);
                                     "help" is understood without being listed */
    const char *short_options;    /* getopt's short options ("t:f:"), "" if none */
    int writes;  /* 1 + the enum document its --format writes (help lists the writers), or 0 */
    int imports; /* 1: --help lists the importers */
    int targets; /* 1: --help lists the target kinds (--target) */
};

/* What cli_parse's callback returns to go on. */
#define CLI_GO (-1)

/* Parses ARGV (argv[0] is the subcommand) with getopt_long: each option
 * goes to ON_OPTION(CTX, its val, its value or NULL), which returns CLI_GO or
 * an exit status after printing its one-line error. An unknown option is
 * "rtbench CMD: unknown option 'OPT' (see rtbench CMD --help)", a missing
 * value "rtbench CMD: option 'OPT' needs a value". Returns CLI_GO with the
 * other arguments (in their order) in argv[*first..argc-1], 0 after --help,
 * or 2 after an error. */
int cli_parse(const struct cli_command *c, int argc, char **argv,
              int (*on_option)(void *ctx, int id, const char *value), void *ctx, int *first);

/* "rtbench CMD: unexpected argument 'ARG' (see rtbench CMD --help)"; returns 2. */
int cli_extra_arg(const char *cmd, const char *arg);

/* A strictly positive integer option VALUE up to MAX into *out; else "rtbench
 * CMD: NAME must be an integer from 1 to MAX, not 'VALUE'" and CLI_GO is not
 * returned (2). */
int cli_uint_option(const char *cmd, const char *name, const char *value, unsigned max,
                    unsigned *out);

/* Set by the fuzz target of the command line (tests/fuzz/fuzz_cli.c): every
 * command parses and checks its arguments, then stops where it would open
 * the database (cli_open_db returns 2 at once): nothing is read, written or
 * started. 0 in rtbench. */
extern int cli_dry_run;

/* Opens the database PATH (NULL: the default; see db_open) into *db; *used_path
 * (may be NULL) gets the path opened. 0, or 2 with "rtbench CMD: ERR" on stderr. */
int cli_open_db(const char *cmd, const char *path, enum db_mode mode, sqlite3 **db,
                const char **used_path);

/* Loads the run REF into *r. On error prints "rtbench CMD: WHAT REF: ERR"
 * (WHAT NULL: "rtbench CMD: ERR") and returns -1. */
int cli_load_run(const char *cmd, sqlite3 *db, const char *what, const char *ref, struct run *r);

/* Opens the database PATH (DB_READ) and loads the N runs REFS into *runs
 * (free with runs_free; flags of each run applied: artifact_flag_run); ROLES[i]
 * names run i in errors (NULL: "run"). 0, or 2 after a one-line error. */
int cli_load_runs(const char *cmd, const char *path, char *const *refs, size_t n,
                  const char *const *roles, struct run ***runs);

/* --format VALUE for a command writing DOC: the writer into *out and CLI_GO,
 * or 2 after "rtbench CMD: --format must be ..., not: VALUE". */
int cli_writer_option(const char *cmd, const char *value, enum document doc,
                      const struct writer **out);
/* After a writer returned RC: flushes stdout; 0, or 2 after "rtbench CMD:
 * cannot write the output". */
int cli_write_done(const char *cmd, int rc);

/* Writes a file PATH by WRITE(f, CTX) (0, or -1 on an output error) through
 * a temporary file beside it renamed into place, so that an error never leaves
 * half a file nor touches an existing one. 0, or 2 after "rtbench CMD: cannot
 * write WHAT: PATH". */
int cli_write_file(const char *cmd, const char *what, const char *path,
                   int (*write)(FILE *f, const void *ctx), const void *ctx);

/* If R is incomplete: "rtbench CMD: warning: [ROLE ]run NAME is incomplete (DETAIL)". */
void cli_warn_incomplete(const char *cmd, const char *role, const struct run *r);

struct comparison;
/* Loads the N runs REFS of the database PATH into T (runs, n_runs = N) and,
 * when BASELINE_REF is not NULL, that run after them; *BASELINE is its index
 * among the N (0 without one). 0, or 2 after a one-line error (T holds nothing
 * then). Free with runs_free(t->runs, N + (BASELINE_REF != NULL)). */
int cli_load_compared(const char *cmd, const char *path, char *const *refs, size_t n,
                      const char *baseline_ref, struct comparison *t, size_t *baseline);

#endif /* RTBH_CLI_H */
