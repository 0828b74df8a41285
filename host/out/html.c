/*
 * rtbench host - the HTML report (out/html.h): one self-contained page. Its
 * style and its script are inline; nothing is fetched. The unit views (own
 * unit, ns, model-cycles) are switched by radio buttons through CSS alone, so
 * the page works without script and prints the view chosen; the script only
 * sorts the heatmap and the comparison table and notes that the page
 * rendered. Its Content-Security-Policy forbids every request.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "out/html.h"
#include "scorecard.h"
#include "sweep_point.h"
#include "svg.h"
#include "out/sweep_plot.h"
#include "util.h"

static const char *const view_titles[HV_COUNT] = {"each run's own unit", "ns", "model-cycles"};

static const char style[] =
    "<style>\n"
    ":root{--fg:#222;--mute:#666;--line:#ddd}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0 auto;max-width:1280px;padding:0 14px 40px;color:var(--fg);"
    "font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}\n"
    "h1{font-size:22px;margin:16px 0 4px}h2{font-size:18px;margin:28px 0 8px;"
    "border-bottom:1px solid var(--line)}\n"
    ".wide,.scroll{overflow-x:auto;max-width:100%}\n"
    "table{border-collapse:collapse;font-size:13px}\n"
    "th,td{border:1px solid var(--line);padding:3px 7px;text-align:left;vertical-align:top}\n"
    "td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
    "table.sortable th{cursor:pointer;background:#f4f4f4;position:sticky;top:0}\n"
    "th[aria-sort=ascending]::after{content:' \\25B2'}th[aria-sort=descending]::after"
    "{content:' \\25BC'}\n"
    "figure{margin:14px 0}.wide,figure.distribution,figure.sweep{break-inside:avoid;"
    "page-break-inside:avoid}figcaption,ul.legend{break-after:avoid;page-break-after:avoid}\n"
    "figcaption{margin-bottom:4px}\n"
    "svg{display:block;width:100%;height:auto;font-size:11px;"
    "font-family:system-ui,'DejaVu Sans',sans-serif}\n"
    ".wide svg{min-width:560px}figure svg{max-width:980px}\n"
    "svg .grid{stroke:#e6e6e6}svg .tick{fill:var(--mute);text-anchor:middle}\n"
    "svg .metric{font-weight:600}svg .na text{fill:#888;font-style:italic}\n"
    "svg rect.flagged{stroke:#000;stroke-width:1.5;stroke-dasharray:3 2}\n"
    "ul.legend{list-style:none;padding:0;margin:2px 0;display:flex;flex-wrap:wrap;"
    "gap:2px 14px;font-size:12px}\n"
    "ul.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}\n"
    ".note{color:var(--mute);font-size:12px;margin:2px 0}\n"
    "nav.views{position:sticky;top:0;background:#fff;padding:6px 0;z-index:1;"
    "border-bottom:1px solid var(--line)}\n"
    "nav.views label{margin-right:8px;white-space:nowrap;cursor:pointer;border:1px solid #bbb;"
    "border-radius:4px;padding:1px 8px}\n"
    "input.view{position:absolute;opacity:0;pointer-events:none}\n"
    ".v-native,.v-ns,.v-model{display:none}\n"
    "#view-native:checked~main .v-native,#view-ns:checked~main .v-ns,"
    "#view-model:checked~main .v-model{display:block}\n"
    "#view-native:checked~nav label[for=view-native],#view-ns:checked~nav label[for=view-ns],"
    "#view-model:checked~nav label[for=view-model]{font-weight:700;background:#e8eef8;"
    "border-color:#1f77b4}\n"
    "table.score td,table.score th,table.heat td,table.heat th{padding:1px 6px;"
    "white-space:nowrap}\n"
    "table.score tr.overall{font-weight:600;border-bottom:2px solid #999}\n"
    "table.score small{color:var(--mute)}table.score td.span{color:var(--mute);"
    "white-space:normal;vertical-align:middle;max-width:14em}\n"
    "table.heat{font-size:12px}table.heat td{text-align:right;"
    "font-variant-numeric:tabular-nums}table.heat td:first-child{text-align:left}\n"
    "table.heat tr.fam th{background:#f4f4f4;cursor:default}table.heat a{color:inherit}\n"
    "svg text.metric{scroll-margin-top:48px}\n" /* a heatmap link's target, below the nav */

    "table.heat td.na,ul.legend i.na{background:#e0e0e0;color:#777;font-style:italic}\n"
    "table.heat td.nc,ul.legend i.nc{background:#fff;border:1px solid #bbb}\n"
    "table.heat td.fl,ul.legend i.fl{outline:2px dashed #000;outline-offset:-3px}\n"
    "table.score,table.heat tbody{break-inside:avoid;page-break-inside:avoid}\n"
    "@media (max-width:600px){body{padding:0 8px 30px}h1{font-size:18px}td,th{padding:2px 4px}}\n"
    "@media print{nav.views{display:none}.wide,.scroll{overflow:visible}.wide svg{min-width:0}"
    "table.sortable th{position:static}h2{break-after:avoid}}\n"
    "</style>\n";

/* Sorting on a click on a column's title (numbers by data-v, n/a last; in
 * the heatmap within each family, its title row first), and
 * the marks a test reads: rendered, and whether the page fits its width. */
static const char script[] =
    "<script>\n"
    "(function(){\n"
    "function num(td){var v=td.getAttribute('data-v');return v===null?null:parseFloat(v);}\n"
    "function sortBody(b,i,s){var rows=[].filter.call(b.rows,function(r){\n"
    "  return r.className!=='fam';});\n"
    " rows.sort(function(a,c){var x=a.cells[i],y=c.cells[i],p=num(x),q=num(y);\n"
    "  if(p===null&&q===null)return s*x.textContent.localeCompare(y.textContent);\n"
    "  if(p===null)return 1;if(q===null)return -1;return s*(p-q);});\n"
    " rows.forEach(function(r){b.appendChild(r);});}\n"
    "function sortBy(t,th,i){var up=th.getAttribute('aria-sort')!=='ascending';\n"
    " [].forEach.call(t.tHead.rows[0].cells,function(h){h.removeAttribute('aria-sort');});\n"
    " th.setAttribute('aria-sort',up?'ascending':'descending');\n"
    " [].forEach.call(t.tBodies,function(b){sortBody(b,i,up?1:-1);});}\n"
    "[].forEach.call(document.querySelectorAll('table.sortable'),function(t){\n"
    " [].forEach.call(t.tHead.rows[0].cells,function(th,i){\n"
    "  th.addEventListener('click',function(){sortBy(t,th,i);});});});\n"
    "var d=document.documentElement;d.setAttribute('data-rendered','yes');\n"
    "d.setAttribute('data-fits',d.scrollWidth<=window.innerWidth?'yes':'no');\n"
    "})();\n"
    "</script>\n";

/* ---- the run headers ---- */

/* What a run's clock counts, in words. */
static void clock_kind(const struct run *r, char *buf, size_t len)
{
    const char *clock = run_hdr(r, "clock"), *hz = run_hdr(r, "hz");
    const char *unit = r->unit ? r->unit : "?";
    const char *kind = "unknown clock";
    if (clock && strcmp(clock, "emulated-icount") == 0)
        kind = "emulated instruction counts (QEMU -icount), not silicon cycles";
    else if (clock && strcmp(clock, "host-timed") == 0)
        kind = "emulator on host time (noisy)";
    else if (clock && strcmp(clock, "hw") == 0 && strcmp(unit, "cycles") == 0)
        kind = "silicon cycles";
    else if ((clock && strcmp(clock, "os") == 0) || strcmp(unit, "ns") == 0)
        kind = "host time";
    char freq[32] = "";
    double f;
    if (hz && parse_double(hz, &f) == 0 && f > 0) {
        svg_format_si(freq, sizeof freq, f);
        snprintf(freq + strlen(freq), sizeof freq - strlen(freq), "Hz");
    }
    snprintf(buf, len, "%s; unit %s%s%s", kind, unit, *freq ? ", counter " : "", freq);
}

/* A header row: NAME, then each run's KEY (or "—"). */
static void hdr_row(FILE *out, const struct comparison *t, const char *name, const char *key,
                    const char *key2)
{
    fprintf(out, "<tr><th>%s</th>", name);
    for (size_t j = 0; j < t->n_runs; j++) {
        const char *a = run_hdr(t->runs[j], key), *b = key2 ? run_hdr(t->runs[j], key2) : NULL;
        fputs("<td>", out);
        svg_text(out, a ? a : (b ? "" : "—"));
        if (b) {
            fputs(a ? " " : "", out);
            svg_text(out, b);
        }
        fputs("</td>", out);
    }
    fputs("</tr>\n", out);
}

static void hdr_status(FILE *out, const struct comparison *t)
{
    fputs("<tr><th>status</th>", out);
    for (size_t j = 0; j < t->n_runs; j++) {
        const struct run *r = t->runs[j];
        size_t na = 0, failed = 0;
        for (size_t k = 0; k < r->n_m; k++) {
            na += r->m[k].state == MS_NA;
            failed += r->m[k].state == MS_FAILED;
        }
        fprintf(out, "<td>%s", r->status == RUN_COMPLETE ? "complete" : "INCOMPLETE");
        if (r->status != RUN_COMPLETE && r->status_detail) {
            fputs(": ", out);
            svg_text(out, r->status_detail);
        }
        fprintf(out, "; %zu metrics, %zu n/a, %zu failed</td>", r->n_m, na, failed);
    }
    fputs("</tr>\n", out);
}

/* A row NAME of the texts FIELD(run, buf) gives for each run (NULL: "—"). */
static void field_row(FILE *out, const struct comparison *t, const char *name,
                      const char *(*field)(const struct run *r, char *buf, size_t len))
{
    char buf[256];
    fprintf(out, "<tr><th>%s</th>", name);
    for (size_t j = 0; j < t->n_runs; j++) {
        const char *v = field(t->runs[j], buf, sizeof buf);
        fputs("<td>", out);
        svg_text(out, v ? v : "—");
        fputs("</td>", out);
    }
    fputs("</tr>\n", out);
}

static const char *f_label(const struct run *r, char *buf, size_t len)
{
    (void)buf, (void)len;
    return r->label;
}

static const char *f_clock(const struct run *r, char *buf, size_t len)
{
    clock_kind(r, buf, len);
    return buf;
}

static const char *f_date(const struct run *r, char *buf, size_t len)
{
    (void)buf, (void)len;
    return r->created;
}

static const char *f_source(const struct run *r, char *buf, size_t len)
{
    (void)buf, (void)len;
    return r->source;
}

static void run_headers(FILE *out, const struct html_page *p)
{
    const struct comparison *t = p->t;
    fputs("<h2 id=\"runs\">Runs</h2>\n<div class=\"scroll\"><table id=\"headers\">\n"
          "<thead><tr><th></th>",
          out);
    for (size_t j = 0; j < t->n_runs; j++) {
        fprintf(out,
                "<th><i style=\"display:inline-block;width:10px;height:10px;"
                "background:%s\"></i> ",
                svg_palette(j));
        svg_text(out, p->run_name[j]);
        fputs("</th>", out);
    }
    fputs("</tr></thead><tbody>\n", out);
    field_row(out, t, "label", f_label);
    hdr_row(out, t, "kernel", "kernel", "kver");
    hdr_row(out, t, "board", "board", NULL);
    hdr_row(out, t, "CPU", "cpu", NULL);
    field_row(out, t, "clock", f_clock);
    hdr_row(out, t, "timer", "timer", NULL);
    hdr_row(out, t, "compiler", "cc", NULL);
    hdr_row(out, t, "compiler flags", "cflags", NULL);
    hdr_row(out, t, "scheduling", "sched", NULL);
    hdr_row(out, t, "parameters", "params", NULL);
    hdr_row(out, t, "cycle model", "cycle_model", "cycle_model_params");
    field_row(out, t, "date", f_date);
    field_row(out, t, "source", f_source);
    hdr_status(out, t);
    fputs("</tbody></table></div>\n", out);
}

/* ---- legend of the flags ---- */

static void flags_legend(FILE *out, const struct comparison *t)
{
    unsigned used = 0;
    for (size_t j = 0; j < t->n_runs; j++)
        for (size_t k = 0; k < t->runs[j]->n_m; k++)
            used |= t->runs[j]->m[k].flags;
    fputs("<div id=\"flags\" class=\"note\"><b>Flags</b> (a flagged figure is shown, outlined "
          "dashed, never dropped or averaged in):<ul>",
          out);
    int any = 0;
    for (unsigned bit = 1; bit; bit <<= 1) {
        const char *text = comparison_flag_text(bit);
        if (!text || !(used & bit))
            continue;
        any = 1;
        char mk[2] = {artifact_marker(bit), 0};
        fputs("<li><code>", out);
        svg_text(out, mk);
        fputs("</code> ", out);
        svg_text(out, text);
        fputs("</li>", out);
    }
    if (!any)
        fputs("<li>no figure of these runs is flagged</li>", out);
    fputs("</ul>n/a: the run lacks the metric, has it n/a, or lacks that clock (hover for the "
          "reason).</div>\n",
          out);
}

/* ---- the comparison table ---- */

static void table_cell(FILE *out, const struct html_page *p, size_t i, size_t j, enum html_view v,
                       double *first)
{
    const struct comparison *t = p->t;
    const struct metric *m = p->cell[i * t->n_runs + j];
    double val;
    const char *stat, *why;
    if (!figure_value(t->runs[j], m, STAT_AUTO, html_view_unit(v), &val, &stat, &why)) {
        fputs("<td class=\"n\" title=\"", out);
        svg_text(out, why);
        fputs("\">n/a</td>", out);
        if (j == 0)
            *first = NAN;
        return;
    }
    char mk[16] = "";
    size_t k = 0;
    for (unsigned bit = 1; bit && k + 1 < sizeof mk; bit <<= 1)
        if ((m->flags & bit & MF_ARTIFACTS) && artifact_marker(bit))
            mk[k++] = artifact_marker(bit);
    mk[k] = 0;
    fprintf(out, "<td class=\"n\" data-v=\"%.17g\" title=\"%s\">%.10g%s", val, stat, val,
            *mk ? " " : "");
    svg_text(out, mk); /* '<' and '>' are markers */
    fputs("</td>", out);
    if (j == 0) /* an underflow is no latency: no ratio to it */
        *first = (m->flags & MF_UNDERFLOW) ? NAN : val;
}

static void table_row(FILE *out, const struct html_page *p, size_t i, enum html_view v)
{
    const struct comparison *t = p->t;
    double first = NAN, val;
    const char *stat, *why;
    fputs("<tr><td>", out);
    svg_text(out, t->labels[i]);
    fputs("</td>", out);
    for (size_t j = 0; j < t->n_runs; j++)
        table_cell(out, p, i, j, v, &first);
    for (size_t j = 1; j < t->n_runs; j++) {
        const struct metric *m = p->cell[i * t->n_runs + j];
        if (isfinite(first) && first > 0 && !(m && (m->flags & MF_UNDERFLOW)) &&
            figure_value(t->runs[j], m, STAT_AUTO, html_view_unit(v), &val, &stat, &why))
            fprintf(out, "<td class=\"n\" data-v=\"%.17g\">%.3f</td>", val / first, val / first);
        else
            fputs("<td class=\"n\">n/a</td>", out);
    }
    fputs("</tr>\n", out);
}

static void comparison_table(FILE *out, const struct html_page *p, enum html_view v)
{
    const struct comparison *t = p->t;
    fprintf(out,
            "<div class=\"scroll %s\"><table class=\"sortable cmp\"><thead><tr><th>metric</th>",
            html_view_class(v));
    for (size_t j = 0; j < t->n_runs; j++) {
        fputs("<th>", out);
        svg_text(out, p->run_name[j]);
        fputs(" (", out);
        svg_text(out, figure_unit_name(t->runs[j], html_view_unit(v)));
        fputs(")</th>", out);
    }
    for (size_t j = 1; j < t->n_runs; j++)
        fprintf(out, "<th>#%lld / #%lld</th>", (long long)t->runs[j]->id,
                (long long)t->runs[0]->id);
    fputs("</tr></thead><tbody>\n", out);
    for (size_t i = 0; i < t->n_rows; i++)
        table_row(out, p, i, v);
    fputs("</tbody></table></div>\n", out);
}

/* ---- the page ---- */

static void sweeps(FILE *out, const struct comparison *t)
{
    int any = 0;
    for (size_t j = 0; j < t->n_runs; j++) {
        const struct run *r = t->runs[j];
        size_t points = 0;
        struct sweep_point pt;
        for (size_t k = 0; k < r->n_m && points < 2; k++)
            points += r->m[k].state == MS_OK && sweep_point_parse(r->m[k].id, &pt);
        if (points < 2)
            continue;
        if (!any)
            fputs("<h2 id=\"sweeps\">Message throughput sweeps</h2>\n", out);
        any = 1;
        fputs("<figure class=\"sweep\"><div class=\"wide\">\n", out);
        sweep_plot_write(out, r);
        fputs("</div></figure>\n", out);
    }
}

static void view_switch(FILE *out, const struct html_page *p)
{
    for (int v = 0; v < HV_COUNT; v++)
        if (p->has_view[v])
            fprintf(out, "<input class=\"view\" type=\"radio\" name=\"view\" id=\"view-%s\"%s>\n",
                    html_view_class((enum html_view)v) + 2, v == (int)p->shown ? " checked" : "");
    fputs("<nav class=\"views\">Figures in: ", out);
    for (int v = 0; v < HV_COUNT; v++)
        if (p->has_view[v])
            fprintf(out, "<label for=\"view-%s\">%s</label>",
                    html_view_class((enum html_view)v) + 2, view_titles[v]);
    fputs(" · <a href=\"#scorecard\">scorecard</a> <a href=\"#heatmap\">heatmap</a> "
          "<a href=\"#runs\">runs</a> <a href=\"#families\">families</a> "
          "<a href=\"#distributions\">distributions</a> ",
          out);
    if (p->history)
        fputs("<a href=\"#history\">history</a> ", out);
    fputs("<a href=\"#table\">table</a></nav>\n", out);
}

/* A section that follows the unit view: SECTION once per view. */
static void per_view(FILE *out, const struct html_page *p,
                     void (*section)(FILE *out, const struct html_page *p, enum html_view v))
{
    for (int v = 0; v < HV_COUNT; v++) {
        if (!p->has_view[v])
            continue;
        fprintf(out, "<div class=\"%s\">\n", html_view_class((enum html_view)v));
        section(out, p, (enum html_view)v);
        fputs("</div>\n", out);
    }
}

/* The first screen: the scorecard and the heatmap. */
static void first_screen(FILE *out, const struct html_page *p)
{
    const struct comparison *t = p->t;
    fputs("<h2 id=\"scorecard\">Scorecard</h2>\n<p class=\"note\">Against ", out);
    svg_text(out, p->run_name[p->baseline]);
    fputs(": the ", out);
    svg_text(out, SCORECARD_DIRECTION); /* its '<' */
    fputs(". Per family (an id's first part) and overall; counts: covered / n/a in either run / "
          "flagged in either run (left out of the score).</p>\n",
          out);
    per_view(out, p, html_scorecard);
    fprintf(out,
            "<h2 id=\"heatmap\">Heatmap</h2>\n<p class=\"note\">%zu metrics x %zu runs: each "
            "figure coloured by its ratio to the best run of its row (lower is better, unless "
            "the row says higher). Click a run's title to sort each family by it; a metric "
            "links to its chart.</p>\n",
            t->n_rows, t->n_runs);
    html_heatmap_legend(out);
    per_view(out, p, html_heatmap);
}

static void page(FILE *out, const struct html_page *p)
{
    const struct comparison *t = p->t;
    char now[32];
    iso_now(now, sizeof now);
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
          "<title>rtbench report</title>\n",
          out);
    fputs(style, out);
    html_heatmap_style(out);
    fputs("</head><body>\n", out);
    view_switch(out, p);
    fprintf(out,
            "<main>\n<h1>rtbench report</h1>\n<p class=\"note\">%zu runs, %zu metrics; "
            "written %s by rtbench. Bars and tables show the median where a run has "
            "percentiles, else the mean.</p>\n",
            t->n_runs, t->n_rows, now);
    first_screen(out, p);
    run_headers(out, p);
    fputs("<h2 id=\"families\">Per family</h2>\n", out);
    flags_legend(out, t);
    per_view(out, p, html_bar_charts);
    fputs("<h2 id=\"distributions\">Distributions</h2>\n<p class=\"note\">Per run: the line "
          "from min to max, the box from p50 to p99, marks at p90 and p99.9; log scale.</p>\n",
          out);
    per_view(out, p, html_distributions);
    html_history(out, p);
    sweeps(out, t);
    fputs("<h2 id=\"table\">Comparison</h2>\n<p class=\"note\">Click a column's title to sort. "
          "Ratios are to the first run (none for an underflow figure: it is no latency); markers "
          "as in the flags above.</p>\n",
          out);
    per_view(out, p, comparison_table);
    fputs("</main>\n", out);
    fputs(script, out);
    fputs("</body></html>\n", out);
}

int html_report_write(FILE *out, const struct comparison *t)
{
    return html_report_write_baseline(out, t, 0);
}

int html_report_write_baseline(FILE *out, const struct comparison *t, size_t baseline)
{
    return html_report_write_series(out, t, baseline, NULL);
}

int html_report_write_series(FILE *out, const struct comparison *t, size_t baseline,
                             const struct history *h)
{
    struct html_page p = {t, NULL, NULL, {1, 0, 0}, HV_NATIVE, baseline, h};
    p.cell = xcalloc(t->n_rows * t->n_runs + 1, sizeof *p.cell);
    p.run_name = xcalloc(t->n_runs + 1, sizeof *p.run_name);
    int all_ns = 1, mixed = 0;
    for (size_t j = 0; j < t->n_runs; j++) {
        const char *clock = run_hdr(t->runs[j], "clock");
        /* emulated time (QEMU -icount) is no silicon time to open a page with */
        all_ns &= t->runs[j]->ns_per_unit > 0 && !(clock && strcmp(clock, "emulated-icount") == 0);
        mixed |= strcmp(figure_unit_name(t->runs[j], UNIT_NATIVE),
                        figure_unit_name(t->runs[0], UNIT_NATIVE)) != 0;
        char name[160];
        run_display_name(t->runs[j], name, sizeof name);
        p.run_name[j] = xstrdup(name);
        p.has_view[HV_NS] |= t->runs[j]->ns_per_unit > 0;
        p.has_view[HV_MODEL] |= run_has_unit(t->runs[j], UNIT_MODEL_CYCLES);
        for (size_t i = 0; i < t->n_rows; i++)
            p.cell[i * t->n_runs + j] = run_find_metric(t->runs[j], t->metrics[i]);
    }
    if (mixed && all_ns)
        p.shown = HV_NS;
    page(out, &p);
    for (size_t j = 0; j < t->n_runs; j++)
        free(p.run_name[j]);
    free(p.run_name);
    free(p.cell);
    return ferror(out) ? -1 : 0;
}

const struct writer writer_html = {"html", NULL, NULL, NULL, html_report_write, NULL, NULL, NULL};
