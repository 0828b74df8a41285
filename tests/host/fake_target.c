/*
 * A fake rtbench target for the host tests: prints real records (built with
 * the target core's record.c, so the CRCs are computed, never pasted) and
 * then misbehaves as asked. It is also the tests' one record writer (sign).
 *
 *   rtbench-fake-target MODE [N] [DELAY_MS] [TAG]
 *     good       header, N results (one n/a, one FAILED among them when N >= 4), end
 *     old        like good, in the format of an older target: results not numbered
 *     hang       header, N results, "rtbench: running" the next, then sleeps forever
 *     linger     like good, then sleeps forever with its stdout open
 *     flood      header, then junk lines as fast as it can, forever
 *     stubborn   like hang, but ignores SIGTERM (needs SIGKILL)
 *     crash      header, N results, then SIGSEGV
 *     garbage    text only, no record, exit 0
 *     corrupt    like good, but the second result has one byte changed
 *     truncated  header, N results, no end record, exit 0
 *     mismatch   header, N results, end record claiming N+2
 *     two        two complete runs in one stream
 *     exit3      like good, then exit status 3
 *     maxrss     not a target: maxrss CMD ARGS... runs CMD and prints its peak
 *                resident memory and CPU time ("maxrss_kb=N", "cpu_ms=N") on
 *                stderr; exits as CMD did
 *     sign       not a target: copies standard input to standard output,
 *                each line that starts with "RTB1 " completed with its
 *                checksum (" *<crc32>"): how the tests write records
 *   DELAY_MS: sleep between records (default 0). TAG is ignored: it lets a
 *   test find its own target in the process list.
 */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtb/record.h"

static unsigned delay_ms;
static int numbered = 1; /* results carry seq= and hdr= (0: an older target) */
static char hdr_tag[9];  /* the header's CRC */

static void emit(struct rtb_rec *r, int corrupt)
{
    int len = rtb_rec_end(r);
    if (len < 0) {
        fputs("fake_target: record overflow\n", stderr);
        exit(99);
    }
    if (corrupt)
        r->buf[10] ^= 0x01;
    fwrite(r->buf, 1, (size_t)len, stdout);
    fflush(stdout);
    if (delay_ms) {
        struct timespec ts = {delay_ms / 1000, (long)(delay_ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
    }
}

static void header(unsigned count)
{
    char buf[640];
    struct rtb_rec r;
    rtb_rec_begin(&r, buf, sizeof buf, 'H');
    rtb_rec_str(&r, "rtbench", "0.1.0");
    rtb_rec_str(&r, "port", "fake");
    rtb_rec_str(&r, "kernel", "FakeOS");
    rtb_rec_str(&r, "kver", "1.2 beta");
    rtb_rec_str(&r, "board", "test-board");
    rtb_rec_str(&r, "cpu", "none");
    rtb_rec_u64(&r, "hz", 1000000000u);
    rtb_rec_u64(&r, "bits", 64);
    rtb_rec_str(&r, "unit", "cycles");
    rtb_rec_u64(&r, "ns_num", 1);
    rtb_rec_u64(&r, "ns_den", 2);
    rtb_rec_str(&r, "clock", "hw");
    rtb_rec_u64(&r, "iters", 100);
    rtb_rec_u64(&r, "count", count);
    if (numbered)
        rtb_rec_u64(&r, "seq", 1);
    emit(&r, 0);
    memcpy(hdr_tag, r.buf + r.len - 9, 8);
}

/* seq= and hdr= of result I (0-based), in a numbered run. */
static void number(struct rtb_rec *r, unsigned i)
{
    if (!numbered)
        return;
    rtb_rec_u64(r, "seq", i + 1);
    rtb_rec_str(r, "hdr", hdr_tag);
}

static void result(unsigned i, unsigned total, int corrupt)
{
    char buf[640], id[64], line[256];
    struct rtb_rec r;
    snprintf(id, sizeof id, "fake.op%u.k_to_k", i);
    if (total >= 4 && i == 2) {
        printf("%-40s - %-50s : n/a : no such object\n", id, "Fake n/a operation");
        rtb_rec_begin(&r, buf, sizeof buf, 'N');
        rtb_rec_str(&r, "id", id);
        rtb_rec_str(&r, "reason", "no such object");
    } else if (total >= 4 && i == 3) {
        rtb_rec_begin(&r, buf, sizeof buf, 'F');
        rtb_rec_str(&r, "id", id);
        rtb_rec_i64(&r, "err", -3);
        rtb_rec_str(&r, "name", "timeout");
        rtb_rec_i64(&r, "native", 0);
    } else {
        unsigned base = 100 * (i + 1);
        snprintf(line, sizeof line, "%-40s - %-50s : %7u cycles , %7u ns :", id, "Fake operation",
                 base, base / 2);
        puts(line);
        rtb_rec_begin(&r, buf, sizeof buf, 'R');
        rtb_rec_str(&r, "id", id);
        rtb_rec_u64(&r, "n", 100);
        rtb_rec_u64(&r, "min", base - 10);
        rtb_rec_u64(&r, "max", base + 50);
        rtb_rec_milli(&r, "mean", (uint64_t)base * 1000u + 250u);
        rtb_rec_milli(&r, "sd", 3500);
        rtb_rec_u64(&r, "p50", base);
        rtb_rec_u64(&r, "p90", base + 5);
        rtb_rec_u64(&r, "p99", base + 20);
        rtb_rec_u64(&r, "p999", base + 50);
        rtb_rec_str(&r, "flags", i == 1 ? "clamped,nosched" : "");
    }
    number(&r, i);
    emit(&r, corrupt);
}

static void end(unsigned records)
{
    char buf[64];
    struct rtb_rec r;
    rtb_rec_begin(&r, buf, sizeof buf, 'E');
    rtb_rec_u64(&r, "records", records);
    rtb_rec_i64(&r, "status", 0);
    if (numbered)
        rtb_rec_str(&r, "hdr", hdr_tag);
    emit(&r, 0);
}

static void run(unsigned n, int corrupt_second)
{
    header(n);
    for (unsigned i = 0; i < n; i++)
        result(i, n, corrupt_second && i == 1);
}

/* Standard input to standard output, "RTB1 ..." lines signed. */
static int sign(void)
{
    char line[8192];
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, "\n");
        line[len] = '\0';
        if (strncmp(line, RTB_RECORD_TAG " ", 5) != 0) {
            puts(line);
            continue;
        }
        line[len++] = ' ';
        printf("%.*s*%08lx\n", (int)len, line, (unsigned long)rtb_crc32(0, line, len));
    }
    return ferror(stdin) ? 2 : 0;
}

/* Runs ARGV, then says its peak resident memory. */
static int maxrss(char **argv)
{
    pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
        return 99;
    fprintf(stderr, "maxrss_kb=%ld\ncpu_ms=%ld\n", ru.ru_maxrss,
            (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000 +
                (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: rtbench-fake-target MODE [N] [DELAY_MS]\n", stderr);
        return 2;
    }
    const char *mode = argv[1];
    if (strcmp(mode, "sign") == 0)
        return sign();
    if (strcmp(mode, "maxrss") == 0 && argc > 2)
        return maxrss(argv + 2);
    unsigned n = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 5;
    delay_ms = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 10) : 0;
    puts("fake target booting");
    if (strcmp(mode, "old") == 0) {
        numbered = 0;
        mode = "good";
    }
    if (strcmp(mode, "linger") == 0) {
        run(n, 0);
        end(n);
        for (;;)
            pause();
    }
    if (strcmp(mode, "flood") == 0) {
        header(n);
        for (;;)
            puts("RTB1 x flood of junk that is no record at all, as fast as it can be written");
    }
    if (strcmp(mode, "good") == 0 || strcmp(mode, "exit3") == 0) {
        run(n, 0);
        end(n);
        return strcmp(mode, "exit3") == 0 ? 3 : 0;
    }
    if (strcmp(mode, "corrupt") == 0) {
        run(n, 1);
        end(n);
        return 0;
    }
    if (strcmp(mode, "stubborn") == 0)
        signal(SIGTERM, SIG_IGN);
    if (strcmp(mode, "hang") == 0 || strcmp(mode, "stubborn") == 0) {
        run(n, 0);
        printf("rtbench: running fake.op%u.k_to_k\n", n);
        fflush(stdout);
        for (;;)
            pause();
    }
    if (strcmp(mode, "crash") == 0) {
        run(n, 0);
        signal(SIGSEGV, SIG_DFL); /* die by the signal even under ASan's handler */
        raise(SIGSEGV);
        return 0;
    }
    if (strcmp(mode, "garbage") == 0) {
        puts("hello world");
        puts("RTB1 this is not a record");
        puts("*** no records here ***");
        return 0;
    }
    if (strcmp(mode, "truncated") == 0) {
        run(n, 0);
        return 0;
    }
    if (strcmp(mode, "mismatch") == 0) {
        run(n, 0);
        end(n + 2);
        return 0;
    }
    if (strcmp(mode, "two") == 0) {
        run(n, 0);
        end(n);
        run(n, 0);
        end(n);
        return 0;
    }
    fprintf(stderr, "rtbench-fake-target: unknown mode '%s'\n", mode);
    return 2;
}
