#!/bin/sh
# rtbench run --cycle-model on the isr.* benchmarks of a board: the windows the
# plugin sums must hold the instructions the board's counter measured (run
# refuses the run otherwise: "marks inconsistent"). The interrupt is pended by a
# store to the NVIC (STIR, or ISPR on ARMv6-M) that QEMU runs at the end of a
# block of its own, and the rest of the interrupted block runs after the
# handler, inside the window isr.resume.interrupted opens in the handler.
#   sh test_cycle_isr.sh <build/rtbench> <board> <core> <tmpdir>
. "$(dirname "$0")/../lib.sh"
rtbench=$1 board=$2 core=$3 TMP=$4
rm -rf "$TMP" && mkdir -p "$TMP" || exit 2
run "$rtbench" run --target qemu:$board --cycle-model $core --filter 'isr.*' --iterations 20 \
    --db "$TMP/cm.db"
check "run --cycle-model $core on $board exits 0 ($err)" '[ $rc -eq 0 ]'
for id in isr.resume.interrupted.thread.kernel isr.resume.different.thread.kernel; do
    check "$id has model-cycles" \
        'printf "%s\n" "$out" | sed -n "/^model-cycles/,\$p" | grep -q "^$id "'
done
finish "test_cycle_isr $board"
