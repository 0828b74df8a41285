/*
 * rtbench host - one `rtbench run` while its target runs: the target's
 * output (target_run) into the record parser and the database, progress on
 * stderr and a table per run on stdout (cmd/run.c sets it up and ends it).
 *
 * Each run is stored as soon as its header arrives (status 'incomplete',
 * detail "running: rtbench pid P start S on HOST", S its start time, so
 * that a run left behind by a killed rtbench says so even when P is reused) and each result is
 * committed as it arrives, so a hang, a crash or a Ctrl-C loses nothing already measured. What is
 * said about storage is what is stored: the first failure to store is one error line, nothing more
 * of that run is attempted, and at its end the database is asked what it holds of the run, which is
 * what is reported.
 */
#ifndef RTBH_RUN_SESSION_H
#define RTBH_RUN_SESSION_H

#include <sqlite3.h>

#include "record_parser.h"
#include "target/target.h"

struct cycle_run; /* cycle_model.h */

struct run_session {
    sqlite3 *db;
    const char *db_path;
    const char *label;
    char *const *meta; /* key, value, ... (n_meta strings) stored with each run (meta.h) */
    size_t n_meta;
    const struct target_cmd *target;
    struct record_parser parser;
    int tty;
    int progress_shown;
    int db_failed;  /* a store failed: exit 2 at the end */
    int any_failed; /* a benchmark reported FAILED */
    int any_incomplete;
    int output_done;         /* the last run ended with its end record, no other began */
    int store_broken;        /* the open run could not be stored whole: no more of it is tried */
    char store_error[512];   /* the first storage error of the open run */
    char running[160];       /* the benchmark the target said it started ("" when none) */
    struct cycle_run *cycle; /* --cycle-model: the model's outcome, to attach to the run */
    int cycle_failed;        /* the model's figures were not stored: exit 2 */
    char target_error[160];  /* the runner's "rtbench: error: ..." outside a run, if any */
    char err[512];
};

/* target_line_fn: one line of the target's output. */
int run_session_line(void *ctx, const char *line, size_t len);
/* Stores the end of run R (closed by the parser) and prints it. */
void run_session_finish_run(struct run_session *session, struct run *r);
/* Clears the progress line of a terminal. */
void run_session_clear_progress(struct run_session *session);
/* After a feed or record_parser_finish(): the samples that feed closed
 * whole stored, or the line saying why they were refused. */
void run_session_samples(struct run_session *session);

#endif /* RTBH_RUN_SESSION_H */
