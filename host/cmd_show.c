/*
 * rtbench host - `rtbench show RUN`: one run's header and all its metrics.
 */
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "cmds.h"
#include "db.h"
#include "table.h"
#include "util.h"

static void usage(FILE *out)
{
    fputs("usage: rtbench show [--db PATH] RUN\n"
          "\n"
          "Show a stored run: its identity, the whole header, and every metric with\n"
          "n, mean, sd, min, p50, p90, p99, p99.9, max, the mean in ns, and flags.\n"
          "RUN is a run id, a label (the newest run with it), or 'latest'.\n"
          "      --db PATH    database (default: see rtbench --help)\n"
          "  -h, --help       this help\n",
          out);
}

int cmd_show(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'D'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db_path = NULL;
    int c;
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 'D':
            db_path = optarg;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return cli_getopt_err("show", c, argv);
        }
    }
    if (optind >= argc) {
        fputs("rtbench show: which run? (an id, a label or 'latest'; see rtbench show --help)\n",
              stderr);
        return 2;
    }
    if (optind + 1 < argc) {
        fprintf(stderr, "rtbench show: unexpected argument '%s' (one run at a time)\n",
                argv[optind + 1]);
        return 2;
    }
    sqlite3 *db;
    if (cli_open_db("show", db_path, DB_READ, &db, NULL) != 0)
        return 2;
    struct run r;
    if (cli_load_run("show", db, NULL, argv[optind], &r) != 0) {
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
