/*
 * rtbench host - `--target serial:DEVICE[@BAUD]`: a board read on its serial
 * port, a kind of target (target/internal.h) beside the process targets
 * (target/process.c), polled by the same target_poll, feeding the same
 * target_line_fn, with the same timeout, signals and partial results.
 *
 * The port is opened first (target/serial_port.c: exclusive, raw 8N1, no flow
 * control), so nothing the board prints after a flash or a reset is lost;
 * then --flash and --reset run in that order (process targets of their own:
 * argvs, no shell, stdout and stderr kept and shown only if the command
 * fails) while the port is read;
 * then the port is read until the board is done: its end record (and, for
 * at most EXIT_GRACE_MS more, its "rtbench: exit N" line), an exit line,
 * the timeout, SIGINT/SIGTERM/SIGHUP, or the port going away (USB unplugged).
 *
 * Before the first header every line is the board's own (boot messages, the
 * tail of an earlier run): shown on stderr, never taken as a record; lines
 * that are not records still reach ON_LINE (the runner's "rtbench: error:"
 * line). Bytes before the header that are not text give one hint that the
 * baud rate may be wrong.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record_parser.h"
#include "target/net_port.h"
#include "target/serial_port.h"
#include "target/internal.h"
#include "util.h"

#define EXIT_GRACE_MS 500      /* after the end record, for the board's exit line */
#define MAX_SHOWN 40           /* board lines shown before the header */
#define SHOWN_WIDTH 160        /* characters of each */
#define STEP_OUTPUT_MAX 16384u /* the last bytes of a --flash/--reset output kept */

static const char EXIT_LINE[] = "rtbench: exit ";

/* --flash / --reset: NULL if not given; -1 with a message if empty. */
static int step_argv(const char *opt, const char *cmd, char ***argv, char *err, size_t errlen)
{
    size_t n;
    *argv = NULL;
    if (!cmd)
        return 0;
    *argv = target_split_words(cmd, &n);
    if (n == 0)
        return errf(err, errlen, "%s needs a command (PROG ARGS..., split on spaces)", opt);
    return 0;
}

int target_board_options(const struct target_options *opt, struct target_cmd *out, char *err,
                         size_t errlen)
{
    if (opt->filter || opt->iterations || opt->params || opt->samples)
        return errf(
            err, errlen,
            "--filter, --iterations, --params and --samples cannot reach a board over its serial "
            "port: build them into the image (-DRTB_CM_CMDLINE=\"--filter ...\", "
            "docs/ports/boards.md)");
    if (step_argv("--flash", opt->flash, &out->flash_argv, err, errlen) != 0 ||
        step_argv("--reset", opt->reset, &out->reset_argv, err, errlen) != 0) {
        target_cmd_free(out);
        return -1;
    }
    return 0;
}

/* serial:DEVICE[@BAUD]: SPEC is the text after "serial:". */
static int serial_resolve(const char *spec, const struct target_options *opt,
                          struct target_cmd *out, char *err, size_t errlen)
{
    const char *at = strrchr(spec, '@');
    size_t dev_len = at ? (size_t)(at - spec) : strlen(spec);
    uint64_t baud = SERIAL_DEFAULT_BAUD;
    if (dev_len == 0)
        return errf(err, errlen, "--target serial: needs a device (serial:/dev/ttyACM0[@115200])");
    if (at && (parse_u64(at + 1, &baud) != 0 || baud > UINT_MAX ||
               !serial_baud_supported((unsigned)baud)))
        return errf(err, errlen, "--target serial:%s: '%s' is not a baud rate (one of: %s)", spec,
                    at + 1, serial_baud_list());
    if (target_board_options(opt, out, err, errlen) != 0)
        return -1;
    out->serial_dev = xstrndup(spec, dev_len);
    out->baud = (unsigned)baud;
    out->source = xasprintf("serial:%s@%u", out->serial_dev, out->baud);
    out->kind = &target_serial_kind;
    return 0;
}

const struct target_type target_type_serial = {
    "serial:", "serial:DEVICE[@BAUD]", "a board on a serial port (115200 8N1 unless @BAUD)",
    1,         serial_resolve,
};

/* A --flash or --reset command while it runs. */
struct step {
    const char *opt; /* "--flash" */
    char **argv;
    struct target_proc *proc; /* the command, a process target; NULL when none runs */
    char *out;                /* the last STEP_OUTPUT_MAX bytes of its stdout and stderr */
    size_t len;
};

struct serial_session {
    const struct target_cmd *t;
    struct target_proc *p; /* the target this session is */
    struct serial_port port;
    struct net_port net; /* tcp:, rfc2217:// (t->net_host set): the connection instead */
    int in_use;          /* the server said the port is held by another client */
    target_line_fn on_line;
    void *ctx;
    long deadline;
    unsigned timeout_s;
    struct step step;         /* --flash or --reset while it runs */
    int steps_started;        /* of --flash, --reset (given or not) */
    unsigned long rx;         /* bytes received */
    unsigned long pre, noise; /* bytes of the lines before the header; of them, not text */
    unsigned long shown;      /* lines shown before the header */
    unsigned long stale;      /* valid records before the header: a run begun earlier */
    int header;               /* a valid header arrived */
    int hinted;               /* the baud-rate hint was given */
    int exit_status;          /* N of the board's "rtbench: exit N", -1 before */
    long end_at;              /* when the end record arrived, 0 before */
    char *gone;               /* how the port went away, NULL while it is there */
    char *why;                /* why the session ended early (target_ending.why) */
};

/* The record in LINE: its type ('H', 'R', 'N', 'F', 'E') if its checksum is
 * right, '?' if it carries the record tag but is not valid, 0 if no tag. */
static char record_type(const char *line, size_t len)
{
    static const char tag[] = "RTB1 ";
    for (size_t i = 0; i + sizeof tag - 1 < len; i++) {
        if (memcmp(line + i, tag, sizeof tag - 1) != 0)
            continue;
        const char *rec = line + i;
        size_t rlen = len - i;
        char type = rec[sizeof tag - 1];
        if (rlen <= sizeof tag || record_check_crc(rec, rlen) != 0 || !type ||
            !strchr("HRNFE", type) || rec[sizeof tag] != ' ')
            return '?';
        return type;
    }
    return 0;
}

static void noise_hint(struct serial_session *s)
{
    if (!s->noise || s->hinted)
        return;
    s->hinted = 1;
    fprintf(stderr,
            "rtbench run: %s: %lu of %lu bytes before the header were not text: the baud rate may "
            "be wrong (%u set; serial:DEVICE@BAUD sets another)\n",
            s->t->serial_dev, s->noise, s->pre, s->t->baud);
}

/* A line before the first header: counted for the noise hint and shown. */
static void board_line(struct serial_session *s, const char *line, size_t len)
{
    s->pre += len + 1;
    if (s->t->net_host && net_port_busy_line(line, len)) {
        s->in_use = 1; /* named when the server hangs up */
        return;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if (!(c == '\t' || c == '\r' || (c >= 0x20 && c < 0x7f)))
            s->noise++;
    }
    if (!len || s->shown > MAX_SHOWN)
        return;
    if (s->shown++ == MAX_SHOWN) {
        fprintf(stderr, "board: ... (more lines before the header, not shown)\n");
        return;
    }
    char text[SHOWN_WIDTH + 1];
    printable_copy(text, sizeof text, line, len);
    fprintf(stderr, "board: %s%s\n", text, len > SHOWN_WIDTH ? "..." : "");
}

/* Every line of the port (line_reader callback). */
static int on_port_line(void *ctx, const char *line, size_t len)
{
    struct serial_session *s = ctx;
    if (!line) /* longer than RTBH_LINE_MAX: dropped (the parser counts it) */
        return s->header ? s->on_line(s->ctx, NULL, len) : 0;
    while (len && line[len - 1] == '\r')
        len--;
    char type = record_type(line, len);
    if (!s->header && type != 'H') {
        board_line(s, line, len);
        if (type && type != '?')
            s->stale++;
        if (type) /* a record of an earlier run, or a damaged one: not this run's */
            return 0;
    } else if (type == 'H' && !s->header) {
        s->header = 1;
        noise_hint(s);
    }
    if (type == 'E' && s->header && !s->end_at)
        s->end_at = now_ms();
    size_t el = sizeof EXIT_LINE - 1;
    if (!type && len > el && len < el + 4 && memcmp(line, EXIT_LINE, el) == 0) {
        char digits[4] = "";
        memcpy(digits, line + el, len - el);
        uint64_t status;
        if (parse_u64(digits, &status) == 0 && status < 256)
            s->exit_status = (int)status;
    }
    return s->on_line(s->ctx, line, len);
}

/* A network port's read (the Telnet layer taken out): N > 0 bytes, 0 none,
 * -1 (errno) an error; EOF sets errno 0 for "hung up". */
static ssize_t read_net(struct serial_session *s)
{
    char buf[4096];
    int eof;
    ssize_t n = net_port_read(&s->net, buf, sizeof buf, &eof);
    if (n > 0)
        line_reader_feed(&s->p->lr, buf, (size_t)n);
    if (n == 0 && !eof) {
        errno = EAGAIN;
        return -1;
    }
    return n;
}

/* Reads what the port has; notes its disappearance. */
static void read_port(struct serial_session *s, short revents)
{
    ssize_t n = s->t->net_host ? read_net(s) : line_reader_read(&s->p->lr, s->port.fd);
    if (n > 0) {
        s->rx += (unsigned long)n;
    } else if (n == 0) {
        s->gone = xstrdup("hung up");
    } else if (errno != EINTR && errno != EAGAIN) {
        s->gone = xasprintf("read: %s", strerror(errno));
    } else if (s->t->net_host && (revents & (POLLHUP | POLLERR))) {
        s->gone = xstrdup("hung up"); /* a socket's POLLHUP may come with data left */
    } else if (revents & (POLLHUP | POLLERR | POLLNVAL)) {
        s->gone = xstrdup("hung up");
    }
}

static char *timeout_why(const struct serial_session *s)
{
    const char *dev = s->t->serial_dev;
    if (!s->rx)
        return xasprintf("timeout after %u s: nothing received from %s at %u baud (is the board "
                         "running, on this port? --reset restarts it)",
                         s->timeout_s, dev, s->t->baud);
    if (!s->header)
        return xasprintf("timeout after %u s: no rtbench header from %s at %u baud (%lu bytes "
                         "received%s)",
                         s->timeout_s, dev, s->t->baud, s->rx,
                         s->stale ? ", records of a run begun before the port was opened: "
                                    "--reset restarts the board"
                                  : "");
    return xasprintf("timeout after %u s waiting for the end record from %s (%u baud)",
                     s->timeout_s, dev, s->t->baud);
}

/* Why the port went away before the end record. */
static char *gone_why(const struct serial_session *s)
{
    const char *name = s->t->serial_dev;
    if (s->in_use)
        return xasprintf("%s: port already in use (another client holds it)", name);
    if (s->t->net_host)
        return xasprintf("connection to %s dropped (%s)", name,
                         strcmp(s->gone, "hung up") ? s->gone : "closed by the server");
    return xasprintf("serial port %s disappeared (%s)", name, s->gone);
}

/* 1 when the session is over at time T (why set if it ended early). */
static int session_over(struct serial_session *s, long t)
{
    int sig = target_interrupted();
    if (sig) {
        s->p->end.signal = sig;
        s->p->end.stopped = 1;
        s->why = xasprintf("interrupted by %s", target_signal_name(sig));
    } else if (s->gone) {
        if (!s->end_at) /* after the end record, a board that goes away is done */
            s->why = gone_why(s);
    } else if (s->exit_status < 0 && !(s->end_at && t - s->end_at >= EXIT_GRACE_MS)) {
        if (t < s->deadline)
            return 0;
        s->p->end.stopped = 1;
        s->why = timeout_why(s);
    }
    return 1;
}

static int session_wait(const struct serial_session *s, long t)
{
    long wait = s->deadline - t;
    if (s->end_at && s->end_at + EXIT_GRACE_MS - t < wait)
        wait = s->end_at + EXIT_GRACE_MS - t;
    if (wait > TARGET_POLL_MS)
        wait = TARGET_POLL_MS;
    return wait < 0 ? 0 : (int)wait;
}

/* A line of what the step printed: its last STEP_OUTPUT_MAX bytes are kept. */
static int step_line(void *ctx, const char *line, size_t len)
{
    struct step *st = ctx;
    if (!line) /* longer than RTBH_LINE_MAX: its bytes were dropped */
        return 0;
    st->out = xrealloc(st->out, st->len + len + 2);
    memcpy(st->out + st->len, line, len);
    st->len += len;
    st->out[st->len++] = '\n';
    if (st->len > STEP_OUTPUT_MAX) {
        memmove(st->out, st->out + st->len - STEP_OUTPUT_MAX, STEP_OUTPUT_MAX);
        st->len = STEP_OUTPUT_MAX;
    }
    return 0;
}

/* Starts the next of --flash and --reset given: 0 it runs, 1 none is left,
 * -1 it cannot start (the message in ERR if ERR, else in s->why). */
static int step_start(struct serial_session *s, char *err, size_t errlen)
{
    static const char *const opts[2] = {"--flash", "--reset"};
    char **argvs[2] = {s->t->flash_argv, s->t->reset_argv};
    while (s->steps_started < 2 && !argvs[s->steps_started])
        s->steps_started++;
    if (s->steps_started == 2)
        return 1;
    int i = s->steps_started++;
    struct target_cmd cmd = {.argv = argvs[i], .merge_stderr = 1};
    struct step *st = &s->step;
    *st = (struct step){opts[i], argvs[i], xcalloc(1, sizeof *st->proc), NULL, 0};
    char why[256];
    if (target_process_start(st->proc, &cmd, s->deadline, s->timeout_s, step_line, st, why,
                             sizeof why) == 0)
        return 0;
    free(st->proc);
    st->proc = NULL;
    if (err)
        return errf(err, errlen, "%s: %s", opts[i], why);
    s->why = xasprintf("%s: %s", opts[i], why);
    return -1;
}

/* "--reset 'nrfjprog --reset'" for messages. */
static char *step_name(const struct step *st)
{
    size_t len = 0;
    for (char **a = st->argv; *a; a++)
        len += strlen(*a) + 1;
    char *cmd = xmalloc(len + 1), *p = cmd;
    for (char **a = st->argv; *a; a++)
        p += sprintf(p, "%s%s", p == cmd ? "" : " ", *a);
    *p = '\0';
    char *name = xasprintf("%s '%s'", st->opt, cmd);
    free(cmd);
    return name;
}

/* After the step ended: 0 to go on, 1 if the session ends here (why set;
 * a failed command's output shown). The step is freed. */
static int step_done(struct serial_session *s)
{
    struct step *st = &s->step;
    struct target_ending *e = &st->proc->end;
    char *name = step_name(st);
    int over = e->why != NULL;
    if (e->stopped) { /* a signal or the timeout stopped it */
        s->why = xasprintf("%s: %s", name, e->why);
        s->p->end.signal = e->signal;
        s->p->end.stopped = 1;
    } else if (e->why) {
        char *how = e->exit_status >= 0 ? xasprintf("exit status %d", e->exit_status)
                                        : xstrdup(e->why + (strncmp(e->why, "target ", 7) ? 0 : 7));
        fprintf(stderr, "rtbench run: %s failed (%s); its output:\n", name, how);
        fwrite(st->out ? st->out : "(none)\n", 1, st->out ? st->len : 7, stderr);
        s->why = xasprintf("%s failed (%s)", name, how);
        free(how);
    }
    free(name);
    target_ending_free(e);
    target_proc_free(st->proc);
    free(st->out);
    memset(st, 0, sizeof *st);
    return over;
}

/* The session is over: the port closed (its settings restored), the last
 * line handed over, its ending described. */
static void session_finish(struct serial_session *s)
{
    serial_port_close(&s->port);
    net_port_close(&s->net);
    line_reader_finish(&s->p->lr);
    if (!s->header)
        noise_hint(s);
    if (!s->why && s->exit_status > 0)
        s->why = xasprintf("board exited with status %d", s->exit_status);
    s->p->end.why = s->why;
    s->p->end.exit_status = s->exit_status;
    s->why = NULL;
}

static void serial_poll_set(struct target_proc *p, long t, struct pollfd *pf, int *wait)
{
    struct serial_session *s = p->serial;
    if (!s->gone)
        pf[0].fd = s->t->net_host ? s->net.fd : s->port.fd;
    if (s->step.proc) {
        target_process_kind.poll_set(s->step.proc, t, pf + 1, wait);
        return;
    }
    int w = session_wait(s, t);
    if (w < *wait)
        *wait = w;
}

static void serial_ready(struct target_proc *p, const struct pollfd *pf)
{
    struct serial_session *s = p->serial;
    if (!s->gone && pf[0].fd >= 0 && pf[0].revents)
        read_port(s, pf[0].revents);
    if (s->step.proc)
        target_process_kind.ready(s->step.proc, pf + 1);
}

static int serial_ended(struct target_proc *p)
{
    struct serial_session *s = p->serial;
    if (s->step.proc) {
        if (!target_process_kind.ended(s->step.proc))
            return 0;
        if (!step_done(s) && step_start(s, NULL, 0) >= 0)
            return 0; /* the next step runs, or the port is read alone */
    } else if (!session_over(s, now_ms())) {
        return 0;
    }
    session_finish(s);
    return 1;
}

static void serial_release(struct target_proc *p)
{
    struct serial_session *s = p->serial;
    if (s->step.proc) { /* only if freed before its end */
        target_proc_free(s->step.proc);
        free(s->step.out);
    }
    serial_port_close(&s->port);
    net_port_close(&s->net);
    free(s->gone);
    free(s->why);
    free(s);
    p->serial = NULL;
}

static int serial_start(struct target_proc *p, const struct target_cmd *t, unsigned timeout_s,
                        target_line_fn on_line, void *ctx, char *err, size_t errlen)
{
    struct serial_session *s = xcalloc(1, sizeof *s);
    *s = (struct serial_session){.t = t, .p = p, .on_line = on_line, .ctx = ctx};
    s->timeout_s = timeout_s;
    s->exit_status = -1;
    s->port.fd = s->net.fd = -1;
    if (t->net_host ? net_port_open(&s->net, t->net_host, t->net_service, t->net_rfc2217, t->baud,
                                    err, errlen)
                    : serial_port_open(&s->port, t->serial_dev, t->baud, err, errlen)) {
        free(s);
        return -1;
    }
    p->kind = &target_serial_kind;
    p->serial = s;
    p->fd = -1;
    s->deadline = now_ms() + (long)timeout_s * 1000;
    line_reader_init(&p->lr, on_port_line, s, &p->end);
    p->lr.log = t->log;
    if (step_start(s, err, errlen) < 0) {
        serial_release(p);
        line_reader_free(&p->lr);
        return -1;
    }
    return 0;
}

const struct target_kind target_serial_kind = {serial_start, serial_poll_set, serial_ready,
                                               serial_ended, serial_release};
