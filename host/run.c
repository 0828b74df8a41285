/*
 * rtbench host - helpers on the in-memory run (run.h).
 */
#include "run.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idmap.h"
#include "util.h"

/* The value of KEY among the N pairs V, or NULL. */
static const char *kv_get(const struct kv *v, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i].key, key) == 0)
            return v[i].value;
    return NULL;
}

/* KEY set to VALUE ("" for NULL) among the *N pairs *V, replacing or appended. */
static void kv_set(struct kv **v, size_t *n, const char *key, const char *value)
{
    for (size_t i = 0; i < *n; i++) {
        if (strcmp((*v)[i].key, key) == 0) {
            free((*v)[i].value);
            (*v)[i].value = xstrdup(value ? value : "");
            return;
        }
    }
    *v = xgrow(*v, *n, sizeof **v);
    (*v)[*n].key = xstrdup(key);
    (*v)[*n].value = xstrdup(value ? value : "");
    (*n)++;
}

const char *run_hdr(const struct run *r, const char *key)
{
    return kv_get(r->hdr, r->n_hdr, key);
}

void run_hdr_set(struct run *r, const char *key, const char *value)
{
    kv_set(&r->hdr, &r->n_hdr, key, value);
}

void run_hdr_setf(struct run *r, const char *key, const char *fmt, ...)
{
    char buf[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    run_hdr_set(r, key, buf);
}

void run_set_clock(struct run *r, double hz, const char *source)
{
    if (!(hz > 0))
        return;
    run_hdr_setf(r, "hz", "%.0f", hz);
    run_hdr_set(r, "hz_source", source);
    r->ns_per_unit = 1e9 / hz;
}

const char *run_meta(const struct run *r, const char *key)
{
    return kv_get(r->meta, r->n_meta, key);
}

void run_meta_set(struct run *r, const char *key, const char *value)
{
    kv_set(&r->meta, &r->n_meta, key, value);
}

struct metric *run_add_metric(struct run *r, const char *id)
{
    r->m = xgrow(r->m, r->n_m, sizeof *r->m);
    struct metric *m = &r->m[r->n_m++];
    memset(m, 0, sizeof *m);
    m->id = xstrdup(id);
    m->mean_ns = -1.0;
    return m;
}

static const char *metric_id(const void *ctx, size_t i)
{
    return ((const struct run *)ctx)->m[i].id;
}

struct metric *run_find_metric(const struct run *r, const char *id)
{
    if (r->n_m < 16) { /* a short run: a scan is as fast */
        for (size_t i = 0; i < r->n_m; i++)
            if (strcmp(r->m[i].id, id) == 0)
                return &r->m[i];
        return NULL;
    }
    /* The index is a cache: it is brought up to date here, so a const run
     * is changed only in its private part. */
    struct run *w = (struct run *)r;
    if (!w->index || w->n_indexed > w->n_m) {
        if (w->index)
            idmap_free(w->index);
        else
            w->index = xcalloc(1, sizeof *w->index);
        w->n_indexed = 0;
    }
    for (; w->n_indexed < w->n_m; w->n_indexed++)
        idmap_add(w->index, w->n_indexed, metric_id, w);
    size_t i = idmap_find(w->index, id, metric_id, w);
    return i == (size_t)-1 ? NULL : &w->m[i];
}

void metric_extra_set(struct metric *m, const char *key, const char *value)
{
    for (size_t i = 0; i < m->n_extra; i++) {
        if (strcmp(m->extra[i].key, key) == 0) {
            free(m->extra[i].value);
            m->extra[i].value = xstrdup(value ? value : "");
            return;
        }
    }
    m->extra = xrealloc(m->extra, (m->n_extra + 1) * sizeof *m->extra);
    m->extra[m->n_extra].key = xstrdup(key);
    m->extra[m->n_extra].value = xstrdup(value ? value : "");
    m->n_extra++;
}

const char *metric_extra(const struct metric *m, const char *key)
{
    for (size_t i = 0; i < m->n_extra; i++)
        if (strcmp(m->extra[i].key, key) == 0)
            return m->extra[i].value;
    return NULL;
}

struct hist *metric_hist_new(struct metric *m, uint64_t lo, uint64_t width, size_t n)
{
    metric_hist_free(m);
    m->hist = xcalloc(1, sizeof *m->hist);
    m->hist->lo = lo;
    m->hist->width = width;
    m->hist->n = n;
    m->hist->count = xcalloc(n ? n : 1, sizeof *m->hist->count);
    return m->hist;
}

int metric_hist_complete(const struct metric *m)
{
    return m->hist && m->hist->n > 0 && !m->hist->got;
}

void metric_hist_free(struct metric *m)
{
    if (!m->hist)
        return;
    free(m->hist->count);
    free(m->hist->got);
    free(m->hist);
    m->hist = NULL;
}

void metric_free(struct metric *m)
{
    free(m->id);
    free(m->desc);
    free(m->reason);
    free(m->unit);
    for (size_t i = 0; i < m->n_extra; i++) {
        free(m->extra[i].key);
        free(m->extra[i].value);
    }
    free(m->extra);
    for (size_t i = 0; i < m->n_other_units; i++)
        free(m->other_units[i].unit);
    free(m->other_units);
    metric_hist_free(m);
    if (m->samples)
        free(m->samples->v);
    free(m->samples);
    memset(m, 0, sizeof *m);
}

const struct metric_stats *metric_unit(const struct metric *m, const char *unit)
{
    for (size_t i = 0; m && i < m->n_other_units; i++)
        if (strcmp(m->other_units[i].unit, unit) == 0)
            return &m->other_units[i];
    return NULL;
}

struct metric_stats *metric_unit_add(struct metric *m, const char *unit)
{
    struct metric_stats *s = (struct metric_stats *)metric_unit(m, unit);
    if (s)
        return s;
    m->other_units = xrealloc(m->other_units, (m->n_other_units + 1) * sizeof *m->other_units);
    s = &m->other_units[m->n_other_units++];
    memset(s, 0, sizeof *s);
    s->unit = xstrdup(unit);
    return s;
}

int run_has_unit(const struct run *r, const char *unit)
{
    for (size_t i = 0; i < r->n_m; i++)
        if (metric_unit(&r->m[i], unit))
            return 1;
    return 0;
}

void run_unit_view(const struct run *r, const char *unit, const char *why_none, struct run *view)
{
    *view = *r;
    view->unit = (char *)unit;
    view->ns_per_unit = 0; /* a model's cycles have no clock */
    view->m = xcalloc(r->n_m ? r->n_m : 1, sizeof *view->m);
    for (size_t i = 0; i < r->n_m; i++) {
        struct metric *v = &view->m[i];
        const struct metric_stats *s = metric_unit(&r->m[i], unit);
        *v = r->m[i];
        v->other_units = NULL;
        v->n_other_units = 0;
        v->mean_ns = -1.0;
        v->unit = NULL; /* in the view's unit (a value metric has no second unit) */
        v->n_extra = 0;
        v->hist = NULL; /* the histogram is in the run's unit, not this one */
        v->hist_want = 0;
        if (!s) {
            if (v->state == MS_OK) {
                v->state = MS_NA;
                v->reason = metric_is_value(&r->m[i]) ? (char *)"a value, not a timed window"
                                                      : (char *)why_none;
            }
            continue;
        }
        v->has_pct = 1;
        v->n = s->n;
        v->mean = s->mean;
        v->sd = s->sd;
        v->min = s->min;
        v->max = s->max;
        v->p50 = s->p50;
        v->p90 = s->p90;
        v->p99 = s->p99;
        v->p999 = s->p999;
    }
}

void run_unit_view_free(struct run *view)
{
    free(view->m);
    memset(view, 0, sizeof *view);
}

void run_free(struct run *r)
{
    if (!r)
        return;
    free(r->uuid);
    free(r->label);
    free(r->source);
    free(r->origin);
    free(r->created);
    free(r->host);
    free(r->status_detail);
    for (size_t i = 0; i < r->n_hdr; i++) {
        free(r->hdr[i].key);
        free(r->hdr[i].value);
    }
    free(r->hdr);
    for (size_t i = 0; i < r->n_meta; i++) {
        free(r->meta[i].key);
        free(r->meta[i].value);
    }
    free(r->meta);
    for (size_t i = 0; i < r->n_m; i++)
        metric_free(&r->m[i]);
    free(r->m);
    free(r->unit);
    if (r->index) {
        idmap_free(r->index);
        free(r->index);
    }
    memset(r, 0, sizeof *r);
}

void run_delete(struct run *r)
{
    run_free(r);
    free(r);
}

void runs_free(struct run **runs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        run_delete(runs[i]);
    free(runs);
}

void issues_add(struct issue_list *l, unsigned long line, enum issue_kind kind, char *msg)
{
    l->total++;
    if (kind != ISSUE_DUPLICATE)
        l->rejected++;
    if (l->n >= RTBH_MAX_ISSUES) {
        free(msg);
        return;
    }
    if (!l->v)
        l->v = xcalloc(RTBH_MAX_ISSUES, sizeof *l->v);
    l->v[l->n].line = line;
    l->v[l->n].kind = kind;
    l->v[l->n].msg = msg;
    l->n++;
}

void issues_free(struct issue_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i].msg);
    free(l->v);
    memset(l, 0, sizeof *l);
}

void run_stamp(struct run *r)
{
    char now[32];
    if (!r->created) {
        iso_now(now, sizeof now);
        r->created = xstrdup(now);
    }
    if (!r->host)
        r->host = xstrdup(host_name());
}
