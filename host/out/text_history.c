/*
 * rtbench host - `rtbench history` as text (out/text.h): per metric, a title
 * (statistic, unit, direction, how change points are found), then one row
 * per run: id, revision, figure, change from the run before, flag.
 */
#include <stdio.h>
#include <string.h>

#include "history.h"
#include "term.h"
#include "out/text.h"

static void series_table(FILE *out, const struct history *h, const struct history_series *s,
                         int revw)
{
    size_t cps = 0;
    for (size_t i = 0; i < h->n_runs; i++)
        cps += s->cp[i];
    fprintf(out, "%s  (%s %s, %s is better; change points: %s; %zu found)\n", term(s->metric),
            s->stat ? s->stat : "-", s->unit ? term(s->unit) : "-",
            s->higher_better ? "higher" : "lower", history_method(h, s), cps);
    fprintf(out, "  %8s  %-*s  %14s  %9s\n", "run", revw, "revision", "value", "change");
    for (size_t i = 0; i < h->n_runs; i++) {
        char id[24], value[40] = "n/a", change[32] = "-";
        double pct;
        snprintf(id, sizeof id, "#%lld", (long long)h->runs[i].id);
        if (s->ok[i])
            snprintf(value, sizeof value, "%.10g", s->value[i]);
        if (history_change(s, i, &pct))
            snprintf(change, sizeof change, "%+.2f%%", pct);
        fprintf(out, "  %8s  %-*s  %14s  %9s%s\n", id, revw, term(h->runs[i].rev), value, change,
                s->cp[i] ? "  change point" : "");
    }
}

int text_history(FILE *out, const struct history *h)
{
    int revw = (int)strlen("revision");
    for (size_t i = 0; i < h->n_runs; i++)
        if ((int)strlen(term(h->runs[i].rev)) > revw)
            revw = (int)strlen(term(h->runs[i].rev));
    for (size_t k = 0; k < h->n_series; k++) {
        if (k)
            fputc('\n', out);
        series_table(out, h, &h->s[k], revw);
    }
    return ferror(out) ? -1 : 0;
}
