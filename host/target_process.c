/*
 * rtbench host - running a target's process (target.h: target_run).
 *
 * The target is started with posix_spawnp (an argv, never a shell) in its
 * own process group, stdin from /dev/null, stdout into a pipe that is read
 * line by line as it arrives; its stderr passes through. At the deadline,
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

/* Reads FD until EOF (or a read error), stopping the target when due. */
static void read_output(int fd, struct stopper *stop, struct line_reader *lr)
{
    for (;;) {
        long t = now_ms();
        stop_check(stop, t);
        struct pollfd pf = {fd, POLLIN, 0};
        int pr = poll(&pf, 1, poll_wait(stop, t));
        if (pr < 0 && errno != EINTR) {
            fprintf(stderr, "rtbench run: poll: %s\n", strerror(errno));
            return;
        }
        if (pr <= 0)
            continue;
        if (lr->cap - lr->used < 4096) {
            lr->cap *= 2;
            lr->buf = xrealloc(lr->buf, lr->cap);
        }
        ssize_t n = read(fd, lr->buf + lr->used, lr->cap - lr->used);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n < 0) {
            fprintf(stderr, "rtbench run: reading the target: %s\n", strerror(errno));
            return;
        }
        lr->used += (size_t)n;
        split_lines(lr, n == 0);
        if (n == 0)
            return;
    }
}

/* Waits for the target to exit (it may still run after closing its
 * stdout), stopping it when due; its wait status. */
static int reap(struct stopper *stop)
{
    int status = 0;
    for (;;) {
        pid_t w = waitpid(stop->pid, &status, WNOHANG);
        if (w == stop->pid || (w < 0 && errno != EINTR))
            return status;
        stop_check(stop, now_ms());
        struct timespec ts = {0, 20 * 1000000L};
        nanosleep(&ts, NULL);
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

int target_run(const struct target_cmd *t, unsigned timeout_s, target_line_fn on_line, void *ctx,
               struct target_ending *end, char *err, size_t errlen)
{
    memset(end, 0, sizeof *end);
    /* Signals: noted, and the loops stop the target. */
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    got_signal = 0;
    struct stopper stop = {0, now_ms() + (long)timeout_s * 1000, 0, timeout_s, NULL, 0};
    int fd = -1, rc = spawn(t, &stop.pid, &fd, err, errlen);
    if (rc == 0) {
        struct line_reader lr = {xmalloc(4096), 4096, 0, on_line, ctx, end};
        read_output(fd, &stop, &lr);
        close(fd);
        free(lr.buf);
        classify(reap(&stop), &stop, end);
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    return rc;
}

void target_ending_free(struct target_ending *e)
{
    free(e->why);
    e->why = NULL;
}
