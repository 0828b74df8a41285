/*
 * rtbench host - splitting a byte stream into lines (lines.h).
 */
#include "lines.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void line_splitter_init(struct line_splitter *s, line_fn on_line, long_line_fn on_long, void *ctx)
{
    memset(s, 0, sizeof *s);
    s->on_line = on_line;
    s->on_long = on_long;
    s->ctx = ctx;
    s->buf = xmalloc(RTBH_LINE_MAX);
}

/* The current line has ended. */
static void end_line(struct line_splitter *s)
{
    s->line++;
    if (s->over)
        s->on_long(s->ctx, s->line, s->over);
    else
        s->on_line(s->ctx, s->buf, s->used, s->line);
    s->used = 0;
    s->over = 0;
}

/* Bytes of the current line (no line end among them): kept up to
 * RTBH_LINE_MAX; beyond, the line is only counted (over: its length). */
static void take(struct line_splitter *s, const char *p, size_t n)
{
    if (s->over) {
        s->over += n;
    } else if (n > RTBH_LINE_MAX - s->used) {
        s->over = (unsigned long long)s->used + n;
        s->used = 0;
    } else {
        memcpy(s->buf + s->used, p, n);
        s->used += n;
    }
}

/* The first line end ('\n' or '\r') in [P, END), or END: two memchr()
 * (vectorised by the C library) instead of a test of every byte. */
static const char *line_end(const char *p, const char *end)
{
    const char *lf = memchr(p, '\n', (size_t)(end - p));
    const char *cr = memchr(p, '\r', (size_t)((lf ? lf : end) - p));
    return cr ? cr : lf ? lf : end;
}

void line_splitter_feed(struct line_splitter *s, const char *data, size_t n)
{
    const char *p = data, *end = data + n;
    while (p < end) {
        if (s->after_cr) {
            s->after_cr = 0;
            if (*p == '\n') { /* the LF of a CRLF: the line has already ended */
                p++;
                continue;
            }
        }
        const char *q = line_end(p, end);
        if (q == end) {
            take(s, p, (size_t)(q - p));
            return;
        }
        s->after_cr = *q == '\r';
        if (s->used == 0 && !s->over && (size_t)(q - p) <= RTBH_LINE_MAX) {
            /* a whole line inside DATA: handed over where it is, not copied */
            s->line++;
            s->on_line(s->ctx, p, (size_t)(q - p), s->line);
        } else {
            take(s, p, (size_t)(q - p));
            end_line(s);
        }
        p = q + 1;
    }
}

void line_splitter_finish(struct line_splitter *s)
{
    if (s->used || s->over)
        end_line(s);
    s->after_cr = 0;
}

void line_splitter_free(struct line_splitter *s)
{
    free(s->buf);
    s->buf = NULL;
}

const char *line_find(const char *s, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; n <= len && i + n <= len; i++)
        if (memcmp(s + i, needle, n) == 0)
            return s + i;
    return NULL;
}
