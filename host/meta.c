/*
 * rtbench host - a run's meta and --where (meta.h).
 */
#include "meta.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "term.h"
#include "util.h"

static int key_ok(const char *k, size_t len)
{
    static const char first[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    if (len == 0 || len > META_KEY_MAX || !strchr(first, k[0]))
        return 0;
    for (size_t i = 0; i < len; i++)
        if (!strchr("abcdefghijklmnopqrstuvwxyz0123456789_.-", k[i]) || !k[i])
            return 0;
    return 1;
}

/* 1 if V (LEN bytes) is printable, without ',' or blanks. */
static int value_ok(const char *v, size_t len)
{
    if (len == 0 || len > META_VALUE_MAX)
        return 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)v[i];
        if (c <= ' ' || c == 0x7f || c == ',')
            return 0;
    }
    return 1;
}

/* ARG as KEY=VALUE checked, WHAT naming the option in messages; the key's
 * length into *KL. 0, or -1 with a message. */
static int split_pair(const char *what, const char *arg, size_t len, size_t *kl, char *err,
                      size_t errlen)
{
    const char *eq = memchr(arg, '=', len);
    char shown[80];
    snprintf(shown, sizeof shown, "%.*s", len > 60 ? 60 : (int)len, arg);
    if (!eq)
        return errf(err, errlen, "%s wants KEY=%s, not '%s'", what,
                    strcmp(what, "--where") == 0 ? "GLOB" : "VALUE", term(shown));
    *kl = (size_t)(eq - arg);
    if (!key_ok(arg, *kl))
        return errf(err, errlen,
                    "%s: the key of '%s' must be 1 to %d of a-z, 0-9, '_', '.', '-' (starting "
                    "with a letter or digit)",
                    what, term(shown), META_KEY_MAX);
    if (!value_ok(eq + 1, len - *kl - 1))
        return errf(err, errlen,
                    "%s: the value of '%s' must be 1 to %d printable characters without blanks "
                    "or ','",
                    what, term(shown), META_VALUE_MAX);
    return 0;
}

int meta_add(char ***kv, size_t *n, const char *arg, char *err, size_t errlen)
{
    size_t len = strlen(arg), kl;
    if (split_pair("--meta", arg, len, &kl, err, errlen) != 0)
        return -1;
    for (size_t i = 0; i + 1 < *n; i += 2)
        if (strlen((*kv)[i]) == kl && strncmp((*kv)[i], arg, kl) == 0)
            return errf(err, errlen, "--meta %.*s is given twice", (int)kl, arg);
    strv_push(kv, n, xstrndup(arg, kl));
    strv_push(kv, n, xstrdup(arg + kl + 1));
    return 0;
}

void meta_pairs_free(char **kv, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(kv[i]);
    free(kv);
}

void meta_apply(struct run *r, char *const *kv, size_t n)
{
    for (size_t i = 0; i + 1 < n; i += 2)
        run_meta_set(r, kv[i], kv[i + 1]);
}

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ull;
    }
    return h;
}

void meta_defaults(struct run *r)
{
    static const char *const keys[] = {"cc", "cflags"};
    uint64_t h = 14695981039346656037ull;
    int any = 0;
    if (run_meta(r, META_BUILD))
        return;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        const char *v = run_hdr(r, keys[i]);
        any |= v != NULL;
        h = fnv1a(fnv1a(fnv1a(h, keys[i]), "="), v ? v : "");
        h = fnv1a(h, "\n");
    }
    if (!any)
        return;
    char buf[24];
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
    run_meta_set(r, META_BUILD, buf);
}

int meta_where_parse(const char *arg, struct meta_where *w, char *err, size_t errlen)
{
    if (!*arg)
        return errf(err, errlen, "--where wants KEY=GLOB[,KEY=GLOB...], not an empty value");
    for (const char *p = arg; *p;) {
        size_t len = strcspn(p, ","), kl;
        if (split_pair("--where", p, len, &kl, err, errlen) != 0)
            return -1;
        w->key = xrealloc(w->key, (w->n + 1) * sizeof *w->key);
        w->glob = xrealloc(w->glob, (w->n + 1) * sizeof *w->glob);
        w->key[w->n] = xstrndup(p, kl);
        w->glob[w->n] = xstrndup(p + kl + 1, len - kl - 1);
        w->n++;
        p += len;
        if (*p == ',' && !*++p)
            return errf(err, errlen, "--where '%s' ends with ','", term(arg));
    }
    return 0;
}

void meta_where_free(struct meta_where *w)
{
    for (size_t i = 0; i < w->n; i++) {
        free(w->key[i]);
        free(w->glob[i]);
    }
    free(w->key);
    free(w->glob);
    memset(w, 0, sizeof *w);
}

void meta_revision(const char *commit, const char *kernel_rev, const char *dirty, const char *label,
                   char *buf, size_t len)
{
    if (commit && *commit)
        snprintf(buf, len, "%s", commit);
    else if (kernel_rev && *kernel_rev)
        snprintf(buf, len, "%.12s%s", kernel_rev, dirty && strcmp(dirty, "yes") == 0 ? "+" : "");
    else
        snprintf(buf, len, "%s", label && *label ? label : "-");
}
