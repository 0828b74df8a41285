/*
 * rtbench host - command-line entry: `rtbench <subcommand> [options]`.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmds.h"
#include "term.h"

#ifndef RTBENCH_VERSION
#define RTBENCH_VERSION "0.1.0"
#endif

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *what;
} subs[] = {
    {"run", cmd_run, "run a target (host, QEMU, any command), store and print the run"},
    {"list", cmd_list, "list the stored runs"},
    {"show", cmd_show, "show one stored run: header and every metric"},
    {"import", cmd_import, "import a log (rtbench records, Zephyr latency_measure, ...)"},
    {"compare", cmd_compare, "put runs side by side"},
    {"check", cmd_check, "regression gate between two runs (exit 1 on a regression)"},
    {"sweep", cmd_sweep, "message throughput over a grid of points, from one image"},
    {"report", cmd_report, "one self-contained HTML page of runs: charts and tables"},
};

static void usage(FILE *out)
{
    fputs("usage: rtbench <subcommand> [options]    (no subcommand: rtbench run)\n"
          "       rtbench <subcommand> --help\n"
          "       rtbench --version\n"
          "\nsubcommands:\n",
          out);
    for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
        fprintf(out, "  %-9s %s\n", subs[i].name, subs[i].what);
    fputs("\nResults are stored in SQLite: --db PATH, else $RTBENCH_DB, else\n"
          "$XDG_DATA_HOME/rtbench/rtbench.db, else ~/.local/share/rtbench/rtbench.db.\n"
          "Exit status: 0 ok, 1 the answer is no (incomplete run, failed benchmark,\n"
          "regression), 2 bad usage or an input/database error.\n",
          out);
}

int main(int argc, char **argv)
{
    /* A closed stdout (rtbench list | head) must not kill a run mid-store. */
    signal(SIGPIPE, SIG_IGN);
    /* A file size limit reached while storing is an error to report (EFBIG), not a death. */
    signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        char *def[] = {"run", NULL};
        return cmd_run(1, def);
    }
    const char *sub = argv[1];
    if (strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0 || strcmp(sub, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(sub, "--version") == 0 || strcmp(sub, "-V") == 0) {
        printf("rtbench %s\n", RTBENCH_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
        if (strcmp(sub, subs[i].name) == 0)
            return subs[i].fn(argc - 1, argv + 1);
    if (sub[0] == '-')
        /* options without a subcommand belong to the default one: rtbench --target ... */
        return cmd_run(argc, argv);
    fprintf(
        stderr,
        "rtbench: unknown subcommand '%s' (run, list, show, import, compare, check, sweep, report; "
        "see rtbench --help)\n",
        term(sub));
    return 2;
}
