#!/bin/sh
# A serial port for real: QEMU's board UART on a pseudo-terminal read by
# `rtbench run --target serial:/dev/pts/N`, compared with `--target qemu:`.
#   sh test_serial_qemu.sh <build/rtbench> <board> <qemu-system-arm> <machine> <image.elf> <tmpdir>
# QEMU starts stopped (-S) with its UART on a pty (-serial pty) and its
# monitor on two pipes; rtbench opens the pty, puts it in raw mode, then runs
# --reset, a script that tells the monitor "cont": nothing the board prints
# is written before the port is read. The run must be complete and its
# figures (instruction counts under -icount) equal to those of the same
# image run by `rtbench run --target qemu:BOARD` with the same options.
. "$(dirname "$0")/../lib.sh"
rtbench=$1 board=$2 qemu=$3 machine=$4 elf=$5 tmp=$6
rm -rf "$tmp" && mkdir -p "$tmp" || exit 2
db=$tmp/serial.db
opts="--iterations 100"

mkfifo "$tmp/mon.in" "$tmp/mon.out" || exit 2
# stdbuf: QEMU prints the pty's name on stdout, which is a file here
stdbuf -oL "$qemu" -M "$machine" -display none -serial pty -monitor "pipe:$tmp/mon" -S \
    -semihosting-config enable=on,target=native -icount shift=10,sleep=off \
    -kernel "$elf" -append "$opts" </dev/null >"$tmp/qemu.out" 2>"$tmp/qemu.err" &
qpid=$!
for _ in $(seq 200); do grep -q 'redirected to /dev/pts/' "$tmp/qemu.out" && break; sleep 0.05; done
pts=$(sed -n 's|.*redirected to \(/dev/pts/[0-9]*\).*|\1|p' "$tmp/qemu.out")
[ -c "$pts" ] && ok "QEMU's UART is $pts" || { ko "no pty from QEMU"; cat "$tmp/qemu.out" "$tmp/qemu.err"; }
printf '#!/bin/sh\necho cont >"%s"\n' "$tmp/mon.in" >"$tmp/cont"
chmod +x "$tmp/cont"

"$rtbench" run --target "serial:$pts" --reset "$tmp/cont" --db "$db" --timeout 120 \
    >"$tmp/serial.out" 2>"$tmp/serial.err"
rc=$?
[ $rc -eq 0 ] && ok "serial run exits 0" || { ko "serial run exits $rc"; cat "$tmp/serial.err"; }
grep -q "^rtbench run: stored run 1 (51 metrics, complete)" "$tmp/serial.err" &&
    ok "serial run stored complete, 51 metrics" || ko "serial run not stored complete"
grep -q "^board: \*\*\* rtbench .* port cortex-m-refk" "$tmp/serial.err" &&
    ok "the board's banner before the header is shown" || ko "banner not shown"
wait "$qpid"
qrc=$?
[ $qrc -eq 0 ] && ok "QEMU exited 0 (semihosting exit after the end record)" || ko "QEMU exited $qrc"

"$rtbench" run --target "qemu:$board" $opts --db "$db" >"$tmp/qemu-run.out" 2>"$tmp/qemu-run.err"
rc=$?
[ $rc -eq 0 ] && ok "qemu: run exits 0" || { ko "qemu: run exits $rc"; cat "$tmp/qemu-run.err"; }

# The figures: every metric of both runs, all its statistics, equal.
"$rtbench" show 1 --db "$db" --format json >"$tmp/show1" 2>&1
"$rtbench" show 2 --db "$db" --format json >"$tmp/show2" 2>&1
sed -n '/"metrics":/,$p' "$tmp/show1" >"$tmp/m1"
sed -n '/"metrics":/,$p' "$tmp/show2" >"$tmp/m2"
[ "$(grep -c '"id":' "$tmp/m1")" -eq 51 ] && ok "serial run: 51 metrics in show" || ko "serial run: $(grep -c '"id":' "$tmp/m1") metrics"
cmp -s "$tmp/m1" "$tmp/m2" && ok "serial and qemu: runs have equal figures (instruction counts)" ||
    { ko "figures differ"; diff "$tmp/m1" "$tmp/m2" | head -20; }
grep -A5 '"id":	"calib.nop100"' "$tmp/m1" | grep -q '"mean":	100,' &&
    ok "calib.nop100 is 100 instructions over the serial line" || ko "calib.nop100 is not 100"
# The header: the same, but for what the qemu: target adds (rom, ram, icount).
hdr() { sed -n '/"header":/,/}/p' "$1" | grep -v '"rom":\|"ram":\|"icount":'; }
hdr "$tmp/show1" >"$tmp/h1"
hdr "$tmp/show2" >"$tmp/h2"
cmp -s "$tmp/h1" "$tmp/h2" && ok "same run header (board, clock emulated-icount, ...)" ||
    { ko "headers differ"; diff "$tmp/h1" "$tmp/h2"; }
grep -q "\"source\":.*\"serial:$pts@115200\"" "$tmp/show1" && ok "serial run's source names the pty" ||
    ko "serial run's source"

finish test_serial_qemu
