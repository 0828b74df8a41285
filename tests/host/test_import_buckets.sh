#!/bin/sh
# The percentiles and sd that cyclictest-hist and rtla-timerlat take from their buckets
# (host/import/figures.c: buckets_span, buckets_stats), at the edges: no bucket with a
# sample, samples over the histogram, one bucket holding every sample, empty buckets
# between full ones, a bucket below the printed minimum; and where the two differ (the
# sd about cyclictest's printed average, about rtla's buckets' own mean).
# Usage: sh test_import_buckets.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/buckets.db
# first FORMAT FILE: the first metric of FILE imported as FORMAT, as one line of JSON
first() {
    run "$RTB" import --db "$DB" --format "$1" "$2"
    json "$(id_of)" | sed 's/.*"metrics":\[{//; s/}, {.*//'
}
# cth NAME ROWS TOTAL MIN AVG MAX OVER: a one-thread cyclictest -h output, ROWS one
# count per microsecond (space-separated)
cth() {
    {
        echo "# Histogram"
        i=0
        for c in $2; do
            printf '%06d %06d\n' $i "$c"
            i=$((i + 1))
        done
        printf '# Total: %09d\n# Min Latencies: %05d\n# Avg Latencies: %05d\n' "$3" "$4" "$5"
        printf '# Max Latencies: %05d\n# Histogram Overflows: %05d\n' "$6" "$7"
    } >"$TMP/$1.txt"
}
# tl NAME ROWS OVER COUNT MIN AVG MAX: an rtla timerlat (us) output with one IRQ column,
# ROWS "<index>:<count>" (space-separated), and a Thr column without samples
tl() {
    {
        printf '# RTLA timerlat histogram\n# Time unit is microseconds (us)\nIndex   IRQ-000   Thr-000\n'
        for r in $2; do printf '%s %9s %9s\n' "${r%:*}" "${r#*:}" 0; done
        printf 'over: %s 0\ncount: %s 0\nmin: %s -\navg: %s -\nmax: %s -\n' "$3" "$4" "$5" "$6" "$7"
    } >"$TMP/$1.txt"
}
H='"flags":\[\],"extra":{"tool":"cyclictest","foreign":"thread 0"}'
T='"flags":\[\],"extra":{"tool":"timerlat","foreign":"IRQ-000"}'

cth one "0 0 0 10 0" 10 3 3 3 0
check "cyclictest, one bucket holds every sample: sd 0, every percentile that bucket" 'first cyclictest-hist "$TMP/one.txt" | grep -q "\"n\":10,\"mean\":3000,\"sd\":0,\"min\":3000,\"p50\":3000,\"p90\":3000,\"p99\":3000,\"p999\":3000,\"max\":3000,\"mean_ns\":3000,$H,\"histogram\":{\"lo\":0,\"width\":1000,\"counts\":\[0, 0, 0, 10, 0\]}"'
tl one "3:10" 0 10 3 3 3
check "rtla, one bucket holds every sample: sd 0, every percentile that bucket" 'first rtla-timerlat "$TMP/one.txt" | grep -q "\"n\":10,\"mean\":3000,\"sd\":0,\"min\":3000,\"p50\":3000,\"p90\":3000,\"p99\":3000,\"p999\":3000,\"max\":3000,\"mean_ns\":3000,$T$"'

cth gap "5 0 5" 10 0 1 2 0
check "cyclictest, an empty bucket between two: never a percentile" 'first cyclictest-hist "$TMP/gap.txt" | grep -q "\"sd\":1000,\"min\":0,\"p50\":0,\"p90\":2000,\"p99\":2000,\"p999\":2000,\"max\":2000,"'
tl gap "0:5 1:0 2:5" 0 10 0 1 2
check "rtla, an empty row between two: never a percentile" 'first rtla-timerlat "$TMP/gap.txt" | grep -q "\"sd\":1000,\"min\":0,\"p50\":0,\"p90\":2000,\"p99\":2000,\"p999\":2000,\"max\":2000,"'

cth half "5 5" 10 0 0 1 0
check "cyclictest: the sd about its printed (integer) average" 'first cyclictest-hist "$TMP/half.txt" | grep -q "\"mean\":0,\"sd\":707.10678118654[0-9]*,\"min\":0,\"p50\":0,\"p90\":1000,"'
tl half "0:5 1:5" 0 10 0 0 1
check "rtla: the sd about the buckets' own mean" 'first rtla-timerlat "$TMP/half.txt" | grep -q "\"mean\":0,\"sd\":500,\"min\":0,\"p50\":0,\"p90\":1000,"'

cth empty "0 0" 0 0 0 0 0
check "cyclictest, no bucket with a sample: mean-only" 'first cyclictest-hist "$TMP/empty.txt" | grep -q "\"n\":0,\"mean\":0,\"mean_ns\":0,\"flags\":\[\"mean-only\"\],\"extra\":{\"min_ns\":\"0\",\"max_ns\":\"0\",\"overflows\":\"0\","'
tl norows "" 0 10 0 0 1
check "rtla, samples counted but no row: mean-only" 'first rtla-timerlat "$TMP/norows.txt" | grep -q "\"n\":10,\"mean\":0,\"mean_ns\":0,\"flags\":\[\"mean-only\"\],\"extra\":{\"min_ns\":\"0\",\"max_ns\":\"1000\",\"over\":\"0\","'

cth over "0 4" 4 1 2 9 1
check "cyclictest, a sample over the histogram: mean-only, n counts it" 'first cyclictest-hist "$TMP/over.txt" | grep -q "\"n\":5,\"mean\":2000,\"mean_ns\":2000,\"flags\":\[\"mean-only\"\],\"extra\":{\"min_ns\":\"1000\",\"max_ns\":\"9000\",\"overflows\":\"1\","'
tl over "5:4" 1 5 5 6 9
check "rtla, a sample over: mean-only" 'first rtla-timerlat "$TMP/over.txt" | grep -q "\"n\":5,\"mean\":6000,\"mean_ns\":6000,\"flags\":\[\"mean-only\"\],\"extra\":{\"min_ns\":\"5000\",\"max_ns\":\"9000\",\"over\":\"1\","'

cth minoff "0 5 5" 10 0 1 2 0
check "cyclictest, buckets above the printed Min: not the whole, mean-only" 'first cyclictest-hist "$TMP/minoff.txt" | grep -q "\"flags\":\[\"mean-only\"\]"'
tl minoff "5:4 9:0" 0 4 4 5 9
check "rtla, the lowest full row above the printed min: mean-only" 'first rtla-timerlat "$TMP/minoff.txt" | grep -q "\"flags\":\[\"mean-only\"\]"'
tl below "4:2 5:2" 0 4 5 5 6
check "rtla, rows within min..max of rtla's own rounding: from the buckets" 'first rtla-timerlat "$TMP/below.txt" | grep -q "\"sd\":500,\"min\":5000,\"p50\":4000,\"p90\":5000,"'

finish test_import_buckets
