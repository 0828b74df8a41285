/*
 * rtbench import FILE... [--format auto|rtbench|zephyr] [--label L] [--board B]
 *                [--cpu-hz HZ] [--iters N] [--counter BITS@HZ] [--db PATH]
 *
 * FILE "-" is standard input (stored with source "import:-").
 * Each file is imported on its own: a file that cannot be read or holds no
 * results gets a one-line error and the others are still imported; the exit
 * status is then 2. Otherwise 1 if a stored run is incomplete, else 0. Every
 * stored run is printed as "imported run <id> from <file>: ...".
 * A FILE that is an SQLite database is another rtbench database: its runs
 * are copied by db_import_db (db_merge.c), one summary line per database.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cmd/cmds.h"
#include "db.h"
#include "artifact.h"
#include "import/importer.h"
#include "meta.h"
#include "term.h"
#include "util.h"

#define CMD "import"

struct import_args {
    const struct importer *importer; /* --format; NULL: auto */
    const char *label, *board;
    double cpu_hz;
    unsigned iters;
    unsigned counter_bits; /* --counter BITS@HZ, 0 if not given */
    double counter_hz;
    const char *db_path;
    char **meta; /* --meta: key, value, ... (n_meta strings) */
    size_t n_meta;
};

static void fill_common(struct run *r, const char *path, const struct import_args *a)
{
    if (!r->source) {
        r->source = xasprintf("import:%s", path);
    } else if (strncmp(r->source, "import:", 7) != 0) {
        free(r->source);
        r->source = xasprintf("import:%s", path);
    }
    run_stamp(r);
    if (a->label) {
        free(r->label);
        r->label = xstrdup(a->label);
    }
    meta_apply(r, a->meta, a->n_meta);
    meta_defaults(r);
}

/* Store one run; prints its id. 0 stored, -1 error (printed). */
static int store(sqlite3 *db, struct run *r, const char *path, int *incomplete)
{
    char err[512];
    artifact_flag_run(r);
    if (db_store_run(db, r, err, sizeof err) < 0) {
        fprintf(stderr, "rtbench import: %s: cannot store: %s\n", term(path), term(err));
        return -1;
    }
    size_t flagged = 0;
    for (size_t i = 0; i < r->n_m; i++)
        if (r->m[i].flags & MF_ARTIFACTS)
            flagged++;
    const char *board = run_hdr(r, "board");
    printf("imported run %lld from %s: %s, %s, %zu metrics", (long long)r->id, term(path),
           r->origin ? term(r->origin) : "?", board ? term(board) : "board unknown", r->n_m);
    if (flagged)
        printf(", %zu flagged", flagged);
    if (r->status == RUN_INCOMPLETE) {
        printf(", INCOMPLETE (%s)", r->status_detail ? term(r->status_detail) : "no end record");
        *incomplete = 1;
    }
    printf("\n");
    return 0;
}

/* PATH opened for reading ("-": standard input); NULL with a message. */
static FILE *open_log(const char *path, char *err, size_t errlen)
{
    if (strcmp(path, "-") == 0)
        return stdin;
    FILE *f = fopen(path, "rb");
    if (!f) {
        errf(err, errlen, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        errf(err, errlen, "is a directory");
        return NULL;
    }
    return f;
}

/* FILE:LINE: MSG for each issue kept, then how many more there were. */
static void print_issues(const char *path, const struct issue_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        /* the parsers' messages say ", skipped" or ", ignored"; add it if one does not */
        const char *msg = l->v[i].msg ? l->v[i].msg : "bad record";
        size_t ml = strlen(msg);
        int said = (ml >= 7 && strcmp(msg + ml - 7, "skipped") == 0) ||
                   (ml >= 7 && strcmp(msg + ml - 7, "ignored") == 0);
        fprintf(stderr, "%s:%lu: %s%s\n", term(path), l->v[i].line, term(msg),
                said ? "" : ", skipped");
    }
    if (l->total > l->n)
        fprintf(stderr, "%s: %lu more line(s) skipped or ignored (only the first %zu are listed)\n",
                term(path), l->total - (unsigned long)l->n, l->n);
}

/* Whether PATH is an SQLite database (its file header). Only a regular
 * file is looked at: a pipe's bytes read here would be lost to its log. */
static int is_database(const char *path)
{
    static const char magic[16] = "SQLite format 3";
    char head[16];
    struct stat st;
    int regular = strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode);
    FILE *f = regular ? fopen(path, "rb") : NULL;
    size_t n = f ? fread(head, 1, sizeof head, f) : 0;
    if (f)
        fclose(f);
    return n == sizeof head && memcmp(head, magic, sizeof head) == 0;
}

/* Copies the runs of the rtbench database PATH (db_import_db) and says
 * what it did. 0, or -1 after one line per problem. */
static int import_database(sqlite3 *db, const char *path, const char *db_path,
                           const struct import_args *a, int *incomplete)
{
    char err[512];
    if (a->importer || a->label || a->board || a->cpu_hz > 0 || a->iters || a->counter_bits ||
        a->n_meta) {
        fprintf(stderr,
                "rtbench import: %s: an rtbench database, whose runs are copied as they are: "
                "--format, --label, --board, --cpu-hz, --iters, --counter and --meta are for "
                "logs\n",
                term(path));
        return -1;
    }
    struct db_import c;
    int rc = db_import_db(db, path, &c, err, sizeof err);
    if (c.old_version > 0)
        fprintf(stderr,
                "rtbench import: %s: note: schema version %d, read through a migrated copy (the "
                "file is left as it is)\n",
                term(path), c.old_version);
    for (size_t i = 0; i < c.n_refused; i++)
        fprintf(stderr, "rtbench import: %s: %s\n", term(path), term(c.refusals[i]));
    if (c.copied) {
        if (c.copied == 1)
            printf("imported 1 run from %s: #%lld here", term(path), (long long)c.first);
        else
            printf("imported %zu runs from %s: #%lld to #%lld here", c.copied, term(path),
                   (long long)c.first, (long long)c.last);
        if (c.incomplete)
            printf(", %zu INCOMPLETE", c.incomplete);
        if (c.present)
            printf("; %zu already here", c.present);
        printf("\n");
        *incomplete |= c.incomplete > 0;
    } else if (rc == 0 && c.n_refused == 0) {
        if (c.runs)
            printf("nothing to import from %s: its %zu run(s) are all in %s already\n", term(path),
                   c.runs, term(db_path));
        else
            printf("nothing to import from %s: it holds no runs\n", term(path));
    }
    if (rc < 0)
        fprintf(stderr, "rtbench import: %s: %s\n", term(path), term(err));
    size_t refused = c.n_refused;
    db_import_free(&c);
    return rc < 0 || refused ? -1 : 0;
}

/* Reads one log through the importer table and stores every run found.
 * 0, or -1 after a one-line error. */
static int import_one(sqlite3 *db, const char *path, const struct import_args *a, int *incomplete)
{
    char err[512];
    FILE *f = open_log(path, err, sizeof err);
    if (!f) {
        fprintf(stderr, "rtbench import: %s: %s\n", term(path), term(err));
        return -1;
    }
    char *source = xasprintf("import:%s", path);
    struct import_options o = {.board = a->board,
                               .cpu_hz = a->cpu_hz,
                               .iters = a->iters,
                               .source = source,
                               .counter_bits = a->counter_bits,
                               .counter_hz = a->counter_hz};
    struct import_result res;
    const struct importer *used = NULL;
    int rc = import_stream(f, a->importer, &o, &res, &used, err, sizeof err);
    if (f != stdin)
        fclose(f);
    free(source);
    print_issues(path, &res.issues);
    if (rc < 0)
        fprintf(stderr, "rtbench import: %s: %s\n", term(path), term(err));
    else if (res.note)
        fprintf(stderr, "rtbench import: %s: note: %s\n", term(path), term(res.note));
    for (size_t i = 0; rc == 0 && i < res.n_runs; i++) {
        if (a->counter_bits && !run_hdr(res.runs[i], "wrap"))
            fprintf(stderr,
                    "rtbench import: %s: note: --counter applies to rtos-benchmark and "
                    "rtosbench logs; not used\n",
                    term(path));
        fill_common(res.runs[i], path, a);
        if (store(db, res.runs[i], path, incomplete) < 0)
            rc = -1;
    }
    import_result_free(&res);
    return rc;
}

static const struct option import_options[] = {
    {"format", required_argument, NULL, 'F'},
    {"label", required_argument, NULL, 'l'},
    {"board", required_argument, NULL, 'b'},
    {"cpu-hz", required_argument, NULL, 'H'},
    {"iters", required_argument, NULL, 'i'},
    {"db", required_argument, NULL, 'D'},
    {"meta", required_argument, NULL, 'm'},
    {"counter", required_argument, NULL, 'c'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command import_command = {
    CMD,
    "usage: rtbench import FILE... [--format NAME] [--label L] [--board B]\n"
    "                      [--cpu-hz HZ] [--iters N] [--counter BITS@HZ] [--db PATH]\n"
    "                      [--meta KEY=VALUE]...\n"
    "Imports logs: rtbench records, Zephyr latency_measure, ... (FILE - is stdin);\n"
    "prints the stored run ids. A FILE that is an rtbench database: its runs are\n"
    "copied as they are, each once (by its uuid; docs/cli.md#import).\n"
    "Logs: --meta (repeatable) stores what was measured with each run (commit=,\n"
    "branch=, ...; docs/cli.md#meta).\n",
    import_options,
    "",
    0,
    1,
    0,
};

/* --counter BITS@HZ: the width (1 to 64 bits) and clock of the tool's counter. */
static int counter_option(struct import_args *o, const char *v)
{
    const char *at = strchr(v, '@');
    char bits[8];
    uint64_t n;
    if (at && (size_t)(at - v) < sizeof bits) {
        memcpy(bits, v, (size_t)(at - v));
        bits[at - v] = '\0';
    }
    if (!at || (size_t)(at - v) >= sizeof bits || parse_u64(bits, &n) < 0 || n < 1 || n > 64 ||
        parse_double(at + 1, &o->counter_hz) < 0 || !(o->counter_hz >= 1) || o->counter_hz > 1e13)
        return cli_usage_err(CMD,
                             "--counter must be BITS@HZ, the counter's width and clock "
                             "(e.g. 24@25000000), not",
                             *v ? v : "(nothing)");
    o->counter_bits = (unsigned)n;
    return CLI_GO;
}

static int import_option(void *ctx, int id, const char *v)
{
    struct import_args *o = ctx;
    uint64_t n;
    switch (id) {
    case 'F':
        if (strcmp(v, "auto") == 0) {
            o->importer = NULL;
        } else if (!(o->importer = importer_find(v))) {
            char names[256], msg[300];
            importer_names(names, sizeof names, " or ");
            snprintf(msg, sizeof msg, "--format must be auto, %s, not", names);
            return cli_usage_err(CMD, msg, *v ? v : "(nothing)");
        }
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
    case 'c':
        return counter_option(o, v);
    case 'm': {
        char err[300];
        if (meta_add(&o->meta, &o->n_meta, v, err, sizeof err) != 0)
            return cli_usage_err(CMD, err, NULL);
        break;
    }
    default: /* 'D' */
        o->db_path = v;
        break;
    }
    return CLI_GO;
}

int cmd_import(int argc, char **argv)
{
    struct import_args o = {NULL, NULL, NULL, 0, 0, 0, 0, NULL, NULL, 0};
    int first;
    int rc = cli_parse(&import_command, argc, argv, import_option, &o, &first);
    if (rc == CLI_GO && first == argc)
        rc = cli_usage_err(CMD, "no file given (usage: rtbench import FILE... [options])", NULL);
    sqlite3 *db = NULL;
    const char *used = NULL;
    if (rc == CLI_GO && cli_open_db(CMD, o.db_path, DB_CREATE, &db, &used) != 0)
        rc = 2;
    if (rc != CLI_GO) {
        meta_pairs_free(o.meta, o.n_meta);
        return rc;
    }
    int failed = 0, incomplete = 0;
    for (int i = first; i < argc; i++)
        if ((is_database(argv[i]) ? import_database(db, argv[i], used, &o, &incomplete)
                                  : import_one(db, argv[i], &o, &incomplete)) < 0)
            failed++;
    db_close(db);
    meta_pairs_free(o.meta, o.n_meta);
    return fflush(stdout) != 0 ? 2 : failed ? 2 : incomplete ? 1 : 0;
}
