/*
 * rtbench host - `check` as JUnit XML (`check --junit FILE`, `check --format
 * junit`): what CI systems show as test reports. One <testsuite> per check,
 * one <testcase> per metric (classname rtbench.<family>): a regression, or a
 * benchmark that failed in the candidate, is a <failure> whose message has
 * the figures; n/a, missing and flagged (not judged) metrics are <skipped>
 * with the reason; ok and faster pass. The shape is the common one of Ant and
 * Jenkins (tests/host/junit.xsd checks it).
 */
#include <string.h>

#include "artifact.h"
#include "out/html.h"
#include "svg.h"
#include "out/writer.h"

static size_t skipped_count(const struct check_report *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n_rows; i++) {
        enum verdict v = c->rows[i].verdict;
        n += v == VERDICT_FLAGGED || v == VERDICT_MISSING || v == VERDICT_NA;
    }
    return n;
}

/* "p50 120 -> 150 cycles (+25.0 %, threshold +10 %)" of a judged or flagged row. */
static void figures(FILE *out, const struct check_report *c, const struct check_row *r)
{
    char a[48], b[48];
    snprintf(a, sizeof a, "%.10g", r->baseline);
    snprintf(b, sizeof b, "%.10g", r->candidate);
    fprintf(out, "%s %s -&gt; %s ", r->stat ? r->stat : "?", a, b);
    svg_text(out, r->unit ? r->unit : c->unit);
    fprintf(out, " (%+.1f %%, threshold %s%g %%%s)", r->change, r->higher_better ? "-" : "+",
            c->threshold, r->higher_better ? ", higher is better" : "");
    char sig[192];
    check_signif_text(r, sig, sizeof sig);
    if (*sig) {
        fputs("; ", out);
        svg_text(out, sig);
    }
    if (r->note) {
        fputs("; ", out);
        svg_text(out, r->note);
    }
}

/* The <skipped> or <failure> of a row that did not simply pass. */
static void outcome(FILE *out, const struct check_report *c, const struct check_row *r)
{
    char fb[96], fc[96];
    switch (r->verdict) {
    case VERDICT_REGRESSION:
        fputs("<failure type=\"regression\" message=\"regression: ", out);
        figures(out, c, r);
        fputs("\"/>", out);
        break;
    case VERDICT_FAILED:
        fputs("<failure type=\"failed\" message=\"failed in the candidate: ", out);
        svg_text(out, r->reason ? r->reason : "failed");
        fputs("\"/>", out);
        break;
    case VERDICT_FLAGGED:
        check_flags_text(r->baseline_flags, fb, sizeof fb);
        check_flags_text(r->candidate_flags, fc, sizeof fc);
        fputs("<skipped message=\"flagged, not judged: ", out);
        figures(out, c, r);
        fputs("; baseline flags ", out);
        svg_text(out, fb);
        fputs(", candidate flags ", out);
        svg_text(out, fc);
        fputs("\"/>", out);
        break;
    case VERDICT_MISSING:
        fputs("<skipped message=\"missing in the ", out);
        svg_text(out, r->missing_in);
        fputs("\"/>", out);
        break;
    case VERDICT_NA:
        fputs("<skipped message=\"n/a", out);
        if (r->baseline_state)
            fprintf(out, " (baseline %s, candidate %s)", r->baseline_state, r->candidate_state);
        if (r->reason) {
            fputs(": ", out);
            svg_text(out, r->reason);
        }
        fputs("\"/>", out);
        break;
    default: /* ok, faster: the figures as the test's output */
        fputs("<system-out>", out);
        fputs(r->verdict == VERDICT_FASTER ? "faster: " : "ok: ", out);
        figures(out, c, r);
        fputs("</system-out>", out);
        break;
    }
}

static void testcase(FILE *out, const struct check_report *c, const struct check_row *r)
{
    char fam[64];
    html_family(r->metric, fam, sizeof fam);
    fputs("    <testcase classname=\"rtbench.", out);
    svg_text(out, fam);
    fputs("\" name=\"", out);
    svg_text(out, r->metric);
    fputs("\" time=\"0\">", out);
    outcome(out, c, r);
    fputs("</testcase>\n", out);
}

static void property(FILE *out, const char *name, const char *value)
{
    fprintf(out, "      <property name=\"%s\" value=\"", name);
    svg_text(out, value ? value : "");
    fputs("\"/>\n", out);
}

static int junit_check(FILE *out, const struct check_report *c)
{
    char bn[512], cn[512], th[32], suite[1100];
    check_side_name(c, 0, bn, sizeof bn);
    check_side_name(c, 1, cn, sizeof cn);
    snprintf(th, sizeof th, "%g", c->threshold);
    snprintf(suite, sizeof suite, "rtbench check %s vs %s", cn, bn);
    size_t failures = c->regressions + c->failed, skipped = skipped_count(c);
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rtbench check\"", out);
    fprintf(out, " tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\" time=\"0\">\n",
            c->n_rows, failures, skipped);
    fputs("  <testsuite name=\"", out);
    svg_text(out, suite);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\" time=\"0\"",
            c->n_rows, failures, skipped);
    /* the candidate's date, UTC, without the zone (as the Ant schema wants it) */
    const char *ts = c->candidate->created ? c->candidate->created : "";
    fprintf(out, " timestamp=\"%.19s\" hostname=\"", strlen(ts) >= 19 ? ts : "1970-01-01T00:00:00");
    svg_text(out, c->candidate->host ? c->candidate->host : "unknown");
    fputs("\">\n    <properties>\n", out);
    property(out, "baseline", bn);
    property(out, "candidate", cn);
    property(out, "threshold_percent", th);
    property(out, "unit", c->unit);
    char noise[768];
    check_noise_text(c, noise, sizeof noise);
    property(out, "noise_test", noise);
    fputs("    </properties>\n", out);
    for (size_t i = 0; i < c->n_rows; i++)
        testcase(out, c, &c->rows[i]);
    fputs("    <system-out/>\n    <system-err/>\n  </testsuite>\n</testsuites>\n", out);
    return ferror(out) ? -1 : 0;
}

const struct writer writer_junit = {"junit", NULL, NULL, NULL, NULL, junit_check, NULL, NULL};
