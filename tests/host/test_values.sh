#!/bin/sh
# Value metrics (R records with unit= and better=: counts, scores, rates) and
# extra figures: stored and read back exactly, shown in their own unit, never
# converted to ns or flagged as latencies, and judged by check the right way
# round (a score that drops is the regression). run --params reaches the target.
# Usage: sh test_values.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/values.db

# vlog FILE SCORE RATE: a run with a latency, a score (higher is better), a
# rate with an extra figure, and a value metric with the default direction
vlog() {
    {
        echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=$1 cpu=x timer=tsc" \
            "hz=1000000000 bits=64 unit=cycles ns_num=2 ns_den=1 clock=hw iters=10 warmup=0" \
            "overhead=0 count=4"
        echo "RTB1 R id=semaphore.give.immediate.kernel n=10 min=100 max=100 mean=100.000" \
            "sd=0.000 p50=100 p90=100 p99=100 p999=100 flags="
        echo "RTB1 R id=tm.basic n=3 min=$2 max=$2 mean=$2.000 sd=0.000 p50=$2 p90=$2 p99=$2" \
            "p999=$2 flags= unit=ops better=higher per_s=$(($2 * 2))"
        echo "RTB1 R id=msgq.sync.c1.s64 n=1 min=$3 max=$3 mean=$3.000 sd=0.000 p50=$3 p90=$3" \
            "p99=$3 p999=$3 flags= unit=B/s better=higher bytes=262144 msgs=4096"
        echo "RTB1 R id=tm.errors n=1 min=4294967295 max=4294967295 mean=4294967295.000" \
            "sd=0.000 p50=4294967295 p90=4294967295 p99=4294967295 p999=4294967295 flags=" \
            "unit=count"
        echo "RTB1 E records=4 status=0"
    } | sign >"$TMP/$1.log"
}
vlog base 1000 500000
vlog worse 800 600000
vlog better 1200 400000
for f in base worse better; do
    run "$RTB" import --db "$DB" --label "$f" "$TMP/$f.log"
    eval "ID_$f=\$(id_of)"
done
check "imported" '[ -n "$ID_base" ] && [ -n "$ID_worse" ] && [ -n "$ID_better" ]'

run "$RTB" show base --db "$DB" --format json
check "show json: unit and better of a value metric" 'echo "$out" | grep -q "\"unit\":[[:space:]]*\"ops\"" && echo "$out" | grep -q "\"better\":[[:space:]]*\"higher\""'
check "show json: extra figures kept exactly" 'echo "$out" | grep -q "\"bytes\":[[:space:]]*\"262144\"" && echo "$out" | grep -q "\"per_s\":[[:space:]]*\"2000\"" && echo "$out" | grep -q "\"msgs\":[[:space:]]*\"4096\""'
check "show json: only the three value metrics carry a unit of their own" '[ "$(echo "$out" | grep -c "^[[:space:]]*\"unit\":")" -eq 5 ] && [ "$(echo "$out" | grep -c "\"unit\":[[:space:]]*\"cycles\"")" -eq 2 ]'
run "$RTB" show base --db "$DB"
check "show text: a value metric in its own unit, with its extras" 'echo "$out" | grep "^tm.basic " | grep -q " ops .*per_s=2000"'
check "show text: no ns for a value metric" 'echo "$out" | grep "^tm.basic " | grep -qv "2000.0"'
check "a value of 2^32-1 is not an underflow" '! echo "$out" | grep "^tm.errors " | grep -q underflow'

run "$RTB" compare base worse --db "$DB" --unit ns
check "compare in ns: the latency converted, the score in its own unit" 'echo "$out" | grep "^semaphore.give" | grep -q " 200 " && echo "$out" | grep -q "^tm.basic \[ops, higher is better\]  *1000  *800 "'
run "$RTB" compare base worse --db "$DB" --format json
check "compare json: row unit and better" 'echo "$out" | grep -q "\"unit\":[[:space:]]*\"B/s\""'

run "$RTB" check base worse --db "$DB"
check "a score that drops 20 % is a regression (exit 1)" '[ $rc -eq 1 ] && echo "$out" | grep "^REGRESSION" | grep -q "tm.basic"'
check "a rate that rises is not a regression" '! echo "$out" | grep "^REGRESSION" | grep -q msgq'
check "the regression row says its unit and direction" 'echo "$out" | grep "tm.basic" | grep -q "\[ops, higher is better\]"'
run "$RTB" check base better --db "$DB"
check "a throughput that drops is a regression, a score that rises is not" '[ $rc -eq 1 ] && echo "$out" | grep "^REGRESSION" | grep -q "msgq.sync.c1.s64" && ! echo "$out" | grep "^REGRESSION" | grep -q "tm.basic"'
run "$RTB" check base better --db "$DB" --format json
check "check json: unit and better on a value row" 'echo "$out" | grep -q "\"better\":[[:space:]]*\"higher\""'

# run --params reaches the host target and its header
run "$RTB" run --db "$DB" --filter 'calib.empty' --iterations 5 --params size=64,style=sync
check "run --params: stored in the header" '[ $rc -eq 0 ] && "$RTB" show latest --db "$DB" | grep -q "params *size=64,style=sync"'
for p in "size" "size=1,,x=2" "Size=1" "a=b=c" "a=1 b=2"; do
    run "$RTB" run --db "$DB" --filter 'calib.empty' --params "$p"
    check "run --params '$p': one line, exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q -- "--params"'
done
run "$RTB" run --db "$DB" --target "cmd:$FAKE good 2" --params a=1
check "cmd: target with --params refused in one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ]'

echo "test_values: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
