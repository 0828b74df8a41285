/*
 * rtbench host - the CSV writer (out/writer.h): one header row, then one row per
 * item, for spreadsheets and scripts.
 */
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "term.h"
#include "out/writer.h"

/* S as a CSV field: control characters escaped (term.h), quoted if needed. */
static void csv_field(FILE *out, const char *raw)
{
    char *t = term_dup(raw);
    const char *s = t;
    if (strpbrk(s, ",\"")) {
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
    free(t);
}

static int csv_comparison(FILE *out, const struct comparison *t)
{
    size_t nr = t->n_runs;
    char name[128], buf[256], t2[64];
    fputs("metric", out);
    for (size_t j = 0; j < nr; j++) {
        run_display_name(t->runs[j], name, sizeof name);
        comparison_column_title(t, j, t2, sizeof t2);
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
    comparison_ratio_titles(out, t, ",%s");
    fputc('\n', out);
    for (size_t i = 0; i < t->n_rows; i++) {
        csv_field(out, t->labels[i]);
        for (size_t j = 0; j < nr; j++) {
            const struct cmp_cell *c = &t->cells[i * nr + j];
            if (c->ok) {
                artifact_names(c->flags & MF_ARTIFACTS, ";", buf, sizeof buf);
                fprintf(out, ",%lld,%s,", figure_trunc(c->value), c->stat);
                csv_field(out, buf);
            } else {
                fprintf(out, ",n/a,,");
            }
        }
        comparison_ratio_cells(out, t, i, ",%.3f", ",%s");
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

static int csv_list(FILE *out, const struct run_summary *runs, size_t n)
{
    fputs("id,date,label,source,port,board,kernel,kver,status,status_detail,metrics,meta\n", out);
    for (size_t i = 0; i < n; i++) {
        const struct run_summary *s = &runs[i];
        const char *cells[] = {s->created, s->label, s->source, s->port,         s->board,
                               s->kernel,  s->kver,  s->status, s->status_detail};
        fprintf(out, "%lld", (long long)s->id);
        for (size_t k = 0; k < sizeof cells / sizeof cells[0]; k++) {
            fputc(',', out);
            csv_field(out, cells[k]);
        }
        fprintf(out, ",%llu,", (unsigned long long)s->n_metrics);
        char *meta = run_meta_text(s);
        csv_field(out, meta);
        free(meta);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

static int csv_check(FILE *out, const struct check_report *c)
{
    fputs("metric,verdict,stat,baseline,candidate,change_pct,baseline_flags,candidate_flags,"
          "note\n",
          out);
    for (size_t i = 0; i < c->n_rows; i++) {
        const struct check_row *row = &c->rows[i];
        csv_field(out, row->metric);
        fprintf(out, ",%s,", verdict_name(row->verdict));
        if (row->stat) {
            char fb[96], fc[96];
            artifact_names(row->baseline_flags, ";", fb, sizeof fb);
            artifact_names(row->candidate_flags, ";", fc, sizeof fc);
            fprintf(out, "%s,%.3f,%.3f,%.3f,", row->stat, row->baseline, row->candidate,
                    row->change);
            csv_field(out, fb);
            fputc(',', out);
            csv_field(out, fc);
            fputc(',', out);
            csv_field(out, row->note ? row->note : "");
            fputc('\n', out);
        } else {
            fputs(",,,,,,", out);
            csv_field(out, row->missing_in ? row->missing_in : row->reason ? row->reason : "");
            fputc('\n', out);
        }
    }
    return ferror(out) ? -1 : 0;
}

const struct writer writer_csv = {
    "csv", NULL, csv_list, NULL, csv_comparison, csv_check, NULL, NULL,
};
