#!/bin/sh
# The time and size of the report of a wide kernel comparison (7 runs x 80
# metrics, tests/host/test_report_size.sh), on this host: the figures of
# ROUNDS reports printed, no verdict (the test asserts the size; a host time
# on a shared machine is a benchmark's figure, not a test's assertion).
#   scripts/bench-report.sh [RTBENCH] [ROUNDS]   (default build/rtbench, from `make all`; 3)
rtb=${1:-build/rtbench}
rounds=${2:-3}
[ -x "$rtb" ] || { echo "bench-report: no host tool at $rtb (make all)" >&2; exit 2; }
case $rounds in '' | *[!0-9]* | 0) echo "bench-report: ROUNDS must be a positive integer, not: $rounds" >&2; exit 2 ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
rtb=$(cd "$(dirname "$rtb")" && pwd)/$(basename "$rtb")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-report.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
i=0
while [ "$i" -lt "$rounds" ]; do
    i=$((i + 1))
    sh "$root/tests/host/test_report_size.sh" "$rtb" "$root/tests/fixtures" "$tmp/r$i" >"$tmp/out" 2>&1 ||
        { echo "bench-report: the report failed:" >&2; cat "$tmp/out" >&2; exit 2; }
    grep '^report of' "$tmp/out"
done
