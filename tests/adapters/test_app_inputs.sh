#!/bin/sh
# The kernels' check applications (ports/<kernel>/app, ports/adapter/app.cmake)
# refuse each missing or wrong input with one line naming the option, exit
# non-zero, and do so before any compiler is looked for (so this needs no
# kernel tree and no cross compiler: the trees here are fakes holding only the
# version header):
#   KERNEL_TREE not given, not a directory, not that kernel (the header looked
#   for), another version (found and expected), BOARD not given, a board not in
#   the application's boards.txt; RT-Thread's inner rt-thread/ folder accepted;
#   the same for Zephyr's superbuild and NuttX's application, which know their
#   trees by their own files.
# Also: every board of each boards.txt is a folder of boards/.
#   sh test_app_inputs.sh <cmake> <rtbench root> <temporary folder>
. "$(dirname "$0")/../lib.sh"
cmake=$1 rtb=$2 TMP=$3
rm -rf "$TMP" && mkdir -p "$TMP" || exit 2

# the error line: the one after "CMake Error at ...", without CMake's indent
configure() { # <app> <case> <cmake options...>
    app=$1 case=$2
    shift 2
    run "$cmake" -S "$rtb/ports/$app/app" -B "$TMP/b-$app-$case" "$@"
    line=$(printf '%s\n' "$err" | sed -n '/^CMake Error/{n;s/^   //p;q}')
}
expect() { # <app> <case> <expected line> <cmake options...>
    app=$1 case=$2 want=$3
    shift 3
    configure "$app" "$case" "$@"
    check "$app $case: exit status non-zero (got $rc)" '[ "$rc" -ne 0 ]'
    check "$app $case: error line '$line', expected '$want'" '[ "$line" = "$want" ]'
    check "$app $case: one error only" '[ "$(printf "%s\n" "$err" | grep -c "^CMake Error")" -eq 1 ]'
    check "$app $case: refused before a compiler was looked for" \
        '! printf "%s\n" "$out" | grep -q "compiler identification"'
}
# fake <dir> <file> <line...>: a tree holding only FILE with these lines
fake() {
    dir=$1 file=$2
    shift 2
    mkdir -p "$(dirname "$dir/$file")"
    printf '%s\n' "$@" >"$dir/$file"
}

# app, its name in the messages, the version expected, the version header,
# the tarball, then the header's lines of the expected and of another version
apps='freertos threadx rtthread ucos3'
name_freertos=FreeRTOS-Kernel ver_freertos=V11.1.0 hdr_freertos=include/task.h
tar_freertos=FreeRTOS-Kernel-V11.1.0.tar.xz
name_threadx=ThreadX ver_threadx=6.4.2 hdr_threadx=common/inc/tx_api.h tar_threadx=threadx-v6.4.2.tar.xz
name_rtthread=RT-Thread ver_rtthread=3.1.5 hdr_rtthread=include/rtdef.h
tar_rtthread=rtthread-nano-v3.1.5.tar.xz
# uC/OS-III's version is its one OS_VERSION macro (Vx.yy.zz times 10000)
name_ucos3=uC/OS-III ver_ucos3=30802 hdr_ucos3=uC-OS3/Source/os.h tar_ucos3=ucos3-v3.08.02.tar.xz
fake "$TMP/good-freertos" include/task.h '#define tskKERNEL_VERSION_NUMBER       "V11.1.0"'
fake "$TMP/old-freertos" include/task.h '#define tskKERNEL_VERSION_NUMBER       "V10.6.2"'
fake "$TMP/good-threadx" common/inc/tx_api.h '#define THREADX_MAJOR_VERSION           6' \
    '#define THREADX_MINOR_VERSION           4' '#define THREADX_PATCH_VERSION           2'
fake "$TMP/old-threadx" common/inc/tx_api.h '#define THREADX_MAJOR_VERSION           6' \
    '#define THREADX_MINOR_VERSION           1' '#define THREADX_PATCH_VERSION           12'
fake "$TMP/good-rtthread" rt-thread/include/rtdef.h '#define RT_VERSION                      3L' \
    '#define RT_SUBVERSION                   1L' '#define RT_REVISION                     5L'
fake "$TMP/old-rtthread" include/rtdef.h '#define RT_VERSION                      4L' \
    '#define RT_SUBVERSION                   1L' '#define RT_REVISION                     1L'
fake "$TMP/good-ucos3" uC-OS3/Source/os.h '#define  OS_VERSION  30802u'
fake "$TMP/old-ucos3" uC-OS3/Source/os.h '#define  OS_VERSION  30703u'
mkdir -p "$TMP/empty"

for app in $apps; do
    eval "name=\$name_$app ver=\$ver_$app hdr=\$hdr_$app tar=\$tar_$app"
    boards=$(sed 's/#.*//' "$rtb/ports/$app/app/boards.txt" | tr -s ' \t' '\n\n' | grep .)
    check "$app: boards.txt lists boards" '[ -n "$boards" ]'
    for b in $boards; do
        check "$app: boards.txt's $b is not a folder of boards/" '[ -f "$rtb/boards/$b/board.cmake" ]'
    done
    names=$(printf '%s\n' "$boards" | paste -sd, - | sed 's/,/, /g')
    first=$(printf '%s\n' "$boards" | sed -n 1p)
    expect $app no-tree "KERNEL_TREE not given: -DKERNEL_TREE=<the folder of $name $ver, unpacked from $tar>" \
        -DBOARD="$first"
    expect $app not-dir \
        "KERNEL_TREE '$TMP/missing' is not a directory (the folder of $name $ver, unpacked from $tar)" \
        -DKERNEL_TREE="$TMP/missing" -DBOARD="$first"
    expect $app not-kernel "KERNEL_TREE '$TMP/empty' is not a $name tree: no $hdr in it" \
        -DKERNEL_TREE="$TMP/empty" -DBOARD="$first"
    expect $app other-version "KERNEL_TREE '$TMP/old-$app' is $name $(
        case $app in freertos) echo V10.6.2 ;; threadx) echo 6.1.12 ;; rtthread) echo 4.1.1 ;;
        ucos3) echo 30703 ;; esac
    ), expected $ver" -DKERNEL_TREE="$TMP/old-$app" -DBOARD="$first"
    expect $app no-board "BOARD not given: -DBOARD=<one of $names>" -DKERNEL_TREE="$TMP/good-$app"
    expect $app bad-board "BOARD 'nrf52840dk' is not supported by the $app check application (boards: $names; $rtb/ports/$app/app/boards.txt)" \
        -DKERNEL_TREE="$TMP/good-$app" -DBOARD=nrf52840dk
done
# the tree's own folder names another kernel: FreeRTOS's app on ThreadX's tree
expect freertos wrong-kernel "KERNEL_TREE '$TMP/good-threadx' is not a FreeRTOS-Kernel tree: no include/task.h in it" \
    -DKERNEL_TREE="$TMP/good-threadx" -DBOARD=mps2-an385
# RT-Thread: the inner rt-thread/ given directly is accepted too (the board
# check after the tree's is reached)
expect rtthread inner "BOARD 'microbit' is not supported by the rtthread check application (boards: mps2-an385; $rtb/ports/rtthread/app/boards.txt)" \
    -DKERNEL_TREE="$TMP/good-rtthread/rt-thread" -DBOARD=microbit

# Zephyr's superbuild and NuttX's application know their trees by their own
# files (zephyr/VERSION; nuttx/tools/configure.sh and the folder's name) and
# refuse with the shared checks' lines (ports/adapter/app_checks.cmake)
zboards="mps2-an385, mps2-an521, microbit"
zwhat="Zephyr 4.3.0 (zephyr/, cmsis_6/, hal_nordic/), unpacked from zephyr-4.3.0.tar.xz"
fake "$TMP/good-zephyr" zephyr/VERSION 'VERSION_MAJOR = 4' 'VERSION_MINOR = 3' 'PATCHLEVEL = 0'
mkdir -p "$TMP/good-zephyr/cmsis_6"
fake "$TMP/old-zephyr" zephyr/VERSION 'VERSION_MAJOR = 3' 'VERSION_MINOR = 7' 'PATCHLEVEL = 1'
fake "$TMP/bare-zephyr" zephyr/VERSION 'VERSION_MAJOR = 4' 'VERSION_MINOR = 3' 'PATCHLEVEL = 0'
expect zephyr no-tree "KERNEL_TREE not given: -DKERNEL_TREE=<the folder of $zwhat>" \
    -DKERNEL_TREE= -DBOARD=mps2-an385
expect zephyr not-dir "KERNEL_TREE '$TMP/missing' is not a directory (the folder of $zwhat)" \
    -DKERNEL_TREE="$TMP/missing" -DBOARD=mps2-an385
expect zephyr not-kernel "KERNEL_TREE '$TMP/empty' is not a Zephyr tree: no zephyr/VERSION in it" \
    -DKERNEL_TREE="$TMP/empty" -DBOARD=mps2-an385
expect zephyr other-version "KERNEL_TREE '$TMP/old-zephyr' is Zephyr 3.7.1, expected 4.3.0" \
    -DKERNEL_TREE="$TMP/old-zephyr" -DBOARD=mps2-an385
expect zephyr no-cmsis "KERNEL_TREE '$TMP/bare-zephyr' has no cmsis_6/ beside zephyr/ (Zephyr's CMSIS 6 module)" \
    -DKERNEL_TREE="$TMP/bare-zephyr" -DBOARD=mps2-an385
expect zephyr no-board "BOARD not given: -DBOARD=<one of $zboards>" -DKERNEL_TREE="$TMP/good-zephyr"
expect zephyr bad-board "BOARD 'nrf52840dk' is not supported by the zephyr check application (boards: $zboards; $rtb/ports/zephyr/app/boards.txt)" \
    -DKERNEL_TREE="$TMP/good-zephyr" -DBOARD=nrf52840dk
nboards="mps2-an500, mps2-an521"
nwhat="NuttX 13.0.0 (nuttx/, apps/), unpacked from nuttx-13.0.0.tar.xz"
for t in nuttx-13.0.0 nuttx-12.0.0 misnamed; do
    fake "$TMP/$t" nuttx/tools/configure.sh '#!/bin/sh'
    fake "$TMP/$t" nuttx/sched/Kconfig '# sched'
done
expect nuttx no-tree "KERNEL_TREE not given: -DKERNEL_TREE=<the folder of $nwhat>" -DBOARD=mps2-an500
expect nuttx not-dir "KERNEL_TREE '$TMP/missing' is not a directory (the folder of $nwhat)" \
    -DKERNEL_TREE="$TMP/missing" -DBOARD=mps2-an500
expect nuttx not-kernel "KERNEL_TREE '$TMP/empty' is not a NuttX tree: no nuttx/tools/configure.sh in it" \
    -DKERNEL_TREE="$TMP/empty" -DBOARD=mps2-an500
expect nuttx misnamed "KERNEL_TREE '$TMP/misnamed': its folder is not named nuttx-<version> (the release's name, which says its version)" \
    -DKERNEL_TREE="$TMP/misnamed" -DBOARD=mps2-an500
expect nuttx other-version "KERNEL_TREE '$TMP/nuttx-12.0.0' is NuttX 12.0.0, expected 13.0.0" \
    -DKERNEL_TREE="$TMP/nuttx-12.0.0" -DBOARD=mps2-an500
expect nuttx no-board "BOARD not given: -DBOARD=<one of $nboards>" -DKERNEL_TREE="$TMP/nuttx-13.0.0"
expect nuttx bad-board "BOARD 'nrf52840dk' is not supported by the nuttx check application (boards: $nboards; $rtb/ports/nuttx/app/boards.txt)" \
    -DKERNEL_TREE="$TMP/nuttx-13.0.0" -DBOARD=nrf52840dk
finish test_app_inputs
