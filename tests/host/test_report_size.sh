#!/bin/sh
# The report of a wide kernel comparison stays one self-contained file under
# 2 MB: 7 runs x 80 metrics, each with percentiles, and per run 3 of them
# with a 16-bucket histogram (as the timer family's are in the kernel runs),
# in the two unit views (own unit, ns). The page's size is asserted; the
# time it took is printed, not asserted (a host time on a shared machine is
# a benchmark's figure: scripts/bench-report.sh runs this file for it).
# Usage: sh test_report_size.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/wide.db
H=$TMP/wide.html
RUNS=7
METRICS=80
LIMIT=$((2 * 1000 * 1000))

# gen RUNS METRICS: the runs as records; metric k of run r has p50 v, min
# v - 5, max v + 50, and every 27th a histogram: 50 samples in its first
# bucket (the min's), 50 in the max's
gen() {
    awk -v runs="$1" -v nm="$2" 'BEGIN {
        split("thread isr fifo lifo events semaphore mutex stack heap tm osek timer", fam, " ")
        for (r = 1; r <= runs; r++) {
            printf "RTB1 H rtbench=0.1.0 port=posix kernel=K%d kver=1 board=b cpu=x", r
            printf " timer=tsc hz=25000000 bits=32 unit=cycles ns_num=40 ns_den=1 clock=hw"
            printf " iters=100 warmup=0 overhead=0 count=%d\n", nm
            for (k = 0; k < nm; k++) {
                v = 20 + 37 * (k % 17) + (r * 13 + k * 7) % 90
                h = k % 27 == 0
                printf "RTB1 R id=%s.op%d.kernel n=100 min=%d max=%d mean=%d.000 sd=1.000", \
                    fam[k % 12 + 1], k, v - 5, v + 50, v
                printf " p50=%d p90=%d p99=%d p999=%d flags=%s\n", v, v + 10, v + 20, v + 40, \
                    h ? " hist=16" : ""
                if (h)
                    printf "RTB1 G id=%s.op%d.kernel lo=%d width=4 first=0 " \
                        "c=50,0,0,0,0,0,0,0,0,0,0,0,0,50,0,0\n", fam[k % 12 + 1], k, v - 5
            }
            printf "RTB1 E records=%d status=0\n", nm
        }
    }'
}
gen "$RUNS" "$METRICS" | sign >"$TMP/wide.log"
run "$RTB" import --db "$DB" "$TMP/wide.log"
check "$RUNS runs of $METRICS metrics stored" '[ $rc -eq 0 ] && [ "$(echo "$out" | grep -c "^imported run .* $METRICS metrics")" -eq "$RUNS" ]'
/usr/bin/time -f "%e %U %S" -o "$TMP/time" "$RTB" report $(seq -s " " 1 "$RUNS") --db "$DB" -o "$H" >"$TMP/out" 2>"$TMP/err"
rc=$?
size=$(wc -c <"$H" 2>/dev/null || echo 0)
awk -v r="$RUNS" -v m="$METRICS" -v s="$size" '{ printf "report of %d runs x %d metrics: %d bytes, %.2f s wall, %.2f s CPU\n", r, m, s, $1, $2 + $3 }' "$TMP/time"
check "report: exit 0, nothing on stderr" '[ $rc -eq 0 ] && [ ! -s "$TMP/err" ]'
check "every run's histograms drawn (3 per run per view)" '[ "$(grep -c "<svg class=\"hist\"" "$H")" -eq $((RUNS * 3 * 2)) ]'
check "one file under 2 MB ($size bytes)" '[ "$size" -gt 0 ] && [ "$size" -lt "$LIMIT" ]'
check "self-contained: nothing it could fetch (no src=, no link, no url())" '! grep -Eq "<(img|link|iframe|object|embed)[ >]| src=|url\(|@import" "$H"'
finish test_report_size
