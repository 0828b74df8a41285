/*
 * rtbench host - selecting stored runs by what was measured (--where,
 * --latest: meta.h) and reading a metric's history over them in one pass
 * (history.h). The SQL of both is in db_select.c.
 */
#ifndef RTBH_DB_SELECT_H
#define RTBH_DB_SELECT_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

#include "history.h"
#include "meta.h"

/* SQL that is true for the run r.id matching every pair of W (appended to
 * a WHERE clause: " AND (...)" per pair, "" for none), its parameters from
 * ?FIRST on (two per pair): bind them with db_where_bind. Free the text. */
char *db_where_sql(const struct meta_where *w, int first);
void db_where_bind(sqlite3_stmt *st, const struct meta_where *w, int first);

/* The ids of the runs matching W (NULL or empty: all), oldest first; only
 * the newest LATEST of them (0: all). 0, or -1 with a message. */
int db_select_runs(sqlite3 *db, const struct meta_where *w, uint64_t latest, int64_t **ids,
                   size_t *n, char *err, size_t errlen);

/* The history of the runs matching W (the newest LATEST, 0: all), oldest
 * first: each metric that WANT(CTX, id) accepts, a series (in the order
 * they first appear), its figure p50 where the run has percentiles, else
 * the mean. 0, or -1 with a message (H then holds nothing). */
int db_load_history(sqlite3 *db, const struct meta_where *w, uint64_t latest,
                    int (*want)(const void *ctx, const char *metric), const void *ctx,
                    struct history *h, char *err, size_t errlen);

#endif /* RTBH_DB_SELECT_H */
