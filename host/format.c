/*
 * rtbench host - figure selection and the comparison writers (format.h).
 */
#include "format.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flags.h"
#include "util.h"

static const char *const stat_names[] = {"auto", "mean", "p50", "p99", "min", "max"};

int format_parse_stat(const char *s, enum cmp_stat *out)
{
    for (size_t i = 0; i < sizeof stat_names / sizeof stat_names[0]; i++) {
        if (strcmp(s, stat_names[i]) == 0) {
            *out = (enum cmp_stat)i;
            return 0;
        }
    }
    return -1;
}

const char *format_stat_name(enum cmp_stat s)
{
    return (unsigned)s < sizeof stat_names / sizeof stat_names[0] ? stat_names[s] : "?";
}

int format_parse_unit(const char *s, enum cmp_unit *out)
{
    if (strcmp(s, "cycles") == 0) {
        *out = CU_NATIVE;
        return 0;
    }
    if (strcmp(s, "ns") == 0) {
        *out = CU_NS;
        return 0;
    }
    return -1;
}

int format_parse_kind(const char *s, enum fmt_kind *out)
{
    if (strcmp(s, "text") == 0)
        *out = FMT_TEXT;
    else if (strcmp(s, "markdown") == 0 || strcmp(s, "md") == 0)
        *out = FMT_MARKDOWN;
    else if (strcmp(s, "csv") == 0)
        *out = FMT_CSV;
    else if (strcmp(s, "json") == 0)
        *out = FMT_JSON;
    else
        return -1;
    return 0;
}

const char *format_unit(const struct run *r, enum cmp_unit unit)
{
    if (unit == CU_NS)
        return "ns";
    return r->unit && *r->unit ? r->unit : "?";
}

long long format_trunc(double v)
{
    /* a tiny tolerance so that 2017 computed as 2016.9999999 shows 2017 */
    double e = fabs(v) * 1e-12 + 1e-9;
    return (long long)(v >= 0 ? floor(v + e) : ceil(v - e));
}

void format_run_name(const struct run *r, char *buf, size_t len)
{
    const char *name = r->label && *r->label ? r->label : run_hdr(r, "board");
    if (!name || !*name)
        name = run_hdr(r, "kernel");
    if (!name || !*name)
        name = "run";
    snprintf(buf, len, "#%lld %s", (long long)r->id, name);
}

int format_metric_value(const struct run *r, const struct metric *m, enum cmp_stat st,
                        enum cmp_unit unit, double *value, const char **stat_used, const char **why)
{
    *stat_used = NULL;
    if (!m) {
        *why = "absent";
        return 0;
    }
    if (m->state == MS_NA) {
        *why = m->reason && *m->reason ? m->reason : "n/a";
        return 0;
    }
    if (m->state == MS_FAILED) {
        *why = "failed";
        return 0;
    }
    if (st == CS_AUTO)
        st = m->has_pct ? CS_P50 : CS_MEAN;
    if (st != CS_MEAN && !m->has_pct) {
        *why = "no percentiles (mean only)";
        return 0;
    }
    double v;
    switch (st) {
    case CS_P50:
        v = (double)m->p50;
        break;
    case CS_P99:
        v = (double)m->p99;
        break;
    case CS_MIN:
        v = (double)m->min;
        break;
    case CS_MAX:
        v = (double)m->max;
        break;
    default:
        v = m->mean;
        break;
    }
    if (unit == CU_NS) {
        if (st == CS_MEAN && m->mean_ns >= 0)
            v = m->mean_ns; /* as the source printed it */
        else if (r->ns_per_unit > 0)
            v = v * r->ns_per_unit;
        else {
            *why = "no clock for ns";
            return 0;
        }
    }
    *value = v;
    *stat_used = format_stat_name(st);
    return 1;
}

int format_ratio(const struct cmp_table *t, size_t row, size_t run, double *ratio)
{
    const struct cmp_cell *a = &t->cells[row * t->n_runs];
    const struct cmp_cell *b = &t->cells[row * t->n_runs + run];
    if (!a->ok || !b->ok || a->value <= 0)
        return 0;
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

void format_flag_list(unsigned flags, const char *sep, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (size_t i = 0; i < N_MARKERS; i++) {
        if (!(flags & marker_bits[i]))
            continue;
        int n = snprintf(buf + k, len - k, "%s%s", k ? sep : "", model_flag_name(marker_bits[i]));
        if (n < 0 || (size_t)n >= len - k)
            break;
        k += (size_t)n;
    }
}

/* The titles of the ratio columns ("#<run>/#<first run>"), each through FMT (one %s). */
static void ratio_titles(FILE *out, const struct cmp_table *t, const char *fmt)
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
static void ratio_cells(FILE *out, const struct cmp_table *t, size_t row, const char *num_fmt,
                        const char *na_fmt)
{
    for (size_t j = 1; j < t->n_runs; j++) {
        double r;
        if (format_ratio(t, row, j, &r))
            fprintf(out, num_fmt, r);
        else
            fprintf(out, na_fmt, "n/a");
    }
}

/* Statistic shown in a column: the common one, or NULL when mixed. */
static const char *column_stat(const struct cmp_table *t, size_t run)
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
static void cell_markers(const struct cmp_table *t, size_t row, size_t run, int md, char *buf,
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
        char mk = model_flag_marker(marker_bits[i]);
        if (md && (mk == '*' || mk == '~' || mk == '<' || mk == '>'))
            buf[k++] = '\\';
        buf[k++] = mk;
    }
    if (!column_stat(t, run) && strcmp(c->stat, "mean") == 0 && k + 1 < len)
        buf[k++] = 'm';
    buf[k] = 0;
}

static unsigned used_flags(const struct cmp_table *t, int *mixed_mean)
{
    unsigned f = 0;
    *mixed_mean = 0;
    for (size_t i = 0; i < t->n_rows; i++)
        for (size_t j = 0; j < t->n_runs; j++) {
            const struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            if (!c->ok)
                continue;
            f |= c->flags;
            if (!column_stat(t, j) && strcmp(c->stat, "mean") == 0)
                *mixed_mean = 1;
        }
    return f;
}

static void column_title2(const struct cmp_table *t, size_t run, char *buf, size_t len)
{
    const char *s = column_stat(t, run);
    snprintf(buf, len, "%s %s", s ? s : "p50/mean", format_unit(t->runs[run], t->unit));
}

/* n/a reasons other than "absent", one line per (run, reason) with a count. */
static void print_na_notes(FILE *out, const struct cmp_table *t, const char *prefix)
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
            format_run_name(t->runs[j], name, sizeof name);
            if (count == 1)
                fprintf(out, "%sn/a in %s: %s: %s\n", prefix, name, t->metrics[i], c->why);
            else
                fprintf(out, "%sn/a in %s: %zu metrics: %s\n", prefix, name, count, c->why);
        }
    }
}

static void print_legend(FILE *out, const struct cmp_table *t, int md)
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
        char mk = model_flag_marker(marker_bits[i]);
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

/* ---- text ---- */

static int write_text(FILE *out, const struct cmp_table *t)
{
    size_t nr = t->n_runs;
    size_t idw = strlen("metric");
    for (size_t i = 0; i < t->n_rows; i++)
        if (strlen(t->metrics[i]) > idw)
            idw = strlen(t->metrics[i]);
    size_t *w = xcalloc(nr, sizeof *w), *mw = xcalloc(nr, sizeof *mw);
    char name[128], t2[64], num[64], mk[16];
    for (size_t j = 0; j < nr; j++) {
        format_run_name(t->runs[j], name, sizeof name);
        column_title2(t, j, t2, sizeof t2);
        w[j] = strlen(name) > strlen(t2) ? strlen(name) : strlen(t2);
        size_t numw = 3;
        for (size_t i = 0; i < t->n_rows; i++) {
            cell_markers(t, i, j, 0, mk, sizeof mk);
            if (strlen(mk) > mw[j])
                mw[j] = strlen(mk);
            const struct cmp_cell *c = &t->cells[i * nr + j];
            if (c->ok) {
                snprintf(num, sizeof num, "%lld", format_trunc(c->value));
                if (strlen(num) > numw)
                    numw = strlen(num);
            }
        }
        if (numw + mw[j] > w[j])
            w[j] = numw + mw[j];
    }
    /* header */
    fprintf(out, "%-*s", (int)idw, "metric");
    for (size_t j = 0; j < nr; j++) {
        format_run_name(t->runs[j], name, sizeof name);
        fprintf(out, "  %*s", (int)w[j], name);
    }
    ratio_titles(out, t, "  %9s");
    fprintf(out, "\n%-*s", (int)idw, "");
    for (size_t j = 0; j < nr; j++) {
        column_title2(t, j, t2, sizeof t2);
        fprintf(out, "  %*s", (int)w[j], t2);
    }
    fprintf(out, "\n");
    for (size_t i = 0; i < t->n_rows; i++) {
        fprintf(out, "%-*s", (int)idw, t->metrics[i]);
        for (size_t j = 0; j < nr; j++) {
            const struct cmp_cell *c = &t->cells[i * nr + j];
            cell_markers(t, i, j, 0, mk, sizeof mk);
            if (c->ok)
                snprintf(num, sizeof num, "%lld", format_trunc(c->value));
            else
                snprintf(num, sizeof num, "n/a");
            fprintf(out, "  %*s%-*s", (int)(w[j] - mw[j]), num, (int)mw[j], mk);
        }
        ratio_cells(out, t, i, "  %9.2f", "  %9s");
        fprintf(out, "\n");
    }
    print_legend(out, t, 0);
    free(w);
    free(mw);
    return ferror(out) ? -1 : 0;
}

/* ---- Markdown ---- */

static void md_escape(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '|' || *s == '*' || *s == '_' || *s == '~' || *s == '\\' || *s == '<' ||
            *s == '>')
            fputc('\\', out);
        fputc(*s, out);
    }
}

static int write_markdown(FILE *out, const struct cmp_table *t)
{
    size_t nr = t->n_runs;
    char name[128], t2[64], mk[16];
    fprintf(out, "| metric |");
    for (size_t j = 0; j < nr; j++) {
        format_run_name(t->runs[j], name, sizeof name);
        column_title2(t, j, t2, sizeof t2);
        fputc(' ', out);
        md_escape(out, name);
        fprintf(out, " (");
        md_escape(out, t2);
        fprintf(out, ") |");
    }
    ratio_titles(out, t, " %s |");
    fprintf(out, "\n|:---|");
    for (size_t j = 0; j < nr; j++)
        fprintf(out, "---:|");
    for (size_t j = 1; j < nr; j++)
        fprintf(out, "---:|");
    fprintf(out, "\n");
    for (size_t i = 0; i < t->n_rows; i++) {
        fprintf(out, "| `%s` |", t->metrics[i]);
        for (size_t j = 0; j < nr; j++) {
            const struct cmp_cell *c = &t->cells[i * nr + j];
            cell_markers(t, i, j, 1, mk, sizeof mk);
            if (c->ok)
                fprintf(out, " %lld%s%s |", format_trunc(c->value), *mk ? " " : "", mk);
            else
                fprintf(out, " n/a |");
        }
        ratio_cells(out, t, i, " %.2f |", " %s |");
        fprintf(out, "\n");
    }
    print_legend(out, t, 1);
    return ferror(out) ? -1 : 0;
}

/* ---- CSV ---- */

static void csv_field(FILE *out, const char *s)
{
    if (strpbrk(s, ",\"\n\r")) {
        fputc('"', out);
        for (; *s; s++) {
            if (*s == '"')
                fputc('"', out);
            fputc(*s, out);
        }
        fputc('"', out);
    } else {
        fputs(s, out);
    }
}

static int write_csv(FILE *out, const struct cmp_table *t)
{
    size_t nr = t->n_runs;
    char name[128], buf[256], t2[64];
    fputs("metric", out);
    for (size_t j = 0; j < nr; j++) {
        format_run_name(t->runs[j], name, sizeof name);
        column_title2(t, j, t2, sizeof t2);
        snprintf(buf, sizeof buf, "%s (%s)", name, t2);
        fputc(',', out);
        csv_field(out, buf);
        snprintf(buf, sizeof buf, "%s stat", name);
        fputc(',', out);
        csv_field(out, buf);
        snprintf(buf, sizeof buf, "%s flags", name);
        fputc(',', out);
        csv_field(out, buf);
    }
    ratio_titles(out, t, ",%s");
    fputc('\n', out);
    for (size_t i = 0; i < t->n_rows; i++) {
        csv_field(out, t->metrics[i]);
        for (size_t j = 0; j < nr; j++) {
            const struct cmp_cell *c = &t->cells[i * nr + j];
            if (c->ok) {
                format_flag_list(c->flags, ";", buf, sizeof buf);
                fprintf(out, ",%lld,%s,", format_trunc(c->value), c->stat);
                csv_field(out, buf);
            } else {
                fprintf(out, ",n/a,,");
            }
        }
        ratio_cells(out, t, i, ",%.3f", ",%s");
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

/* ---- JSON ---- */

static double round_to(double v, double scale)
{
    return round(v * scale) / scale;
}

static int write_json(FILE *out, const struct cmp_table *t)
{
    cJSON *rows = cJSON_CreateArray();
    for (size_t i = 0; i < t->n_rows; i++) {
        cJSON *row = cJSON_CreateObject();
        cJSON_AddStringToObject(row, "metric", t->metrics[i]);
        cJSON *runs = cJSON_AddArrayToObject(row, "runs");
        for (size_t j = 0; j < t->n_runs; j++) {
            const struct run *r = t->runs[j];
            const struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            cJSON *e = cJSON_CreateObject();
            cJSON_AddNumberToObject(e, "run", (double)r->id);
            if (r->label)
                cJSON_AddStringToObject(e, "label", r->label);
            else
                cJSON_AddNullToObject(e, "label");
            const char *board = run_hdr(r, "board");
            if (board)
                cJSON_AddStringToObject(e, "board", board);
            if (c->ok)
                cJSON_AddNumberToObject(e, "value", round_to(c->value, 1000));
            else
                cJSON_AddNullToObject(e, "value");
            cJSON_AddStringToObject(e, "unit", format_unit(r, t->unit));
            if (c->ok)
                cJSON_AddStringToObject(e, "stat", c->stat);
            else
                cJSON_AddStringToObject(e, "na", c->why);
            cJSON *fl = cJSON_AddArrayToObject(e, "flags");
            for (size_t k = 0; c->ok && k < N_MARKERS; k++)
                if (c->flags & marker_bits[k])
                    cJSON_AddItemToArray(fl, cJSON_CreateString(model_flag_name(marker_bits[k])));
            double ratio;
            if (format_ratio(t, i, j, &ratio))
                cJSON_AddNumberToObject(e, "ratio", round_to(ratio, 10000));
            else
                cJSON_AddNullToObject(e, "ratio");
            cJSON_AddItemToArray(runs, e);
        }
        cJSON_AddItemToArray(rows, row);
    }
    char *s = cJSON_Print(rows);
    cJSON_Delete(rows);
    if (!s)
        return -1;
    fputs(s, out);
    fputc('\n', out);
    cJSON_free(s);
    return ferror(out) ? -1 : 0;
}

int format_write(FILE *out, enum fmt_kind kind, const struct cmp_table *t)
{
    switch (kind) {
    case FMT_MARKDOWN:
        return write_markdown(out, t);
    case FMT_CSV:
        return write_csv(out, t);
    case FMT_JSON:
        return write_json(out, t);
    default:
        return write_text(out, t);
    }
}
