/*
 * rtbench host - reading runs from the database (db.h): one whole run by
 * id, label or "latest", and the list of stored runs.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"
#include "db_internal.h"
#include "db_select.h"
#include "hist.h"
#include "samples.h"
#include "term.h"
#include "util.h"

static char *col_text(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? xstrdup((const char *)t) : NULL;
}

/* How REF names a run: "#N" (id N), "label:NAME", "latest"/"last", a
 * number (an id), else a label. */
enum ref_kind { REF_ID, REF_LABEL, REF_LATEST };

static enum ref_kind ref_kind(const char **ref, uint64_t *num)
{
    if ((*ref)[0] == '#' && parse_u64(*ref + 1, num) == 0) {
        (*ref)++;
        return REF_ID;
    }
    if (strncmp(*ref, "label:", 6) == 0) {
        *ref += 6;
        return REF_LABEL;
    }
    if (strcmp(*ref, "latest") == 0 || strcmp(*ref, "last") == 0)
        return REF_LATEST;
    return parse_u64(*ref, num) == 0 ? REF_ID : REF_LABEL;
}

static int find_run_id(sqlite3 *db, const char *ref, int64_t *id, char *err, size_t errlen)
{
    static const char *const sql[] = {
        "SELECT id FROM runs WHERE id=?",
        "SELECT max(id) FROM runs WHERE label=? HAVING max(id) IS NOT NULL",
        "SELECT max(id) FROM runs HAVING max(id) IS NOT NULL"};
    sqlite3_stmt *st;
    uint64_t num = 0;
    const char *name = ref;
    enum ref_kind kind = ref_kind(&name, &num);
    if (sqlite3_prepare_v2(db, sql[kind], -1, &st, NULL) != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot look up the run");
    if (kind == REF_ID)
        sqlite3_bind_int64(st, 1, (int64_t)num);
    else if (kind == REF_LABEL)
        db_bind_text(st, 1, name);
    int rc = db_step_retry(st);
    if (rc == SQLITE_ROW) {
        *id = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        return 0;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, err, errlen, "cannot look up the run");
    if (kind == REF_LATEST)
        return errf(err, errlen, "no runs stored in %s", term(db_name(db)));
    if (kind == REF_ID)
        return errf(err, errlen, "no run with id %s in %s", term(name), term(db_name(db)));
    return errf(err, errlen, "no run with label '%s' in %s%s", term(name), term(db_name(db)),
                name == ref ? " (a run id is a number or #N, a label label:NAME)" : "");
}

/* Whether rtbench PID, started at START (clock ticks after boot; HAS_START
 * 0 for a run stored by an older rtbench), still runs: the process is
 * there, is an rtbench and, when known, started then (a PID reused by
 * another process has another start). Without /proc, the PID alone. */
static int still_running(long pid, int has_start, unsigned long long start)
{
    unsigned long long now;
    int rtb;
    if (access("/proc/self/stat", R_OK) != 0)
        return pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
    return proc_identity(pid, &now, &rtb) == 0 && rtb && (!has_start || now == start);
}

/* A run left 'running' by an rtbench that is gone says so: the detail
 * "running: rtbench pid P start S on HOST" (older: without "start S")
 * stored when the run began, read now. */
static char *detail_now(char *detail)
{
    long pid;
    unsigned long long start = 0;
    int at = 0, has_start = 1;
    if (!detail ||
        (sscanf(detail, "running: rtbench pid %ld start %llu on %n", &pid, &start, &at) != 2 &&
         (has_start = 0, sscanf(detail, "running: rtbench pid %ld on %n", &pid, &at) != 1)) ||
        !at)
        return detail;
    const char *host = detail + at;
    char *now;
    if (strcmp(host, host_name()) != 0)
        now = xasprintf("running or interrupted: rtbench pid %ld on %s", pid, host);
    else if (still_running(pid, has_start, start))
        now = xasprintf("running: rtbench pid %ld", pid);
    else
        now =
            xasprintf("unfinished: rtbench (pid %ld) ended before it finished the run (killed, or "
                      "its database failed)",
                      pid);
    free(detail);
    return now;
}

/* The runs row of run ID into OUT. 0, or -1 (no row, or an error). */
static int load_run_row(sqlite3 *db, int64_t id, struct run *out)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db,
                           "SELECT id,label,source,format,created,host,status,status_detail,unit,"
                           "ns_per_unit,uuid FROM runs WHERE id=?",
                           -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    if (db_step_retry(st) != SQLITE_ROW) {
        sqlite3_finalize(st);
        return -1;
    }
    out->id = sqlite3_column_int64(st, 0);
    out->label = col_text(st, 1);
    out->source = col_text(st, 2);
    out->origin = col_text(st, 3);
    out->created = col_text(st, 4);
    out->host = col_text(st, 5);
    const unsigned char *status = sqlite3_column_text(st, 6);
    out->status =
        status && strcmp((const char *)status, "complete") == 0 ? RUN_COMPLETE : RUN_INCOMPLETE;
    out->status_detail = detail_now(col_text(st, 7));
    out->unit = col_text(st, 8);
    out->ns_per_unit =
        sqlite3_column_type(st, 9) == SQLITE_NULL ? 0.0 : sqlite3_column_double(st, 9);
    out->uuid = col_text(st, 10);
    sqlite3_finalize(st);
    return 0;
}

/* The header keys of run ID, in the order stored. 0 or -1. */
static int load_header(sqlite3 *db, int64_t id, struct run *out)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT key,value FROM run_header WHERE run_id=? ORDER BY rowid", -1,
                           &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    int rc;
    while ((rc = db_step_retry(st)) == SQLITE_ROW) {
        out->hdr = xgrow(out->hdr, out->n_hdr, sizeof *out->hdr);
        out->hdr[out->n_hdr].key = col_text(st, 0);
        out->hdr[out->n_hdr].value = col_text(st, 1);
        if (!out->hdr[out->n_hdr].value)
            out->hdr[out->n_hdr].value = xstrdup("");
        out->n_hdr++;
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* The meta of run ID (host/meta.h), in the order stored. 0 or -1. */
static int load_meta(sqlite3 *db, int64_t id, struct run *out)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT key,value FROM run_meta WHERE run_id=? ORDER BY rowid", -1,
                           &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    int rc;
    while ((rc = db_step_retry(st)) == SQLITE_ROW) {
        const unsigned char *k = sqlite3_column_text(st, 0), *v = sqlite3_column_text(st, 1);
        if (k)
            run_meta_set(out, (const char *)k, v ? (const char *)v : "");
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* One metrics row (the columns of load_metrics' SELECT) appended to OUT. */
static void metric_from_row(sqlite3_stmt *st, struct run *out)
{
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
    m->mean_ns = sqlite3_column_type(st, 16) == SQLITE_NULL ? -1.0 : sqlite3_column_double(st, 16);
    m->unit = col_text(st, 17);
    m->higher_better = sqlite3_column_int(st, 18);
}

/* The index in OUT->m of the metric stored as SEQ (SEQS: the seq of each, ascending), or -1. */
static long metric_index(const int64_t *seqs, size_t n, int64_t seq)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (seqs[mid] < seq)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && seqs[lo] == seq ? (long)lo : -1;
}

/* Each row of SQL (its first column the metric's seq, its one parameter the
 * run's id) given to ROW with the metric of run ID it belongs to; a row
 * whose metric is not in OUT is left out. 0, or -1 on a database error. */
static int for_each_metric_row(sqlite3 *db, int64_t id, const char *sql, const int64_t *seqs,
                               struct run *out, void (*row)(sqlite3_stmt *, struct metric *))
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    int rc;
    while ((rc = db_step_retry(st)) == SQLITE_ROW) {
        long i = metric_index(seqs, out->n_m, sqlite3_column_int64(st, 0));
        if (i >= 0)
            row(st, &out->m[i]);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* metric_extra: seq, key, value. */
static void extra_row(sqlite3_stmt *st, struct metric *m)
{
    const unsigned char *k = sqlite3_column_text(st, 1), *v = sqlite3_column_text(st, 2);
    if (k)
        metric_extra_set(m, (const char *)k, v ? (const char *)v : "");
}

/* metric_hist: seq, lo, width, counts; counts that do not parse are left out. */
static void hist_row(sqlite3_stmt *st, struct metric *m)
{
    const unsigned char *c = sqlite3_column_text(st, 3);
    if (!c)
        return;
    size_t n = 1;
    for (const unsigned char *p = c; *p; p++)
        n += *p == ',';
    struct hist *h = metric_hist_new(m, (uint64_t)sqlite3_column_int64(st, 1),
                                     (uint64_t)sqlite3_column_int64(st, 2), n);
    if (hist_counts_parse((const char *)c, h->count, n) != 0)
        metric_hist_free(m);
    else
        m->hist_want = n;
}

/* metric_samples: seq, n, data; data that does not decode to n samples is left out. */
static void samples_row(sqlite3_stmt *st, struct metric *m)
{
    const unsigned char *data = sqlite3_column_text(st, 2);
    if (data)
        samples_parse(m, (const char *)data, (uint64_t)sqlite3_column_int64(st, 1));
}

/* metric_other_units: seq, unit, n, mean, sd, min, max, p50, p90, p99, p999. */
static void other_unit_row(sqlite3_stmt *st, struct metric *m)
{
    const unsigned char *unit = sqlite3_column_text(st, 1);
    if (!unit)
        return;
    struct metric_stats *u = metric_unit_add(m, (const char *)unit);
    u->n = (uint64_t)sqlite3_column_int64(st, 2);
    u->mean = sqlite3_column_double(st, 3);
    u->sd = sqlite3_column_double(st, 4);
    uint64_t *v[] = {&u->min, &u->max, &u->p50, &u->p90, &u->p99, &u->p999};
    for (int k = 0; k < 6; k++)
        *v[k] = (uint64_t)sqlite3_column_int64(st, 5 + k);
}

/* What is stored beside run ID's metrics, onto OUT's metrics by seq: their
 * extra figures, their histograms, their statistics in other units. */
static int load_metric_rows(sqlite3 *db, int64_t id, const int64_t *seqs, struct run *out)
{
    if (for_each_metric_row(db, id,
                            "SELECT seq,key,value FROM metric_extra WHERE run_id=? "
                            "ORDER BY seq, rowid",
                            seqs, out, extra_row) != 0 ||
        for_each_metric_row(db, id, "SELECT seq,lo,width,counts FROM metric_hist WHERE run_id=?",
                            seqs, out, hist_row) != 0 ||
        for_each_metric_row(db, id, "SELECT seq,n,data FROM metric_samples WHERE run_id=?", seqs,
                            out, samples_row) != 0)
        return -1;
    return for_each_metric_row(db, id,
                               "SELECT seq,unit,n,mean,sd,min,max,p50,p90,p99,p999 FROM "
                               "metric_other_units WHERE run_id=? ORDER BY seq, unit",
                               seqs, out, other_unit_row);
}

/* The metrics of run ID in the order they arrived, and each one's seq into
 * *seqs (allocated). 0 or -1. */
static int load_metrics(sqlite3 *db, int64_t id, struct run *out, int64_t **seqs)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            db,
            "SELECT id,\"desc\",state,reason,err,flags,has_pct,n,mean,sd,min,max,"
            "p50,p90,p99,p999,mean_ns,unit,higher_better,seq FROM metrics WHERE run_id=? "
            "ORDER BY seq",
            -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    int rc;
    size_t cap = 0;
    *seqs = NULL;
    while ((rc = db_step_retry(st)) == SQLITE_ROW) {
        if (out->n_m == cap) {
            cap = cap ? 2 * cap : 64;
            *seqs = xrealloc(*seqs, cap * sizeof **seqs);
        }
        (*seqs)[out->n_m] = sqlite3_column_int64(st, 19);
        metric_from_row(st, out);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
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
    if (db_exec_retry(db, "BEGIN") != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot read");
    int64_t *seqs = NULL;
    if (load_run_row(db, id, out) != 0 || load_header(db, id, out) != 0 ||
        load_meta(db, id, out) != 0 || load_metrics(db, id, out, &seqs) != 0 ||
        load_metric_rows(db, id, seqs, out) != 0) {
        db_fail(db, err, errlen, "cannot read the run");
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        free(seqs);
        run_free(out);
        return -1;
    }
    free(seqs);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    return 0;
}

/* Column I as a copy, "" when NULL. */
static char *col_text_or_empty(sqlite3_stmt *st, int i)
{
    char *t = col_text(st, i);
    return t ? t : xstrdup("");
}

/* "k=v,k=v" (group_concat of run_meta: keys and values hold no ',') into S's meta. */
static void summary_meta(struct run_summary *s, const char *list)
{
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ","), kl = strcspn(p, "=");
        if (kl < len) {
            s->meta = xgrow(s->meta, s->n_meta, sizeof *s->meta);
            s->meta[s->n_meta].key = xstrndup(p, kl);
            s->meta[s->n_meta++].value = xstrndup(p + kl + 1, len - kl - 1);
        }
        p += len + (p[len] == ',');
    }
}

/* One row of db_list_runs' SELECT appended to *OUT. */
static void summary_row(sqlite3_stmt *st, struct run_summary **out, size_t *n)
{
    *out = xgrow(*out, *n, sizeof **out);
    struct run_summary *s = &(*out)[(*n)++];
    memset(s, 0, sizeof *s);
    s->id = sqlite3_column_int64(st, 0);
    char **text[] = {&s->created, &s->label, &s->source, &s->port,         &s->board,
                     &s->kernel,  &s->kver,  &s->status, &s->status_detail};
    static const int col[] = {1, 2, 3, 4, 5, 6, 7, 8, 10};
    for (size_t i = 0; i < sizeof col / sizeof col[0]; i++)
        *text[i] = col_text_or_empty(st, col[i]);
    s->status_detail = detail_now(s->status_detail);
    s->n_metrics = (uint64_t)sqlite3_column_int64(st, 9);
    summary_meta(s, (const char *)sqlite3_column_text(st, 11));
}

int db_list_runs(sqlite3 *db, const char *label_glob, const struct meta_where *where,
                 uint64_t limit, struct run_summary **out, size_t *n, char *err, size_t errlen)
{
    char *cond = db_where_sql(where, 3);
    char *sql = xasprintf(
        "SELECT * FROM (SELECT r.id, r.created, r.label, r.source,"
        " (SELECT value FROM run_header h WHERE h.run_id=r.id AND h.key='port'),"
        " (SELECT value FROM run_header h WHERE h.run_id=r.id AND h.key='board'),"
        " (SELECT value FROM run_header h WHERE h.run_id=r.id AND h.key='kernel'),"
        " (SELECT value FROM run_header h WHERE h.run_id=r.id AND h.key='kver'),"
        " r.status, (SELECT count(*) FROM metrics m WHERE m.run_id=r.id), r.status_detail,"
        " (SELECT group_concat(key || '=' || value, ',') FROM"
        " (SELECT key, value FROM run_meta x WHERE x.run_id=r.id ORDER BY rowid))"
        " FROM runs r WHERE (?1 IS NULL OR r.label GLOB ?1)%s ORDER BY r.id DESC LIMIT ?2)"
        " ORDER BY 1",
        cond);
    sqlite3_stmt *st;
    *out = NULL;
    *n = 0;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    free(cond);
    free(sql);
    if (rc != SQLITE_OK)
        return errf(err, errlen, "database %s: %s", db_name(db), sqlite3_errmsg(db));
    db_bind_text(st, 1, label_glob);
    sqlite3_bind_int64(st, 2, limit ? (sqlite3_int64)limit : -1);
    db_where_bind(st, where, 3);
    while ((rc = db_step_retry(st)) == SQLITE_ROW)
        summary_row(st, out, n);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        db_free_summaries(*out, *n);
        *out = NULL;
        *n = 0;
        return errf(err, errlen, "database %s: %s", db_name(db), sqlite3_errmsg(db));
    }
    return 0;
}

void db_free_summaries(struct run_summary *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(s[i].created);
        free(s[i].label);
        free(s[i].source);
        free(s[i].port);
        free(s[i].board);
        free(s[i].kernel);
        free(s[i].kver);
        free(s[i].status);
        free(s[i].status_detail);
        for (size_t k = 0; k < s[i].n_meta; k++) {
            free(s[i].meta[k].key);
            free(s[i].meta[k].value);
        }
        free(s[i].meta);
    }
    free(s);
}

int db_run_stored(sqlite3 *db, int64_t id, uint64_t *n_metrics, int *complete, char *err,
                  size_t errlen)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            db,
            "SELECT status, (SELECT count(*) FROM metrics WHERE run_id=?1) FROM runs "
            "WHERE id=?1",
            -1, &st, NULL) != SQLITE_OK)
        return db_fail(db, err, errlen, "cannot read the run back");
    sqlite3_bind_int64(st, 1, id);
    int rc = db_step_retry(st);
    if (rc == SQLITE_ROW) {
        const unsigned char *status = sqlite3_column_text(st, 0);
        *complete = status && strcmp((const char *)status, "complete") == 0;
        *n_metrics = (uint64_t)sqlite3_column_int64(st, 1);
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW)
        return 0;
    if (rc == SQLITE_DONE)
        return errf(err, errlen, "run %lld is not in the database", (long long)id);
    return db_fail(db, err, errlen, "cannot read the run back");
}
