/*
 * rtbench host - a point of Zephyr's zbus benchmark (samples/subsys/zbus/benchmark)
 * as rtbench stores it, shared by its CSV importer (zbus.c) and its console
 * importer (zbus_console.c): the styles it has printed, the point's metric id
 * and its figures.
 *
 * The producer publishes 256 KiB / N in messages of S bytes to N observers of
 * one channel, so that 256 KiB are received in all; the figure is zbus's, B/s =
 * 262144 / duration (docs/benchmarks.md says how it differs from msgq.*).
 */
#ifndef RTBH_ZBUS_POINT_H
#define RTBH_ZBUS_POINT_H

#include <stddef.h>
#include <stdint.h>

#include "import/importer.h"
#include "run.h"
#include "sweep_point.h"

#define ZBUS_BYTES 262144.0 /* what zbus's producer sends in all */

/* A style the benchmark prints: SYNC/ASYNC (to Zephyr 3.4), then LISTENERS,
 * SUBSCRIBERS, MSG_SUBSCRIBERS; csv_ns the ns per unit of its CSV's duration
 * (1 for ns, 1000 for us). */
struct zbus_style {
    const char *name;
    double csv_ns;
};

/* The style called NAME (any case), or NULL. */
const struct zbus_style *zbus_style_find(const char *name);

/* The point's id into buf and *p: msgq.<sync|async>.c<N>.s<S> when the
 * mapping table (metric_map.c) puts the style on msgq.sync or msgq.async,
 * else the style's namespaced name (zbus.msg_subscribers) with .c<N>.s<S>. */
void zbus_point_id(const struct zbus_style *st, uint32_t consumers, uint32_t size,
                   struct sweep_point *p, char *buf, size_t len);

/* M, a point of style ST measured in DURATION_NS (> 0): the figure (B/s,
 * mean-only, higher better), the extras tool, foreign, bytes, messages,
 * payload (per consumer) and msgs_per_s. desc is set when unset. */
void zbus_point_figure(struct metric *m, const struct zbus_style *st, const struct sweep_point *p,
                       double duration_ns);

/* R, the log's one run, handed over in OUT: origin ORIGIN, source, stamp, unit
 * ns, and after the header the caller set (kernel, kver) bench BENCH, sweep
 * msgq, board (--board), unit, count. */
void zbus_run_out(struct run *r, const char *origin, const char *bench,
                  const struct import_options *o, struct import_result *out);

#endif /* RTBH_ZBUS_POINT_H */
