/*
 * rtbench host - the writer table (writer.h): every output format of list,
 * show, compare and check. The first is the default.
 *
 * This file holds the table and nothing else, so that a test binary can
 * link its own table in its place (tests/host/test_extensions.c).
 */
#include "out/writer.h"

extern const struct writer writer_text;     /* writer_text.c */
extern const struct writer writer_markdown; /* writer_markdown.c */
extern const struct writer writer_csv;      /* writer_csv.c */
extern const struct writer writer_json;     /* writer_json.c */
extern const struct writer writer_zbus;     /* writer_zbus.c: msgq sweeps as zbus-style CSV */
extern const struct writer writer_svg;      /* writer_svg.c: msgq sweeps as a plot */
extern const struct writer writer_html;     /* writer_html.c: the report page (compare) */
extern const struct writer writer_junit;    /* writer_junit.c: check as JUnit XML */

const struct writer *const writers[] = {
    &writer_text, &writer_markdown, &writer_csv,   &writer_json, &writer_zbus,
    &writer_svg,  &writer_html,     &writer_junit, NULL,
};
