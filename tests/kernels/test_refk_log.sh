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
. "$src/tests/kernels/committed_log.sh"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
log="$src/results/$board/refk.log"
run "$rtbench" run --target "qemu:$board" --db "$TMP/db" --log "$TMP/run.log"
check "the run is complete and passes (exit $rc): $(printf '%s' "$err" | tail -n 2)" '[ "$rc" -eq 0 ]'
same_as_committed "$name" "$TMP/run.log" "$log"
finish "$name"
