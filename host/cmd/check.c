/*
 * rtbench check BASELINE CANDIDATE [--threshold PCT] [--metrics GLOB,...] [--db PATH]
 *
 * The regression gate. Per metric: the median where both runs have
 * percentiles, else the mean; a metric whose candidate figure is more than
 * PCT % above the baseline's is a regression. Exit 1 if there is any (or a
 * benchmark that worked in the baseline failed in the candidate), else 0;
 * 2 on bad usage or an unreadable database. Flagged figures (either side)
 * are listed apart and never counted; metrics present on one side only are
 * listed; incomplete runs are warned about. --junit FILE writes the same
 * verdicts as JUnit XML for CI (out/junit.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_select.h"
#include "cmd/cmds.h"
#include "artifact.h"
#include "term.h"
#include "util.h"
#include "signif.h"
#include "verdict.h"
#include "out/writer.h"

#define CMD "check"
#define DEFAULT_THRESHOLD 10.0
#define GLOBS "a comma-separated list of id globs"

static const struct option check_options[] = {
    {"threshold", required_argument, NULL, 'T'},
    {"metrics", required_argument, NULL, 'M'},
    {"db", required_argument, NULL, 'D'},
    {"format", required_argument, NULL, 'F'},
    {"junit", required_argument, NULL, 'J'},
    {"alpha", required_argument, NULL, 'A'},
    CLI_SELECTION_OPTIONS,
    {NULL, 0, NULL, 0},
};

static const struct cli_command check_command = {
    CMD,
    "usage: rtbench check BASELINE CANDIDATE [--threshold PCT] [--metrics GLOB,...]\n"
    "                     [--format NAME] [--junit FILE] [--alpha A] [--db PATH]\n"
    "       rtbench check --where K=GLOB,... --latest 2 [options]: the older of the two\n"
    "       selected runs is the baseline (--where: meta, header field or label K)\n"
    "--junit FILE: also write the verdicts as JUnit XML (one test case per metric)\n"
    "--alpha A: significance level of the test of noise where both runs have samples\n"
    "           (run --samples; default 0.01, Holm across the metrics)\n"
    "exit 0: no regression; 1: a metric is more than PCT % slower (default 10) or failed;\n"
    "2: bad usage or input\n",
    check_options,
    "",
    1 + DOC_CHECK,
    0,
    0,
};

struct check_options {
    const char *metrics, *db_path, *junit;
    double threshold, alpha;
    const struct writer *writer;
    struct cli_selection sel;
};

/* --threshold PCT: a percentage >= 0, a '%' suffix accepted. */
static int parse_threshold(const char *v, double *out)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", v);
    size_t l = strlen(buf);
    if (l > 0 && buf[l - 1] == '%')
        buf[l - 1] = 0;
    if (!*buf || parse_double(buf, out) < 0 || !(*out >= 0) || *out > 1e6)
        return cli_usage_err(CMD, "--threshold must be a percentage >= 0, not",
                             *v ? v : "(nothing)");
    return CLI_GO;
}

static int check_option(void *ctx, int id, const char *value)
{
    struct check_options *o = ctx;
    if (id == 'T')
        return parse_threshold(value, &o->threshold);
    if (id == 'A' && (parse_double(value, &o->alpha) < 0 || !(o->alpha > 0) || o->alpha >= 1))
        return cli_usage_err(CMD, "--alpha must be a number between 0 and 1, not",
                             *value ? value : "(nothing)");
    if (id == 'A')
        return CLI_GO;
    if (id == 'F')
        return cli_writer_option(CMD, value, DOC_CHECK, &o->writer);
    if (id == 'W' || id == 'N')
        return cli_selection_option(CMD, &o->sel, id, value);
    if (id == 'J') {
        if (!*value)
            return cli_usage_err(CMD, "--junit needs a file name", NULL);
        o->junit = value;
    } else if (id == 'D') {
        o->db_path = value;
    } else {
        if (!*value)
            return cli_usage_err(CMD, "--metrics needs " GLOBS, NULL);
        o->metrics = value;
    }
    return CLI_GO;
}

static int selected(const void *globs, const char *id)
{
    const struct cli_globs *g = globs;
    return !g->n || cli_globs_match(g, id, NULL);
}

static int junit_write(FILE *f, const void *rep)
{
    extern const struct writer writer_junit; /* out/junit.c */
    return writer_junit.check(f, rep);
}

/* Loads both runs, computes the verdicts and writes them. The exit status. */
static int check_runs(const struct check_options *o, char **refs, const struct cli_globs *globs)
{
    static const char *const roles[] = {"baseline", "candidate"};
    struct run **runs;
    if (cli_load_runs(CMD, o->db_path, refs, 2, roles, &runs) != 0)
        return 2;
    artifact_flag_compare(runs, 2);
    struct check_report rep;
    char err[256];
    int rc = 2;
    if (check_compute(runs[0], runs[1], o->threshold, selected, globs, &rep, err, sizeof err) !=
        0) {
        fprintf(stderr, "rtbench check: %s\n", term(err));
    } else if (rep.n_rows == 0) {
        /* nothing selected: the error alone, before anything is printed */
        fprintf(stderr, "rtbench check: no metric to check%s%s\n",
                o->metrics ? " matches --metrics " : "", o->metrics ? term(o->metrics) : "");
    } else {
        signif_apply(&rep, o->alpha); /* beyond the threshold and significant, or not judged */
        cli_warn_incomplete(CMD, "baseline", runs[0]);
        cli_warn_incomplete(CMD, "candidate", runs[1]);
        rc = cli_write_done(CMD, o->writer->check(stdout, &rep));
        if (rc == 0 && o->junit)
            rc = cli_write_file(CMD, "the JUnit file", o->junit, junit_write, &rep);
        if (rc == 0)
            rc = rep.pass ? 0 : 1;
    }
    check_report_free(&rep);
    runs_free(runs, 2);
    return rc;
}

int cmd_check(int argc, char **argv)
{
    struct check_options o = {NULL,         NULL,       NULL,    DEFAULT_THRESHOLD,
                              SIGNIF_ALPHA, writers[0], {{0}, 0}};
    int first;
    char **refs = NULL;
    size_t n = 0;
    int rc = cli_parse(&check_command, argc, argv, check_option, &o, &first);
    if (rc == CLI_GO)
        rc = cli_selection_args(CMD, o.db_path, &o.sel, argc - first, argv + first, &refs, &n);
    if (rc == CLI_GO && n > 2)
        rc = cli_usage_err(CMD,
                           cli_selection_given(&o.sel)
                               ? "--where selects more than two runs (add --latest 2)"
                               : "too many runs (usage: rtbench check BASELINE CANDIDATE)",
                           refs[2]);
    else if (rc == CLI_GO && n != 2)
        rc = cli_usage_err(
            CMD,
            cli_selection_given(&o.sel)
                ? "--where/--latest selects one run; check needs two"
                : "needs two runs (usage: rtbench check BASELINE CANDIDATE [--threshold PCT])",
            NULL);
    if (rc == CLI_GO) {
        struct cli_globs globs;
        cli_globs_split(&globs, o.metrics);
        rc = check_runs(&o, refs, &globs);
        cli_globs_free(&globs);
    }
    cli_selection_refs_free(refs, n);
    cli_selection_free(&o.sel);
    return rc;
}
