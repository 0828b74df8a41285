#!/bin/sh
# rtbench's NuttX check application: one NuttX build, run by
# CMakeLists.txt's custom command (NuttX builds with its own make, in its tree).
#   build.sh TREE WORK NXBOARD DEFCONFIG JOBS SUITE_ELF CONTRACT_ELF
# TREE/nuttx is copied once into WORK/nuttx (the kernel tree stays as
# unpacked); DEFCONFIG becomes its boards/.../NXBOARD/configs/rtbench
# configuration, configured again when it changed (its dependency lists
# marked made: a released tree); then make builds it with
# WORK/apps (the generated apps folder, beside WORK/nuttx) twice: the suite image, then the contract
# probe (only the apps library and the link are redone).
set -eu
tree=$1 work=$2 board=$3 defconfig=$4 jobs=$5 suite_elf=$6 contract_elf=$7
top=$work/nuttx
if [ ! -f "$top/.rtbench-copied" ]; then
    rm -rf "$top"
    cp -a "$tree/nuttx" "$top"
    touch "$top/.rtbench-copied"
fi
boarddir=$(find "$top/boards" -mindepth 3 -maxdepth 3 -type d -name "$board" | head -n 1)
[ -n "$boarddir" ] || { echo "nuttx: no board $board in $tree/nuttx/boards" >&2; exit 1; }
cfg=$boarddir/configs/rtbench
mkdir -p "$cfg"
# configured again unless this defconfig is the one it was last configured with
if ! cmp -s "$defconfig" "$top/.rtbench-configured"; then
    rm -f "$top/.rtbench-configured"
    cp "$defconfig" "$cfg/defconfig"
    (cd "$top" && { [ ! -f .config ] || make distclean >/dev/null 2>&1 || true; } &&
        tools/configure.sh -l -a ../apps "$board:rtbench" >"$work/configure.log" 2>&1) ||
        { tail -n 20 "$work/configure.log" >&2; exit 1; }
    # NuttX's make first lists every source file's headers (pass2dep: a
    # preprocessor run per file, one folder at a time), for rebuilds after a
    # header changes; this tree is built as released, so those lists are
    # marked made: on 2 cores that step took as long as the compilation.
    for d in sched drivers boards arch/arm/src arch/arm/src/board fs binfmt libs/libc mm; do
        touch "$top/$d/.depend"
    done
    cp "$defconfig" "$top/.rtbench-configured"
fi
for variant in suite contract; do
    (cd "$top" && make -j"$jobs" RTB_VARIANT=$variant >"$work/make-$variant.log" 2>&1) ||
        { tail -n 30 "$work/make-$variant.log" >&2; exit 1; }
    if [ "$variant" = suite ]; then cp "$top/nuttx" "$suite_elf"; else cp "$top/nuttx" "$contract_elf"; fi
done
