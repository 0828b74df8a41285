/*
 * rtbench host - the cycle model's side of `rtbench run --cycle-model`
 * (docs/cycle-model.md): the model chosen on the command line, the plugin's
 * result file, and the model-cycles statistics it gives each metric.
 *
 * The run is measured twice: the plain image (its instruction counts are the
 * run's figures, stored as always) and the image with the cycle model's
 * marks under the plugin, whose windows give each metric its model-cycles.
 * Nothing of the model is stored unless every check holds: the plugin saw
 * every window closed and named (no lost, stray or unclosed marks), each
 * metric has as many windows as samples, the windows' own instruction counts
 * are the counter's figures exactly (so they cover the same instructions),
 * and the marked image's figures equal the plain image's.
 */
#ifndef RTBH_CYCLE_MODEL_H
#define RTBH_CYCLE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "run.h"

/* --cycle-model CORE[,ws=N] */
struct cycle_spec {
    char core[32];        /* a core of the model (emu/cycle-model/cm_timing.c) */
    unsigned ws;          /* flash wait states, 0..15 */
    char plugin_args[64]; /* "core=cortex-m3,ws=0" */
};

/* Parses TEXT for a board of architecture profile ISA (NULL: not checked):
 * the core must be one the model knows and price code of that profile. 0, or
 * -1 with a one-line message. */
int cycle_spec_parse(const char *text, const char *isa, struct cycle_spec *out, char *err,
                     size_t errlen);

/* The plugin's result file (emu/cycle-model/README.md, "Result file"). */
struct cycle_bench {
    int has_tag;
    uint64_t tag; /* 0: the overhead calibration; k: the run's k-th record */
    size_t n;     /* windows */
    uint64_t *cycles, *insns;
};
struct cycle_result {
    char *params; /* the M line: the model and its parameters */
    struct cycle_bench *b;
    size_t n_b;
    int have_total;                                          /* the T line was read */
    uint64_t outside, unclosed, stray_close, lost, stray_to; /* marks that did not fit */
};
/* 0, or -1 with a message naming the file and line. */
int cycle_result_read(const char *path, struct cycle_result *res, char *err, size_t errlen);
void cycle_result_free(struct cycle_result *res);

/* The model-cycles of the metrics of the marked image's run. */
struct cycle_outcome {
    struct run *marked;         /* the marked image's run (owned) */
    struct metric_stats *stats; /* [marked->n_m]; n == 0: no model figure */
    char **unpriced;            /* [marked->n_m]: why a timed metric whose marked windows do
                                   not match the counter's has no model figure (owned), else
                                   NULL */
    size_t n_unpriced;
    uint64_t overhead; /* model cycles of the empty window, subtracted */
    char *params;
};
/* Builds OUT from the marked run MARKED (taken) and the result RES, checking
 * that the marks bracket the counter's windows. A timed metric whose windows
 * do not hold exactly the counter's samples (a sample taken from two reads the
 * guest does not pair, an exception entry the marks see differently) gets no
 * model figure, with the reason in OUT->unpriced; marks that are inconsistent
 * as a whole (lost, unclosed, outside a benchmark, tags) fail: -1 with a
 * message. */
int cycle_outcome_build(struct run *marked, const struct cycle_result *res,
                        struct cycle_outcome *out, char *err, size_t errlen);
void cycle_outcome_free(struct cycle_outcome *o);

/* Gives PLAIN's metrics their model-cycles and its header the model (keys
 * cycle_model, cycle_model_params, cycle_model_overhead, and
 * cycle_model_unpriced: the ids without a model figure), after checking that
 * the marked image measured exactly PLAIN's figures. Nothing is changed on
 * failure: -1 with a message. */
int cycle_outcome_apply(const struct cycle_outcome *o, const struct cycle_spec *spec,
                        struct run *plain, char *err, size_t errlen);

/* ---- running it (run_cycle.c) ---- */

struct target_cmd;
struct target_options;

/* One `rtbench run --cycle-model`: the model, its outcome, its temporary files. */
struct cycle_run {
    struct cycle_spec spec;
    struct cycle_outcome outcome;
    char dir[160]; /* temporary directory in $TMPDIR or /tmp (removed by cycle_run_free) */
};

/* For --cycle-model SPEC on qemu:BOARD: the plain target into *PLAIN (the
 * caller runs and stores it as any run), and the marked image run under the
 * plugin now, its model-cycles ready in CR->outcome. 0, or 2 after one line
 * on stderr ("rtbench run: ..."): nothing was stored. */
int cycle_run_prepare(const char *spec, const char *board, const struct target_options *opt,
                      unsigned timeout_s, struct cycle_run *cr, struct target_cmd *plain);
void cycle_run_free(struct cycle_run *cr);

#endif /* RTBH_CYCLE_MODEL_H */
