/*
 * rtbench host - writing runs to the database (db.h): a whole run in one
 * transaction (import), or a live run row by row (run). A live run is
 * created 'incomplete' and only marked 'complete' by db_run_finish(), so a
 * run killed half-way stays consistent and honest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "db_internal.h"
#include "hist.h"
#include "samples.h"
#include "util.h"

static const char *state_name(enum metric_state s)
{
    return s == MS_NA ? "na" : s == MS_FAILED ? "failed" : "ok";
}

static int insert_run_row(sqlite3 *db, struct run *r, char *err, size_t errlen)
{
    static const char sql[] =
        "INSERT INTO runs(label,source,format,created,host,status,status_detail,"
        "unit,ns_per_unit,uuid) VALUES(?,?,?,?,?,?,?,?,?,?)";
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot store the run");
    run_stamp(r);
    db_bind_text(st, 1, r->label);
    db_bind_text(st, 2, r->source ? r->source : "unknown");
    db_bind_text(st, 3, r->origin ? r->origin : "rtbench");
    db_bind_text(st, 4, r->created);
    db_bind_text(st, 5, r->host);
    db_bind_text(st, 6, r->status == RUN_COMPLETE ? "complete" : "incomplete");
    db_bind_text(st, 7, r->status_detail);
    db_bind_text(st, 8, r->unit);
    if (r->ns_per_unit > 0)
        sqlite3_bind_double(st, 9, r->ns_per_unit);
    else
        sqlite3_bind_null(st, 9);
    char uuid[DB_UUID_LEN + 1];
    db_uuid_new(uuid); /* the run's id in every database it is imported into */
    db_bind_text(st, 10, uuid);
    int rc = db_step_retry(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, err, errlen, "cannot store the run");
    r->id = sqlite3_last_insert_rowid(db);
    return 0;
}

static int write_header(sqlite3 *db, const struct run *r, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "DELETE FROM run_header WHERE run_id=?", -1, &st, NULL) != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot store the run header");
    sqlite3_bind_int64(st, 1, r->id);
    int rc = db_step_retry(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, err, errlen, "cannot store the run header");
    if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO run_header(run_id,key,value) VALUES(?,?,?)",
                           -1, &st, NULL) != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot store the run header");
    for (size_t i = 0; i < r->n_hdr; i++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, r->id);
        db_bind_text(st, 2, r->hdr[i].key);
        db_bind_text(st, 3, r->hdr[i].value ? r->hdr[i].value : "");
        if (db_step_retry(st) != SQLITE_DONE) {
            sqlite3_finalize(st);
            return db_fail(db, err, errlen, "cannot store the run header");
        }
    }
    sqlite3_finalize(st);
    return 0;
}

/* The meta of run R (host/meta.h), in its order. */
static int write_meta(sqlite3 *db, const struct run *r, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    if (r->n_meta == 0)
        return 0;
    if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO run_meta(run_id,key,value) VALUES(?,?,?)",
                           -1, &st, NULL) != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot store the run's meta");
    for (size_t i = 0; i < r->n_meta; i++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, r->id);
        db_bind_text(st, 2, r->meta[i].key);
        db_bind_text(st, 3, r->meta[i].value);
        if (db_step_retry(st) != SQLITE_DONE) {
            sqlite3_finalize(st);
            return db_fail(db, err, errlen, "cannot store the run's meta");
        }
    }
    sqlite3_finalize(st);
    return 0;
}

/* Prepared statements kept for the connection (an import of 100,000
 * results prepared each insert 100,000 times: most of its CPU time). Keyed
 * by the SQL text's address (each is a static string of this file). */
/* SQL prepared for DB (db.c's statement cache: reset, bindings cleared), or NULL. */
static sqlite3_stmt *cached(sqlite3 *db, const char *sql)
{
    return db_stmt_cached(db, sql);
}

/* The extra figures of metric SEQ of run RUN_ID (replacing any stored). */
static int insert_extras(sqlite3 *db, int64_t run_id, int64_t seq, const struct metric *m,
                         char *err, size_t errlen)
{
    static const char sql[] = "INSERT OR REPLACE INTO metric_extra(run_id,seq,key,value) "
                              "VALUES(?,?,?,?)";
    sqlite3_stmt *st;
    if (m->n_extra == 0)
        return 0;
    if (!(st = cached(db, sql)))
        return db_fail(db, err, errlen, "cannot store a metric's extra figures");
    for (size_t i = 0; i < m->n_extra; i++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_int64(st, 2, seq);
        db_bind_text(st, 3, m->extra[i].key);
        db_bind_text(st, 4, m->extra[i].value);
        if (db_step_retry(st) != SQLITE_DONE)
            return db_fail(db, err, errlen, "cannot store a metric's extra figures");
    }
    sqlite3_reset(st);
    return 0;
}

/* The statistics of metric SEQ in its other units (metric_other_units). */
static int insert_other_units(sqlite3 *db, int64_t run_id, int64_t seq, const struct metric *m,
                              char *err, size_t errlen)
{
    static const char sql[] =
        "INSERT OR REPLACE INTO "
        "metric_other_units(run_id,seq,unit,n,mean,sd,min,max,p50,p90,p99,p999)"
        " VALUES(?,?,?,?,?,?,?,?,?,?,?,?)";
    sqlite3_stmt *st;
    if (m->n_other_units == 0)
        return 0;
    if (!(st = cached(db, sql)))
        return db_fail(db, err, errlen, "cannot store a metric's second unit");
    for (size_t i = 0; i < m->n_other_units; i++) {
        const struct metric_stats *u = &m->other_units[i];
        const uint64_t v[] = {u->min, u->max, u->p50, u->p90, u->p99, u->p999};
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_int64(st, 2, seq);
        db_bind_text(st, 3, u->unit);
        sqlite3_bind_int64(st, 4, (int64_t)u->n);
        sqlite3_bind_double(st, 5, u->mean);
        sqlite3_bind_double(st, 6, u->sd);
        for (int k = 0; k < 6; k++)
            sqlite3_bind_int64(st, 7 + k, (int64_t)v[k]);
        if (db_step_retry(st) != SQLITE_DONE)
            return db_fail(db, err, errlen, "cannot store a metric's second unit");
    }
    sqlite3_reset(st);
    return 0;
}

/* The histogram of metric SEQ of run RUN_ID, if it has a whole one. */
static int insert_hist(sqlite3 *db, int64_t run_id, int64_t seq, const struct metric *m, char *err,
                       size_t errlen)
{
    static const char sql[] = "INSERT OR REPLACE INTO metric_hist(run_id,seq,lo,width,counts) "
                              "VALUES(?,?,?,?,?)";
    sqlite3_stmt *st;
    if (!metric_hist_complete(m))
        return 0;
    if (!(st = cached(db, sql)))
        return db_fail(db, err, errlen, "cannot store a histogram");
    char *counts = hist_counts_text(m->hist);
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_int64(st, 2, seq);
    sqlite3_bind_int64(st, 3, (int64_t)m->hist->lo);
    sqlite3_bind_int64(st, 4, (int64_t)m->hist->width);
    db_bind_text(st, 5, counts);
    int rc = db_step_retry(st);
    sqlite3_reset(st);
    free(counts);
    if (rc != SQLITE_DONE)
        return db_fail(db, err, errlen, "cannot store a histogram");
    return 0;
}

/* The samples of metric SEQ of run RUN_ID, if it has them whole. */
static int insert_samples(sqlite3 *db, int64_t run_id, int64_t seq, const struct metric *m,
                          char *err, size_t errlen)
{
    static const char sql[] = "INSERT OR REPLACE INTO metric_samples(run_id,seq,n,data) "
                              "VALUES(?,?,?,?)";
    sqlite3_stmt *st;
    if (!m->samples || !m->samples->closed)
        return 0;
    if (!(st = cached(db, sql)))
        return db_fail(db, err, errlen, "cannot store a result's samples");
    char *data = samples_text(m->samples);
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_int64(st, 2, seq);
    sqlite3_bind_int64(st, 3, (int64_t)m->samples->n);
    db_bind_text(st, 4, data);
    int rc = db_step_retry(st);
    sqlite3_reset(st);
    free(data);
    if (rc != SQLITE_DONE)
        return db_fail(db, err, errlen, "cannot store a result's samples");
    return 0;
}

/* Text bound without a copy (SQLITE_STATIC): S outlives the statement's
 * step, which the caller resets before S may go. */
static void bind_static(sqlite3_stmt *st, int i, const char *s)
{
    if (s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, i);
}

#define METRIC_COLUMNS                                                                             \
    "metrics(run_id,seq,id,\"desc\",state,reason,err,flags,has_pct,n,mean,sd,min,max,p50,p90,"     \
    "p99,p999,mean_ns,unit,higher_better) VALUES"
#define METRIC_ROW "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
#define METRIC_PARAMS 21
#define METRIC_ROWS_4 METRIC_ROW "," METRIC_ROW "," METRIC_ROW "," METRIC_ROW
#define METRIC_ROWS_16 METRIC_ROWS_4 "," METRIC_ROWS_4 "," METRIC_ROWS_4 "," METRIC_ROWS_4
/* Rows of one INSERT of a new run's metrics: a statement's start and end
 * (its cursors, its checks) are paid once for 32 rows, a third of SQLite's
 * instructions per row. */
#define METRIC_BATCH 32

/* Metric M (SEQ of run RUN_ID) bound to the METRIC_PARAMS parameters of ST
 * after the FIRST ones; what it lacks stays NULL (bindings cleared). */
static void bind_metric(sqlite3_stmt *st, int first, int64_t run_id, int64_t seq,
                        const struct metric *m)
{
    sqlite3_bind_int64(st, first + 1, run_id);
    sqlite3_bind_int64(st, first + 2, seq);
    bind_static(st, first + 3, m->id);
    bind_static(st, first + 4, m->desc);
    bind_static(st, first + 5, state_name(m->state));
    bind_static(st, first + 6, m->reason);
    sqlite3_bind_int(st, first + 7, m->err);
    sqlite3_bind_int64(st, first + 8, (int64_t)m->flags);
    sqlite3_bind_int(st, first + 9, m->has_pct ? 1 : 0);
    if (m->state == MS_OK) {
        /* Unsigned values are stored as their 64-bit pattern (lossless). */
        const uint64_t v[] = {m->min, m->max, m->p50, m->p90, m->p99, m->p999};
        sqlite3_bind_int64(st, first + 10, (int64_t)m->n);
        sqlite3_bind_double(st, first + 11, m->mean);
        if (m->has_pct) {
            sqlite3_bind_double(st, first + 12, m->sd);
            for (int k = 0; k < 6; k++)
                sqlite3_bind_int64(st, first + 13 + k, (int64_t)v[k]);
        }
        if (m->mean_ns >= 0)
            sqlite3_bind_double(st, first + 19, m->mean_ns);
    }
    bind_static(st, first + 20, m->unit);
    sqlite3_bind_int(st, first + 21, m->higher_better ? 1 : 0);
}

/* The rows of metric SEQ's own tables: extra figures, other units, histogram. */
static int insert_metric_parts(sqlite3 *db, int64_t run_id, int64_t seq, const struct metric *m,
                               char *err, size_t errlen)
{
    if (insert_extras(db, run_id, seq, m, err, errlen) != 0)
        return -1;
    if (insert_other_units(db, run_id, seq, m, err, errlen) != 0)
        return -1;
    if (insert_hist(db, run_id, seq, m, err, errlen) != 0)
        return -1;
    return insert_samples(db, run_id, seq, m, err, errlen);
}

/* Metric SEQ of run RUN_ID. REPLACE: a live run's, which may be stored
 * again; else a new run's row, inserted (the conflict handling of REPLACE,
 * with the foreign keys' cascades, doubles SQLite's time per row). */
static int insert_metric(sqlite3 *db, int64_t run_id, int64_t seq, const struct metric *m,
                         int replace, char *err, size_t errlen)
{
    static const char sql_insert[] = "INSERT INTO " METRIC_COLUMNS METRIC_ROW;
    static const char sql_replace[] = "INSERT OR REPLACE INTO " METRIC_COLUMNS METRIC_ROW;
    sqlite3_stmt *st;
    if (!(st = cached(db, replace ? sql_replace : sql_insert)))
        return db_fail(db, err, errlen, "cannot store a metric");
    bind_metric(st, 0, run_id, seq, m);
    int rc = db_step_retry(st);
    sqlite3_reset(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, err, errlen, "cannot store a metric");
    return insert_metric_parts(db, run_id, seq, m, err, errlen);
}

/* Every metric of the new run R (stored as R->id): METRIC_BATCH rows per
 * statement, the rest one by one. */
static int insert_metrics(sqlite3 *db, const struct run *r, char *err, size_t errlen)
{
    static const char sql_batch[] = "INSERT INTO " METRIC_COLUMNS METRIC_ROWS_16 "," METRIC_ROWS_16;
    size_t i = 0;
    for (; i + METRIC_BATCH <= r->n_m; i += METRIC_BATCH) {
        sqlite3_stmt *st = cached(db, sql_batch);
        if (!st)
            return db_fail(db, err, errlen, "cannot store a metric");
        for (int k = 0; k < METRIC_BATCH; k++)
            bind_metric(st, k * METRIC_PARAMS, r->id, (int64_t)i + k, &r->m[i + (size_t)k]);
        int rc = db_step_retry(st);
        sqlite3_reset(st);
        if (rc != SQLITE_DONE)
            return db_fail(db, err, errlen, "cannot store a metric");
        for (size_t k = i; k < i + METRIC_BATCH; k++)
            if (insert_metric_parts(db, r->id, (int64_t)k, &r->m[k], err, errlen) != 0)
                return -1;
    }
    for (; i < r->n_m; i++)
        if (insert_metric(db, r->id, (int64_t)i, &r->m[i], 0, err, errlen) != 0)
            return -1;
    return 0;
}

int db_store_run(sqlite3 *db, struct run *r, char *err, size_t errlen)
{
    if (db_begin(db, err, errlen) != 0)
        return -1;
    if (insert_run_row(db, r, err, errlen) != 0 || write_header(db, r, err, errlen) != 0 ||
        write_meta(db, r, err, errlen) != 0)
        goto bad;
    if (insert_metrics(db, r, err, errlen) != 0)
        goto bad;
    if (db_commit(db, err, errlen) != 0) {
        r->id = 0;
        return -1;
    }
    return 0;
bad:
    db_rollback(db);
    r->id = 0;
    return -1;
}

int db_run_begin(sqlite3 *db, struct run *r, char *err, size_t errlen)
{
    enum run_status want = r->status;
    r->status = RUN_INCOMPLETE; /* until db_run_finish */
    if (db_begin(db, err, errlen) != 0) {
        r->status = want;
        return -1;
    }
    if (insert_run_row(db, r, err, errlen) != 0 || write_header(db, r, err, errlen) != 0 ||
        write_meta(db, r, err, errlen) != 0) {
        db_rollback(db);
        r->id = 0;
        r->status = want;
        return -1;
    }
    if (insert_metrics(db, r, err, errlen) != 0) {
        db_rollback(db);
        r->id = 0;
        r->status = want;
        return -1;
    }
    r->status = want;
    if (db_commit(db, err, errlen) != 0) {
        r->id = 0;
        return -1;
    }
    return 0;
}

int db_run_add_metric(sqlite3 *db, const struct run *r, const struct metric *m, char *err,
                      size_t errlen)
{
    if (r->id <= 0)
        return errf(err, errlen, "internal: metric stored before its run");
    int64_t seq = (int64_t)r->n_m;
    if (r->m && m >= r->m && m < r->m + r->n_m)
        seq = (int64_t)(m - r->m);
    if (db_begin(db, err, errlen) != 0)
        return -1;
    if (insert_metric(db, r->id, seq, m, 1, err, errlen) != 0) {
        db_rollback(db);
        return -1;
    }
    return db_commit(db, err, errlen);
}

int db_run_add_hist(sqlite3 *db, const struct run *r, const struct metric *m, char *err,
                    size_t errlen)
{
    if (r->id <= 0 || !r->m || m < r->m || m >= r->m + r->n_m)
        return errf(err, errlen, "internal: histogram stored before its run or metric");
    if (db_begin(db, err, errlen) != 0)
        return -1;
    if (insert_hist(db, r->id, (int64_t)(m - r->m), m, err, errlen) != 0) {
        db_rollback(db);
        return -1;
    }
    return db_commit(db, err, errlen);
}

int db_run_add_samples(sqlite3 *db, const struct run *r, const struct metric *m, char *err,
                       size_t errlen)
{
    if (r->id <= 0 || !r->m || m < r->m || m >= r->m + r->n_m)
        return errf(err, errlen, "internal: samples stored before their run or metric");
    if (db_begin(db, err, errlen) != 0)
        return -1;
    if (insert_samples(db, r->id, (int64_t)(m - r->m), m, err, errlen) != 0) {
        db_rollback(db);
        return -1;
    }
    return db_commit(db, err, errlen);
}

int db_run_finish(sqlite3 *db, const struct run *r, char *err, size_t errlen)
{
    if (r->id <= 0)
        return errf(err, errlen, "internal: run finished before it was stored");
    if (db_begin(db, err, errlen) != 0)
        return -1;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            db,
            "UPDATE runs SET status=?, status_detail=?, label=?, unit=?, ns_per_unit=? "
            "WHERE id=?",
            -1, &st, NULL) != SQLITE_OK) {
        db_fail(db, err, errlen, "cannot finish the run");
        db_rollback(db);
        return -1;
    }
    db_bind_text(st, 1, r->status == RUN_COMPLETE ? "complete" : "incomplete");
    db_bind_text(st, 2, r->status_detail);
    db_bind_text(st, 3, r->label);
    db_bind_text(st, 4, r->unit);
    if (r->ns_per_unit > 0)
        sqlite3_bind_double(st, 5, r->ns_per_unit);
    else
        sqlite3_bind_null(st, 5);
    sqlite3_bind_int64(st, 6, r->id);
    int rc = db_step_retry(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        db_fail(db, err, errlen, "cannot finish the run");
        db_rollback(db);
        return -1;
    }
    if (write_header(db, r, err, errlen) != 0) {
        db_rollback(db);
        return -1;
    }
    /* A second unit (model-cycles) arrives when the run is over. */
    for (size_t i = 0; i < r->n_m; i++) {
        if (insert_other_units(db, r->id, (int64_t)i, &r->m[i], err, errlen) != 0) {
            db_rollback(db);
            return -1;
        }
    }
    /* Flags may have been set after the metrics were stored (artifact
     * detection on the whole run). */
    if (sqlite3_prepare_v2(db, "UPDATE metrics SET flags=? WHERE run_id=? AND seq=?", -1, &st,
                           NULL) != SQLITE_OK) {
        db_fail(db, err, errlen, "cannot finish the run");
        db_rollback(db);
        return -1;
    }
    for (size_t i = 0; i < r->n_m; i++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, (int64_t)r->m[i].flags);
        sqlite3_bind_int64(st, 2, r->id);
        sqlite3_bind_int64(st, 3, (int64_t)i);
        if (db_step_retry(st) != SQLITE_DONE) {
            sqlite3_finalize(st);
            db_fail(db, err, errlen, "cannot finish the run");
            db_rollback(db);
            return -1;
        }
    }
    sqlite3_finalize(st);
    return db_commit(db, err, errlen);
}
