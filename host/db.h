/*
 * rtbench host - SQLite storage (WAL, transactions, schema version).
 */
#ifndef RTBH_DB_H
#define RTBH_DB_H

#include <sqlite3.h>

#include "model.h"

/* Default database path: $RTBENCH_DB, else $XDG_DATA_HOME/rtbench/rtbench.db,
 * else ~/.local/share/rtbench/rtbench.db (directories created). */
const char *db_default_path(void);
/* Open (creating and migrating as needed). 0, or -1 with a one-line message in err. */
int db_open(const char *path, sqlite3 **out, char *err, size_t errlen);
void db_close(sqlite3 *db);
/* Store a whole run in one transaction; sets r->id. */
int db_store_run(sqlite3 *db, struct run *r, char *err, size_t errlen);
/* Incremental storing for live runs: begin creates the run row (status
 * incomplete), add commits one metric, finish sets status and detail. */
int db_run_begin(sqlite3 *db, struct run *r, char *err, size_t errlen);
int db_run_add_metric(sqlite3 *db, const struct run *r, const struct metric *m, char *err,
                      size_t errlen);
int db_run_finish(sqlite3 *db, const struct run *r, char *err, size_t errlen);
/* Load a run by numeric id, or by label (the newest run with that label),
 * or "latest"/"last". 0, or -1 with a message. */
int db_load_run(sqlite3 *db, const char *ref, struct run *out, char *err, size_t errlen);

#endif /* RTBH_DB_H */
