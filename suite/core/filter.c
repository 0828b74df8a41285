/*
 * rtbench - benchmark selection by id globs (rtb/bench.h).
 */
#include <stddef.h>

#include "rtb/bench.h"

/* Match `id` against the glob pat[0..plen) ('*' any run, '?' one char). */
static int glob_match(const char *pat, size_t plen, const char *id)
{
    size_t p = 0, star_p = (size_t)-1;
    const char *star_id = NULL;
    while (*id) {
        if (p < plen && (pat[p] == '?' || pat[p] == *id)) {
            p++;
            id++;
        } else if (p < plen && pat[p] == '*') {
            star_p = ++p;
            star_id = id;
        } else if (star_id != NULL) {
            /* let the last '*' swallow one more character */
            p = star_p;
            id = ++star_id;
        } else {
            return 0;
        }
    }
    while (p < plen && pat[p] == '*')
        p++;
    return p == plen;
}

int rtb_filter_match(const char *filter, const char *id)
{
    int selected = 0;
    if (filter == NULL || id == NULL)
        return 0;
    while (*filter) {
        const char *start = filter;
        size_t len;
        int exclude = 0;
        while (*filter && *filter != ',')
            filter++;
        len = (size_t)(filter - start);
        if (*filter == ',')
            filter++;
        /* surrounding spaces are not part of a glob */
        while (len > 0 && *start == ' ') {
            start++;
            len--;
        }
        while (len > 0 && start[len - 1] == ' ')
            len--;
        if (len > 0 && *start == '-') {
            exclude = 1;
            start++;
            len--;
        }
        if (len == 0)
            continue;
        if (glob_match(start, len, id))
            selected = !exclude;
    }
    return selected;
}
