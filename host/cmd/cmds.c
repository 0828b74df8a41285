/*
 * rtbench host - the subcommand table (cmd/cmds.h): every subcommand of
 * rtbench, as main.c dispatches and --help lists them.
 */
#include <stddef.h>

#include "cmd/cmds.h"

const struct subcommand subcommands[] = {
    {"run", cmd_run, "run a target (host, QEMU, any command), store and print the run"},
    {"list", cmd_list, "list the stored runs"},
    {"show", cmd_show, "show one stored run: header and every metric"},
    {"import", cmd_import, "import a log (rtbench records, Zephyr latency_measure, ...)"},
    {"compare", cmd_compare, "put runs side by side"},
    {"check", cmd_check, "regression gate between two runs (exit 1 on a regression)"},
    {"sweep", cmd_sweep, "message throughput over a grid of points, from one image"},
    {"history", cmd_history, "a metric over a series of runs, its change points flagged"},
    {"bisect", cmd_bisect, "one step of git bisect run: build, run, judge against a reference"},
    {"report", cmd_report, "one self-contained HTML page of runs: charts and tables"},
    {NULL, NULL, NULL},
};
