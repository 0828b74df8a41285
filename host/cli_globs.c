/*
 * rtbench host - lists of metric id globs (cli_globs.h).
 */
#include "cli_globs.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

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
