/*
 * rtbench host - the importer of rtbench record logs (docs/records.md), e.g.
 * a board's saved console: the record parser that `rtbench run` uses, fed
 * from a file. Several runs in one log are several runs.
 */
#include <stdlib.h>
#include <string.h>

#include "import/importer.h"
#include "record_parser.h"
#include "rtb/record.h"
#include "util.h"

struct rtbench_import {
    struct record_parser parser;
    struct import_options options;
};

static int rtbench_detect(const char *line, size_t len)
{
    static const char tag[] = RTB_RECORD_TAG " ";
    for (size_t i = 0; i + sizeof tag - 1 <= len; i++)
        if (line[i] == 'R' && memcmp(line + i, tag, sizeof tag - 1) == 0)
            return 1;
    return 0;
}

static void *rtbench_open(const struct import_options *o)
{
    struct rtbench_import *s = xcalloc(1, sizeof *s);
    record_parser_init(&s->parser);
    s->options = *o;
    return s;
}

static void rtbench_feed(void *state, const char *line, size_t len)
{
    struct rtbench_import *s = state;
    record_parser_feed(&s->parser, line, len);
}

static int rtbench_finish(void *state, struct import_result *out, char *err, size_t errlen)
{
    struct rtbench_import *s = state;
    struct record_parser *p = &s->parser;
    record_parser_finish(p);
    out->issues = p->issues; /* taken over */
    memset(&p->issues, 0, sizeof p->issues);
    if (p->n_runs == 0)
        return errf(err, errlen, "no valid rtbench run (no valid header record%s)",
                    out->issues.rejected ? "; rejected records skipped" : "");
    if (s->options.cpu_hz > 0 || s->options.iters > 0)
        out->note = xstrdup("--cpu-hz/--iters apply to Zephyr logs; the rtbench header is used");
    out->runs = xcalloc(p->n_runs, sizeof *out->runs);
    for (size_t i = 0; i < p->n_runs; i++) {
        struct run *r = record_parser_take(p, i);
        if (s->options.board && *s->options.board)
            run_hdr_set(r, "board", s->options.board);
        out->runs[out->n_runs++] = r;
    }
    return 0;
}

static void rtbench_close(void *state)
{
    struct rtbench_import *s = state;
    record_parser_free(&s->parser);
    free(s);
}

const struct importer importer_rtbench = {
    "rtbench",    "no rtbench records", rtbench_detect, rtbench_open,
    rtbench_feed, rtbench_finish,       rtbench_close,
};
