#!/bin/sh
# lint.cppcheck.kernels: cppcheck (warning + portability, as check_cppcheck.sh)
# over each RTOS adapter and the adapter core against its kernel's real
# headers, where check_cppcheck.sh has stub headers: what the adapter sees of
# the kernel's types and macros is the kernel's own. The adapter's example
# configuration and the mps2-an385 board (Cortex-M3: each kernel's ARMv7-M
# port headers). Zephyr's and NuttX's headers need the configuration their
# own build generates (autoconf.h, devicetree; nuttx/config.h and the arch
# links), so they are checked there: the kernel.* tests compile those
# adapters with -Wall -Wextra.
#   sh check_cppcheck_kernels.sh CPPCHECK KERNELS WORKDIR      (from the top of the tree)
# KERNELS: a folder holding each tree or its .tar.xz (../shared/kernels);
# a .tar.xz is unpacked into WORKDIR once. Exit 77 (skipped, one line) when
# KERNELS is not given or holds none of the trees.
cc=$1 kernels=$2 work=$3
name=lint.cppcheck.kernels
skip() {
    echo "$name: skipped: $*"
    exit 77
}
[ -n "$kernels" ] || skip "no kernel trees given (make test KERNELS=<folder of trees or .tar.xz>)"
[ -d "$kernels" ] || skip "KERNELS=$kernels is not a folder"
mkdir -p "$work" || exit 2
# tree <name>: the tree's folder (given, or unpacked from <name>.tar.xz into
# WORKDIR); empty when KERNELS has neither
tree() {
    if [ -d "$kernels/$1" ]; then
        echo "$kernels/$1"
    elif [ -f "$kernels/$1.tar.xz" ]; then
        if [ ! -f "$work/$1.unpacked" ]; then
            rm -rf "${work:?}/$1" && tar -xJf "$kernels/$1.tar.xz" -C "$work" &&
                touch "$work/$1.unpacked" || return 1
        fi
        echo "$work/$1"
    fi
}
pass=0 fail=0 skipped=0
run() { # <kernel> <tree> <cppcheck options for the kernel's headers...>
    k=$1 t=$2
    shift 2
    dir=$(tree "$t") || { echo "$name: $t: could not unpack $kernels/$t.tar.xz"; fail=$((fail + 1)); return; }
    if [ -z "$dir" ]; then
        echo "$name: ports/$k: skipped: neither $t nor $t.tar.xz in $kernels"
        skipped=$((skipped + 1))
        return
    fi
    # shellcheck disable=SC2046 # the kernel's include folders, one word each
    if out=$("$cc" --quiet --error-exitcode=1 --enable=warning,portability,missingInclude \
        --suppress=missingIncludeSystem --std=c99 -I suite/include -I "ports/$k" \
        -I "ports/$k/config" $(for i in "$@"; do printf -- '-I %s/%s ' "$dir" "$i"; done) \
        -I ports/adapter -I arch/cortex-m/include -I arch/cortex-m -I boards/mps2-an385 \
        $DEFS "ports/$k" ports/adapter 2>&1); then
        pass=$((pass + 1))
    else
        echo "cppcheck: ports/$k against $t:"
        echo "$out"
        fail=$((fail + 1))
    fi
}
DEFS=""
run freertos FreeRTOS-Kernel-V11.1.0 include portable/GCC/ARM_CM3
DEFS="-DTX_INCLUDE_USER_DEFINE_FILE"
run threadx threadx-v6.4.2 common/inc ports/cortex_m3/gnu/inc
DEFS=""
run rtthread rtthread-nano-v3.1.5 rt-thread/include
run ucos3 ucos3-v3.08.02 uC-OS3/Source uC-OS3/Ports/ARM-Cortex-M/ARMv7-M/GNU uC-CPU \
    uC-CPU/ARM-Cortex-M/ARMv7-M/GNU uC-LIB
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ] || exit 1
[ "$pass" -gt 0 ] || skip "none of the trees in $kernels"
