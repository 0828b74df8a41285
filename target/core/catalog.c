/*
 * rtbench - the catalog table, generated from catalog.def (rtb/bench.h).
 */
#include "rtb/bench.h"

#include "bench_fns.h"

const struct rtb_bench_def rtb_catalog[] = {
#define RTB_BENCH(fn, id, desc, family, cap, cap2, flags)                                          \
    {id, desc, family, cap, cap2, flags, rtb_bench_##fn},
#include "catalog.def"
#undef RTB_BENCH
};

const unsigned rtb_catalog_len = (unsigned)(sizeof rtb_catalog / sizeof rtb_catalog[0]);
