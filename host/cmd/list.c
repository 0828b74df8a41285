/*
 * rtbench host - `rtbench list`: the stored runs, one line each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_select.h"
#include "cmd/cmds.h"
#include "db.h"
#include "out/writer.h"
#include "term.h"
#include "util.h"

static const struct option list_options[] = {
    {"db", required_argument, NULL, 'D'},
    {"label", required_argument, NULL, 'l'},
    {"limit", required_argument, NULL, 'n'},
    {"format", required_argument, NULL, 'F'},
    CLI_SELECTION_OPTIONS,
    {NULL, 0, NULL, 0},
};

static const struct cli_command list_command = {
    "list",
    "usage: rtbench list [--db PATH] [--label L] [--where K=GLOB,...] [--limit N]\n"
    "                    [--format NAME]\n"
    "\n"
    "List the stored runs, oldest first: id, date, label, source/port, board,\n"
    "kernel, status, number of metrics and meta.\n"
    "      --db PATH    database (default: see rtbench --help)\n"
    "  -l, --label L    only runs with this label (glob)\n"
    "      --where K=GLOB,...\n"
    "                   only runs whose meta, header field or label K matches GLOB\n"
    "  -n, --limit N    only the newest N runs (also --latest N)\n"
    "      --format F   the output format (below)\n"
    "  -h, --help       this help\n",
    list_options,
    "l:n:",
    1 + DOC_LIST,
    0,
    0,
};

struct list_options {
    const char *db_path, *label;
    uint64_t limit;
    const struct writer *writer;
    struct cli_selection sel; /* --where; --latest is --limit */
};

static int list_option(void *ctx, int id, const char *value)
{
    struct list_options *o = ctx;
    if (id == 'F')
        return cli_writer_option("list", value, DOC_LIST, &o->writer);
    if (id == 'W')
        return cli_selection_option("list", &o->sel, id, value);
    if (id == 'D') {
        o->db_path = value;
    } else if (id == 'l') {
        o->label = value;
    } else if (parse_u64(value, &o->limit) != 0 || o->limit == 0 || o->limit > 1000000000u) {
        fprintf(stderr, "rtbench list: --%s must be a positive integer, not '%s'\n",
                id == 'N' ? "latest" : "limit", term(value));
        return 2;
    }
    return CLI_GO;
}

int cmd_list(int argc, char **argv)
{
    struct list_options o = {NULL, NULL, 0, writers[0], {{0}, 0}};
    int first;
    int rc = cli_parse(&list_command, argc, argv, list_option, &o, &first);
    if (rc == CLI_GO && first < argc)
        rc = cli_extra_arg("list", argv[first]);
    if (rc != CLI_GO) {
        cli_selection_free(&o.sel);
        return rc;
    }
    const char *db_path = o.db_path, *label = o.label;
    uint64_t limit = o.limit;
    sqlite3 *db;
    if (cli_open_db("list", db_path, DB_READ, &db, &db_path) != 0) {
        cli_selection_free(&o.sel);
        return 2;
    }
    struct run_summary *runs;
    size_t n;
    char err[512];
    rc = db_list_runs(db, label, &o.sel.where, limit, &runs, &n, err, sizeof err);
    db_close(db);
    int where = o.sel.where.n > 0;
    cli_selection_free(&o.sel);
    if (rc != 0) {
        fprintf(stderr, "rtbench list: %s\n", term(err));
        return 2;
    }
    rc = cli_write_done("list", o.writer->list(stdout, runs, n));
    db_free_summaries(runs, n);
    if (rc != 0)
        return rc;
    if (!n)
        fprintf(stderr, "rtbench list: no runs%s%s in %s\n", label ? " with that label" : "",
                where ? " matching --where" : "", term(db_path));
    return 0;
}
