/*
 * rtbench host - resolving --target through the kind table (target/target.h,
 * target/targets.c).
 */
#include "target/target.h"

#include <stdio.h>
#include <string.h>

#include "util.h"

/* The kind SPEC names, and in *REST what follows its prefix; NULL if none. */
static const struct target_type *type_of(const char *spec, const char **rest)
{
    for (const struct target_type *const *t = target_types; *t; t++) {
        size_t n = strlen((*t)->prefix);
        int takes_arg = n && strchr(":/", (*t)->prefix[n - 1]); /* "qemu:", "rfc2217://" */
        if (takes_arg ? strncmp(spec, (*t)->prefix, n) == 0 : strcmp(spec, (*t)->prefix) == 0) {
            *rest = spec + n;
            return *t;
        }
    }
    return NULL;
}

int target_check_serial_options(const char *spec, const struct target_options *opt, char *err,
                                size_t errlen)
{
    const char *rest;
    const struct target_type *t = type_of(spec && *spec ? spec : "host", &rest);
    if ((t && t->serial_options) || (!opt->flash && !opt->reset))
        return 0;
    char kinds[128] = "";
    for (const struct target_type *const *k = target_types; *k; k++)
        if ((*k)->serial_options)
            snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s%s",
                     kinds[0] ? ", " : "", (*k)->prefix);
    return errf(err, errlen, "%s applies to board targets only (%s), not '%s'",
                opt->flash ? "--flash" : "--reset", kinds, spec);
}

void target_type_list(char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (const struct target_type *const *t = target_types; *t && at < len; t++) {
        int n = snprintf(buf + at, len - at, "%s%s", at ? ", " : "", (*t)->usage);
        at += n > 0 ? (size_t)n : 0;
    }
}

int target_resolve(const char *spec, const struct target_options *opt, struct target_cmd *out,
                   char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!spec || !*spec)
        spec = "host";
    const char *rest;
    const struct target_type *t = type_of(spec, &rest);
    if (!t) {
        char kinds[256];
        target_type_list(kinds, sizeof kinds);
        return errf(err, errlen, "unknown target '%s' (%s)", spec, kinds);
    }
    if (target_check_serial_options(spec, opt, err, errlen) != 0)
        return -1;
    return t->resolve(rest, opt, out, err, errlen);
}
