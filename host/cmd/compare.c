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
#include "cmd/cmds.h"
#include "db.h"
#include "artifact.h"
#include "idmap.h"
#include "scorecard.h"
#include "term.h"
#include "util.h"
#include "out/writer.h"

#define CMD "compare"
#define GLOBS "a comma-separated list of id globs"

static const char *row_id(const void *ctx, size_t i)
{
    return (*(const char *const *const *)ctx)[i];
}

static const struct option compare_options[] = {
    {"metrics", required_argument, NULL, 'M'},  {"unit", required_argument, NULL, 'U'},
    {"stat", required_argument, NULL, 'S'},     {"format", required_argument, NULL, 'F'},
    {"db", required_argument, NULL, 'D'},       {"summary", no_argument, NULL, 'Y'},
    {"baseline", required_argument, NULL, 'B'}, {NULL, 0, NULL, 0},
};

static const struct cli_command compare_command = {
    CMD,
    "usage: rtbench compare RUN... [--metrics GLOB,...] [--unit cycles|ns|model-cycles]\n"
    "                       [--stat mean|p50|p99|min|max] [--format NAME]\n"
    "                       [--db PATH] [--summary [--baseline RUN]]\n"
    "--summary prints the scorecard of the runs against the baseline (default the\n"
    "first run) in place of the table.\n"
    "RUN is a run id, a label (its newest run) or latest.\n",
    compare_options,
    "",
    1 + DOC_COMPARISON,
    0,
};

struct compare_options {
    const char *metrics, *db_path;
    const char *baseline; /* --baseline RUN, or NULL: the first run */
    int summary;
    enum figure_unit unit;
    enum figure_stat stat;
    const struct writer *writer;
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
    default: /* 'D' */
        o->db_path = v;
        break;
    }
    return CLI_GO;
}

/* The rows: in the order of the globs when given, within a glob the order
 * of the first run, then of the others. A glob that matches nothing is
 * warned about when another glob matched. The ids (pointing into the runs)
 * into *ids; their number. */
static size_t select_rows(struct run **runs, size_t n_runs, const struct cli_globs *globs,
                          const char ***ids)
{
    size_t cap = 0, n_ids = 0;
    for (size_t i = 0; i < n_runs; i++)
        cap += runs[i]->n_m;
    *ids = xcalloc(cap + 1, sizeof **ids);
    size_t passes = globs->n ? globs->n : 1;
    size_t *unmatched = xcalloc(passes, sizeof *unmatched), n_unmatched = 0;
    struct idmap seen; /* the ids taken so far */
    memset(&seen, 0, sizeof seen);
    for (size_t g = 0; g < passes; g++) {
        size_t before = n_ids;
        for (size_t i = 0; i < n_runs; i++) {
            for (size_t k = 0; k < runs[i]->n_m; k++) {
                const char *id = runs[i]->m[k].id;
                size_t which;
                if (globs->n && !(cli_globs_match(globs, id, &which) && which == g))
                    continue;
                if (idmap_find(&seen, id, row_id, ids) == (size_t)-1) {
                    (*ids)[n_ids] = id;
                    idmap_add(&seen, n_ids++, row_id, ids);
                }
            }
        }
        if (globs->n && n_ids == before)
            unmatched[n_unmatched++] = g;
    }
    for (size_t u = 0; n_ids > 0 && u < n_unmatched; u++)
        fprintf(stderr, "rtbench compare: warning: no metric matches %s\n",
                term(globs->v[unmatched[u]]));
    free(unmatched);
    idmap_free(&seen);
    return n_ids;
}

/* The cells of T (runs, metrics set): each run's figure of each metric; and
 * each row's unit when it is a value metric in some run. */
static void fill_cells(struct comparison *t, enum figure_stat stat)
{
    t->cells = xcalloc(t->n_rows * t->n_runs, sizeof *t->cells);
    t->row_unit = xcalloc(t->n_rows, sizeof *t->row_unit);
    t->row_higher = xcalloc(t->n_rows, sizeof *t->row_higher);
    t->labels = xcalloc(t->n_rows, sizeof *t->labels);
    for (size_t i = 0; i < t->n_rows; i++) {
        size_t owner = 0; /* the first run in which the row is a value metric */
        int mixed = 0;    /* some run has it in another unit */
        for (size_t j = 0; j < t->n_runs; j++) {
            struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            const struct metric *m = run_find_metric(t->runs[j], t->metrics[i]);
            c->ok = figure_value(t->runs[j], m, stat, t->unit, &c->value, &c->stat, &c->why);
            c->flags = m ? m->flags : 0;
            c->unit = m && metric_is_value(m) ? m->unit : NULL;
            if (c->unit && !t->row_unit[i]) {
                t->row_unit[i] = m->unit;
                t->row_higher[i] = m->higher_better ? 1 : 0;
                owner = j;
            }
        }
        for (size_t j = 0; t->row_unit[i] && j < t->n_runs; j++) {
            const struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            if (c->ok && (!c->unit || strcmp(c->unit, t->row_unit[i]) != 0))
                mixed = 1;
        }
        if (mixed) /* e.g. an imported log's own counter beside another run's latency */
            t->labels[i] = xasprintf("%s [%s in #%lld]", t->metrics[i], t->row_unit[i],
                                     (long long)t->runs[owner]->id);
        else if (t->row_unit[i])
            t->labels[i] = xasprintf("%s [%s%s]", t->metrics[i], t->row_unit[i],
                                     t->row_higher[i] ? ", higher is better" : "");
        else
            t->labels[i] = xstrdup(t->metrics[i]);
    }
    comparison_prepare(t);
}

static void free_rows(struct comparison *t)
{
    for (size_t i = 0; t->labels && i < t->n_rows; i++)
        free(t->labels[i]);
    free(t->labels);
    free(t->row_unit);
    free(t->row_higher);
    free(t->cells);
    free(t->metrics);
}

size_t comparison_build(struct comparison *t, enum figure_stat stat, const struct cli_globs *globs)
{
    t->n_rows = select_rows(t->runs, t->n_runs, globs, &t->metrics);
    if (t->n_rows)
        fill_cells(t, stat);
    return t->n_rows;
}

void comparison_free_rows(struct comparison *t)
{
    comparison_release(t);
    free_rows(t);
}

/* The index of run B among the N runs, or N after a one-line error. */
static size_t baseline_index(struct run **runs, size_t n, const struct run *b, const char *ref)
{
    for (size_t j = 0; j < n; j++)
        if (runs[j]->id == b->id)
            return j;
    fprintf(stderr, "rtbench compare: --baseline %s (run #%lld) is not one of the compared runs\n",
            term(ref), (long long)b->id);
    return n;
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
    flags_apply_compare(t->runs, t->n_runs);
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
    size_t n_load = n_refs + (o->baseline != NULL), baseline = 0;
    char **all = xcalloc(n_load, sizeof *all);
    const char **roles = xcalloc(n_load, sizeof *roles);
    for (size_t i = 0; i < n_load; i++) {
        all[i] = i < n_refs ? refs[i] : (char *)o->baseline;
        roles[i] = i < n_refs ? "run" : "--baseline";
    }
    int rc = cli_load_runs(CMD, o->db_path, all, n_load, roles, &t.runs);
    free(all);
    free(roles);
    if (rc != 0)
        return 2;
    t.n_runs = n_refs;
    if (o->baseline)
        baseline = baseline_index(t.runs, n_refs, t.runs[n_refs], o->baseline);
    rc = baseline < n_refs ? compare_loaded(o, &t, globs, baseline) : 2;
    runs_free(t.runs, n_load);
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
    struct compare_options o = {NULL, NULL, NULL, 0, UNIT_NATIVE, STAT_AUTO, writers[0]};
    int first;
    int rc = cli_parse(&compare_command, argc, argv, compare_option, &o, &first);
    if (rc == CLI_GO)
        rc = check_summary(&o);
    if (rc != CLI_GO)
        return rc;
    if (first == argc)
        return cli_usage_err(
            CMD,
            "no run given (usage: rtbench compare RUN... [options]; RUN = id, label or latest)",
            NULL);
    struct cli_globs globs;
    cli_globs_split(&globs, o.metrics);
    if (o.metrics && globs.n == 0)
        rc = cli_usage_err(CMD, "--metrics needs " GLOBS, NULL);
    else
        rc = compare_runs(&o, argv + first, (size_t)(argc - first), &globs);
    cli_globs_free(&globs);
    return rc;
}
