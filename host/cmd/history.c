/*
 * rtbench history METRIC... [--where K=GLOB,...] [--latest N] [--format NAME] [--db PATH]
 *
 * One row per run of the series (the runs --where selects, oldest first),
 * per metric: the revision measured, the figure, its change from the run
 * before, and a flag at a change point (history.h: any change under
 * QEMU -icount, a noise-aware two-window test otherwise). METRIC is an id
 * or a glob (semaphore.*).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_select.h"
#include "cmd/cmds.h"
#include "db_select.h"
#include "history.h"
#include "term.h"
#include "util.h"
#include "out/writer.h"

#define CMD "history"

static const struct option history_options[] = {
    CLI_SELECTION_OPTIONS,
    {"db", required_argument, NULL, 'D'},
    {"format", required_argument, NULL, 'F'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command history_command = {
    CMD,
    "usage: rtbench history METRIC... [--where KEY=GLOB,...] [--latest N] [--format NAME]\n"
    "                       [--db PATH]\n"
    "One row per run of the series (oldest first): revision, figure (p50, else mean),\n"
    "change from the previous run, and 'change point' where the series changes: any\n"
    "change under QEMU -icount, else a two-window test on medians (docs/cli.md#history).\n"
    "METRIC is a metric id or a glob (semaphore.*).\n"
    "      --where K=GLOB,...  only the runs whose meta, header field or label K\n"
    "                          matches GLOB (commit=abc*,board=mps2-an385)\n"
    "      --latest N          only the newest N of them\n",
    history_options,
    "",
    1 + DOC_HISTORY,
    0,
    0,
};

struct history_options {
    struct cli_selection sel;
    const char *db_path;
    const struct writer *writer;
};

static int history_option(void *ctx, int id, const char *v)
{
    struct history_options *o = ctx;
    if (id == 'F')
        return cli_writer_option(CMD, v, DOC_HISTORY, &o->writer);
    if (id == 'D') {
        o->db_path = v;
        return CLI_GO;
    }
    return cli_selection_option(CMD, &o->sel, id, v);
}

static int wanted(const void *ctx, const char *metric)
{
    return cli_globs_match(ctx, metric, NULL);
}

int cmd_history(int argc, char **argv)
{
    struct history_options o = {{{0}, 0}, NULL, writers[0]};
    int first;
    int rc = cli_parse(&history_command, argc, argv, history_option, &o, &first);
    if (rc != CLI_GO) {
        cli_selection_free(&o.sel);
        return rc;
    }
    struct cli_globs globs = {0};
    struct history h = {0};
    sqlite3 *db = NULL;
    char err[512];
    int empty = 0;
    rc = 2;
    for (int i = first; i < argc; i++)
        empty |= !*argv[i];
    if (first == argc)
        cli_usage_err(CMD, "which metric? (usage: rtbench history METRIC... [--where K=GLOB])",
                      NULL);
    else if (empty)
        cli_usage_err(CMD, "a METRIC is empty (an id or a glob is needed)", NULL);
    if (first == argc || empty || cli_open_db(CMD, o.db_path, DB_READ, &db, NULL) != 0)
        goto out;
    char *list = xstrdup(argv[first]);
    for (int i = first + 1; i < argc; i++) {
        char *l = xasprintf("%s,%s", list, argv[i]);
        free(list);
        list = l;
    }
    cli_globs_split(&globs, list);
    free(list);
    if (db_load_history(db, &o.sel.where, o.sel.latest, wanted, &globs, &h, err, sizeof err) != 0)
        fprintf(stderr, "rtbench history: %s\n", term(err));
    else if (h.n_runs == 0)
        fprintf(stderr, "rtbench history: no stored run%s\n",
                o.sel.where.n ? " matches --where" : "");
    else if (h.n_series == 0)
        fprintf(stderr, "rtbench history: no metric of the %zu run(s) matches %s\n", h.n_runs,
                term(argv[first]));
    else {
        history_detect(&h);
        rc = cli_write_done(CMD, o.writer->history(stdout, &h));
    }
out:
    db_close(db);
    history_free(&h);
    cli_globs_free(&globs);
    cli_selection_free(&o.sel);
    return rc;
}
