#!/bin/sh
# rtbench check's test of noise on this host (docs/cli.md, "check"): 20 runs of
# one build of rtbench-posix with --samples, three benchmarks of a few us each;
# check between successive runs (and the first and the last) must find no
# significant regression, and with the test-only slowdown of rtb_sem_give
# (RTB_POSIX_TEST_SLOW_GIVE: a fixed amount of busy work, PCT % of the
# give's least cost as its caller saw it, inside the window) it must report
# semaphore.give.wake+ctx.k_to_k and no other. No timing is asserted: only
# the verdicts, with the default alpha (0.01, Holm) and the threshold below.
# Then a run's log with one S record removed or repeated: its samples are
# refused in one line, and check says that metric was not tested.
# Usage: sh test_signif.sh <rtbench> <tmpdir>   (rtbench-posix beside rtbench)
. "$(dirname "$0")/../lib.sh"
RTB=$1
TMP=$2
rm -rf "$TMP" && mkdir -p "$TMP" || exit 1
DB=$TMP/s.db
F='semaphore.give.wake+ctx.k_to_k,thread.yield.preemptive.ctx.k_to_k,condvar.signal.wake+ctx.k_to_k'
# On a shared machine a whole run moves: 20 runs on 2 busy cores (2026-12-02) had
# medians from 4956 to 8715 cycles for one benchmark (+75 %), each significant
# (the samples of a run are not independent of its run's conditions); with
# 10,000 samples a run even the minimum of one build moves by +12 % in some
# runs, not every benchmark of the run alike (scripts/signif-study.sh, docs/cli.md#check),
# so no statistic of one run a side tells a 10 % slowdown from the host here.
# So the threshold is 100 % and the slowdown large (PCT 200: +370 % on
# give.wake+ctx, measured); the test checks the verdicts' logic end to end,
# not rtbench's sensitivity.
TH=100
SLOW=200
RUNS=20
ITERS=200

one() { "$RTB" run --db "$DB" --filter "$F" --iterations $ITERS --samples "$@" >/dev/null 2>"$TMP/run.err"; }
one --log "$TMP/first.log" || { cat "$TMP/run.err" >&2; ko "first run"; }
if ! grep -q 'sched=cpu%3D[0-9]*%20SCHED_FIFO' "$TMP/first.log"; then
    echo "test_signif: skipped (no SCHED_FIFO here: the benchmarks would be flagged nosched, not judged; run as root)"
    exit 0
fi
i=1
while [ $i -lt $RUNS ]; do
    one || ko "run $((i + 1)): $(cat "$TMP/run.err")"
    i=$((i + 1))
done
n=$("$RTB" list --db "$DB" --format csv | grep -c '^[0-9]')
check "$RUNS runs stored ($n)" "[ $n -eq $RUNS ]"

# ten disjoint pairs (1-2, 3-4, ...) and the first against the last
pairs=0
sig=0
for pair in 1:2 3:4 5:6 7:8 9:10 11:12 13:14 15:16 17:18 19:20 1:$RUNS; do
    i=${pair%:*}
    j=${pair#*:}
    run "$RTB" check $i $j --db "$DB" --threshold $TH
    pairs=$((pairs + 1))
    printf '%s\n' "$out" >>"$TMP/pairs.txt"
    if [ $rc -ne 0 ] || echo "$out" | grep -q '^REGRESSION'; then
        sig=$((sig + 1))
        echo "check $i $j:" >&2
        echo "$out" | grep -E '^(REGRESSION|ok|faster)' >&2
    fi
    check "check $i $j tested 3 metrics" 'echo "$out" | grep -q "^tested for noise: 3 metric"'
done
check "no significant regression in $pairs checks of repeated runs ($sig)" "[ $sig -eq 0 ]"

# the slowdown injected into one operation
RTB_POSIX_TEST_SLOW_GIVE=$SLOW one --label slow || ko "slowed run: $(cat "$TMP/run.err")"
run "$RTB" check 1 slow --db "$DB" --threshold $TH
printf '%s\n' "$out" >"$TMP/slow.txt"
check "slowed: exit 1" '[ $rc -eq 1 ]'
check "slowed: give.wake+ctx a significant regression" \
    'echo "$out" | grep -q "^REGRESSION  semaphore.give.wake+ctx.k_to_k .*: significant$"'
check "slowed: no other regression" '[ "$(echo "$out" | grep -c "^REGRESSION")" -eq 1 ]'
run "$RTB" check 1 slow --db "$DB" --threshold $TH --format json
check "slowed: json noise of the regression" 'echo "$out" | /usr/bin/env python3 -c "
import json, sys
d = json.load(sys.stdin)
r = [m for m in d[\"metrics\"] if m[\"verdict\"] == \"regression\"]
assert [m[\"metric\"] for m in r] == [\"semaphore.give.wake+ctx.k_to_k\"], r
n = r[0][\"noise\"]
assert n[\"significant\"] and n[\"p_holm\"] < 0.01 and n[\"ci_low\"] > 0, n
assert d[\"noise_test\"][\"tested\"] == 3
"'

# a chunk missing, a chunk repeated: that metric's samples refused, in one line
grep -n '^RTB1 S id=thread.yield' "$TMP/first.log" | head -2 | tail -1 | cut -d: -f1 >"$TMP/at"
at=$(cat "$TMP/at")
sed "${at}d" "$TMP/first.log" >"$TMP/missing.log"
run "$RTB" import "$TMP/missing.log" --db "$DB" --label missing
check "a chunk missing: one line ($err)" \
    '[ "$(echo "$err" | grep -c "samples of thread.yield.preemptive.ctx.k_to_k refused")" -eq 1 ]'
# (a line repeated as it is, at once, is ignored as for every record: the
# first chunk again after the second)
awk -v at="$at" 'NR == at - 1 { keep = $0 } { print } NR == at { print keep }' "$TMP/first.log" >"$TMP/repeated.log"
run "$RTB" import "$TMP/repeated.log" --db "$DB" --label repeated
check "a chunk repeated: one line ($err)" \
    'echo "$err" | grep -q "samples of thread.yield.preemptive.ctx.k_to_k refused"'
run "$RTB" check 1 missing --db "$DB" --threshold $TH
check "no samples: that metric not tested" \
    '[ $rc -eq 0 ] && echo "$out" | grep -q "^tested for noise: 2 metric" && ! echo "$out" | grep "thread.yield" | grep -q "U p="'
finish test_signif
