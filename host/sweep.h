/*
 * rtbench host - `rtbench sweep`: the grid of message-throughput points
 * (sweep_point.h) run from one image, each point its own target process,
 * stored as one run whose metrics are the points (cmd/sweep.c: options and
 * outputs; sweep.c: running and storing).
 */
#ifndef RTBH_SWEEP_H
#define RTBH_SWEEP_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

#include "run.h"
#include "sweep_point.h"
#include "target/target.h"

#define SWEEP_MAX_LIST 64 /* sizes or consumer counts in one sweep */

struct sweep_options {
    const char *target_spec, *label, *db_path, *csv_path, *plot_path;
    struct target_options target; /* icount (filter and params are set per point) */
    const char *kernel_elf;       /* --kernel: its check application's image, else NULL */
    const char *kernel_tree;      /* --kernel: TREE as an absolute path (kernel_images) */
    uint32_t sizes[SWEEP_MAX_LIST], consumers[SWEEP_MAX_LIST];
    size_t n_sizes, n_consumers;
    int sync, async;    /* the styles */
    uint32_t payload;   /* bytes each consumer receives */
    uint32_t depth;     /* async queue depth */
    unsigned jobs;      /* points at once (1 on the host) */
    unsigned timeout_s; /* per point */
    int csv_header;
    char **meta; /* --meta: key, value, ... (n_meta strings; meta.h) */
    size_t n_meta;
};

/* What a sweep did, for the exit status and the summary. */
struct sweep_outcome {
    size_t points, measured, na, failed, missing; /* missing: no result (not run, crashed) */
    int interrupted;                              /* the signal, or 0 */
    int db_failed;
    double seconds; /* wall time */
};

/* Runs every point of O's grid (styles x consumers x sizes, in that order),
 * up to O->jobs at once, showing progress on stderr; stores the run in DB as
 * its points arrive and leaves it in *r (metrics in grid order). 0, or -1
 * after a one-line error when nothing could be run or stored. */
int sweep_run(const struct sweep_options *o, sqlite3 *db, struct run *r, struct sweep_outcome *out);

#endif /* RTBH_SWEEP_H */
