/*
 * rtbench unit tests - a weak definition of every benchmark function of the
 * catalog, so that catalog.c links without suite/bench/. A test that wants
 * a real or scripted benchmark defines it strongly (calib.c, test_runner.c).
 * A dummy that does get called declares itself n/a.
 */
#include "rtb/bench.h"

#include "bench_fns.h"

#define RTB_BENCH(fn, id, desc, family, caps, flags)                                               \
    __attribute__((weak)) int rtb_bench_##fn(struct rtb_ctx *ctx)                                  \
    {                                                                                              \
        return rtb_na(ctx, "unit-test dummy");                                                     \
    }
#include "catalog.def"
#undef RTB_BENCH
