#!/bin/sh
# rtbench run --target qemu:BOARD --kernel NAME=TREE end to end, with the
# fake check application (tests/host/kernel_apps/fake/app, through
# RTBENCH_KERNEL_APPS), whose images are copies of the reference kernel's
# image of this build tree: so each image's --log must equal, byte for byte,
# the --log of `rtbench run --target qemu:BOARD` (same argv, same icount).
# A folder tree: one image, a complete run whose header has kernel_tree and
# image, the label as given; configured once, not again for the same tree.
# A .tar.xz tree with two images: unpacked once into <build>/kernels/src/ and
# reused, unpacked again when the archive changes; two runs labelled L-A and
# L-B; the --log holds both outputs one after the other. rtbench sweep
# --kernel: the folder tree's image gives the CSV of the refk image's sweep,
# the header names the tree and the image; two images are refused.
#   sh test_run_kernel.sh <build/rtbench> <board> <tmpdir>
. "$(dirname "$0")/../lib.sh"
rtbench=$1
board=$2
rm -rf "$3" && mkdir -p "$3" || exit 2
tmp=$(cd "$3" && pwd -P)
TMP=$tmp
build=$(cd "$(dirname "$rtbench")" && pwd -P)
RTBENCH_KERNEL_APPS=$(cd "$(dirname "$0")/../host/kernel_apps" && pwd -P)
export RTBENCH_KERNEL_APPS
db=$tmp/kernel.db
bdir=$build/kernels/fake-$board
configures() { wc -l <"$bdir/configured.txt" 2>/dev/null | tr -d ' ' || echo 0; }
# hdr RUN KEY: the value of header key KEY of run RUN
hdr() { hdr_of "$db" "$@"; }
hdr_of() { "$rtbench" show --db "$1" "$2" 2>/dev/null | sed -n "s/^  $3  *//p"; }
filter='calib.*'

run "$rtbench" run --target qemu:$board --filter "$filter" --db "$tmp/refk.db" --log "$tmp/refk.log"
check "refk image: run exits 0" '[ $rc -eq 0 ]'

# ---- a folder tree --------------------------------------------------------
rm -rf "$bdir"
mkdir -p "$tmp/tree"
echo "fake kernel" >"$tmp/tree/fake-kernel.txt"
run "$rtbench" run --target qemu:$board --kernel "fake=$tmp/tree" --filter "$filter" --label k \
    --db "$db" --log "$tmp/one.log"
check "folder tree: exit 0" '[ $rc -eq 0 ]' || echo "$err" >&2
check "folder tree: one run stored, complete" \
    '[ "$(echo "$err" | grep -c "stored run 1 (.*complete")" -eq 1 ] && ! echo "$err" | grep -q "stored run 2"'
check "folder tree: header kernel_tree is the tree" '[ "$(hdr 1 kernel_tree)" = "$tmp/tree" ]'
check "folder tree: header image" '[ "$(hdr 1 image)" = "rtbench-fake-$board.elf" ]'
check "folder tree: header rom, ram, icount" '[ -n "$(hdr 1 rom)" ] && [ -n "$(hdr 1 ram)" ] && [ "$(hdr 1 icount)" = 10 ]'
check "folder tree: source qemu:$board, label k" \
    '"$rtbench" list --db "$db" | grep -q "qemu:$board.* k *\$\|k .*qemu:$board"'
check "folder tree: the --log equals the refk image's" 'cmp -s "$tmp/refk.log" "$tmp/one.log"'
check "folder tree: configured once" '[ "$(configures)" = 1 ]'
# a relative TREE: stored absolute; the same tree: not configured again
run sh -c "cd '$tmp' && '$rtbench' run --target qemu:$board --kernel fake=tree --filter '$filter' --db '$db'"
check "same tree again: exit 0" '[ $rc -eq 0 ]'
check "same tree again: not configured again" '[ "$(configures)" = 1 ]'
check "relative tree: kernel_tree absolute" '[ "$(hdr 2 kernel_tree)" = "$tmp/tree" ]'

# ---- sweep --kernel: the same grid on the check application's image ------
# (a database of its own: the run ids below stay as they are)
sw="--sizes 8 --consumers 1,2 --styles sync --payload 1K --jobs 1"
run "$rtbench" sweep --target qemu:$board $sw --db "$tmp/refk.db" --csv "$tmp/refk.csv"
check "sweep, refk image: exit 0" '[ $rc -eq 0 ]' || echo "$err" >&2
run "$rtbench" sweep --target qemu:$board --kernel "fake=$tmp/tree" $sw --db "$tmp/sweep.db" \
    --csv "$tmp/k.csv"
check "sweep --kernel: exit 0, both points measured" \
    '[ $rc -eq 0 ] && echo "$err" | grep -q "stored run 1 (2 points: 2 measured"' || echo "$err" >&2
check "sweep --kernel: the CSV equals the refk image's" '[ -s "$tmp/k.csv" ] && cmp -s "$tmp/refk.csv" "$tmp/k.csv"'
check "sweep --kernel: header kernel_tree, image" \
    '[ "$(hdr_of "$tmp/sweep.db" 1 kernel_tree)" = "$tmp/tree" ] &&
     [ "$(hdr_of "$tmp/sweep.db" 1 image)" = "rtbench-fake-$board.elf" ]'
check "sweep --kernel: not configured again" '[ "$(configures)" = 1 ]'

# ---- an archive with two images -----------------------------------------
name=rtbench-fake-kernel-1.0
src=$build/kernels/src/$name
rm -rf "$src"
mkdir -p "$tmp/pkg/$name"
echo "images=A;B" >"$tmp/pkg/$name/fake-kernel.txt"
tar -cJf "$tmp/$name.tar.xz" -C "$tmp/pkg" "$name"
run "$rtbench" run --target qemu:$board --kernel "fake=$tmp/$name.tar.xz" --filter "$filter" --label t \
    --db "$db" --log "$tmp/two.log"
check "archive: exit 0" '[ $rc -eq 0 ]' || echo "$err" >&2
check "archive: two runs stored, 3 and 4" \
    'echo "$err" | grep -q "stored run 3 (.*complete" && echo "$err" | grep -q "stored run 4 (.*complete"'
check "archive: unpacked into kernels/src/$name/$name" '[ -f "$src/$name/fake-kernel.txt" ]'
check "archive: kernel_tree is the archive" \
    '[ "$(hdr 3 kernel_tree)" = "$tmp/$name.tar.xz" ] && [ "$(hdr 4 kernel_tree)" = "$tmp/$name.tar.xz" ]'
check "archive: images A then B" \
    '[ "$(hdr 3 image)" = "rtbench-fake-$board-A.elf" ] && [ "$(hdr 4 image)" = "rtbench-fake-$board-B.elf" ]'
check "archive: labels t-A and t-B" \
    '"$rtbench" list --db "$db" --label t-A | grep -q "^ *3 " && "$rtbench" list --db "$db" --label t-B | grep -q "^ *4 "'
cat "$tmp/refk.log" "$tmp/refk.log" >"$tmp/refk2.log"
check "archive: the --log holds both outputs, one after the other" 'cmp -s "$tmp/refk2.log" "$tmp/two.log"'
check "archive: another tree, configured again" '[ "$(configures)" = 2 ]'
touch "$src/$name/marker"
run "$rtbench" run --target qemu:$board --kernel "fake=$tmp/$name.tar.xz" --filter "$filter" --db "$db"
check "archive again: exit 0" '[ $rc -eq 0 ]'
check "archive again: reused, not unpacked again" '[ -f "$src/$name/marker" ]'
check "archive again: not configured again" '[ "$(configures)" = 2 ]'
touch -d '2001-02-03 04:05:06' "$tmp/$name.tar.xz"
run "$rtbench" run --target qemu:$board --kernel "fake=$tmp/$name.tar.xz" --filter "$filter" --db "$db"
check "archive changed: exit 0" '[ $rc -eq 0 ]'
check "archive changed: unpacked again" '[ ! -e "$src/$name/marker" ] && [ -f "$src/$name/fake-kernel.txt" ]'
check "archive changed: no unpacking folder left" '[ ! -e "$build/kernels/src/.$name.unpacking" ]'

run "$rtbench" sweep --target qemu:$board --kernel "fake=$tmp/$name.tar.xz" $sw --db "$tmp/sweep.db"
check "sweep --kernel with two images: refused, one line, exit 2" \
    '[ $rc -eq 2 ] && [ "$(echo "$err" | tail -n 1)" = "rtbench sweep: --kernel fake=$tmp/$name.tar.xz builds 2 images on $board; a sweep runs one image" ]' ||
    echo "$err" >&2

# an image's run that fails makes the exit status 1 (a filter the image refuses: 2)
run "$rtbench" run --target qemu:$board --kernel "fake=$tmp/$name.tar.xz" --filter nomatch --db "$db"
check "a filter the images refuse: exit 2, said per image" \
    '[ $rc -eq 2 ] && [ "$(echo "$err" | grep -c "selects no benchmark")" -eq 2 ]'
rm -rf "$src" "$bdir"
finish test_run_kernel
