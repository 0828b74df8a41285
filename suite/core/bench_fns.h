/*
 * rtbench - prototypes of every benchmark function of the catalog
 * (generated from catalog.def). Each is defined in suite/bench/<family>.c.
 */
#ifndef RTB_BENCH_FNS_H
#define RTB_BENCH_FNS_H

#include "rtb/bench.h"

#define RTB_BENCH(fn, id, desc, family, caps, flags) int rtb_bench_##fn(struct rtb_ctx *ctx);
#include "catalog.def"
#undef RTB_BENCH

#endif /* RTB_BENCH_FNS_H */
