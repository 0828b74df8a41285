#!/bin/sh
# rtbench sweep --target qemu:BOARD: a small grid from the one image, two
# points at once; RAM and ROM in every CSV row, the same durations when it
# runs again (icount), async not slower than sync where switches dominate,
# a larger message never slower for the same payload, every point checked.
#   sh test_sweep_qemu.sh <build/rtbench> <board> <tmpdir>
. "$(dirname "$0")/../lib.sh"
rtbench=$1
board=$2
tmp=$3
rm -rf "$tmp" && mkdir -p "$tmp" || exit 2

db="$tmp/sweep.db"
# the grid, then two of its points again
sweep() { # N ARGS...
    n=$1
    shift
    "$rtbench" sweep --target "qemu:$board" --payload 2K --jobs 2 --db "$db" --label "sweep$n" \
        --csv "$tmp/$n.csv" --plot "$tmp/$n.svg" "$@" >"$tmp/out$n" 2>"$tmp/err$n"
    rc=$?
    check "sweep $n exits 0 ($rc)" '[ $rc -eq 0 ]' || cat "$tmp/err$n"
}
sweep 1 --sizes 4,8,16,32 --consumers 1,4
sweep 2 --sizes 8 --consumers 4
check "16 rows, 8 columns" '[ "$(wc -l <"$tmp/1.csv")" -eq 16 ] && ! awk -F, "NF != 8" "$tmp/1.csv" | grep -q .'
"$rtbench" show sweep1 --db "$db" >"$tmp/show"
ram=$(sed -n 's/^  ram  *\([0-9]*\)$/\1/p' "$tmp/show")
rom=$(sed -n 's/^  rom  *\([0-9]*\)$/\1/p' "$tmp/show")
check "the run's header has the image's RAM ($ram) and ROM ($rom) and their sections" '[ -n "$ram" ] && [ -n "$rom" ] && grep -q "^  ram_sections .*\.bss:" "$tmp/show" && grep -q "^  rom_sections .*\.text:" "$tmp/show"'
check "RAM and ROM in every row" '! awk -F, -v ram="$ram" -v rom="$rom" "\$5 != ram || \$6 != rom" "$tmp/1.csv" | grep -q .'
check "the run is complete, 16 points measured" 'grep -q "^status:   complete" "$tmp/show" && [ "$(grep -c "^msgq\.\(a\)\{0,1\}sync\.c[14]\.s[0-9]*\.p2048 .* B/s " "$tmp/show")" -eq 16 ]'
check "every consumer received the payload (2048 bytes each)" '! awk -F, "{ print \$2 * 2048 }" "$tmp/1.csv" | while read -r b; do grep -q " bytes=$b " "$tmp/show" || echo x; done | grep -q x'
check "icount: the same points again, byte-identical rows" '[ "$(wc -l <"$tmp/2.csv")" -eq 2 ] && grep -q "^SYNC,4,8," "$tmp/2.csv" && ! grep -v -x -F -f "$tmp/1.csv" "$tmp/2.csv" | grep -q .'
# duration_ns by style,consumers,size
dur() { awk -F, -v s="$1" -v c="$2" -v z="$3" '$1 == s && $2 == c && $3 == z { print $4 }' "$tmp/1.csv"; }
for c in 1 4; do
    for z in 4 8 16; do
        sy=$(dur SYNC $c $z)
        as=$(dur ASYNC $c $z)
        check "c$c s$z: async ($as ns) not slower than sync ($sy ns)" '[ -n "$as" ] && [ "$as" -le "$sy" ]'
    done
    for st in SYNC ASYNC; do
        for z in 8 16 32; do
            a=$(dur $st $c $((z / 2)))
            b=$(dur $st $c $z)
            check "$st c$c: s$z ($b ns) takes no longer than s$((z / 2)) ($a ns)" '[ -n "$b" ] && [ "$b" -le "$a" ]'
        done
    done
done
check "progress: a line per point, the last one 16/16" 'grep -q "^\[16/16\] msgq\." "$tmp/err1"'
check "the plot has a line per style and consumer count" '[ "$(grep -c "<polyline" "$tmp/1.svg")" -eq 4 ]'
finish test_sweep_qemu
