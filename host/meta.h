/*
 * rtbench host - what was measured: a run's meta (run.h: KEY=VALUE pairs
 * stored with it, `run`/`import`/`sweep --meta`), the ones rtbench fills in
 * by itself, and `--where` (which runs `list`, `compare`, `report`, `check`
 * and `history` take). docs/cli.md#meta.
 */
#ifndef RTBH_META_H
#define RTBH_META_H

#include <stddef.h>

#include "run.h"

#define META_KEY_MAX 64
#define META_VALUE_MAX 256

/* The meta keys rtbench fills in where they can be known (never over one
 * the user gave). */
#define META_BUILD "build_hash"      /* FNV-1a 64 of the header's cc and cflags */
#define META_KERNEL_REV "kernel_rev" /* --kernel TREE, a git checkout: HEAD */
#define META_KERNEL_DIRTY                                                                          \
    "kernel_dirty"                      /* ... "yes" when `git status --porcelain` lists a change */
#define META_KERNEL_FILE "kernel_file"  /* --kernel ARCHIVE: its file name */
#define META_KERNEL_SHA "kernel_sha256" /* ... and its SHA-256 */
#define META_COMMIT "commit"            /* the user's name of the revision measured */

/* --meta KEY=VALUE appended to the pairs *KV (a strv: key, value, ..., n
 * strings). KEY: 1 to META_KEY_MAX of [a-z0-9_.-], starting with a letter
 * or digit; VALUE: 1 to META_VALUE_MAX printable bytes without ',' or
 * blanks; a KEY given twice is refused. 0, or -1 with a one-line message. */
int meta_add(char ***kv, size_t *n, const char *arg, char *err, size_t errlen);

/* Frees the pairs KV (n strings) of meta_add. */
void meta_pairs_free(char **kv, size_t n);

/* The pairs KV (n strings) set on R (replacing). */
void meta_apply(struct run *r, char *const *kv, size_t n);

/* What rtbench knows of R by itself, set where R has no such key yet: the
 * build options' hash (META_BUILD) when its header names cc or cflags. */
void meta_defaults(struct run *r);

/* --where K=GLOB,K2=GLOB2: every pair must match. A run's K is its meta K,
 * else its header K (board, kernel, port, ...), else for K "label" its
 * label; GLOB as SQLite's GLOB (*, ?, [...]). */
struct meta_where {
    char **key, **glob;
    size_t n;
};
/* Parses ARG into *W (appended: --where may be repeated); 0, or -1 with a
 * one-line message. */
int meta_where_parse(const char *arg, struct meta_where *w, char *err, size_t errlen);
void meta_where_free(struct meta_where *w);

/* The revision a run measured, for a history row: its meta COMMIT, else
 * KERNEL_REV (12 digits, "+" when DIRTY is "yes"), else its LABEL, else "-"
 * (each may be NULL). Into BUF. */
void meta_revision(const char *commit, const char *kernel_rev, const char *dirty, const char *label,
                   char *buf, size_t len);

#endif /* RTBH_META_H */
