/*
 * Tests of the SQLite store (host/db.c): schema creation and version,
 * whole-run round trip, incremental storing as `run` does it (and what a
 * reader sees of a run cut off half-way), lookups by id/label/latest, and
 * bad databases.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db.h"
#include "util.h"

#include "check.h"

static char tmpdir[1024];

static char *path_in_tmp(const char *name)
{
    char *p = xasprintf("%s/%s", tmpdir, name);
    unlink(p);
    char *wal = xasprintf("%s-wal", p), *shm = xasprintf("%s-shm", p);
    unlink(wal);
    unlink(shm);
    free(wal);
    free(shm);
    return p;
}

static void make_run(struct run *r, const char *label)
{
    memset(r, 0, sizeof *r);
    r->label = xstrdup(label);
    r->source = xstrdup("cmd:fake");
    r->origin = xstrdup("rtbench");
    r->unit = xstrdup("insns");
    r->ns_per_unit = 40.0;
    run_hdr_set(r, "port", "cortex-m-refk");
    run_hdr_set(r, "board", "mps2-an385");
    run_hdr_set(r, "cflags", "-O2 -g");
    struct metric *m = run_add_metric(r, "sem.take");
    m->desc = xstrdup("Take a semaphore");
    m->has_pct = 1;
    m->n = 1000;
    m->mean = 41.5;
    m->sd = 0.25;
    m->min = 40;
    m->max = UINT64_C(18446744073709551615); /* the largest unsigned value survives */
    m->p50 = 41;
    m->p90 = 42;
    m->p99 = 43;
    m->p999 = 44;
    m->mean_ns = 1660.0;
    m->flags = MF_CLAMPED | MF_OUTLIER;
    m = run_add_metric(r, "events.post");
    m->state = MS_NA;
    m->reason = xstrdup("no event flags");
    m = run_add_metric(r, "thread.create");
    m->state = MS_FAILED;
    m->err = -2;
    m->reason = xstrdup("nomem");
}

static void test_round_trip(void)
{
    char *path = path_in_tmp("rt.db");
    sqlite3 *db;
    char err[512] = "";
    CHECK(db_open(path, DB_CREATE, &db, NULL, err, sizeof err) == 0);
    struct run r;
    make_run(&r, "base");
    r.status = RUN_COMPLETE;
    CHECK(db_store_run(db, &r, err, sizeof err) == 0);
    CHECK(r.id == 1);
    CHECK(r.created != NULL && strlen(r.created) == 20);
    struct run r2;
    make_run(&r2, "base");
    r2.status = RUN_INCOMPLETE;
    r2.status_detail = xstrdup("timeout after 2 s");
    CHECK(db_store_run(db, &r2, err, sizeof err) == 0);
    CHECK(r2.id == 2);

    struct run l;
    CHECK(db_load_run(db, "1", &l, err, sizeof err) == 0);
    CHECK(l.id == 1 && l.status == RUN_COMPLETE && l.status_detail == NULL);
    CHECK(strcmp(l.label, "base") == 0 && strcmp(l.source, "cmd:fake") == 0 &&
          strcmp(l.unit, "insns") == 0);
    CHECK(l.ns_per_unit == 40.0);
    CHECK(l.n_hdr == 3 && strcmp(run_hdr(&l, "cflags"), "-O2 -g") == 0);
    CHECK(l.n_m == 3);
    CHECK(l.n_m == 3 && strcmp(l.m[0].id, "sem.take") == 0 &&
          strcmp(l.m[2].id, "thread.create") == 0);
    const struct metric *m = run_find_metric(&l, "sem.take");
    CHECK(m && m->has_pct && m->n == 1000 && m->mean == 41.5 && m->sd == 0.25 && m->min == 40);
    CHECK(m && m->max == UINT64_C(18446744073709551615));
    CHECK(m && m->p50 == 41 && m->p90 == 42 && m->p99 == 43 && m->p999 == 44 &&
          m->mean_ns == 1660.0);
    CHECK(m && m->flags == (MF_CLAMPED | MF_OUTLIER) && strcmp(m->desc, "Take a semaphore") == 0);
    m = run_find_metric(&l, "events.post");
    CHECK(m && m->state == MS_NA && strcmp(m->reason, "no event flags") == 0 && m->mean_ns < 0);
    m = run_find_metric(&l, "thread.create");
    CHECK(m && m->state == MS_FAILED && m->err == -2 && strcmp(m->reason, "nomem") == 0);
    run_free(&l);

    CHECK(db_load_run(db, "base", &l, err, sizeof err) == 0 &&
          l.id == 2); /* newest with the label */
    CHECK(l.status == RUN_INCOMPLETE && strcmp(l.status_detail, "timeout after 2 s") == 0);
    run_free(&l);
    CHECK(db_load_run(db, "latest", &l, err, sizeof err) == 0 && l.id == 2);
    run_free(&l);
    CHECK(db_load_run(db, "7", &l, err, sizeof err) == -1 && strstr(err, "no run with id 7"));
    CHECK(db_load_run(db, "nosuch", &l, err, sizeof err) == -1 && strstr(err, "'nosuch'"));
    run_free(&r);
    run_free(&r2);
    db_close(db);

    /* reopening keeps everything and does not migrate again */
    CHECK(db_open(path, DB_CREATE, &db, NULL, err, sizeof err) == 0);
    CHECK(db_load_run(db, "latest", &l, err, sizeof err) == 0 && l.id == 2 && l.n_m == 3);
    run_free(&l);
    sqlite3_stmt *st;
    CHECK(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL) == SQLITE_OK);
    CHECK(sqlite3_step(st) == SQLITE_ROW &&
          strcmp((const char *)sqlite3_column_text(st, 0), "wal") == 0);
    sqlite3_finalize(st);
    db_close(db);
    free(path);
}

/* The integer the first row of SQL on DB holds, or -1. */
static long long scalar(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    long long v = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* A run of 70 metrics goes in as batches of rows and single rows (two
 * batches of 32, then 6): every one comes back, in order, with its extras. */
static void test_batches(void)
{
    char *path = path_in_tmp("batch.db");
    sqlite3 *db;
    char err[512] = "";
    CHECK(db_open(path, DB_CREATE, &db, NULL, err, sizeof err) == 0);
    struct run r;
    make_run(&r, "many");
    for (int i = 3; i < 70; i++) {
        char id[32];
        snprintf(id, sizeof id, "m.%d", i);
        struct metric *m = run_add_metric(&r, id);
        m->state = i % 7 == 0 ? MS_NA : MS_OK;
        m->reason = i % 7 == 0 ? xstrdup("none") : NULL;
        m->has_pct = m->state == MS_OK && i % 3 != 0;
        m->n = (uint64_t)i;
        m->mean = i + 0.5;
        m->p50 = m->p90 = m->p99 = m->p999 = m->min = m->max = (uint64_t)i;
        if (i % 10 == 0)
            metric_extra_set(m, "k", id);
    }
    r.status = RUN_COMPLETE;
    CHECK(db_store_run(db, &r, err, sizeof err) == 0);
    struct run l;
    CHECK(db_load_run(db, "many", &l, err, sizeof err) == 0 && l.n_m == 70);
    int same = l.n_m == r.n_m;
    for (size_t i = 0; same && i < l.n_m; i++) {
        const struct metric *a = &r.m[i], *b = &l.m[i];
        same = strcmp(a->id, b->id) == 0 && a->state == b->state && a->has_pct == b->has_pct &&
               (a->state != MS_OK || (a->n == b->n && a->mean == b->mean)) &&
               (!a->has_pct || (a->p50 == b->p50 && a->max == b->max)) &&
               a->n_extra == b->n_extra &&
               (!a->n_extra || strcmp(a->extra[0].value, b->extra[0].value) == 0);
    }
    CHECK(same);
    run_free(&l);
    run_free(&r);
    db_close(db);
    free(path);
}

/* A database of schema 4 (the index metrics_id, the CHECK of metrics.state
 * as an IN list) is migrated to 5: the index gone, the CHECK the same rule
 * in comparisons, its runs kept, the file whole. */
static void test_migrate_4(void)
{
    char *path = path_in_tmp("v4.db");
    sqlite3 *db;
    char err[512] = "";
    CHECK(db_open(path, DB_CREATE, &db, NULL, err, sizeof err) == 0);
    long long current = scalar(db, "PRAGMA user_version"); /* a new file's: the current one */
    struct run r;
    make_run(&r, "old");
    r.status = RUN_COMPLETE;
    CHECK(db_store_run(db, &r, err, sizeof err) == 0);
    run_free(&r);
    db_close(db);
    sqlite3 *raw;
    CHECK(sqlite3_open(path, &raw) == SQLITE_OK);
    CHECK(sqlite3_exec(
              raw,
              "PRAGMA writable_schema=ON;"
              "UPDATE sqlite_master SET sql=replace(sql,"
              " 'CHECK (state=''ok'' OR state=''na'' OR state=''failed'')',"
              " 'CHECK (state IN (''ok'',''na'',''failed''))') WHERE name='metrics';"
              "PRAGMA writable_schema=RESET;"
              "DROP TABLE metric_samples; DROP TABLE run_meta;" /* 6, 7: back to a version-4 file */
              "DROP INDEX runs_uuid; ALTER TABLE runs DROP COLUMN uuid;" /* 8 */
              "CREATE INDEX metrics_id ON metrics(id); PRAGMA user_version=4;",
              NULL, NULL, NULL) == SQLITE_OK);
    CHECK(scalar(raw, "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%state IN (%'") == 1);
    sqlite3_close(raw);
    CHECK(db_open(path, DB_CREATE, &db, NULL, err, sizeof err) == 0);
    CHECK(current >= 5 && scalar(db, "PRAGMA user_version") == current);
    CHECK(scalar(db, "SELECT count(*) FROM sqlite_master WHERE name='metrics_id'") == 0);
    CHECK(scalar(db, "SELECT count(*) FROM sqlite_master WHERE name='metrics' AND sql LIKE "
                     "'%CHECK (state=''ok'' OR state=''na'' OR state=''failed'')%'") == 1);
    CHECK(scalar(db, "SELECT count(*) FROM metrics") == 3);
    /* migration 8: the old run's uuid made from its row (version 8), unique */
    CHECK(scalar(db, "SELECT count(*) FROM runs WHERE length(uuid)=36 AND substr(uuid,15,1)='8' "
                     "AND substr(uuid,20,1) IN ('8','9','a','b')") == 1);
    CHECK(sqlite3_exec(db, "INSERT INTO metrics(run_id,seq,id,state) VALUES(1,9,'x','bad')", NULL,
                       NULL, NULL) == SQLITE_CONSTRAINT);
    CHECK(scalar(db, "SELECT count(*) FROM pragma_integrity_check WHERE integrity_check='ok'") ==
          1);
    struct run l;
    CHECK(db_load_run(db, "old", &l, err, sizeof err) == 0 && l.n_m == 3);
    run_free(&l);
    db_close(db);
    free(path);
}

static void test_incremental(void)
{
    char *path = path_in_tmp("inc.db");
    sqlite3 *w, *rd;
    char err[512] = "";
    CHECK(db_open(path, DB_CREATE, &w, NULL, err, sizeof err) == 0);
    CHECK(db_open(path, DB_CREATE, &rd, NULL, err, sizeof err) == 0);
    struct run r;
    memset(&r, 0, sizeof r);
    r.source = xstrdup("host");
    r.origin = xstrdup("rtbench");
    r.unit = xstrdup("cycles");
    run_hdr_set(&r, "port", "posix");
    r.status = RUN_COMPLETE; /* what the writer hopes; stored as incomplete until finished */
    CHECK(db_run_begin(w, &r, err, sizeof err) == 0 && r.id > 0);
    for (int i = 0; i < 3; i++) {
        char id[16];
        snprintf(id, sizeof id, "m.%d", i);
        struct metric *m = run_add_metric(&r, id);
        m->has_pct = 1;
        m->n = 10;
        m->mean = i;
        CHECK(db_run_add_metric(w, &r, m, err, sizeof err) == 0);
    }
    /* Another process looking now (the writer could be killed at this point). */
    struct run l;
    CHECK(db_load_run(rd, "latest", &l, err, sizeof err) == 0);
    CHECK(l.status == RUN_INCOMPLETE && l.n_m == 3);
    /* its uuid made when its row was: random, version 4, another run's another one */
    CHECK(l.uuid && strlen(l.uuid) == 36 && l.uuid[14] == '4' && strchr("89ab", l.uuid[19]));
    run_free(&l);
    r.m[1].flags = MF_OUTLIER; /* flags set at the end reach the store */
    r.status = RUN_COMPLETE;
    run_hdr_set(&r, "ram", "1234");
    CHECK(db_run_finish(w, &r, err, sizeof err) == 0);
    CHECK(db_load_run(rd, "latest", &l, err, sizeof err) == 0);
    CHECK(l.status == RUN_COMPLETE && l.n_m == 3 && l.m[1].flags == MF_OUTLIER &&
          l.m[0].flags == 0);
    CHECK(run_hdr(&l, "ram") && strcmp(run_hdr(&l, "ram"), "1234") == 0);
    run_free(&l);
    struct run other;
    make_run(&other, "other");
    CHECK(db_store_run(w, &other, err, sizeof err) == 0);
    CHECK(scalar(w, "SELECT count(DISTINCT uuid) FROM runs WHERE uuid GLOB '*-4*'") == 2);
    run_free(&other);
    run_free(&r);
    db_close(w);
    db_close(rd);
    free(path);
}

struct holder {
    sqlite3 *db;
    int ok;
};

static void *hold_lock(void *arg)
{
    struct holder *h = arg;
    usleep(800 * 1000); /* keep the write lock while the other writer waits */
    h->ok = sqlite3_exec(h->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
    return NULL;
}

/* A writer that finds the database locked by another one waits for it. */
static void test_locked(void)
{
    char *path = path_in_tmp("lock.db");
    sqlite3 *a, *b;
    char err[512] = "";
    CHECK(db_open(path, DB_CREATE, &a, NULL, err, sizeof err) == 0);
    CHECK(db_open(path, DB_CREATE, &b, NULL, err, sizeof err) == 0);
    CHECK(sqlite3_exec(a,
                       "BEGIN IMMEDIATE; INSERT INTO runs(source,format,created,status) "
                       "VALUES('x','rtbench','2026-01-01T00:00:00Z','complete')",
                       NULL, NULL, NULL) == SQLITE_OK);
    struct holder h = {a, 0};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, hold_lock, &h) == 0);
    struct run r;
    make_run(&r, "waited");
    r.status = RUN_COMPLETE;
    CHECK(db_store_run(b, &r, err, sizeof err) == 0); /* blocks until the holder commits */
    pthread_join(t, NULL);
    CHECK(h.ok);
    CHECK(r.id == 2); /* stored after the holder's row */
    struct run l;
    CHECK(db_load_run(b, "waited", &l, err, sizeof err) == 0 && l.n_m == 3);
    run_free(&l);
    run_free(&r);
    db_close(a);
    db_close(b);
    free(path);
}

static void test_bad_databases(void)
{
    char err[512] = "";
    sqlite3 *db;
    char *path = path_in_tmp("garbage.db");
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        for (int i = 0; i < 200; i++)
            fputs("this is not an SQLite database at all\n", f);
        fclose(f);
    }
    CHECK(db_open(path, DB_CREATE, &db, NULL, err, sizeof err) == -1);
    CHECK(strstr(err, path) != NULL && strchr(err, '\n') == NULL);
    free(path);

    path = path_in_tmp("newer.db");
    sqlite3 *raw;
    CHECK(sqlite3_open(path, &raw) == SQLITE_OK);
    CHECK(sqlite3_exec(raw, "PRAGMA user_version=99", NULL, NULL, NULL) == SQLITE_OK);
    sqlite3_close(raw);
    CHECK(db_open(path, DB_CREATE, &db, NULL, err, sizeof err) == -1 &&
          strstr(err, "schema version 99"));
    free(path);

    char *nodir = xasprintf("%s/no/such/dir/x.db", tmpdir);
    CHECK(db_open(nodir, DB_CREATE, &db, NULL, err, sizeof err) == -1 && strstr(err, nodir));
    free(nodir);

    /* the default path honours RTBENCH_DB, then XDG_DATA_HOME; computing it
     * creates nothing, reading never creates, storing creates the directories */
    setenv("RTBENCH_DB", "/x/y.db", 1);
    CHECK(strcmp(db_default_path(), "/x/y.db") == 0);
    unsetenv("RTBENCH_DB");
    char *xdg = xasprintf("%s/xdg", tmpdir);
    setenv("XDG_DATA_HOME", xdg, 1);
    char *want = xasprintf("%s/rtbench/rtbench.db", xdg);
    CHECK(strcmp(db_default_path(), want) == 0);
    char *dir = xasprintf("%s/rtbench", xdg);
    struct stat sb;
    CHECK(stat(dir, &sb) != 0);
    const char *used = NULL;
    CHECK(db_open(NULL, DB_READ, &db, &used, err, sizeof err) == -1 &&
          strstr(err, "no database at"));
    CHECK(stat(dir, &sb) != 0);
    CHECK(db_open(NULL, DB_CREATE, &db, &used, err, sizeof err) == 0 && strcmp(used, want) == 0);
    db_close(db);
    CHECK(stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode));
    CHECK(db_open("", DB_CREATE, &db, NULL, err, sizeof err) == -1 &&
          strcmp(err, "empty --db path") == 0);
    free(xdg);
    free(want);
    free(dir);
}

int main(int argc, char **argv)
{
    snprintf(tmpdir, sizeof tmpdir, "%s", argc > 2 ? argv[2] : "/tmp/rtbench-test-db");
    char *mk = xasprintf("rm -rf '%s' && mkdir -p '%s'", tmpdir, tmpdir);
    if (system(mk) != 0) {
        fprintf(stderr, "test_db: cannot create %s\n", tmpdir);
        return 2;
    }
    free(mk);
    test_round_trip();
    test_batches();
    test_migrate_4();
    test_incremental();
    test_locked();
    test_bad_databases();
    return check_summary("test_db");
}
