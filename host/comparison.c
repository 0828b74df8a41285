/*
 * rtbench host - the comparison builder (comparison.h): the rows and cells
 * of runs side by side, as `compare` prints them and `report` draws them.
 */
#include "comparison.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idmap.h"
#include "term.h"
#include "util.h"
#include "out/writer.h"

static const char *row_id(const void *ctx, size_t i)
{
    return (*(const char *const *const *)ctx)[i];
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

struct cmp_cell *comparison_cells(const struct comparison *t, enum figure_stat stat,
                                  enum figure_unit unit)
{
    struct cmp_cell *cells = xcalloc(t->n_rows * t->n_runs + 1, sizeof *cells);
    for (size_t i = 0; i < t->n_rows; i++)
        for (size_t j = 0; j < t->n_runs; j++) {
            struct cmp_cell *c = &cells[i * t->n_runs + j];
            const struct metric *m = run_find_metric(t->runs[j], t->metrics[i]);
            c->ok = figure_value(t->runs[j], m, stat, unit, &c->value, &c->stat, &c->why);
            c->flags = m ? m->flags : 0;
            c->unit = m && metric_is_value(m) ? m->unit : NULL;
        }
    return cells;
}

/* The cells of T (runs, metrics set): each run's figure of each metric; and
 * each row's unit when it is a value metric in some run. */
static void fill_cells(struct comparison *t, enum figure_stat stat)
{
    t->cells = comparison_cells(t, stat, t->unit);
    t->row_unit = xcalloc(t->n_rows, sizeof *t->row_unit);
    t->row_higher = xcalloc(t->n_rows, sizeof *t->row_higher);
    t->labels = xcalloc(t->n_rows, sizeof *t->labels);
    for (size_t i = 0; i < t->n_rows; i++) {
        size_t owner = 0; /* the first run in which the row is a value metric */
        int mixed = 0;    /* some run has it in another unit */
        for (size_t j = 0; !t->row_unit[i] && j < t->n_runs; j++) {
            const struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            if (c->unit) {
                t->row_unit[i] = c->unit;
                t->row_higher[i] =
                    run_find_metric(t->runs[j], t->metrics[i])->higher_better ? 1 : 0;
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

size_t comparison_baseline(const char *cmd, struct run **runs, size_t n, const struct run *b,
                           const char *ref)
{
    for (size_t j = 0; j < n; j++)
        if (runs[j]->id == b->id)
            return j;
    fprintf(stderr, "rtbench %s: --baseline %s (run #%lld) is not one of the compared runs\n", cmd,
            term(ref), (long long)b->id);
    return n;
}
