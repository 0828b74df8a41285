/*
 * rtbench check BASELINE CANDIDATE [--threshold PCT] [--metrics GLOB,...] [--db PATH]
 *
 * The regression gate. Per metric: the median where both runs have
 * percentiles, else the mean; a metric whose candidate figure is more than
 * PCT % above the baseline's is a regression. Exit 1 if there is any (or a
 * benchmark that worked in the baseline failed in the candidate), else 0;
 * 2 on bad usage or an unreadable database. Flagged figures (either side)
 * are listed apart and never counted; metrics present on one side only are
 * listed; incomplete runs are warned about.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmds.h"
#include "db.h"
#include "flags.h"
#include "format.h"
#include "util.h"

#define CMD "check"
#define DEFAULT_THRESHOLD 10.0
#define GLOBS "a comma-separated list of id globs"

static const char *state_word(const struct metric *m)
{
    if (!m)
        return "absent";
    if (m->state == MS_NA)
        return "n/a";
    if (m->state == MS_FAILED)
        return "FAILED";
    return "ok";
}

static const struct option check_options[] = {
    {"threshold", required_argument, NULL, 'T'},
    {"metrics", required_argument, NULL, 'M'},
    {"db", required_argument, NULL, 'D'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command check_command = {
    CMD,
    "usage: rtbench check BASELINE CANDIDATE [--threshold PCT] [--metrics GLOB,...] [--db PATH]\n"
    "exit 0: no regression; 1: a metric is more than PCT % slower (default 10) or failed;\n"
    "2: bad usage or input\n",
    check_options,
    "",
};

struct check_options {
    const char *metrics, *db_path;
    double threshold;
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
    if (id == 'D') {
        o->db_path = value;
    } else {
        if (!*value)
            return cli_usage_err(CMD, "--metrics needs " GLOBS, NULL);
        o->metrics = value;
    }
    return CLI_GO;
}

int cmd_check(int argc, char **argv)
{
    struct check_options o = {NULL, NULL, DEFAULT_THRESHOLD};
    int first;
    int rc = cli_parse(&check_command, argc, argv, check_option, &o, &first);
    if (rc != CLI_GO)
        return rc;
    if (argc - first > 2)
        return cli_usage_err(CMD, "too many runs (usage: rtbench check BASELINE CANDIDATE)",
                             argv[first + 2]);
    if (argc - first != 2)
        return cli_usage_err(
            CMD, "needs two runs (usage: rtbench check BASELINE CANDIDATE [--threshold PCT])",
            NULL);
    const char *metrics = o.metrics, *dbpath = o.db_path, *refs[2] = {argv[first], argv[first + 1]};
    double threshold = o.threshold;

    struct cli_globs globs;
    cli_globs_split(&globs, metrics);

    rc = 2;
    sqlite3 *db = NULL;
    struct run base = {0}, cand = {0};
    if (cli_open_db(CMD, dbpath, DB_READ, &db, NULL) != 0 ||
        cli_load_run(CMD, db, "baseline", refs[0], &base) < 0 ||
        cli_load_run(CMD, db, "candidate", refs[1], &cand) < 0)
        goto out;
    flags_apply_run(&base);
    flags_apply_run(&cand);
    struct run *pair[2] = {&base, &cand};
    flags_apply_compare(pair, 2);

    /* unit: the runs' own when they agree, else ns through each run's clock */
    enum cmp_unit unit = CU_NATIVE;
    if (!base.unit || !cand.unit || strcmp(base.unit, cand.unit) != 0) {
        if (base.ns_per_unit > 0 && cand.ns_per_unit > 0) {
            unit = CU_NS;
        } else {
            fprintf(
                stderr,
                "rtbench check: the runs count different units (%s vs %s) and one has no clock\n",
                base.unit ? base.unit : "?", cand.unit ? cand.unit : "?");
            goto out;
        }
    }

    /* nothing selected: the error alone, before anything is printed */
    size_t n_sel = 0;
    for (int side = 0; side < 2 && n_sel == 0; side++) {
        const struct run *r = side ? &cand : &base;
        for (size_t k = 0; k < r->n_m && n_sel == 0; k++)
            if (!globs.n || cli_globs_match(&globs, r->m[k].id, NULL))
                n_sel++;
    }
    if (n_sel == 0) {
        fprintf(stderr, "rtbench check: no metric to check%s%s\n",
                metrics ? " matches --metrics " : "", metrics ? metrics : "");
        goto out;
    }

    char bn[128], cn[128];
    format_run_name(&base, bn, sizeof bn);
    format_run_name(&cand, cn, sizeof cn);
    cli_warn_incomplete(CMD, "baseline", &base);
    cli_warn_incomplete(CMD, "candidate", &cand);
    printf("baseline  %s (%s)\ncandidate %s (%s)\n", bn, base.origin ? base.origin : "?", cn,
           cand.origin ? cand.origin : "?");
    printf("threshold +%g %% on the median (the mean where a run has no percentiles), unit %s\n\n",
           threshold, unit == CU_NS ? "ns" : base.unit);

    size_t n_cmp = 0, n_reg = 0, n_imp = 0, n_flag = 0, n_miss = 0, n_na = 0, n_fail = 0;
    /* three passes over the metrics: 0 prints the judged ones, 1 the flagged
     * ones, 2 those that cannot be compared (missing, n/a, failed) */
    for (int pass = 0; pass < 3; pass++) {
        int header = 0;
        for (int side = 0; side < 2; side++) {
            const struct run *r = side ? &cand : &base;
            for (size_t k = 0; k < r->n_m; k++) {
                const char *id = r->m[k].id;
                if (globs.n && !cli_globs_match(&globs, id, NULL))
                    continue;
                const struct metric *b = run_find_metric(&base, id);
                const struct metric *c = run_find_metric(&cand, id);
                if (side == 1 && b)
                    continue; /* already seen from the baseline */
                int both_ok = b && c && b->state == MS_OK && c->state == MS_OK;
                if (!both_ok) {
                    if (pass != 2)
                        continue;
                    if (!header) {
                        printf("\nnot compared:\n");
                        header = 1;
                    }
                    if (!b || !c) {
                        n_miss++;
                        printf("  %-44s missing in %s\n", id, b ? "candidate" : "baseline");
                    } else if (b->state == MS_OK && c->state == MS_FAILED) {
                        n_fail++;
                        printf("  %-44s FAILED in candidate (%s)\n", id,
                               c->reason ? c->reason : "failed");
                    } else {
                        n_na++;
                        printf("  %-44s baseline %s, candidate %s%s%s\n", id, state_word(b),
                               state_word(c), c->reason ? ": " : "", c->reason ? c->reason : "");
                    }
                    continue;
                }
                enum cmp_stat st = (b->has_pct && c->has_pct) ? CS_P50 : CS_MEAN;
                double vb, vc;
                const char *sb, *sc, *why;
                if (!format_metric_value(&base, b, st, unit, &vb, &sb, &why) ||
                    !format_metric_value(&cand, c, st, unit, &vc, &sc, &why)) {
                    if (pass == 2) {
                        n_na++;
                        printf("  %-44s %s\n", id, why);
                    }
                    continue;
                }
                unsigned fl = (b->flags | c->flags) & MF_ARTIFACTS;
                if (pass == 2 || (fl != 0) != (pass == 1))
                    continue;
                double pct = vb > 0 ? (vc - vb) / vb * 100.0 : (vc > 0 ? INFINITY : 0.0);
                const char *verdict = "ok";
                if (pass == 1) {
                    char fb[96], fc[96];
                    format_flag_list(b->flags & MF_ARTIFACTS, ",", fb, sizeof fb);
                    format_flag_list(c->flags & MF_ARTIFACTS, ",", fc, sizeof fc);
                    if (!header) {
                        printf("\nflagged, not judged (shown, not counted):\n");
                        header = 1;
                    }
                    n_flag++;
                    printf(
                        "  %-44s %-4s %10lld -> %10lld  %+8.1f %%  baseline: %s, candidate: %s\n",
                        id, sb, format_trunc(vb), format_trunc(vc), pct, *fb ? fb : "-",
                        *fc ? fc : "-");
                    continue;
                }
                n_cmp++;
                if (pct > threshold) {
                    verdict = "REGRESSION";
                    n_reg++;
                } else if (pct < -threshold) {
                    verdict = "faster";
                    n_imp++;
                }
                printf("%-10s  %-44s %-4s %10lld -> %10lld  %+8.1f %%\n", verdict, id, sb,
                       format_trunc(vb), format_trunc(vc), pct);
            }
        }
    }
    printf("\nsummary: %zu compared, %zu regressions, %zu faster, %zu flagged, %zu missing, %zu "
           "n/a, %zu failed\n",
           n_cmp, n_reg, n_imp, n_flag, n_miss, n_na, n_fail);
    if (n_reg || n_fail) {
        printf("FAIL: %zu metric(s) more than %g %% slower, %zu failed in the candidate\n", n_reg,
               threshold, n_fail);
        rc = 1;
    } else {
        printf("PASS: no metric more than %g %% slower\n", threshold);
        rc = 0;
    }
out:
    run_free(&base);
    run_free(&cand);
    if (db)
        db_close(db);
    cli_globs_free(&globs);
    return rc;
}
