/*
 * rtbench host - SQLite storage (db.h): the connection, the schema and its
 * migrations, transactions.
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
#include <unistd.h>

#include "db_internal.h"
#include "util.h"

#define DB_SCHEMA_VERSION 4
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
    /* 1 -> 2: value metrics (their own unit and direction) and extra figures */
    "ALTER TABLE metrics ADD COLUMN unit TEXT;"
    "ALTER TABLE metrics ADD COLUMN higher_better INTEGER NOT NULL DEFAULT 0;"
    "CREATE TABLE metric_extra("
    " run_id INTEGER NOT NULL,"
    " seq INTEGER NOT NULL,"
    " key TEXT NOT NULL,"
    " value TEXT NOT NULL,"
    " PRIMARY KEY (run_id, seq, key),"
    " FOREIGN KEY (run_id, seq) REFERENCES metrics(run_id, seq) ON DELETE CASCADE);",
    /* 2 -> 3: a metric's statistics in a second unit measured in the same run
     * (model-cycles, `rtbench run --cycle-model`), beside its own. */
    "CREATE TABLE metric_other_units("
    " run_id INTEGER NOT NULL,"
    " seq INTEGER NOT NULL,"
    " unit TEXT NOT NULL,"
    " n INTEGER NOT NULL, mean REAL NOT NULL, sd REAL NOT NULL, min INTEGER NOT NULL,"
    " max INTEGER NOT NULL, p50 INTEGER NOT NULL, p90 INTEGER NOT NULL, p99 INTEGER NOT NULL,"
    " p999 INTEGER NOT NULL,"
    " PRIMARY KEY (run_id, seq, unit),"
    " FOREIGN KEY (run_id, seq) REFERENCES metrics(run_id, seq) ON DELETE CASCADE);",
    /* 3 -> 4: histograms of results (G records): the buckets' counts as "3,0,17" */
    "CREATE TABLE metric_hist("
    " run_id INTEGER NOT NULL,"
    " seq INTEGER NOT NULL,"
    " lo INTEGER NOT NULL,"
    " width INTEGER NOT NULL,"
    " counts TEXT NOT NULL,"
    " PRIMARY KEY (run_id, seq),"
    " FOREIGN KEY (run_id, seq) REFERENCES metrics(run_id, seq) ON DELETE CASCADE);",
};

const char *db_default_path(void)
{
    static char path[4096];
    const char *env = getenv("RTBENCH_DB");
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    if (env && *env)
        snprintf(path, sizeof path, "%s", env);
    else if (xdg && *xdg == '/')
        snprintf(path, sizeof path, "%s/rtbench/rtbench.db", xdg);
    else if (home && *home)
        snprintf(path, sizeof path, "%s/.local/share/rtbench/rtbench.db", home);
    else
        snprintf(path, sizeof path, "./rtbench.db");
    return path;
}

/* mkdir -p of the directory of PATH; failures surface when it is opened. */
static void make_parent_dirs(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0755);
            *p = '/';
        }
    }
    mkdir(dir, 0755);
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

/* The retry loops (db_internal.h): each attempt waits up to DB_BUSY_MS in
 * SQLite's busy handler, the loop until DB_RETRY_MS have passed in all. */
int db_exec_retry(sqlite3 *db, const char *sql)
{
    long start = now_ms();
    for (;;) {
        int rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
        if (!busy(rc) || now_ms() - start >= DB_RETRY_MS)
            return rc;
        sleep_ms(20);
    }
}

int db_step_retry(sqlite3_stmt *st)
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

const char *db_name(sqlite3 *db)
{
    const char *f = sqlite3_db_filename(db, "main");
    return f && *f ? f : "(memory)";
}

int db_fail(sqlite3 *db, char *err, size_t errlen, const char *what)
{
    return errf(err, errlen, "database %s: %s: %s", db_name(db), what, sqlite3_errmsg(db));
}

int db_begin(sqlite3 *db, char *err, size_t errlen)
{
    if (db_exec_retry(db, "BEGIN IMMEDIATE") != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot start a transaction");
    return 0;
}

int db_commit(sqlite3 *db, char *err, size_t errlen)
{
    if (db_exec_retry(db, "COMMIT") != SQLITE_OK) {
        db_fail(db, err, errlen, "cannot commit");
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    return 0;
}

void db_rollback(sqlite3 *db)
{
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
}

static int user_version(sqlite3 *db, int *v)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
        return -1;
    int rc = db_step_retry(st);
    if (rc == SQLITE_ROW)
        *v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : -1;
}

void db_bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

/* Brings the schema from version V up to DB_SCHEMA_VERSION in one
 * transaction. 0, or -1 with a message (rolled back). */
static int migrate(sqlite3 *db, int v, char *err, size_t errlen)
{
    if (db_begin(db, err, errlen) != 0)
        return -1;
    /* Re-read inside the lock: a concurrent process may have migrated. */
    if (user_version(db, &v) != 0) {
        db_fail(db, err, errlen, "cannot read the schema version");
        db_rollback(db);
        return -1;
    }
    for (; v < DB_SCHEMA_VERSION; v++) {
        if (sqlite3_exec(db, migrations[v], NULL, NULL, NULL) != SQLITE_OK) {
            char what[64];
            snprintf(what, sizeof what, "migration to schema version %d failed", v + 1);
            db_fail(db, err, errlen, what);
            db_rollback(db);
            return -1;
        }
    }
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version=%d", DB_SCHEMA_VERSION);
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) {
        db_fail(db, err, errlen, "cannot set the schema version");
        db_rollback(db);
        return -1;
    }
    return db_commit(db, err, errlen);
}

/* Opens the file PATH as rtbench's database (WAL, foreign keys, schema
 * version checked and migrated). */
static int open_path(const char *path, int create, sqlite3 **out, char *err, size_t errlen)
{
    sqlite3 *db = NULL;
    int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    int rc = sqlite3_open_v2(path, &db, flags, NULL);
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
    int v = 0;
    if (db_exec_retry(db, "PRAGMA journal_mode=WAL") != SQLITE_OK ||
        db_exec_retry(db, "PRAGMA foreign_keys=ON") != SQLITE_OK ||
        db_exec_retry(db, "PRAGMA synchronous=NORMAL") != SQLITE_OK || user_version(db, &v) != 0) {
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
    if (v < DB_SCHEMA_VERSION && migrate(db, v, err, errlen) != 0) {
        sqlite3_close(db);
        return -1;
    }
    *out = db;
    return 0;
}

int db_open(const char *path, enum db_mode mode, sqlite3 **out, const char **used_path, char *err,
            size_t errlen)
{
    *out = NULL;
    if (path && !*path)
        return errf(err, errlen, "empty --db path");
    int is_default = !path;
    if (is_default)
        path = db_default_path();
    if (used_path)
        *used_path = path;
    if (mode == DB_READ && access(path, F_OK) != 0)
        return errf(err, errlen, "no database at %s (nothing stored there yet)", path);
    /* Only the default location is made; a --db or $RTBENCH_DB directory must exist. */
    const char *env = getenv("RTBENCH_DB");
    if (mode == DB_CREATE && is_default && !(env && *env))
        make_parent_dirs(path);
    return open_path(path, mode == DB_CREATE, out, err, errlen);
}

void db_close(sqlite3 *db)
{
    if (db)
        sqlite3_close(db);
}
