/*
 * rtbench host - what the target kinds share, private to host/target/:
 * one running target (struct target_proc) behind a small table of functions
 * (struct target_kind), so that target_poll (target/engine.c) waits on every
 * target's descriptors in one poll() whatever its kind - a process's stdout
 * (target/process.c) or a serial port and the --flash/--reset command it
 * runs (target/serial.c); the signals that stop them (target/signals.c);
 * stopping a command at a deadline or on a signal; splitting a byte stream
 * into lines for a target_line_fn (target/line_reader.c).
 */
#ifndef RTBH_TARGET_INTERNAL_H
#define RTBH_TARGET_INTERNAL_H

#include <poll.h>
#include <stddef.h>
#include <sys/types.h>

#include "lines.h"
#include "target/target.h"

#define TARGET_KILL_GRACE_MS 2000 /* SIGTERM, then SIGKILL this much later */
#define TARGET_POLL_MS 200        /* longest poll() before a signal is looked at again */
#define TARGET_MAX_FDS 2          /* pollfds of one target (a serial port and its command) */

/* "SIGINT", "SIGTERM" or "SIGHUP" (target_interrupted's signals). */
const char *target_signal_name(int sig);
/* While at least one target runs (a catch for each start, a release for each
 * end), SIGINT, SIGTERM and SIGHUP are caught and noted for
 * target_interrupted; the first catch clears what an earlier run noted. */
void target_signals_catch(void);
void target_signals_release(void);

/* Stopping a started command: on a caught signal or at the deadline, SIGTERM
 * to its process group, SIGKILL TARGET_KILL_GRACE_MS later. */
struct stopper {
    pid_t pid;
    long deadline; /* ms, CLOCK_MONOTONIC (now_ms) */
    long linger;   /* when it must have ended after its output was complete; 0: not */
    long kill_at;  /* when SIGKILL follows SIGTERM; 0 if not pending */
    unsigned timeout_s;
    char *why;  /* why it was stopped ("timeout after 300 s", "interrupted by SIGINT"); NULL while
                   it was not (owned) */
    int signal; /* the signal that interrupted rtbench, 0 if none */
};

/* Line splitting (lines.h): every line read goes to on_line, counted in
 * END; a line longer than RTBH_LINE_MAX goes as LINE NULL and its length. */
struct line_reader {
    struct line_splitter split;
    target_line_fn on_line;
    void *ctx;
    struct target_ending *end; /* lines and first_line are counted here */
    int complete;              /* on_line's word on the last line: the output is complete */
    struct target_log *log;    /* every byte read also written here (--log), or NULL */
};
void line_reader_init(struct line_reader *lr, target_line_fn on_line, void *ctx,
                      struct target_ending *end);
/* One read() of FD (poll said it is readable): the bytes to the log, if any,
 * then every complete line goes to on_line. Its result: >0 bytes read, 0 end of file, -1 (errno) an
 * error. */
ssize_t line_reader_read(struct line_reader *lr, int fd);
/* N bytes read elsewhere (a network port's data): to the log, then into lines. */
void line_reader_feed(struct line_reader *lr, const char *buf, size_t n);
/* At the end of the stream: a last line without newline goes to on_line. */
void line_reader_finish(struct line_reader *lr);
void line_reader_free(struct line_reader *lr);

/* One running target (target/target.h: target_start, target_poll). */
struct target_proc;
struct target_kind {
    /* Starts T into P (sets P->kind), to be stopped TIMEOUT_S from now: 0,
     * or -1 with a one-line message (P then holds nothing). */
    int (*start)(struct target_proc *p, const struct target_cmd *t, unsigned timeout_s,
                 target_line_fn on_line, void *ctx, char *err, size_t errlen);
    /* Its pollfds at time T into PF[0..TARGET_MAX_FDS-1] (fd -1: unused),
     * after stopping what is due; *WAIT lowered to the longest poll() before
     * it must be looked at again. */
    void (*poll_set)(struct target_proc *p, long t, struct pollfd *pf, int *wait);
    /* PF as poll_set left them, with poll()'s revents: reads what is there. */
    void (*ready)(struct target_proc *p, const struct pollfd *pf);
    /* 1 once it has ended (p->end described), else 0. */
    int (*ended)(struct target_proc *p);
    /* Frees what the kind holds (the proc itself is freed by the caller). */
    void (*release)(struct target_proc *p);
};
struct serial_session;
struct target_proc {
    const struct target_kind *kind;
    struct line_reader lr;
    struct target_ending end;
    struct stopper stop;           /* a process: the command */
    int fd;                        /* a process: its stdout, -1 after end of file */
    struct serial_session *serial; /* a serial: target (target/serial.c) */
};

/* The process kind (target/process.c): starts T's argv (looked up in PATH,
 * never a shell) in a new process group, stdin /dev/null, stdout into a
 * pipe read line by line into ON_LINE, stderr into the same pipe if
 * T->merge_stderr, else into T->stderr_path if set, else passed through;
 * stopped at DEADLINE (ms) as "timeout after TIMEOUT_S s". 0, or -1 with
 * "cannot start 'PROG': REASON" in err. */
extern const struct target_kind target_process_kind;
int target_process_start(struct target_proc *p, const struct target_cmd *t, long deadline,
                         unsigned timeout_s, target_line_fn on_line, void *ctx, char *err,
                         size_t errlen);
/* Frees a proc that target_poll does not own (its kind's part, its lines). */
void target_proc_free(struct target_proc *p);

/* The serial kind (target/serial.c): its start opens the port, starts
 * --flash (or --reset), and is polled like a process; it fails with a
 * message when the port is missing, busy, not a terminal or refuses the
 * rate, or the first command cannot start. */
extern const struct target_kind target_serial_kind;
/* What every board target (serial:, tcp:, rfc2217://) takes of OPT: --flash
 * and --reset into OUT's argvs; --filter, --iterations, --params refused (a
 * board has no command line). 0, or -1 with the one-line message. */
int target_board_options(const struct target_options *opt, struct target_cmd *out, char *err,
                         size_t errlen);

#endif /* RTBH_TARGET_INTERNAL_H */
