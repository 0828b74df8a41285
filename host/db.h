/*
 * rtbench host - SQLite storage (WAL, transactions, schema version). Every
 * SQL statement of rtbench is in db.c (connection, schema, transactions),
 * db_store.c (writing runs) and db_read.c (reading them).
 */
#ifndef RTBH_DB_H
#define RTBH_DB_H

#include <sqlite3.h>

#include "run.h"

/* Default database path: $RTBENCH_DB, else $XDG_DATA_HOME/rtbench/rtbench.db,
 * else ~/.local/share/rtbench/rtbench.db (./rtbench.db without HOME). Only
 * computes it: nothing is created. */
const char *db_default_path(void);

/* How a command opens the database. */
enum db_mode {
    DB_READ,    /* read-only: it must exist ("no database at PATH") and be rtbench's at
                   this schema version; nothing is written (a read-only file or file
                   system is fine) */
    DB_CREATE,  /* created if missing, with the directories of the default path; an
                   older schema is migrated */
    DB_READ_OLD /* DB_READ, but an older schema is opened as it is (untouched): the
                   caller reads it through a migrated copy (db_merge.c) */
};

/* Opens PATH (NULL: db_default_path()) into *out; *used_path (if not NULL)
 * gets the path opened. PATH is a file name: ":memory:" and "file:" URIs
 * are refused. The file is inspected before anything is written to it: a
 * schema version outside 0..current, or an SQLite database of something
 * else, is refused and left untouched. 0, or -1 with a one-line message in
 * err ("empty --db path" for ""). */
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
/* Stores the (whole, checked) samples of metric m of the live run r, after
 * its S records. */
int db_run_add_samples(sqlite3 *db, const struct run *r, const struct metric *m, char *err,
                       size_t errlen);
int db_run_finish(sqlite3 *db, const struct run *r, char *err, size_t errlen);
/* What the database holds of run ID: its number of metrics and whether it
 * is complete. 0, or -1 with a message (no such run, unreadable). */
int db_run_stored(sqlite3 *db, int64_t id, uint64_t *n_metrics, int *complete, char *err,
                  size_t errlen);

/* Load a run by REF: "#N" or a number (the id), "label:NAME" or any other
 * word (the newest run with that label: label: for a label that is a
 * number or "latest"), "latest"/"last". 0, or -1 with a message. */
int db_load_run(sqlite3 *db, const char *ref, struct run *out, char *err, size_t errlen);

/* One line of `rtbench list`: a stored run without its metrics. Text fields
 * are never NULL ("" when the run has no such value). */
struct run_summary {
    int64_t id;
    char *created, *label, *source, *port, *board, *kernel, *kver, *status, *status_detail;
    uint64_t n_metrics;
    struct kv *meta; /* the run's meta (host/meta.h), in order */
    size_t n_meta;
};

struct meta_where; /* meta.h */
/* The stored runs, oldest first: those whose label matches the SQLite GLOB
 * LABEL_GLOB (NULL: all) and that WHERE selects (NULL: all; db_select.h), the
 * newest LIMIT of them (0: all). 0, or -1 with a message. Free with
 * db_free_summaries. */
int db_list_runs(sqlite3 *db, const char *label_glob, const struct meta_where *where,
                 uint64_t limit, struct run_summary **out, size_t *n, char *err, size_t errlen);
void db_free_summaries(struct run_summary *s, size_t n);

/* What db_import_db did. */
struct db_import {
    size_t runs;   /* runs the source holds */
    size_t copied; /* copied now, as runs first..last of the destination (in order) */
    int64_t first, last;
    size_t incomplete; /* of those copied, incomplete ones */
    size_t present;    /* already there, with the same content */
    char **refusals;   /* one line per run there with other content (not copied) */
    size_t n_refused;
    int old_version; /* the source's schema version when older (read through a migrated
                        copy, the file untouched), else 0 */
};
/* Copies every run of the rtbench database PATH into DB (db_merge.c), each
 * with all it owns, in its own transaction; a run already in DB (the same
 * uuid, the same content) is skipped, one there with other content is
 * refused (a line in c->refusals). PATH is opened read-only; one of an
 * older schema is read through a migrated temporary copy. 0 (refusals
 * included), or -1 with a message (the runs copied before it are kept).
 * Free c with db_import_free. */
int db_import_db(sqlite3 *db, const char *path, struct db_import *c, char *err, size_t errlen);
void db_import_free(struct db_import *c);
/* Removes the database file PATH with its -wal and -shm files. */
void db_remove_file(const char *path);

#endif /* RTBH_DB_H */
