/*
 * rtbench host - the writer table (out/writer.h): every output format of list,
 * show, compare, check and history. The first is the default.
 *
 * This file holds the table and nothing else, so that a test binary can
 * link its own table in its place (tests/host/extensions.c).
 */
#include "out/writer.h"

extern const struct writer writer_text;        /* out/text.c */
extern const struct writer writer_markdown;    /* out/markdown.c */
extern const struct writer writer_csv;         /* out/csv.c */
extern const struct writer writer_json;        /* out/json.c */
extern const struct writer writer_zbus;        /* out/zbus.c: msgq sweeps as zbus-style CSV */
extern const struct writer writer_svg;         /* out/svg.c: msgq sweeps as a plot */
extern const struct writer writer_html;        /* out/html.c: the report page (compare) */
extern const struct writer writer_junit;       /* out/junit.c: check as JUnit XML */
extern const struct writer writer_gab_smaller; /* out/gab.c: github-action-benchmark */
extern const struct writer writer_gab_bigger;  /* out/gab.c */
extern const struct writer writer_bmf;         /* out/bmf.c: Bencher Metric Format */

const struct writer *const writers[] = {
    &writer_text,        &writer_markdown,   &writer_csv,  &writer_json,
    &writer_zbus,        &writer_svg,        &writer_html, &writer_junit,
    &writer_gab_smaller, &writer_gab_bigger, &writer_bmf,  NULL,
};
