/*
 * rtbench import FILE... [--format auto|rtbench|zephyr] [--label L] [--board B]
 *                [--cpu-hz HZ] [--iters N] [--db PATH]
 *
 * FILE "-" is standard input (stored with source "import:-").
 * Each file is imported on its own: a file that cannot be read or holds no
 * results gets a one-line error and the others are still imported; the exit
 * status is then 2. Otherwise 1 if a stored run is incomplete, else 0. Every
 * stored run is printed as "imported run <id> from <file>: ...".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cmds.h"
#include "db.h"
#include "flags.h"
#include "record_parser.h"
#include "parse_zephyr.h"
#include "util.h"

#define CMD "import"
#define MAX_LOG_BYTES (256u << 20)

enum imp_format { IF_AUTO, IF_RTBENCH, IF_ZEPHYR };

struct imp_opts {
    enum imp_format format;
    const char *label, *board;
    double cpu_hz;
    unsigned iters;
    const char *db_path;
};

/* Whole file into memory. NULL with a message in err. */
static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        errf(err, errlen, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!is_stdin)
            fclose(f);
        errf(err, errlen, "is a directory");
        return NULL;
    }
    size_t cap = 65536, n = 0;
    char *buf = xmalloc(cap + 1);
    for (;;) {
        if (n == cap) {
            if (cap >= MAX_LOG_BYTES) {
                free(buf);
                if (!is_stdin)
                    fclose(f);
                errf(err, errlen, "larger than %u MiB", MAX_LOG_BYTES >> 20);
                return NULL;
            }
            cap *= 2;
            buf = xrealloc(buf, cap + 1);
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        int e = errno;
        free(buf);
        if (!is_stdin)
            fclose(f);
        errf(err, errlen, "cannot read: %s", strerror(e ? e : EIO));
        return NULL;
    }
    if (!is_stdin)
        fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

static int has_rtb_record(const char *text, size_t len)
{
    static const char tag[] = "RTB1 ";
    for (size_t i = 0; i + sizeof tag - 1 <= len; i++)
        if (text[i] == 'R' && memcmp(text + i, tag, sizeof tag - 1) == 0)
            return 1;
    return 0;
}

static void fill_common(struct run *r, const char *path, const struct imp_opts *o)
{
    if (!r->source) {
        r->source = xasprintf("import:%s", path);
    } else if (strncmp(r->source, "import:", 7) != 0) {
        free(r->source);
        r->source = xasprintf("import:%s", path);
    }
    run_stamp(r);
    if (o->label) {
        free(r->label);
        r->label = xstrdup(o->label);
    }
}

/* Store one run; prints its id. 0 stored, -1 error (printed). */
static int store(sqlite3 *db, struct run *r, const char *path, int *incomplete)
{
    char err[512];
    flags_apply_run(r);
    if (db_store_run(db, r, err, sizeof err) < 0) {
        fprintf(stderr, "rtbench import: %s: cannot store: %s\n", path, err);
        return -1;
    }
    size_t flagged = 0;
    for (size_t i = 0; i < r->n_m; i++)
        if (r->m[i].flags & MF_ARTIFACTS)
            flagged++;
    const char *board = run_hdr(r, "board");
    printf("imported run %lld from %s: %s, %s, %zu metrics", (long long)r->id, path,
           r->origin ? r->origin : "?", board ? board : "board unknown", r->n_m);
    if (flagged)
        printf(", %zu flagged", flagged);
    if (r->status == RUN_INCOMPLETE) {
        printf(", INCOMPLETE (%s)", r->status_detail ? r->status_detail : "no end record");
        *incomplete = 1;
    }
    printf("\n");
    return 0;
}

static int import_rtbench(sqlite3 *db, const char *path, const char *text, size_t len,
                          const struct imp_opts *o, int *incomplete)
{
    struct record_parser p;
    record_parser_init(&p);
    const char *s = text, *end = text + len;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t ll = nl ? (size_t)(nl - s) : (size_t)(end - s);
        record_parser_feed(&p, s, ll);
        s = nl ? nl + 1 : end;
    }
    record_parser_finish(&p);
    for (size_t i = 0; i < p.n_issues; i++) {
        /* the parser's messages already say ", skipped"; add it if one does not */
        const char *msg = p.issues[i].msg ? p.issues[i].msg : "bad record";
        size_t ml = strlen(msg);
        int said = ml >= 7 && strcmp(msg + ml - 7, "skipped") == 0;
        fprintf(stderr, "%s:%lu: %s%s\n", path, p.issues[i].line, msg, said ? "" : ", skipped");
    }
    if (p.n_runs == 0) {
        fprintf(stderr, "rtbench import: %s: no valid rtbench run (no valid header record%s)\n",
                path, p.n_issues ? "; rejected records skipped" : "");
        record_parser_free(&p);
        return -1;
    }
    if (o->cpu_hz > 0 || o->iters > 0)
        fprintf(stderr,
                "rtbench import: %s: note: --cpu-hz/--iters apply to Zephyr logs; the rtbench "
                "header is used\n",
                path);
    int rc = 0;
    size_t n = p.n_runs;
    for (size_t i = 0; i < n; i++) {
        struct run *r = record_parser_take(&p, i);
        if (!r)
            continue;
        if (!r->origin)
            r->origin = xstrdup("rtbench");
        if (o->board && *o->board)
            run_hdr_set(r, "board", o->board);
        fill_common(r, path, o);
        if (store(db, r, path, incomplete) < 0)
            rc = -1;
        run_free(r);
        free(r);
    }
    record_parser_free(&p);
    return rc;
}

static int import_zephyr(sqlite3 *db, const char *path, const char *text, size_t len,
                         const struct imp_opts *o, int *incomplete)
{
    char err[256];
    char *source = xasprintf("import:%s", path);
    struct zephyr_opts zo = {
        .board = o->board, .cpu_hz = o->cpu_hz, .iters = o->iters, .source = source};
    struct run r;
    size_t ignored = 0;
    int rc = parse_zephyr(text, len, &zo, &r, &ignored, err, sizeof err);
    free(source);
    if (rc < 0) {
        fprintf(stderr, "rtbench import: %s: %s\n", path, err);
        return -1;
    }
    if (ignored)
        fprintf(stderr,
                "rtbench import: %s: note: %zu result row(s) after the first boot or repeated ids "
                "ignored\n",
                path, ignored);
    fill_common(&r, path, o);
    rc = store(db, &r, path, incomplete);
    run_free(&r);
    return rc;
}

static int import_one(sqlite3 *db, const char *path, const struct imp_opts *o, int *incomplete)
{
    char err[512];
    size_t len = 0;
    char *text = read_file(path, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, "rtbench import: %s: %s\n", path, err);
        return -1;
    }
    enum imp_format f = o->format;
    if (f == IF_AUTO) {
        if (has_rtb_record(text, len))
            f = IF_RTBENCH;
        else if (zephyr_detect(text, len))
            f = IF_ZEPHYR;
        else {
            fprintf(stderr,
                    "rtbench import: %s: no rtbench records and no latency_measure results\n",
                    path);
            free(text);
            return -1;
        }
    }
    int rc = f == IF_RTBENCH ? import_rtbench(db, path, text, len, o, incomplete)
                             : import_zephyr(db, path, text, len, o, incomplete);
    free(text);
    return rc;
}

static const struct option import_options[] = {
    {"format", required_argument, NULL, 'F'},
    {"label", required_argument, NULL, 'l'},
    {"board", required_argument, NULL, 'b'},
    {"cpu-hz", required_argument, NULL, 'H'},
    {"iters", required_argument, NULL, 'i'},
    {"db", required_argument, NULL, 'D'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command import_command = {
    CMD,
    "usage: rtbench import FILE... [--format auto|rtbench|zephyr] [--label L] [--board B]\n"
    "                      [--cpu-hz HZ] [--iters N] [--db PATH]\n"
    "Imports rtbench record logs and Zephyr latency_measure logs (FILE - is stdin);\n"
    "prints the stored run ids.\n",
    import_options,
    "",
};

static int import_option(void *ctx, int id, const char *v)
{
    struct imp_opts *o = ctx;
    uint64_t n;
    switch (id) {
    case 'F':
        if (strcmp(v, "auto") == 0)
            o->format = IF_AUTO;
        else if (strcmp(v, "rtbench") == 0)
            o->format = IF_RTBENCH;
        else if (strcmp(v, "zephyr") == 0)
            o->format = IF_ZEPHYR;
        else
            return cli_usage_err(CMD, "--format must be auto, rtbench or zephyr, not",
                                 *v ? v : "(nothing)");
        break;
    case 'l':
    case 'b':
        if (!*v)
            return cli_usage_err(CMD, id == 'l' ? "--label needs a value" : "--board needs a value",
                                 NULL);
        *(id == 'l' ? &o->label : &o->board) = v;
        break;
    case 'H':
        if (!*v || parse_double(v, &o->cpu_hz) < 0 || !(o->cpu_hz >= 1) || o->cpu_hz > 1e13)
            return cli_usage_err(CMD, "--cpu-hz must be a frequency in Hz (e.g. 125000000), not",
                                 *v ? v : "(nothing)");
        break;
    case 'i':
        if (!*v || parse_u64(v, &n) < 0 || n == 0 || n > 1000000000u)
            return cli_usage_err(CMD, "--iters must be a positive count, not",
                                 *v ? v : "(nothing)");
        o->iters = (unsigned)n;
        break;
    default: /* 'D' */
        o->db_path = v;
        break;
    }
    return CLI_GO;
}

int cmd_import(int argc, char **argv)
{
    struct imp_opts o = {IF_AUTO, NULL, NULL, 0, 0, NULL};
    int first;
    int rc = cli_parse(&import_command, argc, argv, import_option, &o, &first);
    if (rc != CLI_GO)
        return rc;
    if (first == argc)
        return cli_usage_err(CMD, "no file given (usage: rtbench import FILE... [options])", NULL);
    sqlite3 *db = NULL;
    if (cli_open_db(CMD, o.db_path, DB_CREATE, &db, NULL) != 0)
        return 2;
    int failed = 0, incomplete = 0;
    for (int i = first; i < argc; i++)
        if (import_one(db, argv[i], &o, &incomplete) < 0)
            failed++;
    db_close(db);
    return fflush(stdout) != 0 ? 2 : failed ? 2 : incomplete ? 1 : 0;
}
