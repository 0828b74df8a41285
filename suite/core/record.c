/*
 * rtbench - machine records, CRC-32 and small formatting helpers
 * (rtb/record.h, format in docs/records.md).
 *
 * Self-contained: no port, no libc beyond <stddef.h>/<stdint.h>, so the host
 * tool compiles this same file to check and decode what targets print.
 */
#include "rtb/record.h"
#include "rtb/error.h"

/* ---- CRC-32 (IEEE 802.3, reflected 0xEDB88320), one nibble at a time --- */

static const uint32_t crc_nibble[16] = {
    0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u,
    0x4db26158u, 0x5005713cu, 0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu,
    0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu,
};

uint32_t rtb_crc32(uint32_t crc, const void *data, size_t len)
{
    const unsigned char *p = (const unsigned char *)data;
    crc = ~crc;
    while (len--) {
        crc ^= *p++;
        crc = (crc >> 4) ^ crc_nibble[crc & 0xfu];
        crc = (crc >> 4) ^ crc_nibble[crc & 0xfu];
    }
    return ~crc;
}

/* ---- formatting helpers ------------------------------------------------- */

size_t rtb_fmt_u64(char *out, uint64_t v)
{
    char tmp[20];
    size_t n = 0, i;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v != 0);
    for (i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    out[n] = '\0';
    return n;
}

size_t rtb_fmt_milli(char *out, uint64_t milli)
{
    size_t n = rtb_fmt_u64(out, milli / 1000u);
    unsigned frac = (unsigned)(milli % 1000u);
    out[n++] = '.';
    out[n++] = (char)('0' + frac / 100u);
    out[n++] = (char)('0' + frac / 10u % 10u);
    out[n++] = (char)('0' + frac % 10u);
    out[n] = '\0';
    return n;
}

size_t rtb_fmt_pad(char *out, size_t cap, const char *s, size_t width, int right)
{
    size_t slen = 0, pad, n = 0, i;
    if (cap == 0)
        return 0;
    if (s == 0)
        s = "";
    /* bounded count (only what can matter: the width or what fits); a plain
     * count loop would be turned into a call to strlen, which a build
     * without libc does not have */
    while (slen < width + cap && s[slen] != '\0')
        slen++;
    pad = width > slen ? width - slen : 0;
    if (right)
        for (i = 0; i < pad && n + 1 < cap; i++)
            out[n++] = ' ';
    for (i = 0; i < slen && n + 1 < cap; i++)
        out[n++] = s[i];
    if (!right)
        for (i = 0; i < pad && n + 1 < cap; i++)
            out[n++] = ' ';
    out[n] = '\0';
    return n;
}

/* ---- record builder ----------------------------------------------------- */

static const char hex_upper[] = "0123456789ABCDEF";
static const char hex_lower[] = "0123456789abcdef";

static void put_char(struct rtb_rec *r, char c)
{
    /* keep one byte for the terminating NUL */
    if (r->len + 1 >= r->cap) {
        r->overflow = 1;
        return;
    }
    r->buf[r->len++] = c;
    r->buf[r->len] = '\0';
}

static void put_str(struct rtb_rec *r, const char *s)
{
    while (*s)
        put_char(r, *s++);
}

static int needs_escape(unsigned char c)
{
    return c < 0x21 || c > 0x7e || c == '%' || c == '=' || c == '*';
}

void rtb_rec_begin(struct rtb_rec *r, char *buf, size_t cap, char type)
{
    r->buf = buf;
    r->cap = cap;
    r->len = 0;
    r->overflow = (buf == 0 || cap == 0);
    if (!r->overflow)
        buf[0] = '\0';
    put_str(r, RTB_RECORD_TAG " ");
    put_char(r, type);
}

static void put_key(struct rtb_rec *r, const char *key)
{
    put_char(r, ' ');
    put_str(r, key);
    put_char(r, '=');
}

void rtb_rec_str(struct rtb_rec *r, const char *key, const char *value)
{
    const unsigned char *p = (const unsigned char *)(value ? value : "");
    put_key(r, key);
    for (; *p; p++) {
        if (needs_escape(*p)) {
            put_char(r, '%');
            put_char(r, hex_upper[*p >> 4]);
            put_char(r, hex_upper[*p & 0xfu]);
        } else {
            put_char(r, (char)*p);
        }
    }
}

void rtb_rec_u64(struct rtb_rec *r, const char *key, uint64_t value)
{
    char num[24];
    rtb_fmt_u64(num, value);
    put_key(r, key);
    put_str(r, num);
}

void rtb_rec_i64(struct rtb_rec *r, const char *key, int64_t value)
{
    char num[24];
    put_key(r, key);
    if (value < 0) {
        put_char(r, '-');
        /* negate in unsigned arithmetic: INT64_MIN has no positive twin */
        rtb_fmt_u64(num, (uint64_t)0 - (uint64_t)value);
    } else {
        rtb_fmt_u64(num, (uint64_t)value);
    }
    put_str(r, num);
}

void rtb_rec_hex32(struct rtb_rec *r, const char *key, uint32_t value)
{
    int i;
    put_key(r, key);
    put_str(r, "0x");
    for (i = 28; i >= 0; i -= 4)
        put_char(r, hex_lower[(value >> i) & 0xfu]);
}

void rtb_rec_milli(struct rtb_rec *r, const char *key, uint64_t milli)
{
    char num[28];
    rtb_fmt_milli(num, milli);
    put_key(r, key);
    put_str(r, num);
}

int rtb_rec_end(struct rtb_rec *r)
{
    uint32_t crc;
    int i;
    put_char(r, ' ');
    if (r->overflow)
        return RTB_ERR_OVERFLOW;
    crc = rtb_crc32(0, r->buf, r->len);
    put_char(r, '*');
    for (i = 28; i >= 0; i -= 4)
        put_char(r, hex_lower[(crc >> i) & 0xfu]);
    put_char(r, '\n');
    if (r->overflow)
        return RTB_ERR_OVERFLOW;
    return (int)r->len;
}

/* ---- checking and decoding (used by the host) --------------------------- */

static int hex_value(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int rtb_rec_check(const char *line, size_t len)
{
    return rtb_rec_check_crc(line, len, rtb_crc32);
}

int rtb_rec_check_crc(const char *line, size_t len, rtb_crc_fn crc_of)
{
    static const char tag[] = RTB_RECORD_TAG " ";
    uint32_t want = 0, crc;
    size_t i, body;
    if (line == 0)
        return RTB_ERR_INVAL;
    if (len > 0 && line[len - 1] == '\n')
        len--;
    if (len > 0 && line[len - 1] == '\r')
        len--;
    /* "RTB1 " + type + ... + " " + "*" + 8 hex digits */
    if (len < sizeof tag - 1 + 1 + 1 + 1 + 8)
        return RTB_ERR_INVAL;
    for (i = 0; i < sizeof tag - 1; i++)
        if (line[i] != tag[i])
            return RTB_ERR_INVAL;
    body = len - 9; /* bytes covered by the CRC: up to and including the space */
    if (line[body - 1] != ' ' || line[body] != '*')
        return RTB_ERR_INVAL;
    for (i = body + 1; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        /* only lowercase hex digits are well-formed */
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return RTB_ERR_INVAL;
        want = (want << 4) | (uint32_t)hex_value(c);
    }
    crc = crc_of(0, line, body);
    return crc == want ? RTB_OK : RTB_ERR_CHECK;
}

size_t rtb_rec_unescape(char *s)
{
    size_t in = 0, out = 0;
    if (s == 0)
        return 0;
    while (s[in] != '\0') {
        int hi, lo;
        if (s[in] == '%' && (hi = hex_value((unsigned char)s[in + 1])) >= 0 &&
            (lo = hex_value((unsigned char)s[in + 2])) >= 0) {
            s[out++] = (char)(hi << 4 | lo);
            in += 3;
        } else {
            s[out++] = s[in++];
        }
    }
    s[out] = '\0';
    return out;
}
