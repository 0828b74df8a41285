/*
 * rtbench - a weak definition of every benchmark function of the catalog,
 * each saying n/a: linked only into an image built with a subset of the
 * families (rtb_add_suite(... FAMILIES ...), e.g. a 16 KiB board whose RAM
 * holds the suite in two images), and into the unit tests, which define
 * strongly the benchmarks they run. A family compiled into the image
 * defines its benchmarks strongly and replaces these.
 */
#include "rtb/bench.h"

#include "bench_fns.h"

#define RTB_BENCH(fn, id, desc, family, caps, flags)                                               \
    __attribute__((weak)) int rtb_bench_##fn(struct rtb_ctx *ctx)                                  \
    {                                                                                              \
        return rtb_na(ctx, "not built into this image (its family was left out: "                  \
                           "rtb_add_suite FAMILIES)");                                             \
    }
#include "catalog.def"
#undef RTB_BENCH
