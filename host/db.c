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

#define DB_SCHEMA_VERSION 8
#define DB_BUSY_MS 5000
#define DB_RETRY_MS 60000 /* total patience of the retry loop around busy_timeout */
/* rtbench uses each connection from one thread: SQLite's own mutexes
 * (serialized mode) are not needed, and cost 7% of an import's CPU. */
#define OPEN_FLAGS SQLITE_OPEN_NOMUTEX

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
    /* 4 -> 5: what made every inserted row cost twice what it needs
     * (issue 28, 14). The index metrics_id goes: no query reads metrics by
     * id (every one reads a run's metrics by run_id, the primary key), and
     * it was a third of SQLite's time per row. metrics.state's CHECK
     * becomes comparisons, the same rule: for an IN list of three constants
     * SQLite builds a temporary b-tree at every row inserted (in a CHECK it
     * is never reused), another third. A change of a CHECK constraint that
     * every row meets needs no rebuild of the table: its text in
     * sqlite_master is edited (https://sqlite.org/lang_altertable.html,
     * "otheralter"); migrate() then checks that the edit was made and bumps
     * the schema cookie. */
    "DROP INDEX IF EXISTS metrics_id;"
    "PRAGMA writable_schema=ON;"
    "UPDATE sqlite_master SET sql=replace(sql,"
    " 'CHECK (state IN (''ok'',''na'',''failed''))',"
    " 'CHECK (state=''ok'' OR state=''na'' OR state=''failed'')')"
    " WHERE type='table' AND name='metrics';"
    "PRAGMA writable_schema=RESET;",
    /* 5 -> 6: what was measured (host/meta.h): --meta KEY=VALUE and what
     * rtbench fills in (the kernel tree's revision, the build's hash), in
     * the order given; --where selects runs by it. */
    "CREATE TABLE IF NOT EXISTS run_meta("
    " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " key TEXT NOT NULL,"
    " value TEXT NOT NULL,"
    " PRIMARY KEY (run_id, key));"
    "CREATE INDEX IF NOT EXISTS run_meta_kv ON run_meta(key, value);",
    /* 6 -> 7: every sample of a result (run --samples, S records), ascending, in the
     * S records' encoding (host/samples.c): check's test of significance */
    "CREATE TABLE metric_samples("
    " run_id INTEGER NOT NULL,"
    " seq INTEGER NOT NULL,"
    " n INTEGER NOT NULL,"
    " data TEXT NOT NULL,"
    " PRIMARY KEY (run_id, seq),"
    " FOREIGN KEY (run_id, seq) REFERENCES metrics(run_id, seq) ON DELETE CASCADE);",
    /* 7 -> 8: a run's id across databases (import of a database, db_merge.c): a
     * random UUID made when the run is first stored; a run stored before, one made
     * from its row (db_uuid.c), the same in every copy of this database */
    "ALTER TABLE runs ADD COLUMN uuid TEXT;"
    "UPDATE runs SET uuid=rtb_legacy_uuid(id,created,host,source,format,label);"
    "CREATE UNIQUE INDEX runs_uuid ON runs(uuid);",
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

/* After migration 5's edit of sqlite_master: the edit is there (the
 * CHECK's text was found), and the schema cookie is bumped so that other
 * connections read the schema again (an edit of sqlite_master does not
 * bump it). 0, or -1 with a message. */
static int check_schema_edit(sqlite3 *db, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    int edited = 0, cookie = -1;
    if (sqlite3_prepare_v2(db,
                           "SELECT (SELECT count(*) FROM sqlite_master WHERE type='table' AND "
                           "name='metrics' AND instr(sql, 'CHECK (state=''ok'' OR') > 0), "
                           "(SELECT schema_version FROM pragma_schema_version)",
                           -1, &st, NULL) == SQLITE_OK &&
        db_step_retry(st) == SQLITE_ROW) {
        edited = sqlite3_column_int(st, 0);
        cookie = sqlite3_column_int(st, 1);
    }
    sqlite3_finalize(st);
    if (edited != 1 || cookie < 0)
        return errf(err, errlen,
                    "database %s: migration to schema version 5 failed: metrics.state's CHECK "
                    "constraint is not the one rtbench made",
                    db_name(db));
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA schema_version=%d", cookie + 1);
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(db, err, errlen, "migration to schema version 5 failed");
    return 0;
}

/* Brings the schema from version V up to DB_SCHEMA_VERSION in one
 * transaction. 0, or -1 with a message (rolled back). */
static int migrate(sqlite3 *db, int v, char *err, size_t errlen)
{
    if (db_uuid_register(db) != 0)
        return db_fail(db, err, errlen, "cannot define rtb_legacy_uuid");
    if (db_begin(db, err, errlen) != 0)
        return -1;
    /* Re-read inside the lock: a concurrent process may have migrated. */
    if (user_version(db, &v) != 0) {
        db_fail(db, err, errlen, "cannot read the schema version");
        db_rollback(db);
        return -1;
    }
    if (v < 0 || v > DB_SCHEMA_VERSION) { /* never index migrations[] outside it */
        errf(err, errlen, "database %s has schema version %d, not one this rtbench knows",
             db_name(db), v);
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
        if (v == 4 && check_schema_edit(db, err, errlen) != 0) {
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

/* Sets the connection up: busy timeout, plain result codes. */
static void set_up(sqlite3 *db)
{
    sqlite3_busy_timeout(db, DB_BUSY_MS);
    sqlite3_extended_result_codes(db, 0);
}

/* What the file holds, read before anything is written to it: its schema
 * version and its number of tables, in one statement (one snapshot: read
 * in two, a process creating the schema between them made a new database
 * look foreign). 0, or -1 (not a database, unreadable). */
static int inspect(sqlite3 *db, int *version, int *tables)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db,
                           "SELECT (SELECT user_version FROM pragma_user_version), "
                           "(SELECT count(*) FROM sqlite_master)",
                           -1, &st, NULL) != SQLITE_OK)
        return -1;
    int rc = db_step_retry(st);
    if (rc == SQLITE_ROW) {
        *version = sqlite3_column_int(st, 0);
        *tables = sqlite3_column_int(st, 1);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : -1;
}

/* Whether a file of VERSION and TABLES may be used; -1 with a message if
 * not. DB_CREATE: the command stores (it may create the schema or migrate). */
static int acceptable(const char *path, int v, int tables, enum db_mode mode, char *err,
                      size_t errlen)
{
    int write = mode == DB_CREATE;
    if (v < 0 || v > DB_SCHEMA_VERSION)
        return errf(err, errlen,
                    "database %s has schema version %d, %s this rtbench knows (0 to %d): refused, "
                    "left as it is",
                    path, v, v < 0 ? "not one" : "newer than", DB_SCHEMA_VERSION);
    if (v == 0 && tables > 0)
        return errf(err, errlen,
                    "%s is an SQLite database of something else (%d table(s), no rtbench schema "
                    "version): refused, left as it is",
                    path, tables);
    if (!write && v == 0)
        return errf(err, errlen,
                    "no rtbench database at %s (an empty file: nothing stored there "
                    "yet)",
                    path);
    if (mode == DB_READ && v < DB_SCHEMA_VERSION)
        return errf(err, errlen,
                    "database %s has the older schema version %d: a command that stores "
                    "(run, import) migrates it; reading commands leave it as it is",
                    path, v);
    return 0;
}

/* The read-only connection of a file whose WAL index cannot be made (a
 * read-only directory or file system): opened as immutable, which is
 * right there because no writer can be at work beside it either (it would
 * need a -wal file, and there is none). */
static int open_immutable(const char *path, sqlite3 **out)
{
    char real[4096];
    if (!realpath(path, real))
        return -1;
    /* the path as a URI: every byte but unreserved ones and '/' as %XX */
    size_t n = strlen(real);
    char *uri = xmalloc(3 * n + 32), *u = uri;
    u += sprintf(u, "file:");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)real[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr("/-._~", c))
            *u++ = (char)c;
        else
            u += sprintf(u, "%%%02X", c);
    }
    sprintf(u, "?immutable=1");
    int rc = sqlite3_open_v2(uri, out, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | OPEN_FLAGS, NULL);
    free(uri);
    return rc == SQLITE_OK ? 0 : -1;
}

/* Opens PATH read-only: nothing is written, not even the WAL index when it
 * cannot be. 0, or -1 with a message. */
static int open_read(const char *path, sqlite3 **out, int *v, int *tables, char *err, size_t errlen)
{
    sqlite3 *db = NULL;
    char wal[4200];
    snprintf(wal, sizeof wal, "%s-wal", path);
    int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | OPEN_FLAGS, NULL);
    if (rc == SQLITE_OK) {
        set_up(db);
        if (inspect(db, v, tables) == 0) {
            *out = db;
            return 0;
        }
        rc = sqlite3_errcode(db);
    }
    errf(err, errlen, "cannot open database %s: %s", path,
         db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    sqlite3_close(db);
    if ((rc == SQLITE_CANTOPEN || rc == SQLITE_READONLY) && access(wal, F_OK) != 0 &&
        open_immutable(path, &db) == 0) {
        set_up(db);
        if (inspect(db, v, tables) == 0) {
            *out = db;
            return 0;
        }
        sqlite3_close(db);
    }
    return -1;
}

/* Opens the file PATH: read-only for a reading command, else read-write
 * (created if missing) with WAL, foreign keys and the schema migrated. The
 * file is inspected before anything is written to it: a foreign or newer
 * database is refused untouched. */
static int open_path(const char *path, enum db_mode mode, sqlite3 **out, char *err, size_t errlen)
{
    sqlite3 *db = NULL;
    int write = mode == DB_CREATE;
    int v = 0, tables = 0;
    if (!write) {
        if (open_read(path, &db, &v, &tables, err, errlen) != 0)
            return -1;
    } else {
        int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | OPEN_FLAGS;
        int rc = sqlite3_open_v2(path, &db, flags, NULL);
        if (rc == SQLITE_OK)
            set_up(db);
        if (rc != SQLITE_OK || inspect(db, &v, &tables) != 0) {
            errf(err, errlen, "cannot open database %s: %s", path,
                 db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
            sqlite3_close(db);
            return -1;
        }
    }
    if (acceptable(path, v, tables, mode, err, errlen) != 0) {
        sqlite3_close(db);
        return -1;
    }
    if (write && (db_exec_retry(db, "PRAGMA journal_mode=WAL") != SQLITE_OK ||
                  db_exec_retry(db, "PRAGMA foreign_keys=ON") != SQLITE_OK ||
                  db_exec_retry(db, "PRAGMA synchronous=NORMAL") != SQLITE_OK)) {
        errf(err, errlen, "cannot open database %s: %s", path, sqlite3_errmsg(db));
        sqlite3_close(db);
        return -1;
    }
    if (write && v < DB_SCHEMA_VERSION && migrate(db, v, err, errlen) != 0) {
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
    /* a file name, never SQLite's in-memory database or a URI: nothing
     * stored there would be kept, or be where it was said to be */
    if (strcmp(path, ":memory:") == 0 || strncmp(path, "file:", 5) == 0)
        return errf(err, errlen,
                    "database %s: a file path is needed, not an SQLite %s (a file whose name "
                    "starts so: ./%s)",
                    path, *path == ':' ? "in-memory database" : "URI", path);
    if (mode != DB_CREATE && access(path, F_OK) != 0)
        return errf(err, errlen, "no database at %s (nothing stored there yet)", path);
    /* Only the default location is made; a --db or $RTBENCH_DB directory must exist. */
    const char *env = getenv("RTBENCH_DB");
    if (mode == DB_CREATE && is_default && !(env && *env))
        make_parent_dirs(path);
    return open_path(path, mode, out, err, errlen);
}

/* The statements db_store.c prepares once per connection (db_internal.h). */
#define STMT_CACHE 8
static struct {
    sqlite3 *db;
    const char *sql;
    sqlite3_stmt *st;
} cache[STMT_CACHE];

sqlite3_stmt *db_stmt_cached(sqlite3 *db, const char *sql)
{
    for (size_t i = 0; i < STMT_CACHE; i++) {
        if (cache[i].db == db && cache[i].sql == sql) {
            sqlite3_reset(cache[i].st);
            sqlite3_clear_bindings(cache[i].st);
            return cache[i].st;
        }
    }
    for (size_t i = 0; i < STMT_CACHE; i++) {
        if (!cache[i].db) {
            if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &cache[i].st, NULL) !=
                SQLITE_OK)
                return NULL;
            cache[i].db = db;
            cache[i].sql = sql;
            return cache[i].st;
        }
    }
    return NULL; /* more statements than STMT_CACHE: a bug of db_store.c */
}

static void stmt_cache_drop(sqlite3 *db)
{
    for (size_t i = 0; i < STMT_CACHE; i++) {
        if (cache[i].db == db) {
            sqlite3_finalize(cache[i].st);
            memset(&cache[i], 0, sizeof cache[i]);
        }
    }
}

void db_close(sqlite3 *db)
{
    if (db) {
        stmt_cache_drop(db);
        sqlite3_close(db);
    }
}
