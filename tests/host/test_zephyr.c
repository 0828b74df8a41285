/*
 * Tests of the Zephyr latency_measure importer and of the artifact flags on
 * the real logs in tests/fixtures/zephyr-latency-measure/.
 * Usage: test_zephyr [fixtures-dir] (default: ../fixtures next to this file).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "run.h"
#include "import/zephyr.h"

#include "check.h"

static char fixtures[1024];

static char *slurp(const char *rel, size_t *len)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", fixtures, rel);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 > cap) {
            cap = cap * 2 + 8192;
            buf = realloc(buf, cap);
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* TEXT (LEN bytes) through the streaming importer, one line at a time, as
 * `rtbench import` reads a file; the run into *OUT, the ignored rows (from
 * the note) into *IGNORED. 0, or -1 with the importer's message. */
static int import_text(const char *text, size_t len, const struct import_options *o,
                       struct run *out, size_t *ignored, char *err, size_t errlen)
{
    static const struct import_options none = {0};
    void *z = importer_zephyr.open(o ? o : &none);
    for (const char *p = text, *end = text + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
        importer_zephyr.feed(z, p, l);
        p += l + (nl ? 1 : 0);
    }
    struct import_result res;
    memset(&res, 0, sizeof res);
    int rc = importer_zephyr.finish(z, &res, err, errlen);
    importer_zephyr.close(z);
    memset(out, 0, sizeof *out);
    if (ignored)
        *ignored = 0;
    if (ignored && res.note)
        sscanf(res.note, "%zu", ignored);
    if (rc == 0) {
        *out = *res.runs[0];
        free(res.runs[0]);
        res.runs[0] = NULL;
        res.n_runs = 0;
    }
    import_result_free(&res);
    return rc;
}

/* 1 if a line of TEXT is a result row (the importer's detect). */
static int detect_text(const char *text, size_t len)
{
    for (const char *p = text, *end = text + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (importer_zephyr.detect(p, l))
            return 1;
        p += l + (nl ? 1 : 0);
    }
    return 0;
}

static int load(const char *rel, const struct import_options *o, struct run *r, char *err,
                size_t errlen)
{
    size_t len;
    char *text = slurp(rel, &len);
    int rc = import_text(text, len, o, r, NULL, err, errlen);
    free(text);
    return rc;
}

static int flagged(const struct run *r, const char *id, unsigned bit)
{
    const struct metric *m = run_find_metric(r, id);
    return m && (m->flags & bit);
}

static void test_row_parser(void)
{
    struct zephyr_row row;
    const char *a = "heap.malloc.immediate                    - Average time for heap malloc       "
                    "                :"
                    "     524 cycles ,     2017 ns : ";
    CHECK(zephyr_parse_row(a, strlen(a), &row) == 1);
    CHECK(row.cycles == 524 && row.ns == 2017);
    CHECK(row.id_len == strlen("heap.malloc.immediate") &&
          memcmp(row.id, "heap.malloc.immediate", row.id_len) == 0);
    CHECK(row.desc_len == strlen("Average time for heap malloc"));
    const char *b =
        "fifo.get.blocking.k_to_k - Get data from FIFO (w/ ctx switch) : 312 cycles , 1203 ns :\r";
    CHECK(zephyr_parse_row(b, strlen(b), &row) == 1 && row.cycles == 312 && row.ns == 1203);
    /* not rows */
    const char *no[] = {"",
                        "===================================================================",
                        "*** Booting Zephyr OS build v4.3.0-rc3 ***",
                        "PROJECT EXECUTION SUCCESSFUL",
                        "x.y - d : 12 cycles",
                        "x.y - d : 12 cycles , ns :",
                        "x.y - d : cycles , 5 ns :",
                        "x.y - d : 99999999999999999999999 cycles , 5 ns :",
                        "x.y d : 1 cycles , 5 ns :",
                        "noid - d : 1 cycles , 5 ns :",
                        "x.y - d : 1 cycles , 5 nsec :"};
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        CHECK(zephyr_parse_row(no[i], strlen(no[i]), &row) == 0);
    /* a terminal's timestamp prefix, CRLF */
    const char *d = "[00:00:01.250,000] heap.free.immediate - Average time for heap free : 587 "
                    "cycles , 2258 ns :\r";
    CHECK(zephyr_parse_row(d, strlen(d), &row) == 1 && row.cycles == 587 && row.ns == 2258 &&
          row.id_len == strlen("heap.free.immediate") &&
          memcmp(row.id, "heap.free.immediate", row.id_len) == 0);
    const char *e =
        "12:00:01 mutex.lock.immediate.recursive.kernel - Lock a mutex : 74 cycles , 286 ns :";
    CHECK(zephyr_parse_row(e, strlen(e), &row) == 1 && row.cycles == 74);
    const char *f = "x.y - a - b : 3 cycles , 9 ns :"; /* a dash in the description */
    CHECK(zephyr_parse_row(f, strlen(f), &row) == 1 && row.desc_len == strlen("a - b") &&
          row.id_len == 3);
    /* a description containing a colon */
    const char *c = "a.b - time: the thing : 7 cycles , 30 ns :";
    CHECK(zephyr_parse_row(c, strlen(c), &row) == 1 && row.cycles == 7 &&
          row.desc_len == strlen("time: the thing"));
}

static void test_derive_hz(void)
{
    uint64_t cyc[] = {181, 275, 54, 38};
    uint64_t ns[] = {699, 1061, 209, 147};
    int cons = 0;
    double hz = zephyr_derive_hz(cyc, ns, 4, &cons);
    CHECK(cons == 1);
    CHECK(hz == 260000000.0);
    /* contradictory rows: median fallback, flagged as inconsistent */
    uint64_t c2[] = {1000, 1000, 1000, 5};
    uint64_t n2[] = {8000, 8001, 7999, 9000};
    hz = zephyr_derive_hz(c2, n2, 4, &cons);
    CHECK(cons == 0);
    CHECK(fabs(hz - 125000000.0) < 125000.0); /* median of four ratios, within 0.1 % */
    CHECK(zephyr_derive_hz(c2, n2, 0, &cons) == 0);
}

static void test_rw612(void)
{
    char err[256];
    struct run a, c;
    struct import_options o = {0};
    CHECK(load("zephyr-latency-measure/frdm_rw612.log", &o, &a, err, sizeof err) == 0);
    CHECK(a.n_m == 47);
    CHECK(strcmp(run_hdr(&a, "board"), "frdm_rw612") == 0);
    CHECK(strcmp(run_hdr(&a, "kernel"), "Zephyr") == 0);
    CHECK(strcmp(run_hdr(&a, "kver"), "v4.3.0-3034-g2062a21ed267") == 0);
    CHECK(strcmp(run_hdr(&a, "hz"), "260000000") == 0);
    CHECK(strcmp(a.unit, "cycles") == 0);
    CHECK(a.status == RUN_COMPLETE);
    const struct metric *m = run_find_metric(&a, "thread.yield.preemptive.ctx.k_to_k");
    CHECK(m && m->mean == 181 && m->mean_ns == 699 && m->has_pct == 0 && (m->flags & MF_MEAN_ONLY));
    CHECK(m && m->desc && strcmp(m->desc, "Context switch via k_yield") == 0);
    CHECK(strcmp(a.m[0].id, "thread.yield.preemptive.ctx.k_to_k") == 0);
    CHECK(strcmp(a.m[46].id, "heap.free.immediate") == 0);

    /* the compact copy (blank lines, single spaces, no west line) gives the same figures */
    CHECK(load("zephyr-latency-measure/frdm_rw612.compact.log", &o, &c, err, sizeof err) == 0);
    CHECK(c.n_m == a.n_m);
    CHECK(run_hdr(&c, "board") == NULL);
    CHECK(strcmp(run_hdr(&c, "hz"), run_hdr(&a, "hz")) == 0);
    CHECK(strcmp(run_hdr(&c, "kver"), run_hdr(&a, "kver")) == 0);
    for (size_t i = 0; i < a.n_m && i < c.n_m; i++) {
        CHECK(strcmp(a.m[i].id, c.m[i].id) == 0);
        CHECK(strcmp(a.m[i].desc, c.m[i].desc) == 0);
        CHECK(a.m[i].mean == c.m[i].mean && a.m[i].mean_ns == c.m[i].mean_ns &&
              a.m[i].flags == c.m[i].flags);
    }
    /* the same log with CRLF line ends */
    {
        size_t len;
        char *t = slurp("zephyr-latency-measure/frdm_rw612.log", &len);
        char *crlf = malloc(2 * len + 1);
        size_t k = 0;
        for (size_t i = 0; i < len; i++) {
            if (t[i] == '\n')
                crlf[k++] = '\r';
            crlf[k++] = t[i];
        }
        struct run w;
        CHECK(import_text(crlf, k, &o, &w, NULL, err, sizeof err) == 0);
        CHECK(w.n_m == a.n_m && strcmp(run_hdr(&w, "board"), "frdm_rw612") == 0 &&
              w.status == RUN_COMPLETE);
        CHECK(strcmp(run_hdr(&w, "kver"), "v4.3.0-3034-g2062a21ed267") == 0);
        for (size_t i = 0; i < a.n_m && i < w.n_m; i++)
            CHECK(strcmp(a.m[i].id, w.m[i].id) == 0 && a.m[i].mean == w.m[i].mean &&
                  a.m[i].mean_ns == w.m[i].mean_ns && strcmp(a.m[i].desc, w.m[i].desc) == 0);
        run_free(&w);
        free(crlf);
        free(t);
    }
    /* nothing in rw612 is flagged */
    flags_apply_run(&a);
    flags_apply_run(&c);
    for (size_t i = 0; i < a.n_m; i++) {
        CHECK((a.m[i].flags & MF_ARTIFACTS) == 0);
        if (a.m[i].flags & MF_ARTIFACTS)
            fprintf(stderr, "  rw612 %s flagged\n", a.m[i].id);
    }
    /* --board and --cpu-hz override */
    struct run b;
    o.board = "myboard";
    o.cpu_hz = 261e6;
    CHECK(load("zephyr-latency-measure/frdm_rw612.compact.log", &o, &b, err, sizeof err) == 0);
    CHECK(strcmp(run_hdr(&b, "board"), "myboard") == 0);
    CHECK(strcmp(run_hdr(&b, "hz"), "261000000") == 0);
    CHECK(strcmp(run_hdr(&b, "hz_source"), "given") == 0);
    run_free(&b);
    run_free(&a);
    run_free(&c);
}

static void test_pico(void)
{
    char err[256];
    struct run p;
    struct import_options o = {0};
    CHECK(load("zephyr-latency-measure/rpi_pico.log", &o, &p, err, sizeof err) == 0);
    CHECK(p.n_m == 47);
    CHECK(strcmp(run_hdr(&p, "board"), "rpi_pico") == 0);
    CHECK(strcmp(run_hdr(&p, "kver"), "v4.3.0-rc3") == 0);
    CHECK(strcmp(run_hdr(&p, "hz"), "125000000") == 0);
    flags_apply_run(&p);
    const char *bad[] = {"fifo.get.blocking.k_to_k", "lifo.put.immediate.kernel",
                         "events.wait.blocking.k_to_k", "condvar.signal.wake+ctx.k_to_k"};
    for (size_t i = 0; i < 4; i++)
        CHECK(flagged(&p, bad[i], MF_OUTLIER));
    size_t n_flagged = 0;
    for (size_t i = 0; i < p.n_m; i++)
        if (p.m[i].flags & MF_ARTIFACTS)
            n_flagged++;
    CHECK(n_flagged == 4);
    /* their siblings are not */
    const char *good[] = {"fifo.put.wake+ctx.k_to_k",        "lifo.get.blocking.k_to_k",
                          "lifo.get.immediate.kernel",       "fifo.put.immediate.kernel",
                          "events.wait_all.blocking.k_to_k", "events.set.wake+ctx.k_to_k",
                          "condvar.wait.blocking.k_to_k",    "stack.pop.blocking.k_to_k"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        CHECK(run_find_metric(&p, good[i]) && !flagged(&p, good[i], MF_ARTIFACTS));
    run_free(&p);
}

static void test_cross_run(void)
{
    char err[256];
    struct run a, p, c;
    struct import_options o = {0};
    CHECK(load("zephyr-latency-measure/frdm_rw612.log", &o, &a, err, sizeof err) == 0);
    CHECK(load("zephyr-latency-measure/rpi_pico.log", &o, &p, err, sizeof err) == 0);
    CHECK(load("zephyr-latency-measure/frdm_rw612.compact.log", &o, &c, err, sizeof err) == 0);
    /* without the within-run pass, the cross-run rule alone finds the pico
     * rows whose sibling group has >= 3 metrics (condvar has 2: within-run only) */
    struct run *rs[3] = {&a, &p, &c};
    flags_apply_compare(rs, 3);
    for (size_t i = 0; i < a.n_m; i++)
        CHECK((a.m[i].flags & MF_ARTIFACTS) == 0 && (c.m[i].flags & MF_ARTIFACTS) == 0);
    CHECK(flagged(&p, "fifo.get.blocking.k_to_k", MF_OUTLIER));
    CHECK(flagged(&p, "lifo.put.immediate.kernel", MF_OUTLIER));
    CHECK(flagged(&p, "events.wait.blocking.k_to_k", MF_OUTLIER));
    CHECK(!flagged(&p, "condvar.signal.wake+ctx.k_to_k", MF_OUTLIER));
    CHECK(!flagged(&p, "isr.resume.different.thread.kernel", MF_OUTLIER));
    CHECK(!flagged(&p, "heap.malloc.immediate", MF_OUTLIER));
    size_t n = 0;
    for (size_t i = 0; i < p.n_m; i++)
        n += (p.m[i].flags & MF_ARTIFACTS) != 0;
    CHECK(n == 3);
    run_free(&p);

    /* a platform with a very different profile (uncontended calls 100x
     * cheaper than context switches, like a Linux host) is not an outlier */
    struct run h;
    memset(&h, 0, sizeof h);
    h.unit = strdup("cycles");
    static const struct {
        const char *id;
        uint64_t p50;
    } host[] = {{"semaphore.give.immediate.kernel", 20},
                {"semaphore.take.immediate.kernel", 20},
                {"semaphore.take.blocking.k_to_k", 2073},
                {"semaphore.give.wake+ctx.k_to_k", 2324},
                {"mutex.lock.immediate.recursive.kernel", 10},
                {"mutex.unlock.immediate.recursive.kernel", 10},
                {"heap.malloc.immediate", 10},
                {"heap.free.immediate", 10},
                {"thread.create.kernel.from.kernel", 10199},
                {"thread.start.kernel.from.kernel", 2314}};
    for (size_t i = 0; i < sizeof host / sizeof host[0]; i++) {
        struct metric *m = run_add_metric(&h, host[i].id);
        m->state = MS_OK;
        m->has_pct = 1;
        m->n = 1000;
        m->min = m->p50 = m->p90 = m->p99 = m->p999 = m->max = host[i].p50;
        m->mean = (double)host[i].p50;
    }
    struct run *hr[3] = {&h, &a, &c};
    flags_apply_run(&h);
    flags_apply_compare(hr, 3);
    for (size_t i = 0; i < h.n_m; i++)
        CHECK((h.m[i].flags & MF_ARTIFACTS) == 0);
    for (size_t i = 0; i < a.n_m; i++)
        CHECK((a.m[i].flags & MF_ARTIFACTS) == 0);
    run_free(&h);
    run_free(&a);
    run_free(&c);
}

static void test_underflow(void)
{
    char err[256];
    struct run r;
    /* a mean of 1000 iterations with one wrapped 32-bit sample, a raw
     * near-2^32 figure, and a row whose ns contradicts the clock */
    const char *log = "*** Booting Zephyr OS build v3.6.0 ***\n"
                      "sem.give.immediate.kernel - Give : 100 cycles , 1000 ns :\n"
                      "sem.take.immediate.kernel - Take : 4295067 cycles , 42950670 ns :\n"
                      "sem.x.immediate.kernel - X : 4294967200 cycles , 4294967 ns :\n"
                      "sem.y.immediate.kernel - Y : 110 cycles , 1100 ns :\n"
                      "sem.z.immediate.kernel - Z : 120 cycles , 1200 ns :\n"
                      "sem.w.immediate.kernel - W : 120 cycles , 9200 ns :\n"
                      "PROJECT EXECUTION SUCCESSFUL\n";
    struct import_options o = {0};
    o.cpu_hz = 100e6;
    CHECK(import_text(log, strlen(log), &o, &r, NULL, err, sizeof err) == 0);
    flags_apply_run(&r);
    CHECK(flagged(&r, "sem.take.immediate.kernel", MF_UNDERFLOW));
    CHECK(flagged(&r, "sem.x.immediate.kernel", MF_UNDERFLOW));
    CHECK(flagged(&r, "sem.w.immediate.kernel", MF_UNDERFLOW));
    CHECK(!flagged(&r, "sem.give.immediate.kernel", MF_ARTIFACTS));
    CHECK(!flagged(&r, "sem.y.immediate.kernel", MF_ARTIFACTS));
    CHECK(!flagged(&r, "sem.z.immediate.kernel", MF_ARTIFACTS));
    run_free(&r);
}

static void test_errors_and_fuzz(void)
{
    char err[256];
    struct run r;
    size_t len;
    err[0] = 0;
    CHECK(import_text("", 0, NULL, &r, NULL, err, sizeof err) == -1);
    CHECK(strcmp(err, "no latency_measure results") == 0);
    char *t = slurp("rhealstone/tenonos_rk3568.log", &len);
    CHECK(import_text(t, len, NULL, &r, NULL, err, sizeof err) == -1);
    CHECK(detect_text(t, len) == 0);
    free(t);
    t = slurp("zbus/nrf52833dk_sync.csv", &len);
    CHECK(import_text(t, len, NULL, &r, NULL, err, sizeof err) == -1);
    free(t);
    /* truncated log: stored as incomplete */
    t = slurp("zephyr-latency-measure/rpi_pico.log", &len);
    CHECK(detect_text(t, len) == 1);
    size_t cut = len / 2;
    CHECK(import_text(t, cut, NULL, &r, NULL, err, sizeof err) == 0);
    CHECK(r.status == RUN_INCOMPLETE && r.n_m > 10 && r.n_m < 47);
    run_free(&r);
    /* a second boot: rows after it are ignored and counted */
    size_t ign = 0;
    char *two = malloc(2 * len);
    memcpy(two, t, len);
    memcpy(two + len, t, len);
    CHECK(import_text(two, 2 * len, NULL, &r, &ign, err, sizeof err) == 0);
    CHECK(r.n_m == 47 && ign == 47);
    run_free(&r);
    free(two);
    /* fuzz: random truncations, byte flips, random bytes - no crash, and
     * either an error or a run whose rows all parsed */
    srand(12345);
    char *buf = malloc(len + 1);
    for (int iter = 0; iter < 3000; iter++) {
        memcpy(buf, t, len);
        size_t n = (size_t)rand() % (len + 1);
        int flips = rand() % 40;
        for (int k = 0; k < flips && n > 0; k++) {
            size_t at = (size_t)rand() % n;
            buf[at] = (char)(rand() % 256);
        }
        if (iter % 3 == 0)
            for (size_t k = 0; k < n; k++)
                if (rand() % 7 == 0)
                    buf[k] = (char)(rand() % 256);
        int rc = import_text(buf, n, NULL, &r, NULL, err, sizeof err);
        if (rc == 0) {
            flags_apply_run(&r);
            if (r.n_m == 0)
                CHECK(r.n_m > 0);
            run_free(&r);
        } else if (strcmp(err, "no latency_measure results") != 0) {
            CHECK(strcmp(err, "no latency_measure results") == 0);
        }
    }
    free(buf);
    free(t);
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        snprintf(fixtures, sizeof fixtures, "%s", argv[1]);
    } else {
        snprintf(fixtures, sizeof fixtures, "%s", __FILE__);
        char *s = strrchr(fixtures, '/');
        if (s)
            strcpy(s, "/../fixtures");
        else
            strcpy(fixtures, "../fixtures");
    }
    test_row_parser();
    test_derive_hz();
    test_rw612();
    test_pico();
    test_cross_run();
    test_underflow();
    test_errors_and_fuzz();
    return check_summary("test_zephyr");
}
