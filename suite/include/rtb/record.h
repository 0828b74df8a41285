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

/* Start a record of `type` ('H', 'R', 'G', 'N', 'F' or 'E'). */
void rtb_rec_begin(struct rtb_rec *r, char *buf, size_t cap, char type);
/* Append ` key=value` with value percent-encoded (space, '%', '=', '*', and
 * bytes outside 0x21..0x7e become %XX). */
void rtb_rec_str(struct rtb_rec *r, const char *key, const char *value);
void rtb_rec_u64(struct rtb_rec *r, const char *key, uint64_t value);
void rtb_rec_i64(struct rtb_rec *r, const char *key, int64_t value);
/* Append a 32-bit value as "0x" and 8 lowercase hex digits (registers). */
void rtb_rec_hex32(struct rtb_rec *r, const char *key, uint32_t value);
/* Append a fixed-point value given x 1000, printed as "123.456". */
void rtb_rec_milli(struct rtb_rec *r, const char *key, uint64_t milli);
/* Append " *xxxxxxxx\n" (CRC-32 of everything before the '*') and a NUL
 * (not counted). Returns the line length, or RTB_ERR_OVERFLOW if anything
 * did not fit in `cap` bytes (then nothing must be emitted). */
int rtb_rec_end(struct rtb_rec *r);

/* Check one record: `line` starts at "RTB1 " and runs `len` bytes to the end
 * of the line (a trailing "\n" or "\r\n" is allowed). Returns 0 when the
 * line ends in a well-formed " *xxxxxxxx" (8 lowercase hex digits) whose
 * CRC-32 matches, RTB_ERR_INVAL when the framing is malformed, RTB_ERR_CHECK
 * when the CRC differs. */
int rtb_rec_check(const char *line, size_t len);
/* rtb_rec_check() with the CRC-32 computed by `crc` (the same function as
 * rtb_crc32, e.g. a faster one of the host's). */
typedef uint32_t (*rtb_crc_fn)(uint32_t crc, const void *data, size_t len);
int rtb_rec_check_crc(const char *line, size_t len, rtb_crc_fn crc);

/* Decode %XX escapes (either hex case) of a NUL-terminated value in place;
 * a '%' not followed by two hex digits is kept as is. Returns the new length. */
size_t rtb_rec_unescape(char *s);

/* Small formatting helpers used for human lines (no printf on the target).
 * Each writes a NUL after what it returns the length of. */
size_t rtb_fmt_u64(char *out, uint64_t v);       /* decimal; out >= 21 bytes */
size_t rtb_fmt_milli(char *out, uint64_t milli); /* "123.456"; out >= 25 bytes */
/* `s` padded with spaces to `width` (right = 1: on the left, like "%7s";
 * 0: on the right, like "%-40s"), never truncated except to fit `cap`
 * bytes including the NUL. */
size_t rtb_fmt_pad(char *out, size_t cap, const char *s, size_t width, int right);

#endif /* RTB_RECORD_H */
