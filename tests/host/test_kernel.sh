#!/bin/sh
# rtbench run --kernel NAME=TREE: every way it is refused before QEMU starts
# is one line (the last on stderr, the only "rtbench run:" line), exit 2,
# and no run stored: a malformed value, an unknown kernel (the known ones
# listed from the application folders), a board its boards.txt lacks, a
# target other than qemu:, --cycle-model, a missing tree, a file that is no
# archive, a corrupt archive, an archive without exactly one top folder,
# the application's configure failing (its CMake Error text in the line)
# and its build failing. The check application is the fake one
# (kernel_apps/fake/app, through RTBENCH_KERNEL_APPS); a run of it under
# QEMU is tests/qemu/test_run_kernel.sh.
#   sh test_kernel.sh <build/rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
APPS=$(cd "$(dirname "$0")/kernel_apps" && pwd -P)
BUILD=$(cd "$(dirname "$RTB")" && pwd -P)
export RTBENCH_KERNEL_APPS="$APPS"
DB=$TMP/kernel.db
nruns() { "$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l | tr -d ' '; }
"$RTB" run --db "$DB" --target "cmd:$FAKE good 2" >/dev/null 2>&1 # the database exists, one run
n0=$(nruns)
# refused WANT ARGS...: exit 2, the last stderr line is WANT (exactly), the
# only line of rtbench, nothing on stdout, no run stored
refused() {
    want=$1
    shift
    run "$RTB" run --db "$DB" "$@"
    last=$(printf '%s\n' "$err" | tail -n 1)
    if [ $rc -eq 2 ] && [ "$last" = "$want" ] && [ "$(printf '%s\n' "$err" | grep -c '^rtbench run:')" -eq 1 ] &&
        [ ! -s "$TMP/out" ] && [ "$(nruns)" -eq "$n0" ]; then
        ok
    else
        ko "rtbench run $* -> rc $rc, want '$want', stderr: $err"
    fi
}

mkdir -p "$TMP/tree" "$TMP/notkernel"
echo "fake kernel" >"$TMP/tree/fake-kernel.txt"

refused "rtbench run: --kernel wants NAME=TREE (freertos=FreeRTOS-Kernel-V11.1.0.tar.xz), not 'fake'" \
    --target qemu:microbit --kernel fake
refused "rtbench run: --kernel wants NAME=TREE (freertos=FreeRTOS-Kernel-V11.1.0.tar.xz), not '=x'" \
    --target qemu:microbit --kernel =x
refused "rtbench run: --target qemu: needs a board (qemu:mps2-an385)" --target qemu: --kernel "fake=$TMP/tree"
refused "rtbench run: --kernel: no check application for 'nosuch' (known: fake)" \
    --target qemu:microbit --kernel "nosuch=$TMP/tree"
# the known ones are the folders with an app/CMakeLists.txt, sorted
mkdir -p "$TMP/apps/zeta/app" "$TMP/apps/alpha/app" "$TMP/apps/noapp" "$TMP/apps/mid/app"
touch "$TMP/apps/zeta/app/CMakeLists.txt" "$TMP/apps/alpha/app/CMakeLists.txt"
RTBENCH_KERNEL_APPS="$TMP/apps" refused "rtbench run: --kernel: no check application for 'mid' (known: alpha zeta)" \
    --target qemu:microbit --kernel "mid=$TMP/tree"
refused "rtbench run: --kernel: no check application for '../fake' (known: fake)" \
    --target qemu:microbit --kernel "../fake=$TMP/tree"
refused "rtbench run: --kernel fake: board 'mps2-an505' is not supported by its check application (boards: mps2-an385 microbit)" \
    --target qemu:mps2-an505 --kernel "fake=$TMP/tree"
refused "rtbench run: --kernel applies to qemu: targets only, not 'host'" --kernel "fake=$TMP/tree"
refused "rtbench run: --kernel applies to qemu: targets only, not 'cmd:$FAKE good'" \
    --target "cmd:$FAKE good" --kernel "fake=$TMP/tree"
refused "rtbench run: --kernel applies to qemu: targets only, not 'serial:/dev/null'" \
    --target serial:/dev/null --kernel "fake=$TMP/tree"
refused "rtbench run: --flash applies to board targets only (serial:, tcp:, rfc2217://), not 'qemu:microbit'" \
    --target qemu:microbit --flash true --kernel "fake=$TMP/tree"
refused "rtbench run: --cycle-model has no marked image for a kernel's check application (drop one of --cycle-model and --kernel)" \
    --target qemu:microbit --cycle-model cortex-m0 --kernel "fake=$TMP/tree"
refused "rtbench run: --kernel fake: cannot read $TMP/nope: No such file or directory" \
    --target qemu:microbit --kernel "fake=$TMP/nope"
echo "not an archive" >"$TMP/tree.zip"
refused "rtbench run: --kernel fake: $TMP/tree.zip is neither a folder nor a .tar.xz, .tar.gz, .tgz or .tar file" \
    --target qemu:microbit --kernel "fake=$TMP/tree.zip"

# archives: corrupt, two top folders, one file; nothing of them is left behind
head -c 4096 /dev/urandom >"$TMP/rtbench-test-corrupt.tar.xz"
run "$RTB" run --db "$DB" --target qemu:microbit --kernel "fake=$TMP/rtbench-test-corrupt.tar.xz"
check "corrupt archive: exit 2, one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ]'
check "corrupt archive: names it and tar's reason" \
    'echo "$err" | grep -q "^rtbench run: --kernel fake: cannot unpack $TMP/rtbench-test-corrupt.tar.xz (tar exit status 2): ."'
check "corrupt archive: no run stored" '[ "$(nruns)" -eq "$n0" ]'
check "corrupt archive: nothing left in kernels/src" \
    '[ ! -e "$BUILD/kernels/src/rtbench-test-corrupt" ] && [ ! -e "$BUILD/kernels/src/.rtbench-test-corrupt.unpacking" ]'
mkdir -p "$TMP/two/a" "$TMP/two/b"
tar -cJf "$TMP/rtbench-test-two.tar.xz" -C "$TMP/two" a b
refused "rtbench run: --kernel fake: $TMP/rtbench-test-two.tar.xz holds 2 top-level entries, not one folder (the kernel tree)" \
    --target qemu:microbit --kernel "fake=$TMP/rtbench-test-two.tar.xz"
tar -cf "$TMP/rtbench-test-file.tar" -C "$TMP/tree" fake-kernel.txt
refused "rtbench run: --kernel fake: $TMP/rtbench-test-file.tar holds one file, not a folder (the kernel tree)" \
    --target qemu:microbit --kernel "fake=$TMP/rtbench-test-file.tar"
check "archives refused: nothing left in kernels/src" \
    '[ -z "$(ls -A "$BUILD/kernels/src" 2>/dev/null | grep rtbench-test-)" ]'

# the application's configure fails (the tree is not its kernel): its CMake
# Error text in the line; its output shown above it
refused "rtbench run: --kernel fake: configuring its check application failed: KERNEL_TREE: $TMP/notkernel is not the fake kernel (no fake-kernel.txt) (cmake -S $APPS/fake/app -B $BUILD/kernels/fake-microbit)" \
    --target qemu:microbit --kernel "fake=$TMP/notkernel"
check "configure failure: cmake's output shown" 'echo "$err" | grep -q "^CMake Error at"'
# configured again next time (a failed configure is not taken as done)
refused "rtbench run: --kernel fake: configuring its check application failed: KERNEL_TREE: $TMP/notkernel is not the fake kernel (no fake-kernel.txt) (cmake -S $APPS/fake/app -B $BUILD/kernels/fake-microbit)" \
    --target qemu:microbit --kernel "fake=$TMP/notkernel"
# its build fails
mkdir -p "$TMP/failing"
echo "fail-build" >"$TMP/failing/fake-kernel.txt"
refused "rtbench run: --kernel fake: building its check application failed (cmake --build $BUILD/kernels/fake-microbit)" \
    --target qemu:microbit --kernel "fake=$TMP/failing"

finish test_kernel
