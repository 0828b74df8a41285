/*
 * rtbench host - selecting runs by meta and reading histories (db_select.h).
 */
#include "db_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_internal.h"
#include "idmap.h"
#include "util.h"

char *db_where_sql(const struct meta_where *w, int first)
{
    char *sql = xstrdup("");
    for (size_t i = 0; w && i < w->n; i++) {
        int k = first + 2 * (int)i, g = k + 1;
        char *more = xasprintf(
            "%s AND (EXISTS(SELECT 1 FROM run_meta x WHERE x.run_id=r.id AND x.key=?%d AND "
            "x.value GLOB ?%d) OR EXISTS(SELECT 1 FROM run_header x WHERE x.run_id=r.id AND "
            "x.key=?%d AND x.value GLOB ?%d) OR (?%d='label' AND r.label GLOB ?%d))",
            sql, k, g, k, g, k, g);
        free(sql);
        sql = more;
    }
    return sql;
}

void db_where_bind(sqlite3_stmt *st, const struct meta_where *w, int first)
{
    for (size_t i = 0; w && i < w->n; i++) {
        db_bind_text(st, first + 2 * (int)i, w->key[i]);
        db_bind_text(st, first + 2 * (int)i + 1, w->glob[i]);
    }
}

/* The newest LATEST (0: all) runs matching W, newest first, as the columns
 * COLS of runs r: prepared into *ST. 0, or -1 with a message. */
static int prepare_selection(sqlite3 *db, const char *cols, const struct meta_where *w,
                             uint64_t latest, sqlite3_stmt **st, char *err, size_t errlen)
{
    char *cond = db_where_sql(w, 2);
    char *sql =
        xasprintf("SELECT %s FROM runs r WHERE 1%s ORDER BY r.id DESC LIMIT ?1", cols, cond);
    int rc = sqlite3_prepare_v2(db, sql, -1, st, NULL);
    free(cond);
    free(sql);
    if (rc != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot select the runs");
    sqlite3_bind_int64(*st, 1, latest ? (sqlite3_int64)latest : -1);
    db_where_bind(*st, w, 2);
    return 0;
}

int db_select_runs(sqlite3 *db, const struct meta_where *w, uint64_t latest, int64_t **ids,
                   size_t *n, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    *ids = NULL;
    *n = 0;
    if (prepare_selection(db, "r.id", w, latest, &st, err, errlen) != 0)
        return -1;
    int rc;
    while ((rc = db_step_retry(st)) == SQLITE_ROW) {
        *ids = xgrow(*ids, *n, sizeof **ids);
        (*ids)[(*n)++] = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(*ids);
        *ids = NULL;
        *n = 0;
        return db_fail(db, err, errlen, "cannot select the runs");
    }
    for (size_t i = 0; i < *n / 2; i++) { /* oldest first */
        int64_t t = (*ids)[i];
        (*ids)[i] = (*ids)[*n - 1 - i];
        (*ids)[*n - 1 - i] = t;
    }
    return 0;
}

static const char *text_or_null(sqlite3_stmt *st, int i)
{
    return (const char *)sqlite3_column_text(st, i);
}

/* The runs of the history (newest first from the query), with their unit into UNITS. */
static int load_history_runs(sqlite3 *db, const struct meta_where *w, uint64_t latest,
                             struct history *h, char ***units, char *err, size_t errlen)
{
    static const char cols[] =
        "r.id, r.label, r.created, r.unit,"
        " (SELECT value FROM run_meta x WHERE x.run_id=r.id AND x.key='commit'),"
        " (SELECT value FROM run_meta x WHERE x.run_id=r.id AND x.key='kernel_rev'),"
        " (SELECT value FROM run_meta x WHERE x.run_id=r.id AND x.key='kernel_dirty'),"
        " (SELECT value FROM run_header x WHERE x.run_id=r.id AND x.key='clock')";
    sqlite3_stmt *st;
    if (prepare_selection(db, cols, w, latest, &st, err, errlen) != 0)
        return -1;
    int rc;
    size_t nu = 0;
    while ((rc = db_step_retry(st)) == SQLITE_ROW) {
        h->runs = xgrow(h->runs, h->n_runs, sizeof *h->runs);
        struct history_run *r = &h->runs[h->n_runs++];
        char rev[META_VALUE_MAX + 8];
        const char *clock = text_or_null(st, 7), *unit = text_or_null(st, 3);
        meta_revision(text_or_null(st, 4), text_or_null(st, 5), text_or_null(st, 6),
                      text_or_null(st, 1), rev, sizeof rev);
        r->id = sqlite3_column_int64(st, 0);
        r->rev = xstrdup(rev);
        r->created = xstrdup(text_or_null(st, 2) ? text_or_null(st, 2) : "");
        r->deterministic = clock && strcmp(clock, "emulated-icount") == 0;
        strv_push(units, &nu, xstrdup(unit ? unit : "cycles"));
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, err, errlen, "cannot select the runs");
    for (size_t i = 0; i < h->n_runs / 2; i++) { /* oldest first */
        struct history_run t = h->runs[i];
        char *u = (*units)[i];
        h->runs[i] = h->runs[h->n_runs - 1 - i];
        h->runs[h->n_runs - 1 - i] = t;
        (*units)[i] = (*units)[h->n_runs - 1 - i];
        (*units)[h->n_runs - 1 - i] = u;
    }
    return 0;
}

static const char *series_key(const void *ctx, size_t i)
{
    return ((const struct history *)ctx)->s[i].metric;
}

/* The index of run ID among H's runs (ascending ids), or -1. */
static long run_index(const struct history *h, int64_t id)
{
    size_t lo = 0, hi = h->n_runs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (h->runs[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < h->n_runs && h->runs[lo].id == id ? (long)lo : -1;
}

/* One metrics row (run_id, id, state, has_pct, p50, mean, unit,
 * higher_better) onto its series. */
static void history_row(sqlite3_stmt *st, struct history *h, struct idmap *index, char **units,
                        int (*want)(const void *, const char *), const void *ctx)
{
    long i = run_index(h, sqlite3_column_int64(st, 0));
    const char *id = text_or_null(st, 1), *state = text_or_null(st, 2);
    if (i < 0 || !id || !want(ctx, id))
        return;
    size_t k = idmap_find(index, id, series_key, h);
    if (k == (size_t)-1) {
        history_add_series(h, id);
        k = h->n_series - 1;
        idmap_add(index, k, series_key, h);
    }
    struct history_series *s = &h->s[k];
    if (!state || strcmp(state, "ok") != 0)
        return;
    int pct = sqlite3_column_int(st, 3);
    const char *unit = text_or_null(st, 6);
    s->value[i] = pct ? (double)sqlite3_column_int64(st, 4) : sqlite3_column_double(st, 5);
    s->ok[i] = 1;
    if (!s->unit) {
        s->unit = xstrdup(unit ? unit : units[i]);
        s->stat = pct ? "p50" : "mean";
        s->higher_better = sqlite3_column_int(st, 7);
    }
}

int db_load_history(sqlite3 *db, const struct meta_where *w, uint64_t latest,
                    int (*want)(const void *ctx, const char *metric), const void *ctx,
                    struct history *h, char *err, size_t errlen)
{
    char **units = NULL;
    sqlite3_stmt *st = NULL;
    struct idmap index = {0};
    int rc = -1;
    memset(h, 0, sizeof *h);
    if (db_exec_retry(db, "BEGIN") != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot read");
    if (load_history_runs(db, w, latest, h, &units, err, errlen) != 0)
        goto out;
    rc = 0;
    if (h->n_runs == 0)
        goto out;
    if (sqlite3_prepare_v2(db,
                           "SELECT run_id, id, state, has_pct, p50, mean, unit, higher_better "
                           "FROM metrics WHERE run_id BETWEEN ?1 AND ?2 ORDER BY run_id, seq",
                           -1, &st, NULL) != SQLITE_OK) {
        rc = db_fail(db, err, errlen, "cannot read the metrics");
        goto out;
    }
    sqlite3_bind_int64(st, 1, h->runs[0].id);
    sqlite3_bind_int64(st, 2, h->runs[h->n_runs - 1].id);
    int step;
    while ((step = db_step_retry(st)) == SQLITE_ROW)
        history_row(st, h, &index, units, want, ctx);
    if (step != SQLITE_DONE)
        rc = db_fail(db, err, errlen, "cannot read the metrics");
out:
    sqlite3_finalize(st);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    for (size_t i = 0; i < h->n_runs; i++)
        free(units ? units[i] : NULL);
    free(units);
    idmap_free(&index);
    if (rc != 0)
        history_free(h);
    return rc;
}
