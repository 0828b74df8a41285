#!/bin/sh
# zephyr-own.sh - build and run Zephyr's own benchmarks on mps2-an385 under
# QEMU, as rtbench runs its Zephyr image (-icount shift=10,sleep=off), and
# write their console output unchanged: the raw logs that docs/benchmarks.md
# compares with rtbench's figures (results/mps2-an385/zephyr-thread_metric.log,
# results/mps2-an385/zephyr-zbus/*.log).
#
#   scripts/zephyr-own.sh thread_metric TREE LOG [TEST...]
#       Zephyr's tests/benchmarks/thread_metric, one image per test (its Kconfig
#       choice TM_<TEST>; default: all eight), over ports/zephyr/check/
#       thread_metric.conf; each runs until it has printed PERIODS (3) totals
#       of its 30 s periods. LOG gets the consoles one after the other.
#   scripts/zephyr-own.sh zbus TREE DIR POINT...
#       Zephyr's samples/subsys/zbus/benchmark at each POINT, OBSERVER:C:S
#       (LISTENERS or SUBSCRIBERS, consumers, message size: the sample's
#       BM_<OBSERVER>, BM_ONE_TO, BM_MESSAGE_SIZE), over ports/zephyr/check/
#       zbus.conf; DIR/<OBSERVER>-c<C>-s<S>.log gets the link step's memory
#       table (what the sample's script takes RAM and ROM from) and the
#       console up to the duration line (`@<microseconds>`).
#
# TREE is the unpacked zephyr-4.3.0 tarball (zephyr/, cmsis_6/). The builds go
# to $ZEPHYR_OWN_BUILD (default: a temporary folder, removed after); a build
# folder found there configured is reused (tm-<test>, zbus-<OBSERVER>-c<C>-s<S>). Needs
# what ../shared/kernels/README.md lists (ninja, dtc, Debian's python3 with
# Zephyr's modules, arm-none-eabi-gcc, qemu-system-arm).
set -eu

usage() {
    echo "usage: scripts/zephyr-own.sh thread_metric TREE LOG [TEST...] | zbus TREE DIR OBSERVER:C:S..." >&2
    exit 2
}
die() {
    echo "zephyr-own: $*" >&2
    exit 1
}
[ $# -ge 3 ] || usage
what=$1 tree=$(cd "$2" 2>/dev/null && pwd) || die "$2: no such folder"
out=$3
shift 3
root=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$tree/zephyr/VERSION" ] || die "$tree has no zephyr/VERSION (the unpacked zephyr-4.3.0 tarball?)"
PERIODS=${PERIODS:-3}
ICOUNT="shift=10,sleep=off" # host/target/qemu.c's ICOUNT_SHIFT
WALL_S=${WALL_S:-600}       # per image, wall clock

build=${ZEPHYR_OWN_BUILD:-}
if [ -z "$build" ]; then
    build=$(mktemp -d "${TMPDIR:-/tmp}/zephyr-own.XXXXXX")
    trap 'rm -rf "$build"' EXIT INT TERM
fi
export ZEPHYR_BASE="$tree/zephyr" ZEPHYR_TOOLCHAIN_VARIANT=gnuarmemb GNUARMEMB_TOOLCHAIN_PATH=/usr

# zbuild SRC DIR CONF ARGS...: configure and build SRC in DIR for mps2/an385.
zbuild() {
    src=$1 dir=$2 conf=$3
    shift 3
    if [ ! -f "$dir/build.ninja" ]; then
        cmake -S "$ZEPHYR_BASE/$src" -B "$dir" -GNinja -DBOARD=mps2/an385 \
            -DPython3_EXECUTABLE=/usr/bin/python3 -DZEPHYR_MODULES="$tree/cmsis_6" \
            -DEXTRA_CONF_FILE="$root/ports/zephyr/check/$conf" "$@" >"$dir.configure.log" 2>&1 ||
            die "configuring $src ($*) failed: $dir.configure.log"
    fi
    # a folder built before is brought up to date; its final link again, for
    # the memory table the linker prints
    rm -f "$dir/zephyr/zephyr.elf"
    ninja -j2 -C "$dir" >"$dir.build.log" 2>&1 || die "building $src ($*) failed: $dir.build.log"
}

# qrun ELF LOG PATTERN COUNT: QEMU on ELF, its console into LOG, stopped once
# COUNT lines match PATTERN (grep -E).
qrun() {
    qemu-system-arm -M mps2-an385 -display none -serial stdio -monitor none \
        -icount "$ICOUNT" -kernel "$1" >"$2" 2>&1 </dev/null &
    pid=$!
    t=0
    while [ "$(grep -cE "$3" "$2" 2>/dev/null || true)" -lt "$4" ]; do
        kill -0 "$pid" 2>/dev/null || die "QEMU on $1 ended before $4 lines matching '$3'"
        [ $t -lt $((WALL_S * 10)) ] || { kill "$pid"; die "$1: no $4 lines matching '$3' in $WALL_S s"; }
        sleep 0.1
        t=$((t + 1))
    done
    kill "$pid"
    wait "$pid" 2>/dev/null || true
}

case $what in
thread_metric)
    [ $# -gt 0 ] || set -- basic cooperative preemptive interrupt interrupt_preemption message \
        synchronization memory_allocation
    : >"$out"
    for t in "$@"; do
        dir=$build/tm-$t
        zbuild tests/benchmarks/thread_metric "$dir" thread_metric.conf \
            "-DCONFIG_TM_$(echo "$t" | tr a-z A-Z)=y"
        qrun "$dir/zephyr/zephyr.elf" "$dir.console" '^Time Period Total:' "$PERIODS"
        # the console up to the last total and the blank line after it
        awk -v n="$PERIODS" '{ print } /^Time Period Total:/ && ++k == n { getline; print; exit }' \
            "$dir.console" >>"$out"
    done
    ;;
zbus)
    [ $# -gt 0 ] || usage
    mkdir -p "$out"
    for p in "$@"; do
        obs=${p%%:*} r=${p#*:}
        c=${r%%:*} s=${r#*:}
        case $obs in LISTENERS | SUBSCRIBERS) ;; *) die "$p: the observer is LISTENERS or SUBSCRIBERS" ;; esac
        dir=$build/zbus-$obs-c$c-s$s
        zbuild samples/subsys/zbus/benchmark "$dir" zbus.conf "-DCONFIG_BM_$obs=y" \
            "-DCONFIG_BM_ONE_TO=$c" "-DCONFIG_BM_MESSAGE_SIZE=$s"
        log=$out/$obs-c$c-s$s.log
        qrun "$dir/zephyr/zephyr.elf" "$dir.console" '^@[0-9]+' 1
        { sed -n '/^Memory region/,/^[^ A-Z]/p' "$dir.build.log" | grep -E '^(Memory region| +[A-Z_]+:)'
          sed -n '1,/^@[0-9]/p' "$dir.console"; } >"$log"
    done
    ;;
*) usage ;;
esac
