/*
 * rtbench host - splitting a byte stream into lines, the one way every
 * reader of text does it (`import`'s importer driver, `run`'s target output).
 *
 * A line ends at "\n", "\r\n" or a lone "\r" (a console that sends CR only
 * is read line by line too). A line longer than RTBH_LINE_MAX bytes is not
 * kept: its bytes are dropped as they arrive and ON_LONG is called with its
 * line number and length when it ends, so memory stays bounded whatever the
 * input. Lines are numbered from 1 in the order they end.
 *
 *   struct line_splitter s;
 *   line_splitter_init(&s, on_line, on_long, ctx);
 *   line_splitter_feed(&s, buf, n);  ... as bytes arrive ...
 *   line_splitter_finish(&s);        // a last line without a line end
 *   line_splitter_free(&s);
 */
#ifndef RTBH_LINES_H
#define RTBH_LINES_H

#include <stddef.h>

/* Longest line kept, in bytes (without its line end). A record is at most
 * RTB_CONFIG_LINE_MAX bytes (1024 by default); a log's line is far shorter. */
#define RTBH_LINE_MAX 65536u

/* LINE (LEN bytes, no line end, not NUL-terminated), its number LINENO. */
typedef void (*line_fn)(void *ctx, const char *line, size_t len, unsigned long lineno);
/* A line longer than RTBH_LINE_MAX: its number and its length in bytes. */
typedef void (*long_line_fn)(void *ctx, unsigned long lineno, unsigned long long len);

struct line_splitter {
    line_fn on_line;
    long_line_fn on_long;
    void *ctx;
    unsigned long line; /* lines ended so far */
    /* private */
    char *buf;               /* RTBH_LINE_MAX bytes */
    size_t used;             /* bytes of the current line kept */
    unsigned long long over; /* length of the current line once over RTBH_LINE_MAX, else 0 */
    int after_cr;            /* the last byte ended a line with '\r' */
};

void line_splitter_init(struct line_splitter *s, line_fn on_line, long_line_fn on_long, void *ctx);
void line_splitter_feed(struct line_splitter *s, const char *data, size_t n);
/* End of input: a last line without a line end is delivered. */
void line_splitter_finish(struct line_splitter *s);
void line_splitter_free(struct line_splitter *s);

/* The first NEEDLE in the LEN bytes at S (no NUL needed), or NULL; S itself for "". */
const char *line_find(const char *s, size_t len, const char *needle);

#endif /* RTBH_LINES_H */
