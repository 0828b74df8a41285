#!/bin/sh
# The plugin changes nothing a guest can see: the same image gives the same
# console output and exit status with and without the plugin, both an image
# without window marks (no mark block: the plugin writes only its summary) and
# one with them. Ends with "N passed, N failed".
#   check_unmarked.sh QEMU PLUGIN UNMARKED_ELF MARKED_ELF
set -u
qemu=$1 plugin=$2 unmarked=$3 marked=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

run() { # image out [plugin args]
    img=$1 out=$2
    shift 2
    timeout 60 "$qemu" -M mps2-an385 -display none -serial null -monitor none \
        -icount shift=10,sleep=off -semihosting-config enable=on,target=native \
        -kernel "$img" "$@" </dev/null >"$out" 2>&1
    echo $? >>"$out"
}

check() { # name condition...
    name=$1
    shift
    if "$@"; then
        pass=$((pass + 1))
        echo "ok   $name"
    else
        fail=$((fail + 1))
        echo "FAIL $name"
    fi
}

for img in "$unmarked" "$marked"; do
    base=$(basename "$img" .elf)
    run "$img" "$tmp/$base.plain"
    run "$img" "$tmp/$base.plugin" -plugin "$plugin,core=cortex-m3,elf=$img,out=$tmp/$base.model"
    check "$base: guest output and exit status unchanged by the plugin" \
        cmp -s "$tmp/$base.plain" "$tmp/$base.plugin"
    check "$base: guest ran to its end" grep -q "cycle-model guest: systick" "$tmp/$base.plain"
done
ub=$(basename "$unmarked" .elf)
check "$ub: no window, no benchmark" grep -q " windows=0 benchmarks=0 " "$tmp/$ub.model"
check "$ub: no W or B line" sh -c "! grep -q '^[WB] ' '$tmp/$ub.model'"
check "$ub: marks=none in the model line" grep -q "marks=none" "$tmp/$ub.model"
# an image loaded without elf=: no handlers, no marks, still unchanged
run "$unmarked" "$tmp/noelf.plugin" -plugin "$plugin,core=cortex-m3,out=$tmp/noelf.model"
check "$ub without elf=: output unchanged" cmp -s "$tmp/$ub.plain" "$tmp/noelf.plugin"
# two runs of the marked image give byte-identical model files
mb=$(basename "$marked" .elf)
run "$marked" "$tmp/again.plugin" -plugin "$plugin,core=cortex-m3,elf=$marked,out=$tmp/again.model"
check "$mb: model file identical when repeated" cmp -s "$tmp/$mb.model" "$tmp/again.model"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
