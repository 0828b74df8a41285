#!/bin/sh
# Check that the tools rtbench needs are there (any system: each is looked
# for itself, a compiler on PATH, a library through pkg-config); when one is
# missing, on Debian install its package when run as root or print the exact
# apt-get line, elsewhere name what is missing; then fail.
#   scripts/deps.sh host      build the POSIX target and the host tool
#   scripts/deps.sh all       host + Cortex-M cross toolchain + QEMU + rt-tests + linters
#                             + clang/libFuzzer and sqlite3 for the tests, ser2net and
#                             lava-common (farms)
#                             + labgrid and socat (the labgrid test)
#                             + the report's test tools (xmllint for JUnit XML, headless
#                             Chromium for the browser test of `rtbench report`)
#                             + what Zephyr's own build needs for the kernel.zephyr.*
#                             tests (ninja, dtc, gperf, the Python modules of its scripts)
#                             + what NuttX's make needs for the kernel.nuttx.* tests
#                             (kconfig-frontends' kconfig-conf, genromfs)
set -eu
host_pkgs="gcc make cmake pkg-config libsqlite3-dev libcjson-dev"
arm_pkgs="gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"
ref_pkgs="rt-tests"
lint_pkgs="clang-format cppcheck"
# the fuzz targets (clang, libFuzzer in libclang-rt), sqlite3 for the tests
# that make or inspect a database by hand, git for kernel.bisect (a scratch
# kernel history) and for run --kernel's revision of a checkout
test_pkgs="clang libclang-rt-14-dev sqlite3 git"
# board farms: ser2net in front of QEMU's UART (tcp:, rfc2217:// targets; docs/farms.md)
farm_pkgs="ser2net"
# LAVA's job schema (lava_common) for farms/lava/'s jobs (qemu.lava; lava-run is in lava-dispatcher)
lava_pkgs="lava-common"
# labgrid (its pytest plugin, QEMUDriver) and socat, a terminal for QEMU's UART (qemu.labgrid)
labgrid_pkgs="python3-labgrid socat"
# the report's test tools: xmllint (JUnit XML), headless Chromium (the browser test)
report_pkgs="libxml2-utils chromium"
# Zephyr's CMake build without west or its SDK (ports/zephyr/app, ../shared/kernels/README.md)
zephyr_pkgs="ninja-build device-tree-compiler gperf python3-yaml python3-pyelftools python3-packaging
  python3-pykwalify python3-dateutil python3-jsonschema python3-intelhex"
# NuttX's make (tools/configure.sh runs kconfig-conf; its build checks for genromfs)
nuttx_pkgs="kconfig-frontends-nox genromfs"
case "${1:-host}" in
host) want="$host_pkgs" ;;
all) want="$host_pkgs $arm_pkgs $ref_pkgs $lint_pkgs $test_pkgs $farm_pkgs $lava_pkgs $labgrid_pkgs $report_pkgs $zephyr_pkgs $nuttx_pkgs" ;;
*) echo "deps.sh: unknown set '$1' (host or all)" >&2; exit 2 ;;
esac
# a python3 can import MODULE: Debian's, then PATH's (the order in which
# ports/zephyr/app/images.cmake looks for the one it runs Zephyr's scripts with)
py_has() {
    for py in /usr/bin/python3 python3; do
        "$py" -c "import $1" >/dev/null 2>&1 && return 0
    done
    return 1
}
# PKG's tool (or library) present, whatever installed it
have() {
    case "$1" in
    gcc) command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 ;;
    libsqlite3-dev) pkg-config --exists sqlite3 2>/dev/null ;;
    libcjson-dev) pkg-config --exists libcjson 2>/dev/null ;;
    gcc-arm-none-eabi) command -v arm-none-eabi-gcc >/dev/null 2>&1 ;;
    libnewlib-arm-none-eabi)
        [ -f "$(arm-none-eabi-gcc -print-file-name=libc.a 2>/dev/null)" ] ;;
    rt-tests) command -v cyclictest >/dev/null 2>&1 ;;
    libclang-rt-14-dev)
        [ -f "$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null)" ] ||
            [ -f "$(clang -print-file-name=libclang_rt.fuzzer-aarch64.a 2>/dev/null)" ] ;;
    libxml2-utils) command -v xmllint >/dev/null 2>&1 ;;
    python3-labgrid) py_has labgrid ;;
    ser2net) command -v ser2net >/dev/null 2>&1 || [ -x /usr/sbin/ser2net ] ;;
    lava-common) py_has lava_common.schemas ;;
    kconfig-frontends-nox) command -v kconfig-conf >/dev/null 2>&1 ;;
    ninja-build) command -v ninja >/dev/null 2>&1 ;;
    device-tree-compiler) command -v dtc >/dev/null 2>&1 ;;
    # the Python modules Zephyr's scripts import, by their import names
    python3-yaml) py_has yaml ;;
    python3-pyelftools) py_has elftools ;;
    python3-packaging) py_has packaging ;;
    python3-pykwalify) py_has pykwalify ;;
    python3-dateutil) py_has dateutil ;;
    python3-jsonschema) py_has jsonschema ;;
    python3-intelhex) py_has intelhex ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
    esac
}
missing=""
for p in $want; do
    have "$p" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps.sh: missing (install them with your system's package manager; Debian names):$missing" >&2
    exit 1
fi
if [ "$(id -u)" = 0 ]; then
    echo "deps.sh: installing:$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing >&2
else
    echo "deps.sh: missing packages; run: sudo apt-get install --no-install-recommends$missing" >&2
    exit 1
fi
