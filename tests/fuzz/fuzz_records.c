/*
 * libFuzzer target: the rtbench record parser (host/record_parser.c) on any
 * byte stream, split into lines as `run` and `import` split them
 * (host/lines.c), then what every run goes through before it is stored or
 * shown: the artifact flags and the terminal escaping of its values.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "artifact.h"
#include "lines.h"
#include "record_parser.h"
#include "term.h"

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct record_parser p;
    struct line_splitter s;
    record_parser_init(&p);
    line_splitter_init(&s, on_line, on_long, &p);
    /* in two pieces, as a pipe delivers them: a line may straddle a read */
    size_t half = size / 2;
    line_splitter_feed(&s, (const char *)data, half);
    line_splitter_feed(&s, (const char *)data + half, size - half);
    line_splitter_finish(&s);
    line_splitter_free(&s);
    record_parser_finish(&p);
    for (size_t i = 0; i < p.n_runs; i++) {
        struct run *r = p.runs[i];
        flags_apply_run(r);
        for (size_t k = 0; k < r->n_hdr; k++)
            free(term_dup(r->hdr[k].value));
        for (size_t k = 0; k < r->n_m; k++)
            free(term_dup(r->m[k].id));
    }
    if (p.n_runs >= 2)
        flags_apply_compare(p.runs, p.n_runs);
    record_parser_free(&p);
    return 0;
}
