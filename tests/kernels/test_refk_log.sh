#!/bin/sh
# results.refk.<board>: the reference kernel's committed raw log is what this
# tree's image prints: `rtbench run --target qemu:BOARD --log` must give
# results/BOARD/refk.log byte for byte under icount (the published tables of
# docs/ come from it), unless the log was built by another compiler (one line
# naming both, and the run's own checks still apply).
#   test_refk_log.sh RTBENCH BOARD SRC
rtbench=$1 board=$2 src=$3
name="results.refk.$board"
. "$src/tests/lib.sh"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
log="$src/results/$board/refk.log"
run "$rtbench" run --target "qemu:$board" --db "$TMP/db" --log "$TMP/run.log"
check "the run is complete and passes (exit $rc): $(printf '%s' "$err" | tail -n 2)" '[ "$rc" -eq 0 ]'
cc_of() { sed -n 's/.*RTB1 H .* cc=\([^ ]*\).*/\1/p' "$1" | head -n 1 | sed 's/%20/ /g'; }
if cmp -s "$TMP/run.log" "$log"; then
    ok
elif [ "$(cc_of "$TMP/run.log")" != "$(cc_of "$log")" ]; then
    echo "$name: comparison with $log skipped: it was built by gcc $(cc_of "$log"), this run by gcc $(cc_of "$TMP/run.log")"
else
    diff "$log" "$TMP/run.log" | head -n 20 >&2
    ko "this run differs from $log (same compiler): a change that moves a figure regenerates the log (and scripts/doc-tables.sh) in the same commit"
fi
finish "$name"
