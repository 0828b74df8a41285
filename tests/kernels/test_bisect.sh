#!/bin/sh
# A regression found over a kernel's history, end to end: a scratch git copy
# of FreeRTOS (from the kernel trees) gets four commits, the third of which
# slows xQueueGenericSend (the path of a semaphore give) by four NOPs; each
# revision is built and run under QEMU -icount on mps2-an385 (run --kernel:
# the tree's revision stored as kernel_rev), `rtbench history` puts its one
# change point at that commit, and `git bisect run rtbench bisect ...` names
# it. rtbench builds in a private build tree ($TMP/bt), so that the
# kernel.freertos tests' build folder is not reconfigured.
# Usage: sh test_bisect.sh <rtbench> <kernels-dir> <src> <qemu> <arm-gcc>
rtbench=$1 kernels=$2 src=$3 qemu=$4 gcc=$5
name=kernel.bisect
. "$src/tests/lib.sh"
skip() {
    echo "$name: skipped: $*"
    exit 77
}
tarball=$kernels/FreeRTOS-Kernel-V11.1.0.tar.xz
[ -n "$kernels" ] || skip "no kernel trees given (make test KERNELS=<folder of trees or .tar.xz>)"
[ -f "$tarball" ] || skip "no $tarball"
case "$qemu" in *NOTFOUND* | "") skip "qemu-system-arm not installed (scripts/deps.sh all)" ;; esac
case "$gcc" in *NOTFOUND* | "") skip "arm-none-eabi-gcc not installed (scripts/deps.sh all)" ;; esac
command -v git >/dev/null || skip "git not installed (scripts/deps.sh all)"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/bt" "$TMP/src"
cp "$rtbench" "$TMP/bt/rtbench"
echo "CMAKE_HOME_DIRECTORY:INTERNAL=$src" >"$TMP/bt/CMakeCache.txt"
RTB=$TMP/bt/rtbench DB=$TMP/b.db
M=semaphore.give.immediate.kernel
tar -xf "$tarball" -C "$TMP/src"
T=$(echo "$TMP"/src/*)
g() { git -C "$T" -c user.name=rtbench -c user.email=rtbench@localhost "$@" >/dev/null; }
g init -q && g add -A && g commit -q -m "c0: FreeRTOS V11.1.0"
echo "(a note)" >>"$T/History.txt" && g commit -q -am "c1: a note"
sed -i 's/^\( *\)traceENTER_xQueueGenericSend(.*/&\n\1__asm volatile ("nop\\n nop\\n nop\\n nop");/' "$T/queue.c"
check "the slowing edit is in queue.c" 'grep -q "__asm volatile (\"nop" "$T/queue.c"'
g commit -q -am "c2: four NOPs in xQueueGenericSend"
echo "(another note)" >>"$T/History.txt" && g commit -q -am "c3: another note"
revs=$(git -C "$T" rev-list --reverse HEAD)
bad=$(git -C "$T" rev-parse HEAD~1)

# ---- each revision built and run: history's change point ----
i=0
for rev in $revs; do
    g checkout -q "$rev"
    run "$RTB" run --target qemu:mps2-an385 --kernel "freertos=$T" --filter 'semaphore.give.*' \
        --db "$DB" --label "c$i" --meta series=bisect
    check "c$i built and run ($rc): $(printf '%s' "$err" | tail -n 2)" '[ $rc -eq 0 ]'
    i=$((i + 1))
done
run "$RTB" show --db "$DB" c2
check "the run stores the tree's revision, clean" 'echo "$out" | grep -q "^  kernel_rev *$bad$" && echo "$out" | grep -q "^  kernel_dirty *no$"'
run "$RTB" history --db "$DB" --where series=bisect "$M"
echo "$out"
check "history: one change point, at the slowing commit" '[ "$(echo "$out" | grep -c "change point$")" -eq 1 ] && echo "$out" | grep "change point$" | grep -q " $(echo "$bad" | cut -c1-12) "'

# ---- git bisect run rtbench bisect: names the commit ----
g checkout -q master 2>/dev/null || g checkout -q main
first=$(echo "$revs" | head -n 1)
run git -C "$T" bisect start HEAD "$first"
run git -C "$T" bisect run "$RTB" bisect --reference c0 --metrics "$M" --threshold 1 --db "$DB" \
    -- --target qemu:mps2-an385 --kernel "freertos=$T" --filter 'semaphore.give.*'
check "git bisect run: the first bad commit is the slowing one ($rc): $(echo "$out" | grep "first bad")" \
    '[ $rc -eq 0 ] && echo "$out" | grep -q "^$bad is the first bad commit"'
check "bisect said good and bad with the figures" 'echo "$err" | grep -q "rtbench bisect: good" && echo "$err" | grep -q "rtbench bisect: bad"'
run "$RTB" bisect --reference nosuch --metrics "$M" --db "$DB" -- --target qemu:mps2-an385
check "bisect: no reference run: 128 (git bisect run stops)" '[ $rc -eq 128 ]'
finish "$name"
