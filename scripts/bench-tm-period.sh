#!/bin/sh
# Thread-Metric's tm.basic score against its period, on this host: the
# figures side by side, no verdict (a timing ratio on a shared machine is a
# benchmark's figure, not a test's assertion; tests/posix asserts only that
# each period gives a score).
#   scripts/bench-tm-period.sh [RTBENCH_POSIX] [ROUNDS]
# RTBENCH_POSIX: the POSIX suite image (default build/rtbench-posix, from
# `make all`); ROUNDS: runs per period (default 3).
bin=${1:-build/rtbench-posix}
rounds=${2:-3}
[ -x "$bin" ] || { echo "bench-tm-period: no POSIX image at $bin (make all)" >&2; exit 2; }
case $rounds in '' | *[!0-9]* | 0) echo "bench-tm-period: ROUNDS must be a positive integer, not: $rounds" >&2; exit 2 ;; esac
score() { "$bin" --filter tm.basic --params "tm_period_ms=$1" 2>/dev/null | sed -n 's/^RTB1 R id=tm\.basic .* p50=\([0-9]*\) .*/\1/p'; }
printf '%-6s %12s %12s %8s\n' round "50 ms" "100 ms" ratio
i=1
while [ "$i" -le "$rounds" ]; do
    a=$(score 50)
    b=$(score 100)
    if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -gt 0 ]; then
        r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')
    else
        r=-
    fi
    printf '%-6s %12s %12s %8s\n' "$i" "${a:--}" "${b:--}" "$r"
    i=$((i + 1))
done
echo "(about 2.00 on an idle machine; load on the cores makes it anything)"
