#!/bin/sh
# A board farm's serial port for real: QEMU's board UART on a pseudo-terminal
# served by ser2net on loopback (its YAML made here, on a free port; started
# and stopped by this test, killed on every way out) and read by `rtbench run
# --target rfc2217://127.0.0.1:PORT` (Telnet, the line set by RFC 2217),
# compared metric by metric with `--target qemu:BOARD` of the same image; then
# the same board by ser2net's raw mode (tcp:), and a connection dropped
# mid-run (ser2net killed): stored incomplete, the drop named.
#   sh test_ser2net_qemu.sh <build/rtbench> <board> <qemu-system-arm> <machine> <image.elf> <qemu-pty> <tmpdir>
# QEMU starts stopped (-S), its monitor on two pipes; --reset is a script
# that tells it "cont", so the board starts once the connection is made and
# its line set (as test_serial_qemu.sh, whose helper qemu-pty keeps the pty
# until its reader is done). Without ser2net: one SKIP line, exit 77.
. "$(dirname "$0")/../lib.sh"
rtbench=$1 board=$2 qemu=$3 machine=$4 elf=$5 qemu_pty=$6 tmp=$7
rm -rf "$tmp" && mkdir -p "$tmp" || exit 2
SER2NET=$(command -v ser2net || { [ -x /usr/sbin/ser2net ] && echo /usr/sbin/ser2net; })
[ -n "$SER2NET" ] || { echo "SKIP: ser2net not installed (scripts/deps.sh all)"; exit 77; }
db=$tmp/net.db
opts="--iterations 100"
qpid= spid=
cleanup() { kill $qpid $spid 2>/dev/null; }
trap cleanup EXIT
listening() { grep -qi "^ *[0-9]*: 0100007F:$(printf %04X "$1") 00000000:0000 0A" /proc/net/tcp; }
port=$(( $$ % 20000 + 30000 ))
while grep -qi ":$(printf %04X "$port") " /proc/net/tcp /proc/net/tcp6 2>/dev/null; do port=$((port + 1)); done

# qemu_board: QEMU stopped on a fresh pty, ser2net serving it on $port as
# MODE (telnet(rfc2217),tcp or tcp)
qemu_board() {
    rm -f "$tmp/mon.in" "$tmp/mon.out" "$tmp/pty"
    mkfifo "$tmp/mon.in" "$tmp/mon.out" || exit 2
    "$qemu_pty" 60000 "$qemu" -M "$machine" -display none -serial pty -monitor "pipe:$tmp/mon" -S \
        -semihosting-config enable=on,target=native -icount shift=10,sleep=off \
        -kernel "$elf" -append "$opts" </dev/null >"$tmp/pty" 2>"$tmp/qemu.err" &
    qpid=$!
    for _ in $(seq 200); do [ -s "$tmp/pty" ] && break; sleep 0.05; done
    pts=$(head -n 1 "$tmp/pty")
    [ -c "$pts" ] || { ko "no pty from QEMU"; cat "$tmp/qemu.err"; }
    printf 'connection: &board\n  accepter: %s,127.0.0.1,%s\n  connector: serialdev,%s,115200n81,local\n' \
        "$1" "$port" "$pts" >"$tmp/ser2net.yaml"
    "$SER2NET" -n -c "$tmp/ser2net.yaml" -P "$tmp/ser2net.pid" 2>"$tmp/ser2net.err" &
    spid=$!
    for _ in $(seq 200); do listening "$port" && break; sleep 0.05; done
    listening "$port" || { ko "ser2net does not listen on $port"; cat "$tmp/ser2net.err"; }
}
qemu_done() { # [now]: without it, QEMU is given 30 s to end by itself
    [ $# = 0 ] && for _ in $(seq 600); do kill -0 "$qpid" 2>/dev/null || break; sleep 0.05; done
    kill "$qpid" "$spid" 2>/dev/null
    wait "$qpid" "$spid" 2>/dev/null
}
printf '#!/bin/sh\necho cont >"%s"\n' "$tmp/mon.in" >"$tmp/cont"
chmod +x "$tmp/cont"

qemu_board "telnet(rfc2217),tcp"
t0=$(date +%s)
"$rtbench" run --target "rfc2217://127.0.0.1:$port" --reset "$tmp/cont" --db "$db" --timeout 120 \
    >"$tmp/net.out" 2>"$tmp/net.err"
rc=$?
echo "rfc2217 run: $(( $(date +%s) - t0 )) s"
[ $rc -eq 0 ] && ok "rfc2217 run exits 0" || { ko "rfc2217 run exits $rc"; cat "$tmp/net.err"; }
grep -q "^rtbench run: stored run 1 ([0-9]* metrics, complete)" "$tmp/net.err" &&
    ok "rfc2217 run stored complete" || ko "rfc2217 run not stored complete"
qemu_done

"$rtbench" run --target "qemu:$board" $opts --db "$db" >"$tmp/qemu-run.out" 2>"$tmp/qemu-run.err"
rc=$?
[ $rc -eq 0 ] && ok "qemu: run exits 0" || { ko "qemu: run exits $rc"; cat "$tmp/qemu-run.err"; }

# The figures: every metric of both runs, all its statistics, equal.
same_figures "$rtbench" "$db" 1 2 "$tmp" # the rfc2217:// run and the qemu: run
grep -q "\"source\":.*\"rfc2217://127.0.0.1:$port@115200\"" "$tmp/show1" &&
    ok "the run's source names the network port" || ko "rfc2217 run's source"

# ser2net's raw mode: the same board, complete
qemu_board tcp
"$rtbench" run --target "tcp:127.0.0.1:$port" --reset "$tmp/cont" --db "$db" --timeout 120 \
    >"$tmp/raw.out" 2>"$tmp/raw.err"
rc=$?
[ $rc -eq 0 ] && grep -q "stored run 3 ([0-9]* metrics, complete)" "$tmp/raw.err" &&
    ok "tcp: (raw) run stored complete" || { ko "tcp: run exits $rc"; cat "$tmp/raw.err"; }
same_figures "$rtbench" "$db" 1 3 "$tmp" # and the tcp: run
qemu_done

# dropped mid-run: ser2net killed once results came
qemu_board "telnet(rfc2217),tcp"
"$rtbench" run --target "rfc2217://127.0.0.1:$port" --reset "$tmp/cont" --db "$db" --timeout 120 \
    >"$tmp/drop.out" 2>"$tmp/drop.err" &
rpid=$!
for _ in $(seq 1200); do grep -q "^\[3/" "$tmp/drop.err" && break; sleep 0.05; done
kill "$spid"
wait "$rpid"
rc=$?
[ $rc -eq 1 ] && ok "dropped: exit 1" || ko "dropped: exit $rc"
# "while running NAME" only when the drop came between a benchmark's running
# line and its result: where it lands is the machine's timing, not the test's
grep -Eq "^rtbench run: stored run 4 \([0-9]* metrics, incomplete: connection to 127\.0\.0\.1:$port dropped \(closed by the server\)( while running [^;]*)?; no end record" "$tmp/drop.err" &&
    ok "dropped: stored incomplete, the drop named" || { ko "dropped: not named"; tail -3 "$tmp/drop.err"; }
qemu_done now

finish test_ser2net_qemu
