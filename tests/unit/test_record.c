/*
 * Unit tests of suite/core/record.c: CRC-32, the record builder and its
 * percent-encoding, rtb_rec_check (every single-bit flip detected),
 * rtb_rec_unescape round trips, formatting helpers; rtb_strerror.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rtb/error.h"
#include "rtb/record.h"

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void test_crc(void)
{
    uint32_t c;
    CHECK_EQ(rtb_crc32(0, "123456789", 9), 0xcbf43926u);
    CHECK_EQ(rtb_crc32(0, "", 0), 0);
    c = rtb_crc32(0, "1234", 4);
    c = rtb_crc32(c, "56789", 5);
    CHECK_EQ(c, 0xcbf43926u);
    CHECK_EQ(rtb_crc32(0, "a", 1), 0xe8b7be43u);
}

/* Build the record of a typical result. Returns its length. */
static int build_r(char *buf, size_t cap)
{
    struct rtb_rec r;
    rtb_rec_begin(&r, buf, cap, 'R');
    rtb_rec_str(&r, "id", "semaphore.give.immediate.kernel");
    rtb_rec_u64(&r, "n", 1000);
    rtb_rec_u64(&r, "min", 0);
    rtb_rec_u64(&r, "max", 1430);
    rtb_rec_milli(&r, "mean", 26104);
    rtb_rec_milli(&r, "sd", 9112);
    rtb_rec_u64(&r, "p50", 26);
    rtb_rec_u64(&r, "p90", 26);
    rtb_rec_u64(&r, "p99", 52);
    rtb_rec_u64(&r, "p999", 78);
    rtb_rec_str(&r, "flags", "");
    return rtb_rec_end(&r);
}

static void test_record_format(void)
{
    static const char want_body[] = "RTB1 R id=semaphore.give.immediate.kernel n=1000 min=0 "
                                    "max=1430 mean=26.104 sd=9.112 p50=26 p90=26 p99=52 "
                                    "p999=78 flags= ";
    char buf[512], want[600], crc[16];
    int len = build_r(buf, sizeof buf);
    uint32_t c = rtb_crc32(0, want_body, strlen(want_body));

    snprintf(crc, sizeof crc, "*%08x\n", (unsigned)c);
    snprintf(want, sizeof want, "%s%s", want_body, crc);
    CHECKF(len > 0 && (size_t)len == strlen(want) && strcmp(buf, want) == 0,
           "R record text is exactly the documented layout: %s", buf);
    CHECKF(rtb_rec_check(buf, (size_t)len) == 0, "the record passes rtb_rec_check");
    printf("     record: %s", buf);
}

static void test_bitflips(void)
{
    char buf[512], copy[512];
    int len = build_r(buf, sizeof buf);
    size_t body = (size_t)len - 1; /* up to, not including, the newline */
    size_t i, flips = 0, missed = 0;
    unsigned bit;

    for (i = 0; i < body; i++) {
        for (bit = 0; bit < 8; bit++) {
            memcpy(copy, buf, (size_t)len + 1);
            copy[i] = (char)(copy[i] ^ (1u << bit));
            flips++;
            if (rtb_rec_check(copy, (size_t)len) == 0) {
                missed++;
                printf("     undetected: byte %zu bit %u\n", i, bit);
            }
        }
    }
    CHECKF(missed == 0 && flips == body * 8,
           "all %zu single-bit flips of %zu bytes detected (%zu missed)", flips, body, missed);
}

static void test_check_framing(void)
{
    char buf[512];
    int len = build_r(buf, sizeof buf);
    char crlf[520];

    memcpy(crlf, buf, (size_t)len - 1);
    memcpy(crlf + len - 1, "\r\n", 3);
    CHECKF(rtb_rec_check(crlf, (size_t)len + 1) == 0, "a trailing \\r\\n is accepted");
    CHECKF(rtb_rec_check(buf, (size_t)len - 1) == 0, "no newline at all is accepted");
    CHECKF(rtb_rec_check(buf, (size_t)len - 2) == RTB_ERR_INVAL, "a cut CRC is malformed");
    CHECKF(rtb_rec_check(buf, 20) == RTB_ERR_INVAL, "a truncated line is malformed");
    CHECKF(rtb_rec_check("", 0) == RTB_ERR_INVAL, "empty line is malformed");
    CHECKF(rtb_rec_check(NULL, 10) == RTB_ERR_INVAL, "NULL is malformed");
    {
        char up[512];
        size_t i;
        memcpy(up, buf, (size_t)len + 1);
        for (i = (size_t)len - 9; i < (size_t)len - 1; i++)
            if (up[i] >= 'a' && up[i] <= 'f')
                up[i] = (char)(up[i] - 'a' + 'A');
        /* only meaningful if the CRC has a letter in it */
        if (strcmp(up, buf) != 0)
            CHECKF(rtb_rec_check(up, (size_t)len) == RTB_ERR_INVAL,
                   "uppercase CRC digits are malformed");
        else
            CHECKF(1, "CRC has no hex letter: uppercase case not applicable");
    }
    {
        char other[64];
        CHECKF(rtb_rec_check("RTB1 E records=1 status=0 *00000000", 35) == RTB_ERR_CHECK,
               "a well-formed line with a wrong CRC gives RTB_ERR_CHECK");
        snprintf(other, sizeof other, "RTB1 E records=1 status=0 *%08x",
                 (unsigned)rtb_crc32(0, "RTB1 E records=1 status=0 ", 26));
        CHECKF(rtb_rec_check(other, strlen(other)) == 0, "a hand-made E record checks");
        other[0] = 'X';
        CHECKF(rtb_rec_check(other, strlen(other)) != 0,
               "a line not starting with RTB1 is refused");
    }
}

static void test_escape(void)
{
    /* every byte 1..255 in a value, once */
    char value[256], buf[1200], field[1000];
    struct rtb_rec r;
    int len, i, escaped_ok = 1;
    char *p, *end;

    for (i = 1; i < 256; i++)
        value[i - 1] = (char)i;
    value[255] = '\0';
    rtb_rec_begin(&r, buf, sizeof buf, 'N');
    rtb_rec_str(&r, "reason", value);
    len = rtb_rec_end(&r);
    CHECKF(len > 0 && rtb_rec_check(buf, (size_t)len) == 0,
           "record with all 255 byte values checks");
    /* the encoded value: only 0x21..0x7e, and none of % = * unescaped */
    p = strstr(buf, "reason=") + 7;
    end = strstr(p, " *");
    for (; p < end; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x21 || c > 0x7e || c == '=' || c == '*')
            escaped_ok = 0;
        if (c == '%' &&
            !(p[1] && p[2] && strchr("0123456789ABCDEF", p[1]) && strchr("0123456789ABCDEF", p[2])))
            escaped_ok = 0;
    }
    CHECKF(escaped_ok, "encoded value has only printable bytes and uppercase %%XX escapes");
    p = strstr(buf, "reason=") + 7;
    end = strstr(p, " *");
    memcpy(field, p, (size_t)(end - p));
    field[end - p] = '\0';
    CHECKF(rtb_rec_unescape(field) == 255 && memcmp(field, value, 255) == 0,
           "unescape restores all 255 byte values");

    rtb_rec_begin(&r, buf, sizeof buf, 'N');
    rtb_rec_str(&r, "reason", "no such 100% object=x*y");
    len = rtb_rec_end(&r);
    CHECKF(len > 0 && starts(buf, "RTB1 N reason=no%20such%20100%25%20object%3Dx%2Ay *"),
           "space, %%, =, * are escaped: %.*s", len - 1, buf);
    strcpy(field, "a%2ab%zz%4");
    CHECKF(rtb_rec_unescape(field) == 8 && strcmp(field, "a*b%zz%4") == 0,
           "unescape: lowercase hex accepted, bad escapes kept as is (%s)", field);
    rtb_rec_begin(&r, buf, sizeof buf, 'N');
    rtb_rec_str(&r, "reason", NULL);
    len = rtb_rec_end(&r);
    CHECKF(len > 0 && starts(buf, "RTB1 N reason= *"), "NULL value is an empty value");
}

static void test_numbers(void)
{
    char buf[256], out[32];
    struct rtb_rec r;
    int len;

    rtb_rec_begin(&r, buf, sizeof buf, 'F');
    rtb_rec_i64(&r, "err", -3);
    rtb_rec_i64(&r, "min", INT64_MIN);
    rtb_rec_u64(&r, "max", UINT64_MAX);
    rtb_rec_milli(&r, "m", 5);
    rtb_rec_milli(&r, "k", 1234567);
    len = rtb_rec_end(&r);
    CHECKF(len > 0 && starts(buf, "RTB1 F err=-3 min=-9223372036854775808 max=18446744073709551615 "
                                  "m=0.005 k=1234.567 *"),
           "numbers: %.*s", len - 1, buf);
    CHECKF(rtb_fmt_u64(out, 0) == 1 && strcmp(out, "0") == 0, "fmt_u64(0)");
    CHECKF(rtb_fmt_pad(out, sizeof out, "26", 7, 1) == 7 && strcmp(out, "     26") == 0,
           "pad right like %%7u");
    CHECKF(rtb_fmt_pad(out, sizeof out, "ab", 5, 0) == 5 && strcmp(out, "ab   ") == 0,
           "pad left like %%-5s");
    CHECKF(rtb_fmt_pad(out, sizeof out, "abcdef", 3, 0) == 6 && strcmp(out, "abcdef") == 0,
           "never truncates");
    CHECKF(rtb_fmt_pad(out, 4, "abcdef", 0, 0) == 3 && strcmp(out, "abc") == 0,
           "but fits the buffer");
}

static void test_overflow(void)
{
    char buf[40];
    struct rtb_rec r;
    rtb_rec_begin(&r, buf, sizeof buf, 'R');
    rtb_rec_str(&r, "id", "a.very.long.benchmark.identifier.that.does.not.fit");
    CHECKF(rtb_rec_end(&r) == RTB_ERR_OVERFLOW,
           "a record that does not fit gives RTB_ERR_OVERFLOW");
    rtb_rec_begin(&r, buf, 27, 'E');
    rtb_rec_u64(&r, "records", 1);
    /* "RTB1 E records=1 *xxxxxxxx\n" is 27 bytes + NUL = 28 > 27 */
    CHECKF(rtb_rec_end(&r) == RTB_ERR_OVERFLOW, "one byte short for the NUL is an overflow");
    rtb_rec_begin(&r, buf, 28, 'E');
    rtb_rec_u64(&r, "records", 1);
    CHECKF(rtb_rec_end(&r) == 27, "exactly enough room works");
}

static void test_strerror(void)
{
    int e, distinct = 1;
    for (e = RTB_ERR_CHECK; e <= RTB_OK; e++) {
        int f;
        for (f = e + 1; f <= RTB_OK; f++)
            if (strcmp(rtb_strerror(e), rtb_strerror(f)) == 0)
                distinct = 0;
    }
    CHECKF(distinct, "every error code has its own name");
    CHECKF(strcmp(rtb_strerror(RTB_ERR_TIMEOUT), "timeout") == 0, "timeout name");
    CHECKF(strcmp(rtb_strerror(RTB_ERR_NOTSUP), "notsup") == 0, "notsup name");
    CHECKF(strcmp(rtb_strerror(-99), "unknown") == 0 && strcmp(rtb_strerror(5), "unknown") == 0,
           "unknown codes give \"unknown\", never NULL");
}

int main(void)
{
    test_crc();
    test_record_format();
    test_bitflips();
    test_check_framing();
    test_escape();
    test_numbers();
    test_overflow();
    test_strerror();
    return check_summary(NULL);
}
