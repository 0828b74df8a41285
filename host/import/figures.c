/*
 * rtbench host - the figures of one log line (import/figures.h).
 */
#include "import/figures.h"

#include <ctype.h>

long figures_read(const char *p, const char *end, uint64_t *v, size_t max, int flags)
{
    size_t n = 0;
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        if (p == end)
            return (long)n;
        if (n == max)
            return -1;
        if ((flags & FIGURES_DASH) && *p == '-' &&
            (p + 1 == end || p[1] == ' ' || p[1] == '\t' || p[1] == '\r')) {
            v[n++] = FIGURE_NONE;
            p++;
            continue;
        }
        if (!isdigit((unsigned char)*p))
            return -1;
        uint64_t x = 0;
        for (; p < end && isdigit((unsigned char)*p); p++)
            if ((x = x * 10 + (uint64_t)(*p - '0')) > 1000000000000000ull)
                return -1;
        v[n++] = x;
    }
}
