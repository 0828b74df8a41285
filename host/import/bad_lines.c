/*
 * rtbench host - the lines an importer refuses (import/bad_lines.h).
 */
#include "import/bad_lines.h"

#include <stdarg.h>
#include <stdio.h>

#include "util.h"

void bad_line(struct bad_lines *b, unsigned long line, const char *fmt, ...)
{
    if (b->n++)
        return;
    b->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->msg, sizeof b->msg, fmt, ap);
    va_end(ap);
}

int bad_lines_error(const struct bad_lines *b, char *err, size_t errlen)
{
    if (!b->n)
        return 0;
    char more[64] = "";
    if (b->n > 1)
        snprintf(more, sizeof more, " (and %zu more bad line%s)", b->n - 1, b->n > 2 ? "s" : "");
    return errf(err, errlen, "line %lu: %s%s", b->line, b->msg, more);
}
