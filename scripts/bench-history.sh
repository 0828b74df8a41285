#!/bin/sh
# `rtbench history` over a large database: R runs x M metrics (default
# 1000 x 100) made from signed rtbench logs (the fake target's `sign`,
# tests/host/fake_target.c: valid CRCs) imported into a new database, then
# the history of every metric (M series of R rows) and of one metric, each
# timed (CPU and wall, best of 3). No verdict: a figure for docs and
# results/host/bench-history.txt.
#   scripts/bench-history.sh FAKE_TARGET RTBENCH [-r RUNS] [-m METRICS]
# e.g. scripts/bench-history.sh build/tests/host/rtbench-fake-target build/rtbench
runs=1000
metrics=100
[ $# -ge 2 ] || { echo "usage: bench-history.sh FAKE_TARGET RTBENCH [-r RUNS] [-m METRICS]" >&2; exit 2; }
fake=$1 rtb=$2
shift 2
[ -x "$fake" ] || { echo "bench-history: no fake target at $fake" >&2; exit 2; }
[ -x "$rtb" ] || { echo "bench-history: no rtbench at $rtb" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
    -r) runs=$2; shift 2 ;;
    -m) metrics=$2; shift 2 ;;
    *) echo "bench-history: unknown argument: $1" >&2; exit 2 ;;
    esac
done
for v in "$runs" "$metrics"; do
    case $v in '' | *[!0-9]* | 0) echo "bench-history: -r and -m take positive integers, not: $v" >&2; exit 2 ;; esac
done
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# one log of RUNS runs, each of METRICS metrics; metric 0 steps +10 % at run RUNS*7/10
awk -v R="$runs" -v M="$metrics" 'BEGIN {
    for (r = 1; r <= R; r++) {
        printf "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=b cpu=x timer=tsc hz=1000000000 bits=64 unit=cycles ns_num=1 ns_den=1 clock=hw iters=100 warmup=1 overhead=0 count=%d\n", M
        for (k = 0; k < M; k++) {
            v = 1000 + (r * 7 + k * 13) % 50
            if (k == 0 && r >= int(R * 7 / 10)) v = int(v * 1.1)
            printf "RTB1 R id=bench.m%03d n=100 min=%d max=%d mean=%d.000 sd=5.000 p50=%d p90=%d p99=%d p999=%d flags=\n", k, v - 5, v + 50, v, v, v + 10, v + 20, v + 30
        }
        printf "RTB1 E records=%d status=0\n", M
    }
}' | "$fake" sign >"$tmp/in.log" || exit 2
"$rtb" import --db "$tmp/h.db" "$tmp/in.log" >/dev/null 2>"$tmp/err" ||
    { echo "bench-history: import failed: $(head -1 "$tmp/err")" >&2; exit 2; }
printf '%s runs x %s metrics, database %s bytes, load average %s\n' "$runs" "$metrics" \
    "$(wc -c <"$tmp/h.db")" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
printf '%-34s %10s %10s %10s\n' "rtbench history (best of 3)" "cpu s" "wall s" "rows"
for what in "*" bench.m000; do
    best=
    for i in 1 2 3; do
        /usr/bin/time -f '%U %S %e' -o "$tmp/time" "$rtb" history --db "$tmp/h.db" "$what" >"$tmp/out" 2>"$tmp/err" ||
            { echo "bench-history: history failed: $(head -1 "$tmp/err")" >&2; exit 2; }
        t=$(awk '{ printf "%.2f %.2f", $1 + $2, $3 }' "$tmp/time")
        if [ -z "$best" ] || awk -v a="${t% *}" -v b="${best% *}" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    rows=$(grep -c '^ *#' "$tmp/out")
    cps=$(grep -c 'change point$' "$tmp/out")
    printf '%-34s %10s %10s %10s  (%s change point(s))\n' "'$what'" "${best% *}" "${best#* }" "$rows" "$cps"
done
