/*
 * rtbench host - lists of metric id globs (--metrics GLOB,...), apart from
 * cli.c so that the comparison builder (comparison.c) can match them without
 * calling the command-line layer.
 */
#ifndef RTBH_CLI_GLOBS_H
#define RTBH_CLI_GLOBS_H

#include <stddef.h>

/* A comma-separated list of id globs (--metrics); empty items are dropped. */
struct cli_globs {
    char *copy; /* the list, cut at the commas */
    char **v;
    size_t n;
};
/* Splits LIST (NULL: no globs) into G. */
void cli_globs_split(struct cli_globs *g, const char *list);
/* 1 if ID matches one of the globs (its index into *which, if not NULL);
 * 0 if none does, or there are none. */
int cli_globs_match(const struct cli_globs *g, const char *id, size_t *which);
void cli_globs_free(struct cli_globs *g);

#endif /* RTBH_CLI_GLOBS_H */
