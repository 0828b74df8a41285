/*
 * rtbench host - targets: turning a --target spec into a command to start
 * (target/target.c through the kind table, target/targets.c: host, cmd:,
 * qemu:, serial:, one file each) and running it (target/engine.c, whatever
 * the kind; a process is target/process.c, a serial: port target/serial.c).
 *   host       the POSIX target next to this binary (build/rtbench-posix)
 *   cmd:ARGS   any command (split on spaces, no shell) printing rtbench records
 *   qemu:BOARD a Cortex-M image under QEMU (target/qemu.c)
 *   serial:DEVICE[@BAUD]  a board on a serial port (target/serial.c): no
 *              process; the port is read directly, after the optional --flash
 *              and --reset commands (run like targets: no shell)
 *   tcp:HOST:PORT, rfc2217://HOST:PORT[@BAUD]  the same board's port served
 *              on the network (ser2net, a labgrid exporter: target/net.c)
 */
#ifndef RTBH_TARGET_H
#define RTBH_TARGET_H

#include <stddef.h>

struct target_kind;

/* --log FILE: every byte the target prints on stdout (a serial: target: every
 * byte of its port) also written to FD as it arrives, lines the parser rejects
 * included. */
struct target_log {
    int fd;
    int error; /* errno of the first write that failed (nothing more is written), else 0 */
};

struct target_cmd {
    char **argv;       /* NULL-terminated, heap-allocated */
    char *source;      /* stored as run.source ("host", "qemu:mps2-an385", ...) */
    char **extra_hdr;  /* NULL-terminated key,value,key,value... added to the run header (ram, rom,
                          icount) */
    char *stderr_path; /* the target's stderr into this file (NULL: passed through) */
    char *cwd;         /* the folder it runs in (NULL: rtbench's) */
    int merge_stderr;  /* its stderr into the pipe of its stdout (a --flash/--reset command) */
    /* serial:DEVICE[@BAUD] (argv is NULL): the port, its rate, and the
     * commands run once it is open (NULL-terminated argvs, or NULL) */
    char *serial_dev;
    unsigned baud;
    /* tcp:HOST:PORT, rfc2217://HOST:PORT[@BAUD] (target/net.c): the serial
     * kind on a connection instead (serial_dev is then "HOST:PORT") */
    char *net_host, *net_service;
    int net_rfc2217;
    char **flash_argv, **reset_argv;
    struct target_log *log; /* --log, or NULL (set by the caller after target_resolve) */
    /* how it runs (target/internal.h), set by its resolver: NULL a process */
    const struct target_kind *kind;
};

/* What `rtbench run` asks of the suite on the target, passed as the target
 * understands it (rtbench-posix's options, a QEMU image's command line). */
struct target_options {
    const char *filter;  /* id globs, or NULL */
    unsigned iterations; /* 0 = the target's default */
    const char *params;  /* run-time parameters "key=value,...", or NULL */
    int icount;          /* qemu: run under -icount (deterministic) */
    int no_build;        /* qemu: take the image as it is (the caller had it brought up to
                            date already: one build for every point of a sweep) */
    const char *flash;   /* serial: --flash and --reset commands (split on spaces like cmd:, */
    const char *reset;   /* no shell), run in this order once the port is open; or NULL */
    int samples;         /* --samples: every sample of each result (S records) */
};

/* A kind of --target spec: one file each (target/<kind>.c), listed in one
 * table (target/targets.c, NULL-terminated, in the order --help lists them). */
struct target_type {
    const char *prefix; /* "qemu:" (ends in ':': followed by its argument) or "host" (the spec) */
    const char *usage;  /* "qemu:BOARD" */
    const char *what;   /* one line for --help */
    int serial_options; /* it takes --flash and --reset */
    /* REST is the spec after the prefix; OUT is zeroed. 0, or -1 with a
     * one-line message in err. */
    int (*resolve)(const char *rest, const struct target_options *opt, struct target_cmd *out,
                   char *err, size_t errlen);
};
extern const struct target_type *const target_types[];
/* "host, cmd:PROG ARGS..., ..." (every usage in the table) into BUF. */
void target_type_list(char *buf, size_t len);

/* Resolve `spec` with the run's options appended as the target understands
 * them. 0, or -1 with a one-line message in err. */
int target_resolve(const char *spec, const struct target_options *opt, struct target_cmd *out,
                   char *err, size_t errlen);
void target_cmd_free(struct target_cmd *c);
/* --flash and --reset belong to board targets (serial:, tcp:, rfc2217://):
 * 0 when OPT has neither or SPEC is one, else -1 with the one-line message. */
int target_check_serial_options(const char *spec, const struct target_options *opt, char *err,
                                size_t errlen);

/* ARGS split on spaces into a NULL-terminated argv (*n words; NULL if none). */
char **target_split_words(const char *args, size_t *n);

/* qemu:BOARD (target/qemu.c): build the image if needed, return the QEMU argv. */
int target_qemu_resolve(const char *board, const struct target_options *opt, struct target_cmd *out,
                        char *err, size_t errlen);
/* qemu:BOARD running the image ELF as it is (no build): the same argv and header
 * keys as target_qemu_resolve gives for the board's own image. */
int target_qemu_resolve_elf(const char *board, const char *elf, const struct target_options *opt,
                            struct target_cmd *out, char *err, size_t errlen);
/* BOARD known to QEMU and the run's options fit its images (filter, params,
 * iterations, the command line's length): 0, or -1 with a message. */
int target_qemu_check(const char *board, const struct target_options *opt, char *err,
                      size_t errlen);

/* qemu:BOARD for `rtbench run --cycle-model` (target/qemu.c): PLAIN is what
 * target_qemu_resolve gives (the image whose figures are stored); MARKED runs
 * the board's image with the cycle model's marks (rtbench-<board>-cm.elf)
 * under the plugin, with PLUGIN_ARGS ("core=cortex-m3,ws=0"), its result in
 * RESULT_PATH, the plugin's messages in PLUGIN_LOG, QEMU's stderr in
 * STDERR_LOG. Both images are
 * brought up to date by one build. The plugin is $RTBENCH_CYCLE_PLUGIN, else
 * librtbench-cycle-model.so in the build tree. *ISA gets the board's
 * architecture profile (board.cmake's RTB_BOARD_ISA). 0, or -1 with a message. */
struct cycle_target {
    const char *plugin_args, *result_path, *plugin_log, *stderr_log;
};
int target_qemu_resolve_cycle(const char *board, const struct target_options *opt,
                              const struct cycle_target *ct, struct target_cmd *plain,
                              struct target_cmd *marked, const char **isa, char *err,
                              size_t errlen);
/* qemu:BOARD --kernel NAME=TREE (target/kernel.c): NAME's check application
 * (<rtbench source>/ports/NAME/app/, or $RTBENCH_KERNEL_APPS/NAME/app/) with
 * BOARD in its boards.txt, TREE a folder or an archive (.tar.xz, .tar.gz,
 * .tgz, .tar) unpacked once under <build>/kernels/src/, configured in
 * <build>/kernels/NAME-BOARD/ if not yet for this tree and board, built, and
 * the images its rtbench-images.txt lists. 0, or -1 with a one-line message. */
struct kernel_images {
    char **elf; /* the images to run, absolute paths in order (n of them) */
    size_t n;
    char *tree_arg; /* TREE as an absolute path (the header's kernel_tree) */
};
int target_kernel_build(const char *spec, const char *board, const struct target_options *opt,
                        struct kernel_images *out, char *err, size_t errlen);
void target_kernel_free(struct kernel_images *k);
/* What the kernel tree TREE_ARG (kernel_images.tree_arg) is, as meta pairs
 * appended to *KV (a strv of *N strings: key, value, ...; target/kernel_rev.c):
 * a folder at the top of a git checkout gives kernel_rev (HEAD) and
 * kernel_dirty (yes when `git status --porcelain` lists anything), an
 * archive kernel_file and kernel_sha256; what cannot be read is left out. */
void target_kernel_meta(const char *tree_arg, char ***kv, size_t *n);

/* The architecture profile of BOARD ("armv7-m", ...), or NULL if unknown. */
const char *target_qemu_board_isa(const char *board);

/* How a target's process ended (target_run). */
struct target_ending {
    int lingered;        /* it kept running after the end of its output (on_line said so) and
                            rtbench stopped it: not a failure */
    char *why;           /* NULL when it exited 0 on its own; else "timeout after 300 s",
                            "interrupted by SIGINT", "target killed by signal 11 (Segmentation
                            fault)", "target exited with status 3" (owned) */
    int signal;          /* SIGINT, SIGTERM or SIGHUP that interrupted rtbench, else 0 */
    int stopped;         /* rtbench stopped it (timeout or signal) */
    int exit_status;     /* its exit status when it exited, else -1 */
    unsigned long lines; /* lines of output read */
    char first_line[80]; /* the first of them, printable */
};

/* Receives one line of the target's output (without its line end; lines
 * as lines.h splits them), or LINE NULL for a line longer than
 * RTBH_LINE_MAX (LEN its length, its bytes dropped). Returns 1 when the
 * output so far is complete (the last run has its end record), else 0. */
typedef int (*target_line_fn)(void *ctx, const char *line, size_t len);

/* How long a target may go on after on_line said its output is complete
 * before rtbench stops it (a console reader such as `cat /dev/ttyACM0`
 * never ends on its own). */
#define TARGET_LINGER_MS 5000

/* Runs the target (target/process.c): started directly (fork, exec: never
 * a shell) in its own process group, with SIGKILL as its parent-death
 * signal (it dies with rtbench, even when rtbench is killed by SIGKILL),
 * stdin /dev/null, stdout read line by line into ON_LINE as it arrives,
 * stderr passed through. After TIMEOUT_S seconds, or on SIGINT, SIGTERM or
 * SIGHUP to rtbench, or TARGET_LINGER_MS after its output is complete, the
 * group gets SIGTERM and, 2 s later, SIGKILL. Then it is reaped and its
 * ending described in *END (free with target_ending_free). 0, or -1 with a
 * message in err if it cannot be started.
 * A serial: target (target/serial.c) is read the same way from its port, up
 * to the end record (and the board's "rtbench: exit N" line), the timeout,
 * a signal or the port's disappearance; the port's settings are restored
 * on every way out. -1 when the port cannot be opened (missing, busy, not a
 * terminal, rate refused). */
int target_run(const struct target_cmd *t, unsigned timeout_s, target_line_fn on_line, void *ctx,
               struct target_ending *end, char *err, size_t errlen);

/* Several targets at once (rtbench sweep): target_start starts one as
 * target_run does and returns at once (0, or -1 with a message: it could not
 * be started, or rtbench was interrupted already). target_poll waits at most
 * 200 ms for output of the N targets in PROCS (NULL entries are skipped),
 * hands each complete line to its ON_LINE, stops those past their timeout
 * (or all, after SIGINT, SIGTERM or SIGHUP), and when one has ended (stdout
 * closed and reaped; a serial: port done with) frees it, sets PROCS[i] to
 * NULL, describes its ending in *END (free with target_ending_free) and
 * returns i; else -1. T must stay valid until then (a serial: target reads
 * its device, rate and commands from it). */
struct target_proc;
int target_start(const struct target_cmd *t, unsigned timeout_s, target_line_fn on_line, void *ctx,
                 struct target_proc **out, char *err, size_t errlen);
int target_poll(struct target_proc **procs, size_t n, struct target_ending *end);
/* SIGINT, SIGTERM or SIGHUP if one interrupted rtbench while targets ran,
 * else 0. */
int target_interrupted(void);
void target_ending_free(struct target_ending *e);

#endif /* RTBH_TARGET_H */
