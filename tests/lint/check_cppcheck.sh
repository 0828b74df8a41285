#!/bin/sh
# cppcheck (warning + portability) is clean on every part of the tree: the one
# list of what is checked (`make cppcheck` and the lint.cppcheck test run this).
#   sh tests/lint/check_cppcheck.sh [cppcheck]     (from the top of the tree)
cc=${1:-cppcheck}
pass=0
fail=0
run() {
    name=$1
    shift
    if out=$("$cc" --quiet --error-exitcode=1 --enable=warning,portability \
        --suppress=missingIncludeSystem "$@" 2>&1); then
        pass=$((pass + 1))
    else
        echo "cppcheck: $name:"
        echo "$out"
        fail=$((fail + 1))
    fi
}
run suite+posix --std=c99 -I suite/include -I ports/posix suite ports/posix
run template --std=c99 -I suite/include -I ports/template ports/template
run common --std=c99 -I suite/include -I ports/posix ports/common
# the RTOS adapters, each with the adapter core (ports/adapter: rtb_core.c
# includes the kernel's rtb_kernel.h), against stub kernel headers
# (tests/lint/stubs: the kernels' trees are not in the repository) and the
# adapter's example configuration, with the mps2-an385 board's headers
for k in freertos threadx rtthread ucos3; do
    run "ports/$k" --std=c99 -I suite/include -I "tests/lint/stubs/$k" -I "ports/$k/config" \
        -I "ports/$k" -I ports/adapter -I arch/cortex-m/include -I arch/cortex-m \
        -I boards/mps2-an385 "ports/$k" ports/adapter
done
# the Zephyr adapter with the core: Zephyr's headers are <zephyr/...> (not
# in the repository; missingIncludeSystem), its Kconfig values those of
# ports/zephyr/app/prj.conf on mps2-an385
run ports/zephyr --std=c99 -I suite/include -I ports/zephyr -I ports/adapter \
    -I arch/cortex-m/include -I arch/cortex-m -I boards/mps2-an385 -DCONFIG_HEAP_MEM_POOL_SIZE=32768 \
    -DCONFIG_NUM_PREEMPT_PRIORITIES=32 -DCONFIG_NUM_COOP_PRIORITIES=32 -DCONFIG_NUM_IRQS=32 \
    -DCONFIG_SYS_CLOCK_TICKS_PER_SEC=100 -DCONFIG_RTBENCH_SWIRQ_PRIO=1 -DRTB_CM_BOARD_NAME='"board"' -DRTB_CM_SYSTICK_OWNER='"kernel"' \
    ports/zephyr ports/adapter
# the NuttX adapter with the core: NuttX's headers are <nuttx/...> (not in
# the repository), its Kconfig values those of ports/nuttx/config
run ports/nuttx --std=c99 -I suite/include -I ports/nuttx -I ports/adapter \
    -I arch/cortex-m/include -I arch/cortex-m -I boards/mps2-an500 -DCONFIG_BUILD_FLAT=1 \
    -DCONFIG_RR_INTERVAL=0 -DCONFIG_PRIORITY_INHERITANCE=1 -DCONFIG_CUSTOM_SEMAPHORE_MAXVALUE=1 \
    -DCONFIG_SIG_SIGSTOP_ACTION=1 -DCONFIG_SCHED_EVENTS=1 -DCONFIG_MQ_MAXMSGSIZE=64 \
    -DSCHED_PRIORITY_MAX=255 -DNR_IRQS=130 -DTICK_PER_SEC=100 -DRTB_NX_VERSION='"13.0.0"' \
    -DRTB_CM_BOARD_NAME='"board"' -DRTB_CM_SYSTICK_OWNER='"kernel"' ports/nuttx ports/adapter
# the architecture with each board's board.h: what that board builds (the
# common files, its profile's folder, the drivers its board.cmake selects,
# the bring-up image with its stub port)
profile_of() { # board folder -> arch/cortex-m profile folder
    if grep -q '^set(RTB_BOARD_ISA armv6-m)' "$1/board.cmake"; then echo armv6-m; else echo armv7-m; fi
}
for board in boards/*/; do
    board=${board%/}
    prof=$(profile_of "$board")
    drivers=$(sed -n 's/^set(RTB_BOARD_DRIVERS \([^)]*\)).*/\1/p' "$board/board.cmake")
    files="arch/cortex-m/*.c arch/cortex-m/$prof/*.c arch/cortex-m/bringup/bringup.c"
    defs=""
    [ "$prof" = armv7-m ] && defs="-DRTB_CM_HAVE_DWT=1"
    for d in $drivers; do
        files="$files arch/cortex-m/drivers/$d.c"
        defs="$defs -DRTB_CM_HAVE_$(echo "$d" | tr a-z A-Z)=1"
    done
    # shellcheck disable=SC2086
    run "arch/cortex-m on $board" --std=c99 -I suite/include -I arch/cortex-m \
        -I arch/cortex-m/include -I arch/cortex-m/bringup/stub -I "$board" \
        -DRTB_CM_BOARD_NAME='"board"' -DRTB_CM_SYSTICK_OWNER='"kernel"' $defs $files
done
# refk with each architecture profile's code and a board of that profile
for prof in armv7-m armv6-m; do
    board=""
    for b in boards/*/; do
        [ -z "$board" ] && [ "$(profile_of "${b%/}")" = "$prof" ] && board=${b%/}
    done
    [ -n "$board" ] || continue
    run "refk $prof" --std=c99 -I suite/include -I ports/refk -I ports/refk/arch/$prof \
        -I arch/cortex-m -I arch/cortex-m/include -I "$board" \
        ports/refk/*.c ports/refk/arch/$prof/*.c ports/refk/tests
done
run host --std=c11 -I host -I suite/include -I suite/core -I emu/cycle-model host
# the cycle-model plugin (a QEMU plugin: its own API header, no QEMU source;
# the mark block's protocol from suite/include)
run emu --std=c11 -I emu/cycle-model -I suite/include emu/cycle-model
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
