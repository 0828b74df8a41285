/*
 * rtbench host - text for a terminal (term.h).
 */
#include "term.h"

#include <string.h>

#include "util.h"

/* A code point that reorders or breaks what follows it on a terminal: the
 * bidirectional controls (ALM, LRM, RLM, LRE..RLO, LRI..PDI) and the line
 * and paragraph separators. */
static int reorders(unsigned long cp)
{
    return cp == 0x061c || cp == 0x200e || cp == 0x200f || (cp >= 0x2028 && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

/* Length of the valid UTF-8 sequence of a printable code point (>= U+00A0,
 * not one that reorders text) at S (N bytes left), or 0. */
static size_t utf8_printable(const unsigned char *s, size_t n)
{
    size_t len = s[0] >= 0xf0 && s[0] <= 0xf4   ? 4
                 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
                 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
                                                : 0;
    if (len == 0 || len > n)
        return 0;
    unsigned long cp = s[0] & (0x7fu >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3fu);
    }
    static const unsigned long min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp < 0xa0 ||
        reorders(cp))
        return 0;
    return len;
}

size_t term_utf8_printable(const char *s, size_t n)
{
    return n ? utf8_printable((const unsigned char *)s, n) : 0;
}

/* Escapes LEN bytes of S into OUT (CAP bytes, NUL included); the length written. */
static size_t escape(char *out, size_t cap, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        size_t u = p[i] >= 0x80 ? utf8_printable(p + i, len - i) : 0;
        size_t need = u ? u : (p[i] >= 0x20 && p[i] < 0x7f) ? 1 : 4;
        if (o + need + 4 > cap) { /* room for "..." and the NUL */
            memcpy(out + o, "...", 3);
            o += 3;
            break;
        }
        if (need == 4) {
            out[o++] = '\\';
            out[o++] = 'x';
            out[o++] = hex[p[i] >> 4];
            out[o++] = hex[p[i] & 15];
            i++;
        } else {
            memcpy(out + o, p + i, need);
            o += need;
            i += need;
        }
    }
    out[o] = '\0';
    return o;
}

char *term_dup(const char *s)
{
    if (!s)
        return NULL;
    size_t len = strlen(s);
    char *out = xmalloc(4 * len + 8);
    escape(out, 4 * len + 8, s, len);
    return out;
}

const char *term_n(const char *s, size_t len)
{
    static char buf[8][1008];
    static unsigned next;
    char *out = buf[next++ % 8];
    escape(out, sizeof buf[0], s ? s : "", s ? len : 0);
    return out;
}

const char *term(const char *s)
{
    return term_n(s, s ? strlen(s) : 0);
}
