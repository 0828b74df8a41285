/*
 * rtbench host - importing another rtbench database (db.h, db_import_db):
 * every run it holds, with every row of every table that run owns, copied
 * once. A run is known across databases by its UUID (runs.uuid, migration
 * 8): one already there with the same content is skipped, one there with
 * other content refused (never overwritten). Each run is copied in its own
 * transaction, so a kill leaves whole runs only, and collectors importing
 * into one database at once wait for each other (db.c's retries).
 *
 * The source is opened read-only. One of an older schema is read through a
 * migrated copy in a temporary file (the runs it stored before version 8
 * get the UUID migration 8 makes from their rows: the same at every
 * import); a newer one is refused. The tables a run owns are found in the
 * schema (every table with a run_id column), so a table a later migration
 * adds is copied without a change here, and a table that is neither the
 * runs nor a run's is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db.h"
#include "db_internal.h"
#include "util.h"

/* One table: its columns but run_id (runs: but id), and its statements. */
struct table {
    char *name;
    char *cols; /* "\"a\",\"b\"" */
    int n_cols;
    sqlite3_stmt *src_sel, *dst_sel, *dst_ins; /* ordered by every column */
};

struct merge {
    sqlite3 *src, *dst;
    const char *src_name;
    struct table *t; /* t[0] is runs */
    size_t n_t;
};

static void tables_free(struct merge *m)
{
    for (size_t i = 0; i < m->n_t; i++) {
        sqlite3_finalize(m->t[i].src_sel);
        sqlite3_finalize(m->t[i].dst_sel);
        sqlite3_finalize(m->t[i].dst_ins);
        free(m->t[i].name);
        free(m->t[i].cols);
    }
    free(m->t);
}

/* The columns of table T (all but SKIP) into t->cols; 1 if it has SKIP. */
static int read_columns(sqlite3 *db, struct table *t, const char *skip)
{
    sqlite3_stmt *st;
    int has_skip = 0;
    t->cols = xstrdup("");
    t->n_cols = 0;
    if (sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info(?1) ORDER BY cid", -1, &st,
                           NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, t->name, -1, SQLITE_STATIC);
    while (db_step_retry(st) == SQLITE_ROW) {
        const char *c = (const char *)sqlite3_column_text(st, 0);
        if (strcmp(c, skip) == 0) {
            has_skip = 1;
            continue;
        }
        char *cols = xasprintf("%s%s\"%s\"", t->cols, t->n_cols ? "," : "", c);
        free(t->cols);
        t->cols = cols;
        t->n_cols++;
    }
    sqlite3_finalize(st);
    return has_skip;
}

/* The statements of table T: rows of one run (runs: the run) read ordered
 * by every column from either database, and inserted into the destination. */
static int prepare_table(struct merge *m, struct table *t, int is_runs, char *err, size_t errlen)
{
    const char *key = is_runs ? "id" : "run_id";
    char *sel =
        xasprintf("SELECT %s FROM \"%s\" WHERE %s=?1 ORDER BY %s", t->cols, t->name, key, t->cols);
    char *marks = xstrdup(is_runs ? "" : "?");
    for (int i = 0; i < t->n_cols; i++) {
        char *more = xasprintf("%s%s?", marks, *marks ? "," : "");
        free(marks);
        marks = more;
    }
    char *ins = xasprintf("INSERT INTO \"%s\"(%s%s) VALUES(%s)", t->name, is_runs ? "" : "run_id,",
                          t->cols, marks);
    int rc = 0;
    if (sqlite3_prepare_v2(m->src, sel, -1, &t->src_sel, NULL) != SQLITE_OK)
        rc = db_fail(m->src, err, errlen, "cannot read its runs");
    else if (sqlite3_prepare_v2(m->dst, sel, -1, &t->dst_sel, NULL) != SQLITE_OK ||
             sqlite3_prepare_v2(m->dst, ins, -1, &t->dst_ins, NULL) != SQLITE_OK)
        rc = errf(err, errlen, "database %s: table %s of %s cannot be copied into it: %s",
                  db_name(m->dst), t->name, m->src_name, sqlite3_errmsg(m->dst));
    free(sel);
    free(marks);
    free(ins);
    return rc;
}

/* The tables of the source: runs first, then every table a run owns; a
 * table that is neither is refused. 0, or -1 with a message. */
static int find_tables(struct merge *m, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(m->src,
                           "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE "
                           "'sqlite%' ORDER BY name<>'runs', name",
                           -1, &st, NULL) != SQLITE_OK)
        return db_fail(m->src, err, errlen, "cannot read its schema");
    int rc = 0;
    while (rc == 0 && db_step_retry(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        m->t = xgrow(m->t, m->n_t, sizeof *m->t);
        struct table *t = memset(&m->t[m->n_t++], 0, sizeof *m->t);
        t->name = xstrdup(name);
        int is_runs = m->n_t == 1;
        if (is_runs && strcmp(name, "runs") != 0)
            rc = errf(err, errlen, "database %s has no runs table", m->src_name);
        else if (read_columns(m->src, t, is_runs ? "id" : "run_id") != 1)
            rc = errf(err, errlen,
                      "database %s: table %s is neither the runs nor a run's (no run_id "
                      "column): not known how to copy it, nothing imported",
                      m->src_name, name);
        else
            rc = prepare_table(m, t, is_runs, err, errlen);
    }
    sqlite3_finalize(st);
    if (rc == 0 && m->n_t == 0)
        rc = errf(err, errlen, "database %s has no runs table", m->src_name);
    return rc;
}

/* Two values the same: type and bytes. */
static int same_value(sqlite3_value *a, sqlite3_value *b)
{
    int ta = sqlite3_value_type(a);
    if (ta != sqlite3_value_type(b))
        return 0;
    if (ta == SQLITE_NULL)
        return 1;
    if (ta == SQLITE_INTEGER)
        return sqlite3_value_int64(a) == sqlite3_value_int64(b);
    if (ta == SQLITE_FLOAT) {
        double x = sqlite3_value_double(a), y = sqlite3_value_double(b);
        return memcmp(&x, &y, sizeof x) == 0;
    }
    const void *pa = ta == SQLITE_BLOB ? sqlite3_value_blob(a) : sqlite3_value_text(a);
    const void *pb = ta == SQLITE_BLOB ? sqlite3_value_blob(b) : sqlite3_value_text(b);
    int na = sqlite3_value_bytes(a);
    return na == sqlite3_value_bytes(b) && (na == 0 || memcmp(pa, pb, (size_t)na) == 0);
}

/* Whether table T holds the same rows for source run SRC_ID and
 * destination run DST_ID. 1, 0, or -1 (unreadable). */
static int same_rows(struct table *t, int64_t src_id, int64_t dst_id)
{
    sqlite3_reset(t->src_sel);
    sqlite3_reset(t->dst_sel);
    sqlite3_bind_int64(t->src_sel, 1, src_id);
    sqlite3_bind_int64(t->dst_sel, 1, dst_id);
    for (;;) {
        int a = db_step_retry(t->src_sel), b = db_step_retry(t->dst_sel);
        if (a != b)
            return (a == SQLITE_ROW || a == SQLITE_DONE) && (b == SQLITE_ROW || b == SQLITE_DONE)
                       ? 0
                       : -1;
        if (a == SQLITE_DONE)
            return 1;
        if (a != SQLITE_ROW)
            return -1;
        for (int c = 0; c < t->n_cols; c++)
            if (!same_value(sqlite3_column_value(t->src_sel, c),
                            sqlite3_column_value(t->dst_sel, c)))
                return 0;
    }
}

/* Copies the rows of table T of source run SRC_ID as run DST_ID's (runs:
 * the run's row, DST_ID unused). 0, or -1 with a message. */
static int copy_rows(struct merge *m, struct table *t, int is_runs, int64_t src_id, int64_t dst_id,
                     char *err, size_t errlen)
{
    sqlite3_reset(t->src_sel);
    sqlite3_bind_int64(t->src_sel, 1, src_id);
    int rc;
    while ((rc = db_step_retry(t->src_sel)) == SQLITE_ROW) {
        sqlite3_reset(t->dst_ins);
        int k = 1;
        if (!is_runs)
            sqlite3_bind_int64(t->dst_ins, k++, dst_id);
        for (int c = 0; c < t->n_cols; c++)
            sqlite3_bind_value(t->dst_ins, k++, sqlite3_column_value(t->src_sel, c));
        if (db_step_retry(t->dst_ins) != SQLITE_DONE) {
            char what[160];
            snprintf(what, sizeof what, "cannot store %s of run #%lld of %s", t->name,
                     (long long)src_id, m->src_name);
            return db_fail(m->dst, err, errlen, what);
        }
    }
    sqlite3_reset(t->dst_ins);
    if (rc != SQLITE_DONE) {
        char what[160];
        snprintf(what, sizeof what, "cannot read %s of run #%lld", t->name, (long long)src_id);
        return db_fail(m->src, err, errlen, what);
    }
    return 0;
}

/* The destination's id of the run of UUID: >0, 0 (none), -1 (unreadable). */
static int64_t dst_run(struct merge *m, const char *uuid, int *running)
{
    sqlite3_stmt *st;
    int64_t id = -1;
    if (sqlite3_prepare_v2(m->dst,
                           "SELECT id, status_detail LIKE 'running:%' FROM runs WHERE uuid=?", -1,
                           &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, uuid, -1, SQLITE_STATIC);
    int rc = db_step_retry(st);
    if (rc == SQLITE_ROW) {
        id = sqlite3_column_int64(st, 0);
        *running = sqlite3_column_int(st, 1);
    } else if (rc == SQLITE_DONE) {
        id = 0;
    }
    sqlite3_finalize(st);
    return id;
}

/* Source run SRC_ID of UUID, in one transaction of the destination: copied
 * (c->copied), already there (c->present) or there with other content
 * (c->refused, a line in c->refusals). 0, or -1 with a message. */
static int import_run(struct merge *m, int64_t src_id, const char *uuid, struct db_import *c,
                      char *err, size_t errlen)
{
    if (db_begin(m->dst, err, errlen) != 0)
        return -1;
    int running = 0, rc = 0;
    int64_t id = dst_run(m, uuid, &running);
    if (id < 0) {
        rc = db_fail(m->dst, err, errlen, "cannot look the runs up");
    } else if (id > 0) {
        int same = 1;
        for (size_t i = 0; same == 1 && i < m->n_t; i++)
            same = same_rows(&m->t[i], src_id, id);
        if (same < 0)
            rc = db_fail(m->dst, err, errlen, "cannot compare the runs");
        else if (same)
            c->present++;
        else
            strv_push(
                &c->refusals, &c->n_refused,
                xasprintf("run #%lld (%s) is run #%lld here with other content%s: not "
                          "copied, left as it is",
                          (long long)src_id, uuid, (long long)id,
                          running ? " (it was still being recorded when it was imported)" : ""));
        db_rollback(m->dst); /* nothing written */
        return rc;
    } else if (db_exec_retry(m->dst, "PRAGMA defer_foreign_keys=ON") != SQLITE_OK) {
        rc = db_fail(m->dst, err, errlen, "cannot store the run");
    } else if ((rc = copy_rows(m, &m->t[0], 1, src_id, 0, err, errlen)) == 0) {
        id = sqlite3_last_insert_rowid(m->dst);
        for (size_t i = 1; rc == 0 && i < m->n_t; i++)
            rc = copy_rows(m, &m->t[i], 0, src_id, id, err, errlen);
    }
    if (rc != 0) {
        db_rollback(m->dst);
        return -1;
    }
    if (db_commit(m->dst, err, errlen) != 0)
        return -1;
    if (c->first == 0)
        c->first = id;
    c->last = id;
    c->copied++;
    return 0;
}

/* Every run of the source, oldest first. 0, or -1 with a message. */
static int import_runs(struct merge *m, struct db_import *c, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(m->src, "SELECT id, uuid, status<>'complete' FROM runs ORDER BY id", -1,
                           &st, NULL) != SQLITE_OK)
        return db_fail(m->src, err, errlen, "cannot read its runs");
    int rc = 0, step;
    while (rc == 0 && (step = db_step_retry(st)) == SQLITE_ROW) {
        const char *uuid = (const char *)sqlite3_column_text(st, 1);
        size_t copied = c->copied;
        c->runs++;
        if (!uuid || strlen(uuid) != DB_UUID_LEN)
            rc = errf(err, errlen,
                      "database %s: run #%lld has no run id (uuid): not one rtbench made",
                      m->src_name, (long long)sqlite3_column_int64(st, 0));
        else
            rc = import_run(m, sqlite3_column_int64(st, 0), uuid, c, err, errlen);
        if (rc == 0 && c->copied > copied && sqlite3_column_int(st, 2))
            c->incomplete++;
    }
    if (rc == 0 && step != SQLITE_DONE)
        rc = db_fail(m->src, err, errlen, "cannot read its runs");
    sqlite3_finalize(st);
    return rc;
}

/* The schema version of DB, or -1. */
static int schema_version(sqlite3 *db)
{
    sqlite3_stmt *st;
    int v = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK &&
        db_step_retry(st) == SQLITE_ROW)
        v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* A copy of SRC in a new temporary file (its name into TMP), migrated to
 * the current schema and opened read-write into *OUT. 0, or -1 with a
 * message (the file removed). */
static int migrated_copy(sqlite3 *src, const char *name, char tmp[4096], sqlite3 **out, char *err,
                         size_t errlen)
{
    const char *dir = getenv("TMPDIR");
    snprintf(tmp, 4096, "%s/rtbench-import-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(tmp);
    if (fd < 0)
        return errf(err, errlen,
                    "database %s is of an older schema: cannot make a temporary copy to "
                    "migrate in %s",
                    name, dir && *dir ? dir : "/tmp");
    close(fd);
    sqlite3 *copy = NULL;
    sqlite3_backup *b = NULL;
    int ok = sqlite3_open_v2(tmp, &copy, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
             (b = sqlite3_backup_init(copy, "main", src, "main")) != NULL &&
             sqlite3_backup_step(b, -1) == SQLITE_DONE;
    ok = sqlite3_backup_finish(b) == SQLITE_OK && ok;
    if (!ok)
        errf(err, errlen, "database %s is of an older schema: its copy to migrate (%s) failed: %s",
             name, tmp, sqlite3_errmsg(copy));
    sqlite3_close(copy);
    char why[512];
    if (ok && db_open(tmp, DB_CREATE, out, NULL, why, sizeof why) != 0) {
        errf(err, errlen, "database %s is of an older schema: its migrated copy: %s", name, why);
        ok = 0;
    }
    if (!ok)
        db_remove_file(tmp);
    return ok ? 0 : -1;
}

void db_remove_file(const char *path)
{
    char side[4200];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

/* PATH and DB's file the same file. */
static int same_file(const char *path, sqlite3 *db)
{
    struct stat a, b;
    return stat(path, &a) == 0 && stat(db_name(db), &b) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

int db_import_db(sqlite3 *db, const char *path, struct db_import *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    if (same_file(path, db))
        return errf(err, errlen, "database %s is the one imported into", path);
    struct merge m = {NULL, db, path, NULL, 0};
    if (db_open(path, DB_READ_OLD, &m.src, NULL, err, errlen) != 0)
        return -1;
    char tmp[4096] = "";
    int v = schema_version(m.src), rc = 0;
    if (v < schema_version(db)) {
        sqlite3 *copy = NULL;
        c->old_version = v;
        rc = migrated_copy(m.src, path, tmp, &copy, err, errlen);
        db_close(m.src);
        m.src = copy;
    }
    if (rc == 0)
        rc = find_tables(&m, err, errlen);
    if (rc == 0)
        rc = import_runs(&m, c, err, errlen);
    tables_free(&m);
    db_close(m.src);
    if (*tmp)
        db_remove_file(tmp);
    return rc;
}

void db_import_free(struct db_import *c)
{
    for (size_t i = 0; i < c->n_refused; i++)
        free(c->refusals[i]);
    free(c->refusals);
}
