/*
 * rtbench host - `--target cmd:PROG ARGS...`: any command printing rtbench
 * records. No shell is ever involved: ARGS is split on spaces into an argv.
 */
#include <stddef.h>

#include "target/target.h"
#include "util.h"

static int cmd_resolve(const char *rest, const struct target_options *opt, struct target_cmd *out,
                       char *err, size_t errlen)
{
    size_t n = 0;
    (void)opt;
    out->argv = target_split_words(rest, &n);
    if (n == 0)
        return errf(err, errlen, "--target cmd: needs a command (cmd:PROG ARGS...)");
    out->source = xasprintf("cmd:%s", rest);
    /* The command's own arguments decide what it runs; the run's
     * options are not appended (it may not understand them). */
    return 0;
}

const struct target_type target_type_cmd = {
    "cmd:", "cmd:PROG ARGS...", "any command printing rtbench records (split on spaces, no shell)",
    0,      cmd_resolve,
};
