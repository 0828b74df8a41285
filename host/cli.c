/*
 * rtbench host - what the subcommands do alike (see cli.h).
 */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "format.h"
#include "util.h"

int cli_usage_err(const char *cmd, const char *msg, const char *arg)
{
    if (arg)
        fprintf(stderr, "rtbench %s: %s: %s\n", cmd, msg, arg);
    else
        fprintf(stderr, "rtbench %s: %s\n", cmd, msg);
    return 2;
}

int cli_is_help(const char *a)
{
    return strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0;
}

int cli_is_opt(const char *a, const char *name)
{
    size_t n = strlen(name);
    return strncmp(a, name, n) == 0 && (a[n] == 0 || a[n] == '=');
}

const char *cli_opt_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (*i + 1 >= argc)
        return "";
    return argv[++*i];
}

int cli_opt_string(const char *cmd, int argc, char **argv, int *i, const char *name,
                   const char *what, const char **out)
{
    int given = argv[*i][strlen(name)] == '=' || *i + 1 < argc;
    const char *v = cli_opt_value(argc, argv, i, name);
    if (!*v && given && strcmp(name, "--db") == 0) {
        fprintf(stderr, "rtbench %s: empty --db path\n", cmd);
        return 2;
    }
    if (!*v) {
        fprintf(stderr, "rtbench %s: %s needs %s\n", cmd, name, what);
        return 2;
    }
    *out = v;
    return 0;
}

int cli_extra_arg(const char *cmd, const char *arg)
{
    fprintf(stderr, "rtbench %s: unexpected argument '%s' (see rtbench %s --help)\n", cmd, arg,
            cmd);
    return 2;
}

int cli_unknown_opt(const char *cmd, const char *opt)
{
    fprintf(stderr, "rtbench %s: unknown option '%s' (see rtbench %s --help)\n", cmd, opt, cmd);
    return 2;
}

int cli_getopt_err(const char *cmd, int c, char **argv)
{
    if (c == ':') {
        fprintf(stderr, "rtbench %s: option '%s' needs a value\n", cmd, argv[optind - 1]);
        return 2;
    }
    return cli_unknown_opt(cmd, argv[optind - 1]);
}

void cli_globs_split(struct cli_globs *g, const char *list)
{
    g->copy = list ? xstrdup(list) : NULL;
    g->v = NULL;
    g->n = 0;
    if (!g->copy)
        return;
    g->v = xcalloc(strlen(g->copy) + 1, sizeof *g->v);
    for (char *save = NULL, *t = strtok_r(g->copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
        if (*t)
            g->v[g->n++] = t;
}

int cli_globs_match(const struct cli_globs *g, const char *id, size_t *which)
{
    for (size_t i = 0; i < g->n; i++) {
        if (glob_match(g->v[i], id)) {
            if (which)
                *which = i;
            return 1;
        }
    }
    return 0;
}

void cli_globs_free(struct cli_globs *g)
{
    free(g->v);
    free(g->copy);
    g->v = NULL;
    g->copy = NULL;
    g->n = 0;
}

int cli_open_db(const char *cmd, const char *path, enum db_mode mode, sqlite3 **db,
                const char **used_path)
{
    char err[512];
    if (db_open(path, mode, db, used_path, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench %s: %s\n", cmd, err);
        return 2;
    }
    return 0;
}

int cli_load_run(const char *cmd, sqlite3 *db, const char *what, const char *ref, struct run *r)
{
    char err[512];
    if (db_load_run(db, ref, r, err, sizeof err) == 0)
        return 0;
    if (what)
        fprintf(stderr, "rtbench %s: %s %s: %s\n", cmd, what, ref, err);
    else
        fprintf(stderr, "rtbench %s: %s\n", cmd, err);
    return -1;
}

void cli_warn_incomplete(const char *cmd, const char *role, const struct run *r)
{
    char name[128];
    if (r->status != RUN_INCOMPLETE)
        return;
    format_run_name(r, name, sizeof name);
    fprintf(stderr, "rtbench %s: warning: %s%srun %s is incomplete (%s)\n", cmd, role ? role : "",
            role ? " " : "", name, r->status_detail ? r->status_detail : "no end record");
}
