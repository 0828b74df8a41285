/*
 * rtbench host - what a kernel tree given with `run --kernel NAME=TREE` is
 * (target/target.h: target_kernel_meta): a git checkout's revision and
 * whether it has changes, an archive's file name and SHA-256. Read with
 * git and sha256sum (argvs, never a shell); what cannot be read is left out.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "meta.h"
#include "target/build_tool.h"
#include "target/target.h"
#include "util.h"

/* The first line of what PROG ARGS... printed into BUF ("" when it failed
 * or printed nothing); 0 if it exited 0. */
static int tool_line(const char *prog, char *const *args, char *buf, size_t len)
{
    char *path = tool_find(prog), err[256];
    char *argv[8] = {path};
    int kept = -1, st = -1;
    buf[0] = '\0';
    for (size_t i = 0; i < 6 && args[i]; i++)
        argv[i + 1] = args[i];
    if (path)
        st = tool_run(argv, 0, &kept, err, sizeof err);
    if (kept >= 0) {
        if (st == 0)
            tool_first_line(kept, buf, len);
        close(kept);
    }
    free(path);
    return st == 0 ? 0 : -1;
}

/* A value as meta.h allows it: bytes other than [A-Za-z0-9._+-] as '_'. */
static char *meta_safe(const char *s)
{
    char *v = xstrndup(s, strnlen(s, META_VALUE_MAX));
    for (char *p = v; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-", *p))
            *p = '_';
    return v;
}

static void push(char ***kv, size_t *n, const char *key, char *value)
{
    strv_push(kv, n, xstrdup(key));
    strv_push(kv, n, value);
}

/* TREE, a folder: its git HEAD and dirty state when it is the top of a checkout. */
static void git_meta(const char *tree, char ***kv, size_t *n)
{
    char top[PATH_MAX], rev[128], real_top[PATH_MAX], line[256];
    char *top_args[] = {"-C", (char *)tree, "rev-parse", "--show-toplevel", NULL};
    char *rev_args[] = {"-C", (char *)tree, "rev-parse", "HEAD", NULL};
    char *st_args[] = {"-C", (char *)tree, "status", "--porcelain", NULL};
    if (tool_line("git", top_args, top, sizeof top) != 0 || !realpath(top, real_top) ||
        strcmp(real_top, tree) != 0 || tool_line("git", rev_args, rev, sizeof rev) != 0 ||
        strspn(rev, "0123456789abcdef") < 40)
        return; /* not a checkout of its own (or no git) */
    push(kv, n, META_KERNEL_REV, meta_safe(rev));
    if (tool_line("git", st_args, line, sizeof line) == 0)
        push(kv, n, META_KERNEL_DIRTY, xstrdup(line[0] ? "yes" : "no"));
}

void target_kernel_meta(const char *tree_arg, char ***kv, size_t *n)
{
    struct stat st;
    char sum[256];
    if (!tree_arg || !*tree_arg || stat(tree_arg, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        git_meta(tree_arg, kv, n);
        return;
    }
    push(kv, n, META_KERNEL_FILE, meta_safe(path_base(tree_arg)));
    char *args[] = {"--", (char *)tree_arg, NULL};
    if (tool_line("sha256sum", args, sum, sizeof sum) == 0 && strspn(sum, "0123456789abcdef") == 64)
        push(kv, n, META_KERNEL_SHA, xstrndup(sum, 64));
}
