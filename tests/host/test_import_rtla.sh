#!/bin/sh
# rtbench import of `rtla timerlat hist` output (host/import/rtla_timerlat.c): the
# man page's example (tests/fixtures/rtla-timerlat, README.md names its source), the
# percentiles against the buckets, -n, overflows, a column without samples, the ALL
# block, damaged and cut copies refused.
# Usage: sh test_import_rtla.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/rtla.db
F=$FIX/rtla-timerlat/man_5cpu_d10m.txt

run "$RTB" import --db "$DB" "$F"
check "fixture: detected, 10 metrics, complete" '[ $rc -eq 0 ] && [ "${out#imported run * from }" = "$F: rtla-timerlat, board unknown, 10 metrics" ]'
id=$(id_of)
# pct COL Q: the nearest-rank percentile of column COL (2 = IRQ-000) of the buckets, in ns
pct() {
    awk -v c="$1" -v q="$2" '/^[0-9]/ { t += $c; k[n] = $1; v[n++] = $c }
        END { r = q * t; s = 0; for (i = 0; i < n; i++) { s += v[i]; if (v[i] && s >= r) { print k[i] * 1000; exit } } }' "$F"
}
check "Thr-001: n, mean (rtla's avg), min, max; percentiles from the buckets" 'json $id | grep -q "\"id\":\"timerlat.thr_001\",\"desc\":\"rtla timerlat thread latency, CPU 001\",\"state\":\"ok\",\"n\":600002,\"mean\":5000,\"sd\":[0-9.]*,\"min\":1000,\"p50\":$(pct 5 0.5),\"p90\":$(pct 5 0.9),\"p99\":$(pct 5 0.99),\"p999\":$(pct 5 0.999),\"max\":58000,\"mean_ns\":5000,\"flags\":\[\],\"extra\":{\"tool\":\"timerlat\",\"foreign\":\"Thr-001\"}"'
check "IRQ-000: p99.9 from the buckets" 'json $id | grep -q "\"id\":\"timerlat.irq_000\",.*\"p999\":$(pct 2 0.999),\"max\":16000,"'
check "header: Linux, ns, the duration, the resolution (1 us)" 'json $id | grep -q "\"header\":{\"bench\":\"rtla-timerlat\",\"kernel\":\"Linux\",\"unit\":\"ns\",\"clock\":\"os\",\"duration\":\"0 00:10:00\",\"resolution\":\"1000\",\"count\":\"10\"}"'
run "$RTB" show "$id" --db "$DB"
check "show names the tool and the column" 'echo "$out" | grep -q "^timerlat.thr_004 .* tool=timerlat foreign=Thr-004$"'

# -n (ns), a column over the histogram, a column without samples ("-"), the ALL block:
# the lines rtla's timerlat_hist.c prints, written here
{
    printf '# RTLA timerlat histogram\n# Time unit is nanoseconds (ns)\n# Duration:   0 00:00:10\n'
    printf 'Index   IRQ-000   Thr-000   Usr-000\n'
    printf '800            2         0         0 \n900            1         3         0 \n'
    printf 'over:          0         2         0 \ncount:         3         5         0 \n'
    printf 'min:         800       900         - \navg:         833      4000         - \n'
    printf 'max:         900      9000         - \n'
    printf 'ALL:        IRQ       Thr       Usr\ncount:         3         5         0 \n'
    printf 'min:         800       900         - \navg:         833      4000         - \nmax:         900      9000         - \n'
} >"$TMP/ns.txt"
run "$RTB" import --db "$DB" "$TMP/ns.txt"
check "-n: 3 metrics, the overflow said once" '[ $rc -eq 0 ] && echo "$out" | grep -q "rtla-timerlat, board unknown, 3 metrics$" && [ "$err" = "rtbench import: $TMP/ns.txt: note: 1 column(s) with samples beyond the histogram (over, or -E below the maximum): mean, min and max only" ]'
ns=$(id_of)
check "-n: figures in ns as printed, percentiles of the buckets" 'json $ns | grep -q "\"id\":\"timerlat.irq_000\",\"desc\":\"rtla timerlat IRQ latency, CPU 000\",\"state\":\"ok\",\"n\":3,\"mean\":833,\"sd\":47.1[0-9]*,\"min\":800,\"p50\":800,\"p90\":900,"'
check "over: mean-only, over kept" 'json $ns | grep -q "\"id\":\"timerlat.thr_000\",.*\"n\":5,\"mean\":4000,\"mean_ns\":4000,\"flags\":\[\"mean-only\"\],\"extra\":{\"min_ns\":\"900\",\"max_ns\":\"9000\",\"over\":\"2\",\"tool\":\"timerlat\""'
check "a column without samples: n/a with the reason" 'json $ns | grep -q "\"id\":\"timerlat.usr_000\",\"desc\":\"rtla timerlat user thread latency, CPU 000\",\"state\":\"na\",\"reason\":\"rtla timerlat: no samples in this column\""'

before=$(n_runs)
sed '10s/^4 /4x/' "$F" >"$TMP/spoilt.txt"
refused "spoilt row: exit 2, named" "$TMP/spoilt.txt" "line 10: not an rtla histogram row (<index> <count per column>)"
sed '12s/ *[0-9]*$//' "$F" >"$TMP/column.txt"
refused "a row short of a column: refused" "$TMP/column.txt" "line 12: an rtla histogram row with another number of columns than the Index line"
sed '14{h;d};15G' "$F" >"$TMP/order.txt"
refused "rows out of order: refused" "$TMP/order.txt" "line 15: an rtla histogram row out of order (its index does not grow)"
sed '/^avg:/s/ 5$//' "$F" >"$TMP/sum.txt"
refused "a summary line short of a column: refused" "$TMP/sum.txt" "line 56: an rtla summary line without one figure per column of the Index line (or twice)"
head -n 40 "$F" >"$TMP/cut.txt"
refused "cut before the summary: refused" "$TMP/cut.txt" "no rtla timerlat summary (over:, count:, min:, avg:, max:: the output cut, or --no-summary?)"
sed '/^# Time unit/d' "$F" >"$TMP/unit.txt"
refused "no unit line: refused" "$TMP/unit.txt" "no rtla timerlat time unit line (# Time unit is ...)"
check "damaged copies: nothing stored" '[ "$(n_runs)" -eq "$before" ]'

finish test_import_rtla
