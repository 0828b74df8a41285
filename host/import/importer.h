/*
 * rtbench host - importers: the input formats of `rtbench import`, one file
 * each (import/<name>.c), listed in one table (import/importers.c).
 *
 * An importer reads a log line by line (it never sees the whole file):
 * open() makes its state, feed() takes each line as it is read, finish()
 * hands over the runs found, as the in-memory runs every importer shares (run.h:
 * struct run, as the rtbench record parser makes them), close() frees the
 * state. detect() says whether one line shows the format: with --format
 * auto, every importer reads the file side by side and the first in table
 * order whose detect() accepted a line is used.
 *
 * The driver (import_stream) splits the file into lines the one way every
 * reader does (lines.h): LF, CRLF or CR-only line ends, and a line longer
 * than RTBH_LINE_MAX is never handed to an importer (it is an issue of its
 * own, with its number). An importer keeps its issues in a struct
 * issue_list (run.h: the first RTBH_MAX_ISSUES in full, the rest counted)
 * and at most RTBH_MAX_METRICS metrics per run, so that its memory stays
 * bounded by a constant plus the valid data, and its work per line linear
 * in the line's length (docs/reliability.md).
 *
 * A new input format = import/<name>.c defining a `const struct importer`
 * + its line in import/importers.c (and a test in tests/host).
 */
#ifndef RTBH_IMPORTER_H
#define RTBH_IMPORTER_H

#include <stddef.h>
#include <stdio.h>

#include "run.h"
#include "util.h"

/* What `rtbench import` passes to every importer. */
struct import_options {
    const char *board;  /* replaces the board the log names; NULL: from the log */
    double cpu_hz;      /* > 0: the counter clock, for logs that do not say it */
    unsigned iters;     /* > 0: iterations per figure, for logs that do not say it */
    const char *source; /* stored as run.source: "import:<file>" */
    /* --counter BITS@HZ: the width and clock of the counter the tool timed
     * with (0: not given), for the importers whose figures can wrap it */
    unsigned counter_bits;
    double counter_hz;
};

/* What an importer found in a log. */
struct import_result {
    struct run **runs; /* heap-allocated runs (owned) */
    size_t n_runs;
    struct issue_list issues; /* rejected lines (owned), reported as FILE:LINE: msg */
    char *note;               /* one remark for stderr ("... ignored"), or NULL (owned) */
};

struct importer {
    const char *name;    /* --format NAME; stored as the runs' origin (runs.format) */
    const char *nothing; /* what a log without this format lacks: "no latency_measure results" */
    /* 1 if LINE (LEN bytes, no newline) shows the format. */
    int (*detect)(const char *line, size_t len);
    void *(*open)(const struct import_options *o);
    void (*feed)(void *state, const char *line, size_t len);
    /* End of the log: the runs into *OUT (zeroed first). 0, or -1 with a
     * one-line message in err when the log holds nothing to store (issues
     * and note are still filled). */
    int (*finish)(void *state, struct import_result *out, char *err, size_t errlen);
    void (*close)(void *state);
};

/* The table (import/importers.c): NULL-terminated, in the order of detection. */
extern const struct importer *const importers[];

/* The importer called NAME, or NULL. */
const struct importer *importer_find(const char *name);
/* The names of the table, "A, B or C", into buf. */
void importer_names(char *buf, size_t len, const char *last_sep);

/* Reads F line by line into IMP, or, with IMP NULL, into every importer
 * side by side, keeping the first in table order that detected its format
 * (*used). 0, or -1 with a one-line message in err: the file cannot be
 * read, is over 256 MiB, shows no known format
 * ("no rtbench records and no latency_measure results") or holds nothing
 * (the importer's message); OUT is filled (issues, note) either way. */
int import_stream(FILE *f, const struct importer *imp, const struct import_options *o,
                  struct import_result *out, const struct importer **used, char *err,
                  size_t errlen);
/* OUT (zeroed) holds R as its one run, owned from now on (inline: every
 * importer's finish ends with it, and importer.c calls the importers). */
static inline void import_result_one(struct import_result *out, struct run *r)
{
    out->runs = xcalloc(1, sizeof *out->runs);
    out->runs[0] = r;
    out->n_runs = 1;
}
void import_result_free(struct import_result *r);

#endif /* RTBH_IMPORTER_H */
