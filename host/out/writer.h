/*
 * rtbench host - writers: the output formats of every command that prints
 * results (`list`, `show`, `compare`, `check`, `history`: --format NAME), one file each
 * (out/<name>.c), listed in one table (out/writers.c).
 *
 * A writer has one function per kind of document; NULL where it does not
 * write that kind (the command then refuses the format in one line). A new
 * output format = out/<name>.c defining a `const struct writer` + its
 * line in out/writers.c (and a test in tests/host).
 */
#ifndef RTBH_WRITER_H
#define RTBH_WRITER_H

#include <stddef.h>
#include <stdio.h>

#include "db.h"
#include "figure.h"
#include "run.h"
#include "verdict.h"

/* One cell of a comparison: a figure or n/a. */
struct cmp_cell {
    int ok;
    double value;
    const char *stat; /* statistic used ("p50", "mean", ...) */
    const char *why;  /* reason when !ok */
    unsigned flags;   /* enum metric_flag of the metric */
    const char *unit; /* a value metric's own unit, NULL for a time in the column's unit */
};

/* What `compare` prints: one row per metric, one column per run. */
struct comparison {
    size_t n_runs, n_rows;
    struct run **runs;
    const char **metrics;   /* n_rows ids (not owned) */
    struct cmp_cell *cells; /* n_rows * n_runs, row-major */
    enum figure_unit unit;
    /* Per row: the value metric's own unit (NULL: a time in the column's unit),
     * whether larger is better, and the label a table shows ("id" or
     * "id [unit, higher is better]"). */
    const char **row_unit;
    unsigned char *row_higher;
    char **labels;
    const char **col_stat; /* comparison_prepare(): each column's statistic (owned), or NULL */
};

struct scorecard; /* scorecard.h */
struct history;   /* history.h */

struct writer {
    const char *name;  /* --format NAME */
    const char *alias; /* another name accepted for it, or NULL */
    /* Each writes one document to OUT; 0, or -1 on an output error. */
    int (*list)(FILE *out, const struct run_summary *runs, size_t n); /* list */
    int (*run)(FILE *out, const struct run *r);                       /* show */
    int (*comparison)(FILE *out, const struct comparison *t);         /* compare */
    int (*check)(FILE *out, const struct check_report *c);            /* check */
    int (*summary)(FILE *out, const struct scorecard *s);             /* compare --summary */
    int (*history)(FILE *out, const struct history *h);               /* history */
};

/* The table (out/writers.c): NULL-terminated; the first is the default. */
extern const struct writer *const writers[];

/* Which document a command writes. */
enum document { DOC_LIST, DOC_RUN, DOC_COMPARISON, DOC_CHECK, DOC_SUMMARY, DOC_HISTORY };

/* The writer called NAME (or by its alias) that writes DOC; NULL with
 * "--format must be NAMES, not 'NAME'" (NAMES: those that write DOC) in err. */
const struct writer *writer_find(const char *name, enum document doc, char *err, size_t errlen);

/* The names of the writers that write DOC, "a, b or c", into buf. */
void writer_names(enum document doc, char *buf, size_t len);

/* ---- shared by the writers (out/writer.c) ---- */

/* Once the cells are filled: the statistic of each column, computed once
 * (so that no writer's pass is quadratic in the rows). */
void comparison_prepare(struct comparison *t);
void comparison_release(struct comparison *t);
/* Ratio of cell (row, run) to the first run's cell: 1 with *ratio; 0 if
 * undefined (a figure n/a, or the first 0); -1 if a figure is flagged
 * underflow: not a latency, so no ratio ("-", never a number). */
int comparison_ratio(const struct comparison *t, size_t row, size_t run, double *ratio);
/* Statistic shown in a column: the common one, NULL when mixed, "-" if none. */
const char *comparison_column_stat(const struct comparison *t, size_t run);
/* "<stat> <unit>" under a run's column name. */
void comparison_column_title(const struct comparison *t, size_t run, char *buf, size_t len);
/* Markers of a cell (artifact markers, then 'm' for a mean in a column of
 * percentiles); MD escapes them for Markdown. */
void comparison_markers(const struct comparison *t, size_t row, size_t run, int md, char *buf,
                        size_t len);
/* What the flag BIT (an artifact: MF_ARTIFACTS) means, as the legends say
 * it ("outlier: > 10x its siblings ..."); NULL for another bit. */
const char *comparison_flag_text(unsigned bit);
/* The legend under a text (PREFIX "  ") or Markdown (MD, "- ") table. */
void comparison_legend(FILE *out, const struct comparison *t, int md);
/* "#<run>/#<first>" of each further run through FMT (one %s). */
void comparison_ratio_titles(FILE *out, const struct comparison *t, const char *fmt);
/* A row's ratios through NUM_FMT (a double), n/a through NA_FMT (a %s). */
void comparison_ratio_cells(FILE *out, const struct comparison *t, size_t row, const char *num_fmt,
                            const char *na_fmt);

/* Prints the JSON document DOC (cJSON, indented) and a newline to OUT, then
 * deletes DOC (out/json.c): 0, or -1 on an output error. */
struct cJSON;
int writer_json_print(FILE *out, struct cJSON *doc);

/* A check row's flags as "a,b" or "-". */
void check_flags_text(unsigned flags, char *buf, size_t len);
/* The meta of S as "KEY=VALUE KEY=VALUE" (a value has no blank: meta.h),
 * "" for none; free it. */
char *run_meta_text(const struct run_summary *s);
/* A tested row's test of noise in words ("median +12.5 [+10.1, +14.9], U
 * p=3e-12, Holm 6e-12: significant"), "" when it was not tested. */
void check_signif_text(const struct check_row *r, char *buf, size_t len);
/* Side SIDE (0 baseline, 1 candidate) of C by name: its run ("#3 label"),
 * or "N runs: #3 label, #5 label, ..." (cut with "..." at LEN). */
void check_side_name(const struct check_report *c, int side, char *buf, size_t len);
/* What the report's test of noise was, or that there was none, in one line. */
void check_noise_text(const struct check_report *c, char *buf, size_t len);

#endif /* RTBH_WRITER_H */
