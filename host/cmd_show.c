/*
 * rtbench host - `rtbench show RUN`: one run's header and all its metrics.
 */
#include <stdio.h>

#include "cli.h"
#include "cmds.h"
#include "db.h"
#include "table.h"
#include "util.h"

static const struct option show_options[] = {
    {"db", required_argument, NULL, 'D'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command show_command = {
    "show",
    "usage: rtbench show [--db PATH] RUN\n"
    "\n"
    "Show a stored run: its identity, the whole header, and every metric with\n"
    "n, mean, sd, min, p50, p90, p99, p99.9, max, the mean in ns, and flags.\n"
    "RUN is a run id, a label (the newest run with it), or 'latest'.\n"
    "      --db PATH    database (default: see rtbench --help)\n"
    "  -h, --help       this help\n",
    show_options,
    "",
};

static int show_option(void *ctx, int id, const char *value)
{
    (void)id; /* only --db */
    *(const char **)ctx = value;
    return CLI_GO;
}

int cmd_show(int argc, char **argv)
{
    const char *db_path = NULL;
    int first;
    int rc = cli_parse(&show_command, argc, argv, show_option, &db_path, &first);
    if (rc != CLI_GO)
        return rc;
    if (first >= argc) {
        fputs("rtbench show: which run? (an id, a label or 'latest'; see rtbench show --help)\n",
              stderr);
        return 2;
    }
    if (first + 1 < argc) {
        fprintf(stderr, "rtbench show: unexpected argument '%s' (one run at a time)\n",
                argv[first + 1]);
        return 2;
    }
    sqlite3 *db;
    if (cli_open_db("show", db_path, DB_READ, &db, NULL) != 0)
        return 2;
    struct run r;
    if (cli_load_run("show", db, NULL, argv[first], &r) != 0) {
        db_close(db);
        return 2;
    }
    table_print_header(stdout, &r);
    fputc('\n', stdout);
    table_print_metrics(stdout, &r, 1);
    run_free(&r);
    db_close(db);
    return 0;
}
