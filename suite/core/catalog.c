/*
 * rtbench - the catalog table, generated from catalog.def (rtb/bench.h).
 */
#include "rtb/bench.h"

#include "bench_fns.h"

/* Every capability must have its bit in rtb_bench_def.caps. */
typedef char rtb_caps_fit_in_32_bits[(RTB_CAP_COUNT <= 32) ? 1 : -1];

const struct rtb_bench_def rtb_catalog[] = {
#define RTB_BENCH(fn, id, desc, family, caps, flags)                                               \
    {id, desc, family, (uint32_t)(caps), flags, rtb_bench_##fn},
#include "catalog.def"
#undef RTB_BENCH
};

const unsigned rtb_catalog_len = (unsigned)(sizeof rtb_catalog / sizeof rtb_catalog[0]);
