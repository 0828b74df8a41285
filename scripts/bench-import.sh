#!/bin/sh
# Import throughput, side by side: the same valid stream of N results
# (the fake target's, tests/host/fake_target.c) imported into a new
# database by each rtbench given, one after the other, CPU and wall time
# printed. No verdict: figures for docs/reliability.md.
#   scripts/bench-import.sh FAKE_TARGET RTBENCH [RTBENCH...] [-n N]
# e.g. scripts/bench-import.sh build/tests/host/rtbench-fake-target /tmp/rtbench-old build/rtbench
n=100000
[ $# -ge 2 ] || { echo "usage: bench-import.sh FAKE_TARGET RTBENCH [RTBENCH...] [-n N]" >&2; exit 2; }
fake=$1
shift
[ -x "$fake" ] || { echo "bench-import: no fake target at $fake" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
bins=
while [ $# -gt 0 ]; do
    case $1 in
    -n) n=$2; shift 2 ;;
    *) [ -x "$1" ] || { echo "bench-import: no rtbench at $1" >&2; exit 2; }; bins="$bins $1"; shift ;;
    esac
done
case $n in '' | *[!0-9]* | 0) echo "bench-import: -n must be a positive integer, not: $n" >&2; exit 2 ;; esac
"$fake" good "$n" >"$tmp/in.log" || exit 2
printf '%s results, %s bytes\n' "$n" "$(wc -c <"$tmp/in.log")"
printf '%-40s %10s %10s %12s\n' rtbench "cpu s" "wall s" "results/s"
for b in $bins; do
    rm -f "$tmp/b.db" "$tmp/b.db-wal" "$tmp/b.db-shm"
    /usr/bin/time -f '%U %S %e' -o "$tmp/time" "$b" import --db "$tmp/b.db" "$tmp/in.log" >/dev/null 2>"$tmp/err" ||
        { echo "bench-import: $b failed: $(head -1 "$tmp/err")" >&2; exit 2; }
    awk -v b="$b" -v n="$n" '{ cpu = $1 + $2; printf "%-40s %10.2f %10.2f %12.0f\n", b, cpu, $3, (cpu > 0 ? n / cpu : 0) }' "$tmp/time"
done
