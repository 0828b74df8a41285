/*
 * rtbench host - `rtbench list`: the stored runs, one line each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmds.h"
#include "db.h"
#include "util.h"

static const struct option list_options[] = {
    {"db", required_argument, NULL, 'D'},
    {"label", required_argument, NULL, 'l'},
    {"limit", required_argument, NULL, 'n'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command list_command = {
    "list",
    "usage: rtbench list [--db PATH] [--label L] [--limit N]\n"
    "\n"
    "List the stored runs, oldest first: id, date, label, source/port, board,\n"
    "kernel, status and number of metrics.\n"
    "      --db PATH    database (default: see rtbench --help)\n"
    "  -l, --label L    only runs with this label (glob)\n"
    "  -n, --limit N    only the newest N runs\n"
    "  -h, --help       this help\n",
    list_options,
    "l:n:",
};

struct list_options {
    const char *db_path, *label;
    uint64_t limit;
};

static int list_option(void *ctx, int id, const char *value)
{
    struct list_options *o = ctx;
    if (id == 'D') {
        o->db_path = value;
    } else if (id == 'l') {
        o->label = value;
    } else if (parse_u64(value, &o->limit) != 0 || o->limit == 0 || o->limit > 1000000000u) {
        fprintf(stderr, "rtbench list: --limit must be a positive integer, not '%s'\n", value);
        return 2;
    }
    return CLI_GO;
}

static const char *dash(const char *s)
{
    return *s ? s : "-";
}

/* The runs as aligned columns under a header line. */
static void print_list(const struct run_summary *runs, size_t n)
{
    enum { NCOL = 8 };
    static const char *const head[NCOL] = {"id",    "date",   "label",  "source/port",
                                           "board", "kernel", "status", "metrics"};
    char *(*rows)[NCOL] = xcalloc(n ? n : 1, sizeof *rows);
    int w[NCOL];
    for (int i = 0; i < NCOL; i++)
        w[i] = (int)strlen(head[i]);
    for (size_t r = 0; r < n; r++) {
        const struct run_summary *s = &runs[r];
        char **row = rows[r];
        row[0] = xasprintf("%lld", (long long)s->id);
        row[1] = xstrdup(dash(s->created));
        row[2] = xstrdup(dash(s->label));
        row[3] = *s->port ? xasprintf("%s/%s", dash(s->source), s->port) : xstrdup(dash(s->source));
        row[4] = xstrdup(dash(s->board));
        row[5] = *s->kver ? xasprintf("%s %s", dash(s->kernel), s->kver) : xstrdup(dash(s->kernel));
        row[6] = xstrdup(dash(s->status));
        row[7] = xasprintf("%llu", (unsigned long long)s->n_metrics);
        for (int i = 0; i < NCOL; i++)
            if ((int)strlen(row[i]) > w[i])
                w[i] = (int)strlen(row[i]);
    }
    printf("%*s  %-*s  %-*s  %-*s  %-*s  %-*s  %-*s  %*s\n", w[0], head[0], w[1], head[1], w[2],
           head[2], w[3], head[3], w[4], head[4], w[5], head[5], w[6], head[6], w[7], head[7]);
    for (size_t r = 0; r < n; r++)
        printf("%*s  %-*s  %-*s  %-*s  %-*s  %-*s  %-*s  %*s\n", w[0], rows[r][0], w[1], rows[r][1],
               w[2], rows[r][2], w[3], rows[r][3], w[4], rows[r][4], w[5], rows[r][5], w[6],
               rows[r][6], w[7], rows[r][7]);
    for (size_t r = 0; r < n; r++)
        for (int i = 0; i < NCOL; i++)
            free(rows[r][i]);
    free(rows);
}

int cmd_list(int argc, char **argv)
{
    struct list_options o = {NULL, NULL, 0};
    int first;
    int rc = cli_parse(&list_command, argc, argv, list_option, &o, &first);
    if (rc != CLI_GO)
        return rc;
    if (first < argc)
        return cli_extra_arg("list", argv[first]);
    const char *db_path = o.db_path, *label = o.label;
    uint64_t limit = o.limit;
    sqlite3 *db;
    if (cli_open_db("list", db_path, DB_READ, &db, &db_path) != 0)
        return 2;
    struct run_summary *runs;
    size_t n;
    char err[512];
    rc = db_list_runs(db, label, limit, &runs, &n, err, sizeof err);
    db_close(db);
    if (rc != 0) {
        fprintf(stderr, "rtbench list: %s\n", err);
        return 2;
    }
    print_list(runs, n);
    db_free_summaries(runs, n);
    if (!n)
        fprintf(stderr, "rtbench list: no runs%s in %s\n", label ? " with that label" : "",
                db_path);
    return 0;
}
