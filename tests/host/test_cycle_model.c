/*
 * Tests of the host's side of the cycle model (host/cycle_model.c): the
 * --cycle-model argument, the plugin's result file, the model-cycles
 * statistics and every check that keeps inconsistent marks from being
 * stored, the second unit through the database and the views the writers
 * use. The plugin itself is tested in emu/cycle-model/tests; the whole chain
 * under QEMU in tests/qemu/test_cycle_model.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cycle_model.h"
#include "db.h"
#include "figure.h"
#include "util.h"

#include "check.h"

static char tmp[512];

static void test_spec(void)
{
    struct cycle_spec s;
    char err[256];
    CHECK(cycle_spec_parse("cortex-m3", "armv7-m", &s, err, sizeof err) == 0);
    CHECK(strcmp(s.plugin_args, "core=cortex-m3,ws=0") == 0);
    CHECK(cycle_spec_parse("cortex-m4,ws=2", "armv7-m", &s, err, sizeof err) == 0);
    CHECK(s.ws == 2 && strcmp(s.plugin_args, "core=cortex-m4,ws=2") == 0);
    CHECK(cycle_spec_parse("cortex-m33,ws=15", "armv8-m.main", &s, err, sizeof err) == 0);
    CHECK(cycle_spec_parse("cortex-m0plus", "armv6-m", &s, err, sizeof err) == 0);
    CHECK(cycle_spec_parse("cortex-m0+", NULL, &s, err, sizeof err) == 0);
    CHECK(strcmp(s.plugin_args, "core=cortex-m0plus,ws=0") == 0);
    CHECK(cycle_spec_parse("cortex-m7", "armv7-m", &s, err, sizeof err) == -1);
    CHECK(strstr(err, "unknown core 'cortex-m7'") && strstr(err, "cortex-m33"));
    CHECK(cycle_spec_parse("", "armv7-m", &s, err, sizeof err) == -1);
    CHECK(cycle_spec_parse(",ws=1", "armv7-m", &s, err, sizeof err) == -1);
    CHECK(cycle_spec_parse("cortex-m3,ws=16", "armv7-m", &s, err, sizeof err) == -1);
    CHECK(strstr(err, "'ws=16' is not ws=N"));
    CHECK(cycle_spec_parse("cortex-m3,ws=", "armv7-m", &s, err, sizeof err) == -1);
    CHECK(cycle_spec_parse("cortex-m3,p=1", "armv7-m", &s, err, sizeof err) == -1);
    CHECK(cycle_spec_parse("cortex-m3,", "armv7-m", &s, err, sizeof err) == -1);
    /* a model of the other profile than the board's code */
    CHECK(cycle_spec_parse("cortex-m0", "armv7-m", &s, err, sizeof err) == -1);
    CHECK(strstr(err, "prices ARMv6-M code, the board's code is armv7-m"));
    CHECK(cycle_spec_parse("cortex-m3", "armv6-m", &s, err, sizeof err) == -1);
}

/* A result file with the calibration (3 windows: 45/24 cycles/insns) and the
 * benchmarks given as "tag:cycles/insns,cycles/insns;tag:...", then EXTRA
 * lines and a T line with TOTAL's counters. */
static void write_result(const char *path, const char *benches, const char *total)
{
    FILE *f = fopen(path, "w");
    unsigned seq = 1;
    fprintf(f, "# rtbench cycle-model 1\nM core=cortex-m3 ws=0 p=2\n");
    for (int i = 0; i < 3; i++)
        fprintf(f, "W 1 %d 45 24\n", i);
    fprintf(f, "B 1 0 windows=3 cycles=135 min=45 max=45 insns=72\n");
    for (const char *p = benches; p && *p;) {
        unsigned tag, c, n, w = 0;
        int used;
        seq++;
        sscanf(p, "%u:%n", &tag, &used);
        p += used;
        while (sscanf(p, "%u/%u%n", &c, &n, &used) == 2) {
            fprintf(f, "W %u %u %u %u\n", seq, w++, c, n);
            p += used;
            if (*p == ',')
                p++;
        }
        fprintf(f, "B %u %u windows=%u\n", seq, tag, w);
        if (*p == ';')
            p++;
    }
    fprintf(f, "T insns=1 cycles=1 windows=1 benchmarks=%u %s\n", seq,
            total ? total : "unclosed=0 stray_close=0 reopened=0 lost=0 stray_to=0");
    fclose(f);
}

/* The marked run: a.ok (3 samples of 10, 10, 12 instructions), b.na, c.value
 * (a value metric: no windows). */
static struct run *marked_run(void)
{
    struct run *r = xcalloc(1, sizeof *r);
    r->unit = xstrdup("insns");
    r->status = RUN_COMPLETE;
    struct metric *m = run_add_metric(r, "a.ok");
    m->state = MS_OK;
    m->has_pct = 1;
    m->n = 3;
    m->mean = 32.0 / 3.0;
    m->sd = 0.943;
    m->min = m->p50 = 10;
    m->p90 = m->p99 = m->p999 = m->max = 12;
    m = run_add_metric(r, "b.na");
    m->state = MS_NA;
    m->reason = xstrdup("no such object");
    m = run_add_metric(r, "c.value");
    m->unit = xstrdup("ops"); /* a value metric: rtb_value(), no timed window */
    m->state = MS_OK;
    m->has_pct = 1;
    m->n = 1;
    m->mean = 5;
    m->min = m->p50 = m->p90 = m->p99 = m->p999 = m->max = 5;
    return r;
}

/* Builds the outcome from a result file of BENCHES/TOTAL; the error in ERR. */
static int build(const char *benches, const char *total, struct cycle_outcome *o, char *err,
                 size_t errlen)
{
    char path[600];
    struct cycle_result res;
    snprintf(path, sizeof path, "%s/result.txt", tmp);
    write_result(path, benches, total);
    if (cycle_result_read(path, &res, err, errlen) != 0)
        return -2;
    int rc = cycle_outcome_build(marked_run(), &res, o, err, errlen);
    cycle_result_free(&res);
    return rc;
}

static void test_outcome(void)
{
    struct cycle_outcome o;
    char err[512];
    /* consistent: 24 + 10, 10, 12 instructions; 45 + 20, 21, 30 cycles */
    if (build("1:65/34,66/34,75/36;2:;3:", NULL, &o, err, sizeof err) != 0) {
        CHECKF(0, "consistent marks: %s", err);
        return;
    }
    CHECK_EQ(o.overhead, 45);
    CHECK_EQ(o.stats[0].n, 3);
    CHECK_EQ(o.stats[0].min, 20);
    CHECK_EQ(o.stats[0].p50, 21);
    CHECK_EQ(o.stats[0].max, 30);
    CHECK(o.stats[0].mean > 23.66 && o.stats[0].mean < 23.67);
    CHECK_EQ(o.stats[1].n, 0); /* n/a: no model figure */
    CHECK_EQ(o.stats[2].n, 0); /* a value metric: no window, no model figure */
    CHECK(strcmp(o.params, "core=cortex-m3 ws=0 p=2") == 0);

    /* applied: the plain run's figures equal the marked run's */
    struct run *plain = marked_run();
    struct cycle_spec spec;
    CHECK(cycle_spec_parse("cortex-m3", NULL, &spec, err, sizeof err) == 0);
    CHECK(cycle_outcome_apply(&o, &spec, plain, err, sizeof err) == 0);
    const struct metric_stats *s = metric_unit(&plain->m[0], UNIT_MODEL_CYCLES);
    CHECK(s && s->p50 == 21 && strcmp(s->unit, UNIT_MODEL_CYCLES) == 0);
    CHECK(!metric_unit(&plain->m[1], UNIT_MODEL_CYCLES));
    CHECK(strcmp(run_hdr(plain, "cycle_model"), "cortex-m3,ws=0") == 0);
    CHECK(strcmp(run_hdr(plain, "cycle_model_overhead"), "45") == 0);
    CHECK(run_has_unit(plain, UNIT_MODEL_CYCLES));
    double v;
    const char *stat, *why;
    CHECK(figure_value(plain, &plain->m[0], STAT_AUTO, UNIT_MODEL, &v, &stat, &why) == 1);
    CHECK(v == 21.0 && strcmp(stat, "p50") == 0);
    CHECK(figure_value(plain, &plain->m[2], STAT_AUTO, UNIT_MODEL, &v, &stat, &why) == 0);
    CHECK(strstr(why, "no model-cycles") != NULL);
    run_free(plain);
    free(plain);

    /* a plain run that measured differently: nothing attached */
    plain = marked_run();
    plain->m[0].max = 13;
    CHECK(cycle_outcome_apply(&o, &spec, plain, err, sizeof err) == -1);
    CHECK(strstr(err, "measured a.ok differently") != NULL);
    CHECK(!run_has_unit(plain, UNIT_MODEL_CYCLES) && !run_hdr(plain, "cycle_model"));
    run_free(plain);
    free(plain);
    cycle_outcome_free(&o);
}

static void test_inconsistent(void)
{
    struct cycle_outcome o;
    char err[512];
    /* a timed metric whose windows are not the counter's gets no model figure,
     * and says why; the others keep theirs */
    static const struct {
        const char *windows, *why;
    } unpriced[] = {
        /* the windows' own instruction counts are not the counter's figures */
        {"1:65/34,66/35,75/36;2:;3:", "a.ok: the marked windows hold 10..12 instructions"},
        /* a timed metric without its windows */
        {"1:;2:;3:", "a.ok: 0 windows marked for 3 samples"},
        /* fewer windows than samples */
        {"1:65/34,66/34;2:;3:", "a.ok: 2 windows marked for 3 samples"},
    };
    struct cycle_spec spec_m3;
    CHECK(cycle_spec_parse("cortex-m3", NULL, &spec_m3, err, sizeof err) == 0);
    for (size_t i = 0; i < sizeof unpriced / sizeof unpriced[0]; i++) {
        CHECK(build(unpriced[i].windows, NULL, &o, err, sizeof err) == 0);
        CHECK(o.n_unpriced == 1 && o.unpriced[0] && strstr(o.unpriced[0], unpriced[i].why));
        CHECK(o.stats[0].n == 0 && !o.unpriced[1] && !o.unpriced[2]);
        struct run *plain = marked_run();
        plain->m[0].max = 99; /* an unpriced metric is not compared either */
        CHECK(cycle_outcome_apply(&o, &spec_m3, plain, err, sizeof err) == 0);
        CHECK(!metric_unit(&plain->m[0], UNIT_MODEL_CYCLES));
        CHECK(strcmp(run_hdr(plain, "cycle_model_unpriced"), "a.ok") == 0);
        run_free(plain);
        free(plain);
        cycle_outcome_free(&o);
    }
    /* a window the guest could not name, one never closed, a stray close */
    CHECK(build("1:65/34,66/34,75/36;2:;3:", "unclosed=0 stray_close=0 lost=1 stray_to=0", &o, err,
                sizeof err) == -1);
    CHECK(strstr(err, "marks inconsistent") && strstr(err, "1 lost"));
    CHECK(build("1:65/34,66/34,75/36;2:;3:", "unclosed=1 stray_close=0 lost=0 stray_to=0", &o, err,
                sizeof err) == -1);
    CHECK(build("1:65/34,66/34,75/36;2:;3:", "unclosed=0 stray_close=0 lost=0 stray_to=2", &o, err,
                sizeof err) == -1);
    /* a record without its benchmark, a tag past the end */
    CHECK(build("1:65/34,66/34,75/36;2:", NULL, &o, err, sizeof err) == -1);
    CHECK(strstr(err, "no benchmark marked for c.value") != NULL);
    CHECK(build("1:65/34,66/34,75/36;2:;3:;4:", NULL, &o, err, sizeof err) == -1);
    CHECK(build("1:65/34,66/34,75/36;1:;3:", NULL, &o, err, sizeof err) == -1);
    /* a file that is not the plugin's */
    char path[600];
    struct cycle_result res;
    snprintf(path, sizeof path, "%s/bad.txt", tmp);
    FILE *f = fopen(path, "w");
    fputs("M core=x\nW 1 0 45\n", f);
    fclose(f);
    CHECK(cycle_result_read(path, &res, err, sizeof err) == -1);
    CHECK(strstr(err, "line 2 does not parse") != NULL);
    f = fopen(path, "w");
    fputs("# rtbench cycle-model 1\nM core=x\nW 1 0 45 24\n", f);
    fclose(f);
    CHECK(cycle_result_read(path, &res, err, sizeof err) == -1);
    CHECK(strstr(err, "incomplete (no T line)") != NULL);
    snprintf(path, sizeof path, "%s/none.txt", tmp);
    CHECK(cycle_result_read(path, &res, err, sizeof err) == -1);
}

/* The second unit through the database, and the view writers print. */
static void test_db(void)
{
    char path[600], err[512];
    sqlite3 *db;
    snprintf(path, sizeof path, "%s/units.db", tmp);
    remove(path);
    CHECK(db_open(path, DB_CREATE, &db, NULL, err, sizeof err) == 0);
    struct run *r = marked_run();
    r->source = xstrdup("qemu:test");
    struct metric_stats *s = metric_unit_add(&r->m[0], UNIT_MODEL_CYCLES);
    s->n = 3;
    s->mean = 23.667;
    s->sd = 4.497;
    s->min = 20;
    s->p50 = 21;
    s->p90 = s->p99 = s->p999 = s->max = 30;
    CHECK(db_store_run(db, r, err, sizeof err) == 0);
    struct run back;
    char ref[24];
    snprintf(ref, sizeof ref, "%lld", (long long)r->id);
    CHECK(db_load_run(db, ref, &back, err, sizeof err) == 0);
    const struct metric_stats *b = metric_unit(&back.m[0], UNIT_MODEL_CYCLES);
    CHECK(b && b->n == 3 && b->min == 20 && b->p50 == 21 && b->max == 30 && b->mean == 23.667);
    CHECK(!metric_unit(&back.m[1], UNIT_MODEL_CYCLES) && back.m[0].n_other_units == 1);
    /* the view: a.ok in model-cycles, c.value n/a (a value metric), b.na as it was */
    struct run view;
    run_unit_view(&back, UNIT_MODEL_CYCLES, "no model figure", &view);
    CHECK(view.m[0].state == MS_OK && view.m[0].p50 == 21 && view.m[0].mean_ns < 0);
    CHECK(view.m[2].state == MS_NA && strcmp(view.m[2].reason, "a value, not a timed window") == 0);
    CHECK(view.m[1].state == MS_NA && strcmp(view.m[1].reason, "no such object") == 0);
    CHECK(strcmp(view.unit, UNIT_MODEL_CYCLES) == 0);
    run_unit_view_free(&view);
    run_free(&back);
    run_free(r);
    free(r);
    db_close(db);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_cycle_model <fixtures> <tmpdir>\n");
        return 2;
    }
    snprintf(tmp, sizeof tmp, "%s", argv[2]);
    for (char *p = tmp + 1; *p; p++) { /* mkdir -p */
        if (*p == '/') {
            *p = '\0';
            mkdir(tmp, 0755);
            *p = '/';
        }
    }
    mkdir(tmp, 0755);
    test_spec();
    test_outcome();
    test_inconsistent();
    test_db();
    return check_summary("test_cycle_model");
}
