/*
 * rtbench host - running a target's process (target.h: target_run).
 *
 * The target is started with posix_spawnp (an argv, never a shell) in its
 * own process group, stdin from /dev/null, stdout into a pipe that is read
 * line by line as it arrives; its stderr passes through. Several targets can
 * run at once (target_start, then target_poll over all of them: sweep). At the deadline,
 * or when rtbench gets SIGINT or SIGTERM, the whole group gets SIGTERM and,
 * KILL_GRACE_MS later, SIGKILL. The target is reaped, and how it ended is
 * put in words for the run's status.
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

#include "target.h"
#include "util.h"

#define KILL_GRACE_MS 2000
#define POLL_MS 200         /* longest wait before got_signal is looked at again */
#define REAP_MS 20          /* between looks at a target that closed its stdout */
#define MAX_LINE (1u << 20) /* longest line kept whole from the target */

extern char **environ;

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
    got_signal = sig;
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

/* How long the read loop may wait in poll() at time T. */
static int poll_wait(const struct stopper *stop, long t)
{
    long wait = stop->why ? (stop->kill_at ? stop->kill_at - t : POLL_MS) : stop->deadline - t;
    if (wait > POLL_MS)
        wait = POLL_MS;
    return wait < 0 ? 0 : (int)wait;
}

/* Starts T's argv in a new process group, its stdout into a pipe (*out_fd),
 * SIGINT, SIGTERM and SIGPIPE at their defaults. 0, or -1 with a message. */
static int spawn(const struct target_cmd *t, pid_t *pid, int *out_fd, char *err, size_t errlen)
{
    int pfd[2];
    if (pipe2(pfd, O_CLOEXEC) != 0)
        return errf(err, errlen, "pipe: %s", strerror(errno));
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, pfd[1], STDOUT_FILENO);
    if (t->stderr_path)
        posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, t->stderr_path,
                                         O_WRONLY | O_CREAT | O_TRUNC, 0600);
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
    fflush(NULL);
    int rc = posix_spawnp(pid, t->argv[0], &fa, &at, t->argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(pfd[1]);
    if (rc != 0) {
        close(pfd[0]);
        return errf(err, errlen, "cannot start '%s': %s", t->argv[0], strerror(rc));
    }
    *out_fd = pfd[0];
    return 0;
}

/* Line splitting of the target's output: whole lines go to on_line. */
struct line_reader {
    char *buf;
    size_t cap, used;
    target_line_fn on_line;
    void *ctx;
    struct target_ending *end;
};

static void deliver(struct line_reader *lr, const char *line, size_t len)
{
    if (!lr->end->lines++)
        printable_copy(lr->end->first_line, sizeof lr->end->first_line, line, len);
    lr->on_line(lr->ctx, line, len);
}

/* Hands every complete line in the buffer to on_line (at EOF, also a last
 * line without newline); a line longer than MAX_LINE is taken as it is. */
static void split_lines(struct line_reader *lr, int eof)
{
    size_t start = 0;
    for (size_t i = 0; i < lr->used; i++) {
        if (lr->buf[i] != '\n')
            continue;
        deliver(lr, lr->buf + start, i - start);
        start = i + 1;
    }
    memmove(lr->buf, lr->buf + start, lr->used - start);
    lr->used -= start;
    if (eof && lr->used) { /* a last line without newline */
        deliver(lr, lr->buf, lr->used);
        lr->used = 0;
    } else if (lr->used >= MAX_LINE) { /* no newline in sight: never a valid record */
        lr->end->lines++;
        lr->on_line(lr->ctx, lr->buf, lr->used);
        lr->used = 0;
    }
}

/* Why the target ended, in words, if not cleanly (exit status 0). */
static void classify(int status, struct stopper *stop, struct target_ending *end)
{
    end->signal = stop->signal;
    end->stopped = stop->why != NULL;
    end->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (stop->why)
        end->why = stop->why;
    else if (WIFSIGNALED(status))
        end->why = xasprintf("target killed by signal %d (%s)", WTERMSIG(status),
                             strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        end->why = xasprintf("target exited with status %d", WEXITSTATUS(status));
}

/* One running target (target.h: target_start / target_poll). */
struct target_proc {
    struct stopper stop;
    int fd; /* its stdout; -1 after EOF */
    struct line_reader lr;
    struct target_ending end;
};

/* Reads what the target's stdout has (poll said so); at EOF or on a read
 * error closes it. */
static void read_some(struct target_proc *p)
{
    struct line_reader *lr = &p->lr;
    if (lr->cap - lr->used < 4096) {
        lr->cap *= 2;
        lr->buf = xrealloc(lr->buf, lr->cap);
    }
    ssize_t n = read(p->fd, lr->buf + lr->used, lr->cap - lr->used);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n < 0)
        fprintf(stderr, "rtbench: reading the target: %s\n", strerror(errno));
    else
        lr->used += (size_t)n;
    split_lines(lr, n <= 0);
    if (n <= 0) {
        close(p->fd);
        p->fd = -1;
    }
}

/* After its stdout closed: 1 once the target has exited (reaped, its ending
 * described), else 0 (it may still run after closing its stdout). */
static int try_reap(struct target_proc *p)
{
    int status = 0;
    pid_t w = waitpid(p->stop.pid, &status, WNOHANG);
    if (w == 0 || (w < 0 && errno == EINTR))
        return 0;
    classify(status, &p->stop, &p->end);
    return 1;
}

/* SIGINT and SIGTERM are noted by on_signal while at least one target runs;
 * target_poll then stops every target. */
static unsigned running;
static struct sigaction old_int, old_term;

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
    got_signal = 0;
}

static void signals_release(void)
{
    if (running == 0 || --running > 0)
        return;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
}

int target_start(const struct target_cmd *t, unsigned timeout_s, target_line_fn on_line, void *ctx,
                 struct target_proc **out, char *err, size_t errlen)
{
    struct target_proc *p = xcalloc(1, sizeof *p);
    signals_catch();
    p->stop = (struct stopper){0, now_ms() + (long)timeout_s * 1000, 0, timeout_s, NULL, 0};
    if (got_signal) { /* rtbench was interrupted: start nothing more */
        p->stop.signal = got_signal;
        signals_release();
        free(p);
        return errf(err, errlen, "interrupted by %s", got_signal == SIGINT ? "SIGINT" : "SIGTERM");
    }
    if (spawn(t, &p->stop.pid, &p->fd, err, errlen) != 0) {
        signals_release();
        free(p);
        return -1;
    }
    p->lr = (struct line_reader){xmalloc(4096), 4096, 0, on_line, ctx, &p->end};
    *out = p;
    return 0;
}

/* The pollfds of the targets still reading (pf[i] for procs[i], fd -1 for
 * none), stopping those that are due; the longest wait before one of them
 * must be looked at again. */
static int poll_set(struct target_proc **procs, size_t n, struct pollfd *pf)
{
    long t = now_ms();
    int wait = POLL_MS;
    for (size_t i = 0; i < n; i++) {
        pf[i] = (struct pollfd){-1, POLLIN, 0};
        if (!procs[i])
            continue;
        stop_check(&procs[i]->stop, t);
        int w = REAP_MS;
        if (procs[i]->fd >= 0) {
            pf[i].fd = procs[i]->fd;
            w = poll_wait(&procs[i]->stop, t);
        }
        if (w < wait)
            wait = w;
    }
    return wait;
}

int target_poll(struct target_proc **procs, size_t n, struct target_ending *end)
{
    struct pollfd *pf = xcalloc(n ? n : 1, sizeof *pf);
    int pr = poll(pf, (nfds_t)n, poll_set(procs, n, pf));
    if (pr < 0 && errno != EINTR)
        fprintf(stderr, "rtbench: poll: %s\n", strerror(errno));
    for (size_t i = 0; pr > 0 && i < n; i++)
        if (pf[i].fd >= 0 && pf[i].revents)
            read_some(procs[i]);
    free(pf);
    for (size_t i = 0; i < n; i++) {
        struct target_proc *p = procs[i];
        if (!p || p->fd >= 0 || !try_reap(p))
            continue;
        *end = p->end;
        free(p->lr.buf);
        free(p);
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
