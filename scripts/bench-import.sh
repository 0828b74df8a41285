#!/bin/sh
# Import throughput, side by side: the same valid stream of N results
# (the fake target's, tests/host/fake_target.c) imported into a new
# database by each rtbench given, one after the other, CPU and wall time
# printed; with -r R, R rounds of that (the binaries interleaved, so a
# change of the machine's load hits each alike), then each one's least
# CPU time of the rounds. No verdict: figures for docs/reliability.md.
#   scripts/bench-import.sh FAKE_TARGET RTBENCH [RTBENCH...] [-n N] [-r R]
# e.g. scripts/bench-import.sh build/tests/host/rtbench-fake-target /tmp/rtbench-old build/rtbench
n=100000
rounds=1
[ $# -ge 2 ] || { echo "usage: bench-import.sh FAKE_TARGET RTBENCH [RTBENCH...] [-n N] [-r R]" >&2; exit 2; }
fake=$1
shift
[ -x "$fake" ] || { echo "bench-import: no fake target at $fake" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
bins=
while [ $# -gt 0 ]; do
    case $1 in
    -n) n=$2; shift 2 ;;
    -r) rounds=$2; shift 2 ;;
    *) [ -x "$1" ] || { echo "bench-import: no rtbench at $1" >&2; exit 2; }; bins="$bins $1"; shift ;;
    esac
done
case $n in '' | *[!0-9]* | 0) echo "bench-import: -n must be a positive integer, not: $n" >&2; exit 2 ;; esac
case $rounds in '' | *[!0-9]* | 0) echo "bench-import: -r must be a positive integer, not: $rounds" >&2; exit 2 ;; esac
"$fake" good "$n" >"$tmp/in.log" || exit 2
printf '%s results, %s bytes, %s round(s), load average %s\n' "$n" "$(wc -c <"$tmp/in.log")" "$rounds" \
    "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
printf '%-40s %10s %10s %12s\n' rtbench "cpu s" "wall s" "results/s"
: >"$tmp/all"
r=0
while [ $r -lt "$rounds" ]; do
    r=$((r + 1))
    for b in $bins; do
        rm -f "$tmp/b.db" "$tmp/b.db-wal" "$tmp/b.db-shm"
        /usr/bin/time -f '%U %S %e' -o "$tmp/time" "$b" import --db "$tmp/b.db" "$tmp/in.log" >/dev/null 2>"$tmp/err" ||
            { echo "bench-import: $b failed: $(head -1 "$tmp/err")" >&2; exit 2; }
        awk -v b="$b" -v n="$n" '{ cpu = $1 + $2; printf "%-40s %10.2f %10.2f %12.0f\n", b, cpu, $3, (cpu > 0 ? n / cpu : 0) }' "$tmp/time" |
            tee -a "$tmp/all"
    done
done
[ "$rounds" -gt 1 ] || exit 0
echo "least CPU time of $rounds rounds:"
for b in $bins; do
    awk -v b="$b" -v n="$n" '$1 == b && (best == "" || $2 < best) { best = $2; wall = $3 }
        END { printf "%-40s %10.2f %10.2f %12.0f\n", b, best, wall, (best > 0 ? n / best : 0) }' "$tmp/all"
done
