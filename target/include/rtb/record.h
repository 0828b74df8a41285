/*
 * rtbench - machine records and human lines (format: docs/records.md).
 *
 * Records are built in a caller-provided line buffer and written with the
 * port's one output hook; nothing here runs inside a timed region.
 */
#ifndef RTB_RECORD_H
#define RTB_RECORD_H

#include <stddef.h>
#include <stdint.h>

#define RTB_RECORD_TAG "RTB1"

/* CRC-32 (IEEE 802.3: reflected, polynomial 0xEDB88320, init and final
 * xor 0xFFFFFFFF). Chain calls by passing the previous result as `crc`
 * (start with 0). */
uint32_t rtb_crc32(uint32_t crc, const void *data, size_t len);

/* A record under construction. */
struct rtb_rec {
    char *buf;
    size_t cap, len;
    int overflow; /* set when a field did not fit: the record is not emitted */
};

/* Start a record of `type` ('H', 'R', 'N', 'F' or 'E'). */
void rtb_rec_begin(struct rtb_rec *r, char *buf, size_t cap, char type);
/* Append ` key=value` with value percent-encoded (space, '%', '=', '*', and
 * bytes outside 0x21..0x7e become %XX). */
void rtb_rec_str(struct rtb_rec *r, const char *key, const char *value);
void rtb_rec_u64(struct rtb_rec *r, const char *key, uint64_t value);
void rtb_rec_i64(struct rtb_rec *r, const char *key, int64_t value);
/* Append a fixed-point value given x 1000, printed as "123.456". */
void rtb_rec_milli(struct rtb_rec *r, const char *key, uint64_t milli);
/* Append " *xxxxxxxx\n" (CRC-32 of everything before the '*'). Returns the
 * line length, or a negative rtb_err if the buffer overflowed. */
int rtb_rec_end(struct rtb_rec *r);

/* Small formatting helpers used for human lines (no printf on the target). */
size_t rtb_fmt_u64(char *out, uint64_t v);          /* decimal, returns length */
size_t rtb_fmt_pad(char *out, size_t cap, const char *s, size_t width, int right);

#endif /* RTB_RECORD_H */
