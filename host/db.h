/*
 * rtbench host - SQLite storage (WAL, transactions, schema version). Every
 * SQL statement of rtbench is in db.c (connection, schema, transactions),
 * db_store.c (writing runs) and db_read.c (reading them).
 */
#ifndef RTBH_DB_H
#define RTBH_DB_H

#include <sqlite3.h>

#include "model.h"

/* Default database path: $RTBENCH_DB, else $XDG_DATA_HOME/rtbench/rtbench.db,
 * else ~/.local/share/rtbench/rtbench.db (./rtbench.db without HOME). Only
 * computes it: nothing is created. */
const char *db_default_path(void);

/* How a command opens the database. */
enum db_mode {
    DB_READ,  /* it must exist ("no database at PATH"): reading never creates one */
    DB_CREATE /* created if missing, with the directories of the default path */
};

/* Opens PATH (NULL: db_default_path()) into *out, migrating an older schema;
 * *used_path (if not NULL) gets the path opened. 0, or -1 with a one-line
 * message in err ("empty --db path" for ""). */
int db_open(const char *path, enum db_mode mode, sqlite3 **out, const char **used_path, char *err,
            size_t errlen);
void db_close(sqlite3 *db);

/* Store a whole run in one transaction; sets r->id. */
int db_store_run(sqlite3 *db, struct run *r, char *err, size_t errlen);
/* Incremental storing for live runs: begin creates the run row (status
 * incomplete), add commits one metric, finish sets status and detail. */
int db_run_begin(sqlite3 *db, struct run *r, char *err, size_t errlen);
int db_run_add_metric(sqlite3 *db, const struct run *r, const struct metric *m, char *err,
                      size_t errlen);
/* Stores the (whole) histogram of metric m of the live run r, which
 * db_run_add_metric stored before its G records arrived. */
int db_run_add_hist(sqlite3 *db, const struct run *r, const struct metric *m, char *err,
                    size_t errlen);
int db_run_finish(sqlite3 *db, const struct run *r, char *err, size_t errlen);

/* Load a run by numeric id, or by label (the newest run with that label),
 * or "latest"/"last". 0, or -1 with a message. */
int db_load_run(sqlite3 *db, const char *ref, struct run *out, char *err, size_t errlen);

/* One line of `rtbench list`: a stored run without its metrics. Text fields
 * are never NULL ("" when the run has no such value). */
struct run_summary {
    int64_t id;
    char *created, *label, *source, *port, *board, *kernel, *kver, *status, *status_detail;
    uint64_t n_metrics;
};

/* The stored runs, oldest first: those whose label matches the SQLite GLOB
 * LABEL_GLOB (NULL: all), the newest LIMIT of them (0: all). 0, or -1 with a
 * message. Free with db_free_summaries. */
int db_list_runs(sqlite3 *db, const char *label_glob, uint64_t limit, struct run_summary **out,
                 size_t *n, char *err, size_t errlen);
void db_free_summaries(struct run_summary *s, size_t n);

#endif /* RTBH_DB_H */
