#!/bin/sh
# rtbench import of cyclictest's -h histogram output (host/import/cyclictest_hist.c):
# the two fixtures of tests/fixtures/cyclictest-hist (README.md: the commands), the
# percentiles against the histogram, overflows, beside the JSON form, damaged copies.
# Usage: sh test_import_cyclictest_hist.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/cth.db
H=$FIX/cyclictest-hist
run "$RTB" import --db "$DB" "$H/vm_t1_h10000.txt"
check "t1: detected, 1 metric, complete" '[ $rc -eq 0 ] && [ "${out#imported run * from }" = "$H/vm_t1_h10000.txt: cyclictest-hist, board unknown, 1 metrics" ]'
t1=$(id_of)
# the nearest-rank percentiles of the histogram itself, in ns
pct() {
    awk -v q="$1" '/^[0-9]/ { for (i = 0; i < $2 + 0; i++) v[n++] = $1 + 0 }
        END { r = int(q * n); if (r < q * n) r++; print v[r - 1] * 1000 }' "$H/vm_t1_h10000.txt"
}
check "t1: n, mean, min, max from the summary; percentiles from the histogram" 'json $t1 | grep -q "\"id\":\"timer.deviation\",\"desc\":\"cyclictest thread 0: wake-up latency\",\"state\":\"ok\",\"n\":1000,\"mean\":98000,\"sd\":[0-9.]*,\"min\":13000,\"p50\":$(pct 0.5),\"p90\":$(pct 0.9),\"p99\":$(pct 0.99),\"p999\":$(pct 0.999),\"max\":4898000,\"mean_ns\":98000,\"flags\":\[\],\"extra\":{\"tool\":\"cyclictest\",\"foreign\":\"thread 0\"},\"histogram\":{\"lo\":0,\"width\":3000,"'

run "$RTB" import --db "$DB" "$H/vm_t2_h400.txt"
check "t2: 2 metrics, the overflows said once" '[ $rc -eq 0 ] && echo "$out" | grep -q "cyclictest-hist, board unknown, 2 metrics$" && [ "$err" = "rtbench import: $H/vm_t2_h400.txt: note: 2 thread(s) with samples beyond the histogram (-h below the maximum): mean, min and max only" ]'
t2=$(id_of)
check "t2: thread 1, mean-only, n counts the overflows" 'json $t2 | grep -q "\"id\":\"timer.deviation.thread1\",\"desc\":\"cyclictest thread 1: wake-up latency\",\"state\":\"ok\",\"n\":1000,\"mean\":110000,\"mean_ns\":110000,\"flags\":\[\"mean-only\"\],\"extra\":{\"min_ns\":\"20000\",\"max_ns\":\"5331000\",\"overflows\":\"35\",\"tool\":\"cyclictest\",\"foreign\":\"thread 1\"}"'

run "$RTB" import --db "$DB" "$FIX/cyclictest/vm_t1_h10000.json"
js=$(id_of)
run "$RTB" compare "$js" "$t1" --db "$DB" --format csv --stat p99
check "beside the JSON form: timer.deviation on one row" '[ $rc -eq 0 ] && echo "$out" | grep -q "^timer.deviation,[0-9]*,p99,,$(pct 0.99),p99,"'

before=$(n_runs)
sed '20s/^000017 \(.*\)$/000017 0x0/' "$H/vm_t1_h10000.txt" >"$TMP/spoilt.txt"
refused "spoilt bucket: exit 2, named" "$TMP/spoilt.txt" "line 20: not a cyclictest histogram line (<us> <count per thread>)"
sed '30d' "$H/vm_t1_h10000.txt" >"$TMP/gap.txt"
refused "a bucket lost: refused, named" "$TMP/gap.txt" "line 30: a histogram line out of order (its microsecond is not the next)"
sed '3s/\t[0-9]*$//' "$H/vm_t2_h400.txt" >"$TMP/column.txt"
run "$RTB" import --db "$DB" "$TMP/column.txt"
check "a column lost: refused, named" '[ $rc -eq 2 ] && echo "$err" | grep -q "column.txt: line 4: a histogram line with another number of threads than the first"'
head -n 5000 "$H/vm_t1_h10000.txt" >"$TMP/cut.txt"
run "$RTB" import --db "$DB" "$TMP/cut.txt"
check "cut before the summary: refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "cut.txt: no cyclictest histogram summary"'
sed 's/^# Avg Latencies: 00088 00110$/# Avg Latencies: 00088/' "$H/vm_t2_h400.txt" >"$TMP/sum.txt"
run "$RTB" import --db "$DB" "$TMP/sum.txt"
check "a summary line short of a thread: refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "sum.txt: line [0-9]*: a cyclictest summary line without one figure per thread"'
check "damaged copies: nothing stored" '[ "$(n_runs)" -eq "$before" ]'

finish test_import_cyclictest_hist
