/*
 * rtbench host - `rtbench run`: the options, and the wiring of the target's
 * output (target_run, target_process.c) into the record parser and the
 * database, with progress on stderr and a table per run on stdout.
 *
 * Each run is stored as soon as its header arrives (status 'incomplete')
 * and each metric is committed as it arrives, so a hang, a crash or a
 * Ctrl-C loses nothing already measured: the run stays 'incomplete' with
 * the reason.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cmds.h"
#include "cycle_model.h"
#include "db.h"
#include "flags.h"
#include "record_parser.h"
#include "rtb/tm_period.h"
#include "writer_text.h"
#include "target.h"
#include "util.h"

#define DEFAULT_TIMEOUT_S 300u

/* One `rtbench run`: the database, the record parser fed by the target's
 * output, and what happened so far (for the exit status). */
struct run_session {
    sqlite3 *db;
    const char *db_path;
    const char *label;
    const struct target_cmd *target;
    struct record_parser parser;
    int tty;
    int progress_shown;
    int db_failed;  /* a store failed: exit 2 at the end */
    int any_failed; /* a benchmark reported FAILED */
    int any_incomplete;
    struct cycle_run *cycle; /* --cycle-model: the model's outcome, to attach to the run */
    int cycle_failed;        /* the model's figures were not stored: exit 2 */
    char target_error[160];  /* the runner's "rtbench: error: ..." outside a run, if any */
    char err[512];
};

static void clear_progress(struct run_session *session)
{
    if (session->tty && session->progress_shown) {
        fputs("\r\033[K", stderr);
        session->progress_shown = 0;
    }
}

static void db_error(struct run_session *session)
{
    clear_progress(session);
    fprintf(stderr, "rtbench run: %s\n", session->err);
    session->db_failed = 1;
}

static void start_run(struct run_session *session, struct run *r)
{
    run_stamp(r);
    r->source = xstrdup(session->target->source);
    r->label = xstrdup(session->label);
    for (char **kv = session->target->extra_hdr; kv && kv[0] && kv[1]; kv += 2)
        run_hdr_set(r, kv[0], kv[1]);
    if (db_run_begin(session->db, r, session->err, sizeof session->err) != 0)
        db_error(session);
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
        clear_progress(session);
        fprintf(stderr, "rtbench run: %s\n", why);
        session->cycle_failed = 1;
    }
}

/* The run's table on stdout, and its model-cycles beside it when it has them. */
static void print_run(const struct run *r)
{
    text_metrics_table(stdout, r, 0);
    if (run_has_unit(r, UNIT_MODEL_CYCLES)) {
        struct run view;
        run_unit_view(r, UNIT_MODEL_CYCLES, "no model figure", &view);
        printf("\nmodel-cycles (cycle model %s, estimated core cycles, not silicon):\n",
               run_hdr(r, "cycle_model"));
        text_metrics_table(stdout, &view, 0);
        run_unit_view_free(&view);
    }
}

static void finish_run(struct run_session *session, struct run *r)
{
    clear_progress(session);
    attach_cycle_model(session, r);
    flags_apply_run(r); /* artifact flags (underflow, outliers) before the final store */
    if (r->id > 0 && db_run_finish(session->db, r, session->err, sizeof session->err) != 0)
        db_error(session);
    for (size_t i = 0; i < r->n_m; i++)
        if (r->m[i].state == MS_FAILED)
            session->any_failed = 1;
    if (r->status != RUN_COMPLETE)
        session->any_incomplete = 1;
    printf("\n");
    /* Title: what ran where, and under which clock and scheduling. */
    const char *k[] = {"port", "board", "kernel", "kver", "timer", "clock", "sched"};
    const char *v[7];
    for (int i = 0; i < 7; i++) {
        v[i] = run_hdr(r, k[i]);
        if (!v[i] || !*v[i])
            v[i] = "?";
    }
    printf("%s on %s (%s %s), timer %s, clock %s, sched %s\n", v[0], v[1], v[2], v[3], v[4], v[5],
           v[6]);
    print_run(r);
    fflush(stdout);
    if (r->id > 0)
        fprintf(stderr, "rtbench run: stored run %lld (%zu metrics, %s%s%s) in %s\n",
                (long long)r->id, r->n_m, r->status == RUN_COMPLETE ? "complete" : "incomplete",
                r->status_detail ? ": " : "", r->status_detail ? r->status_detail : "",
                session->db_path);
    else
        fprintf(stderr, "rtbench run: run NOT stored (%zu metrics, %s%s%s)\n", r->n_m,
                r->status == RUN_COMPLETE ? "complete" : "incomplete", r->status_detail ? ": " : "",
                r->status_detail ? r->status_detail : "");
}

static void on_line(void *ctx, const char *line, size_t len)
{
    struct run_session *session = ctx;
    /* The target's runner refusing to start (bare metal: "rtbench: error:
     * filter 'x' selects no benchmark", before any header): kept for the
     * one-line error at the end. */
    static const char tag[] = "rtbench: error: ";
    if (!session->parser.open_run && !session->target_error[0] && len > sizeof tag - 1 &&
        memcmp(line, tag, sizeof tag - 1) == 0) {
        size_t l = len - (sizeof tag - 1);
        while (l && (line[sizeof tag - 1 + l - 1] == '\r' || line[sizeof tag - 1 + l - 1] == ' '))
            l--;
        printable_copy(session->target_error, sizeof session->target_error, line + sizeof tag - 1,
                       l);
    }
    enum record_event ev = record_parser_feed(&session->parser, line, len);
    struct record_parser *p = &session->parser;
    switch (ev) {
    case RECORD_HEADER:
        if (p->closed) /* the previous run never sent its end record */
            finish_run(session, p->closed);
        start_run(session, p->open_run);
        break;
    case RECORD_METRIC:
        if (p->open_run->id > 0 && db_run_add_metric(session->db, p->open_run, p->last_metric,
                                                     session->err, sizeof session->err) != 0)
            db_error(session);
        {
            const char *count = run_hdr(p->open_run, "count");
            if (session->tty) {
                fprintf(stderr, "\r\033[K[%zu/%s] %s", p->open_run->n_m, count ? count : "?",
                        p->last_metric->id);
                session->progress_shown = 1;
            } else {
                fprintf(stderr, "[%zu/%s] %s\n", p->open_run->n_m, count ? count : "?",
                        p->last_metric->id);
            }
        }
        break;
    case RECORD_HIST:
        if (p->hist_done && p->open_run->id > 0 &&
            db_run_add_hist(session->db, p->open_run, p->last_metric, session->err,
                            sizeof session->err) != 0)
            db_error(session);
        break;
    case RECORD_END:
        finish_run(session, p->closed);
        break;
    case RECORD_REJECTED:
        if (p->closed) /* an invalid header ended the open run */
            finish_run(session, p->closed);
        clear_progress(session);
        fprintf(stderr, "rtbench run: target output line %lu: %s\n",
                p->issues[p->n_issues - 1].line, p->issues[p->n_issues - 1].msg);
        break;
    case RECORD_NONE:
        break;
    }
}

/* The exit status when the target's output held no valid run, after one
 * line on stderr saying why (none when the target already said it). */
static int no_run(const struct run_session *session, const struct target_ending *end)
{
    const char *source = session->target->source, *why = end->why;
    size_t bad_hdr = 0;
    for (size_t i = 0; i < session->parser.n_issues; i++)
        if (session->parser.issues[i].kind == ISSUE_INVALID_HEADER)
            bad_hdr++;
    if (session->target_error[0]) {
        /* the target refused the run (a filter that selects nothing...) */
        fprintf(stderr, "rtbench run: %s: %s\n", source, session->target_error);
        return 2;
    }
    if (strcmp(source, "host") == 0 && !end->lines && !end->stopped && end->exit_status == 2)
        /* rtbench-posix refused its arguments (a filter that selects
         * nothing, too many iterations): its usage error (exit 2) is
         * already on stderr, in one line */
        return 2;
    if (bad_hdr)
        fprintf(stderr,
                "rtbench run: no valid run in the target's output (%zu invalid header(s), "
                "their runs skipped)%s%s\n",
                bad_hdr, why ? "; " : "", why ? why : "");
    else if (end->lines)
        fprintf(stderr,
                "rtbench run: no rtbench records in the target's output (%lu lines, first: "
                "'%s')%s%s\n",
                end->lines, end->first_line, why ? "; " : "", why ? why : "");
    else
        fprintf(stderr, "rtbench run: the target printed nothing%s%s\n", why ? "; " : "",
                why ? why : "");
    return 1;
}

/* After the target ended: closes a run it left open (with the reason),
 * and returns the exit status of `rtbench run`. */
static int finish_session(struct run_session *session, const struct target_ending *end)
{
    struct run *open = session->parser.open_run;
    if (open) {
        record_parser_finish(&session->parser);
        if (end->why) {
            char *d = xasprintf("%s; %s", end->why, open->status_detail);
            free(open->status_detail);
            open->status_detail = d;
        }
        finish_run(session, open);
    }
    clear_progress(session);
    int ret = 0;
    if (session->parser.n_runs == 0) {
        ret = no_run(session, end);
    } else {
        if (end->why && !open)
            fprintf(stderr, "rtbench run: %s (after its end record)\n", end->why);
        if (session->parser.n_issues)
            fprintf(stderr, "rtbench run: %zu record line(s) rejected\n", session->parser.n_issues);
        if (end->why || session->any_incomplete || session->any_failed || session->parser.n_issues)
            ret = 1;
    }
    if (session->db_failed || session->cycle_failed)
        ret = 2;
    if (end->signal)
        ret = 128 + end->signal;
    return ret;
}

static const struct option run_options[] = {
    {"target", required_argument, NULL, 't'},
    {"filter", required_argument, NULL, 'f'},
    {"iterations", required_argument, NULL, 'n'},
    {"label", required_argument, NULL, 'l'},
    {"db", required_argument, NULL, 'D'},
    {"timeout", required_argument, NULL, 'T'},
    {"no-icount", no_argument, NULL, 'I'},
    {"params", required_argument, NULL, 'p'},
    {"tm-period", required_argument, NULL, 'P'},
    {"cycle-model", required_argument, NULL, 'C'},
    {"flash", required_argument, NULL, 'F'},
    {"reset", required_argument, NULL, 'R'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command run_command = {
    "run",
    "usage: rtbench run [--target host|cmd:PROG ARGS...|qemu:BOARD|serial:DEVICE[@BAUD]]\n"
    "                   [--filter GLOB] [--iterations N] [--params LIST] [--label L]\n"
    "                   [--db PATH] [--timeout S] [--tm-period S] [--no-icount]\n"
    "                   [--cycle-model CORE[,ws=N]] [--flash CMD] [--reset CMD]\n"
    "\n"
    "Run a target, read its rtbench records live, store the run and print it.\n"
    "  -t, --target T       host (default: rtbench-posix next to this binary),\n"
    "                       cmd:PROG ARGS... (split on spaces, no shell), qemu:BOARD,\n"
    "                       serial:DEVICE[@BAUD] (a board on a serial port, 115200 8N1)\n"
    "  -f, --filter GLOB    benchmark ids to run (comma-separated globs; host, qemu)\n"
    "  -n, --iterations N   measured iterations per benchmark (host, qemu)\n"
    "  -p, --params LIST    run-time parameters of the benchmark families,\n"
    "                       key=value,key=value (host, qemu; see docs/benchmarks.md)\n"
    "      --tm-period S    Thread-Metric's period in seconds of the target's clock\n"
    "                       (0.001 to 2000, e.g. 30 as published): --params tm_period_ms\n"
    "  -l, --label L        label stored with the run\n"
    "      --db PATH        database (default: $RTBENCH_DB, else\n"
    "                       $XDG_DATA_HOME/rtbench/rtbench.db, else "
    "~/.local/share/rtbench/rtbench.db)\n"
    "      --timeout S      kill the target after S seconds (default 300)\n"
    "      --no-icount      qemu: follow host time instead of -icount (noisy)\n"
    "      --cycle-model CORE[,ws=N]\n"
    "                       qemu: also store the cycle model's estimate of core\n"
    "                       cycles (unit model-cycles) beside the instruction counts;\n"
    "                       CORE cortex-m0, cortex-m0plus, cortex-m3, cortex-m4,\n"
    "                       cortex-m33; N flash wait states (default 0)\n"
    "      --flash CMD      serial: run CMD (split on spaces, no shell) once the port is open\n"
    "      --reset CMD      serial: then run CMD (restarts the board), then read the port\n"
    "  -h, --help           this help\n"
    "Exit: 0 complete, 1 incomplete run / target failed / a benchmark failed,\n"
    "      2 bad usage or database error, 128+N interrupted by signal N.\n",
    run_options,
    "t:f:n:l:p:",
    0,
    0,
};

struct run_options {
    const char *target_spec, *label, *db_path, *cycle_model;
    struct target_options target; /* filter, iterations, params, icount, flash, reset */
    unsigned timeout_s;
    const char *tm_period; /* --tm-period S, merged into target.params */
    char *params_buf;      /* target.params with tm_period_ms, when --tm-period */
};

static int run_option(void *ctx, int id, const char *value)
{
    struct run_options *o = ctx;
    switch (id) {
    case 't':
        o->target_spec = value;
        break;
    case 'f':
        o->target.filter = value;
        break;
    case 'p':
        o->target.params = value;
        break;
    case 'P':
        o->tm_period = value;
        break;
    case 'n':
        return cli_uint_option("run", "--iterations", value, 100000000u, &o->target.iterations);
    case 'l':
        o->label = value;
        break;
    case 'D':
        o->db_path = value;
        break;
    case 'T':
        return cli_uint_option("run", "--timeout", value, 86400u, &o->timeout_s);
    case 'C':
        o->cycle_model = value;
        break;
    case 'F':
        o->target.flash = value;
        break;
    case 'R':
        o->target.reset = value;
        break;
    default: /* 'I' */
        o->target.icount = 0;
        break;
    }
    return CLI_GO;
}

/* A "key=value,..." list as the suite accepts it (rtb_params_check): keys of
 * [a-z0-9_]+, values without ' ', ',' or '='. Checked here too so that a
 * mistake is one line before anything is built or run. */
static int params_well_formed(const char *p)
{
    while (*p) {
        size_t k = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_");
        if (k == 0 || p[k] != '=')
            return 0;
        p += k + 1 + strcspn(p + k + 1, ", =");
        if (*p == ' ' || *p == '=')
            return 0;
        if (*p == ',' && !*++p)
            return 0;
    }
    return 1;
}

/* The options that make no sense together; 0, or 2 after a one-line error. */
static int refuse_options(const struct run_options *o)
{
    const char *why = NULL;
    const struct target_options *t = &o->target;
    if (t->filter && !*t->filter)
        why = "--filter needs a non-empty glob";
    else if (t->params && !params_well_formed(t->params))
        why = "--params wants key=value pairs separated by commas (keys of a-z, 0-9, _)";
    else if (o->label && !*o->label)
        why = "--label needs a non-empty value";
    else if (strncmp(o->target_spec, "cmd:", 4) == 0 && (t->filter || t->iterations || t->params))
        why = "--filter, --iterations and --params are not passed to a cmd: target; put them in "
              "its command";
    else if (o->tm_period && strncmp(o->target_spec, "cmd:", 4) == 0)
        why = "--tm-period is not passed to a cmd: target; put --params tm_period_ms=N in its "
              "command";
    if (why) {
        fprintf(stderr, "rtbench run: %s\n", why);
        return 2;
    }
    int qemu = strncmp(o->target_spec, "qemu:", 5) == 0;
    if (!qemu && (!t->icount || o->cycle_model)) {
        fprintf(stderr, "rtbench run: %s applies to qemu: targets only, not '%s'\n",
                o->cycle_model ? "--cycle-model" : "--no-icount",
                *o->target_spec ? o->target_spec : "host");
        return 2;
    }
    if (o->cycle_model && !t->icount) {
        fprintf(stderr, "rtbench run: --cycle-model needs -icount (drop --no-icount)\n");
        return 2;
    }
    return 0;
}

/* --tm-period S: tm_period_ms put in front of --params (o->params_buf). 0, or 2
 * after a one-line error. */
static int merge_tm_period(struct run_options *o)
{
    const char *p = o->target.params;
    uint32_t ms;
    size_t len;

    if (!o->tm_period)
        return 0;
    if (rtb_tm_period_ms(o->tm_period, &ms) != 0) {
        fprintf(stderr,
                "rtbench run: --tm-period wants seconds from 0.001 to 2000 (at most 3 "
                "decimals), not '%s'\n",
                o->tm_period);
        return 2;
    }
    len = strlen("tm_period_ms=4294967295,") + (p ? strlen(p) : 0) + 1;
    o->params_buf = xmalloc(len);
    if (rtb_tm_period_params(p, ms, o->params_buf, len) != 0) {
        fprintf(stderr, "rtbench run: --tm-period and --params tm_period_ms give the period "
                        "twice\n");
        return 2;
    }
    o->target.params = o->params_buf;
    return 0;
}

int cmd_run(int argc, char **argv)
{
    struct run_options o = {
        "host", NULL, NULL, NULL, {NULL, 0, NULL, 1, 0, NULL, NULL}, DEFAULT_TIMEOUT_S, NULL, NULL};
    int first;
    int rc = cli_parse(&run_command, argc, argv, run_option, &o, &first);
    if (rc != CLI_GO)
        return rc;
    if (first < argc)
        return cli_extra_arg("run", argv[first]);
    if (refuse_options(&o) != 0 || merge_tm_period(&o) != 0) {
        free(o.params_buf);
        return 2;
    }
    struct run_session session;
    memset(&session, 0, sizeof session);
    session.label = o.label;
    if (cli_open_db("run", o.db_path, DB_CREATE, &session.db, &session.db_path) != 0) {
        free(o.params_buf);
        return 2;
    }
    struct target_cmd target;
    struct cycle_run cycle;
    if (o.cycle_model) {
        if (cycle_run_prepare(o.cycle_model, o.target_spec + 5, &o.target, o.timeout_s, &cycle,
                              &target) != 0) {
            db_close(session.db);
            return 2;
        }
        session.cycle = &cycle;
    } else if (target_resolve(o.target_spec, &o.target, &target, session.err, sizeof session.err) !=
               0) {
        fprintf(stderr, "rtbench run: %s\n", session.err);
        db_close(session.db);
        free(o.params_buf);
        return 2;
    }
    session.target = &target;
    session.tty = isatty(STDERR_FILENO);
    record_parser_init(&session.parser);
    struct target_ending end;
    if (target_run(&target, o.timeout_s, on_line, &session, &end, session.err,
                   sizeof session.err) != 0) {
        fprintf(stderr, "rtbench run: %s\n", session.err);
        rc = 2;
    } else {
        rc = finish_session(&session, &end);
        target_ending_free(&end);
    }
    record_parser_free(&session.parser);
    target_cmd_free(&target);
    if (session.cycle)
        cycle_run_free(session.cycle);
    db_close(session.db);
    free(o.params_buf);
    return rc;
}
