#!/bin/sh
# A serial port for real: QEMU's board UART on a pseudo-terminal read by
# `rtbench run --target serial:/dev/pts/N`, compared with `--target qemu:`.
#   sh test_serial_qemu.sh <build/rtbench> <board> <qemu-system-arm> <machine> <image.elf> <qemu-pty> <tmpdir>
# QEMU starts stopped (-S) with its UART on a pty (-serial pty) and its
# monitor on two pipes; rtbench opens the pty, puts it in raw mode, then runs
# --reset, a script that tells the monitor "cont": nothing the board prints
# is written before the port is read. QEMU is started by qemu-pty
# (qemu_pty.c), which prints the pty's name and keeps the pty open after the
# guest's semihosting exit until rtbench has closed it (else the kernel would
# drop the last bytes unread on a busy machine). The run must be complete and
# its figures (instruction counts under -icount) equal to those of the same
# image run by `rtbench run --target qemu:BOARD` with the same options.
. "$(dirname "$0")/../lib.sh"
rtbench=$1 board=$2 qemu=$3 machine=$4 elf=$5 qemu_pty=$6 tmp=$7
rm -rf "$tmp" && mkdir -p "$tmp" || exit 2
db=$tmp/serial.db
opts="--iterations 100"

mkfifo "$tmp/mon.in" "$tmp/mon.out" || exit 2
"$qemu_pty" 60000 "$qemu" -M "$machine" -display none -serial pty -monitor "pipe:$tmp/mon" -S \
    -semihosting-config enable=on,target=native -icount shift=10,sleep=off \
    -kernel "$elf" -append "$opts" </dev/null >"$tmp/pty" 2>"$tmp/qemu.err" &
qpid=$!
for _ in $(seq 200); do [ -s "$tmp/pty" ] && break; sleep 0.05; done
pts=$(head -n 1 "$tmp/pty")
[ -c "$pts" ] && ok "QEMU's UART is $pts" || { ko "no pty from QEMU"; cat "$tmp/qemu.err"; }
printf '#!/bin/sh\necho cont >"%s"\n' "$tmp/mon.in" >"$tmp/cont"
chmod +x "$tmp/cont"

"$rtbench" run --target "serial:$pts" --reset "$tmp/cont" --db "$db" --timeout 120 \
    >"$tmp/serial.out" 2>"$tmp/serial.err"
rc=$?
[ $rc -eq 0 ] && ok "serial run exits 0" || { ko "serial run exits $rc"; cat "$tmp/serial.err"; }
grep -q "^rtbench run: stored run 1 ([0-9]* metrics, complete)" "$tmp/serial.err" &&
    ok "serial run stored complete" || ko "serial run not stored complete"
grep -q "^board: \*\*\* rtbench .* port cortex-m-refk" "$tmp/serial.err" &&
    ok "the board's banner before the header is shown" || ko "banner not shown"
# (QEMU has ended by itself after a complete run; after a failure it may
# still be stopped: the helper kills it)
for _ in $(seq 600); do kill -0 "$qpid" 2>/dev/null || break; sleep 0.05; done
kill "$qpid" 2>/dev/null
wait "$qpid"
qrc=$?
[ $qrc -eq 0 ] && ok "QEMU exited 0 (semihosting exit after the end record)" ||
    { ko "QEMU exited $qrc"; cat "$tmp/qemu.err"; }

"$rtbench" run --target "qemu:$board" $opts --db "$db" >"$tmp/qemu-run.out" 2>"$tmp/qemu-run.err"
rc=$?
[ $rc -eq 0 ] && ok "qemu: run exits 0" || { ko "qemu: run exits $rc"; cat "$tmp/qemu-run.err"; }

# The figures: every metric of both runs, all its statistics, equal.
same_figures "$rtbench" "$db" 1 2 "$tmp" # the serial run and the qemu: run
grep -A5 '"id":	"calib.nop100"' "$tmp/m1" | grep -q '"mean":	100,' &&
    ok "calib.nop100 is 100 instructions over the serial line" || ko "calib.nop100 is not 100"
# The header: the same, but for what the qemu: target adds (rom, ram, the
# sections they sum, icount).
hdr() { sed -n '/"header":/,/}/p' "$1" | grep -v '"rom":\|"ram":\|"rom_sections":\|"ram_sections":\|"icount":'; }
hdr "$tmp/show1" >"$tmp/h1"
hdr "$tmp/show2" >"$tmp/h2"
cmp -s "$tmp/h1" "$tmp/h2" && ok "same run header (board, clock emulated-icount, ...)" ||
    { ko "headers differ"; diff "$tmp/h1" "$tmp/h2"; }
grep -q "\"source\":.*\"serial:$pts@115200\"" "$tmp/show1" && ok "serial run's source names the pty" ||
    ko "serial run's source"

finish test_serial_qemu
