/*
 * The serial-corruption test: a real run's output (QEMU mps2-an385,
 * tests/fixtures/rtbench/qemu-mps2-an385-sem-mutex.log) damaged every way a
 * UART damages it - bit flips, dropped and duplicated bytes, dropped and
 * duplicated lines, foreign lines interleaved (another real run's records and
 * words, junk), truncation at every byte, a repeat plus a loss - and read as
 * `run` and `import` read it (host/lines.c into host/record_parser.c).
 * For every damaged stream:
 *   - no damaged record is stored as valid: every result stored is, value for
 *     value, the undamaged run's result of that id, under the undamaged header;
 *   - every intact record is stored: a result whose line arrived whole, after
 *     its header's line arrived whole, is stored;
 *   - no run with a missing, conflicting or foreign record is complete: a run
 *     is complete only if it holds exactly the undamaged run's results.
 * Deterministic (a fixed seed); thousands of cases in a few seconds.
 *   test_corruption <fixtures-dir> <tmpdir>
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "record_parser.h"

#include "check.h"

/* Counts a pass silently, or prints the failure (thousands of cases). */
#define EXPECT(cond, ...)                                                                          \
    do {                                                                                           \
        if (cond)                                                                                  \
            CHECK(1);                                                                              \
        else                                                                                       \
            CHECKF(0, __VA_ARGS__);                                                                \
    } while (0)

struct text {
    char *b;
    size_t n;
};

static struct text load(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/rtbench/%s", dir, name);
    struct text t = {NULL, 0};
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "test_corruption: cannot open %s\n", path);
        exit(2);
    }
    t.b = malloc(1 << 20);
    t.n = fread(t.b, 1, 1 << 20, f);
    fclose(f);
    return t;
}

/* ---- parsing as run and import do ---- */

static void on_line(void *ctx, const char *line, size_t len, unsigned long lineno)
{
    (void)lineno;
    record_parser_feed(ctx, line, len);
}

static void on_long(void *ctx, unsigned long lineno, unsigned long long len)
{
    (void)lineno;
    record_parser_long_line(ctx, len);
}

static void parse(struct record_parser *p, const char *b, size_t n)
{
    struct line_splitter s;
    record_parser_init(p);
    line_splitter_init(&s, on_line, on_long, p);
    line_splitter_feed(&s, b, n);
    line_splitter_finish(&s);
    line_splitter_free(&s);
    record_parser_finish(p);
}

/* ---- the undamaged run ---- */

static struct run *ref;     /* the undamaged run */
static char **res_line;     /* the line of each of its results, in order */
static size_t n_res;        /* its results */
static char *hdr_line;      /* its header's line */
static struct text foreign; /* another real run's output: its lines are interleaved */
static unsigned long cases, failures_before;

static int same_metric(const struct metric *a, const struct metric *b)
{
    return a->state == b->state && a->n == b->n && a->mean == b->mean && a->sd == b->sd &&
           a->min == b->min && a->max == b->max && a->p50 == b->p50 && a->p90 == b->p90 &&
           a->p99 == b->p99 && a->p999 == b->p999 && a->err == b->err &&
           ((!a->reason && !b->reason) ||
            (a->reason && b->reason && !strcmp(a->reason, b->reason)));
}

/* R's header is the undamaged run's (end_status comes from the end record, if it arrived). */
static int same_header(const struct run *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->n_hdr; i++) {
        if (!strcmp(r->hdr[i].key, "end_status"))
            continue;
        const char *v = run_hdr(ref, r->hdr[i].key);
        if (!v || strcmp(v, r->hdr[i].value))
            return 0;
        n++;
    }
    return n + 1 == ref->n_hdr; /* every key of the header, and end_status */
}

/* Whether LINE occurs in B as a whole line (line ends as lines.h reads them). */
static const char *whole_line(const char *b, size_t n, const char *line, const char *from)
{
    size_t l = strlen(line);
    for (const char *p = from; p + l <= b + n; p++) {
        p = memchr(p, line[0], (size_t)(b + n - p));
        if (!p || p + l > b + n)
            return NULL;
        if (memcmp(p, line, l) == 0 && (p == b || p[-1] == '\n' || p[-1] == '\r') &&
            (p + l == b + n || p[l] == '\n' || p[l] == '\r'))
            return p;
    }
    return NULL;
}

/* The three properties on the damaged stream B (N bytes); WHAT names the damage. */
static void judge(const char *b, size_t n, const char *what)
{
    struct record_parser p;
    parse(&p, b, n);
    cases++;
    for (size_t i = 0; i < p.n_runs; i++) {
        const struct run *r = p.runs[i];
        EXPECT(same_header(r), "%s: run %zu under a header that is not the run's", what, i);
        int all = r->n_m == ref->n_m;
        for (size_t k = 0; k < r->n_m; k++) {
            const struct metric *m = &r->m[k], *o = run_find_metric(ref, m->id);
            EXPECT(o && same_metric(m, o), "%s: a damaged record stored as valid: %s", what, m->id);
            if (!o || !same_metric(m, o))
                all = 0;
        }
        if (r->status == RUN_COMPLETE)
            EXPECT(all && same_header(r), "%s: a run complete with %zu of %zu results", what,
                   r->n_m, ref->n_m);
    }
    /* every result whose line arrived whole after its header's line is stored */
    const char *h = whole_line(b, n, hdr_line, b);
    for (size_t k = 0; h && k < n_res; k++) {
        if (!whole_line(b, n, res_line[k], h))
            continue;
        int found = 0;
        for (size_t i = 0; i < p.n_runs && !found; i++)
            found = run_find_metric(p.runs[i], ref->m[k].id) != NULL;
        EXPECT(found, "%s: the intact record of %s was not stored", what, ref->m[k].id);
    }
    record_parser_free(&p);
}

/* ---- damage ---- */

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

/* The line starts of T (offsets), *n of them. */
static size_t *line_starts(const struct text *t, size_t *n)
{
    size_t *v = malloc((t->n + 2) * sizeof *v);
    *n = 0;
    v[(*n)++] = 0;
    for (size_t i = 0; i < t->n; i++)
        if (t->b[i] == '\n' && i + 1 < t->n)
            v[(*n)++] = i + 1;
    v[*n] = t->n;
    return v;
}

static char out[1 << 17];

/* OUT = T with the bytes [a, b) replaced by REP (RLEN bytes); its length. */
static size_t splice(const struct text *t, size_t a, size_t b, const char *rep, size_t rlen)
{
    memcpy(out, t->b, a);
    memcpy(out + a, rep, rlen);
    memcpy(out + a + rlen, t->b + b, t->n - b);
    return t->n - (b - a) + rlen;
}

static void damage_once(const struct text *t, const size_t *ls, size_t nl, int kind, char *what)
{
    struct text cur = *t;
    size_t len = 0, at = rnd((uint32_t)t->n), l = rnd((uint32_t)nl), l2 = rnd((uint32_t)nl);
    char tmp[4096];
    switch (kind) {
    case 0: /* bit flips */
        memcpy(out, t->b, t->n);
        len = t->n;
        for (uint32_t k = 0, m = 1 + rnd(3); k < m; k++)
            out[rnd((uint32_t)len)] ^= (char)(1u << rnd(8));
        sprintf(what, "bit flips (case %lu)", cases);
        break;
    case 1: { /* dropped bytes */
        size_t e = at + 1 + rnd(8);
        len = splice(&cur, at, e > t->n ? t->n : e, "", 0);
        sprintf(what, "bytes %zu..%zu dropped", at, e);
        break;
    }
    case 2: { /* duplicated bytes */
        size_t e = at + 1 + rnd(40);
        e = e > t->n ? t->n : e;
        memcpy(tmp, t->b + at, e - at);
        len = splice(&cur, e, e, tmp, e - at);
        sprintf(what, "bytes %zu..%zu duplicated", at, e);
        break;
    }
    case 3: /* a dropped line */
        len = splice(&cur, ls[l], ls[l + 1], "", 0);
        sprintf(what, "line %zu dropped", l + 1);
        break;
    case 4: /* a duplicated line */
        memcpy(tmp, t->b + ls[l], ls[l + 1] - ls[l]);
        len = splice(&cur, ls[l + 1], ls[l + 1], tmp, ls[l + 1] - ls[l]);
        sprintf(what, "line %zu repeated", l + 1);
        break;
    case 5: { /* a foreign line: another run's record or words, or junk */
        size_t fn;
        size_t *fl = line_starts(&foreign, &fn);
        size_t f = rnd((uint32_t)fn);
        size_t flen = fl[f + 1] - fl[f];
        if (rnd(4) == 0 || strncmp(foreign.b + fl[f], "RTB1 H", 6) == 0) {
            static const char junk[] = "\x1b[2Jboot: *** RTB1 R id=x *00000000\r\n";
            memcpy(tmp, junk, sizeof junk - 1);
            flen = sizeof junk - 1;
        } else {
            memcpy(tmp, foreign.b + fl[f], flen);
        }
        free(fl);
        len = splice(&cur, ls[l], ls[l], tmp, flen);
        sprintf(what, "a foreign line before line %zu", l + 1);
        break;
    }
    default: { /* a repeat plus a loss */
        memcpy(tmp, t->b + ls[l], ls[l + 1] - ls[l]);
        size_t lo = l < l2 ? l : l2, hi = l < l2 ? l2 : l;
        if (lo == hi) {
            len = splice(&cur, ls[l], ls[l + 1], "", 0);
        } else if (l == lo) { /* repeat the earlier line, drop the later */
            memcpy(out, t->b, ls[lo + 1]);
            len = ls[lo + 1];
            memcpy(out + len, tmp, ls[l + 1] - ls[l]);
            len += ls[l + 1] - ls[l];
            memcpy(out + len, t->b + ls[lo + 1], ls[hi] - ls[lo + 1]);
            len += ls[hi] - ls[lo + 1];
            memcpy(out + len, t->b + ls[hi + 1], t->n - ls[hi + 1]);
            len += t->n - ls[hi + 1];
        } else { /* drop the earlier, repeat the later */
            memcpy(out, t->b, ls[lo]);
            len = ls[lo];
            memcpy(out + len, t->b + ls[lo + 1], ls[hi + 1] - ls[lo + 1]);
            len += ls[hi + 1] - ls[lo + 1];
            memcpy(out + len, tmp, ls[l + 1] - ls[l]);
            len += ls[l + 1] - ls[l];
            memcpy(out + len, t->b + ls[hi + 1], t->n - ls[hi + 1]);
            len += t->n - ls[hi + 1];
        }
        sprintf(what, "line %zu repeated, line %zu dropped", l + 1, (l == lo ? hi : lo) + 1);
        break;
    }
    }
    judge(out, len, what);
}

/* The undamaged run, its lines, and a check that it is complete. */
static void setup(const struct text *t)
{
    struct record_parser p;
    parse(&p, t->b, t->n);
    CHECKF(p.n_runs == 1 && p.runs[0]->status == RUN_COMPLETE && p.issues.total == 0,
           "the undamaged run is one complete run");
    if (p.n_runs != 1)
        exit(check_summary("test_corruption"));
    ref = record_parser_take(&p, 0);
    record_parser_free(&p);
    n_res = 0;
    res_line = calloc(ref->n_m + 1, sizeof *res_line);
    for (const char *s = t->b; s < t->b + t->n;) {
        const char *e = memchr(s, '\n', (size_t)(t->b + t->n - s));
        size_t l = e ? (size_t)(e - s) : (size_t)(t->b + t->n - s);
        char *line = strndup(s, l);
        if (strncmp(line, "RTB1 H ", 7) == 0)
            hdr_line = line;
        else if (strncmp(line, "RTB1 ", 5) == 0 && line[5] != 'E')
            res_line[n_res++] = line;
        else
            free(line);
        s += l + 1;
    }
    CHECKF(hdr_line && n_res == ref->n_m && n_res > 4, "the run has a header and %zu results",
           n_res);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: test_corruption <fixtures-dir> [tmpdir]\n", stderr);
        return 2;
    }
    struct text t = load(argv[1], "qemu-mps2-an385-sem-mutex.log");
    foreign = load(argv[1], "posix-vm.log");
    setup(&t);
    size_t nl;
    size_t *ls = line_starts(&t, &nl);
    char what[160];
    /* truncation at every byte */
    for (size_t cut = 0; cut < t.n; cut++) {
        sprintf(what, "truncated at byte %zu", cut);
        judge(t.b, cut, what);
    }
    unsigned long trunc = cases;
    /* each kind of damage, many times at random places */
    static const char *const kinds[] = {
        "bit flips",        "dropped bytes", "duplicated bytes",    "dropped lines",
        "duplicated lines", "foreign lines", "a repeat plus a loss"};
    for (int kind = 0; kind < 7; kind++) {
        unsigned long before = cases;
        failures_before = check_failures();
        for (int i = 0; i < 800; i++)
            damage_once(&t, ls, nl, kind, what);
        printf("%-22s %lu damaged streams, %s\n", kinds[kind], cases - before,
               check_failures() == failures_before ? "every property held" : "FAILED");
    }
    printf("truncations            %lu damaged streams\n", trunc);
    printf("%lu damaged streams in all\n", cases);
    free(ls);
    free(t.b);
    free(foreign.b);
    for (size_t k = 0; k < n_res; k++)
        free(res_line[k]);
    free(res_line);
    free(hdr_line);
    run_free(ref);
    free(ref);
    return check_summary("test_corruption");
}
