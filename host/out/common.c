/*
 * rtbench host - what the writers share (out/writer.h): the parts of a
 * comparison every format shows alike (ratios, the statistic of a column,
 * flag markers and their legend). Finding a writer is out/writer.c.
 */
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "idmap.h"
#include "term.h"
#include "util.h"
#include "out/writer.h"

char *run_meta_text(const struct run_summary *s)
{
    char *t = xstrdup("");
    for (size_t i = 0; i < s->n_meta; i++) {
        char *m = xasprintf("%s%s%s=%s", t, i ? " " : "", s->meta[i].key, s->meta[i].value);
        free(t);
        t = m;
    }
    return t;
}

void check_flags_text(unsigned flags, char *buf, size_t len)
{
    artifact_names(flags & MF_ARTIFACTS, ",", buf, len);
    if (!*buf)
        snprintf(buf, len, "-");
}

void check_signif_text(const struct check_row *r, char *buf, size_t len)
{
    const struct check_signif *s = &r->sig;
    if (!s->tested) {
        snprintf(buf, len, "%s", "");
        return;
    }
    snprintf(buf, len, "median %+.6g [%+.6g, %+.6g], U p=%.2g, Holm %.2g: %s", s->diff, s->lo,
             s->hi, s->p, s->p_holm,
             s->significant ? "significant"
             : s->noise     ? "not significant (noise: not judged a change)"
                            : "not significant");
}

void check_side_name(const struct check_report *c, int side, char *buf, size_t len)
{
    const struct run *const *r = side ? c->cand_runs : c->base_runs;
    size_t n = side ? c->n_cand_runs : c->n_base_runs, at;
    char one[128];
    if (n <= 1) {
        run_display_name(side ? c->candidate : c->baseline, buf, len);
        return;
    }
    at = (size_t)snprintf(buf, len, "%zu runs:", n);
    for (size_t i = 0; i < n && at < len; i++) {
        run_display_name(r[i], one, sizeof one);
        at += (size_t)snprintf(buf + at, len - at, "%s %s", i ? "," : "", one);
    }
    if (at >= len && len > 4)
        memcpy(buf + len - 4, "...", 4);
}

void check_noise_text(const struct check_report *c, char *buf, size_t len)
{
    if (c->pool_per_mille) { /* check --pooled: those rows are not tested */
        size_t others = 0;
        for (size_t i = 0; i < c->n_rows; i++)
            others += c->rows[i].stat && !c->rows[i].pooled;
        int at =
            snprintf(buf, len,
                     "%zu metric(s) judged on the %s of each side's samples pooled over its "
                     "runs, by the threshold alone: no test of noise%s",
                     c->pooled, c->pool_stat + strlen("pooled "), others ? "; the others: " : "");
        if (!others || at < 0 || (size_t)at >= len)
            return;
        buf += at;
        len -= (size_t)at;
    }
    if (c->by_runs && !c->tested)
        snprintf(buf, len,
                 "not tested for noise: no metric has the figures of 2 runs or more on each side");
    else if (c->by_runs)
        snprintf(buf, len,
                 "tested for noise over the runs: %zu metric(s), %zu baseline and %zu candidate "
                 "runs, each run's figure one value; Mann-Whitney U (exact without ties), "
                 "two-sided, Holm-adjusted across them, alpha %g; %g %% bootstrap interval of the "
                 "median difference over the runs%s",
                 c->tested, c->n_base_runs, c->n_cand_runs, c->alpha, 100 * (1 - c->alpha),
                 c->min_p * (double)c->tested >= c->alpha
                     ? "; too few runs: no change can be significant (more runs a side)"
                     : "");
    else if (!c->tested)
        snprintf(buf, len,
                 "not tested for noise: the runs have no samples of these metrics (rtbench run "
                 "--samples)");
    else
        snprintf(buf, len,
                 "tested for noise: %zu metric(s) with samples on both sides; Mann-Whitney U, "
                 "two-sided, Holm-adjusted across them, alpha %g; %g %% bootstrap interval of the "
                 "median difference",
                 c->tested, c->alpha, 100 * (1 - c->alpha));
}

int comparison_ratio(const struct comparison *t, size_t row, size_t run, double *ratio)
{
    const struct cmp_cell *a = &t->cells[row * t->n_runs];
    const struct cmp_cell *b = &t->cells[row * t->n_runs + run];
    if ((a->ok && (a->flags & MF_UNDERFLOW)) || (b->ok && (b->flags & MF_UNDERFLOW)))
        return -1;
    if (!a->ok || !b->ok || a->value <= 0)
        return 0;
    if ((a->unit || b->unit) && (!a->unit || !b->unit || strcmp(a->unit, b->unit) != 0))
        return 0; /* figures in different units have no ratio */
    *ratio = b->value / a->value;
    return 1;
}

/* ---- common helpers ---- */

static const unsigned marker_bits[] = {MF_UNDERFLOW, MF_OUTLIER,  MF_NOSCHED,    MF_CLAMPED,
                                       MF_SATURATED, MF_CONSTANT, MF_UNRESOLVED, MF_INFLATED};
#define N_MARKERS (sizeof marker_bits / sizeof marker_bits[0])

static const char *const marker_text[] = {
    "underflow: counter underflow/wrap, the figure is not a latency",
    "outlier: > 10x its siblings in the run or the same metric in the other runs",
    "nosched: taken without the real-time scheduling the benchmark needs",
    "clamped: some samples were below the timer overhead and clamped to 0",
    "saturated: some samples exceeded the counter range",
    "constant: every figure of the run is one value, no counter ran",
    "unresolved: every sample below one count of the tool's declared resolution",
    "inflated: mean pulled far above p50 by rare long windows, its siblings' not",
};

const char *comparison_flag_text(unsigned bit)
{
    for (size_t i = 0; i < N_MARKERS; i++)
        if (marker_bits[i] == bit)
            return marker_text[i];
    return NULL;
}

/* The titles of the ratio columns ("#<run>/#<first run>"), each through FMT (one %s). */
void comparison_ratio_titles(FILE *out, const struct comparison *t, const char *fmt)
{
    char title[64];
    for (size_t j = 1; j < t->n_runs; j++) {
        snprintf(title, sizeof title, "#%lld/#%lld", (long long)t->runs[j]->id,
                 (long long)t->runs[0]->id);
        fprintf(out, fmt, title);
    }
}

/* The ratio cells of one row: each ratio through NUM_FMT (one double), an
 * undefined one as "n/a" through NA_FMT (one %s). */
void comparison_ratio_cells(FILE *out, const struct comparison *t, size_t row, const char *num_fmt,
                            const char *na_fmt)
{
    for (size_t j = 1; j < t->n_runs; j++) {
        double r;
        int k = comparison_ratio(t, row, j, &r);
        if (k > 0)
            fprintf(out, num_fmt, r);
        else
            fprintf(out, na_fmt, k < 0 ? "-" : "n/a");
    }
}

/* The statistic of column RUN from its cells: the common one, NULL when mixed. */
static const char *column_stat(const struct comparison *t, size_t run)
{
    const char *s = NULL;
    for (size_t i = 0; i < t->n_rows; i++) {
        const struct cmp_cell *c = &t->cells[i * t->n_runs + run];
        if (!c->ok)
            continue;
        if (!s)
            s = c->stat;
        else if (strcmp(s, c->stat) != 0)
            return NULL;
    }
    return s ? s : "-";
}

/* Markers of a cell into buf: artifact markers, then 'm' for a mean shown
 * in a column that otherwise shows percentiles. */
void comparison_markers(const struct comparison *t, size_t row, size_t run, int md, char *buf,
                        size_t len)
{
    const struct cmp_cell *c = &t->cells[row * t->n_runs + run];
    size_t k = 0;
    buf[0] = 0;
    if (!c->ok)
        return;
    for (size_t i = 0; i < N_MARKERS && k + 3 < len; i++) {
        if (!(c->flags & marker_bits[i]))
            continue;
        char mk = artifact_marker(marker_bits[i]);
        if (md && (mk == '*' || mk == '~' || mk == '<' || mk == '>'))
            buf[k++] = '\\';
        buf[k++] = mk;
    }
    if (!comparison_column_stat(t, run) && strcmp(c->stat, "mean") == 0 && k + 1 < len)
        buf[k++] = 'm';
    buf[k] = 0;
}

static unsigned used_flags(const struct comparison *t, int *mixed_mean)
{
    unsigned f = 0;
    *mixed_mean = 0;
    for (size_t i = 0; i < t->n_rows; i++)
        for (size_t j = 0; j < t->n_runs; j++) {
            const struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            if (!c->ok)
                continue;
            f |= c->flags;
            if (!comparison_column_stat(t, j) && strcmp(c->stat, "mean") == 0)
                *mixed_mean = 1;
        }
    return f;
}

void comparison_prepare(struct comparison *t)
{
    free(t->col_stat);
    t->col_stat = NULL;
    const char **cs = xcalloc(t->n_runs ? t->n_runs : 1, sizeof *cs);
    for (size_t j = 0; j < t->n_runs; j++)
        cs[j] = column_stat(t, j);
    t->col_stat = cs;
}

void comparison_release(struct comparison *t)
{
    free(t->col_stat);
    t->col_stat = NULL;
}

const char *comparison_column_stat(const struct comparison *t, size_t run)
{
    return t->col_stat ? t->col_stat[run] : column_stat(t, run);
}

void comparison_column_title(const struct comparison *t, size_t run, char *buf, size_t len)
{
    const char *s = comparison_column_stat(t, run);
    snprintf(buf, len, "%s %s", s ? s : "p50/mean", figure_unit_name(t->runs[run], t->unit));
}

/* The n/a reasons of one column, each with its count and first row. */
struct na_reasons {
    const struct comparison *t;
    size_t run;
    size_t *row;   /* first row of each reason */
    size_t *count; /* its cells */
    size_t n;
};

static const char *na_reason(const void *ctx, size_t i)
{
    const struct na_reasons *r = ctx;
    return r->t->cells[r->row[i] * r->t->n_runs + r->run].why;
}

/* n/a reasons other than "absent", one line per (run, reason) with a
 * count, in the order they first appear (one pass per column). */
static void print_na_notes(FILE *out, const struct comparison *t, const char *prefix)
{
    struct na_reasons r = {t, 0, xcalloc(t->n_rows + 1, sizeof(size_t)),
                           xcalloc(t->n_rows + 1, sizeof(size_t)), 0};
    for (size_t j = 0; j < t->n_runs; j++) {
        struct idmap seen;
        memset(&seen, 0, sizeof seen);
        r.run = j;
        r.n = 0;
        for (size_t i = 0; i < t->n_rows; i++) {
            const struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            if (c->ok || strcmp(c->why, "absent") == 0)
                continue;
            size_t k = idmap_find(&seen, c->why, na_reason, &r);
            if (k == (size_t)-1) {
                r.row[r.n] = i;
                r.count[r.n] = 0;
                idmap_add(&seen, k = r.n++, na_reason, &r);
            }
            r.count[k]++;
        }
        char name[128];
        run_display_name(t->runs[j], name, sizeof name);
        for (size_t k = 0; k < r.n; k++) {
            if (r.count[k] == 1)
                fprintf(out, "%sn/a in %s: %s: %s\n", prefix, term(name),
                        term(t->metrics[r.row[k]]), term(na_reason(&r, k)));
            else
                fprintf(out, "%sn/a in %s: %zu metrics: %s\n", prefix, term(name), r.count[k],
                        term(na_reason(&r, k)));
        }
        idmap_free(&seen);
    }
    free(r.row);
    free(r.count);
}

void comparison_legend(FILE *out, const struct comparison *t, int md)
{
    int mixed;
    unsigned f = used_flags(t, &mixed);
    const char *pre = md ? "- " : "  ";
    int any = 0;
    for (size_t i = 0; i < N_MARKERS; i++) {
        if (!(f & marker_bits[i]))
            continue;
        if (!any)
            fprintf(out, "\n%s\n",
                    md ? "Flags (flagged figures are shown, never dropped or averaged in):"
                       : "flags (flagged figures are shown, never dropped or averaged in):");
        any = 1;
        char mk = artifact_marker(marker_bits[i]);
        if (md)
            fprintf(out, "%s`%c` %s\n", pre, mk, marker_text[i]);
        else
            fprintf(out, "%s%c %s\n", pre, mk, marker_text[i]);
    }
    fprintf(out, "\n");
    if (mixed)
        fprintf(out, "%s%sm%s the mean (that run has no percentiles for this metric)\n", pre,
                md ? "`" : "", md ? "`" : "");
    fprintf(out,
            "%svalues: the statistic named under each run, truncated to integers; "
            "n/a: the run lacks the metric, has it n/a, or lacks that statistic or clock\n",
            pre);
    print_na_notes(out, t, pre);
}
