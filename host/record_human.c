/*
 * rtbench host - the human result line before a record (record_parser.h).
 */
#include <stddef.h>
#include <string.h>

#include "record_parser.h"

int record_human_line(const char *line, size_t len, const char **id, size_t *id_len,
                      const char **desc, size_t *desc_len)
{
    const char *dash = NULL, *end = line + len;
    for (const char *q = line; (q = memchr(q, '-', (size_t)(end - q))) != NULL; q++) {
        if (q > line && q + 1 < end && q[-1] == ' ' && q[1] == ' ') {
            dash = q - 1;
            break;
        }
    }
    if (!dash)
        return 0;
    const char *colon = memchr(dash + 3, ':', len - (size_t)(dash + 3 - line));
    if (!colon)
        return 0;
    const char *a = line, *b = dash;
    while (a < b && (*a == ' ' || *a == '\t'))
        a++;
    while (b > a && b[-1] == ' ')
        b--;
    const char *c = dash + 3, *d = colon;
    while (c < d && *c == ' ')
        c++;
    while (d > c && d[-1] == ' ')
        d--;
    if (a == b || c == d || b - a > 200 || memchr(a, ' ', (size_t)(b - a)))
        return 0;
    *id = a;
    *id_len = (size_t)(b - a);
    *desc = c;
    *desc_len = (size_t)(d - c) > 200 ? 200 : (size_t)(d - c);
    return 1;
}
