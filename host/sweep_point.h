/*
 * rtbench host - the points of the message-throughput family as their metric
 * ids name them (suite/bench/msgq.c, docs/benchmarks.md):
 *
 *   msgq.<sync|async>.c<consumers>.s<size>[.p<payload>][.d<depth>]
 *
 * .p is there when the payload is not RTB_MSGQ_DEFAULT_PAYLOAD, .d (async
 * only) when the queue depth is not RTB_MSGQ_DEFAULT_DEPTH. Shared by the
 * sweep, the zbus-style CSV importer and writer, and the plot.
 */
#ifndef RTBH_MSGQ_POINT_H
#define RTBH_MSGQ_POINT_H

#include <stddef.h>
#include <stdint.h>

struct msgq_point {
    int async;
    uint32_t consumers, size;
    uint32_t payload; /* bytes each consumer receives */
    uint32_t depth;   /* async queue depth; 1 for sync */
};

/* 1 and *p filled if ID is a point's id (exactly as msgq_point_id would
 * write it), else 0. */
int msgq_point_parse(const char *id, struct msgq_point *p);
/* The id of P into buf ("" if it does not fit). */
void msgq_point_id(const struct msgq_point *p, char *buf, size_t len);
/* P with the defaults (payload, depth) the target uses. */
void msgq_point_init(struct msgq_point *p, int async, uint32_t consumers, uint32_t size);

#endif /* RTBH_MSGQ_POINT_H */
