/*
 * rtbench bisect --reference RUN --metrics GLOB,... [--threshold PCT] [--db PATH] -- RUN-OPTIONS...
 *
 * One step of `git bisect run`: `rtbench run RUN-OPTIONS... --db PATH`
 * (typically --kernel NAME=TREE --target qemu:BOARD, TREE the checkout being
 * bisected: built and run at its current revision), then the runs it stored
 * checked against the reference run on the metrics (check's rule: the
 * median, else the mean, more than PCT % worse is a regression). The exit
 * status is git bisect's answer: 0 good (no regression), 1 bad (a metric
 * regressed or failed), 125 skip (nothing stored: the revision did not
 * build or run; or no selected metric could be judged), 128 stop (bad
 * usage, no reference run: git bisect run gives up).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "cli.h"
#include "cmd/cmds.h"
#include "db_select.h"
#include "term.h"
#include "util.h"
#include "verdict.h"

#define CMD "bisect"
#define GOOD 0
#define BAD 1
#define SKIP 125
#define STOP 128

static const struct option bisect_options[] = {
    {"reference", required_argument, NULL, 'R'},
    {"metrics", required_argument, NULL, 'M'},
    {"threshold", required_argument, NULL, 'T'},
    {"db", required_argument, NULL, 'D'},
    {NULL, 0, NULL, 0},
};

static const struct cli_command bisect_command = {
    CMD,
    "usage: rtbench bisect --reference RUN --metrics GLOB,... [--threshold PCT] [--db PATH]\n"
    "                      -- RUN-OPTIONS...\n"
    "One step of `git bisect run`: rtbench run RUN-OPTIONS... (e.g. --kernel NAME=TREE\n"
    "--target qemu:BOARD, TREE the checkout being bisected), then its runs checked\n"
    "against the reference run on the metrics (more than PCT % worse, default 10, is\n"
    "a regression). Exit: 0 good, 1 bad (a regression or a failure), 125 skip (the\n"
    "revision did not build or run, or no metric could be judged), 128 stop (bad usage).\n"
    "  git bisect run rtbench bisect --reference good --metrics 'semaphore.*' \\\n"
    "      --db b.db -- --kernel freertos=$PWD --target qemu:mps2-an385\n",
    bisect_options,
    "",
    0,
    0,
    0,
};

struct bisect_options {
    const char *reference, *metrics, *db_path;
    double threshold;
};

static int bisect_option(void *ctx, int id, const char *v)
{
    struct bisect_options *o = ctx;
    if (id == 'T') {
        if (parse_double(v, &o->threshold) != 0 || !(o->threshold >= 0) || o->threshold > 1e6)
            return cli_usage_err(CMD, "--threshold must be a percentage >= 0, not",
                                 *v ? v : "(nothing)");
    } else if (!*v) {
        return cli_usage_err(CMD, "an empty value for",
                             id == 'R'   ? "--reference"
                             : id == 'M' ? "--metrics"
                                         : "--db");
    } else {
        *(id == 'R' ? &o->reference : id == 'M' ? &o->metrics : &o->db_path) = v;
    }
    return CLI_GO;
}

static int selected(const void *globs, const char *id)
{
    return cli_globs_match(globs, id, NULL);
}

/* The newest run id of DB (0 if none) into *MAX; 0, or -1 after a message. */
static int newest_id(sqlite3 *db, int64_t *max)
{
    int64_t *ids;
    size_t n;
    char err[512];
    if (db_select_runs(db, NULL, 1, &ids, &n, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench bisect: %s\n", term(err));
        return -1;
    }
    *max = n ? ids[0] : 0;
    free(ids);
    return 0;
}

/* Run CAND against REF: adds its verdicts to *COMPARED and *BAD; says each judged one. */
static void judge(const struct run *ref, struct run *cand, const struct cli_globs *g,
                  double threshold, size_t *compared, size_t *bad)
{
    struct run *pair[2] = {(struct run *)ref, cand};
    struct check_report rep;
    char err[256];
    artifact_flag_compare(pair, 2);
    if (check_compute(ref, cand, threshold, selected, g, &rep, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench bisect: run #%lld: %s\n", (long long)cand->id, term(err));
        return;
    }
    for (size_t i = 0; i < rep.n_rows; i++) {
        const struct check_row *row = &rep.rows[i];
        enum verdict v = row->verdict;
        if (v != VERDICT_OK && v != VERDICT_FASTER && v != VERDICT_REGRESSION &&
            v != VERDICT_FAILED)
            continue;
        (*compared)++;
        *bad += v == VERDICT_REGRESSION || v == VERDICT_FAILED;
        if (v == VERDICT_FAILED)
            fprintf(stderr, "rtbench bisect: run #%lld: %s FAILED (%s)\n", (long long)cand->id,
                    term(row->metric), row->reason ? term(row->reason) : "no reason");
        else
            fprintf(stderr, "rtbench bisect: run #%lld %s: %s %s %.10g -> %.10g (%+.2f %%)\n",
                    (long long)cand->id, verdict_word(v), term(row->metric), row->stat,
                    row->baseline, row->candidate, row->change);
    }
    check_report_free(&rep);
}

/* The runs stored after id AFTER judged against REF; the exit status. */
static int judge_new_runs(sqlite3 *db, const struct run *ref, int64_t after,
                          const struct bisect_options *o, const struct cli_globs *g)
{
    int64_t *ids;
    size_t n, compared = 0, bad = 0, runs = 0;
    char err[512];
    if (db_select_runs(db, NULL, 0, &ids, &n, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench bisect: %s\n", term(err));
        return STOP;
    }
    for (size_t i = 0; i < n; i++) {
        char idref[32];
        struct run cand;
        if (ids[i] <= after)
            continue;
        snprintf(idref, sizeof idref, "#%lld", (long long)ids[i]);
        if (cli_load_run(CMD, db, "run", idref, &cand) != 0)
            continue;
        runs++;
        if (cand.status == RUN_COMPLETE)
            judge(ref, &cand, g, o->threshold, &compared, &bad);
        run_free(&cand);
    }
    free(ids);
    const char *verdict = bad ? "bad" : compared ? "good" : "skip";
    fprintf(stderr, "rtbench bisect: %s (%zu run(s) stored, %zu metric(s) judged, %zu worse)\n",
            verdict, runs, compared, bad);
    return bad ? BAD : compared ? GOOD : SKIP;
}

/* `rtbench run ARGS... --db PATH`; its exit status. */
static int run_step(int argc, char **argv, const char *db_path)
{
    char **v = xcalloc((size_t)argc + 4, sizeof *v);
    int n = 0;
    v[n++] = "run";
    for (int i = 0; i < argc; i++)
        v[n++] = argv[i];
    v[n++] = "--db";
    v[n++] = (char *)db_path;
    int rc = cmd_run(n, v);
    free(v);
    return rc;
}

int cmd_bisect(int argc, char **argv)
{
    struct bisect_options o = {NULL, NULL, NULL, 10.0};
    int first;
    int rc = cli_parse(&bisect_command, argc, argv, bisect_option, &o, &first);
    if (rc != CLI_GO)
        return rc == 0 ? 0 : STOP;
    if (!o.reference || !o.metrics || !o.db_path) {
        cli_usage_err(CMD, "needs --reference RUN, --metrics GLOB,... and --db PATH", NULL);
        return STOP;
    }
    if (first == argc) {
        cli_usage_err(CMD, "no run options after -- (--kernel NAME=TREE --target qemu:BOARD)",
                      NULL);
        return STOP;
    }
    sqlite3 *db;
    struct run ref;
    int64_t before;
    if (cli_open_db(CMD, o.db_path, DB_READ, &db, NULL) != 0)
        return STOP;
    rc =
        cli_load_run(CMD, db, "--reference", o.reference, &ref) != 0 || newest_id(db, &before) != 0;
    db_close(db);
    if (rc) {
        run_free(&ref);
        return STOP;
    }
    rc = run_step(argc - first, argv + first, o.db_path);
    if (rc < 128 && cli_open_db(CMD, o.db_path, DB_READ, &db, NULL) == 0) {
        struct cli_globs g;
        cli_globs_split(&g, o.metrics);
        rc = judge_new_runs(db, &ref, before, &o, &g);
        cli_globs_free(&g);
        db_close(db);
    } else if (rc < 128) {
        rc = STOP;
    }
    run_free(&ref);
    return rc;
}
