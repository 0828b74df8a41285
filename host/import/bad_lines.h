/*
 * rtbench host - the lines of a log an importer refuses (import/<name>.c):
 * the first kept in full (its number and what is wrong with it), the others
 * counted, and one error line for the whole log at its end:
 *
 *   line 6: not an osperf row (<name> <max> <min> <avg>) (and 2 more bad lines)
 *
 * Bounded: one message, whatever the number of bad lines.
 */
#ifndef RTBH_BAD_LINES_H
#define RTBH_BAD_LINES_H

#include <stddef.h>

struct bad_lines {
    unsigned long line; /* the first bad line's number, 0 while none */
    size_t n;           /* bad lines in all */
    char msg[200];      /* what is wrong with the first */
};

/* Line LINE is bad, for the reason FMT (printf). */
void bad_line(struct bad_lines *b, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* 0 if no line was bad; else -1 with "line N: <reason>[ (and K more bad
 * line(s))]" in err, for an importer's finish(). */
int bad_lines_error(const struct bad_lines *b, char *err, size_t errlen);

#endif /* RTBH_BAD_LINES_H */
