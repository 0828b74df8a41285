/*
 * rtbench host - resolving --target (target.h). No shell is ever involved:
 * `cmd:` is split on spaces into an argv.
 */
#include "target/target.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "target/internal.h"
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

char **target_split_words(const char *s, size_t *n)
{
    char **v = NULL;
    *n = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        const char *e = strchr(s, ' ');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        strv_push(&v, n, xstrndup(s, l));
        s += l;
    }
    return v;
}

int target_check_serial_options(const char *spec, const struct target_options *opt, char *err,
                                size_t errlen)
{
    if (strncmp(spec, "serial:", 7) == 0 || (!opt->flash && !opt->reset))
        return 0;
    return errf(err, errlen, "%s applies to serial: targets only, not '%s'",
                opt->flash ? "--flash" : "--reset", spec);
}

int target_resolve(const char *spec, const struct target_options *opt, struct target_cmd *out,
                   char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!spec || !*spec)
        spec = "host";
    size_t n = 0;
    if (strncmp(spec, "serial:", 7) == 0)
        return target_serial_resolve(spec + 7, opt, out, err, errlen);
    if (target_check_serial_options(spec, opt, err, errlen) != 0)
        return -1;
    if (strcmp(spec, "host") == 0) {
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
        out->source = xstrdup("host");
        return 0;
    }
    if (strncmp(spec, "cmd:", 4) == 0) {
        out->argv = target_split_words(spec + 4, &n);
        if (n == 0)
            return errf(err, errlen, "--target cmd: needs a command (cmd:PROG ARGS...)");
        out->source = xstrdup(spec);
        /* The command's own arguments decide what it runs; the run's
         * options are not appended (it may not understand them). */
        return 0;
    }
    if (strncmp(spec, "qemu:", 5) == 0) {
        if (!spec[5])
            return errf(err, errlen, "--target qemu: needs a board (qemu:mps2-an385)");
        return target_qemu_resolve(spec + 5, opt, out, err, errlen);
    }
    return errf(err, errlen,
                "unknown target '%s' (host, cmd:PROG ARGS..., qemu:BOARD, serial:DEVICE[@BAUD])",
                spec);
}

static void strv_free(char **v)
{
    for (char **a = v; a && *a; a++)
        free(*a);
    free(v);
}

void target_cmd_free(struct target_cmd *c)
{
    if (!c)
        return;
    strv_free(c->argv);
    free(c->source);
    strv_free(c->extra_hdr);
    free(c->stderr_path);
    free(c->cwd);
    free(c->serial_dev);
    strv_free(c->flash_argv);
    strv_free(c->reset_argv);
    memset(c, 0, sizeof *c);
}
