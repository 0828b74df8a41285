#!/bin/sh
# rtbench check: exit codes on a synthetic regression (rtbench logs with
# valid CRCs written here), flagged figures not counted, missing metrics,
# failed benchmarks, incomplete runs, Zephyr logs, bad arguments.
# Usage: sh test_check.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/check.db

# log FILE BOARD END UNIT CLOCK ID:P50:FLAGS...: a run of the given metrics
# (FLAGS "FAILED": an F record), with its end record when END is "end";
# CLOCK is "ns_num=.. ns_den=.." or "" (no clock)
log() {
    f=$1 board=$2 end=$3 unit=$4 clock=$5
    shift 5
    {
        echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=$board cpu=x timer=tsc" \
            "hz=1000000000 bits=64 unit=$unit ${clock:+$clock }clock=hw iters=1000 warmup=10" \
            "overhead=0 count=$#"
        for m in "$@"; do
            id=${m%%:*} rest=${m#*:}
            v=${rest%%:*} fl=${rest#*:}
            if [ "$fl" = FAILED ]; then
                echo "RTB1 F id=$id err=-7 name=timeout native=0"
            else
                echo "RTB1 R id=$id n=1000 min=$((v - 1)) max=$((2 * v)) mean=$v.000 sd=1.000" \
                    "p50=$v p90=$v p99=$((v + 1)) p999=$((v + 2)) flags=$fl"
            fi
        done
        [ "$end" = end ] && echo "RTB1 E records=$# status=0"
    } | sign >"$TMP/$f"
}
G=semaphore.give.immediate.kernel T=semaphore.take.immediate.kernel
L=mutex.lock.immediate.recursive.kernel M=heap.malloc.immediate
Y=thread.yield.preemptive.ctx.k_to_k F=heap.free.immediate
C1="ns_num=1 ns_den=1"
log base.log base end cycles "$C1" $G:100: $T:100: $L:50: $M:500: $Y:200: $F:300:
log same.log same end cycles "$C1" $G:100: $T:100: $L:50: $M:500: $Y:200: $F:300:
# +20 % on give (a regression at 10 %), +5 % on take, -20 % on malloc,
# +50 % on yield but taken without RT scheduling (flagged), free missing, a new metric
log cand.log cand end cycles "$C1" $G:120: $T:105: $L:50: $M:400: $Y:300:nosched \
    stack.push.immediate.kernel:80:
# only the flagged metric got slower
log flagonly.log fl end cycles "$C1" $G:100: $T:100: $L:50: $M:500: $Y:900:nosched $F:300:
# a benchmark that worked in the baseline fails
log failed.log failed end cycles "$C1" $G:100: $T:100: $L:50: $M:500: $Y:200: $F:0:FAILED
# the same figures, but the run was cut short
log trunc.log trunc no cycles "$C1" $G:100: $T:100: $L:50: $M:500: $Y:200: $F:300:
# emulated instruction counts without a clock (no ns_num/ns_den: unknown; 0 would be
# an invalid header): not comparable with cycles
log insns.log emu end insns "" $G:100: $T:100: $L:50: $M:500: $Y:200: $F:300:
for f in base same cand flagonly failed trunc insns; do
    run "$RTB" import --db "$DB" --label "$f" "$TMP/$f.log"
    eval "ID_$f=\$(id_of)"
done
check "imported" '[ -n "$ID_base" ] && [ -n "$ID_cand" ] && [ -n "$ID_trunc" ] && [ -n "$ID_insns" ]'

run "$RTB" check base cand --db "$DB"
check "regression: exit 1" '[ $rc -eq 1 ]'
check "regression listed" 'echo "$out" | grep -q "^REGRESSION  semaphore.give.immediate.kernel  *p50  *100 ->  *120  *+20.0 %$"'
check "one regression only" '[ "$(echo "$out" | grep -c "^REGRESSION")" -eq 1 ]'
check "+5 % is ok" 'echo "$out" | grep -q "^ok  *semaphore.take.immediate.kernel "'
check "faster listed" 'echo "$out" | grep -q "^faster  *heap.malloc.immediate "'
check "flagged reported apart" 'echo "$out" | grep -A1 "^flagged, not judged" | grep -q "thread.yield.preemptive.ctx.k_to_k .*candidate: nosched"'
check "missing in candidate" 'echo "$out" | grep -q "heap.free.immediate  *missing in candidate"'
check "missing in baseline" 'echo "$out" | grep -q "stack.push.immediate.kernel  *missing in baseline"'
check "summary" 'echo "$out" | grep -q "^summary: 4 compared, 1 regressions, 1 faster, 1 flagged, 2 missing, 0 n/a, 0 failed$"'

# the same verdicts for CI: JSON (shape in docs/cli.md), CSV, Markdown
run "$RTB" check base cand --db "$DB" --format json
check "json: exit 1" '[ $rc -eq 1 ]'
printf '%s' "$out" >"$TMP/check.json"
run python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["result"] == "FAIL" and d["threshold"] == 10 and d["unit"] == "cycles", d
assert d["baseline"]["label"] == "base" and d["candidate"]["label"] == "cand"
assert d["summary"] == {"compared": 4, "regressions": 1, "faster": 1, "flagged": 1,
                        "missing": 2, "na": 0, "failed": 0}, d["summary"]
m = {r["metric"]: r for r in d["metrics"]}
g = m["semaphore.give.immediate.kernel"]
assert g["verdict"] == "regression" and g["stat"] == "p50" and g["baseline"] == 100
assert g["candidate"] == 120 and g["change"] == 20, g
y = m["thread.yield.preemptive.ctx.k_to_k"]
assert y["verdict"] == "flagged" and y["candidate_flags"] == ["nosched"], y
assert m["heap.free.immediate"]["missing_in"] == "candidate"
assert [r["metric"] for r in d["metrics"]][-1] == "stack.push.immediate.kernel"
' "$TMP/check.json"
check "json: verdicts, summary, result ($err)" '[ $rc -eq 0 ]'
run "$RTB" check base cand --db "$DB" --format csv
check "csv: a row per metric" '[ $rc -eq 1 ] && [ "$(lines "$out")" -eq 8 ] && echo "$out" | grep -q "^semaphore.give.immediate.kernel,regression,p50,100.000,120.000,20.000,,,$"'
run "$RTB" check base same --db "$DB" --format markdown
check "markdown: PASS, exit 0" '[ $rc -eq 0 ] && echo "$out" | head -1 | grep -q "^\*\*PASS\*\*"'

run "$RTB" check base cand --db "$DB" --threshold 25
check "threshold 25: exit 0" '[ $rc -eq 0 ] && echo "$out" | grep -q "^PASS"'
run "$RTB" check base cand --db "$DB" --threshold 19.5%
check "threshold 19.5%: exit 1" '[ $rc -eq 1 ]'
run "$RTB" check base cand --db "$DB" --metrics 'mutex.*,heap.*'
check "--metrics excludes the regression: exit 0" '[ $rc -eq 0 ] && ! echo "$out" | grep -q semaphore'
run "$RTB" check base same --db "$DB"
check "identical runs: exit 0" '[ $rc -eq 0 ] && echo "$out" | grep -q "^summary: 6 compared, 0 regressions"'
run "$RTB" check base flagonly --db "$DB"
check "a slower flagged figure is not a regression" '[ $rc -eq 0 ] && echo "$out" | grep -q "1 flagged"'
run "$RTB" check base failed --db "$DB"
check "a failed benchmark: exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "heap.free.immediate  *FAILED in candidate"'
run "$RTB" check base trunc --db "$DB"
check "incomplete candidate: warned" '[ $rc -eq 0 ] && echo "$err" | grep -q "warning: candidate run #$ID_trunc trunc is incomplete"'
run "$RTB" check base insns --db "$DB"
check "cycles vs insns without a clock: exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "different units"'

# ---- Zephyr logs ----
run "$RTB" import --db "$DB" "$Z/frdm_rw612.log"
RW=$(id_of)
run "$RTB" import --db "$DB" "$Z/frdm_rw612.compact.log"
CO=$(id_of)
run "$RTB" import --db "$DB" "$Z/rpi_pico.log"
PI=$(id_of)
run "$RTB" check "$RW" "$CO" --db "$DB"
check "rw612 aligned vs compact: exit 0" '[ $rc -eq 0 ] && echo "$out" | grep -q "^summary: 47 compared, 0 regressions"'
run "$RTB" check "$RW" "$PI" --db "$DB"
check "rw612 vs pico: exit 1" '[ $rc -eq 1 ]'
check "rw612 vs pico: the 4 outliers apart" 'echo "$out" | grep -q "^summary: 43 compared, .* 4 flagged, 0 missing"'
check "rw612 vs pico: mean of mean-only logs" 'echo "$out" | grep -q "^REGRESSION  heap.malloc.immediate  *mean  *524 ->  *1103 "'

# ---- reading never creates a database ----
check_no_database check

# ---- bad arguments: one line, exit 2 ----
for args in "" "base" "base cand same" "base cand --threshold" "base cand --threshold abc" "base cand --threshold -5" \
    "base cand --bogus" "base cand --format xml" "base nosuchrun" "base 99999" "base cand --metrics" "base cand --metrics no.such.thing" \
    "--baseline base --candidate cand --threshold abc" "--baseline base --candidate cand --alpha 2"; do
    # shellcheck disable=SC2086
    run "$RTB" check --db "$DB" $args
    check "bad args '$args': exit 2, one line, nothing on stdout" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && [ -z "$out" ]'
done

echo "test_check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
