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

static void usage(FILE *out)
{
    fprintf(out, "usage: rtbench <subcommand> [options]    (no subcommand: rtbench %s)\n",
            subcommands[0].name);
    fputs("       rtbench <subcommand> --help\n"
          "       rtbench --version\n"
          "\nsubcommands:\n",
          out);
    for (const struct subcommand *c = subcommands; c->name; c++)
        fprintf(out, "  %-9s %s\n", c->name, c->what);
    fputs("\nResults are stored in SQLite: --db PATH, else $RTBENCH_DB, else\n"
          "$XDG_DATA_HOME/rtbench/rtbench.db, else ~/.local/share/rtbench/rtbench.db.\n"
          "Exit status: 0 ok, 1 the answer is no (incomplete run, failed benchmark,\n"
          "regression), 2 bad usage or an input/database error.\n",
          out);
}

/* "run, list, ..." (the table's names) into BUF. */
static void subcommand_names(char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = '\0';
    for (const struct subcommand *c = subcommands; c->name && k < len; c++) {
        int l = snprintf(buf + k, len - k, "%s%s", k ? ", " : "", c->name);
        k += l > 0 ? (size_t)l : 0;
    }
}

int main(int argc, char **argv)
{
    /* A closed stdout (rtbench list | head) must not kill a run mid-store. */
    signal(SIGPIPE, SIG_IGN);
    /* A file size limit reached while storing is an error to report (EFBIG), not a death. */
    signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        char name[32];
        snprintf(name, sizeof name, "%s", subcommands[0].name);
        char *def[] = {name, NULL};
        return subcommands[0].fn(1, def);
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
    for (const struct subcommand *c = subcommands; c->name; c++)
        if (strcmp(sub, c->name) == 0)
            return c->fn(argc - 1, argv + 1);
    if (sub[0] == '-')
        /* options without a subcommand belong to the default one: rtbench --target ... */
        return subcommands[0].fn(argc, argv);
    char names[256];
    subcommand_names(names, sizeof names);
    fprintf(stderr, "rtbench: unknown subcommand '%s' (%s; see rtbench --help)\n", term(sub),
            names);
    return 2;
}
