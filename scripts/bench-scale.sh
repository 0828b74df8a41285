#!/bin/sh
# How compare, report and import scale with the number of runs and results,
# on this host: CPU times printed side by side with their ratios, no verdict
# (a ratio of host times is a benchmark's figure, not a test's assertion:
# the tests check only that the commands run and give whole output).
#   scripts/bench-scale.sh [RTBENCH]    (default build/rtbench, from `make all`)
# Linear: 100 runs cost about 2x 50 runs, 8000 results about 4x 2000.
rtb=${1:-build/rtbench}
[ -x "$rtb" ] || { echo "bench-scale: no host tool at $rtb (make all)" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
rtb=$(cd "$(dirname "$rtb")" && pwd)/$(basename "$rtb")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
sh "$root/tests/host/test_scale.sh" "$rtb" "$root/tests/fixtures" "$tmp/scale" 2>&1 | grep -E 'CPU|^report'
sh "$root/tests/host/test_defects.sh" "$rtb" "$root/tests/fixtures" "$tmp/defects" 2>&1 | grep -E '^4: .*CPU'
