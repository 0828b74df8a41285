/*
 * rtbench host - what the writers share (writer.h): finding a writer, and
 * the parts of a comparison every format shows alike (ratios, the statistic
 * of a column, flag markers and their legend).
 */
#include <stdlib.h>
#include <string.h>

#include "flags.h"
#include "util.h"
#include "writer.h"

static int writes(const struct writer *w, enum document doc)
{
    switch (doc) {
    case DOC_LIST:
        return w->list != NULL;
    case DOC_RUN:
        return w->run != NULL;
    case DOC_COMPARISON:
        return w->comparison != NULL;
    default:
        return w->check != NULL;
    }
}

void writer_names(enum document doc, char *buf, size_t len)
{
    size_t k = 0, n = 0, count = 0;
    buf[0] = '\0';
    for (const struct writer *const *w = writers; *w; w++)
        count += writes(*w, doc) != 0;
    for (const struct writer *const *w = writers; *w; w++) {
        if (!writes(*w, doc))
            continue;
        n++;
        int l = snprintf(buf + k, len - k, "%s%s",
                         n == 1       ? ""
                         : n == count ? " or "
                                      : ", ",
                         (*w)->name);
        if (l < 0 || (size_t)l >= len - k)
            return;
        k += (size_t)l;
    }
}

const struct writer *writer_find(const char *name, enum document doc, char *err, size_t errlen)
{
    for (const struct writer *const *w = writers; *w; w++)
        if (writes(*w, doc) &&
            (strcmp((*w)->name, name) == 0 || ((*w)->alias && strcmp((*w)->alias, name) == 0)))
            return *w;
    char names[256];
    writer_names(doc, names, sizeof names);
    errf(err, errlen, "--format must be %s, not: %s", names, *name ? name : "(nothing)");
    return NULL;
}

void check_flags_text(unsigned flags, char *buf, size_t len)
{
    flag_names(flags & MF_ARTIFACTS, ",", buf, len);
    if (!*buf)
        snprintf(buf, len, "-");
}

int comparison_ratio(const struct comparison *t, size_t row, size_t run, double *ratio)
{
    const struct cmp_cell *a = &t->cells[row * t->n_runs];
    const struct cmp_cell *b = &t->cells[row * t->n_runs + run];
    if (!a->ok || !b->ok || a->value <= 0)
        return 0;
    if ((a->unit || b->unit) && (!a->unit || !b->unit || strcmp(a->unit, b->unit) != 0))
        return 0; /* figures in different units have no ratio */
    *ratio = b->value / a->value;
    return 1;
}

/* ---- common helpers ---- */

static const unsigned marker_bits[] = {MF_UNDERFLOW, MF_OUTLIER, MF_NOSCHED, MF_CLAMPED,
                                       MF_SATURATED};
#define N_MARKERS (sizeof marker_bits / sizeof marker_bits[0])

static const char *const marker_text[] = {
    "underflow: counter underflow/wrap, the figure is not a latency",
    "outlier: > 10x its siblings in the run or the same metric in the other runs",
    "nosched: taken without the real-time scheduling the benchmark needs",
    "clamped: some samples were below the timer overhead and clamped to 0",
    "saturated: some samples exceeded the counter range",
};

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
        if (comparison_ratio(t, row, j, &r))
            fprintf(out, num_fmt, r);
        else
            fprintf(out, na_fmt, "n/a");
    }
}

/* Statistic shown in a column: the common one, or NULL when mixed. */
const char *comparison_column_stat(const struct comparison *t, size_t run)
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
        char mk = flag_marker(marker_bits[i]);
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

void comparison_column_title(const struct comparison *t, size_t run, char *buf, size_t len)
{
    const char *s = comparison_column_stat(t, run);
    snprintf(buf, len, "%s %s", s ? s : "p50/mean", figure_unit_name(t->runs[run], t->unit));
}

/* n/a reasons other than "absent", one line per (run, reason) with a count. */
static void print_na_notes(FILE *out, const struct comparison *t, const char *prefix)
{
    for (size_t j = 0; j < t->n_runs; j++) {
        for (size_t i = 0; i < t->n_rows; i++) {
            const struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            if (c->ok || strcmp(c->why, "absent") == 0)
                continue;
            /* first occurrence of this reason in this column? */
            int seen = 0;
            size_t count = 0;
            for (size_t k = 0; k < t->n_rows; k++) {
                const struct cmp_cell *d = &t->cells[k * t->n_runs + j];
                if (d->ok || strcmp(d->why, c->why) != 0)
                    continue;
                if (k < i)
                    seen = 1;
                count++;
            }
            if (seen)
                continue;
            char name[128];
            run_display_name(t->runs[j], name, sizeof name);
            if (count == 1)
                fprintf(out, "%sn/a in %s: %s: %s\n", prefix, name, t->metrics[i], c->why);
            else
                fprintf(out, "%sn/a in %s: %zu metrics: %s\n", prefix, name, count, c->why);
        }
    }
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
        char mk = flag_marker(marker_bits[i]);
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
