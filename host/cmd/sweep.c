/*
 * rtbench sweep --target T [--sizes LIST] [--consumers LIST] [--styles LIST]
 *               [--payload N] [--depth N] [--jobs N] [--csv FILE] [--csv-header]
 *               [--plot FILE.svg] [--label L] [--db PATH] [--timeout S] [--no-icount]
 *               [--kernel NAME=TREE]
 *
 * The message-throughput family over a grid of points, from one image: each
 * point is its own target process given its point on its command line
 * (sweep.c), the whole grid one stored run whose metrics are the points
 * (msgq.<style>.c<consumers>.s<size>); then a table of B/s on stdout, and
 * the zbus-style CSV and the plot when asked for (out/zbus.h, out/sweep_plot.h).
 * With --kernel, the image is a kernel's check application's, built as
 * `run --kernel` builds it (target/kernel.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "meta.h"
#include "cmd/cmds.h"
#include "db.h"
#include "rtb/defaults.h"
#include "svg.h"
#include "sweep.h"
#include "out/sweep_plot.h"
#include "out/zbus.h"
#include "util.h"

#define CMD "sweep"
#define DEFAULT_TIMEOUT_S 600u

static const struct option sweep_options[] = {
    {"target", required_argument, NULL, 't'},
    {"sizes", required_argument, NULL, 's'},
    {"consumers", required_argument, NULL, 'c'},
    {"styles", required_argument, NULL, 'S'},
    {"payload", required_argument, NULL, 'P'},
    {"depth", required_argument, NULL, 'd'},
    {"jobs", required_argument, NULL, 'j'},
    {"csv", required_argument, NULL, 'C'},
    {"csv-header", no_argument, NULL, 'H'},
    {"plot", required_argument, NULL, 'p'},
    {"label", required_argument, NULL, 'l'},
    {"db", required_argument, NULL, 'D'},
    {"timeout", required_argument, NULL, 'T'},
    {"no-icount", no_argument, NULL, 'I'},
    {"meta", required_argument, NULL, 'm'},
    {"kernel", required_argument, NULL, 'K'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command sweep_command = {
    CMD,
    "usage: rtbench sweep --target host|qemu:BOARD [--sizes LIST] [--consumers LIST]\n"
    "                     [--styles sync,async] [--payload N] [--depth N] [--jobs N]\n"
    "                     [--csv FILE] [--csv-header] [--plot FILE.svg] [--label L]\n"
    "                     [--db PATH] [--timeout S] [--no-icount] [--meta KEY=VALUE]...\n"
    "                     [--kernel NAME=TREE]\n"
    "\n"
    "Message throughput (msgq.*) over a grid of points, all from one image: each\n"
    "point its own target process, the grid stored as one run (metric ids\n"
    "msgq.<style>.c<consumers>.s<size>).\n"
    "  -t, --target T      host (one point at a time) or qemu:BOARD\n"
    "  -s, --sizes LIST    message sizes in bytes (default 1,2,4,8,16,32,64,128,256)\n"
    "  -c, --consumers LIST consumer threads (default 1,2,4,8)\n"
    "      --styles LIST   sync, async or both (default sync,async)\n"
    "      --payload N     bytes each consumer receives, K/M suffixes (default 256K)\n"
    "      --depth N       queue depth of the async style (default 8)\n"
    "  -j, --jobs N        qemu: points at once (default: the number of CPUs)\n"
    "      --csv FILE      the points as zbus-style CSV (style,consumers,message_size,\n"
    "                      duration_ns,ram_bytes,rom_bytes,bytes_per_s,msgs_per_s)\n"
    "      --csv-header    with a header row (zbus's files have none)\n"
    "      --plot FILE     throughput against message size as SVG\n"
    "  -l, --label L       label stored with the run\n"
    "      --meta KEY=VALUE what was measured, stored with the run (repeatable)\n"
    "      --db PATH       database (default: see rtbench --help)\n"
    "      --timeout S     kill a point's process after S seconds (default 600)\n"
    "      --no-icount     qemu: follow host time instead of -icount (noisy)\n"
    "      --kernel NAME=TREE\n"
    "                      qemu: the image of kernel NAME's check application built on\n"
    "                      TREE (as rtbench run --kernel), not the reference kernel's\n"
    "Exit: 0 every point measured or n/a, 1 a point failed or gave no result,\n"
    "      2 bad usage or a database/output error, 128+N interrupted by signal N.\n",
    sweep_options,
    "t:s:c:j:l:",
    0,
    0,
    0,
};

struct sweep_args {
    struct sweep_options o;
    int jobs_given;
    const char *kernel; /* --kernel NAME=TREE */
};

/* "1,2,4" into V (at most SWEEP_MAX_LIST values from 1 to MAX), ascending,
 * without repeats. CLI_GO or 2 after a one-line error. */
static int parse_list(const char *name, const char *s, uint32_t max, uint32_t *v, size_t *n)
{
    char msg[160];
    *n = 0;
    for (const char *p = s;;) {
        size_t l = strcspn(p, ",");
        char num[24];
        uint64_t x;
        if (l == 0 || l >= sizeof num || *n == SWEEP_MAX_LIST)
            goto bad;
        memcpy(num, p, l);
        num[l] = '\0';
        if (parse_u64(num, &x) != 0 || x == 0 || x > max)
            goto bad;
        size_t at = 0;
        while (at < *n && v[at] < x)
            at++;
        if (at == *n || v[at] != x) {
            memmove(v + at + 1, v + at, (*n - at) * sizeof *v);
            v[at] = (uint32_t)x;
            (*n)++;
        }
        if (!p[l])
            return CLI_GO;
        p += l + 1;
    }
bad:
    snprintf(msg, sizeof msg, "%s must be a comma-separated list of up to %d integers from 1 to %u",
             name, SWEEP_MAX_LIST, (unsigned)max);
    return cli_usage_err(CMD, msg, *s ? s : "(nothing)");
}

/* A byte count with an optional K or M suffix, from 1 to 2^32-1. */
static int parse_bytes(const char *name, const char *s, uint32_t *out)
{
    char num[24];
    size_t l = strlen(s);
    uint64_t mul = 1, x;
    if (l && (s[l - 1] == 'K' || s[l - 1] == 'k' || s[l - 1] == 'M')) {
        mul = s[l - 1] == 'M' ? 1u << 20 : 1u << 10;
        l--;
    }
    if (l == 0 || l >= sizeof num)
        return cli_usage_err(CMD, name, *s ? s : "(nothing)");
    memcpy(num, s, l);
    num[l] = '\0';
    if (parse_u64(num, &x) != 0 || x == 0 || x > UINT32_MAX / mul)
        return cli_usage_err(CMD, name, s);
    *out = (uint32_t)(x * mul);
    return CLI_GO;
}

static int parse_styles(struct sweep_options *o, const char *s)
{
    o->sync = o->async = 0;
    for (const char *p = s;;) {
        size_t l = strcspn(p, ",");
        if (l == 4 && strncmp(p, "sync", 4) == 0)
            o->sync = 1;
        else if (l == 5 && strncmp(p, "async", 5) == 0)
            o->async = 1;
        else
            return cli_usage_err(CMD, "--styles must be sync, async or sync,async, not", s);
        if (!p[l])
            return CLI_GO;
        p += l + 1;
    }
}

static int sweep_option(void *ctx, int id, const char *v)
{
    struct sweep_args *a = ctx;
    struct sweep_options *o = &a->o;
    switch (id) {
    case 't':
        o->target_spec = v;
        return CLI_GO;
    case 's':
        return parse_list("--sizes", v, 1u << 24, o->sizes, &o->n_sizes);
    case 'c':
        return parse_list("--consumers", v, 64, o->consumers, &o->n_consumers);
    case 'S':
        return parse_styles(o, v);
    case 'P':
        return parse_bytes("--payload must be a byte count (K, M suffixes), not", v, &o->payload);
    case 'd':
        return cli_uint_option(CMD, "--depth", v, 65536, &o->depth);
    case 'j':
        a->jobs_given = 1;
        return cli_uint_option(CMD, "--jobs", v, 256, &o->jobs);
    case 'T':
        return cli_uint_option(CMD, "--timeout", v, 86400, &o->timeout_s);
    case 'K':
        a->kernel = v;
        return CLI_GO;
    case 'H':
        o->csv_header = 1;
        return CLI_GO;
    case 'I':
        o->target.icount = 0;
        return CLI_GO;
    case 'm': {
        char err[300];
        if (meta_add(&o->meta, &o->n_meta, v, err, sizeof err) != 0)
            return cli_usage_err(CMD, err, NULL);
        return CLI_GO;
    }
    default:
        break;
    }
    if (!*v)
        return cli_usage_err(CMD, "an empty value for",
                             id == 'C'   ? "--csv"
                             : id == 'p' ? "--plot"
                             : id == 'l' ? "--label"
                                         : "--db");
    *(id == 'C'   ? &o->csv_path
      : id == 'p' ? &o->plot_path
      : id == 'l' ? &o->label
                  : &o->db_path) = v;
    return CLI_GO;
}

/* The options that make no sense together; CLI_GO or 2 after a one-line error. */
static int check_options(struct sweep_args *a)
{
    struct sweep_options *o = &a->o;
    int host = strcmp(o->target_spec, "host") == 0, qemu = strncmp(o->target_spec, "qemu:", 5) == 0;
    if (!host && !qemu)
        return cli_usage_err(CMD,
                             "--target must be host or qemu:BOARD (a target that takes the "
                             "point on its command line), not",
                             o->target_spec);
    if (host && a->jobs_given && o->jobs > 1)
        return cli_usage_err(CMD,
                             "the host target runs one point at a time (points running "
                             "together would disturb each other): no --jobs",
                             NULL);
    if (!qemu && !o->target.icount)
        return cli_usage_err(CMD, "--no-icount applies to qemu: targets only", NULL);
    if (!qemu && a->kernel)
        return cli_usage_err(CMD, "--kernel applies to qemu: targets only", NULL);
    for (size_t i = 0; i < o->n_sizes; i++)
        if (o->payload % o->sizes[i] != 0) {
            char msg[160];
            snprintf(msg, sizeof msg,
                     "the payload (%u bytes) is not a whole number of messages of %u bytes",
                     (unsigned)o->payload, (unsigned)o->sizes[i]);
            return cli_usage_err(CMD, msg, NULL);
        }
    if (!a->jobs_given) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        o->jobs = host ? 1u : cpus > 0 && cpus < 256 ? (unsigned)cpus : 1u;
    }
    return CLI_GO;
}

static void default_options(struct sweep_options *o)
{
    static const uint32_t sizes[] = {1, 2, 4, 8, 16, 32, 64, 128, 256}, consumers[] = {1, 2, 4, 8};
    memset(o, 0, sizeof *o);
    o->target_spec = "host";
    o->target.icount = 1;
    memcpy(o->sizes, sizes, sizeof sizes);
    o->n_sizes = sizeof sizes / sizeof sizes[0];
    memcpy(o->consumers, consumers, sizeof consumers);
    o->n_consumers = sizeof consumers / sizeof consumers[0];
    o->sync = o->async = 1;
    o->payload = RTB_MSGQ_DEFAULT_PAYLOAD;
    o->depth = RTB_MSGQ_DEFAULT_DEPTH;
    o->timeout_s = DEFAULT_TIMEOUT_S;
}

/* ---- what a finished sweep prints and writes ------------------------------------ */

/* B/s of every point: a row per style and consumer count, a column per size. */
static void print_grid(const struct sweep_options *o, const struct run *r)
{
    const char *v[4] = {run_hdr(r, "kernel"), run_hdr(r, "board"), run_hdr(r, "clock"),
                        run_hdr(r, "sched")};
    printf("\nmsgq throughput, B/s delivered to all consumers: %s on %s, clock %s, sched %s\n",
           v[0] ? v[0] : "?", v[1] ? v[1] : "?", v[2] ? v[2] : "?", v[3] ? v[3] : "?");
    printf("%-16s", "style consumers");
    for (size_t s = 0; s < o->n_sizes; s++)
        printf(" %7u", (unsigned)o->sizes[s]);
    printf("\n");
    size_t i = 0;
    for (int style = 0; style < 2; style++) {
        if (!(style ? o->async : o->sync))
            continue;
        for (size_t c = 0; c < o->n_consumers; c++) {
            printf("%-5s %10u", style ? "async" : "sync", (unsigned)o->consumers[c]);
            for (size_t s = 0; s < o->n_sizes && i < r->n_m; s++, i++) {
                char cell[24];
                const struct metric *m = &r->m[i];
                if (m->state == MS_OK)
                    svg_format_si(cell, sizeof cell, m->mean);
                else
                    snprintf(cell, sizeof cell, "%s", m->state == MS_NA ? "n/a" : "FAILED");
                printf(" %7s", cell);
            }
            printf("\n");
        }
    }
    fflush(stdout);
}

/* Writes PATH with FN (zbus_csv_write's HEADER when given); 0 or -1 after a
 * one-line error. */
static int write_file(const char *path, const struct run *r, int csv, int header)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "rtbench sweep: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    int rc = csv ? zbus_csv_write(f, r, header) : sweep_plot_write(f, r);
    if (fclose(f) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "rtbench sweep: cannot write %s\n", path);
    return rc;
}

/* A file given with --csv or --plot must be writable before the sweep runs. */
static int check_writable(const char *path)
{
    if (!path)
        return CLI_GO;
    FILE *f = fopen(path, "a");
    if (!f)
        return cli_usage_err(CMD, "cannot write", path);
    fclose(f);
    return CLI_GO;
}

/* --kernel NAME=TREE: its check application built on TREE for the board, its
 * one image the sweep's (A's kernel_elf, kernel_tree; the tree's meta appended
 * before A's --meta, as run --kernel does). 0, or -1 after a one-line error. */
static int kernel_image(struct sweep_args *a, struct kernel_images *k)
{
    char err[1024];
    const char *board = a->o.target_spec + 5;
    if (!*board) {
        fprintf(stderr, "rtbench sweep: --target qemu: needs a board (qemu:mps2-an385)\n");
        return -1;
    }
    if (target_kernel_build(a->kernel, board, &a->o.target, k, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench sweep: %s\n", err);
        return -1;
    }
    if (k->n != 1) {
        fprintf(stderr,
                "rtbench sweep: --kernel %s builds %zu images on %s; a sweep runs one image\n",
                a->kernel, k->n, board);
        return -1;
    }
    a->o.kernel_elf = k->elf[0];
    a->o.kernel_tree = k->tree_arg;
    char **meta = NULL; /* the tree's revision, then --meta (as run --kernel) */
    size_t n = 0;
    target_kernel_meta(k->tree_arg, &meta, &n);
    for (size_t j = 0; j < a->o.n_meta; j++)
        strv_push(&meta, &n, xstrdup(a->o.meta[j]));
    meta_pairs_free(a->o.meta, a->o.n_meta);
    a->o.meta = meta;
    a->o.n_meta = n;
    return 0;
}

static int exit_status(const struct sweep_outcome *x, int out_failed)
{
    if (x->db_failed || out_failed)
        return 2;
    if (x->interrupted)
        return 128 + x->interrupted;
    return x->failed || x->missing ? 1 : 0;
}

/* The sweep run and stored in DB (at DB_PATH, closed here), then printed and written. */
static int sweep_and_write(const struct sweep_args *a, sqlite3 *db, const char *db_path)
{
    const struct sweep_options *o = &a->o;
    struct run r;
    struct sweep_outcome x;
    memset(&r, 0, sizeof r);
    memset(&x, 0, sizeof x);
    if (sweep_run(o, db, &r, &x) != 0) {
        db_close(db);
        run_free(&r);
        return x.interrupted ? 128 + x.interrupted : 2;
    }
    db_close(db);
    print_grid(o, &r);
    int out_failed = 0;
    if (o->csv_path && write_file(o->csv_path, &r, 1, o->csv_header) != 0)
        out_failed = 1;
    if (o->plot_path && write_file(o->plot_path, &r, 0, 0) != 0)
        out_failed = 1;
    fprintf(stderr,
            "rtbench sweep: stored run %lld (%zu points: %zu measured, %zu n/a, %zu failed, %zu "
            "without a result; %s) in %s, %.1f s\n",
            (long long)r.id, x.points, x.measured, x.na, x.failed, x.missing,
            r.status == RUN_COMPLETE ? "complete" : "incomplete", db_path, x.seconds);
    run_free(&r);
    return exit_status(&x, out_failed);
}

int cmd_sweep(int argc, char **argv)
{
    struct sweep_args a = {{0}, 0, NULL};
    default_options(&a.o);
    int first, rc = cli_parse(&sweep_command, argc, argv, sweep_option, &a, &first);
    if (rc == CLI_GO && first < argc)
        rc = cli_extra_arg(CMD, argv[first]);
    if (rc == CLI_GO && (check_options(&a) != CLI_GO || check_writable(a.o.csv_path) != CLI_GO ||
                         check_writable(a.o.plot_path) != CLI_GO))
        rc = 2;
    sqlite3 *db;
    const char *db_path;
    if (rc == CLI_GO && cli_open_db(CMD, a.o.db_path, DB_CREATE, &db, &db_path) != 0)
        rc = 2;
    if (rc != CLI_GO) {
        meta_pairs_free(a.o.meta, a.o.n_meta);
        return rc;
    }
    struct kernel_images k = {NULL, 0, NULL};
    if (a.kernel && kernel_image(&a, &k) != 0) {
        db_close(db);
        rc = 2;
    } else {
        rc = sweep_and_write(&a, db, db_path);
    }
    target_kernel_free(&k);
    meta_pairs_free(a.o.meta, a.o.n_meta);
    return rc;
}
