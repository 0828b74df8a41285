/*
 * rtbench host - `--target host`: the POSIX target next to this binary
 * (build/rtbench-posix), given the run's options on its command line.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "target/target.h"
#include "util.h"

/* Directory of the running rtbench executable. */
static int self_dir(char *buf, size_t len)
{
    ssize_t n = readlink("/proc/self/exe", buf, len - 1);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    return 0;
}

static int host_resolve(const char *rest, const struct target_options *opt, struct target_cmd *out,
                        char *err, size_t errlen)
{
    size_t n = 0;
    (void)rest;
    char dir[PATH_MAX];
    if (self_dir(dir, sizeof dir) != 0)
        return errf(err, errlen,
                    "cannot find the directory of the rtbench executable (/proc/self/exe)");
    char *path = xasprintf("%s/rtbench-posix", dir);
    if (access(path, X_OK) != 0) {
        errf(err, errlen, "host target %s not found or not executable (build it: make)", path);
        free(path);
        return -1;
    }
    strv_push(&out->argv, &n, path);
    if (opt->filter) {
        strv_push(&out->argv, &n, xstrdup("--filter"));
        strv_push(&out->argv, &n, xstrdup(opt->filter));
    }
    if (opt->iterations) {
        strv_push(&out->argv, &n, xstrdup("--iterations"));
        strv_push(&out->argv, &n, xasprintf("%u", opt->iterations));
    }
    if (opt->params) {
        strv_push(&out->argv, &n, xstrdup("--params"));
        strv_push(&out->argv, &n, xstrdup(opt->params));
    }
    if (opt->samples)
        strv_push(&out->argv, &n, xstrdup("--samples"));
    out->source = xstrdup("host");
    return 0;
}

const struct target_type target_type_host = {
    "host", "host", "rtbench-posix next to this binary (the default)", 0, host_resolve,
};
