/*
 * rtbench host - the plot of a message-throughput sweep, which the svg writer
 * (out/svg.c; not named svg.h: host/svg.h is the drawing library) draws: any run
 * whose metrics are msgq points (sweep_point.h), a stored sweep or an imported
 * zbus CSV; `rtbench sweep --plot`, `rtbench show RUN --format svg` and the
 * HTML report draw the same figure. Its CSV is out/zbus.h.
 */
#ifndef RTBH_OUT_SWEEP_PLOT_H
#define RTBH_OUT_SWEEP_PLOT_H

#include <stdio.h>

#include "run.h"

/* Throughput against message size, one line per style and consumer count
 * (and payload / depth when a point has other than the defaults), log x. 0,
 * or -1 on an output error. */
int sweep_plot_write(FILE *out, const struct run *r);

#endif /* RTBH_OUT_SWEEP_PLOT_H */
