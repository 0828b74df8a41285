/*
 * rtbench check BASELINE CANDIDATE [--threshold PCT] [--metrics GLOB,...] [--db PATH]
 * rtbench check --baseline RUN... --candidate RUN... (or --baseline-where K=GLOB,...,
 *               --candidate-where K=GLOB,... [--latest N]) [options]
 *
 * The regression gate. Per metric: the median where both runs have
 * percentiles, else the mean; a metric whose candidate figure is more than
 * PCT % above the baseline's is a regression. Exit 1 if there is any (or a
 * benchmark that worked in the baseline failed in the candidate), else 0;
 * 2 on bad usage or an unreadable database. Flagged figures (either side)
 * are listed apart and never counted; metrics present on one side only are
 * listed; incomplete runs are warned about. --junit FILE writes the same
 * verdicts as JUnit XML for CI (out/junit.c). With several runs a side, a
 * side's figure is the median of its runs' and the test of noise takes the
 * run as its unit (signif.h): the runs' spread is the noise. --pooled pQ:
 * instead the quantile Q of each side's samples pooled over its runs
 * (check_pool), judged by the threshold alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_select.h"
#include "cmd/cmds.h"
#include "db_select.h"
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
    {"pooled", required_argument, NULL, 'P'},
    {"baseline", required_argument, NULL, 'b'},
    {"candidate", required_argument, NULL, 'c'},
    {"baseline-where", required_argument, NULL, 'X'},
    {"candidate-where", required_argument, NULL, 'Y'},
    CLI_SELECTION_OPTIONS,
    {NULL, 0, NULL, 0},
};

static const struct cli_command check_command = {
    CMD,
    "usage: rtbench check BASELINE CANDIDATE [--threshold PCT] [--metrics GLOB,...]\n"
    "                     [--format NAME] [--junit FILE] [--alpha A] [--pooled pQ]\n"
    "                     [--db PATH]\n"
    "       rtbench check --where K=GLOB,... --latest 2 [options]: the older of the two\n"
    "       selected runs is the baseline (--where: meta, header field or label K)\n"
    "       rtbench check --baseline RUN... --candidate RUN... [options]: several runs a\n"
    "       side (each option repeatable), or --baseline-where K=GLOB,... and\n"
    "       --candidate-where K=GLOB,... (with --where on both, --latest N: the newest N\n"
    "       of each side): a side's figure is its runs' median, and the test of noise\n"
    "       compares the runs' figures (exact Mann-Whitney U, Holm): run-to-run drift is\n"
    "       the noise\n"
    "--junit FILE: also write the verdicts as JUnit XML (one test case per metric)\n"
    "--alpha A: significance level of the test of noise: over the runs with several a\n"
    "           side, else where both runs have samples (run --samples); default 0.01,\n"
    "           Holm across the metrics\n"
    "--pooled pQ: a side's figure is the Q % quantile (nearest rank, 0 < Q < 100, e.g.\n"
    "           p10) of all its runs' samples pooled, where every run has them (else the\n"
    "           figure above, with a note); judged by the threshold alone, without a test\n"
    "           of noise\n"
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
    unsigned pool_per_mille; /* --pooled pQ: Q * 10, 0 without */
    const struct writer *writer;
    struct cli_selection sel;
    char **wheres; /* the --where arguments as given (n_wheres) */
    size_t n_wheres;
    char **side_ref[2]; /* --baseline RUN, --candidate RUN (n_side_ref) */
    size_t n_side_ref[2];
    char **side_where[2]; /* --baseline-where, --candidate-where (n_side_where) */
    size_t n_side_where[2];
};

static const char *const side_opt[2] = {"--baseline", "--candidate"};

/* --baseline/--candidate RUN ('b', 'c') or --*-where ('X', 'Y') into O. */
static int side_option(struct check_options *o, int id, const char *v)
{
    int side = id == 'c' || id == 'Y';
    char err[400];
    if (id == 'X' || id == 'Y') {
        struct meta_where w = {0};
        int bad = meta_where_parse(v, &w, err, sizeof err);
        meta_where_free(&w);
        if (bad)
            return cli_usage_err(CMD, err, NULL);
        strv_push(&o->side_where[side], &o->n_side_where[side], xstrdup(v));
        return CLI_GO;
    }
    if (!*v)
        return cli_usage_err(CMD,
                             side ? "--candidate needs a run (an id, a label or latest)"
                                  : "--baseline needs a run (an id, a label or latest)",
                             NULL);
    strv_push(&o->side_ref[side], &o->n_side_ref[side], xstrdup(v));
    return CLI_GO;
}

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

/* --pooled pQ: Q a percentage strictly between 0 and 100, in tenths. */
static int parse_pooled(const char *v, unsigned *per_mille)
{
    double q, tenths;
    if (*v != 'p' || parse_double(v + 1, &q) < 0 || !(q > 0 && q < 100) ||
        !((tenths = q * 10 - (double)(unsigned)(q * 10 + 0.5)) < 1e-9 && tenths > -1e-9))
        return cli_usage_err(CMD,
                             "--pooled must be pQ, a quantile with 0 < Q < 100 in tenths (p10, "
                             "p2.5), not",
                             *v ? v : "(nothing)");
    *per_mille = (unsigned)(q * 10 + 0.5);
    return CLI_GO;
}

static int check_option(void *ctx, int id, const char *value)
{
    struct check_options *o = ctx;
    if (id == 'T')
        return parse_threshold(value, &o->threshold);
    if (id == 'P')
        return parse_pooled(value, &o->pool_per_mille);
    if (id == 'A' && (parse_double(value, &o->alpha) < 0 || !(o->alpha > 0) || o->alpha >= 1))
        return cli_usage_err(CMD, "--alpha must be a number between 0 and 1, not",
                             *value ? value : "(nothing)");
    if (id == 'A')
        return CLI_GO;
    if (id == 'F')
        return cli_writer_option(CMD, value, DOC_CHECK, &o->writer);
    if (id == 'W')
        strv_push(&o->wheres, &o->n_wheres, xstrdup(value));
    if (id == 'W' || id == 'N')
        return cli_selection_option(CMD, &o->sel, id, value);
    if (id == 'b' || id == 'c' || id == 'X' || id == 'Y')
        return side_option(o, id, value);
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

/* The verdicts of the loaded runs RUNS (NB baseline, then NC candidate)
 * computed and written. The exit status. */
static int check_loaded(const struct check_options *o, struct run **runs, size_t nb, size_t nc,
                        const struct cli_globs *globs)
{
    const struct run *const *all = (const struct run *const *)runs;
    struct check_report rep;
    char err[256];
    int rc = 2;
    artifact_flag_compare(runs, nb + nc);
    if (check_compute_sides(all, nb, all + nb, nc, o->threshold, selected, globs, &rep, err,
                            sizeof err) != 0) {
        fprintf(stderr, "rtbench check: %s\n", term(err));
    } else if (rep.n_rows == 0) {
        /* nothing selected: the error alone, before anything is printed */
        fprintf(stderr, "rtbench check: no metric to check%s%s\n",
                o->metrics ? " matches --metrics " : "", o->metrics ? term(o->metrics) : "");
    } else {
        if (o->pool_per_mille)
            check_pool(&rep, o->pool_per_mille); /* before the test, which leaves them out */
        signif_apply(&rep, o->alpha); /* beyond the threshold and significant, or not judged */
        for (size_t i = 0; i < nb + nc; i++)
            cli_warn_incomplete(CMD, i < nb ? "baseline" : "candidate", runs[i]);
        rc = cli_write_done(CMD, o->writer->check(stdout, &rep));
        if (rc == 0 && o->junit)
            rc = cli_write_file(CMD, "the JUnit file", o->junit, junit_write, &rep);
        if (rc == 0)
            rc = rep.pass ? 0 : 1;
    }
    check_report_free(&rep);
    return rc;
}

/* Loads the NB baseline and NC candidate runs REFS, computes the verdicts
 * and writes them. The exit status. */
static int check_runs(const struct check_options *o, char **refs, size_t nb, size_t nc,
                      const struct cli_globs *globs)
{
    const char **roles = xcalloc(nb + nc, sizeof *roles);
    struct run **runs;
    for (size_t i = 0; i < nb + nc; i++)
        roles[i] = i < nb ? "baseline" : "candidate";
    int rc = cli_load_runs(CMD, o->db_path, refs, nb + nc, roles, &runs);
    free(roles);
    if (rc != 0)
        return 2;
    rc = 2;
    for (size_t i = 0; i < nb && nb + nc > 2; i++) /* (a run against itself: allowed) */
        for (size_t j = nb; j < nb + nc; j++)
            if (runs[i]->id == runs[j]->id && rc == 2) {
                fprintf(stderr, "rtbench check: run #%lld is on both sides\n",
                        (long long)runs[i]->id);
                rc = -2;
            }
    if (rc == 2)
        rc = check_loaded(o, runs, nb, nc, globs);
    runs_free(runs, nb + nc);
    return rc < 0 ? 2 : rc;
}

/* The runs of side SIDE from --SIDE-where and --where (the newest --latest
 * of them), as "#ID" references appended to *REFS. 0, or 2 after an error. */
static int side_selected(const struct check_options *o, int side, char ***refs, size_t *n)
{
    struct meta_where w = {0};
    char err[512];
    int64_t *ids = NULL;
    size_t k = 0;
    sqlite3 *db;
    for (size_t i = 0; i < o->n_wheres + o->n_side_where[side]; i++)
        meta_where_parse(i < o->n_wheres ? o->wheres[i] : o->side_where[side][i - o->n_wheres], &w,
                         err, sizeof err); /* each was parsed once already */
    int rc = cli_open_db(CMD, o->db_path, DB_READ, &db, NULL);
    if (rc == 0) {
        rc = db_select_runs(db, &w, o->sel.latest, &ids, &k, err, sizeof err);
        db_close(db);
        if (rc != 0)
            fprintf(stderr, "rtbench check: %s\n", term(err));
        else if (k == 0)
            fprintf(stderr, "rtbench check: no stored run matches %s-where%s\n", side_opt[side],
                    o->n_wheres ? " and --where" : "");
        rc = rc != 0 || k == 0 ? 2 : 0;
    }
    for (size_t i = 0; i < k && rc == 0; i++)
        strv_push(refs, n, xasprintf("#%lld", (long long)ids[i]));
    free(ids);
    meta_where_free(&w);
    return rc != 0 ? 2 : 0;
}

/* Both sides from --baseline/--candidate or their -where options: *REFS,
 * the *NB baseline runs then the *NC candidate runs. CLI_GO or 2. */
static int sides_refs(const struct check_options *o, int n_args, char *const *args, char ***refs,
                      size_t *nb, size_t *nc)
{
    size_t *count[2] = {nb, nc}, n = 0;
    *nb = *nc = 0;
    if (n_args > 0)
        return cli_usage_err(CMD,
                             "give the runs as BASELINE CANDIDATE or with --baseline and "
                             "--candidate, not both; extra argument",
                             args[0]);
    for (int side = 0; side < 2; side++) {
        if (!o->n_side_ref[side] == !o->n_side_where[side])
            return cli_usage_err(CMD,
                                 side ? "the candidate side needs --candidate RUN... or "
                                        "--candidate-where K=GLOB (one of them)"
                                      : "the baseline side needs --baseline RUN... or "
                                        "--baseline-where K=GLOB (one of them)",
                                 NULL);
        size_t before = n;
        for (size_t i = 0; i < o->n_side_ref[side]; i++)
            strv_push(refs, &n, xstrdup(o->side_ref[side][i]));
        if (o->n_side_where[side] && side_selected(o, side, refs, &n) != 0) {
            cli_selection_refs_free(*refs, n);
            *refs = NULL;
            *nb = *nc = 0;
            return 2;
        }
        *count[side] = n - before;
    }
    return CLI_GO;
}

/* The runs of the positional form (BASELINE CANDIDATE, or --where/--latest
 * selecting two): CLI_GO with *REFS (2 of them), or 2. */
static int pair_refs(const struct check_options *o, int n_args, char *const *args, char ***refs,
                     size_t *n)
{
    int rc = cli_selection_args(CMD, o->db_path, &o->sel, n_args, args, refs, n);
    if (rc == CLI_GO && *n > 2)
        rc = cli_usage_err(CMD,
                           cli_selection_given(&o->sel)
                               ? "--where selects more than two runs (add --latest 2, or give "
                                 "the sides with --baseline-where/--candidate-where)"
                               : "too many runs (usage: rtbench check BASELINE CANDIDATE; "
                                 "several a side: --baseline RUN --candidate RUN ...)",
                           (*refs)[2]);
    else if (rc == CLI_GO && *n != 2)
        rc = cli_usage_err(
            CMD,
            cli_selection_given(&o->sel)
                ? "--where/--latest selects one run; check needs two"
                : "needs two runs (usage: rtbench check BASELINE CANDIDATE [--threshold PCT])",
            NULL);
    return rc;
}

static void options_free(struct check_options *o)
{
    cli_selection_refs_free(o->wheres, o->n_wheres); /* each an array of N strings */
    for (int side = 0; side < 2; side++) {
        cli_selection_refs_free(o->side_ref[side], o->n_side_ref[side]);
        cli_selection_refs_free(o->side_where[side], o->n_side_where[side]);
    }
    cli_selection_free(&o->sel);
}

int cmd_check(int argc, char **argv)
{
    struct check_options o = {
        .threshold = DEFAULT_THRESHOLD, .alpha = SIGNIF_ALPHA, .writer = writers[0]};
    int first;
    char **refs = NULL;
    size_t n = 0, nb = 1, nc = 1;
    int rc = cli_parse(&check_command, argc, argv, check_option, &o, &first);
    int sides = o.n_side_ref[0] || o.n_side_ref[1] || o.n_side_where[0] || o.n_side_where[1];
    if (rc == CLI_GO && sides)
        rc = sides_refs(&o, argc - first, argv + first, &refs, &nb, &nc);
    else if (rc == CLI_GO)
        rc = pair_refs(&o, argc - first, argv + first, &refs, &n);
    if (rc == CLI_GO) {
        struct cli_globs globs;
        cli_globs_split(&globs, o.metrics);
        rc = check_runs(&o, refs, nb, nc, &globs);
        cli_globs_free(&globs);
    }
    if (refs) /* (none after bad usage: nb and nc are not counts then) */
        cli_selection_refs_free(refs, sides ? nb + nc : n);
    options_free(&o);
    return rc;
}
