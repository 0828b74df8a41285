/*
 * rtbench host - running targets (target.h: target_start, target_poll,
 * target_run), and the process kind of target (target_internal.h).
 *
 * A process target is started with fork and execvp (an argv, never a
 * shell) in its own process group, with SIGKILL as its parent-death signal
 * (it dies with rtbench, even when rtbench is killed by SIGKILL), stdin
 * from /dev/null, stdout into a pipe that is read line by line as it
 * arrives (lines.h); its stderr passes through. TARGET_LINGER_MS after its
 * output is complete (on_line said so) it is stopped, not a failure. Several
 * targets of any kind (a serial: port is the other, target_serial.c) run at
 * once: target_start, then target_poll over all of them (sweep). At the
 * deadline, or when rtbench gets SIGINT, SIGTERM or SIGHUP, the whole group
 * gets SIGTERM and, TARGET_KILL_GRACE_MS later, SIGKILL. The target is
 * reaped, and how it ended is put in words for the run's status.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "target/internal.h"
#include "util.h"

#define REAP_MS 20 /* between looks at a target that closed its stdout */

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
    got_signal = sig;
}

const char *target_signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* Signal the target's whole process group (it may have children). */
static void kill_target(pid_t pid, int sig)
{
    if (pid <= 0) /* never kill(0) or kill(-1): that would be rtbench's group, or everything */
        return;
    if (kill(-pid, sig) != 0)
        kill(pid, sig);
}

static void stop_check(struct stopper *stop, long t)
{
    if (!stop->why && got_signal) {
        stop->signal = got_signal;
        stop->why = xasprintf("interrupted by %s", target_signal_name(got_signal));
    } else if (!stop->why && t >= stop->deadline) {
        stop->why = xasprintf("timeout after %u s", stop->timeout_s);
    } else if (!stop->why && stop->linger && t >= stop->linger) {
        /* its output is complete and it goes on (a console reader): not a failure */
        stop->why = xstrdup("");
    } else {
        if (stop->kill_at && t >= stop->kill_at) {
            kill_target(stop->pid, SIGKILL);
            stop->kill_at = 0;
        }
        return;
    }
    kill_target(stop->pid, SIGTERM);
    stop->kill_at = t + TARGET_KILL_GRACE_MS;
}

/* How long the read loop may wait in poll() at time T. */
static int poll_wait(const struct stopper *stop, long t)
{
    long wait =
        stop->why ? (stop->kill_at ? stop->kill_at - t : TARGET_POLL_MS) : stop->deadline - t;
    if (!stop->why && stop->linger && stop->linger - t < wait)
        wait = stop->linger - t;
    if (wait > TARGET_POLL_MS)
        wait = TARGET_POLL_MS;
    return wait < 0 ? 0 : (int)wait;
}

/* The child, between fork and exec: its own process group, killed when
 * rtbench dies, stdin /dev/null, stdout the pipe OUT, stderr as T says,
 * SIGINT, SIGTERM, SIGHUP, SIGPIPE and SIGXFSZ at their defaults; on failure
 * errno goes up the pipe ERR. */
static void child(const struct target_cmd *t, pid_t parent, int out, int err)
{
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) /* rtbench died before the line above */
        _exit(127);
    int null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0)
        goto fail;
    if (t->merge_stderr && dup2(out, STDERR_FILENO) < 0)
        goto fail;
    if (!t->merge_stderr && t->stderr_path) {
        int e = open(t->stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (e < 0 || dup2(e, STDERR_FILENO) < 0)
            goto fail;
    }
    if (t->cwd && chdir(t->cwd) != 0)
        goto fail;
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ};
    for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
        signal(sigs[k], SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execvp(t->argv[0], t->argv);
fail:;
    int e = errno;
    if (write(err, &e, sizeof e) < 0)
        _exit(126);
    _exit(127);
}

/* Starts T's argv (child()), its stdout into a pipe (*out_fd). 0, or -1
 * with a message. */
static int spawn(const struct target_cmd *t, pid_t *pid, int *out_fd, char *err, size_t errlen)
{
    int pfd[2], efd[2];
    if (pipe2(pfd, O_CLOEXEC) != 0)
        return errf(err, errlen, "pipe: %s", strerror(errno));
    if (pipe2(efd, O_CLOEXEC) != 0) {
        close(pfd[0]);
        close(pfd[1]);
        return errf(err, errlen, "pipe: %s", strerror(errno));
    }
    fflush(NULL);
    pid_t parent = getpid();
    *pid = fork();
    if (*pid == 0)
        child(t, parent, pfd[1], efd[1]);
    int fork_errno = errno;
    close(pfd[1]);
    close(efd[1]);
    int e = 0;
    ssize_t n = *pid > 0 ? read(efd[0], &e, sizeof e) : 0; /* 0 bytes: exec succeeded */
    close(efd[0]);
    if (*pid < 0 || n > 0) {
        close(pfd[0]);
        if (*pid > 0)
            waitpid(*pid, NULL, 0);
        return errf(err, errlen, "cannot start '%s': %s", t->argv[0],
                    strerror(*pid < 0 ? fork_errno : e));
    }
    setpgid(*pid, *pid); /* also from here: no race with the first kill */
    *out_fd = pfd[0];
    return 0;
}

static void on_split_line(void *ctx, const char *line, size_t len, unsigned long lineno)
{
    struct line_reader *lr = ctx;
    (void)lineno;
    if (!lr->end->lines++)
        printable_copy(lr->end->first_line, sizeof lr->end->first_line, line, len);
    lr->complete = lr->on_line(lr->ctx, line, len);
}

static void on_split_long(void *ctx, unsigned long lineno, unsigned long long len)
{
    struct line_reader *lr = ctx;
    (void)lineno;
    lr->end->lines++;
    lr->complete = lr->on_line(lr->ctx, NULL, len > SIZE_MAX ? SIZE_MAX : (size_t)len);
}

void line_reader_init(struct line_reader *lr, target_line_fn on_line, void *ctx,
                      struct target_ending *end)
{
    memset(lr, 0, sizeof *lr);
    lr->on_line = on_line;
    lr->ctx = ctx;
    lr->end = end;
    line_splitter_init(&lr->split, on_split_line, on_split_long, lr);
}

/* BUF (N bytes) to the log, whole; the first failure is kept and ends the log. */
static void log_write(struct target_log *log, const char *buf, size_t n)
{
    while (n && !log->error) {
        ssize_t w = write(log->fd, buf, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            log->error = w < 0 ? errno : EIO;
            break;
        }
        buf += w;
        n -= (size_t)w;
    }
}

ssize_t line_reader_read(struct line_reader *lr, int fd)
{
    char buf[4096];
    ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0 && lr->log)
        log_write(lr->log, buf, (size_t)n);
    if (n > 0)
        line_splitter_feed(&lr->split, buf, (size_t)n);
    return n;
}

void line_reader_finish(struct line_reader *lr)
{
    line_splitter_finish(&lr->split);
}

void line_reader_free(struct line_reader *lr)
{
    line_splitter_free(&lr->split);
}

/* Why the target ended, in words, if not cleanly (exit status 0). */
static void classify(int status, struct stopper *stop, struct target_ending *end)
{
    end->signal = stop->signal;
    end->stopped = stop->why != NULL;
    end->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (stop->why && !*stop->why) { /* stopped after its output was complete */
        end->lingered = 1;
        free(stop->why);
    } else if (stop->why)
        end->why = stop->why;
    else if (WIFSIGNALED(status))
        end->why = xasprintf("target killed by signal %d (%s)", WTERMSIG(status),
                             strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        end->why = xasprintf("target exited with status %d", WEXITSTATUS(status));
}

/* Reads what the target's stdout has (poll said so); at EOF or on a read
 * error closes it. */
static void read_some(struct target_proc *p)
{
    ssize_t n = line_reader_read(&p->lr, p->fd);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n < 0)
        fprintf(stderr, "rtbench: reading the target: %s\n", strerror(errno));
    if (n <= 0)
        line_reader_finish(&p->lr);
    /* once the output is complete, the target has TARGET_LINGER_MS to end */
    if (!p->lr.complete)
        p->stop.linger = 0;
    else if (!p->stop.linger)
        p->stop.linger = now_ms() + TARGET_LINGER_MS;
    if (n <= 0) {
        close(p->fd);
        p->fd = -1;
    }
}

/* After its stdout closed: 1 once the target has exited (reaped, its ending
 * described), else 0 (it may still run after closing its stdout). */
static int process_ended(struct target_proc *p)
{
    int status = 0;
    if (p->fd >= 0)
        return 0;
    pid_t w = waitpid(p->stop.pid, &status, WNOHANG);
    if (w == 0 || (w < 0 && errno == EINTR))
        return 0;
    classify(status, &p->stop, &p->end);
    return 1;
}

static void process_poll_set(struct target_proc *p, long t, struct pollfd *pf, int *wait)
{
    stop_check(&p->stop, t);
    int w = REAP_MS;
    if (p->fd >= 0) {
        pf[0].fd = p->fd;
        w = poll_wait(&p->stop, t);
    }
    if (w < *wait)
        *wait = w;
}

static void process_ready(struct target_proc *p, const struct pollfd *pf)
{
    if (pf[0].fd >= 0 && pf[0].revents)
        read_some(p);
}

static void process_release(struct target_proc *p)
{
    if (p->fd >= 0) /* only if freed before its end */
        close(p->fd);
    p->fd = -1;
}

const struct target_kind target_process_kind = {process_poll_set, process_ready, process_ended,
                                                process_release};

int target_process_start(struct target_proc *p, const struct target_cmd *t, long deadline,
                         unsigned timeout_s, target_line_fn on_line, void *ctx, char *err,
                         size_t errlen)
{
    p->kind = &target_process_kind;
    p->stop = (struct stopper){0, deadline, 0, 0, timeout_s, NULL, 0};
    p->fd = -1;
    if (spawn(t, &p->stop.pid, &p->fd, err, errlen) != 0)
        return -1;
    line_reader_init(&p->lr, on_line, ctx, &p->end);
    p->lr.log = t->log;
    return 0;
}

void target_proc_free(struct target_proc *p)
{
    if (!p)
        return;
    p->kind->release(p);
    line_reader_free(&p->lr);
    free(p);
}

/* SIGINT, SIGTERM and SIGHUP are noted by on_signal while at least one
 * target runs; target_poll then stops every target. */
static unsigned running;
static struct sigaction old_int, old_term, old_hup;

static void signals_catch(void)
{
    if (running++ > 0)
        return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    got_signal = 0;
}

static void signals_release(void)
{
    if (running == 0 || --running > 0)
        return;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
}

int target_start(const struct target_cmd *t, unsigned timeout_s, target_line_fn on_line, void *ctx,
                 struct target_proc **out, char *err, size_t errlen)
{
    struct target_proc *p = xcalloc(1, sizeof *p);
    signals_catch();
    int rc;
    if (got_signal) /* rtbench was interrupted: start nothing more */
        rc = errf(err, errlen, "interrupted by %s", target_signal_name(got_signal));
    else if (t->serial_dev)
        rc = target_serial_start(p, t, timeout_s, on_line, ctx, err, errlen);
    else
        rc = target_process_start(p, t, now_ms() + (long)timeout_s * 1000, timeout_s, on_line, ctx,
                                  err, errlen);
    if (rc != 0) {
        signals_release();
        free(p);
        return -1;
    }
    *out = p;
    return 0;
}

int target_poll(struct target_proc **procs, size_t n, struct target_ending *end)
{
    struct pollfd *pf = xcalloc(n ? n * TARGET_MAX_FDS : 1, sizeof *pf);
    long t = now_ms();
    int wait = TARGET_POLL_MS;
    for (size_t i = 0; i < n * TARGET_MAX_FDS; i++)
        pf[i] = (struct pollfd){-1, POLLIN, 0};
    for (size_t i = 0; i < n; i++)
        if (procs[i])
            procs[i]->kind->poll_set(procs[i], t, pf + i * TARGET_MAX_FDS, &wait);
    int pr = poll(pf, (nfds_t)(n * TARGET_MAX_FDS), wait);
    if (pr < 0 && errno != EINTR)
        fprintf(stderr, "rtbench: poll: %s\n", strerror(errno));
    for (size_t i = 0; pr > 0 && i < n; i++)
        if (procs[i])
            procs[i]->kind->ready(procs[i], pf + i * TARGET_MAX_FDS);
    free(pf);
    for (size_t i = 0; i < n; i++) {
        struct target_proc *p = procs[i];
        if (!p || !p->kind->ended(p))
            continue;
        *end = p->end;
        target_proc_free(p);
        procs[i] = NULL;
        signals_release();
        return (int)i;
    }
    return -1;
}

int target_run(const struct target_cmd *t, unsigned timeout_s, target_line_fn on_line, void *ctx,
               struct target_ending *end, char *err, size_t errlen)
{
    struct target_proc *p;
    memset(end, 0, sizeof *end);
    if (target_start(t, timeout_s, on_line, ctx, &p, err, errlen) != 0)
        return -1;
    while (target_poll(&p, 1, end) < 0)
        ;
    return 0;
}

int target_interrupted(void)
{
    return got_signal;
}

void target_ending_free(struct target_ending *e)
{
    free(e->why);
    e->why = NULL;
}
