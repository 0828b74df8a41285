/*
 * Runs QEMU with its UART on a pseudo-terminal (-serial pty) for a test that
 * reads that terminal as a serial port, and keeps the terminal alive after
 * QEMU exits until the reader has closed it.
 *
 *   qemu-pty WAIT_MS QEMU ARGS...      (ARGS with -serial pty)
 *
 * Prints the terminal's path (/dev/pts/N) on stdout, one line, as soon as
 * QEMU has made it (QEMU's own stdout goes to stderr); exits with QEMU's exit
 * status (2 if it cannot do its job). SIGTERM or SIGINT kills QEMU.
 *
 * Why: a semihosting exit ends QEMU right after the guest's last byte, and
 * when the last holder of a pty's master side closes it, the kernel hangs up
 * the terminal side and drops what the reader has not read yet - on a busy
 * machine, the end of the run. So this helper takes a duplicate of QEMU's
 * master descriptor (pidfd_getfd on its child; QEMU 7.2 keeps only the master
 * open) and, once QEMU has exited, holds it until the reader has closed the
 * terminal side (POLLHUP on the master) or WAIT_MS have passed.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static volatile pid_t child;

static void kill_child(int sig)
{
    (void)sig;
    if (child > 0)
        kill(child, SIGKILL);
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* The number of QEMU's descriptor open on /dev/ptmx, or -1. */
static int find_master(pid_t pid)
{
    char dir[64], path[64 + 256], target[64];
    snprintf(dir, sizeof dir, "/proc/%d/fd", (int)pid);
    DIR *d = opendir(dir);
    int fd = -1;
    if (!d)
        return -1;
    for (struct dirent *e; fd < 0 && (e = readdir(d));) {
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        ssize_t n = readlink(path, target, sizeof target - 1);
        if (n > 0) {
            target[n] = '\0';
            if (strcmp(target, "/dev/ptmx") == 0)
                fd = atoi(e->d_name);
        }
    }
    closedir(d);
    return fd;
}

/* A duplicate of QEMU's pty master, waiting up to 10 s for QEMU to make it. */
static int take_master(pid_t pid)
{
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (pidfd < 0) {
        perror("qemu-pty: pidfd_open");
        return -1;
    }
    for (int tries = 0; tries < 1000; tries++) {
        int fd = find_master(pid);
        if (fd >= 0) {
            int m = (int)syscall(SYS_pidfd_getfd, pidfd, fd, 0);
            if (m < 0)
                perror("qemu-pty: pidfd_getfd");
            close(pidfd);
            return m;
        }
        if (waitpid(pid, NULL, WNOHANG) == pid)
            break;
        sleep_ms(10);
    }
    fprintf(stderr, "qemu-pty: QEMU made no pty (is -serial pty among its arguments?)\n");
    close(pidfd);
    return -1;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: qemu-pty WAIT_MS QEMU ARGS...\n");
        return 2;
    }
    long wait_ms = atol(argv[1]);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(STDERR_FILENO, STDOUT_FILENO); /* "char device redirected to ..." */
        execvp(argv[2], argv + 2);
        perror("qemu-pty: exec");
        _exit(127);
    }
    child = pid;
    signal(SIGTERM, kill_child);
    signal(SIGINT, kill_child);
    int master = pid > 0 ? take_master(pid) : -1;
    unsigned n;
    if (master < 0 || ioctl(master, TIOCGPTN, &n) != 0) {
        if (pid > 0)
            kill(pid, SIGKILL);
        return 2;
    }
    printf("/dev/pts/%u\n", n);
    fflush(stdout);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    struct pollfd pf = {master, POLLIN, 0};
    for (long waited = 0; waited < wait_ms; waited += 50) {
        char drop[256];
        if (poll(&pf, 1, 50) > 0) {
            if (pf.revents & POLLHUP)
                break; /* the reader closed the terminal side */
            if (read(master, drop, sizeof drop) < 0 && errno != EAGAIN && errno != EINTR)
                break;
        }
    }
    close(master);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
