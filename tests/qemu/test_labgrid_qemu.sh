#!/bin/sh
# rtbench on a labgrid target: labgrid's pytest plugin runs
# tests/qemu/labgrid/test_labgrid.py on the example environment
# tests/qemu/labgrid/env.yaml (its NetworkSerialPort on a free port; QEMU's
# UART on another, both on loopback; docs/farms.md, "2. labgrid").
#   sh test_labgrid_qemu.sh <build/rtbench> <qemu-system-arm> <image.elf> <tmpdir>
# Without labgrid, pytest, ser2net or socat: one SKIP line, exit 77.
. "$(dirname "$0")/../lib.sh"
rtbench=$1 qemu=$2 elf=$3 tmp=$4
here=$(cd "$(dirname "$0")/labgrid" && pwd)
rm -rf "$tmp" && mkdir -p "$tmp" || exit 2
# Debian's python3 (a python3 earlier on PATH may not see its packages)
py=
for p in /usr/bin/python3 python3; do
    "$p" -c 'import labgrid, pytest' 2>/dev/null && { py=$p; break; }
done
[ -n "$py" ] || { echo "SKIP: labgrid or pytest not installed (python3-labgrid; scripts/deps.sh all)"; exit 77; }
for t in /usr/sbin/ser2net socat; do
    command -v "$t" >/dev/null || { echo "SKIP: $t not installed (scripts/deps.sh all)"; exit 77; }
done
free_port() { # a loopback port nothing uses, from $1 up
    _p=$1
    while grep -qi ":$(printf %04X "$_p") " /proc/net/tcp /proc/net/tcp6 2>/dev/null; do _p=$((_p + 1)); done
    echo "$_p"
}
port=$(free_port $(( $$ % 20000 + 30000 )))
uart=$(free_port $((port + 1)))
# the example with this port (labgrid's templates give strings; port is an int)
sed "s/^\( *port:\) 3001$/\1 $port/" "$here/env.yaml" >"$tmp/env.yaml"
grep -q "^ *port: $port$" "$tmp/env.yaml" || { ko "env.yaml has no 'port: 3001' line"; finish test_labgrid_qemu; }
t0=$(date +%s)
RTBENCH=$rtbench RTB_TMP=$tmp LG_RTB_QEMU=$qemu LG_RTB_IMAGE=$elf LG_RTB_UART_PORT=$uart \
    LG_RTB_ARGS="--iterations 20" "$py" -m pytest -p no:cacheprovider --lg-env "$tmp/env.yaml" \
    -v "$here/test_labgrid.py" >"$tmp/pytest.out" 2>&1
rc=$?
echo "pytest: $(( $(date +%s) - t0 )) s"
[ $rc -eq 0 ] && ok || { ko "pytest on the labgrid target exits $rc"; cat "$tmp/pytest.out"; }
check "three tests passed" 'grep -q "^=* 3 passed" "$tmp/pytest.out"'
finish test_labgrid_qemu
