/*
 * rtbench host - the process kind of target (target/internal.h), run by
 * target/engine.c.
 *
 * A process target is started with fork and execvp (an argv, never a
 * shell) in its own process group, with SIGKILL as its parent-death signal
 * (it dies with rtbench, even when rtbench is killed by SIGKILL), stdin
 * from /dev/null, stdout into a pipe that is read line by line as it
 * arrives (lines.h); its stderr passes through. TARGET_LINGER_MS after its
 * output is complete (on_line said so) it is stopped, not a failure. Several
 * targets of any kind (a serial: port is the other, target/serial.c) run at
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
    int sig = target_interrupted();
    if (!stop->why && sig) {
        stop->signal = sig;
        stop->why = xasprintf("interrupted by %s", target_signal_name(sig));
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

/* target_start's way in: stopped TIMEOUT_S from now. */
static int process_start(struct target_proc *p, const struct target_cmd *t, unsigned timeout_s,
                         target_line_fn on_line, void *ctx, char *err, size_t errlen)
{
    return target_process_start(p, t, now_ms() + (long)timeout_s * 1000, timeout_s, on_line, ctx,
                                err, errlen);
}

const struct target_kind target_process_kind = {process_start, process_poll_set, process_ready,
                                                process_ended, process_release};
