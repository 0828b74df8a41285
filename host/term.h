/*
 * rtbench host - text for a terminal: every value that came from outside
 * (labels, header values, ids, reasons, file names, a target's words) is
 * printed through these, so that no control character reaches the
 * terminal: a newline cannot split a table row or an error line, and no
 * ESC or OSC sequence can drive the terminal. The stored value stays exact
 * (JSON output keeps it too, escaped by JSON's own rules).
 *
 * Printable ASCII and valid UTF-8 of printable code points (U+00A0 and up)
 * are kept; every other byte (C0 controls, DEL, C1 controls U+0080..U+009F,
 * bytes that are not valid UTF-8) is written \xHH.
 */
#ifndef RTBH_TERM_H
#define RTBH_TERM_H

#include <stddef.h>

/* S escaped, allocated (NULL stays NULL). */
char *term_dup(const char *s);
/* S escaped into a buffer of its own for use in one printf call; up to 8
 * such values may be used at once; a value longer than 1000 bytes is cut
 * (ending "..."). NULL is "". */
const char *term(const char *s);
/* The first LEN bytes of S escaped, as term(). */
const char *term_n(const char *s, size_t len);

/* The length of the valid UTF-8 sequence of a printable code point at S
 * (N bytes left) that term() keeps as it is, or 0 (then it escapes the byte). */
size_t term_utf8_printable(const char *s, size_t n);

#endif /* RTBH_TERM_H */
