/*
 * rtbench compare RUN... [--metrics GLOB,...] [--unit cycles|ns|model-cycles]
 *                 [--stat mean|p50|p99|min|max] [--format NAME] [--db PATH]
 *                 [--summary [--baseline RUN]]
 *
 * Runs side by side, one row per metric, one column per run, plus the ratio
 * of each run to the first. Flags (within each run and across the runs) are
 * applied before printing and shown in every format. With --summary, the
 * scorecard of the same figures (scorecard.h) in place of the table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_select.h"
#include "cmd/cmds.h"
#include "comparison.h"
#include "db.h"
#include "artifact.h"
#include "idmap.h"
#include "scorecard.h"
#include "term.h"
#include "util.h"
#include "out/writer.h"

#define CMD "compare"
#define GLOBS "a comma-separated list of id globs"

static const struct option compare_options[] = {
    {"metrics", required_argument, NULL, 'M'},
    {"unit", required_argument, NULL, 'U'},
    {"stat", required_argument, NULL, 'S'},
    {"format", required_argument, NULL, 'F'},
    {"db", required_argument, NULL, 'D'},
    {"summary", no_argument, NULL, 'Y'},
    {"baseline", required_argument, NULL, 'B'},
    CLI_SELECTION_OPTIONS,
    {NULL, 0, NULL, 0},
};

static const struct cli_command compare_command = {
    CMD,
    "usage: rtbench compare RUN... [--metrics GLOB,...] [--unit cycles|ns|model-cycles]\n"
    "                       [--stat mean|p50|p99|min|max] [--format NAME]\n"
    "                       [--db PATH] [--summary [--baseline RUN]]\n"
    "       rtbench compare --where K=GLOB,... [--latest N] [options]\n"
    "--summary prints the scorecard of the runs against the baseline (default the\n"
    "first run) in place of the table.\n"
    "RUN is a run id, a label (its newest run) or latest. --where selects the runs\n"
    "by meta, header field or label instead (oldest first), --latest N the newest N.\n",
    compare_options,
    "",
    1 + DOC_COMPARISON,
    0,
    0,
};

struct compare_options {
    const char *metrics, *db_path;
    const char *baseline; /* --baseline RUN, or NULL: the first run */
    int summary;
    enum figure_unit unit;
    enum figure_stat stat;
    const struct writer *writer;
    struct cli_selection sel; /* --where, --latest */
};

static int compare_option(void *ctx, int id, const char *v)
{
    struct compare_options *o = ctx;
    switch (id) {
    case 'M':
        if (!*v)
            return cli_usage_err(CMD, "--metrics needs " GLOBS, NULL);
        o->metrics = v;
        break;
    case 'U':
        if (figure_parse_unit(v, &o->unit) < 0)
            return cli_usage_err(CMD, "--unit must be cycles, ns or model-cycles, not",
                                 *v ? v : "(nothing)");
        break;
    case 'S':
        if (figure_parse_stat(v, &o->stat) < 0)
            return cli_usage_err(CMD, "--stat must be mean, p50, p99, min or max, not",
                                 *v ? v : "(nothing)");
        break;
    case 'F':
        return cli_writer_option(CMD, v, DOC_COMPARISON, &o->writer);
    case 'Y':
        o->summary = 1;
        break;
    case 'B':
        if (!*v)
            return cli_usage_err(CMD, "--baseline needs a run (an id, a label or latest)", NULL);
        o->baseline = v;
        break;
    case 'W':
    case 'N':
        return cli_selection_option(CMD, &o->sel, id, v);
    default: /* 'D' */
        o->db_path = v;
        break;
    }
    return CLI_GO;
}

/* The document: the table, or with --summary the scorecard. */
static int write_document(const struct compare_options *o, const struct comparison *t,
                          size_t baseline)
{
    if (!o->summary)
        return cli_write_done(CMD, o->writer->comparison(stdout, t));
    struct scorecard s;
    scorecard_build(&s, t, baseline);
    int rc = cli_write_done(CMD, o->writer->summary(stdout, &s));
    scorecard_free(&s);
    return rc;
}

/* The loaded runs of T flagged and compared; 0 or 2. */
static int compare_loaded(const struct compare_options *o, struct comparison *t,
                          const struct cli_globs *globs, size_t baseline)
{
    int rc = 2;
    for (size_t i = 0; i < t->n_runs; i++)
        cli_warn_incomplete(CMD, NULL, t->runs[i]);
    artifact_flag_compare(t->runs, t->n_runs);
    if (comparison_build(t, o->stat, globs) == 0)
        fprintf(stderr, "rtbench compare: no metric to compare%s%s\n",
                o->metrics ? " matches --metrics " : "", o->metrics ? term(o->metrics) : "");
    else
        rc = write_document(o, t, baseline);
    comparison_free_rows(t);
    return rc;
}

/* Loads the runs (and the --baseline run after them) and compares them. 0 or 2. */
static int compare_runs(const struct compare_options *o, char *const *refs, size_t n_refs,
                        const struct cli_globs *globs)
{
    struct comparison t = {.unit = o->unit};
    size_t baseline;
    if (cli_load_compared(CMD, o->db_path, refs, n_refs, o->baseline, &t, &baseline) != 0)
        return 2;
    int rc = compare_loaded(o, &t, globs, baseline);
    runs_free(t.runs, n_refs + (o->baseline != NULL));
    return rc;
}

/* --summary and --baseline together and in a format that writes a scorecard;
 * CLI_GO or 2 after a one-line error. */
static int check_summary(const struct compare_options *o)
{
    char names[128];
    if (o->baseline && !o->summary)
        return cli_usage_err(CMD, "--baseline is the scorecard's: give --summary with it", NULL);
    if (o->summary && !o->writer->summary) {
        writer_names(DOC_SUMMARY, names, sizeof names);
        fprintf(stderr, "rtbench compare: --summary is written as %s, not --format %s\n", names,
                o->writer->name);
        return 2;
    }
    return CLI_GO;
}

int cmd_compare(int argc, char **argv)
{
    struct compare_options o = {NULL, NULL, NULL, 0, UNIT_NATIVE, STAT_AUTO, writers[0], {{0}, 0}};
    int first;
    char **refs = NULL;
    size_t n_refs = 0;
    int rc = cli_parse(&compare_command, argc, argv, compare_option, &o, &first);
    if (rc == CLI_GO)
        rc = check_summary(&o);
    if (rc == CLI_GO)
        rc = cli_selection_args(CMD, o.db_path, &o.sel, argc - first, argv + first, &refs, &n_refs);
    if (rc == CLI_GO && n_refs == 0)
        rc = cli_usage_err(
            CMD,
            "no run given (usage: rtbench compare RUN... [options]; RUN = id, label or latest)",
            NULL);
    if (rc == CLI_GO) {
        struct cli_globs globs;
        cli_globs_split(&globs, o.metrics);
        if (o.metrics && globs.n == 0)
            rc = cli_usage_err(CMD, "--metrics needs " GLOBS, NULL);
        else
            rc = compare_runs(&o, refs, n_refs, &globs);
        cli_globs_free(&globs);
    }
    cli_selection_refs_free(refs, n_refs);
    cli_selection_free(&o.sel);
    return rc;
}
