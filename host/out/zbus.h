/*
 * rtbench host - the zbus-style CSV of a message-throughput sweep (out/zbus.c):
 * any run whose metrics are msgq points (sweep_point.h), a stored sweep or an
 * imported zbus CSV; `rtbench sweep --csv` and `rtbench show RUN --format zbus`
 * write the same document. Its plot is out/sweep_plot.h.
 */
#ifndef RTBH_OUT_ZBUS_H
#define RTBH_OUT_ZBUS_H

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

#endif /* RTBH_OUT_ZBUS_H */
