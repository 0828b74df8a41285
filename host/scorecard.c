/*
 * rtbench host - the scorecard of a comparison (scorecard.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "scorecard.h"
#include "util.h"

/* The family of metric id ID: its first dot-separated part, into s->families
 * when new; its index. */
static size_t family_of(struct scorecard *s, const char *id)
{
    size_t len = strcspn(id, ".");
    for (size_t f = 0; f < s->n_fam; f++)
        if (strlen(s->families[f]) == len && memcmp(s->families[f], id, len) == 0)
            return f;
    char *name = xcalloc(len + 1, 1);
    memcpy(name, id, len);
    s->families[s->n_fam] = name;
    return s->n_fam++;
}

/* Run J's ratio of ROW to the baseline, inverted where higher is better:
 * 1 with *ratio; 0 when n/a (a figure n/a or absent, <= 0, or another unit);
 * -1 when flagged (an artifact in either run). */
static int row_ratio(const struct scorecard *s, size_t row, size_t j, double *ratio)
{
    const struct comparison *t = s->t;
    const struct cmp_cell *a = &t->cells[row * t->n_runs + s->baseline];
    const struct cmp_cell *b = &t->cells[row * t->n_runs + j];
    if (!a->ok || !b->ok)
        return 0;
    if ((a->flags | b->flags) & MF_ARTIFACTS)
        return -1;
    if (a->value <= 0 || b->value <= 0)
        return 0;
    if ((a->unit || b->unit) && (!a->unit || !b->unit || strcmp(a->unit, b->unit) != 0))
        return 0;
    *ratio = t->row_higher[row] ? a->value / b->value : b->value / a->value;
    return 1;
}

/* Adds ROW's log-ratio to the scores of its family F and overall: pass 0
 * sums the logs and counts, pass 1 (means known) sums the squared deviations. */
static void add_row(struct scorecard *s, size_t row, size_t f, size_t j, int pass)
{
    size_t n_runs = s->t->n_runs;
    struct score *in[2] = {&s->scores[f * n_runs + j], &s->scores[s->n_fam * n_runs + j]};
    double r = 1;
    int k = row_ratio(s, row, j, &r);
    for (size_t i = 0; i < 2; i++) {
        if (pass == 0 && k == 0)
            in[i]->na++;
        else if (pass == 0 && k < 0)
            in[i]->flagged++;
        else if (pass == 0 && k > 0) {
            in[i]->covered++;
            in[i]->gmean += log(r);
        } else if (k > 0) {
            double d = log(r) - in[i]->gmean;
            in[i]->gsd += d * d;
        }
    }
}

void scorecard_build(struct scorecard *s, const struct comparison *t, size_t baseline)
{
    size_t n_runs = t->n_runs;
    memset(s, 0, sizeof *s);
    s->t = t;
    s->baseline = baseline;
    s->families = xcalloc(t->n_rows + 1, sizeof *s->families);
    size_t *fam = xcalloc(t->n_rows + 1, sizeof *fam);
    for (size_t i = 0; i < t->n_rows; i++)
        fam[i] = family_of(s, t->metrics[i]);
    s->scores = xcalloc((s->n_fam + 1) * n_runs, sizeof *s->scores);
    s->unit = xcalloc(n_runs, sizeof *s->unit);
    for (size_t j = 0; j < n_runs; j++)
        s->unit[j] = figure_unit_name(t->runs[j], t->unit);
    for (size_t j = 0; j < n_runs; j++) {
        if (j == baseline || !scorecard_comparable(s, j))
            continue;
        for (int pass = 0; pass < 2; pass++) {
            for (size_t i = 0; i < t->n_rows; i++)
                add_row(s, i, fam[i], j, pass);
            for (size_t f = 0; f <= s->n_fam; f++) {
                struct score *sc = &s->scores[f * n_runs + j];
                if (sc->covered && pass == 0)
                    sc->gmean /= (double)sc->covered; /* the mean log-ratio, for pass 1 */
                else if (sc->covered) {
                    sc->gsd = exp(sqrt(sc->gsd / (double)sc->covered));
                    sc->gmean = exp(sc->gmean);
                }
            }
        }
    }
    free(fam);
}

void scorecard_free(struct scorecard *s)
{
    for (size_t f = 0; s->families && f < s->n_fam; f++)
        free(s->families[f]);
    free(s->families);
    free(s->scores);
    free(s->unit);
    memset(s, 0, sizeof *s);
}

int scorecard_comparable(const struct scorecard *s, size_t j)
{
    return strcmp(s->unit[j], s->unit[s->baseline]) == 0;
}

const struct score *scorecard_score(const struct scorecard *s, size_t f, size_t j)
{
    return &s->scores[f * s->t->n_runs + j];
}

const char *scorecard_family(const struct scorecard *s, size_t f)
{
    return f < s->n_fam ? s->families[f] : "overall";
}
