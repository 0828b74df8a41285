/*
 * rtbench host - `rtbench show RUN`: one run's header and all its metrics.
 */
#include <stdio.h>

#include "cli.h"
#include "cmd/cmds.h"
#include "db.h"
#include "out/writer.h"
#include "term.h"
#include "util.h"

static const struct option show_options[] = {
    {"db", required_argument, NULL, 'D'},
    {"format", required_argument, NULL, 'F'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command show_command = {
    "show",
    "usage: rtbench show [--db PATH] [--format NAME] RUN\n"
    "\n"
    "Show a stored run: its identity, the whole header, and every metric with\n"
    "n, mean, sd, min, p50, p90, p99, p99.9, max, the mean in ns, and flags.\n"
    "RUN is a run id, a label (the newest run with it), or 'latest'.\n"
    "      --db PATH    database (default: see rtbench --help)\n"
    "      --format F   the output format (below)\n"
    "  -h, --help       this help\n",
    show_options,
    "",
    1 + DOC_RUN,
    0,
};

struct show_options {
    const char *db_path;
    const struct writer *writer;
};

static int show_option(void *ctx, int id, const char *value)
{
    struct show_options *o = ctx;
    if (id == 'F')
        return cli_writer_option("show", value, DOC_RUN, &o->writer);
    o->db_path = value;
    return CLI_GO;
}

int cmd_show(int argc, char **argv)
{
    struct show_options o = {NULL, writers[0]};
    int first;
    int rc = cli_parse(&show_command, argc, argv, show_option, &o, &first);
    if (rc != CLI_GO)
        return rc;
    if (first >= argc) {
        fputs("rtbench show: which run? (an id, a label or 'latest'; see rtbench show --help)\n",
              stderr);
        return 2;
    }
    if (first + 1 < argc) {
        fprintf(stderr, "rtbench show: unexpected argument '%s' (one run at a time)\n",
                term(argv[first + 1]));
        return 2;
    }
    sqlite3 *db;
    if (cli_open_db("show", o.db_path, DB_READ, &db, NULL) != 0)
        return 2;
    struct run r;
    rc = cli_load_run("show", db, NULL, argv[first], &r) != 0 ? 2 : 0;
    db_close(db);
    if (rc == 0)
        rc = cli_write_done("show", o.writer->run(stdout, &r));
    run_free(&r);
    return rc;
}
