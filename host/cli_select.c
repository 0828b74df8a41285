/*
 * rtbench host - --where and --latest (cli_select.h).
 */
#include "cli_select.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "db_select.h"
#include "term.h"
#include "util.h"

int cli_selection_option(const char *cmd, struct cli_selection *sel, int id, const char *value)
{
    char err[400];
    if (id == 'N') {
        uint64_t n;
        if (parse_u64(value, &n) != 0 || n == 0 || n > 1000000000u) {
            fprintf(stderr, "rtbench %s: --latest must be a positive integer, not '%s'\n", cmd,
                    term(value));
            return 2;
        }
        sel->latest = n;
        return CLI_GO;
    }
    if (meta_where_parse(value, &sel->where, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench %s: %s\n", cmd, term(err));
        return 2;
    }
    return CLI_GO;
}

int cli_selection_given(const struct cli_selection *sel)
{
    return sel->where.n > 0 || sel->latest > 0;
}

void cli_selection_free(struct cli_selection *sel)
{
    meta_where_free(&sel->where);
    sel->latest = 0;
}

int cli_selection_refs(const char *cmd, const char *path, const struct cli_selection *sel,
                       char ***refs, size_t *n)
{
    sqlite3 *db;
    int64_t *ids;
    char err[512];
    *refs = NULL;
    *n = 0;
    if (cli_open_db(cmd, path, DB_READ, &db, NULL) != 0)
        return 2;
    int rc = db_select_runs(db, &sel->where, sel->latest, &ids, n, err, sizeof err);
    db_close(db);
    if (rc != 0) {
        fprintf(stderr, "rtbench %s: %s\n", cmd, term(err));
        return 2;
    }
    if (*n == 0) {
        fprintf(stderr, "rtbench %s: %s\n", cmd,
                sel->where.n ? "no stored run matches --where" : "no runs stored");
        free(ids);
        return 2;
    }
    *refs = xcalloc(*n, sizeof **refs);
    for (size_t i = 0; i < *n; i++)
        (*refs)[i] = xasprintf("#%lld", (long long)ids[i]);
    free(ids);
    return 0;
}

void cli_selection_refs_free(char **refs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(refs[i]);
    free(refs);
}

int cli_selection_args(const char *cmd, const char *path, const struct cli_selection *sel,
                       int n_args, char *const *args, char ***refs, size_t *n)
{
    *refs = NULL;
    *n = 0;
    if (cli_selection_given(sel) && n_args > 0) {
        fprintf(stderr,
                "rtbench %s: give runs (RUN...) or --where/--latest, not both ('%s' with "
                "--where/--latest)\n",
                cmd, term(args[0]));
        return 2;
    }
    if (cli_selection_given(sel))
        return cli_selection_refs(cmd, path, sel, refs, n) == 0 ? CLI_GO : 2;
    *refs = xcalloc(n_args ? (size_t)n_args : 1, sizeof **refs);
    for (int i = 0; i < n_args; i++)
        (*refs)[i] = xstrdup(args[i]);
    *n = (size_t)n_args;
    return CLI_GO;
}
