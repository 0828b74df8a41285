/*
 * rtbench host - one `rtbench run` while its target runs (run_session.h).
 */
#include "run_session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cycle_model.h"
#include "db.h"
#include "artifact.h"
#include "meta.h"
#include "term.h"
#include "util.h"
#include "out/text.h"

void run_session_clear_progress(struct run_session *session)
{
    if (session->tty && session->progress_shown) {
        fputs("\r\033[K", stderr);
        session->progress_shown = 0;
    }
}

/* A store of the open run failed (session->err): said once, and nothing
 * more of the run is tried. */
static void store_failed(struct run_session *session, const struct run *r)
{
    run_session_clear_progress(session);
    if (!session->store_broken)
        fprintf(stderr, "rtbench run: cannot store run %lld: %s; the rest of it is not stored\n",
                (long long)r->id, term(session->err));
    if (!session->store_broken)
        snprintf(session->store_error, sizeof session->store_error, "%s", session->err);
    session->store_broken = 1;
    session->db_failed = 1;
}

static void start_run(struct run_session *session, struct run *r)
{
    run_stamp(r);
    r->source = xstrdup(session->target->source);
    r->label = xstrdup(session->label);
    for (char **kv = session->target->extra_hdr; kv && kv[0] && kv[1]; kv += 2)
        run_hdr_set(r, kv[0], kv[1]);
    meta_apply(r, session->meta, session->n_meta);
    meta_defaults(r);
    session->store_broken = 0;
    session->store_error[0] = '\0';
    session->running[0] = '\0';
    /* what the run says while it is stored piece by piece: if rtbench is
     * killed, it stays (`list` and `show` tell a dead pid from a live one) */
    free(r->status_detail);
    unsigned long long start; /* with the pid: a reused pid is not this rtbench */
    int rtb;
    if (proc_identity((long)getpid(), &start, &rtb) == 0)
        r->status_detail = xasprintf("running: rtbench pid %ld start %llu on %s", (long)getpid(),
                                     start, host_name());
    else
        r->status_detail = xasprintf("running: rtbench pid %ld on %s", (long)getpid(), host_name());
    if (db_run_begin(session->db, r, session->err, sizeof session->err) != 0) {
        run_session_clear_progress(session);
        fprintf(stderr, "rtbench run: cannot store the run: %s\n", term(session->err));
        session->store_broken = 1;
        session->db_failed = 1;
    }
}

/* The run's title: what ran where, under which clock and scheduling; then its table. */
static void print_run(const struct run *r)
{
    const char *k[] = {"port", "board", "kernel", "kver", "timer", "clock", "sched"};
    const char *v[7];
    for (int i = 0; i < 7; i++) {
        v[i] = run_hdr(r, k[i]);
        if (!v[i] || !*v[i])
            v[i] = "?";
    }
    printf("\n%s on %s (%s %s), timer %s, clock %s, sched %s\n", term(v[0]), term(v[1]), term(v[2]),
           term(v[3]), term(v[4]), term(v[5]), term(v[6]));
    text_metrics_table(stdout, r, 0);
    if (run_has_unit(r, UNIT_MODEL_CYCLES)) { /* its model-cycles beside it */
        struct run view;
        run_unit_view(r, UNIT_MODEL_CYCLES, "no model figure", &view);
        printf("\nmodel-cycles (cycle model %s, estimated core cycles, not silicon):\n",
               term(run_hdr(r, "cycle_model")));
        text_metrics_table(stdout, &view, 0);
        run_unit_view_free(&view);
    }
    fflush(stdout);
}

/* --cycle-model: the model's figures onto the run before it is finished, or
 * one line saying why they are not stored. */
static void attach_cycle_model(struct run_session *session, struct run *r)
{
    const char *why = NULL;
    if (!session->cycle || session->cycle_failed)
        return;
    if (r->status != RUN_COMPLETE)
        why = "cycle model: the run is incomplete: model-cycles not stored";
    else if (cycle_outcome_apply(&session->cycle->outcome, &session->cycle->spec, r, session->err,
                                 sizeof session->err) != 0)
        why = session->err;
    if (why) {
        run_session_clear_progress(session);
        fprintf(stderr, "rtbench run: %s\n", term(why));
        session->cycle_failed = 1;
        return;
    }
    const struct cycle_outcome *o = &session->cycle->outcome;
    for (size_t k = 0, said = 0; k < r->n_m && said == 0 && o->n_unpriced; k++) {
        if (!o->unpriced[k])
            continue;
        run_session_clear_progress(session);
        fprintf(stderr,
                "rtbench run: cycle model: no model figure for %zu timed metric(s) whose marked "
                "windows are not the counter's (header cycle_model_unpriced), first %s\n",
                o->n_unpriced, term(o->unpriced[k]));
        said = 1;
    }
}

/* Says what the database holds of run R after a failure: asked, not assumed. */
static void report_partial(struct run_session *session, const struct run *r)
{
    uint64_t n = 0;
    int complete = 0;
    char err[512];
    if (db_run_stored(session->db, r->id, &n, &complete, err, sizeof err) != 0)
        fprintf(stderr,
                "rtbench run: run %lld NOT stored whole, and the database cannot say "
                "what it holds of it: %s\n",
                (long long)r->id, term(err));
    else
        fprintf(stderr,
                "rtbench run: run %lld NOT stored whole: %s holds it %s with %llu of %zu "
                "metrics (%s)\n",
                (long long)r->id, term(session->db_path), complete ? "complete" : "incomplete",
                (unsigned long long)n, r->n_m, term(session->store_error));
}

void run_session_finish_run(struct run_session *session, struct run *r)
{
    run_session_clear_progress(session);
    attach_cycle_model(session, r);
    artifact_flag_run(r); /* artifact flags (underflow, outliers) before the final store */
    if (r->id > 0 && !session->store_broken &&
        db_run_finish(session->db, r, session->err, sizeof session->err) != 0)
        store_failed(session, r);
    for (size_t i = 0; i < r->n_m; i++)
        if (r->m[i].state == MS_FAILED)
            session->any_failed = 1;
    if (r->status != RUN_COMPLETE)
        session->any_incomplete = 1;
    print_run(r);
    const char *st = r->status == RUN_COMPLETE ? "complete" : "incomplete";
    const char *d = r->status_detail ? r->status_detail : "";
    if (r->id > 0 && !session->store_broken)
        fprintf(stderr, "rtbench run: stored run %lld (%zu metrics, %s%s%s) in %s\n",
                (long long)r->id, r->n_m, st, *d ? ": " : "", term(d), term(session->db_path));
    else if (r->id > 0)
        report_partial(session, r);
    else
        fprintf(stderr,
                "rtbench run: run NOT stored: %s holds nothing of it (%zu metrics received, "
                "not kept)\n",
                term(session->db_path), r->n_m);
    session->store_broken = 0;
}

/* A result arrived: stored, and shown as progress. */
static void on_result(struct run_session *session, struct record_parser *p)
{
    if (p->open_run->id > 0 && !session->store_broken &&
        db_run_add_metric(session->db, p->open_run, p->last_metric, session->err,
                          sizeof session->err) != 0)
        store_failed(session, p->open_run);
    if (strcmp(session->running, p->last_metric->id) == 0)
        session->running[0] = '\0';
    const char *count = run_hdr(p->open_run, "count");
    if (session->tty) {
        fprintf(stderr, "\r\033[K[%zu/%s] %s", p->open_run->n_m, count ? term(count) : "?",
                term(p->last_metric->id));
        session->progress_shown = 1;
    } else {
        fprintf(stderr, "[%zu/%s] %s\n", p->open_run->n_m, count ? term(count) : "?",
                term(p->last_metric->id));
    }
}

/* The G record that completed a result's histogram: the histogram stored. */
static void on_hist(struct run_session *session, struct record_parser *p)
{
    if (p->hist_done && p->open_run->id > 0 && !session->store_broken &&
        db_run_add_hist(session->db, p->open_run, p->last_metric, session->err,
                        sizeof session->err) != 0)
        store_failed(session, p->open_run);
}

/* After the last S record of a result: its samples stored when whole, or
 * the one line that says why they were refused. */
void run_session_samples(struct run_session *session)
{
    struct record_parser *p = &session->parser;
    const struct metric *m = p->samples_done;
    struct run *r = p->closed && m >= p->closed->m && m < p->closed->m + p->closed->n_m
                        ? p->closed
                        : p->open_run;
    if (p->samples_note) {
        run_session_clear_progress(session);
        fprintf(stderr, "rtbench run: target output line %lu: %s\n", p->line,
                term(p->samples_note));
    }
    if (m && r && r->id > 0 && !session->store_broken &&
        db_run_add_samples(session->db, r, m, session->err, sizeof session->err) != 0)
        store_failed(session, r);
}

/* A rejected or repeated line: said with its number (the first
 * RTBH_MAX_ISSUES of them; the others are counted at the end). */
static void on_issue(struct run_session *session, const struct record_parser *p)
{
    run_session_clear_progress(session);
    if (p->issues.total <= RTBH_MAX_ISSUES)
        fprintf(stderr, "rtbench run: target output line %lu: %s\n", p->issue->line,
                term(p->issue->msg));
    else if (p->issues.total == RTBH_MAX_ISSUES + 1)
        fprintf(stderr, "rtbench run: more rejected lines follow: counted, not shown\n");
}

/* Lines of the target that are not records but say something: the
 * runner's refusal before any header, and the benchmark it starts. */
static void note_words(struct run_session *session, const char *line, size_t len)
{
    static const char error[] = "rtbench: error: ", running[] = "rtbench: running ";
    size_t el = sizeof error - 1, rl = sizeof running - 1;
    while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
        len--;
    if (!session->parser.open_run && !session->target_error[0] && len > el &&
        memcmp(line, error, el) == 0)
        printable_copy(session->target_error, sizeof session->target_error, line + el, len - el);
    else if (len > rl && memcmp(line, running, rl) == 0)
        printable_copy(session->running, sizeof session->running, line + rl, len - rl);
}

int run_session_line(void *ctx, const char *line, size_t len)
{
    struct run_session *session = ctx;
    struct record_parser *p = &session->parser;
    enum record_event ev;
    if (!line) {
        ev = record_parser_long_line(p, len);
    } else {
        note_words(session, line, len);
        ev = record_parser_feed(p, line, len);
    }
    run_session_samples(session);
    if (p->closed) /* ended by this line: its end record, a new header, another run's record */
        run_session_finish_run(session, p->closed);
    if (ev == RECORD_HEADER)
        start_run(session, p->open_run);
    else if (ev == RECORD_METRIC)
        on_result(session, p);
    else if (ev == RECORD_HIST)
        on_hist(session, p);
    else if (ev == RECORD_REJECTED || ev == RECORD_DUPLICATE)
        on_issue(session, p);
    /* the output is complete once a run has ended with its end record and
     * no other has started */
    if (ev == RECORD_END || ev == RECORD_HEADER)
        session->output_done = ev == RECORD_END;
    return session->output_done;
}
