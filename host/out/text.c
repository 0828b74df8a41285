/*
 * rtbench host - the text writer (out/writer.h): aligned columns for people.
 * Also the one-run table that `run` prints after each run.
 */
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "term.h"
#include "util.h"
#include "scorecard.h"
#include "out/writer.h"
#include "out/text.h"

static const char *dash(const char *s)
{
    return *s ? s : "-";
}

/* "k=v k=v" of S's meta, or "-". */
static char *meta_text(const struct run_summary *s)
{
    char *t = run_meta_text(s);
    char *shown = term_dup(dash(t));
    free(t);
    return shown;
}

/* The runs as aligned columns under a header line. */
static int text_list(FILE *out, const struct run_summary *runs, size_t n)
{
    enum { NCOL = 9 };
    static const char *const head[NCOL] = {"id",     "date",   "label",   "source/port", "board",
                                           "kernel", "status", "metrics", "meta"};
    char *(*rows)[NCOL] = xcalloc(n ? n : 1, sizeof *rows);
    int w[NCOL];
    for (int i = 0; i < NCOL; i++)
        w[i] = (int)strlen(head[i]);
    for (size_t r = 0; r < n; r++) {
        const struct run_summary *s = &runs[r];
        char **row = rows[r];
        row[0] = xasprintf("%lld", (long long)s->id);
        row[1] = term_dup(dash(s->created));
        row[2] = term_dup(dash(s->label));
        row[3] = *s->port ? xasprintf("%s/%s", term(dash(s->source)), term(s->port))
                          : term_dup(dash(s->source));
        row[4] = term_dup(dash(s->board));
        row[5] = *s->kver ? xasprintf("%s %s", term(dash(s->kernel)), term(s->kver))
                          : term_dup(dash(s->kernel));
        /* an incomplete run says why (a killed rtbench, a timeout, lost records) */
        row[6] = strcmp(s->status, "incomplete") == 0 && *s->status_detail
                     ? xasprintf("incomplete (%.60s%s)", term(s->status_detail),
                                 strlen(term(s->status_detail)) > 60 ? "..." : "")
                     : term_dup(dash(s->status));
        row[7] = xasprintf("%llu", (unsigned long long)s->n_metrics);
        row[8] = meta_text(s);
        for (int i = 0; i < NCOL; i++)
            if ((int)strlen(row[i]) > w[i])
                w[i] = (int)strlen(row[i]);
    }
    for (size_t r = 0; r <= n; r++) {
        const char *const *row = r ? (const char *const *)rows[r - 1] : head;
        /* id and metrics right-aligned, the last column not padded */
        for (int i = 0; i < NCOL; i++)
            fprintf(out, "%s%*s", i ? "  " : "",
                    i == NCOL - 1        ? 0
                    : (i == 0 || i == 7) ? w[i]
                                         : -w[i],
                    row[i]);
        fputc('\n', out);
    }
    for (size_t r = 0; r < n; r++)
        for (int i = 0; i < NCOL; i++)
            free(rows[r][i]);
    free(rows);
    return ferror(out) ? -1 : 0;
}

static void u64s(char *b, size_t n, uint64_t v)
{
    snprintf(b, n, "%llu", (unsigned long long)v);
}

void text_metrics_table(FILE *out, const struct run *r, int full)
{
    const char *unit = r->unit && *r->unit ? r->unit : "cycles";
    int idw = 2, uw = (int)strlen(unit) > 6 ? (int)strlen(unit) : 6;
    for (size_t i = 0; i < r->n_m; i++) {
        int l = (int)strlen(term(r->m[i].id));
        if (l > idw)
            idw = l;
    }
    if (full)
        fprintf(out, "%-*s %8s %10s %10s %10s %10s %10s %10s %10s %10s %12s  %-*s %s\n", idw, "id",
                "n", "mean", "sd", "min", "p50", "p90", "p99", "p99.9", "max", "mean ns", uw,
                "unit", "flags");
    else
        fprintf(out, "%-*s %10s %10s %10s %10s  %-*s %s\n", idw, "id", "mean", "p50", "p99", "max",
                uw, "unit", "flags");
    for (size_t i = 0; i < r->n_m; i++) {
        const struct metric *m = &r->m[i];
        char flags[128];
        artifact_names(m->flags, ",", flags, sizeof flags);
        if (m->state == MS_NA) {
            fprintf(out, "%-*s %10s  %s\n", idw, term(m->id), "n/a", term(m->reason));
            continue;
        }
        if (m->state == MS_FAILED) {
            fprintf(out, "%-*s %10s  %s (%d)\n", idw, term(m->id), "FAILED",
                    term(m->reason ? m->reason : "error"), m->err);
            continue;
        }
        char mean[32], sd[32], mn[24], p50[24], p90[24], p99[24], p999[24], mx[24], ns[32];
        /* mean and sd come with three decimals; the short table shows one */
        snprintf(mean, sizeof mean, full ? "%.3f" : "%.1f", m->mean);
        snprintf(sd, sizeof sd, full ? "%.3f" : "%.1f", m->sd);
        if (m->has_pct) {
            u64s(mn, sizeof mn, m->min);
            u64s(p50, sizeof p50, m->p50);
            u64s(p90, sizeof p90, m->p90);
            u64s(p99, sizeof p99, m->p99);
            u64s(p999, sizeof p999, m->p999);
            u64s(mx, sizeof mx, m->max);
        } else {
            strcpy(mn, "-");
            strcpy(p50, "-");
            strcpy(p90, "-");
            strcpy(p99, "-");
            strcpy(p999, "-");
            strcpy(mx, "-");
            strcpy(sd, "-");
        }
        if (m->mean_ns >= 0)
            snprintf(ns, sizeof ns, "%.1f", m->mean_ns);
        else
            strcpy(ns, "-");
        const char *mu = metric_is_value(m) ? m->unit : unit; /* a value metric's own */
        if (full) {
            char n[24];
            u64s(n, sizeof n, m->n);
            if (m->n == 0 && (m->flags & MF_MEAN_ONLY))
                strcpy(n, "-"); /* a log that does not say */
            fprintf(out, "%-*s %8s %10s %10s %10s %10s %10s %10s %10s %10s %12s  %-*s %s", idw,
                    term(m->id), n, mean, sd, mn, p50, p90, p99, p999, mx, ns, uw, term(mu), flags);
            for (size_t k = 0; k < m->n_extra; k++)
                fprintf(out, " %s=%s", term(m->extra[k].key), term(m->extra[k].value));
            fputc('\n', out);
        } else {
            fprintf(out, "%-*s %10s %10s %10s %10s  %-*s %s\n", idw, term(m->id), mean, p50, p99,
                    mx, uw, term(mu), flags);
        }
    }
}

static void text_run_header(FILE *out, const struct run *r)
{
    fprintf(out, "run:      %lld\n", (long long)r->id);
    fprintf(out, "uuid:     %s\n", r->uuid ? term(r->uuid) : "-");
    fprintf(out, "label:    %s\n", r->label ? term(r->label) : "-");
    fprintf(out, "source:   %s\n", r->source ? term(r->source) : "-");
    fprintf(out, "format:   %s\n", r->origin ? term(r->origin) : "-");
    fprintf(out, "created:  %s\n", r->created ? term(r->created) : "-");
    fprintf(out, "host:     %s\n", r->host ? term(r->host) : "-");
    fprintf(out, "status:   %s%s%s\n", r->status == RUN_COMPLETE ? "complete" : "incomplete",
            r->status_detail ? " - " : "", r->status_detail ? term(r->status_detail) : "");
    fprintf(out, "unit:     %s", r->unit ? term(r->unit) : "-");
    if (r->ns_per_unit > 0)
        fprintf(out, " (%.6g ns per %s)", r->ns_per_unit,
                r->unit && strcmp(r->unit, "insns") == 0 ? "insn"
                : r->unit && strcmp(r->unit, "ns") == 0  ? "ns"
                                                         : "cycle");
    fputc('\n', out);
    fprintf(out, "metrics:  %zu\n", r->n_m);
    if (r->n_meta) {
        fputs("meta:\n", out);
        for (size_t i = 0; i < r->n_meta; i++)
            fprintf(out, "  %-10s %s\n", term(r->meta[i].key), term(r->meta[i].value));
    }
    if (r->n_hdr) {
        fputs("header:\n", out);
        for (size_t i = 0; i < r->n_hdr; i++)
            fprintf(out, "  %-10s %s\n", term(r->hdr[i].key), term(r->hdr[i].value));
    }
}
static int text_comparison(FILE *out, const struct comparison *t)
{
    size_t nr = t->n_runs;
    size_t idw = strlen("metric");
    for (size_t i = 0; i < t->n_rows; i++)
        if (strlen(term(t->labels[i])) > idw)
            idw = strlen(term(t->labels[i]));
    size_t *w = xcalloc(nr, sizeof *w), *mw = xcalloc(nr, sizeof *mw);
    char name[128], t2[64], num[64], mk[16];
    for (size_t j = 0; j < nr; j++) {
        run_display_name(t->runs[j], name, sizeof name);
        comparison_column_title(t, j, t2, sizeof t2);
        w[j] = strlen(name) > strlen(t2) ? strlen(name) : strlen(t2);
        size_t numw = 3;
        for (size_t i = 0; i < t->n_rows; i++) {
            comparison_markers(t, i, j, 0, mk, sizeof mk);
            if (strlen(mk) > mw[j])
                mw[j] = strlen(mk);
            const struct cmp_cell *c = &t->cells[i * nr + j];
            if (c->ok) {
                snprintf(num, sizeof num, "%lld", figure_trunc(c->value));
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
        run_display_name(t->runs[j], name, sizeof name);
        fprintf(out, "  %*s", (int)w[j], name);
    }
    comparison_ratio_titles(out, t, "  %9s");
    fprintf(out, "\n%-*s", (int)idw, "");
    for (size_t j = 0; j < nr; j++) {
        comparison_column_title(t, j, t2, sizeof t2);
        fprintf(out, "  %*s", (int)w[j], t2);
    }
    fprintf(out, "\n");
    for (size_t i = 0; i < t->n_rows; i++) {
        fprintf(out, "%-*s", (int)idw, term(t->labels[i]));
        for (size_t j = 0; j < nr; j++) {
            const struct cmp_cell *c = &t->cells[i * nr + j];
            comparison_markers(t, i, j, 0, mk, sizeof mk);
            if (c->ok)
                snprintf(num, sizeof num, "%lld", figure_trunc(c->value));
            else
                snprintf(num, sizeof num, "n/a");
            fprintf(out, "  %*s%-*s", (int)(w[j] - mw[j]), num, (int)mw[j], mk);
        }
        comparison_ratio_cells(out, t, i, "  %9.2f", "  %9s");
        fprintf(out, "\n");
    }
    comparison_legend(out, t, 0);
    free(w);
    free(mw);
    return ferror(out) ? -1 : 0;
}

/* The scorecard: one line per run and family (overall first). */
static int text_summary(FILE *out, const struct scorecard *s)
{
    const struct comparison *t = s->t;
    char name[128], title[64];
    size_t nw = strlen("run"), fw = strlen("family");
    for (size_t j = 0; j < t->n_runs; j++) {
        run_display_name(t->runs[j], name, sizeof name);
        if (strlen(term(name)) > nw)
            nw = strlen(term(name));
    }
    for (size_t f = 0; f < s->n_fam; f++)
        if (strlen(term(scorecard_family(s, f))) > fw)
            fw = strlen(term(scorecard_family(s, f)));
    run_display_name(t->runs[s->baseline], name, sizeof name);
    comparison_column_title(t, s->baseline, title, sizeof title);
    fprintf(out, "scorecard against the baseline %s (%s)\n  %s\n", term(name), title,
            SCORECARD_DIRECTION);
    fprintf(out, "%-*s  %-*s  %7s  %7s  %7s  %5s  %7s\n", (int)nw, "run", (int)fw, "family",
            "gmean", "gsd", "metrics", "n/a", "flagged");
    for (size_t j = 0; j < t->n_runs; j++) {
        if (j == s->baseline)
            continue;
        run_display_name(t->runs[j], name, sizeof name);
        if (!scorecard_comparable(s, j)) {
            fprintf(out, "%-*s  cannot compare: its figures are in %s, the baseline's in %s\n",
                    (int)nw, term(name), term(s->unit[j]), term(s->unit[s->baseline]));
            continue;
        }
        for (size_t k = 0; k <= s->n_fam; k++) {
            size_t f = k == 0 ? s->n_fam : k - 1; /* overall first */
            const struct score *sc = scorecard_score(s, f, j);
            fprintf(out, "%-*s  %-*s", (int)nw, term(name), (int)fw, term(scorecard_family(s, f)));
            if (sc->covered)
                fprintf(out, "  %7.3f  %7.3f", sc->gmean, sc->gsd);
            else
                fprintf(out, "  %7s  %7s", "-", "-");
            fprintf(out, "  %7zu  %5zu  %7zu\n", sc->covered, sc->na, sc->flagged);
        }
    }
    return ferror(out) ? -1 : 0;
}

#define HIST_BAR 50  /* characters of the longest bar */
#define HIST_ROWS 64 /* at most this many rows: neighbouring buckets are summed */

/* One row: buckets [i, i + g) of h (their range), a bar scaled to the largest row, the count. */
static void hist_row(FILE *out, const struct hist *h, size_t i, size_t g, uint64_t c, uint64_t most,
                     int w)
{
    uint64_t from = h->lo + i * h->width, to = from + g * h->width - 1;
    char range[64], bar[HIST_BAR + 1];
    size_t len = c ? (size_t)((c * HIST_BAR + most - 1) / most) : 0;
    if (i + g >= h->n)
        snprintf(range, sizeof range, "%*llu and up", w, (unsigned long long)from);
    else if (to == from)
        snprintf(range, sizeof range, "%*llu", w, (unsigned long long)from);
    else
        snprintf(range, sizeof range, "%*llu..%-*llu", w, (unsigned long long)from, w,
                 (unsigned long long)to);
    memset(bar, '#', len);
    bar[len] = '\0';
    fprintf(out, "  %-*s |%-*s %llu\n", 2 * w + 7, range, HIST_BAR, bar, (unsigned long long)c);
}

/* The count of rows [i, i + g) of h. */
static uint64_t hist_sum(const struct hist *h, size_t i, size_t g)
{
    uint64_t c = 0;
    for (size_t k = i; k < i + g && k < h->n; k++)
        c += h->count[k];
    return c;
}

/* Metric m's histogram as a bar chart of at most HIST_ROWS rows (each the sum
 * of g neighbouring buckets); runs of empty rows in one line. */
static void text_histogram(FILE *out, const struct run *r, const struct metric *m)
{
    const struct hist *h = m->hist;
    size_t g = (h->n + HIST_ROWS - 1) / HIST_ROWS;
    uint64_t most = 1, top = h->lo + h->n * h->width;
    char digits[24];
    for (size_t i = 0; i < h->n; i += g)
        if (hist_sum(h, i, g) > most)
            most = hist_sum(h, i, g);
    int w = snprintf(digits, sizeof digits, "%llu", (unsigned long long)top);
    fprintf(out, "\nhistogram of %s (%s; %llu samples; %zu bucket%s of %llu from %llu", m->id,
            metric_is_value(m) ? m->unit
            : r->unit          ? r->unit
                               : "?",
            (unsigned long long)m->n, h->n, h->n == 1 ? "" : "s", (unsigned long long)h->width,
            (unsigned long long)h->lo);
    fprintf(out, g > 1 ? "; %zu per row):\n" : "):\n", g);
    for (size_t i = 0; i < h->n; i += g) {
        size_t j = i;
        while (j + g < h->n && hist_sum(h, j, g) == 0)
            j += g;
        if (j > i + g) { /* two or more empty rows before row j */
            fprintf(out, "  %-*s |\n", 2 * w + 7, "...");
            i = j - g;
            continue;
        }
        hist_row(out, h, i, g, hist_sum(h, i, g), most, w);
    }
}

static int text_run(FILE *out, const struct run *r)
{
    text_run_header(out, r);
    fputc('\n', out);
    text_metrics_table(out, r, 1);
    if (run_has_unit(r, UNIT_MODEL_CYCLES)) {
        /* the cycle model's estimate, measured in the same run (docs/cycle-model.md) */
        struct run view;
        run_unit_view(r, UNIT_MODEL_CYCLES, "no model figure", &view);
        fprintf(out, "\nmodel-cycles (cycle model %s, estimated core cycles, not silicon):\n",
                run_hdr(r, "cycle_model") ? run_hdr(r, "cycle_model") : "?");
        text_metrics_table(out, &view, 1);
        run_unit_view_free(&view);
    }
    for (size_t i = 0; i < r->n_m; i++)
        if (metric_hist_complete(&r->m[i]))
            text_histogram(out, r, &r->m[i]);
    return ferror(out) ? -1 : 0;
}

/* One judged or flagged row: figures and change. */
static void text_check_figures(FILE *out, const struct check_row *row)
{
    fprintf(out, "%-4s %10lld -> %10lld  %+8.1f %%", row->stat, figure_trunc(row->baseline),
            figure_trunc(row->candidate), row->change);
    if (row->unit) /* a value metric: say its unit and which way is better */
        fprintf(out, "  [%s%s]", row->unit, row->higher_better ? ", higher is better" : "");
}

/* Rows of one section: 0 judged, 1 flagged, 2 not compared. */
static void text_check_section(FILE *out, const struct check_report *c, int section)
{
    static const char *const title[] = {NULL, "\nflagged, not judged (shown, not counted):\n",
                                        "\nnot compared:\n"};
    int shown = 0;
    for (size_t i = 0; i < c->n_rows; i++) {
        const struct check_row *row = &c->rows[i];
        int s = row->verdict == VERDICT_FLAGGED ? 1
                : row->verdict == VERDICT_OK || row->verdict == VERDICT_REGRESSION ||
                        row->verdict == VERDICT_FASTER
                    ? 0
                    : 2;
        if (s != section)
            continue;
        if (!shown++ && title[section])
            fputs(title[section], out);
        if (section == 0) {
            char sig[192];
            fprintf(out, "%-10s  %-44s ", verdict_word(row->verdict), term(row->metric));
            text_check_figures(out, row);
            check_signif_text(row, sig, sizeof sig);
            if (*sig)
                fprintf(out, "  %s", sig);
            if (row->note)
                fprintf(out, "  (%s)", term(row->note));
        } else if (section == 1) {
            char fb[96], fc[96];
            check_flags_text(row->baseline_flags, fb, sizeof fb);
            check_flags_text(row->candidate_flags, fc, sizeof fc);
            fprintf(out, "  %-44s ", term(row->metric));
            text_check_figures(out, row);
            fprintf(out, "  baseline: %s, candidate: %s", fb, fc);
        } else if (row->verdict == VERDICT_MISSING) {
            fprintf(out, "  %-44s missing in %s", term(row->metric), row->missing_in);
        } else if (row->verdict == VERDICT_FAILED) {
            fprintf(out, "  %-44s FAILED in candidate (%s)", term(row->metric), term(row->reason));
        } else if (!row->baseline_state) {
            fprintf(out, "  %-44s %s", term(row->metric), term(row->reason));
        } else {
            fprintf(out, "  %-44s baseline %s, candidate %s%s%s", term(row->metric),
                    row->baseline_state, row->candidate_state, row->reason ? ": " : "",
                    row->reason ? term(row->reason) : "");
        }
        fputc('\n', out);
    }
}

static int text_check(FILE *out, const struct check_report *c)
{
    char bn[512], cn[512];
    check_side_name(c, 0, bn, sizeof bn);
    check_side_name(c, 1, cn, sizeof cn);
    fprintf(out, "baseline  %s (%s)\ncandidate %s (%s)\n", bn,
            c->baseline->origin ? term(c->baseline->origin) : "?", cn,
            c->candidate->origin ? term(c->candidate->origin) : "?");
    if (c->pool_per_mille)
        fprintf(out,
                "threshold +%g %% on the %s of each side's samples pooled over its runs (the "
                "median where a run has none), unit %s\n\n",
                c->threshold, c->pool_stat + strlen("pooled "), c->unit);
    else
        fprintf(out,
                "threshold +%g %% on the median (the mean where a run has no percentiles), unit "
                "%s\n\n",
                c->threshold, c->unit);
    for (int section = 0; section < 3; section++)
        text_check_section(out, c, section);
    fprintf(out,
            "\nsummary: %zu compared, %zu regressions, %zu faster, %zu flagged, %zu missing, %zu "
            "n/a, %zu failed\n",
            c->compared, c->regressions, c->faster, c->flagged, c->missing, c->na, c->failed);
    char noise[768];
    check_noise_text(c, noise, sizeof noise);
    fprintf(out, "%s\n", noise);
    if (!c->pass)
        fprintf(out, "FAIL: %zu metric(s) more than %g %% slower, %zu failed in the candidate\n",
                c->regressions, c->threshold, c->failed);
    else
        fprintf(out, "PASS: no metric more than %g %% slower\n", c->threshold);
    return ferror(out) ? -1 : 0;
}

const struct writer writer_text = {
    "text", NULL, text_list, text_run, text_comparison, text_check, text_summary, text_history,
};
