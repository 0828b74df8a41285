#!/bin/sh
# kernel.<kernel>.<board>: a real kernel's check image, built and run by the
# one command a user types, checked against the committed raw log.
#   test_kernel.sh RTBENCH KERNEL BOARD KERNELS TREE SRC BUILD QEMU GCC
# KERNELS: a folder holding TREE (a folder) or TREE.tar.xz; empty: skipped.
# Exit 77 (skipped, one line) without the tree, QEMU or the cross compiler.
rtbench=$1 kernel=$2 board=$3 kernels=$4 tree=$5 src=$6 build=$7 qemu=$8 gcc=$9
name="kernel.$kernel.$board"
. "$src/tests/lib.sh"
. "$src/tests/kernels/committed_log.sh"
skip() {
    echo "$name: skipped: $*"
    exit 77
}
[ -n "$kernels" ] || skip "no kernel trees given (make test KERNELS=<folder of trees or .tar.xz>)"
[ -d "$kernels" ] || skip "KERNELS=$kernels is not a folder"
case "$qemu" in *NOTFOUND* | "") skip "qemu-system-arm not installed (scripts/deps.sh all)" ;; esac
case "$gcc" in *NOTFOUND* | "") skip "arm-none-eabi-gcc not installed (scripts/deps.sh all)" ;; esac
path=""
for cand in "$kernels/$tree" "$kernels/$tree.tar.xz" "$kernels/$tree.tar.gz"; do
    [ -e "$cand" ] && path=$cand && break
done
[ -n "$path" ] || skip "neither $tree nor $tree.tar.xz in $kernels"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
log="$src/results/$board/$kernel.log"

# Run 1 and 2: the one command; complete means every run has its end record.
# (check evaluates its test inside the function: $1 there is its own argument)
one_run() {
    n=$1
    run "$rtbench" run --target "qemu:$board" --kernel "$kernel=$path" --db "$TMP/db" \
        --log "$TMP/$n.log" --label "$kernel-$board-$n"
    check "run $n exits 0 or 1 (FAILED benchmarks), not $rc: $(printf '%s' "$err" | tail -n 3)" \
        '[ "$rc" -le 1 ]'
    check "run $n printed records" '[ -s "$TMP/$n.log" ]'
}
one_run 1
if [ "$fail" -ne 0 ]; then
    finish "$name"
    exit 1
fi
one_run 2
heads=$(records "$TMP/1.log" | grep -c '^RTB1 H ')
ends=$(records "$TMP/1.log" | grep -c '^RTB1 E ')
check "every run has its end record ($heads headers, $ends ends)" '[ "$heads" -ge 1 ] && [ "$heads" = "$ends" ]'
run "$rtbench" list --db "$TMP/db"
check "every stored run is complete: $out" '! printf "%s\n" "$out" | sed 1d | grep -qv " complete "'
bare=$(records "$TMP/1.log" | grep '^RTB1 N ' | grep -cv ' reason=[^ *]')
check "every n/a has a reason ($bare without)" '[ "$bare" -eq 0 ]'
check "a repeated run is byte-identical" 'cmp -s "$TMP/1.log" "$TMP/2.log"'

# A FAILED benchmark is a result only when the committed log has it too.
records "$TMP/1.log" | grep '^RTB1 F ' | sed 's/ \*[0-9a-f]*$//' >"$TMP/failed"
while IFS= read -r f; do
    id=$(printf '%s\n' "$f" | sed 's/^RTB1 F id=\([^ ]*\).*/\1/')
    check "$id FAILED and the committed log does not publish that failure" \
        '[ -f "$log" ] && records "$log" | grep -qF "$f"'
done <"$TMP/failed"

# The committed log: identical under icount when built by the same compiler.
same_as_committed "$name" "$TMP/1.log" "$log"

# The contract probe: the adapter call by call on the real kernel.
probe="$build/kernels/$kernel-$board/rtbench-$kernel-contract-$board.elf"
machine=$(sed -n 's/^set(RTB_BOARD_QEMU_MACHINE \([^ )]*\).*/\1/p' "$src/boards/$board/board.cmake")
if [ -f "$probe" ]; then
    run timeout 600 "$qemu" -M "$machine" -display none -serial stdio -monitor none \
        -semihosting-config enable=on,target=native -icount shift=10,sleep=off -kernel "$probe"
    line=$(printf '%s\n' "$out" | grep '^contract: ' | tail -n 1)
    echo "$name: $line"
    check "contract probe exits 0 ($rc): $line" '[ "$rc" -eq 0 ]'
    check "contract probe: no failed check ($line)" \
        'printf "%s\n" "$line" | grep -q "^contract: [1-9][0-9]* passed, 0 failed"'
else
    ko "no contract probe $probe"
fi
finish "$name"
