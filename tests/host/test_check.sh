#!/bin/sh
# rtbench check: exit codes on a synthetic regression (rtbench logs with
# valid CRCs written here), flagged figures not counted, missing metrics,
# failed benchmarks, incomplete runs, Zephyr logs, bad arguments.
# Usage: sh test_check.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/check.db

gen_records "$TMP" <<'EOF' || ko "generator"
def run(metrics, board, end=True, unit="cycles", clock="ns_num=1 ns_den=1"):
    out = [rec("H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=%s cpu=x timer=tsc hz=1000000000 bits=64 "
               "unit=%s %sclock=hw iters=1000 warmup=10 overhead=0 count=%d" % (board, unit, clock + " " if clock else "", len(metrics)))]
    for mid, p50, fl in metrics:
        if fl == "FAILED":
            out.append(rec("F id=%s err=-7 name=timeout native=0" % mid))
            continue
        out.append(rec("R id=%s n=1000 min=%d max=%d mean=%d.000 sd=1.000 p50=%d p90=%d p99=%d p999=%d flags=%s"
                       % (mid, p50 - 1, 2 * p50, p50, p50, p50, p50 + 1, p50 + 2, fl)))
    if end:
        out.append(rec("E records=%d status=0" % len(metrics)))
    return "\n".join(out) + "\n"
G, T, L, M, Y, F = ("semaphore.give.immediate.kernel", "semaphore.take.immediate.kernel",
    "mutex.lock.immediate.recursive.kernel", "heap.malloc.immediate", "thread.yield.preemptive.ctx.k_to_k",
    "heap.free.immediate")
base = [(G, 100, ""), (T, 100, ""), (L, 50, ""), (M, 500, ""), (Y, 200, ""), (F, 300, "")]
d = sys.argv[1]
w = lambda n, s: open(d + "/" + n, "w").write(s)
w("base.log", run(base, "base"))
w("same.log", run(base, "same"))
# +20 % on give (a regression at 10 %), +5 % on take, -20 % on malloc,
# +50 % on yield but taken without RT scheduling (flagged), free missing, a new metric
w("cand.log", run([(G, 120, ""), (T, 105, ""), (L, 50, ""), (M, 400, ""), (Y, 300, "nosched"),
                   ("stack.push.immediate.kernel", 80, "")], "cand"))
# only the flagged metric got slower
w("flagonly.log", run([(G, 100, ""), (T, 100, ""), (L, 50, ""), (M, 500, ""), (Y, 900, "nosched"), (F, 300, "")], "fl"))
# a benchmark that worked in the baseline fails
w("failed.log", run([(G, 100, ""), (T, 100, ""), (L, 50, ""), (M, 500, ""), (Y, 200, ""), (F, 0, "FAILED")], "failed"))
# the same figures, but the run was cut short
w("trunc.log", run(base, "trunc", end=False))
# emulated instruction counts without a clock (no ns_num/ns_den: unknown; 0 would be
# an invalid header): not comparable with cycles
w("insns.log", run(base, "emu", unit="insns", clock=""))
EOF
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
    "base cand --bogus" "base nosuchrun" "base 99999" "base cand --metrics" "base cand --metrics no.such.thing"; do
    # shellcheck disable=SC2086
    run "$RTB" check --db "$DB" $args
    check "bad args '$args': exit 2, one line, nothing on stdout" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && [ -z "$out" ]'
done

echo "test_check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
