/*
 * rtbench host - `rtbench run`: the options, the target started and its
 * output handed to the session (run_session.c: parsing, storing, printing),
 * and the exit status from how it all ended.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cmd/cmds.h"
#include "cycle_model.h"
#include "db.h"
#include "meta.h"
#include "rtb/tm_period.h"
#include "run_session.h"
#include "target/target.h"
#include "term.h"
#include "util.h"

#define DEFAULT_TIMEOUT_S 300u

/* The exit status when the target's output held no valid run, after one
 * line on stderr saying why (none when the target already said it). */
static int no_run(const struct run_session *session, const struct target_ending *end)
{
    const char *source = session->target->source, *why = end->why;
    size_t bad_hdr = 0;
    for (size_t i = 0; i < session->parser.issues.n; i++)
        if (session->parser.issues.v[i].kind == ISSUE_INVALID_HEADER)
            bad_hdr++;
    if (session->target_error[0]) {
        /* the target refused the run (a filter that selects nothing...) */
        fprintf(stderr, "rtbench run: %s: %s\n", term(source), session->target_error);
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
                bad_hdr, why ? "; " : "", why ? term(why) : "");
    else if (end->lines)
        fprintf(stderr,
                "rtbench run: no rtbench records in the target's output (%lu lines, first: "
                "'%s')%s%s\n",
                end->lines, end->first_line, why ? "; " : "", why ? term(why) : "");
    else
        fprintf(stderr, "rtbench run: the target printed nothing%s%s\n", why ? "; " : "",
                why ? term(why) : "");
    return 1;
}

/* After the target ended: closes a run it left open (with the reason:
 * how the target ended, and the benchmark it had started, if it said). */
static void close_open_run(struct run_session *session, const struct target_ending *end)
{
    struct run *open = session->parser.open_run;
    record_parser_finish(&session->parser);
    run_session_samples(session);
    if (end->why) {
        char *d = session->running[0] ? xasprintf("%s while running %s; %s", end->why,
                                                  session->running, open->status_detail)
                                      : xasprintf("%s; %s", end->why, open->status_detail);
        free(open->status_detail);
        open->status_detail = d;
    }
    run_session_finish_run(session, open);
}

/* After the target ended: the runs closed, and the exit status of `rtbench run`. */
static int finish_session(struct run_session *session, const struct target_ending *end)
{
    int open = session->parser.open_run != NULL;
    if (open)
        close_open_run(session, end);
    run_session_clear_progress(session);
    const struct issue_list *issues = &session->parser.issues;
    int ret = 0;
    if (session->parser.n_runs == 0) {
        ret = no_run(session, end);
    } else {
        if (end->why && !open)
            fprintf(stderr, "rtbench run: %s (after its end record)\n", term(end->why));
        if (end->lingered)
            fprintf(stderr,
                    "rtbench run: the target went on %d s after its end record; rtbench "
                    "stopped it\n",
                    TARGET_LINGER_MS / 1000);
        if (issues->total > issues->rejected)
            fprintf(stderr, "rtbench run: %lu repeated record line(s) ignored\n",
                    issues->total - issues->rejected);
        if (issues->rejected)
            fprintf(stderr, "rtbench run: %lu record line(s) rejected\n", issues->rejected);
        if (end->why || session->any_incomplete || session->any_failed || issues->rejected)
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
    {"kernel", required_argument, NULL, 'K'},
    {"log", required_argument, NULL, 'L'},
    {"samples", no_argument, NULL, 'S'},
    {"meta", required_argument, NULL, 'm'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command run_command = {
    "run",
    "usage: rtbench run [--target T]\n"
    "                   [--filter GLOB] [--iterations N] [--params LIST] [--label L]\n"
    "                   [--db PATH] [--timeout S] [--tm-period S] [--no-icount]\n"
    "                   [--cycle-model CORE[,ws=N]] [--flash CMD] [--reset CMD]\n"
    "                   [--kernel NAME=TREE] [--log FILE] [--samples] [--meta KEY=VALUE]...\n"
    "\n"
    "Run a target, read its rtbench records live, store the run and print it.\n"
    "  -t, --target T       what to run (the kinds below; default host)\n"
    "  -f, --filter GLOB    benchmark ids to run (comma-separated globs; host, qemu)\n"
    "  -n, --iterations N   measured iterations per benchmark (host, qemu)\n"
    "  -p, --params LIST    run-time parameters of the benchmark families,\n"
    "                       key=value,key=value (host, qemu; see docs/benchmarks.md)\n"
    "      --tm-period S    Thread-Metric's period in seconds of the target's clock\n"
    "                       (0.001 to 2000, e.g. 30 as published): --params tm_period_ms\n"
    "  -l, --label L        label stored with the run\n"
    "      --meta KEY=VALUE what was measured, stored with the run (repeatable:\n"
    "                       commit=, branch=, config=, ...; docs/cli.md#meta)\n"
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
    "      --flash CMD      serial:, tcp:, rfc2217://: run CMD (split on spaces, no shell)\n"
    "                       once the port is open\n"
    "      --reset CMD      the same: then run CMD (restarts the board), then read the port\n"
    "      --kernel NAME=TREE\n"
    "                       qemu: build the check application of kernel NAME (freertos,\n"
    "                       threadx, rtthread, ucos3: ports/*/app) on the kernel source\n"
    "                       TREE (a folder or a .tar.xz/.tar.gz/.tgz/.tar) and run each\n"
    "                       of its images\n"
    "      --log FILE       also write every byte of the target's output to FILE\n"
    "      --samples        also store every sample of each result (host, qemu), for\n"
    "                       check's test of significance\n"
    "  -h, --help           this help\n"
    "Exit: 0 complete, 1 incomplete run / target failed / a benchmark failed,\n"
    "      2 bad usage or database error, 128+N interrupted by signal N.\n",
    run_options,
    "t:f:n:l:p:",
    0,
    0,
    1,
};

struct run_options {
    const char *target_spec, *label, *db_path, *cycle_model;
    const char *kernel, *log_path; /* --kernel NAME=TREE, --log FILE */
    struct target_log log;         /* --log: its descriptor (-1: none), its first write error */
    struct target_options target;  /* filter, iterations, params, icount, flash, reset */
    unsigned timeout_s;
    const char *tm_period; /* --tm-period S, merged into target.params */
    char *params_buf;      /* target.params with tm_period_ms, when --tm-period */
    char **meta;           /* --meta: key, value, ... (n_meta strings) */
    size_t n_meta;
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
    case 'S':
        o->target.samples = 1;
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
    case 'K':
        o->kernel = value;
        break;
    case 'L':
        o->log_path = value;
        break;
    case 'm': {
        char err[300];
        if (meta_add(&o->meta, &o->n_meta, value, err, sizeof err) != 0) {
            fprintf(stderr, "rtbench run: %s\n", term(err));
            return 2;
        }
        break;
    }
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
    else if (o->log_path && !*o->log_path)
        why = "--log needs a file name";
    else if (o->kernel && o->cycle_model)
        why = "--cycle-model has no marked image for a kernel's check application (drop one of "
              "--cycle-model and --kernel)";
    else if (strncmp(o->target_spec, "cmd:", 4) == 0 &&
             (t->filter || t->iterations || t->params || t->samples))
        why = "--filter, --iterations, --params and --samples are not passed to a cmd: target; "
              "put them in its command";
    else if (o->tm_period && strncmp(o->target_spec, "cmd:", 4) == 0)
        why = "--tm-period is not passed to a cmd: target; put --params tm_period_ms=N in its "
              "command";
    if (why) {
        fprintf(stderr, "rtbench run: %s\n", why);
        return 2;
    }
    int qemu = strncmp(o->target_spec, "qemu:", 5) == 0;
    if (!qemu && (!t->icount || o->cycle_model || o->kernel)) {
        fprintf(stderr, "rtbench run: %s applies to qemu: targets only, not '%s'\n",
                o->kernel        ? "--kernel"
                : o->cycle_model ? "--cycle-model"
                                 : "--no-icount",
                *o->target_spec ? term(o->target_spec) : "host");
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

/* --log FILE opened (truncated) into O->log; 0, or 2 after one line. */
static int open_log(struct run_options *o)
{
    o->log.fd = -1;
    if (!o->log_path)
        return 0;
    o->log.fd = open(o->log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (o->log.fd >= 0)
        return 0;
    fprintf(stderr, "rtbench run: cannot open --log file %s: %s\n", term(o->log_path),
            strerror(errno));
    return 2;
}

/* --log closed: 0, or 2 after one line when a write to it failed. */
static int close_log(struct run_options *o)
{
    int e = o->log.error;
    if (o->log.fd < 0)
        return 0;
    if (close(o->log.fd) != 0 && !e)
        e = errno;
    o->log.fd = -1;
    if (!e)
        return 0;
    fprintf(stderr, "rtbench run: writing --log file %s failed: %s\n", term(o->log_path),
            strerror(e));
    return 2;
}

/* TARGET run, its output read into a session of its own and stored with
 * LABEL; the exit status of `rtbench run` for it. */
static int run_target(struct run_options *o, sqlite3 *db, const char *db_path, const char *label,
                      struct target_cmd *target, struct cycle_run *cycle)
{
    struct run_session session;
    struct target_ending end;
    int rc;
    memset(&session, 0, sizeof session);
    session.db = db;
    session.db_path = db_path;
    session.label = label;
    session.meta = o->meta;
    session.n_meta = o->n_meta;
    session.target = target;
    session.cycle = cycle;
    session.tty = isatty(STDERR_FILENO);
    if (o->log.fd >= 0)
        target->log = &o->log;
    record_parser_init(&session.parser);
    if (target_run(target, o->timeout_s, run_session_line, &session, &end, session.err,
                   sizeof session.err) != 0) {
        fprintf(stderr, "rtbench run: %s\n", term(session.err));
        rc = 2;
    } else {
        rc = finish_session(&session, &end);
        target_ending_free(&end);
    }
    record_parser_free(&session.parser);
    return rc;
}

/* The label of image ELF's runs, one of N images of kernel NAME on BOARD:
 * LABEL for one image, else LABEL-SUFFIX, SUFFIX what follows
 * "rtbench-NAME-BOARD-" in its file name (A, B), or the file name without
 * ".elf"; NULL without LABEL. */
static char *image_label(const char *label, const char *name, const char *board, const char *elf,
                         size_t n)
{
    if (!label || n == 1)
        return xstrdup(label);
    const char *base = path_base(elf);
    size_t bl = strlen(base);
    if (bl > 4 && strcmp(base + bl - 4, ".elf") == 0)
        bl -= 4;
    char *prefix = xasprintf("rtbench-%s-%s-", name, board);
    size_t pl = strlen(prefix);
    if (bl > pl && strncmp(base, prefix, pl) == 0) {
        base += pl;
        bl -= pl;
    }
    free(prefix);
    return xasprintf("%s-%.*s", label, (int)bl, base);
}

/* Image ELF of the check application of kernel NAME run as a qemu:BOARD image
 * and stored, its header with kernel_tree=TREE_ARG and image=<file name>. */
static int run_image(struct run_options *o, sqlite3 *db, const char *db_path, const char *name,
                     const struct kernel_images *k, size_t i)
{
    const char *board = o->target_spec + 5, *elf = k->elf[i];
    char err[1024];
    struct target_cmd target;
    if (target_qemu_resolve_elf(board, elf, &o->target, &target, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench run: %s\n", term(err));
        return 2;
    }
    size_t n = 0;
    while (target.extra_hdr && target.extra_hdr[n])
        n++;
    strv_push(&target.extra_hdr, &n, xstrdup("kernel_tree"));
    strv_push(&target.extra_hdr, &n, xstrdup(k->tree_arg));
    strv_push(&target.extra_hdr, &n, xstrdup("image"));
    strv_push(&target.extra_hdr, &n, xstrdup(path_base(elf)));
    char *label = image_label(o->label, name, board, elf, k->n);
    char **user = o->meta, **meta = NULL;
    size_t n_user = o->n_meta, n_meta = 0;
    target_kernel_meta(k->tree_arg, &meta, &n_meta); /* the tree's revision, then --meta */
    for (size_t j = 0; j < n_user; j++)
        strv_push(&meta, &n_meta, xstrdup(user[j]));
    o->meta = meta;
    o->n_meta = n_meta;
    int rc = run_target(o, db, db_path, label, &target, NULL);
    o->meta = user;
    o->n_meta = n_user;
    meta_pairs_free(meta, n_meta);
    free(label);
    target_cmd_free(&target);
    return rc;
}

/* --kernel NAME=TREE: its check application built, then each of its images
 * run in order (until a signal interrupts one); the highest exit status. */
static int run_kernel(struct run_options *o, sqlite3 *db, const char *db_path)
{
    const char *board = o->target_spec + 5;
    char err[1024];
    struct kernel_images k;
    if (!*board) {
        fprintf(stderr, "rtbench run: --target qemu: needs a board (qemu:mps2-an385)\n");
        return 2;
    }
    if (target_check_serial_options(o->target_spec, &o->target, err, sizeof err) != 0 ||
        target_kernel_build(o->kernel, board, &o->target, &k, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench run: %s\n", term(err));
        return 2;
    }
    char *name = xstrndup(o->kernel, strcspn(o->kernel, "="));
    int rc = 0;
    for (size_t i = 0; i < k.n && rc < 128; i++) {
        int r = run_image(o, db, db_path, name, &k, i);
        rc = r > rc ? r : rc;
    }
    free(name);
    target_kernel_free(&k);
    return rc;
}

/* The target of --target (with --cycle-model, after its marked run) run and stored. */
static int run_plain(struct run_options *o, sqlite3 *db, const char *db_path)
{
    struct target_cmd target;
    struct cycle_run cycle;
    char err[512];
    int rc;
    if (o->cycle_model) {
        if (cycle_run_prepare(o->cycle_model, o->target_spec + 5, &o->target, o->timeout_s, &cycle,
                              &target) != 0)
            return 2;
    } else if (target_resolve(o->target_spec, &o->target, &target, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench run: %s\n", term(err));
        return 2;
    }
    rc = run_target(o, db, db_path, o->label, &target, o->cycle_model ? &cycle : NULL);
    target_cmd_free(&target);
    if (o->cycle_model)
        cycle_run_free(&cycle);
    return rc;
}

int cmd_run(int argc, char **argv)
{
    struct run_options o = {"host",
                            NULL,
                            NULL,
                            NULL,
                            NULL,
                            NULL,
                            {-1, 0},
                            {NULL, 0, NULL, 1, 0, NULL, NULL, 0},
                            DEFAULT_TIMEOUT_S,
                            NULL,
                            NULL,
                            NULL,
                            0};
    int first;
    int rc = cli_parse(&run_command, argc, argv, run_option, &o, &first);
    if (rc == CLI_GO && first < argc)
        rc = cli_extra_arg("run", argv[first]);
    if (rc != CLI_GO) {
        meta_pairs_free(o.meta, o.n_meta);
        return rc;
    }
    sqlite3 *db = NULL;
    const char *db_path = NULL;
    if (refuse_options(&o) != 0 || merge_tm_period(&o) != 0 ||
        cli_open_db("run", o.db_path, DB_CREATE, &db, &db_path) != 0 || open_log(&o) != 0) {
        if (db)
            db_close(db);
        free(o.params_buf);
        meta_pairs_free(o.meta, o.n_meta);
        return 2;
    }
    rc = o.kernel ? run_kernel(&o, db, db_path) : run_plain(&o, db, db_path);
    if (close_log(&o) != 0 && rc < 2)
        rc = 2;
    db_close(db);
    free(o.params_buf);
    meta_pairs_free(o.meta, o.n_meta);
    return rc;
}
