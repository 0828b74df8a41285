/*
 * rtbench host - running a sweep (sweep.h): every point is its own target
 * process (`--filter msgq.<style> --params consumers=C,size=S,payload=P[,depth=D]`
 * on the same image), up to `jobs` at once, each read by its own record
 * parser. The run is stored when the first point's header arrives (status
 * incomplete), each point as soon as its process has ended (its metric keeps
 * its place in the grid: seq = the point's index), and the run is finished
 * at the end, so an interrupted or crashed sweep keeps every point it
 * measured.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"
#include "artifact.h"
#include "record_parser.h"
#include "svg.h"
#include "sweep.h"
#include "meta.h"
#include "util.h"

/* One point and its process's output. */
struct point {
    struct sweep_point p;
    char id[96];
    double weight; /* expected cost, for the time left */
    struct target_cmd cmd;
    struct record_parser parser;
    char target_error[160]; /* the target's "rtbench: error: ..." line, if any */
    int started, resolved, stored;
    int output_done; /* its run has ended with its end record (target/target.h: linger) */
};

struct sweep {
    const struct sweep_options *o;
    sqlite3 *db;
    struct run *r;
    struct point *pts;
    size_t n;
    struct sweep_outcome *out;
    long t0;
    double total_w, done_w;
    double at_last; /* seconds from the start to the end of the last point */
    size_t done;
    int tty, shown;
    long drawn_at;  /* when the bar was last drawn (ms) */
    char last[160]; /* the last point's id and figure */
    char err[512];
};

/* ---- the grid ----------------------------------------------------------------- */

static size_t make_points(const struct sweep_options *o, struct point **out)
{
    size_t n = (size_t)(o->sync + o->async) * o->n_consumers * o->n_sizes, k = 0;
    struct point *pts = xcalloc(n ? n : 1, sizeof *pts);
    for (int style = 0; style < 2; style++) {
        if (!(style ? o->async : o->sync))
            continue;
        for (size_t c = 0; c < o->n_consumers; c++)
            for (size_t s = 0; s < o->n_sizes; s++) {
                struct point *pt = &pts[k++];
                sweep_point_init(&pt->p, style, o->consumers[c], o->sizes[s]);
                pt->p.payload = o->payload;
                if (style)
                    pt->p.depth = o->depth;
                sweep_point_id(&pt->p, pt->id, sizeof pt->id);
                /* deliveries x (fixed cost + copies) + a process start */
                pt->weight =
                    (double)pt->p.consumers * (pt->p.payload / pt->p.size) * (100.0 + pt->p.size) +
                    2e6;
            }
    }
    *out = pts;
    return n;
}

/* Each point's command line; the first resolution of a qemu: target brings
 * the image up to date, the others take it as it is. 0, or -1 with a message. */
static int resolve_commands(struct sweep *s)
{
    for (size_t i = 0; i < s->n; i++) {
        struct point *pt = &s->pts[i];
        struct target_options t = s->o->target;
        char filter[32], params[160];
        snprintf(filter, sizeof filter, "msgq.%s", pt->p.async ? "async" : "sync");
        int n = snprintf(params, sizeof params, "consumers=%u,size=%u,payload=%u",
                         (unsigned)pt->p.consumers, (unsigned)pt->p.size, (unsigned)pt->p.payload);
        if (pt->p.async)
            snprintf(params + n, sizeof params - (size_t)n, ",depth=%u", (unsigned)pt->p.depth);
        t.filter = filter;
        t.params = params;
        t.no_build = i > 0;
        if (s->o->kernel_elf
                ? target_qemu_resolve_elf(s->o->target_spec + 5, s->o->kernel_elf, &t, &pt->cmd,
                                          s->err, sizeof s->err) != 0
                : target_resolve(s->o->target_spec, &t, &pt->cmd, s->err, sizeof s->err) != 0)
            return -1;
        if (s->o->kernel_elf) { /* the header keys of run --kernel's runs */
            size_t k = 0;
            while (pt->cmd.extra_hdr && pt->cmd.extra_hdr[k])
                k++;
            strv_push(&pt->cmd.extra_hdr, &k, xstrdup("kernel_tree"));
            strv_push(&pt->cmd.extra_hdr, &k, xstrdup(s->o->kernel_tree));
            strv_push(&pt->cmd.extra_hdr, &k, xstrdup("image"));
            strv_push(&pt->cmd.extra_hdr, &k, xstrdup(path_base(s->o->kernel_elf)));
        }
        record_parser_init(&pt->parser);
    }
    return 0;
}

/* ---- progress ----------------------------------------------------------------- */

static void clear_progress(struct sweep *s)
{
    if (s->tty && s->shown) {
        fputs("\r\033[K", stderr);
        s->shown = 0;
    }
}

/* The time left: the rate of the points done so far (seconds per unit of
 * expected cost, at the last one's end) over what is still to come, less
 * what has passed since. */
static void time_left(const struct sweep *s, char *buf, size_t len)
{
    if (s->done == s->n) {
        snprintf(buf, len, "0:00");
        return;
    }
    if (s->done_w <= 0) {
        snprintf(buf, len, "--:--");
        return;
    }
    double now = (double)(now_ms() - s->t0) / 1000.0;
    double rest = s->at_last * s->total_w / s->done_w - now;
    if (rest < 0)
        rest = 0;
    snprintf(buf, len, "%d:%02d", (int)rest / 60, (int)rest % 60);
}

/* The bar on a terminal: points done, time left, the last point's figure. */
static void draw_bar(struct sweep *s)
{
    char bar[31], left[32];
    size_t full = s->n ? s->done * 30 / s->n : 30;
    for (size_t k = 0; k < 30; k++)
        bar[k] = k < full ? '#' : '.';
    bar[30] = '\0';
    time_left(s, left, sizeof left);
    fprintf(stderr, "\r\033[K[%s] %zu/%zu  %s left  %s", bar, s->done, s->n, left, s->last);
    s->shown = 1;
    s->drawn_at = now_ms();
}

/* After point I ended: the bar, or a line of its own when not on a terminal. */
static void progress(struct sweep *s, size_t i)
{
    const struct metric *m = &s->r->m[i];
    char fig[64], left[32];
    if (m->state == MS_OK) {
        char num[48];
        svg_format_si(num, sizeof num, m->mean);
        snprintf(fig, sizeof fig, "%s B/s", num);
    } else {
        snprintf(fig, sizeof fig, "%s", m->state == MS_NA ? "n/a" : "FAILED");
    }
    s->at_last = (double)(now_ms() - s->t0) / 1000.0;
    snprintf(s->last, sizeof s->last, "%s %s", m->id, fig);
    if (s->tty) {
        draw_bar(s);
        return;
    }
    time_left(s, left, sizeof left);
    fprintf(stderr, "[%zu/%zu] %s: %s (%s left)\n", s->done, s->n, m->id, fig, left);
}

/* ---- the points' output and results ------------------------------------------- */

static int on_line(void *ctx, const char *line, size_t len)
{
    struct point *pt = ctx;
    static const char tag[] = "rtbench: error: ";
    enum record_event ev;
    if (!line) { /* longer than RTBH_LINE_MAX: its bytes dropped, counted */
        record_parser_long_line(&pt->parser, len);
        return pt->output_done;
    }
    if (!pt->parser.open_run && !pt->target_error[0] && len > sizeof tag - 1 &&
        memcmp(line, tag, sizeof tag - 1) == 0)
        printable_copy(pt->target_error, sizeof pt->target_error, line + sizeof tag - 1,
                       len - (sizeof tag - 1));
    ev = record_parser_feed(&pt->parser, line, len);
    if (ev == RECORD_END || ev == RECORD_HEADER)
        pt->output_done = ev == RECORD_END;
    return pt->output_done;
}

/* The header of the sweep's run, from the first point that gave one: the
 * target's, without what differs per point, with what the sweep was. */
static void take_header(struct sweep *s, const struct run *pr, const struct target_cmd *cmd)
{
    struct run *r = s->r;
    const struct sweep_options *o = s->o;
    for (size_t k = 0; k < pr->n_hdr; k++) {
        const char *key = pr->hdr[k].key;
        if (strcmp(key, "params") && strcmp(key, "filter") && strcmp(key, "count") &&
            strncmp(key, "end_", 4))
            run_hdr_set(r, key, pr->hdr[k].value);
    }
    for (char **kv = cmd->extra_hdr; kv && kv[0] && kv[1]; kv += 2)
        run_hdr_set(r, kv[0], kv[1]);
    char buf[SWEEP_MAX_LIST * 12];
    run_hdr_set(r, "sweep", "msgq");
    run_hdr_set(r, "sweep_styles", o->sync && o->async ? "sync,async" : o->sync ? "sync" : "async");
    for (int list = 0; list < 2; list++) {
        const uint32_t *v = list ? o->sizes : o->consumers;
        size_t n = list ? o->n_sizes : o->n_consumers, l = 0;
        buf[0] = '\0';
        for (size_t k = 0; k < n; k++)
            l += (size_t)snprintf(buf + l, sizeof buf - l, "%s%u", k ? "," : "", (unsigned)v[k]);
        run_hdr_set(r, list ? "sweep_sizes" : "sweep_consumers", buf);
    }
    snprintf(buf, sizeof buf, "%u", (unsigned)o->payload);
    run_hdr_set(r, "sweep_payload", buf);
    snprintf(buf, sizeof buf, "%u", (unsigned)o->depth);
    run_hdr_set(r, "sweep_depth", buf);
    snprintf(buf, sizeof buf, "%zu", s->n);
    run_hdr_set(r, "count", buf);
    free(r->unit);
    r->unit = xstrdup(pr->unit);
    r->ns_per_unit = pr->ns_per_unit;
    meta_apply(r, o->meta, o->n_meta);
    meta_defaults(r);
}

/* Stores the run (once a header came) and every resolved point not yet stored. */
static void store_pending(struct sweep *s)
{
    struct run *r = s->r;
    if (s->out->db_failed)
        return;
    if (r->id <= 0) {
        if (!run_hdr(r, "sweep"))
            return;
        size_t n = r->n_m;
        r->n_m = 0; /* the points go in one by one, at their own seq */
        int rc = db_run_begin(s->db, r, s->err, sizeof s->err);
        r->n_m = n;
        if (rc != 0)
            goto fail;
    }
    for (size_t i = 0; i < s->n; i++) {
        if (!s->pts[i].resolved || s->pts[i].stored)
            continue;
        if (db_run_add_metric(s->db, r, &r->m[i], s->err, sizeof s->err) != 0)
            goto fail;
        s->pts[i].stored = 1;
    }
    return;
fail:
    clear_progress(s);
    fprintf(stderr, "rtbench sweep: %s\n", s->err);
    s->out->db_failed = 1;
}

/* Why point PT gave no result of its own (NULL: it did). */
static const char *no_result(const struct point *pt, const struct run *pr,
                             const struct target_ending *end, char *buf, size_t len)
{
    if (pt->target_error[0])
        snprintf(buf, len, "no result: the target said: %s", pt->target_error);
    else if (pr && pr->n_m && strcmp(pr->m[0].id, pt->id) != 0)
        snprintf(buf, len, "no result: the target reported %s", pr->m[0].id);
    else if (end->why)
        snprintf(buf, len, "no result: %s", end->why);
    else if (!pr)
        snprintf(buf, len, "no result: no rtbench records in the target's output (%lu lines)",
                 end->lines);
    else
        snprintf(buf, len, "no result: %s", pr->status_detail ? pr->status_detail : "none");
    return buf;
}

/* Point I's process ended: its metric into the run, in its place. */
static void resolve(struct sweep *s, size_t i, const struct target_ending *end)
{
    struct point *pt = &s->pts[i];
    struct metric *dst = &s->r->m[i];
    record_parser_finish(&pt->parser);
    struct run *pr = pt->parser.n_runs ? pt->parser.runs[0] : NULL;
    struct metric *m = pr ? run_find_metric(pr, pt->id) : NULL;
    if (pr && !run_hdr(s->r, "sweep"))
        take_header(s, pr, &pt->cmd);
    if (m) {
        metric_free(dst);
        *dst = *m;
        memset(m, 0, sizeof *m);
        if (dst->state == MS_OK)
            s->out->measured++;
        else if (dst->state == MS_NA)
            s->out->na++;
        else
            s->out->failed++;
    } else {
        char why[300];
        free(dst->reason);
        dst->reason = xstrdup(no_result(pt, pr, end, why, sizeof why));
        s->out->missing++;
    }
    if (dst->state != MS_OK) {
        clear_progress(s);
        fprintf(stderr, "rtbench sweep: %s: %s%s\n", pt->id, dst->state == MS_NA ? "n/a: " : "",
                dst->reason ? dst->reason : "failed");
    }
    record_parser_free(&pt->parser);
    pt->resolved = 1;
    s->done++;
    s->done_w += pt->weight;
    store_pending(s);
    progress(s, i);
}

/* ---- running them --------------------------------------------------------------- */

/* The order to start the points in: with several at once the costliest
 * first (so that no long point starts last), else the grid's. */
static size_t *start_order(const struct sweep *s)
{
    size_t *ord = xcalloc(s->n ? s->n : 1, sizeof *ord);
    for (size_t i = 0; i < s->n; i++) {
        size_t j = i;
        while (s->o->jobs > 1 && j > 0 && s->pts[ord[j - 1]].weight < s->pts[i].weight) {
            ord[j] = ord[j - 1];
            j--;
        }
        ord[j] = i;
    }
    return ord;
}

static void run_points(struct sweep *s)
{
    unsigned jobs = s->o->jobs ? s->o->jobs : 1;
    struct target_proc **procs = xcalloc(jobs, sizeof *procs);
    size_t *slot_point = xcalloc(jobs, sizeof *slot_point), *ord = start_order(s), next = 0;
    unsigned active = 0;
    for (;;) {
        for (unsigned j = 0; j < jobs && next < s->n && !s->out->interrupted; j++) {
            if (procs[j])
                continue;
            struct point *pt = &s->pts[ord[next]];
            if (target_start(&pt->cmd, s->o->timeout_s, on_line, pt, &procs[j], s->err,
                             sizeof s->err) != 0) {
                s->out->interrupted = target_interrupted();
                if (s->out->interrupted)
                    break;
                struct target_ending none = {0};
                none.why = s->err;
                resolve(s, ord[next++], &none);
                continue;
            }
            pt->started = 1;
            slot_point[j] = ord[next++];
            active++;
        }
        if (active == 0)
            break;
        struct target_ending end;
        int j = target_poll(procs, jobs, &end);
        if (j < 0) {
            if (s->tty && s->done && now_ms() - s->drawn_at >= 1000)
                draw_bar(s); /* the time left goes on counting down */
            continue;
        }
        active--;
        if (!s->out->interrupted)
            s->out->interrupted = end.signal;
        resolve(s, slot_point[j], &end);
        target_ending_free(&end);
    }
    free(procs);
    free(slot_point);
    free(ord);
}

/* The run's status: complete when every point gave its own result. */
static void finish(struct sweep *s)
{
    struct run *r = s->r;
    size_t not_run = 0;
    for (size_t i = 0; i < s->n; i++)
        if (!s->pts[i].resolved) {
            free(r->m[i].reason);
            r->m[i].reason =
                xstrdup(s->out->interrupted ? "not run: the sweep was interrupted" : "not run");
            not_run++;
        }
    s->out->missing += not_run;
    artifact_flag_run(r);
    r->status = s->out->missing ? RUN_INCOMPLETE : RUN_COMPLETE;
    if (s->out->missing)
        r->status_detail = xasprintf("%zu of %zu points without a result%s", s->out->missing, s->n,
                                     s->out->interrupted ? " (interrupted)" : "");
    if (r->id > 0 && !s->out->db_failed && db_run_finish(s->db, r, s->err, sizeof s->err) != 0) {
        fprintf(stderr, "rtbench sweep: %s\n", s->err);
        s->out->db_failed = 1;
    }
}

int sweep_run(const struct sweep_options *o, sqlite3 *db, struct run *r, struct sweep_outcome *out)
{
    struct sweep s;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.db = db;
    s.r = r;
    s.out = out;
    s.t0 = now_ms();
    s.tty = isatty(STDERR_FILENO);
    memset(out, 0, sizeof *out);
    memset(r, 0, sizeof *r);
    s.n = out->points = make_points(o, &s.pts);
    int rc = resolve_commands(&s);
    if (rc != 0) {
        fprintf(stderr, "rtbench sweep: %s\n", s.err);
    } else {
        r->origin = xstrdup("rtbench");
        r->source = xstrdup(s.pts[0].cmd.source);
        r->label = xstrdup(o->label);
        run_stamp(r);
        for (size_t i = 0; i < s.n; i++) {
            struct metric *m = run_add_metric(r, s.pts[i].id);
            m->state = MS_FAILED;
            s.total_w += s.pts[i].weight;
        }
        run_points(&s);
        clear_progress(&s);
        finish(&s);
        if (r->id <= 0 && !out->db_failed) {
            fprintf(stderr, "rtbench sweep: no point gave a run header: nothing stored\n");
            rc = -1;
        }
    }
    for (size_t i = 0; i < s.n; i++) {
        target_cmd_free(&s.pts[i].cmd);
        if (!s.pts[i].resolved)
            record_parser_free(&s.pts[i].parser);
    }
    free(s.pts);
    out->seconds = (double)(now_ms() - s.t0) / 1000.0;
    return rc;
}
