/*
 * rtbench host - SQLite storage (db.h).
 *
 * Schema version in PRAGMA user_version, migrations applied in one
 * IMMEDIATE transaction. WAL journal, a busy timeout plus a retry loop on
 * SQLITE_BUSY so that concurrent writers (two `rtbench run` at once) wait
 * for each other instead of failing. Every write is its own transaction; a
 * live run is created with status 'incomplete' and only marked 'complete'
 * by db_run_finish(), so a run killed half-way stays consistent and honest.
 */
#include "db.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "util.h"

#define DB_SCHEMA_VERSION 1
#define DB_BUSY_MS 5000
#define DB_RETRY_MS 60000 /* total patience of the retry loop around busy_timeout */

static const char *const migrations[DB_SCHEMA_VERSION] = {
    /* 0 -> 1 */
    "CREATE TABLE runs("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " label TEXT,"
    " source TEXT NOT NULL,"
    " format TEXT NOT NULL,"
    " created TEXT NOT NULL,"
    " host TEXT,"
    " status TEXT NOT NULL CHECK (status IN ('complete','incomplete')),"
    " status_detail TEXT,"
    " unit TEXT,"
    " ns_per_unit REAL);"
    "CREATE INDEX runs_label ON runs(label);"
    "CREATE TABLE run_header("
    " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " key TEXT NOT NULL,"
    " value TEXT NOT NULL,"
    " PRIMARY KEY (run_id, key));"
    "CREATE TABLE metrics("
    " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " seq INTEGER NOT NULL," /* order of arrival */
    " id TEXT NOT NULL,"
    " \"desc\" TEXT,"
    " state TEXT NOT NULL CHECK (state IN ('ok','na','failed')),"
    " reason TEXT,"
    " err INTEGER NOT NULL DEFAULT 0,"
    " flags INTEGER NOT NULL DEFAULT 0,"
    " has_pct INTEGER NOT NULL DEFAULT 0,"
    " n INTEGER, mean REAL, sd REAL, min INTEGER, max INTEGER,"
    " p50 INTEGER, p90 INTEGER, p99 INTEGER, p999 INTEGER,"
    " mean_ns REAL,"
    " PRIMARY KEY (run_id, seq));"
    "CREATE INDEX metrics_id ON metrics(id);",
};

const char *db_default_path(void)
{
    static char path[4096];
    const char *env = getenv("RTBENCH_DB");
    if (env && *env) {
        snprintf(path, sizeof path, "%s", env);
        return path;
    }
    char dir[4000];
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    if (xdg && *xdg == '/')
        snprintf(dir, sizeof dir, "%s/rtbench", xdg);
    else if (home && *home)
        snprintf(dir, sizeof dir, "%s/.local/share/rtbench", home);
    else
        snprintf(dir, sizeof dir, ".");
    /* mkdir -p; failures surface when the database is opened. */
    for (char *p = dir + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0755);
            *p = '/';
        }
    }
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/rtbench.db", dir);
    return path;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

static int busy(int rc)
{
    rc &= 0xff;
    return rc == SQLITE_BUSY || rc == SQLITE_LOCKED;
}

/* sqlite3_exec / sqlite3_step, retried while another connection holds the
 * lock (each attempt already waits up to DB_BUSY_MS in SQLite's busy
 * handler) until DB_RETRY_MS have passed in all. */
static int exec_retry(sqlite3 *db, const char *sql)
{
    long start = now_ms();
    for (;;) {
        int rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
        if (!busy(rc) || now_ms() - start >= DB_RETRY_MS)
            return rc;
        sleep_ms(20);
    }
}

static int step_retry(sqlite3_stmt *st)
{
    long start = now_ms();
    for (;;) {
        int rc = sqlite3_step(st);
        if (!busy(rc) || now_ms() - start >= DB_RETRY_MS)
            return rc;
        sqlite3_reset(st);
        sleep_ms(20);
    }
}

static const char *dbname(sqlite3 *db)
{
    const char *f = sqlite3_db_filename(db, "main");
    return f && *f ? f : "(memory)";
}

static int fail(sqlite3 *db, char *err, size_t errlen, const char *what)
{
    return errf(err, errlen, "database %s: %s: %s", dbname(db), what, sqlite3_errmsg(db));
}

static int begin(sqlite3 *db, char *err, size_t errlen)
{
    if (exec_retry(db, "BEGIN IMMEDIATE") != SQLITE_OK)
        return fail(db, err, errlen, "cannot start a transaction");
    return 0;
}

static int commit(sqlite3 *db, char *err, size_t errlen)
{
    if (exec_retry(db, "COMMIT") != SQLITE_OK) {
        fail(db, err, errlen, "cannot commit");
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    return 0;
}

static void rollback(sqlite3 *db)
{
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
}

static int user_version(sqlite3 *db, int *v)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
        return -1;
    int rc = step_retry(st);
    if (rc == SQLITE_ROW)
        *v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : -1;
}

int db_open(const char *path, sqlite3 **out, char *err, size_t errlen)
{
    sqlite3 *db = NULL;
    *out = NULL;
    if (!path || !*path)
        return errf(err, errlen, "empty database path");
    int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc != SQLITE_OK) {
        errf(err, errlen, "cannot open database %s: %s", path,
             db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        sqlite3_close(db);
        return -1;
    }
    sqlite3_busy_timeout(db, DB_BUSY_MS);
    sqlite3_extended_result_codes(db, 0);
    /* journal_mode=WAL returns a row; exec ignores it. A file that is not a
     * database fails here. */
    if (exec_retry(db, "PRAGMA journal_mode=WAL") != SQLITE_OK ||
        exec_retry(db, "PRAGMA foreign_keys=ON") != SQLITE_OK ||
        exec_retry(db, "PRAGMA synchronous=NORMAL") != SQLITE_OK) {
        errf(err, errlen, "cannot open database %s: %s", path, sqlite3_errmsg(db));
        sqlite3_close(db);
        return -1;
    }
    int v = 0;
    if (user_version(db, &v) != 0) {
        errf(err, errlen, "cannot open database %s: %s", path, sqlite3_errmsg(db));
        sqlite3_close(db);
        return -1;
    }
    if (v > DB_SCHEMA_VERSION) {
        errf(err, errlen, "database %s has schema version %d, newer than this rtbench knows (%d)",
             path, v, DB_SCHEMA_VERSION);
        sqlite3_close(db);
        return -1;
    }
    if (v < DB_SCHEMA_VERSION) {
        if (begin(db, err, errlen) != 0) {
            sqlite3_close(db);
            return -1;
        }
        /* Re-read inside the lock: a concurrent process may have migrated. */
        if (user_version(db, &v) != 0) {
            fail(db, err, errlen, "cannot read the schema version");
            rollback(db);
            sqlite3_close(db);
            return -1;
        }
        for (; v < DB_SCHEMA_VERSION; v++) {
            if (sqlite3_exec(db, migrations[v], NULL, NULL, NULL) != SQLITE_OK) {
                char what[64];
                snprintf(what, sizeof what, "migration to schema version %d failed", v + 1);
                fail(db, err, errlen, what);
                rollback(db);
                sqlite3_close(db);
                return -1;
            }
        }
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA user_version=%d", DB_SCHEMA_VERSION);
        if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) {
            fail(db, err, errlen, "cannot set the schema version");
            rollback(db);
            sqlite3_close(db);
            return -1;
        }
        if (commit(db, err, errlen) != 0) {
            sqlite3_close(db);
            return -1;
        }
    }
    *out = db;
    return 0;
}

void db_close(sqlite3 *db)
{
    if (db)
        sqlite3_close(db);
}

/* ---- writing ------------------------------------------------------------ */

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

static const char *state_name(enum metric_state s)
{
    return s == MS_NA ? "na" : s == MS_FAILED ? "failed" : "ok";
}

static int insert_run_row(sqlite3 *db, struct run *r, char *err, size_t errlen)
{
    static const char sql[] =
        "INSERT INTO runs(label,source,format,created,host,status,status_detail,"
        "unit,ns_per_unit) VALUES(?,?,?,?,?,?,?,?,?)";
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return fail(db, err, errlen, "cannot store the run");
    run_stamp(r);
    bind_text(st, 1, r->label);
    bind_text(st, 2, r->source ? r->source : "unknown");
    bind_text(st, 3, r->origin ? r->origin : "rtbench");
    bind_text(st, 4, r->created);
    bind_text(st, 5, r->host);
    bind_text(st, 6, r->status == RUN_COMPLETE ? "complete" : "incomplete");
    bind_text(st, 7, r->status_detail);
    bind_text(st, 8, r->unit);
    if (r->ns_per_unit > 0)
        sqlite3_bind_double(st, 9, r->ns_per_unit);
    else
        sqlite3_bind_null(st, 9);
    int rc = step_retry(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return fail(db, err, errlen, "cannot store the run");
    r->id = sqlite3_last_insert_rowid(db);
    return 0;
}

static int write_header(sqlite3 *db, const struct run *r, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "DELETE FROM run_header WHERE run_id=?", -1, &st, NULL) != SQLITE_OK)
        return fail(db, err, errlen, "cannot store the run header");
    sqlite3_bind_int64(st, 1, r->id);
    int rc = step_retry(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return fail(db, err, errlen, "cannot store the run header");
    if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO run_header(run_id,key,value) VALUES(?,?,?)",
                           -1, &st, NULL) != SQLITE_OK)
        return fail(db, err, errlen, "cannot store the run header");
    for (size_t i = 0; i < r->n_hdr; i++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, r->id);
        bind_text(st, 2, r->hdr[i].key);
        bind_text(st, 3, r->hdr[i].value ? r->hdr[i].value : "");
        if (step_retry(st) != SQLITE_DONE) {
            sqlite3_finalize(st);
            return fail(db, err, errlen, "cannot store the run header");
        }
    }
    sqlite3_finalize(st);
    return 0;
}

static int insert_metric(sqlite3 *db, int64_t run_id, int64_t seq, const struct metric *m,
                         char *err, size_t errlen)
{
    static const char sql[] =
        "INSERT OR REPLACE INTO metrics(run_id,seq,id,\"desc\",state,reason,err,flags,has_pct,"
        "n,mean,sd,min,max,p50,p90,p99,p999,mean_ns) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return fail(db, err, errlen, "cannot store a metric");
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_int64(st, 2, seq);
    bind_text(st, 3, m->id);
    bind_text(st, 4, m->desc);
    bind_text(st, 5, state_name(m->state));
    bind_text(st, 6, m->reason);
    sqlite3_bind_int(st, 7, m->err);
    sqlite3_bind_int64(st, 8, (int64_t)m->flags);
    sqlite3_bind_int(st, 9, m->has_pct ? 1 : 0);
    if (m->state == MS_OK) {
        /* Unsigned values are stored as their 64-bit pattern (lossless). */
        sqlite3_bind_int64(st, 10, (int64_t)m->n);
        sqlite3_bind_double(st, 11, m->mean);
        if (m->has_pct) {
            sqlite3_bind_double(st, 12, m->sd);
            sqlite3_bind_int64(st, 13, (int64_t)m->min);
            sqlite3_bind_int64(st, 14, (int64_t)m->max);
            sqlite3_bind_int64(st, 15, (int64_t)m->p50);
            sqlite3_bind_int64(st, 16, (int64_t)m->p90);
            sqlite3_bind_int64(st, 17, (int64_t)m->p99);
            sqlite3_bind_int64(st, 18, (int64_t)m->p999);
        }
        if (m->mean_ns >= 0)
            sqlite3_bind_double(st, 19, m->mean_ns);
    }
    int rc = step_retry(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return fail(db, err, errlen, "cannot store a metric");
    return 0;
}

int db_store_run(sqlite3 *db, struct run *r, char *err, size_t errlen)
{
    if (begin(db, err, errlen) != 0)
        return -1;
    if (insert_run_row(db, r, err, errlen) != 0 || write_header(db, r, err, errlen) != 0)
        goto bad;
    for (size_t i = 0; i < r->n_m; i++)
        if (insert_metric(db, r->id, (int64_t)i, &r->m[i], err, errlen) != 0)
            goto bad;
    if (commit(db, err, errlen) != 0) {
        r->id = 0;
        return -1;
    }
    return 0;
bad:
    rollback(db);
    r->id = 0;
    return -1;
}

int db_run_begin(sqlite3 *db, struct run *r, char *err, size_t errlen)
{
    enum run_status want = r->status;
    r->status = RUN_INCOMPLETE; /* until db_run_finish */
    if (begin(db, err, errlen) != 0) {
        r->status = want;
        return -1;
    }
    if (insert_run_row(db, r, err, errlen) != 0 || write_header(db, r, err, errlen) != 0) {
        rollback(db);
        r->id = 0;
        r->status = want;
        return -1;
    }
    for (size_t i = 0; i < r->n_m; i++) {
        if (insert_metric(db, r->id, (int64_t)i, &r->m[i], err, errlen) != 0) {
            rollback(db);
            r->id = 0;
            r->status = want;
            return -1;
        }
    }
    r->status = want;
    if (commit(db, err, errlen) != 0) {
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
    if (begin(db, err, errlen) != 0)
        return -1;
    if (insert_metric(db, r->id, seq, m, err, errlen) != 0) {
        rollback(db);
        return -1;
    }
    return commit(db, err, errlen);
}

int db_run_finish(sqlite3 *db, const struct run *r, char *err, size_t errlen)
{
    if (r->id <= 0)
        return errf(err, errlen, "internal: run finished before it was stored");
    if (begin(db, err, errlen) != 0)
        return -1;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            db,
            "UPDATE runs SET status=?, status_detail=?, label=?, unit=?, ns_per_unit=? "
            "WHERE id=?",
            -1, &st, NULL) != SQLITE_OK) {
        fail(db, err, errlen, "cannot finish the run");
        rollback(db);
        return -1;
    }
    bind_text(st, 1, r->status == RUN_COMPLETE ? "complete" : "incomplete");
    bind_text(st, 2, r->status_detail);
    bind_text(st, 3, r->label);
    bind_text(st, 4, r->unit);
    if (r->ns_per_unit > 0)
        sqlite3_bind_double(st, 5, r->ns_per_unit);
    else
        sqlite3_bind_null(st, 5);
    sqlite3_bind_int64(st, 6, r->id);
    int rc = step_retry(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        fail(db, err, errlen, "cannot finish the run");
        rollback(db);
        return -1;
    }
    if (write_header(db, r, err, errlen) != 0) {
        rollback(db);
        return -1;
    }
    /* Flags may have been set after the metrics were stored (artifact
     * detection on the whole run). */
    if (sqlite3_prepare_v2(db, "UPDATE metrics SET flags=? WHERE run_id=? AND seq=?", -1, &st,
                           NULL) != SQLITE_OK) {
        fail(db, err, errlen, "cannot finish the run");
        rollback(db);
        return -1;
    }
    for (size_t i = 0; i < r->n_m; i++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, (int64_t)r->m[i].flags);
        sqlite3_bind_int64(st, 2, r->id);
        sqlite3_bind_int64(st, 3, (int64_t)i);
        if (step_retry(st) != SQLITE_DONE) {
            sqlite3_finalize(st);
            fail(db, err, errlen, "cannot finish the run");
            rollback(db);
            return -1;
        }
    }
    sqlite3_finalize(st);
    return commit(db, err, errlen);
}

/* ---- reading ------------------------------------------------------------ */

static char *col_text(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? xstrdup((const char *)t) : NULL;
}

static int find_run_id(sqlite3 *db, const char *ref, int64_t *id, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    uint64_t num;
    const char *sql;
    int by_num = parse_u64(ref, &num) == 0;
    int latest = strcmp(ref, "latest") == 0 || strcmp(ref, "last") == 0;
    if (by_num)
        sql = "SELECT id FROM runs WHERE id=?";
    else if (latest)
        sql = "SELECT max(id) FROM runs HAVING max(id) IS NOT NULL";
    else
        sql = "SELECT max(id) FROM runs WHERE label=? HAVING max(id) IS NOT NULL";
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return fail(db, err, errlen, "cannot look up the run");
    if (by_num)
        sqlite3_bind_int64(st, 1, (int64_t)num);
    else if (!latest)
        bind_text(st, 1, ref);
    int rc = step_retry(st);
    if (rc == SQLITE_ROW) {
        *id = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        return 0;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return fail(db, err, errlen, "cannot look up the run");
    if (latest)
        return errf(err, errlen, "no runs stored in %s", dbname(db));
    if (by_num)
        return errf(err, errlen, "no run with id %s in %s", ref, dbname(db));
    return errf(err, errlen, "no run with id or label '%s' in %s", ref, dbname(db));
}

int db_load_run(sqlite3 *db, const char *ref, struct run *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!ref || !*ref)
        return errf(err, errlen, "empty run reference");
    int64_t id = 0;
    if (find_run_id(db, ref, &id, err, errlen) != 0)
        return -1;
    /* One read transaction: a consistent snapshot even while a run is being written. */
    if (exec_retry(db, "BEGIN") != SQLITE_OK)
        return fail(db, err, errlen, "cannot read");
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db,
                           "SELECT id,label,source,format,created,host,status,status_detail,unit,"
                           "ns_per_unit FROM runs WHERE id=?",
                           -1, &st, NULL) != SQLITE_OK)
        goto bad;
    sqlite3_bind_int64(st, 1, id);
    if (step_retry(st) != SQLITE_ROW)
        goto bad;
    out->id = sqlite3_column_int64(st, 0);
    out->label = col_text(st, 1);
    out->source = col_text(st, 2);
    out->origin = col_text(st, 3);
    out->created = col_text(st, 4);
    out->host = col_text(st, 5);
    const unsigned char *status = sqlite3_column_text(st, 6);
    out->status =
        status && strcmp((const char *)status, "complete") == 0 ? RUN_COMPLETE : RUN_INCOMPLETE;
    out->status_detail = col_text(st, 7);
    out->unit = col_text(st, 8);
    out->ns_per_unit =
        sqlite3_column_type(st, 9) == SQLITE_NULL ? 0.0 : sqlite3_column_double(st, 9);
    sqlite3_finalize(st);

    if (sqlite3_prepare_v2(db, "SELECT key,value FROM run_header WHERE run_id=? ORDER BY rowid", -1,
                           &st, NULL) != SQLITE_OK)
        goto bad;
    sqlite3_bind_int64(st, 1, id);
    int rc;
    while ((rc = step_retry(st)) == SQLITE_ROW) {
        out->hdr = xrealloc(out->hdr, (out->n_hdr + 1) * sizeof *out->hdr);
        out->hdr[out->n_hdr].key = col_text(st, 0);
        out->hdr[out->n_hdr].value = col_text(st, 1);
        if (!out->hdr[out->n_hdr].value)
            out->hdr[out->n_hdr].value = xstrdup("");
        out->n_hdr++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        goto bad;

    if (sqlite3_prepare_v2(db,
                           "SELECT id,\"desc\",state,reason,err,flags,has_pct,n,mean,sd,min,max,"
                           "p50,p90,p99,p999,mean_ns FROM metrics WHERE run_id=? ORDER BY seq",
                           -1, &st, NULL) != SQLITE_OK)
        goto bad;
    sqlite3_bind_int64(st, 1, id);
    while ((rc = step_retry(st)) == SQLITE_ROW) {
        const unsigned char *mid = sqlite3_column_text(st, 0);
        struct metric *m = run_add_metric(out, mid ? (const char *)mid : "");
        m->desc = col_text(st, 1);
        const unsigned char *state = sqlite3_column_text(st, 2);
        m->state = !state                                       ? MS_OK
                   : strcmp((const char *)state, "na") == 0     ? MS_NA
                   : strcmp((const char *)state, "failed") == 0 ? MS_FAILED
                                                                : MS_OK;
        m->reason = col_text(st, 3);
        m->err = sqlite3_column_int(st, 4);
        m->flags = (unsigned)sqlite3_column_int64(st, 5);
        m->has_pct = sqlite3_column_int(st, 6);
        m->n = (uint64_t)sqlite3_column_int64(st, 7);
        m->mean = sqlite3_column_double(st, 8);
        m->sd = sqlite3_column_double(st, 9);
        m->min = (uint64_t)sqlite3_column_int64(st, 10);
        m->max = (uint64_t)sqlite3_column_int64(st, 11);
        m->p50 = (uint64_t)sqlite3_column_int64(st, 12);
        m->p90 = (uint64_t)sqlite3_column_int64(st, 13);
        m->p99 = (uint64_t)sqlite3_column_int64(st, 14);
        m->p999 = (uint64_t)sqlite3_column_int64(st, 15);
        m->mean_ns =
            sqlite3_column_type(st, 16) == SQLITE_NULL ? -1.0 : sqlite3_column_double(st, 16);
    }
    sqlite3_finalize(st);
    st = NULL;
    if (rc != SQLITE_DONE)
        goto bad;
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    return 0;
bad:
    fail(db, err, errlen, "cannot read the run");
    if (st)
        sqlite3_finalize(st);
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    run_free(out);
    return -1;
}
