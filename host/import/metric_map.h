/*
 * rtbench host - the one table saying which metric of another tool is which
 * rtbench id (metric_map.c), so that `compare` puts the same operation
 * measured by two tools on one row, and `show --full` names the tool and the
 * tool's own name of the metric (the extras `tool` and `foreign`).
 *
 * A foreign metric the table does not list keeps a name of its own in the
 * tool's namespace: "<tool>.<its name in lower case, words joined by _>"
 * ("timing_info.context_switch"), never an rtbench id it does not measure.
 */
#ifndef RTBH_METRIC_MAP_H
#define RTBH_METRIC_MAP_H

#include <stddef.h>

#include "run.h"

/* The rtbench id of the metric TOOL prints as FOREIGN, or NULL if none. */
const char *metric_map_find(const char *tool, const char *foreign);

/* The id to store for FOREIGN (LEN bytes) of TOOL: the table's, or for
 * latency_measure a name that is an rtbench id already (Zephyr 4.0 on,
 * "thread.yield.preemptive.ctx.k_to_k") as it is, or for the row layouts
 * whose names spell ids ("FIFO put.wake+ctx.(K -> U)") the id they spell,
 * else the namespaced name (owned). */
char *metric_map_id(const char *tool, const char *foreign);

/* "<tool>.<slug of FOREIGN>", never the table's id (owned): the name of a
 * metric of its own, e.g. a second row of a mapped one (import/rtems.c). */
char *metric_map_namespaced(const char *tool, const char *foreign);

/* Marks M as TOOL's FOREIGN: desc (when unset) and the extras tool=, foreign=. */
void metric_map_name(struct metric *m, const char *tool, const char *foreign);

#endif /* RTBH_METRIC_MAP_H */
