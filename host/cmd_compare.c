/*
 * rtbench compare RUN... [--metrics GLOB,...] [--unit cycles|ns]
 *                 [--stat mean|p50|p99|min|max] [--format text|markdown|csv|json] [--db PATH]
 *
 * Runs side by side, one row per metric, one column per run, plus the ratio
 * of each run to the first. Flags (within each run and across the runs) are
 * applied before printing and shown in every format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "db.h"
#include "flags.h"
#include "format.h"
#include "util.h"

static int usage_err(const char *msg, const char *arg)
{
    if (arg)
        fprintf(stderr, "rtbench compare: %s: %s\n", msg, arg);
    else
        fprintf(stderr, "rtbench compare: %s\n", msg);
    return 2;
}

/* Option value: "--opt=value" or "--opt value". NULL if missing. */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] != 0)
        return NULL;
    if (*i + 1 >= argc)
        return "";
    return argv[++*i];
}

static int is_opt(const char *a, const char *name)
{
    size_t n = strlen(name);
    return strncmp(a, name, n) == 0 && (a[n] == 0 || a[n] == '=');
}

static int matches_any(char **globs, size_t n, const char *id, size_t *which)
{
    for (size_t i = 0; i < n; i++) {
        if (glob_match(globs[i], id)) {
            if (which)
                *which = i;
            return 1;
        }
    }
    return 0;
}

static int have(const char **ids, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(ids[i], id) == 0)
            return 1;
    return 0;
}

int cmd_compare(int argc, char **argv)
{
    const char *metrics = NULL, *dbpath = NULL;
    enum cmp_unit unit = CU_NATIVE;
    enum cmp_stat stat = CS_AUTO;
    enum fmt_kind kind = FMT_TEXT;
    const char **refs = xcalloc((size_t)argc + 1, sizeof *refs);
    size_t n_refs = 0;
    int rc = 2;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            printf("usage: rtbench compare RUN... [--metrics GLOB,...] [--unit cycles|ns]\n"
                   "                       [--stat mean|p50|p99|min|max] [--format "
                   "text|markdown|csv|json]\n"
                   "                       [--db PATH]\n"
                   "RUN is a run id, a label (its newest run) or latest.\n");
            free(refs);
            return 0;
        }
        if (is_opt(a, "--metrics")) {
            v = opt_value(argc, argv, &i, "--metrics");
            if (!v || !*v) {
                free(refs);
                return usage_err("--metrics needs a comma-separated list of id globs", NULL);
            }
            metrics = v;
        } else if (is_opt(a, "--unit")) {
            v = opt_value(argc, argv, &i, "--unit");
            if (!v || format_parse_unit(v, &unit) < 0) {
                free(refs);
                return usage_err("--unit must be cycles or ns, not", v && *v ? v : "(nothing)");
            }
        } else if (is_opt(a, "--stat")) {
            v = opt_value(argc, argv, &i, "--stat");
            if (!v || format_parse_stat(v, &stat) < 0) {
                free(refs);
                return usage_err("--stat must be mean, p50, p99, min or max, not",
                                 v && *v ? v : "(nothing)");
            }
        } else if (is_opt(a, "--format")) {
            v = opt_value(argc, argv, &i, "--format");
            if (!v || format_parse_kind(v, &kind) < 0) {
                free(refs);
                return usage_err("--format must be text, markdown, csv or json, not",
                                 v && *v ? v : "(nothing)");
            }
        } else if (is_opt(a, "--db")) {
            v = opt_value(argc, argv, &i, "--db");
            if (!v || !*v) {
                free(refs);
                return usage_err("--db needs a path", NULL);
            }
            dbpath = v;
        } else if (a[0] == '-' && a[1] != 0) {
            free(refs);
            return usage_err("unknown option", a);
        } else {
            refs[n_refs++] = a;
        }
    }
    if (n_refs == 0) {
        free(refs);
        return usage_err(
            "no run given (usage: rtbench compare RUN... [options]; RUN = id, label or latest)",
            NULL);
    }

    /* metric globs */
    char *mcopy = metrics ? xstrdup(metrics) : NULL;
    char **globs = NULL;
    size_t n_globs = 0;
    if (mcopy) {
        globs = xcalloc(strlen(mcopy) + 1, sizeof *globs);
        for (char *save = NULL, *t = strtok_r(mcopy, ",", &save); t; t = strtok_r(NULL, ",", &save))
            if (*t)
                globs[n_globs++] = t;
        if (n_globs == 0) {
            free(mcopy);
            free(globs);
            free(refs);
            return usage_err("--metrics needs a comma-separated list of id globs", NULL);
        }
    }

    char err[512];
    sqlite3 *db = NULL;
    struct run **runs = xcalloc(n_refs, sizeof *runs);
    size_t n_runs = 0;
    const char **ids = NULL;
    struct cmp_cell *cells = NULL;
    if (!dbpath)
        dbpath = db_default_path();
    /* Reading never creates a database: a mistyped path is an error. */
    if (access(dbpath, F_OK) != 0) {
        fprintf(stderr, "rtbench compare: no database at %s (nothing stored there yet)\n", dbpath);
        goto out;
    }
    if (db_open(dbpath, &db, err, sizeof err) < 0) {
        fprintf(stderr, "rtbench compare: %s\n", err);
        goto out;
    }
    for (size_t i = 0; i < n_refs; i++) {
        runs[i] = xcalloc(1, sizeof **runs);
        n_runs++;
        if (db_load_run(db, refs[i], runs[i], err, sizeof err) < 0) {
            fprintf(stderr, "rtbench compare: run %s: %s\n", refs[i], err);
            goto out;
        }
    }
    for (size_t i = 0; i < n_runs; i++) {
        flags_apply_run(runs[i]);
        if (runs[i]->status == RUN_INCOMPLETE) {
            char name[128];
            format_run_name(runs[i], name, sizeof name);
            fprintf(stderr, "rtbench compare: warning: run %s is incomplete (%s)\n", name,
                    runs[i]->status_detail ? runs[i]->status_detail : "no end record");
        }
    }
    flags_apply_compare(runs, n_runs);

    /* rows: in the order of the globs when given, within a glob the order of
     * the first run, then of the others */
    size_t cap = 0, n_ids = 0;
    for (size_t i = 0; i < n_runs; i++)
        cap += runs[i]->n_m;
    ids = xcalloc(cap + 1, sizeof *ids);
    size_t passes = n_globs ? n_globs : 1;
    for (size_t g = 0; g < passes; g++) {
        size_t before = n_ids;
        for (size_t i = 0; i < n_runs; i++) {
            for (size_t k = 0; k < runs[i]->n_m; k++) {
                const char *id = runs[i]->m[k].id;
                size_t which;
                if (n_globs && !(matches_any(globs, n_globs, id, &which) && which == g))
                    continue;
                if (!have(ids, n_ids, id))
                    ids[n_ids++] = id;
            }
        }
        if (n_globs && n_ids == before)
            fprintf(stderr, "rtbench compare: warning: no metric matches %s\n", globs[g]);
    }
    if (n_ids == 0) {
        fprintf(stderr, "rtbench compare: no metric to compare%s%s\n",
                metrics ? " matches --metrics " : "", metrics ? metrics : "");
        goto out;
    }

    cells = xcalloc(n_ids * n_runs, sizeof *cells);
    for (size_t i = 0; i < n_ids; i++) {
        for (size_t j = 0; j < n_runs; j++) {
            struct cmp_cell *c = &cells[i * n_runs + j];
            const struct metric *m = run_find_metric(runs[j], ids[i]);
            c->ok = format_metric_value(runs[j], m, stat, unit, &c->value, &c->stat, &c->why);
            c->flags = m ? m->flags : 0;
        }
    }
    struct cmp_table t = {.n_runs = n_runs,
                          .n_rows = n_ids,
                          .runs = runs,
                          .metrics = ids,
                          .cells = cells,
                          .unit = unit};
    if (format_write(stdout, kind, &t) < 0 || fflush(stdout) != 0) {
        fprintf(stderr, "rtbench compare: cannot write the output\n");
        goto out;
    }
    rc = 0;
out:
    free(cells);
    free(ids);
    for (size_t i = 0; i < n_runs; i++) {
        run_free(runs[i]);
        free(runs[i]);
    }
    free(runs);
    if (db)
        db_close(db);
    free(globs);
    free(mcopy);
    free(refs);
    return rc;
}
