/*
 * rtbench compare RUN... [--metrics GLOB,...] [--unit cycles|ns]
 *                 [--stat mean|p50|p99|min|max] [--format text|markdown|csv|json] [--db PATH]
 *
 * Runs side by side, one row per metric, one column per run, plus the ratio
 * of each run to the first. Flags (within each run and across the runs) are
 * applied before printing and shown in every format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmds.h"
#include "db.h"
#include "flags.h"
#include "format.h"
#include "util.h"

#define CMD "compare"
#define GLOBS "a comma-separated list of id globs"

static int have(const char **ids, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(ids[i], id) == 0)
            return 1;
    return 0;
}

static const struct option compare_options[] = {
    {"metrics", required_argument, NULL, 'M'}, {"unit", required_argument, NULL, 'U'},
    {"stat", required_argument, NULL, 'S'},    {"format", required_argument, NULL, 'F'},
    {"db", required_argument, NULL, 'D'},      {NULL, 0, NULL, 0},
};

static const struct cli_command compare_command = {
    CMD,
    "usage: rtbench compare RUN... [--metrics GLOB,...] [--unit cycles|ns]\n"
    "                       [--stat mean|p50|p99|min|max] [--format text|markdown|csv|json]\n"
    "                       [--db PATH]\n"
    "RUN is a run id, a label (its newest run) or latest.\n",
    compare_options,
    "",
};

struct compare_options {
    const char *metrics, *db_path;
    enum cmp_unit unit;
    enum cmp_stat stat;
    enum fmt_kind kind;
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
        if (format_parse_unit(v, &o->unit) < 0)
            return cli_usage_err(CMD, "--unit must be cycles or ns, not", *v ? v : "(nothing)");
        break;
    case 'S':
        if (format_parse_stat(v, &o->stat) < 0)
            return cli_usage_err(CMD, "--stat must be mean, p50, p99, min or max, not",
                                 *v ? v : "(nothing)");
        break;
    case 'F':
        if (format_parse_kind(v, &o->kind) < 0)
            return cli_usage_err(CMD, "--format must be text, markdown, csv or json, not",
                                 *v ? v : "(nothing)");
        break;
    default: /* 'D' */
        o->db_path = v;
        break;
    }
    return CLI_GO;
}

int cmd_compare(int argc, char **argv)
{
    struct compare_options o = {NULL, NULL, CU_NATIVE, CS_AUTO, FMT_TEXT};
    int first;
    int rc = cli_parse(&compare_command, argc, argv, compare_option, &o, &first);
    if (rc != CLI_GO)
        return rc;
    const char *metrics = o.metrics, *dbpath = o.db_path;
    enum cmp_unit unit = o.unit;
    enum cmp_stat stat = o.stat;
    enum fmt_kind kind = o.kind;
    const char **refs = (const char **)argv + first;
    size_t n_refs = (size_t)(argc - first), n_runs = 0;
    rc = 2;
    struct cli_globs globs = {0};
    sqlite3 *db = NULL;
    struct run **runs = NULL;
    const char **ids = NULL;
    struct cmp_cell *cells = NULL;
    if (n_refs == 0) {
        cli_usage_err(
            CMD,
            "no run given (usage: rtbench compare RUN... [options]; RUN = id, label or latest)",
            NULL);
        goto out;
    }

    /* metric globs */
    cli_globs_split(&globs, metrics);
    if (metrics && globs.n == 0) {
        cli_usage_err(CMD, "--metrics needs " GLOBS, NULL);
        goto out;
    }

    runs = xcalloc(n_refs, sizeof *runs);
    if (cli_open_db(CMD, dbpath, DB_READ, &db, NULL) != 0)
        goto out;
    for (size_t i = 0; i < n_refs; i++) {
        runs[i] = xcalloc(1, sizeof **runs);
        n_runs++;
        if (cli_load_run(CMD, db, "run", refs[i], runs[i]) < 0)
            goto out;
    }
    for (size_t i = 0; i < n_runs; i++) {
        flags_apply_run(runs[i]);
        cli_warn_incomplete(CMD, NULL, runs[i]);
    }
    flags_apply_compare(runs, n_runs);

    /* rows: in the order of the globs when given, within a glob the order of
     * the first run, then of the others */
    size_t cap = 0, n_ids = 0;
    for (size_t i = 0; i < n_runs; i++)
        cap += runs[i]->n_m;
    ids = xcalloc(cap + 1, sizeof *ids);
    size_t passes = globs.n ? globs.n : 1;
    /* globs that match nothing, warned about only if some other glob matched */
    size_t *unmatched = xcalloc(passes, sizeof *unmatched), n_unmatched = 0;
    for (size_t g = 0; g < passes; g++) {
        size_t before = n_ids;
        for (size_t i = 0; i < n_runs; i++) {
            for (size_t k = 0; k < runs[i]->n_m; k++) {
                const char *id = runs[i]->m[k].id;
                size_t which;
                if (globs.n && !(cli_globs_match(&globs, id, &which) && which == g))
                    continue;
                if (!have(ids, n_ids, id))
                    ids[n_ids++] = id;
            }
        }
        if (globs.n && n_ids == before)
            unmatched[n_unmatched++] = g;
    }
    for (size_t u = 0; n_ids > 0 && u < n_unmatched; u++)
        fprintf(stderr, "rtbench compare: warning: no metric matches %s\n", globs.v[unmatched[u]]);
    free(unmatched);
    if (n_ids == 0) {
        fprintf(stderr, "rtbench compare: no metric to compare%s%s\n",
                metrics ? " matches --metrics " : "", metrics ? metrics : "");
        goto out;
    }

    cells = xcalloc(n_ids * n_runs, sizeof *cells);
    for (size_t i = 0; i < n_ids; i++) {
        for (size_t j = 0; j < n_runs; j++) {
            struct cmp_cell *c = &cells[i * n_runs + j];
            const struct metric *m = run_find_metric(runs[j], ids[i]);
            c->ok = format_metric_value(runs[j], m, stat, unit, &c->value, &c->stat, &c->why);
            c->flags = m ? m->flags : 0;
        }
    }
    struct cmp_table t = {.n_runs = n_runs,
                          .n_rows = n_ids,
                          .runs = runs,
                          .metrics = ids,
                          .cells = cells,
                          .unit = unit};
    if (format_write(stdout, kind, &t) < 0 || fflush(stdout) != 0) {
        fprintf(stderr, "rtbench compare: cannot write the output\n");
        goto out;
    }
    rc = 0;
out:
    free(cells);
    free(ids);
    for (size_t i = 0; i < n_runs; i++) {
        run_free(runs[i]);
        free(runs[i]);
    }
    free(runs);
    if (db)
        db_close(db);
    cli_globs_free(&globs);
    return rc;
}
