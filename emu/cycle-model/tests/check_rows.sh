#!/bin/sh
# Cycle-model validation (docs/cycle-model.md, 3(a)): runs the marked guests
# under QEMU with the plugin for each core and compares every row's model
# cycles with expected.txt. Prints the table, then "N passed, N failed".
#   check_rows.sh QEMU PLUGIN GUEST_DIR EXPECTED
set -u
qemu=$1 plugin=$2 dir=$3 expected=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# column  machine      image            plugin arguments
configs='m0 microbit micro-cortex-m0.elf core=cortex-m0
m0plus microbit micro-cortex-m0.elf core=cortex-m0plus
m3 mps2-an385 micro-cortex-m3.elf core=cortex-m3
m3ws2 mps2-an385 micro-cortex-m3.elf core=cortex-m3,ws=2
m4 mps2-an386 micro-cortex-m4.elf core=cortex-m4
m33 mps2-an505 micro-cortex-m33.elf core=cortex-m33'

echo "$configs" | while read -r col machine image args; do
    out="$tmp/$col.txt"
    if ! timeout 60 "$qemu" -M "$machine" -display none -serial null -monitor none \
        -icount shift=10,sleep=off -semihosting-config enable=on,target=native \
        -kernel "$dir/$image" -plugin "$plugin,$args,elf=$dir/$image,out=$out" \
        </dev/null >"$tmp/$col.log" 2>&1; then
        echo "$col: QEMU failed:" >&2
        cat "$tmp/$col.log" >&2
        : >"$out"
    fi
    # tag -> cycles of the row's window
    awk '$1 == "B" && $3 != "-" { sub("cycles=", "", $5); print $3, $5 }' "$out" >"$tmp/$col.got"
done

awk -F '\t' -v tmp="$tmp" '
BEGIN {
    ncol = split("m0 m0plus m3 m3ws2 m4 m33", cols, " ")
    for (c = 1; c <= ncol; c++) {
        f = tmp "/" cols[c] ".got"
        while ((getline line < f) > 0) {
            split(line, kv, " ")
            got[cols[c], kv[1]] = kv[2]
        }
    }
    printf "| row | sequence | manual | M0 | M0+ | M3 | M3 ws=2 | M4 | M33 | source |\n"
    printf "|---|---|---|---|---|---|---|---|---|---|\n"
}
/^#/ || NF < 10 { next }
{
    row = sprintf("| %s | %s | %s |", $1, $2, $3)
    for (c = 1; c <= ncol; c++) {
        want = $(3 + c)
        if (want == "-") { row = row " - |"; continue }
        have = ((cols[c], $1) in got) ? got[cols[c], $1] : "none"
        if (have == want) { pass++; row = row sprintf(" %s ok |", have) }
        else { failed++; row = row sprintf(" **%s (want %s) FAIL** |", have, want) }
    }
    print row " " $10 " |"
}
END {
    printf "%d passed, %d failed\n", pass, failed
    exit failed > 0
}' "$expected"
