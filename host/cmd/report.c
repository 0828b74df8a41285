/*
 * rtbench report RUN... [-o FILE] [--metrics GLOB,...] [--baseline RUN] [--db PATH]
 *
 * One self-contained HTML page of the runs (out/html.c): first the
 * scorecard against the baseline (default the first run) and the heatmap
 * (out/html_summary.c), then their headers side by side, a grouped bar chart per
 * family, distributions, sweeps and the sortable comparison table, with the
 * flags of `compare` applied; runs selected with --where/--latest are a
 * series, and the page has a history section (a chart per metric over them,
 * change points marked: out/html_history.c). The
 * page is written to a temporary file beside FILE and renamed into place,
 * so an error never leaves half a report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_select.h"
#include "cmd/cmds.h"
#include "comparison.h"
#include "artifact.h"
#include "history.h"
#include "out/html.h"
#include "util.h"
#include "out/writer.h"

#define CMD "report"
#define DEFAULT_OUTPUT "rtbench-report.html"

static const struct option report_options[] = {
    {"output", required_argument, NULL, 'o'},
    {"metrics", required_argument, NULL, 'M'},
    {"db", required_argument, NULL, 'D'},
    {"baseline", required_argument, NULL, 'B'},
    CLI_SELECTION_OPTIONS,
    {NULL, 0, NULL, 0},
};

static const struct cli_command report_command = {
    CMD,
    "usage: rtbench report RUN... [-o FILE] [--metrics GLOB,...] [--baseline RUN] [--db PATH]\n"
    "One self-contained HTML page (no network needed to open it): the scorecard (per\n"
    "family and overall, each run's geometric mean of its ratios to the baseline, by\n"
    "default the first run), a heatmap of every metric x run, the runs' headers, a bar\n"
    "chart per family (own unit, ns, model-cycles), distributions, sweeps and a\n"
    "sortable comparison table with ratios to the first run.\n"
    "RUN is a run id, a label (its newest run) or latest; FILE defaults to " DEFAULT_OUTPUT ".\n"
    "--where K=GLOB,... selects the runs by meta, header field or label instead (oldest\n"
    "first), --latest N the newest N of them; so selected, the runs are a series and\n"
    "the page has a history section: a chart per metric over them, change points\n"
    "marked as `rtbench history` finds them.\n",
    report_options,
    "o:",
    0,
    0,
    0,
};

struct report_options {
    const char *output, *metrics, *db_path;
    const char *baseline; /* --baseline RUN, or NULL: the first run */
    struct cli_selection sel;
};

static int report_option(void *ctx, int id, const char *v)
{
    struct report_options *o = ctx;
    if (id == 'o') {
        if (!*v)
            return cli_usage_err(CMD, "-o needs a file name", NULL);
        o->output = v;
    } else if (id == 'M') {
        if (!*v)
            return cli_usage_err(CMD, "--metrics needs a comma-separated list of id globs", NULL);
        o->metrics = v;
    } else if (id == 'B') {
        if (!*v)
            return cli_usage_err(CMD, "--baseline needs a run (an id, a label or latest)", NULL);
        o->baseline = v;
    } else if (id == 'W' || id == 'N') {
        return cli_selection_option(CMD, &o->sel, id, v);
    } else {
        o->db_path = v;
    }
    return CLI_GO;
}

struct page_args {
    const struct comparison *t;
    size_t baseline;
    const struct history *history;
};

static int page_write(FILE *f, const void *ctx)
{
    const struct page_args *a = ctx;
    return html_report_write_series(f, a->t, a->baseline, a->history);
}

/* Writes T (with the history H, or NULL) into PATH; 0, or 2 after a one-line error. */
static int write_page(const char *path, const struct comparison *t, size_t baseline,
                      const struct history *h)
{
    struct page_args a = {t, baseline, h};
    if (cli_write_file(CMD, "the report", path, page_write, &a) != 0)
        return 2;
    struct stat st;
    long long size = stat(path, &st) == 0 ? (long long)st.st_size : -1;
    printf("wrote %s (%zu runs, %zu metrics, %lld bytes)\n", path, t->n_runs, t->n_rows, size);
    return 0;
}

/* The loaded runs of T flagged, compared and written against run BASELINE;
 * 0 or 2. */
static int report_loaded(const struct report_options *o, struct comparison *t, size_t baseline,
                         const struct cli_globs *globs)
{
    for (size_t i = 0; i < t->n_runs; i++)
        cli_warn_incomplete(CMD, NULL, t->runs[i]);
    artifact_flag_compare(t->runs, t->n_runs);
    int rc = 2;
    if (comparison_build(t, STAT_AUTO, globs) == 0)
        fprintf(stderr, "rtbench report: no metric to report%s%s\n",
                o->metrics ? " matches --metrics " : "", o->metrics ? o->metrics : "");
    else if (!cli_selection_given(&o->sel))
        rc = write_page(o->output, t, baseline, NULL);
    else { /* a series: its history too */
        struct history h;
        history_from_runs(&h, t->runs, t->n_runs, t->metrics, t->n_rows);
        history_detect(&h);
        rc = write_page(o->output, t, baseline, &h);
        history_free(&h);
    }
    comparison_free_rows(t);
    return rc;
}

/* Loads the runs (and the --baseline run after them) and reports them. 0 or 2. */
static int report_runs(const struct report_options *o, char *const *refs, size_t n,
                       const struct cli_globs *globs)
{
    struct comparison t = {.unit = UNIT_NATIVE};
    size_t baseline;
    if (cli_load_compared(CMD, o->db_path, refs, n, o->baseline, &t, &baseline) != 0)
        return 2;
    int rc = report_loaded(o, &t, baseline, globs);
    runs_free(t.runs, n + (o->baseline != NULL));
    return rc;
}

int cmd_report(int argc, char **argv)
{
    struct report_options o = {DEFAULT_OUTPUT, NULL, NULL, NULL, {{0}, 0}};
    int first;
    char **refs = NULL;
    size_t n = 0;
    int rc = cli_parse(&report_command, argc, argv, report_option, &o, &first);
    if (rc == CLI_GO)
        rc = cli_selection_args(CMD, o.db_path, &o.sel, argc - first, argv + first, &refs, &n);
    if (rc == CLI_GO && n == 0)
        rc = cli_usage_err(
            CMD, "no run given (usage: rtbench report RUN... [-o FILE]; RUN = id, label or latest)",
            NULL);
    if (rc == CLI_GO) {
        struct cli_globs globs;
        cli_globs_split(&globs, o.metrics);
        if (o.metrics && globs.n == 0)
            rc = cli_usage_err(CMD, "--metrics needs a comma-separated list of id globs", NULL);
        else
            rc = report_runs(&o, refs, n, &globs);
        cli_globs_free(&globs);
    }
    cli_selection_refs_free(refs, n);
    cli_selection_free(&o.sel);
    return rc;
}
