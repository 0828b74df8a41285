/*
 * The extension points of the host tool, proved: this file is linked with
 * host/main.c and the rtbench_host library into rtbench-extended, a test
 * build of rtbench whose four tables (defined here, in place of
 * host/import/importers.c, host/out/writers.c, host/target/targets.c and
 * host/cmd/cmds.c) each carry one more entry:
 *
 *   importer "kv"        lines "kvbench <id> <cycles>" (detected by that word)
 *   writer "tsv"         tab-separated values of every document
 *   target "replay:FILE" FILE's lines as a target's output (a process: cat)
 *   subcommand "hello"   prints its arguments
 *
 * test_extensions.sh drives it end to end: a new importer, writer, target
 * kind or subcommand needs its own code and one table line, nothing else in
 * host/.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmds.h"
#include "import/importer.h"
#include "target/target.h"
#include "util.h"
#include "out/writer.h"

/* ---- the test-only importer ---- */

struct kv_import {
    struct import_options options;
    struct run *run;
};

static int kv_detect(const char *line, size_t len)
{
    return len > 8 && memcmp(line, "kvbench ", 8) == 0;
}

static void *kv_open(const struct import_options *o)
{
    struct kv_import *k = xcalloc(1, sizeof *k);
    k->options = *o;
    k->run = xcalloc(1, sizeof *k->run);
    return k;
}

static void kv_feed(void *state, const char *line, size_t len)
{
    struct kv_import *k = state;
    char buf[256], id[128];
    unsigned long long v;
    if (!kv_detect(line, len) || len >= sizeof buf)
        return;
    memcpy(buf, line, len);
    buf[len] = '\0';
    if (sscanf(buf, "kvbench %127s %llu", id, &v) != 2)
        return;
    struct metric *m = run_add_metric(k->run, id);
    m->state = MS_OK;
    m->flags = MF_MEAN_ONLY;
    m->mean = (double)v;
}

static int kv_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct kv_import *k = state;
    if (k->run->n_m == 0)
        return errf(err, errlen, "no kvbench lines");
    struct run *r = k->run;
    k->run = NULL;
    r->origin = xstrdup("kv");
    r->source = xstrdup(k->options.source);
    r->unit = xstrdup("cycles");
    r->status = RUN_COMPLETE;
    run_hdr_set(r, "kernel", "KV");
    run_hdr_set(r, "board", k->options.board ? k->options.board : "kvboard");
    out->runs = xcalloc(1, sizeof *out->runs);
    out->runs[0] = r;
    out->n_runs = 1;
    return 0;
}

static void kv_close(void *state)
{
    struct kv_import *k = state;
    if (k->run) {
        run_free(k->run);
        free(k->run);
    }
    free(k);
}

static const struct importer importer_kv = {
    "kv", "no kvbench lines", kv_detect, kv_open, kv_feed, kv_finish, kv_close,
};

/* ---- the test-only writer ---- */

static int tsv_list(FILE *out, const struct run_summary *runs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(out, "run\t%lld\t%s\t%s\n", (long long)runs[i].id, runs[i].label, runs[i].board);
    return ferror(out) ? -1 : 0;
}

static int tsv_run(FILE *out, const struct run *r)
{
    for (size_t i = 0; i < r->n_m; i++)
        fprintf(out, "metric\t%s\t%.0f\n", r->m[i].id, r->m[i].mean);
    return ferror(out) ? -1 : 0;
}

static int tsv_comparison(FILE *out, const struct comparison *t)
{
    for (size_t i = 0; i < t->n_rows; i++) {
        fprintf(out, "row\t%s", t->metrics[i]);
        for (size_t j = 0; j < t->n_runs; j++) {
            const struct cmp_cell *c = &t->cells[i * t->n_runs + j];
            if (c->ok)
                fprintf(out, "\t%lld", figure_trunc(c->value));
            else
                fputs("\tn/a", out);
        }
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

static int tsv_check(FILE *out, const struct check_report *c)
{
    for (size_t i = 0; i < c->n_rows; i++)
        fprintf(out, "verdict\t%s\t%s\n", c->rows[i].metric, verdict_name(c->rows[i].verdict));
    fprintf(out, "result\t%s\n", c->pass ? "PASS" : "FAIL");
    return ferror(out) ? -1 : 0;
}

static const struct writer writer_tsv = {
    "tsv", NULL, tsv_list, tsv_run, tsv_comparison, tsv_check, NULL, NULL,
};

/* ---- the test-only target kind ---- */

static int replay_resolve(const char *rest, const struct target_options *opt,
                          struct target_cmd *out, char *err, size_t errlen)
{
    size_t n = 0;
    (void)opt;
    if (!*rest)
        return errf(err, errlen, "--target replay: needs a file (replay:FILE)");
    strv_push(&out->argv, &n, xstrdup("cat"));
    strv_push(&out->argv, &n, xstrdup(rest));
    out->source = xasprintf("replay:%s", rest);
    return 0;
}

static const struct target_type target_type_replay = {
    "replay:", "replay:FILE", "FILE's lines as the target's output (test build)", 0, replay_resolve,
};

/* ---- the test-only subcommand ---- */

static int cmd_hello(int argc, char **argv)
{
    fputs("hello", stdout);
    for (int i = 1; i < argc; i++)
        printf(" %s", argv[i]);
    putchar('\n');
    return 0;
}

/* ---- the tables: the product's, plus one line each ---- */

extern const struct importer importer_rtbench, importer_zephyr;
extern const struct writer writer_text, writer_markdown, writer_csv, writer_json;
extern const struct target_type target_type_host, target_type_cmd;

const struct importer *const importers[] = {
    &importer_rtbench,
    &importer_zephyr,
    &importer_kv,
    NULL,
};

const struct writer *const writers[] = {
    &writer_text, &writer_markdown, &writer_csv, &writer_json, &writer_tsv, NULL,
};

const struct target_type *const target_types[] = {
    &target_type_host,
    &target_type_cmd,
    &target_type_replay,
    NULL,
};

const struct subcommand subcommands[] = {
    {"run", cmd_run, "run a target"},
    {"list", cmd_list, "list the stored runs"},
    {"show", cmd_show, "show one stored run"},
    {"import", cmd_import, "import a log"},
    {"compare", cmd_compare, "put runs side by side"},
    {"check", cmd_check, "regression gate between two runs"},
    {"hello", cmd_hello, "say hello (test build)"},
    {NULL, NULL, NULL},
};
