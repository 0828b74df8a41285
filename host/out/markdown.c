/*
 * rtbench host - the Markdown writer (out/writer.h): GitHub tables, for pull
 * requests and reports.
 */
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "term.h"
#include "scorecard.h"
#include "out/writer.h"

/* S for a Markdown table: control characters escaped (term.h), then the
 * characters Markdown reads. */
static void md_escape(FILE *out, const char *s)
{
    char *t = term_dup(s), *p = t;
    for (s = t; *s; s++) {
        if (*s == '|' || *s == '*' || *s == '_' || *s == '~' || *s == '\\' || *s == '<' ||
            *s == '>')
            fputc('\\', out);
        fputc(*s, out);
    }
    free(p);
}

/* S as a code span inside a GitHub table cell: a fence one backtick longer
 * than S's longest run of backticks (spaces inside when S starts or ends with
 * one), and '|' as "\|", which would otherwise end the cell even in code. */
static void md_code(FILE *out, const char *s)
{
    size_t run = 0, longest = 0, len = strlen(s);
    for (const char *p = s; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > longest)
            longest = run;
    }
    int pad = len && (s[0] == '`' || s[len - 1] == '`');
    for (size_t k = 0; k <= longest; k++)
        fputc('`', out);
    if (pad)
        fputc(' ', out);
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', out);
        fputc(*s, out);
    }
    if (pad)
        fputc(' ', out);
    for (size_t k = 0; k <= longest; k++)
        fputc('`', out);
}

static int markdown_comparison(FILE *out, const struct comparison *t)
{
    size_t nr = t->n_runs;
    char name[128], t2[64], mk[16];
    fprintf(out, "| metric |");
    for (size_t j = 0; j < nr; j++) {
        run_display_name(t->runs[j], name, sizeof name);
        comparison_column_title(t, j, t2, sizeof t2);
        fputc(' ', out);
        md_escape(out, name);
        fprintf(out, " (");
        md_escape(out, t2);
        fprintf(out, ") |");
    }
    comparison_ratio_titles(out, t, " %s |");
    fprintf(out, "\n|:---|");
    for (size_t j = 0; j < nr; j++)
        fprintf(out, "---:|");
    for (size_t j = 1; j < nr; j++)
        fprintf(out, "---:|");
    fprintf(out, "\n");
    for (size_t i = 0; i < t->n_rows; i++) {
        fputs("| ", out);
        md_code(out, term(t->labels[i]));
        fputs(" |", out);
        for (size_t j = 0; j < nr; j++) {
            const struct cmp_cell *c = &t->cells[i * nr + j];
            comparison_markers(t, i, j, 1, mk, sizeof mk);
            if (c->ok)
                fprintf(out, " %lld%s%s |", figure_trunc(c->value), *mk ? " " : "", mk);
            else
                fprintf(out, " n/a |");
        }
        comparison_ratio_cells(out, t, i, " %.2f |", " %s |");
        fprintf(out, "\n");
    }
    comparison_legend(out, t, 1);
    return ferror(out) ? -1 : 0;
}

/* The scorecard: one row per run and family (overall first). */
static int markdown_summary(FILE *out, const struct scorecard *s)
{
    const struct comparison *t = s->t;
    char name[128], title[64];
    run_display_name(t->runs[s->baseline], name, sizeof name);
    comparison_column_title(t, s->baseline, title, sizeof title);
    fputs("Scorecard against the baseline ", out);
    md_escape(out, name);
    fputs(" (", out);
    md_escape(out, title);
    fprintf(out,
            "): %s.\n\n| run | family | gmean | gsd | metrics | n/a | flagged |\n"
            "|:---|:---|---:|---:|---:|---:|---:|\n",
            SCORECARD_DIRECTION);
    for (size_t j = 0; j < t->n_runs; j++) {
        if (j == s->baseline)
            continue;
        run_display_name(t->runs[j], name, sizeof name);
        for (size_t k = 0; k <= s->n_fam; k++) {
            size_t f = k == 0 ? s->n_fam : k - 1; /* overall first */
            const struct score *sc = scorecard_score(s, f, j);
            fputs("| ", out);
            md_escape(out, name);
            fputs(" | ", out);
            if (!scorecard_comparable(s, j)) {
                fputs("cannot compare: its figures are in ", out);
                md_escape(out, s->unit[j]);
                fputs(", the baseline's in ", out);
                md_escape(out, s->unit[s->baseline]);
                fputs(" | | | | | |\n", out);
                break;
            }
            md_code(out, term(scorecard_family(s, f)));
            if (sc->covered)
                fprintf(out, " | %.3f | %.3f", sc->gmean, sc->gsd);
            else
                fprintf(out, " | - | -");
            fprintf(out, " | %zu | %zu | %zu |\n", sc->covered, sc->na, sc->flagged);
        }
    }
    return ferror(out) ? -1 : 0;
}

static int markdown_list(FILE *out, const struct run_summary *runs, size_t n)
{
    fputs("| id | date | label | source | port | board | kernel | status | metrics | meta |\n"
          "|---:|:---|:---|:---|:---|:---|:---|:---|---:|:---|\n",
          out);
    for (size_t i = 0; i < n; i++) {
        const struct run_summary *s = &runs[i];
        const char *cells[] = {s->created, s->label, s->source, s->port, s->board};
        fprintf(out, "| %lld | ", (long long)s->id);
        for (size_t k = 0; k < sizeof cells / sizeof cells[0]; k++) {
            md_escape(out, cells[k]);
            fputs(" | ", out);
        }
        md_escape(out, s->kernel);
        if (*s->kver) {
            fputc(' ', out);
            md_escape(out, s->kver);
        }
        fputs(" | ", out);
        md_escape(out, s->status);
        fprintf(out, " | %llu | ", (unsigned long long)s->n_metrics);
        char *meta = run_meta_text(s);
        md_escape(out, *meta ? meta : "-");
        free(meta);
        fputs(" |\n", out);
    }
    return ferror(out) ? -1 : 0;
}

static int markdown_check(FILE *out, const struct check_report *c)
{
    char bn[512], cn[512];
    check_side_name(c, 0, bn, sizeof bn);
    check_side_name(c, 1, cn, sizeof cn);
    fputs("**", out);
    fputs(c->pass ? "PASS" : "FAIL", out);
    fputs("**: ", out);
    md_escape(out, bn);
    fputs(" -> ", out);
    md_escape(out, cn);
    fprintf(out, ", threshold +%g %%, unit %s\n\n", c->threshold, c->unit);
    fputs("| verdict | metric | stat | baseline | candidate | change | flags |\n"
          "|:---|:---|:---|---:|---:|---:|:---|\n",
          out);
    for (size_t i = 0; i < c->n_rows; i++) {
        const struct check_row *row = &c->rows[i];
        fprintf(out, "| %s | ", verdict_word(row->verdict));
        md_code(out, term(row->metric));
        fputs(" |", out);
        if (row->stat) {
            char fb[96], fc[96];
            check_flags_text(row->baseline_flags, fb, sizeof fb);
            check_flags_text(row->candidate_flags, fc, sizeof fc);
            fprintf(out, " %s | %lld | %lld | %+.1f %% | %s / %s |\n", row->stat,
                    figure_trunc(row->baseline), figure_trunc(row->candidate), row->change, fb, fc);
        } else {
            fputs(" | | | | ", out);
            md_escape(out, row->missing_in ? row->missing_in : row->reason ? row->reason : "");
            fputs(" |\n", out);
        }
    }
    fprintf(out,
            "\n%zu compared, %zu regressions, %zu faster, %zu flagged, %zu missing, %zu n/a, %zu "
            "failed\n",
            c->compared, c->regressions, c->faster, c->flagged, c->missing, c->na, c->failed);
    return ferror(out) ? -1 : 0;
}

const struct writer writer_markdown = {
    "markdown",          "md",           markdown_list,    NULL,
    markdown_comparison, markdown_check, markdown_summary, NULL,
};
