/*
 * What `run --kernel NAME=TREE` stores of its kernel tree (target_kernel_meta,
 * host/target/kernel_rev.c), without building a kernel: for a small tarball
 * made here, kernel_file is its name and kernel_sha256 what sha256sum(1)
 * prints for it (and changes when one byte does); for a git checkout made
 * here, kernel_rev is `git rev-parse HEAD` and kernel_dirty no, then yes
 * after a file changes; a folder that is no checkout's top and a missing
 * path give nothing.
 * Usage: test_kernel_meta <fixtures-dir> <tmpdir>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "target/target.h"
#include "util.h"

#include "check.h"

/* The first line SHELL printed into BUF ("" when it failed). */
static void first_line(const char *shell, char *buf, size_t len)
{
    FILE *p = popen(shell, "r");
    buf[0] = '\0';
    if (!p)
        return;
    if (!fgets(buf, (int)len, p))
        buf[0] = '\0';
    buf[strcspn(buf, "\n")] = '\0';
    pclose(p);
}

/* The value of KEY among the N strings KV (key, value, ...), or NULL. */
static const char *value_of(char **kv, size_t n, const char *key)
{
    for (size_t i = 0; i + 1 < n; i += 2)
        if (strcmp(kv[i], key) == 0)
            return kv[i + 1];
    return NULL;
}

static void free_kv(char **kv, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(kv[i]);
    free(kv);
}

/* target_kernel_meta of PATH: the pairs, *N strings. */
static char **meta_of(const char *path, size_t *n)
{
    char **kv = NULL;
    *n = 0;
    target_kernel_meta(path, &kv, n);
    return kv;
}

/* SHELL run; 1 if it exited 0. */
static int sh(const char *shell)
{
    return system(shell) == 0;
}

static void test_tarball(const char *tmp)
{
    char *cmd = xasprintf("cd '%s' && mkdir -p k/src && echo 'int x;' >k/src/a.c && "
                          "tar -cJf kern-1.0.tar.xz k",
                          tmp);
    char *tar = xasprintf("%s/kern-1.0.tar.xz", tmp), *sum_cmd;
    char want[128], **kv = NULL;
    size_t n = 0;
    CHECK(sh(cmd));
    sum_cmd = xasprintf("sha256sum '%s' | cut -c1-64", tar);
    first_line(sum_cmd, want, sizeof want);
    CHECK(strlen(want) == 64);
    kv = meta_of(tar, &n);
    CHECK(n == 4);
    CHECK(value_of(kv, n, "kernel_file") &&
          strcmp(value_of(kv, n, "kernel_file"), "kern-1.0.tar.xz") == 0);
    CHECK(value_of(kv, n, "kernel_sha256") && strcmp(value_of(kv, n, "kernel_sha256"), want) == 0);
    CHECK(!value_of(kv, n, "kernel_rev"));
    free_kv(kv, n);
    /* one more byte: another sum */
    char *grow = xasprintf("printf x >>'%s'", tar);
    CHECK(sh(grow));
    kv = meta_of(tar, &n);
    CHECK(value_of(kv, n, "kernel_sha256") && strcmp(value_of(kv, n, "kernel_sha256"), want) != 0);
    free_kv(kv, n);
    free(grow);
    free(sum_cmd);
    free(tar);
    free(cmd);
}

static void test_git(const char *tmp)
{
    char *tree = xasprintf("%s/g", tmp), rev[128], **kv = NULL;
    char *cmd = xasprintf("cd '%s' && git init -q && echo a >f && git add f && "
                          "git -c user.name=t -c user.email=t@t commit -qm one",
                          tree);
    char *mk = xasprintf("mkdir -p '%s'", tree),
         *rev_cmd = xasprintf("git -C '%s' rev-parse HEAD", tree);
    size_t n = 0;
    CHECK(sh(mk));
    if (!sh("git --version >/dev/null 2>&1")) {
        printf("no git: the checkout case is not run\n");
        goto out;
    }
    CHECK(sh(cmd));
    first_line(rev_cmd, rev, sizeof rev);
    kv = meta_of(tree, &n);
    CHECK(value_of(kv, n, "kernel_rev") && strcmp(value_of(kv, n, "kernel_rev"), rev) == 0);
    CHECK(value_of(kv, n, "kernel_dirty") && strcmp(value_of(kv, n, "kernel_dirty"), "no") == 0);
    CHECK(!value_of(kv, n, "kernel_sha256"));
    free_kv(kv, n);
    char *dirty = xasprintf("echo b >>'%s/f'", tree);
    CHECK(sh(dirty));
    kv = meta_of(tree, &n);
    CHECK(value_of(kv, n, "kernel_dirty") && strcmp(value_of(kv, n, "kernel_dirty"), "yes") == 0);
    free_kv(kv, n);
    free(dirty);
    /* a folder inside the checkout is not its top: nothing */
    char *sub = xasprintf("%s/g/sub", tmp), *mksub = xasprintf("mkdir -p '%s'", sub);
    CHECK(sh(mksub));
    kv = meta_of(sub, &n);
    CHECK(n == 0);
    free_kv(kv, n);
    free(mksub);
    free(sub);
out:
    free(rev_cmd);
    free(mk);
    free(cmd);
    free(tree);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_kernel_meta <fixtures-dir> <tmpdir>\n");
        return 2;
    }
    char *clean = xasprintf("rm -rf '%s' && mkdir -p '%s'", argv[2], argv[2]);
    char **kv = NULL;
    size_t n = 0;
    CHECK(sh(clean));
    free(clean);
    test_tarball(argv[2]);
    test_git(argv[2]);
    kv = meta_of("/nonexistent/rtbench-kernel.tar.xz", &n);
    CHECK(n == 0);
    free_kv(kv, n);
    return check_summary("test_kernel_meta");
}
