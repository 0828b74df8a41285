/*
 * The far end of a serial line for the host tests: a board that is not
 * there, played on a pseudo-terminal.
 *
 *   rtbench-pty-peer [HOLD_MS [WAIT_MS [GO_FILE]]] <DATA
 *
 * Opens a pseudo-terminal and prints the path of its terminal side (the
 * "serial port", /dev/pts/N) on stdout, one line. Waits (at most WAIT_MS,
 * default 20000) until a reader has put that side in raw mode - what
 * `rtbench run --target serial:` does once it has opened the port, so that
 * nothing is written before it listens -, then writes standard input to it,
 * keeps it open HOLD_MS (default 0) and closes it: to the reader, the
 * device is gone (as when a USB adapter is unplugged). With GO_FILE, it
 * also waits for that file to exist (a board that starts on --reset, made
 * by the reset command: a reader that sets the line after opening it, as
 * ser2net does for RFC 2217, flushes what came before). Exit 0, or 1 if no
 * reader came.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

/* 1 once the terminal side is raw (termios of a pty's master are those of
 * its terminal side). */
static int is_raw(int master)
{
    struct termios t;
    return tcgetattr(master, &t) == 0 && !(t.c_lflag & (ICANON | ECHO));
}

static int copy_input(int master)
{
    char buf[4096];
    ssize_t n;
    while ((n = read(STDIN_FILENO, buf, sizeof buf)) > 0)
        for (ssize_t off = 0; off < n;) {
            ssize_t w = write(master, buf + off, (size_t)(n - off));
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0) {
                perror("rtbench-pty-peer: write");
                return -1;
            }
            off += w;
        }
    return 0;
}

int main(int argc, char **argv)
{
    long hold_ms = argc > 1 ? atol(argv[1]) : 0, wait_ms = argc > 2 ? atol(argv[2]) : 20000;
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        perror("rtbench-pty-peer: posix_openpt");
        return 2;
    }
    printf("%s\n", ptsname(master));
    fflush(stdout);
    long waited = 0;
    const char *go = argc > 3 ? argv[3] : NULL;
    while ((!is_raw(master) || (go && access(go, F_OK) != 0)) && waited < wait_ms) {
        sleep_ms(10);
        waited += 10;
    }
    if (!is_raw(master)) {
        fprintf(stderr, "rtbench-pty-peer: no reader put %s in raw mode within %ld ms\n",
                ptsname(master), wait_ms);
        return 1;
    }
    int rc = copy_input(master);
    sleep_ms(hold_ms);
    close(master);
    return rc ? 2 : 0;
}
