/*
 * rtbench host - `rtbench run`: start a target, read its records live,
 * store them as they arrive, print the table.
 *
 * The target is started with posix_spawnp (an argv, never a shell) in its
 * own process group, stdin from /dev/null, stdout into a pipe that is read
 * line by line; its stderr passes through. Each run is stored as soon as
 * its header arrives (status 'incomplete') and each metric is committed as
 * it arrives, so a hang, a crash or a Ctrl-C loses nothing already
 * measured: the run stays 'incomplete' with the reason.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cmds.h"
#include "db.h"
#include "flags.h"
#include "record_parser.h"
#include "table.h"
#include "target.h"
#include "util.h"

#define DEFAULT_TIMEOUT_S 300u
#define KILL_GRACE_MS 2000
#define MAX_LINE (1u << 20) /* longest line kept whole from the target */

extern char **environ;

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
    got_signal = sig;
}

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
    char target_error[160]; /* the runner's "rtbench: error: ..." outside a run, if any */
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

static void finish_run(struct run_session *session, struct run *r)
{
    clear_progress(session);
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
    table_print_metrics(stdout, r, 0);
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

/* Up to CAP-1 bytes of a line for a message, control and non-ASCII bytes as '?'. */
static void printable(char *out, size_t cap, const char *s, size_t len)
{
    size_t n = 0;
    for (; n < len && n + 1 < cap; n++)
        out[n] = (s[n] >= 0x20 && s[n] < 0x7f) ? s[n] : '?';
    out[n] = '\0';
}

static void on_line(struct run_session *session, const char *line, size_t len)
{
    /* The target's runner refusing to start (bare metal: "rtbench: error:
     * filter 'x' selects no benchmark", before any header): kept for the
     * one-line error at the end. */
    static const char tag[] = "rtbench: error: ";
    if (!session->parser.open_run && !session->target_error[0] && len > sizeof tag - 1 &&
        memcmp(line, tag, sizeof tag - 1) == 0) {
        size_t l = len - (sizeof tag - 1);
        while (l && (line[sizeof tag - 1 + l - 1] == '\r' || line[sizeof tag - 1 + l - 1] == ' '))
            l--;
        printable(session->target_error, sizeof session->target_error, line + sizeof tag - 1, l);
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

/* Signal the target's whole process group (it may have children). */
static void kill_target(pid_t pid, int sig)
{
    if (kill(-pid, sig) != 0)
        kill(pid, sig);
}

/* Stopping the target: on SIGINT/SIGTERM to rtbench or at the deadline,
 * SIGTERM to its group, then SIGKILL after a grace period. */
struct stopper {
    pid_t pid;
    long deadline; /* ms, CLOCK_MONOTONIC */
    long kill_at;  /* when SIGKILL follows SIGTERM; 0 if not pending */
    unsigned timeout_s;
    char *why;  /* why the target was stopped; NULL while it was not */
    int signal; /* the signal that interrupted rtbench, 0 if none */
};

static void stop_check(struct stopper *stop, long t)
{
    if (!stop->why && got_signal) {
        stop->signal = got_signal;
        stop->why = xasprintf("interrupted by %s", got_signal == SIGINT ? "SIGINT" : "SIGTERM");
    } else if (!stop->why && t >= stop->deadline) {
        stop->why = xasprintf("timeout after %u s", stop->timeout_s);
    } else {
        if (stop->kill_at && t >= stop->kill_at) {
            kill_target(stop->pid, SIGKILL);
            stop->kill_at = 0;
        }
        return;
    }
    kill_target(stop->pid, SIGTERM);
    stop->kill_at = t + KILL_GRACE_MS;
}

static const struct option run_options[] = {
    {"target", required_argument, NULL, 't'},     {"filter", required_argument, NULL, 'f'},
    {"iterations", required_argument, NULL, 'n'}, {"label", required_argument, NULL, 'l'},
    {"db", required_argument, NULL, 'D'},         {"timeout", required_argument, NULL, 'T'},
    {"no-icount", no_argument, NULL, 'I'},        {NULL, 0, NULL, 0},
};

static const struct cli_command run_command = {
    "run",
    "usage: rtbench run [--target host|cmd:PROG ARGS...|qemu:BOARD] [--filter GLOB]\n"
    "                   [--iterations N] [--label L] [--db PATH] [--timeout S] [--no-icount]\n"
    "\n"
    "Run a target, read its rtbench records live, store the run and print it.\n"
    "  -t, --target T       host (default: rtbench-posix next to this binary),\n"
    "                       cmd:PROG ARGS... (split on spaces, no shell), qemu:BOARD\n"
    "  -f, --filter GLOB    benchmark ids to run (comma-separated globs; host, qemu)\n"
    "  -n, --iterations N   measured iterations per benchmark (host, qemu)\n"
    "  -l, --label L        label stored with the run\n"
    "      --db PATH        database (default: $RTBENCH_DB, else\n"
    "                       $XDG_DATA_HOME/rtbench/rtbench.db, else "
    "~/.local/share/rtbench/rtbench.db)\n"
    "      --timeout S      kill the target after S seconds (default 300)\n"
    "      --no-icount      qemu: follow host time instead of -icount (noisy)\n"
    "  -h, --help           this help\n"
    "Exit: 0 complete, 1 incomplete run / target failed / a benchmark failed,\n"
    "      2 bad usage or database error, 128+N interrupted by signal N.\n",
    run_options,
    "t:f:n:l:",
};

struct run_options {
    const char *target_spec, *filter, *label, *db_path;
    unsigned iterations, timeout_s;
    int icount;
};

static int run_option(void *ctx, int id, const char *value)
{
    struct run_options *o = ctx;
    switch (id) {
    case 't':
        o->target_spec = value;
        break;
    case 'f':
        o->filter = value;
        break;
    case 'n':
        return cli_uint_option("run", "--iterations", value, 100000000u, &o->iterations);
    case 'l':
        o->label = value;
        break;
    case 'D':
        o->db_path = value;
        break;
    case 'T':
        return cli_uint_option("run", "--timeout", value, 86400u, &o->timeout_s);
    default: /* 'I' */
        o->icount = 0;
        break;
    }
    return CLI_GO;
}

int cmd_run(int argc, char **argv)
{
    struct run_options o = {"host", NULL, NULL, NULL, 0, DEFAULT_TIMEOUT_S, 1};
    int first;
    int rc = cli_parse(&run_command, argc, argv, run_option, &o, &first);
    if (rc != CLI_GO)
        return rc;
    if (first < argc)
        return cli_extra_arg("run", argv[first]);
    const char *target_spec = o.target_spec, *filter = o.filter, *label = o.label,
               *db_path = o.db_path;
    unsigned iterations = o.iterations, timeout_s = o.timeout_s;
    int icount = o.icount;
    if (filter && !*filter) {
        fputs("rtbench run: --filter needs a non-empty glob\n", stderr);
        return 2;
    }
    if (label && !*label) {
        fputs("rtbench run: --label needs a non-empty value\n", stderr);
        return 2;
    }
    if (strncmp(target_spec, "cmd:", 4) == 0 && (filter || iterations)) {
        fputs("rtbench run: --filter and --iterations are not passed to a cmd: target; put them in "
              "its command\n",
              stderr);
        return 2;
    }

    if (!icount && strncmp(target_spec, "qemu:", 5) != 0) {
        fprintf(stderr, "rtbench run: --no-icount applies to qemu: targets only, not '%s'\n",
                *target_spec ? target_spec : "host");
        return 2;
    }

    struct run_session session;
    memset(&session, 0, sizeof session);
    session.label = label;
    if (cli_open_db("run", db_path, DB_CREATE, &session.db, &session.db_path) != 0)
        return 2;
    struct target_cmd target;
    if (target_resolve(target_spec, filter, iterations, icount, &target, session.err,
                       sizeof session.err) != 0) {
        fprintf(stderr, "rtbench run: %s\n", session.err);
        db_close(session.db);
        return 2;
    }
    session.target = &target;
    session.tty = isatty(STDERR_FILENO);
    record_parser_init(&session.parser);

    int pfd[2];
    if (pipe2(pfd, O_CLOEXEC) != 0) {
        fprintf(stderr, "rtbench run: pipe: %s\n", strerror(errno));
        target_cmd_free(&target);
        db_close(session.db);
        return 2;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, pfd[1], STDOUT_FILENO);
    posix_spawnattr_t at;
    posix_spawnattr_init(&at);
    sigset_t defs, none;
    sigemptyset(&defs);
    sigaddset(&defs, SIGINT);
    sigaddset(&defs, SIGTERM);
    sigaddset(&defs, SIGPIPE);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&at, &defs);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETPGROUP);
    /* Signals: note them and let the loop kill the target. */
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    got_signal = 0;
    pid_t pid;
    fflush(NULL);
    rc = posix_spawnp(&pid, target.argv[0], &fa, &at, target.argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(pfd[1]);
    if (rc != 0) {
        fprintf(stderr, "rtbench run: cannot start '%s': %s\n", target.argv[0], strerror(rc));
        close(pfd[0]);
        target_cmd_free(&target);
        db_close(session.db);
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGTERM, &old_term, NULL);
        return 2;
    }

    struct stopper stop = {pid, now_ms() + (long)timeout_s * 1000, 0, timeout_s, NULL, 0};
    size_t cap = 4096, used = 0;
    char *buf = xmalloc(cap);
    unsigned long lines = 0;
    char first_line[80] = "";
    int eof = 0;
    while (!eof) {
        long t = now_ms();
        stop_check(&stop, t);
        long wait = stop.why ? (stop.kill_at ? stop.kill_at - t : 200) : stop.deadline - t;
        if (wait > 200)
            wait = 200; /* also re-checks got_signal */
        if (wait < 0)
            wait = 0;
        struct pollfd pf = {pfd[0], POLLIN, 0};
        int pr = poll(&pf, 1, (int)wait);
        if (pr < 0 && errno != EINTR) {
            fprintf(stderr, "rtbench run: poll: %s\n", strerror(errno));
            break;
        }
        if (pr <= 0)
            continue;
        if (cap - used < 4096) {
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
        ssize_t n = read(pfd[0], buf + used, cap - used);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            fprintf(stderr, "rtbench run: reading the target: %s\n", strerror(errno));
            break;
        }
        if (n == 0) {
            eof = 1;
            if (used)
                buf[used++] = '\n'; /* a last line without newline */
        }
        used += (size_t)n;
        size_t start = 0;
        for (size_t i = 0; i < used; i++) {
            if (buf[i] != '\n')
                continue;
            if (!lines++)
                printable(first_line, sizeof first_line, buf + start, i - start);
            on_line(&session, buf + start, i - start);
            start = i + 1;
        }
        memmove(buf, buf + start, used - start);
        used -= start;
        if (used >=
            MAX_LINE) { /* no newline in sight: take it as one line (never a valid record) */
            lines++;
            on_line(&session, buf, used);
            used = 0;
        }
    }
    close(pfd[0]);
    free(buf);

    /* Reap the target; it may still run after closing its stdout. */
    int status = 0;
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid || (w < 0 && errno != EINTR))
            break;
        long t = now_ms();
        stop_check(&stop, t);
        struct timespec ts = {0, 20 * 1000000L};
        nanosleep(&ts, NULL);
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);

    /* Why the target ended, if not cleanly. */
    char *ending = NULL;
    if (stop.why)
        ending = stop.why;
    else if (WIFSIGNALED(status))
        ending = xasprintf("target killed by signal %d (%s)", WTERMSIG(status),
                           strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        ending = xasprintf("target exited with status %d", WEXITSTATUS(status));

    struct run *open = session.parser.open_run;
    if (open) {
        record_parser_finish(&session.parser);
        if (ending) {
            char *d = xasprintf("%s; %s", ending, open->status_detail);
            free(open->status_detail);
            open->status_detail = d;
        }
        finish_run(&session, open);
    }
    clear_progress(&session);

    int ret = 0;
    if (session.parser.n_runs == 0) {
        int host = strcmp(target.source, "host") == 0;
        size_t bad_hdr = 0;
        for (size_t i = 0; i < session.parser.n_issues; i++)
            if (session.parser.issues[i].kind == ISSUE_INVALID_HEADER)
                bad_hdr++;
        if (session.target_error[0]) {
            /* the target refused the run (a filter that selects nothing...) */
            fprintf(stderr, "rtbench run: %s: %s\n", target.source, session.target_error);
            ret = 2;
        } else if (host && !lines && !stop.why && WIFEXITED(status) && WEXITSTATUS(status) == 2) {
            /* rtbench-posix refused its arguments (a filter that selects
             * nothing, too many iterations): its usage error (exit 2) is
             * already on stderr, in one line */
            ret = 2;
        } else if (bad_hdr)
            fprintf(stderr,
                    "rtbench run: no valid run in the target's output (%zu invalid header(s), "
                    "their runs skipped)%s%s\n",
                    bad_hdr, ending ? "; " : "", ending ? ending : "");
        else if (lines)
            fprintf(stderr,
                    "rtbench run: no rtbench records in the target's output (%lu lines, first: "
                    "'%s')%s%s\n",
                    lines, first_line, ending ? "; " : "", ending ? ending : "");
        else
            fprintf(stderr, "rtbench run: the target printed nothing%s%s\n", ending ? "; " : "",
                    ending ? ending : "");
        if (ret == 0)
            ret = 1;
    } else {
        if (ending && !open)
            fprintf(stderr, "rtbench run: %s (after its end record)\n", ending);
        if (session.parser.n_issues)
            fprintf(stderr, "rtbench run: %zu record line(s) rejected\n", session.parser.n_issues);
        if (ending || session.any_incomplete || session.any_failed || session.parser.n_issues)
            ret = 1;
    }
    if (session.db_failed)
        ret = 2;
    if (stop.signal)
        ret = 128 + stop.signal;
    free(ending);
    record_parser_free(&session.parser);
    target_cmd_free(&target);
    db_close(session.db);
    return ret;
}
