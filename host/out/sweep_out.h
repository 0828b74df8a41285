/*
 * rtbench host - what a sweep of the message-throughput family is written as:
 * a zbus-style CSV (writer_zbus.c) and a plot (writer_svg.c). Both take any
 * run whose metrics are msgq points (msgq_point.h): a stored sweep, or an
 * imported zbus CSV; `rtbench sweep --csv/--plot` and `rtbench show RUN
 * --format zbus|svg` write the same documents.
 */
#ifndef RTBH_SWEEP_OUT_H
#define RTBH_SWEEP_OUT_H

#include <stdio.h>

#include "run.h"

/* The CSV columns, in order (the first six are those of Zephyr's zbus
 * benchmark script). */
#define ZBUS_CSV_HEADER                                                                            \
    "style,consumers,message_size,duration_ns,ram_bytes,rom_bytes,bytes_per_s,msgs_per_s"

/* One row per measured point of R, in R's order, with the header line when
 * HEADER; points that are n/a or failed are left out, with one line each on
 * stderr. 0, or -1 on an output error. */
int zbus_csv_write(FILE *out, const struct run *r, int header);

/* Throughput against message size, one line per style and consumer count
 * (and payload / depth when a point has other than the defaults), log x. 0,
 * or -1 on an output error. */
int sweep_plot_write(FILE *out, const struct run *r);

#endif /* RTBH_SWEEP_OUT_H */
