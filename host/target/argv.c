/*
 * rtbench host - the argvs of target commands (target/target.h): splitting
 * `cmd:`, --flash and --reset on spaces (no shell), freeing a target_cmd.
 */
#include <stdlib.h>
#include <string.h>

#include "target/target.h"
#include "util.h"

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
    free(c->net_host);
    free(c->net_service);
    strv_free(c->flash_argv);
    strv_free(c->reset_argv);
    memset(c, 0, sizeof *c);
}
