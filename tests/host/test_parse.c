/*
 * Tests of the rtbench record parser (host/record_parser.c) on streams built
 * with the target core's record writer: a good stream, a corrupted line, a
 * truncated stream, a count mismatch, two runs in one stream, malformed
 * records, and random damage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_parser.h"
#include "rtb/record.h"
#include "util.h"

#include "check.h"

/* A stream is an array of lines. */
static char lines[64][800];
static int nlines;

static void add_raw(const char *s)
{
    snprintf(lines[nlines++], sizeof lines[0], "%s", s);
}

static struct rtb_rec rec;
static char *begin(char type)
{
    rtb_rec_begin(&rec, lines[nlines], sizeof lines[0], type);
    return lines[nlines];
}
static void end(void)
{
    CHECK(rtb_rec_end(&rec) > 0);
    nlines++;
}

static void hdr(unsigned count)
{
    begin('H');
    rtb_rec_str(&rec, "rtbench", "0.1.0");
    rtb_rec_str(&rec, "port", "posix");
    rtb_rec_str(&rec, "kernel", "Linux");
    rtb_rec_str(&rec, "kver", "6.1 rt=no");
    rtb_rec_str(&rec, "unit", "cycles");
    rtb_rec_u64(&rec, "ns_num", 5);
    rtb_rec_u64(&rec, "ns_den", 13);
    rtb_rec_u64(&rec, "count", count);
    rtb_rec_str(&rec, "future_key", "kept");
    end();
}

static void res(const char *id, uint64_t p50, const char *flags)
{
    begin('R');
    rtb_rec_str(&rec, "id", id);
    rtb_rec_u64(&rec, "n", 1000);
    rtb_rec_u64(&rec, "min", p50 - 1);
    rtb_rec_u64(&rec, "max", p50 + 100);
    rtb_rec_milli(&rec, "mean", p50 * 1000 + 125);
    rtb_rec_milli(&rec, "sd", 2500);
    rtb_rec_u64(&rec, "p50", p50);
    rtb_rec_u64(&rec, "p90", p50 + 1);
    rtb_rec_u64(&rec, "p99", p50 + 2);
    rtb_rec_u64(&rec, "p999", p50 + 3);
    rtb_rec_str(&rec, "flags", flags);
    end();
}

static void na(const char *id, const char *why)
{
    begin('N');
    rtb_rec_str(&rec, "id", id);
    rtb_rec_str(&rec, "reason", why);
    end();
}

static void fail(const char *id)
{
    begin('F');
    rtb_rec_str(&rec, "id", id);
    rtb_rec_i64(&rec, "err", -3);
    rtb_rec_str(&rec, "name", "timeout");
    rtb_rec_i64(&rec, "native", 110);
    end();
}

/* An F record of a benchmark's own failed check (rtb_fail): check= names it. */
static void fail_check(const char *id, const char *check)
{
    begin('F');
    rtb_rec_str(&rec, "id", id);
    rtb_rec_i64(&rec, "err", -10);
    rtb_rec_str(&rec, "name", "check");
    rtb_rec_i64(&rec, "native", 0);
    rtb_rec_str(&rec, "check", check);
    end();
}

static void eor(unsigned records)
{
    begin('E');
    rtb_rec_u64(&rec, "records", records);
    rtb_rec_i64(&rec, "status", 0);
    end();
}

/* A fresh parser P fed the stream; each line's event into events[] if not NULL. */
static void parse_lines(struct record_parser *p, int *events)
{
    record_parser_init(p);
    for (int i = 0; i < nlines; i++) {
        enum record_event ev = record_parser_feed(p, lines[i], strlen(lines[i]));
        if (events)
            events[i] = (int)ev;
    }
}

static void test_good(void)
{
    nlines = 0;
    add_raw("booting FakeOS");
    hdr(4);
    add_raw("sem.give.immediate                       - Give a semaphore (no waiters)              "
            "        :      26 cycles ,      10 ns :");
    res("sem.give.immediate", 26, "clamped,nosched");
    na("events.post", "no event flags");
    fail("thread.create");
    fail_check("tm.cooperative", "the five counters differ by more than 1");
    eor(4);
    struct record_parser p;
    int ev[64];
    parse_lines(&p, ev);
    CHECK(ev[0] == RECORD_NONE);
    CHECK(ev[1] == RECORD_HEADER);
    CHECK(ev[2] == RECORD_NONE);
    CHECK(ev[3] == RECORD_METRIC);
    CHECK(ev[7] == RECORD_END);
    CHECK(record_parser_finish(&p) == NULL);
    CHECK(p.n_runs == 1);
    CHECK(p.issues.total == 0);
    CHECK(p.records == 6);
    struct run *r = p.runs[0];
    CHECK(r->status == RUN_COMPLETE);
    CHECK(r->status_detail && strstr(r->status_detail, "record count only")); /* old rule, said */
    CHECK(strcmp(r->origin, "rtbench") == 0);
    CHECK(strcmp(r->unit, "cycles") == 0);
    CHECK(fabs(r->ns_per_unit - 5.0 / 13.0) < 1e-12);
    CHECK(strcmp(run_hdr(r, "kver"), "6.1 rt=no") == 0); /* escaped space and '=' decoded */
    CHECK(strcmp(run_hdr(r, "future_key"), "kept") == 0);
    CHECK(strcmp(run_hdr(r, "end_status"), "0") == 0);
    CHECK(r->n_m == 4);
    struct metric *m = run_find_metric(r, "sem.give.immediate");
    CHECK(m && m->state == MS_OK && m->has_pct);
    CHECK(m && m->n == 1000 && m->min == 25 && m->max == 126 && m->p50 == 26 && m->p90 == 27 &&
          m->p99 == 28 && m->p999 == 29);
    CHECK(m && fabs(m->mean - 26.125) < 1e-9 && fabs(m->sd - 2.5) < 1e-9);
    CHECK(m && fabs(m->mean_ns - 26.125 * 5.0 / 13.0) < 1e-9);
    CHECK(m && m->flags == (MF_CLAMPED | MF_NOSCHED));
    CHECK(m && m->desc && strcmp(m->desc, "Give a semaphore (no waiters)") == 0);
    m = run_find_metric(r, "events.post");
    CHECK(m && m->state == MS_NA && strcmp(m->reason, "no event flags") == 0 && m->desc == NULL);
    m = run_find_metric(r, "thread.create");
    CHECK(m && m->state == MS_FAILED && m->err == -3 &&
          strcmp(m->reason, "timeout (native 110)") == 0);
    m = run_find_metric(r, "tm.cooperative");
    CHECK(m && m->state == MS_FAILED && m->err == -10 &&
          strcmp(m->reason, "check: the five counters differ by more than 1") == 0);
    record_parser_free(&p);
}

static void test_corrupt_line(void)
{
    nlines = 0;
    hdr(3);
    res("a.one", 10, "");
    res("a.two", 20, "");
    res("a.three", 30, "");
    eor(3);
    char *at = strstr(lines[2], "p50=20");
    CHECK(at != NULL);
    if (at)
        at[4] = '9'; /* one digit changed on the "serial line" */
    struct record_parser p;
    int ev[64];
    parse_lines(&p, ev);
    CHECK(ev[2] == RECORD_REJECTED);
    CHECK(p.issues.total == 1);
    CHECK(p.issues.total == 1 && p.issues.v[0].line == 3 &&
          strstr(p.issues.v[0].msg, "checksum mismatch"));
    CHECK(p.n_runs == 1 && p.runs[0]->n_m == 2);
    CHECK(p.runs[0]->status == RUN_INCOMPLETE);
    CHECK(p.runs[0]->status_detail &&
          strstr(p.runs[0]->status_detail, "end record says 3, 2 received"));
    CHECK(run_find_metric(p.runs[0], "a.two") == NULL);
    record_parser_free(&p);
}

static void test_truncated(void)
{
    nlines = 0;
    hdr(3);
    res("a.one", 10, "");
    res("a.two", 20, "");
    /* the target died here: no third result, no end record; the last line is cut */
    add_raw("RTB1 R id=a.three n=1000 min=2");
    struct record_parser p;
    parse_lines(&p, NULL);
    CHECK(p.open_run != NULL);
    struct run *r = record_parser_finish(&p);
    CHECK(r != NULL && r == p.runs[0]);
    CHECK(p.open_run == NULL);
    CHECK(r && r->status == RUN_INCOMPLETE);
    CHECK(r && r->status_detail &&
          strcmp(r->status_detail, "no end record: 2 of 3 records received") == 0);
    CHECK(r && r->n_m == 2);
    CHECK(p.issues.total == 1 && p.issues.v[0].line == 4);
    record_parser_free(&p);
}

static void test_count_mismatch(void)
{
    nlines = 0;
    hdr(3);
    res("a.one", 10, "");
    eor(3); /* says 3, one arrived */
    struct record_parser p;
    parse_lines(&p, NULL);
    CHECK(p.n_runs == 1 && p.runs[0]->status == RUN_INCOMPLETE);
    CHECK(strstr(p.runs[0]->status_detail, "record count mismatch") != NULL);
    record_parser_free(&p);

    /* The end count agrees with what arrived, but the header announced more. */
    nlines = 0;
    hdr(3);
    res("a.one", 10, "");
    eor(1);
    parse_lines(&p, NULL);
    CHECK(p.n_runs == 1 && p.runs[0]->status == RUN_INCOMPLETE);
    CHECK(strstr(p.runs[0]->status_detail, "header announced 3") != NULL);
    record_parser_free(&p);
}

static void test_two_runs(void)
{
    nlines = 0;
    hdr(2);
    res("a.one", 10, "");
    /* first run cut off: the target rebooted */
    hdr(2);
    res("a.one", 11, "");
    res("a.two", 21, "");
    eor(2);
    struct record_parser p;
    record_parser_init(&p);
    int ev[64];
    for (int i = 0; i < nlines; i++) {
        ev[i] = (int)record_parser_feed(&p, lines[i], strlen(lines[i]));
        if (i == 2)
            CHECK(p.closed == p.runs[0]); /* the second H closed the first run */
    }
    CHECK(ev[2] == RECORD_HEADER);
    CHECK(p.n_runs == 2);
    CHECK(p.runs[0]->status == RUN_INCOMPLETE);
    CHECK(strstr(p.runs[0]->status_detail, "before the next header") != NULL);
    CHECK(p.runs[0]->n_m == 1);
    CHECK(p.runs[1]->status == RUN_COMPLETE && p.runs[1]->n_m == 2);
    CHECK(run_find_metric(p.runs[1], "a.one")->p50 == 11);
    struct run *taken = record_parser_take(&p, 1);
    CHECK(taken != NULL && p.runs[1] == NULL);
    record_parser_free(&p); /* must not free the taken run */
    CHECK(taken->n_m == 2);
    run_free(taken);
    free(taken);
}

static void test_framing(void)
{
    nlines = 0;
    res("early", 5, ""); /* before any header */
    hdr(2);
    /* a timestamp prefix and a CRLF line ending */
    char tmp[760];
    res("b.one", 10, "");
    snprintf(tmp, sizeof tmp, "[00:00:01.123] %.700s", lines[nlines - 1]);
    size_t l = strlen(tmp);
    if (tmp[l - 1] == '\n')
        tmp[l - 1] = '\0';
    strcat(tmp, "\r\n");
    snprintf(lines[nlines - 1], sizeof lines[0], "%s", tmp);
    /* a valid CRC around a malformed R (no mean) */
    begin('R');
    rtb_rec_str(&rec, "id", "b.bad");
    rtb_rec_u64(&rec, "n", 10);
    end();
    /* an unknown record type with a valid CRC */
    begin('Z');
    end();
    res("b.two", 20, "futureflag");
    eor(2);
    struct record_parser p;
    int ev[64];
    parse_lines(&p, ev);
    CHECK(ev[0] == RECORD_REJECTED);
    CHECK(ev[2] == RECORD_METRIC);
    CHECK(ev[3] == RECORD_REJECTED);
    CHECK(ev[4] == RECORD_REJECTED);
    CHECK(p.issues.total == 3);
    CHECK(p.issues.total == 3 && strstr(p.issues.v[0].msg, "no header"));
    CHECK(p.issues.total == 3 && strstr(p.issues.v[1].msg, "'min'"));
    CHECK(p.issues.total == 3 && strstr(p.issues.v[2].msg, "unknown record type"));
    CHECK(p.n_runs == 1 && p.runs[0]->status == RUN_COMPLETE && p.runs[0]->n_m == 2);
    CHECK(run_find_metric(p.runs[0], "b.two")->flags == 0); /* unknown flag names ignored */
    CHECK(record_check_crc("RTB1 E *00000000", 16) == -2);
    CHECK(record_check_crc("RTB1 E *0000000", 15) == -1);
    record_parser_free(&p);
}

static void test_random_damage(void)
{
    /* Every single-byte change of a record line must be rejected, nothing
     * may crash, and the header and end around it still parse. */
    nlines = 0;
    hdr(1);
    res("c.one", 10, "clamped");
    eor(1);
    char orig[800];
    snprintf(orig, sizeof orig, "%s", lines[1]);
    size_t len = strlen(orig);
    int rejected = 0, total = 0;
    srand(12345);
    for (size_t i = 0; i + 1 < len; i++) {
        for (int k = 0; k < 4; k++) {
            snprintf(lines[1], sizeof lines[0], "%s", orig);
            char c = (char)(1 + rand() % 255);
            if (c == orig[i] || c == '\n')
                continue;
            lines[1][i] = c;
            struct record_parser p;
            parse_lines(&p, NULL);
            record_parser_finish(&p);
            total++;
            if (p.n_runs == 1 && p.runs[0]->n_m == 0 && p.runs[0]->status == RUN_INCOMPLETE)
                rejected++;
            record_parser_free(&p);
        }
    }
    /* CRC-32 catches every single-byte error; a damaged tag hides the record. */
    CHECK(total > 100);
    CHECK(rejected == total);
    printf("random damage: %d of %d mutated lines rejected\n", rejected, total);
}

/* The host's byte-table CRC (record_crc32) is the target's rtb_crc32, on
 * every length and alignment and chained. */
static void test_crc(void)
{
    unsigned char buf[1024];
    srand(777);
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (unsigned char)rand();
    int same = 1;
    for (size_t off = 0; off < 8; off++)
        for (size_t n = 0; off + n <= sizeof buf; n += 1 + n / 8)
            same &=
                record_crc32(0, buf + off, n) == rtb_crc32(0, buf + off, n) &&
                record_crc32(record_crc32(0, buf, off), buf + off, n) == rtb_crc32(0, buf, off + n);
    CHECK(same);
    CHECK(record_crc32(0, "123456789", 9) == 0xcbf43926u); /* the CRC-32 check value */
}

/* A result's mean and sd read as strtod reads them (a fast path does the
 * short ones), and the u64 figures' bounds as strtoull's. */
static void test_numbers(void)
{
    srand(4242);
    int same = 1, tried = 0;
    for (int i = 0; i < 200000; i++) {
        char mean[48], line[256];
        int ip = rand() % 18, fp = rand() % 18; /* digits before and after the point */
        size_t k = 0;
        mean[k++] = (char)('0' + rand() % 10);
        for (int d = 1; d < ip; d++)
            mean[k++] = (char)('0' + rand() % 10);
        if (fp) {
            mean[k++] = '.';
            for (int d = 0; d < fp; d++)
                mean[k++] = (char)('0' + rand() % 10);
        }
        mean[k] = '\0';
        snprintf(line, sizeof line,
                 "id=x n=2 min=0 max=999999999999999999 mean=%s sd=%s p50=1 "
                 "p90=1 p99=1 p999=1",
                 mean, mean);
        struct field f[RECORD_MAX_FIELDS];
        size_t nf;
        const char *why;
        enum issue_kind kind;
        struct metric m;
        if (record_split_fields(line, f, &nf, &why) != 0 ||
            record_result('R', f, nf, 0, &m, &why, &kind) != 0)
            continue; /* a mean above max: refused, as it must be */
        tried++;
        double want = strtod(mean, NULL);
        same &= memcmp(&m.mean, &want, sizeof want) == 0 && memcmp(&m.sd, &want, sizeof want) == 0;
        metric_free(&m);
    }
    CHECK(tried > 100000);
    CHECK(same);
    uint64_t v = 0;
    CHECK(parse_u64("18446744073709551615", &v) == 0 && v == UINT64_MAX);
    CHECK(parse_u64("18446744073709551616", &v) == -1);
    CHECK(parse_u64("99999999999999999999", &v) == -1);
    CHECK(parse_u64("1844674407370955161", &v) == 0 && v == UINT64_MAX / 10);
    CHECK(parse_u64("", &v) == -1 && parse_u64("1x", &v) == -1 && parse_u64("-1", &v) == -1);
}

int main(void)
{
    test_good();
    test_corrupt_line();
    test_truncated();
    test_count_mismatch();
    test_two_runs();
    test_framing();
    test_random_damage();
    test_crc();
    test_numbers();
    return check_summary("test_parse");
}
