#!/bin/sh
# The run-to-run noise of rtbench-posix's samples on this host, for check's
# test of noise (docs/cli.md, "check"): ROUNDS rounds of three interleaved
# runs, A and B of one build and S with the test-only slowdown of
# rtb_sem_give (RTB_POSIX_TEST_SLOW_GIVE=PCT, posix_port.h), each with
# --samples, the three benchmarks of tests/posix/test_signif.sh; the load
# average before each run. Then scripts/signif-study.py prints, per
# statistic of the samples (min, p1 .. p50, means, modes), the spread over
# the runs of one build and the shift the slowdown makes, the changes
# between two runs against thresholds, and the same with each side's samples
# pooled over 2 and 4 rounds; then, when rtbench is beside rtbench-posix,
# rtbench check's own verdicts on the runs (the median, and --pooled p10 over
# rounds r and r+1 a side). No verdict of its own: figures
# for docs/cli.md and results/host/signif-study-*.txt. With -l N, N busy
# loops (sh, at the default priority) run during the study, started 20 s
# before it: a busier host, as when the whole test suite runs.
# With -a, no run: the figures of the runs already in OUTDIR (an unpacked
# results/host/signif-study-*.tar.xz).
#   scripts/signif-study.sh RTBENCH_POSIX OUTDIR [-r ROUNDS] [-i ITERATIONS] [-s PCT] [-l N] [-a]
# e.g. scripts/signif-study.sh build/rtbench-posix /tmp/study -r 20 -i 10000 -s 4
rounds=20 iters=1000 pct=4 loops=0 again=0
[ $# -ge 2 ] || { echo "usage: signif-study.sh RTBENCH_POSIX OUTDIR [-r ROUNDS] [-i ITERATIONS] [-s PCT] [-l N] [-a]" >&2; exit 2; }
posix=$1 out=$2
shift 2
[ -x "$posix" ] || { echo "signif-study: no rtbench-posix at $posix" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
    -r) rounds=$2; shift 2 ;;
    -i) iters=$2; shift 2 ;;
    -s) pct=$2; shift 2 ;;
    -l) loops=$2; shift 2 ;;
    -a) again=1; shift ;;
    *) echo "signif-study: unknown argument: $1" >&2; exit 2 ;;
    esac
done
for v in "$rounds" "$iters" "$pct" "$loops"; do
    case $v in '' | *[!0-9]*) echo "signif-study: -r, -i, -s and -l take integers, not: $v" >&2; exit 2 ;; esac
done
if [ "$rounds" -eq 0 ] || [ "$iters" -eq 0 ]; then
    echo "signif-study: -r and -i take at least 1" >&2
    exit 2
fi
if [ "$again" = 1 ]; then
    [ -f "$out/runs.txt" ] || { echo "signif-study: no $out/runs.txt" >&2; exit 2; }
    rounds=$(grep -c '^a' "$out/runs.txt")
    loops=0
fi
busy=
# shellcheck disable=SC2086 # $busy: the pids, one word each
stop() { [ -z "$busy" ] || kill $busy 2>/dev/null; }
trap stop EXIT
trap 'exit 1' INT TERM
k=0
while [ "$k" -lt "$loops" ]; do
    sh -c 'while :; do :; done' &
    busy="$busy $!"
    k=$((k + 1))
done
[ -z "$busy" ] || sleep 20
mkdir -p "$out" || exit 2
todo=$rounds
[ "$again" = 1 ] && todo=0 # no run: the ones in runs.txt
F='semaphore.give.wake+ctx.k_to_k,thread.yield.preemptive.ctx.k_to_k,condvar.signal.wake+ctx.k_to_k'
[ "$again" = 1 ] || : >"$out/runs.txt"
r=1
while [ "$r" -le "$todo" ]; do
    for side in a b s; do
        slow=0
        [ "$side" = s ] && slow=$pct
        log=$out/$side$r.log
        echo "$side$r $side $slow $(cut -d' ' -f1 /proc/loadavg) $(date -u +%H:%M:%S)" >>"$out/runs.txt"
        RTB_POSIX_TEST_SLOW_GIVE=$slow "$posix" --filter "$F" --iterations "$iters" --samples \
            >"$log" 2>&1 || { echo "signif-study: run $side$r failed: see $log" >&2; exit 1; }
    done
    r=$((r + 1))
done
stop
busy=
python3 "$(dirname "$0")/signif-study.py" "$out" || exit 1
# rtbench check itself (median, Mann-Whitney U, Holm) on the runs, when
# rtbench is beside rtbench-posix: each round's A against its B, and A and B
# against S, at thresholds 5 % and 10 %
rtb=$(dirname "$posix")/rtbench
[ -x "$rtb" ] || exit 0
db=$out/study.db
rm -f "$db"
while read -r name _; do
    "$rtb" import "$out/$name.log" --db "$db" --label "$name" >/dev/null 2>&1 ||
        { echo "signif-study: rtbench import $name failed" >&2; exit 1; }
done <"$out/runs.txt"
G='semaphore.give.wake+ctx.k_to_k'
for t in 5 10; do
    same=0 found=0
    r=1
    while [ "$r" -le "$rounds" ]; do
        "$rtb" check "a$r" "b$r" --db "$db" --threshold "$t" >"$out/check.txt" 2>&1
        grep -q '^REGRESSION' "$out/check.txt" && same=$((same + 1))
        for base in a b; do
            "$rtb" check "$base$r" "s$r" --db "$db" --threshold "$t" >"$out/check.txt" 2>&1
            [ "$(grep -c '^REGRESSION' "$out/check.txt")" -eq 1 ] &&
                grep -q "^REGRESSION  $G " "$out/check.txt" && found=$((found + 1))
        done
        r=$((r + 1))
    done
    echo "rtbench check --threshold $t: A against B of a round a regression in $same of $rounds;" \
        "A or B against S: $G alone a regression in $found of $((2 * rounds))"
done
# check --pooled p10 at 7 %: the samples of rounds r and r+1 pooled on each
# side (A against B, A against S), the rule the study's figures point to
false=0 found=0 pairs=0
r=1
while [ "$r" -lt "$rounds" ]; do
    n=$((r + 1)) pairs=$((pairs + 1))
    "$rtb" check --baseline "a$r" --baseline "a$n" --candidate "b$r" --candidate "b$n" \
        --pooled p10 --threshold 7 --db "$db" >"$out/check.txt" 2>&1
    grep -q '^REGRESSION' "$out/check.txt" && false=$((false + 1))
    "$rtb" check --baseline "a$r" --baseline "a$n" --candidate "s$r" --candidate "s$n" \
        --pooled p10 --threshold 7 --db "$db" >"$out/check.txt" 2>&1
    [ "$(grep -c '^REGRESSION' "$out/check.txt")" -eq 1 ] &&
        grep -q "^REGRESSION  $G " "$out/check.txt" && found=$((found + 1))
    r=$((r + 1))
done
echo "rtbench check --pooled p10 --threshold 7, 2 rounds a side: A against B a regression in" \
    "$false of $pairs; A against S: $G alone a regression in $found of $pairs"
rm -f "$out/check.txt" "$db" "$db-shm" "$db-wal"
