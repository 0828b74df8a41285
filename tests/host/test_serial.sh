#!/bin/sh
# rtbench run --target serial:DEVICE[@BAUD] on pseudo-terminals played by
# rtbench-pty-peer (a board that prints what it is given, then goes away):
# a run with boot noise before the header, a device that does not exist, is
# not a terminal or is busy (locked, or open in another process), a port
# closed mid-run, garbage at a set baud rate, a silent board, --flash/--reset
# (success, failure with its output, a command that does not exist), the
# board's exit line, SIGINT/SIGTERM/SIGHUP, and the port's settings restored after.
#   sh test_serial.sh <build/rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
PEER=${RTBENCH_PTY_PEER:-$(dirname "$RTB")/tests/host/rtbench-pty-peer}
DB=$TMP/serial.db
[ -x "$PEER" ] || { ko "no pty peer at $PEER"; finish test_serial; exit 1; }
nruns() { "$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l | tr -d ' '; }

# start_peer HOLD_MS DATA [WAIT_MS]: a pseudo-terminal that writes DATA once a
# reader has made it raw, then stays open HOLD_MS; sets pts and peer.
start_peer() {
    rm -f "$TMP/pty"
    "$PEER" "$1" "${3:-20000}" <"$2" >"$TMP/pty" 2>"$TMP/peer.err" &
    peer=$!
    for _ in $(seq 600); do [ -s "$TMP/pty" ] && break; sleep 0.05; done
    pts=$(head -n 1 "$TMP/pty")
}
stop_peer() { kill "$peer" 2>/dev/null; wait "$peer" 2>/dev/null; }
# canonical: the port has its settings from before rtbench (cooked: icanon, echo)
canonical() { stty -F "$pts" -a | grep -q -- ' icanon' && stty -F "$pts" -a | grep -q -- ' echo '; }

# ---- a run: boot lines, noise and an earlier run's records before the header ----
{
    printf 'boot: hello from the board\r\n'
    printf '\001\377\376garbage at power-up\r\n'
    echo 'RTB1 R id=earlier.run n=1 min=1 max=1 mean=1.000 sd=0.000 p50=1 p90=1 p99=1 p999=1 flags=' | sign
    "$FAKE" good 2
    echo "rtbench: exit 000"
} >"$TMP/good"
start_peer 60000 "$TMP/good"
check "peer made a pty" '[ -n "$pts" ] && [ -c "$pts" ]'
run "$RTB" run --target "serial:$pts" --db "$DB" --timeout 20 --flash true --reset true
check "serial run exits 0 (rc $rc)" '[ $rc = 0 ]'
check "serial run stored complete" 'has "$TMP/err" "stored run 1 (2 metrics, complete)"'
check "boot line shown" 'has "$TMP/err" "^board: boot: hello from the board$"'
check "earlier run record shown, not parsed" 'has "$TMP/err" "^board: RTB1 R id=earlier.run" && ! has "$TMP/err" "rejected"'
check "noise hint: one line naming the rate" '[ "$(grep -c "baud rate may be wrong" "$TMP/err")" = 1 ] && has "$TMP/err" "^rtbench run: $pts: 3 of .* bytes before the header were not text: the baud rate may be wrong (115200 set"'
check "progress lines" 'has "$TMP/err" "^\[2/2\] fake.op1.k_to_k"'
check "table on stdout" 'has "$TMP/out" "fake.op1.k_to_k"'
run "$RTB" show 1 --db "$DB" --format json
check "source names device and rate" 'has "$TMP/out" "\"source\":.*\"serial:$pts@115200\""'
check "exit status of the board stored" 'has "$TMP/out" "\"end_status\":.*\"0\""'
check "settings restored after the run" 'canonical && stty -F "$pts" -a | grep -q "^speed 38400 baud"'
stop_peer

# ---- the board's exit line after its end record: its status ----
{ "$FAKE" good 2; echo "rtbench: exit 003"; } >"$TMP/exit3"
start_peer 60000 "$TMP/exit3"
run "$RTB" run --target "serial:$pts" --db "$DB" --timeout 20
check "board exit 3: exit 1" '[ $rc = 1 ]'
check "board exit 3 named" 'has "$TMP/err" "board exited with status 3 (after its end record)"'
stop_peer

# ---- the port closed mid-run (USB unplugged): what came is kept ----
# (the peer is stopped once rtbench has shown all 3 results: a pty's unread
# input is dropped when its master closes, as a USB adapter's is)
"$FAKE" truncated 3 >"$TMP/trunc"
start_peer 60000 "$TMP/trunc"
n0=$(nruns)
"$RTB" run --target "serial:$pts" --db "$DB" --timeout 60 >"$TMP/out" 2>"$TMP/err" &
rtb=$!
for _ in $(seq 600); do has "$TMP/err" "^\[3/3\]" && break; sleep 0.05; done
stop_peer
wait "$rtb"
rc=$?
check "closed mid-run: exit 1 (rc $rc)" '[ $rc = 1 ]'
check "closed mid-run: stored incomplete with its 3 metrics" 'has "$TMP/err" "stored run .* (3 metrics, incomplete: serial port $pts disappeared (hung up); no end record: 3 of 3 records received)"'
check "closed mid-run: one run more" '[ "$(nruns)" = $((n0 + 1)) ]'

# ---- garbage at a set baud rate: the hint names it; the timeout names device and rate ----
# (the timeouts of the runs that must receive bytes before it are 5 s: the
# peer writes within about 10 ms of the port going raw, unless a loaded
# machine does not run it; a run that must receive nothing waits 1 s)
printf '\360\017\377\200 \001\033x\376\207\n\377\377\374\221\252U\n' >"$TMP/garbage"
start_peer 60000 "$TMP/garbage"
n0=$(nruns)
run "$RTB" run --target "serial:$pts@9600" --db "$DB" --timeout 5
check "garbage: exit 1" '[ $rc = 1 ]'
check "garbage: baud hint names 9600" 'has "$TMP/err" "^rtbench run: $pts: .* bytes before the header were not text: the baud rate may be wrong (9600 set"'
check "garbage: timeout names device and rate" 'has "$TMP/err" "timeout after 5 s: no rtbench header from $pts at 9600 baud"'
check "garbage: nothing stored" '[ "$(nruns)" = "$n0" ]'
check "garbage: not parsed as records" '! has "$TMP/err" "rejected"'
stop_peer

# ---- a board that prints nothing ----
: >"$TMP/empty"
start_peer 60000 "$TMP/empty"
run "$RTB" run --target "serial:$pts" --db "$DB" --timeout 1
check "silent board: exit 1" '[ $rc = 1 ]'
check "silent board: one line naming device and rate" '[ "$(lines "$err")" = 1 ] && has "$TMP/err" "timeout after 1 s: nothing received from $pts at 115200 baud"'
stop_peer

# ---- the tail of a run begun before the port was opened: shown, not parsed ----
"$FAKE" good 2 | grep -v "RTB1 H" >"$TMP/tail"
start_peer 60000 "$TMP/tail"
run "$RTB" run --target "serial:$pts" --db "$DB" --timeout 5
check "earlier run's tail: exit 1, nothing rejected" '[ $rc = 1 ] && ! has "$TMP/err" "rejected"'
check "earlier run's tail: says --reset" 'has "$TMP/err" "no rtbench header from $pts at 115200 baud (.* bytes received, records of a run begun before the port was opened: --reset restarts the board)"'
stop_peer

# ---- devices that cannot be used: exit 2, one line, nothing stored ----
badport() { # badport EXPECTED-TEXT ARGS...
    want=$1; shift
    n0=$(nruns)
    run "$RTB" run --db "$DB" "$@"
    if [ $rc = 2 ] && [ "$(lines "$err")" = 1 ] && has "$TMP/err" "$want" && [ "$(nruns)" = "$n0" ]; then
        ok
    else
        ko "rtbench run $* -> rc $rc, stderr: $err"
    fi
}
badport "^rtbench run: serial port /dev/rtbench-no-such-tty does not exist (" --target serial:/dev/rtbench-no-such-tty
badport "^rtbench run: /dev/null is not a serial port (not a terminal device)$" --target serial:/dev/null
badport "needs a device" --target serial:
badport "'12345' is not a baud rate" --target serial:/dev/ttyS0@12345
badport "'fast' is not a baud rate" --target serial:/dev/ttyS0@fast
badport "cannot reach a board over its serial port" --target serial:/dev/ttyS0 --filter 'x*'
badport "^rtbench run: --reset applies to board targets only (serial:, tcp:, rfc2217://), not 'host'$" --reset true
badport "^rtbench run: --flash needs a command" --target serial:/dev/ttyS0 --flash ' '

# busy: locked by another process (flock), by a process whose locker has
# exited (the lock belongs to the open file), or simply open in one
start_peer 0 "$TMP/empty" 60000
flock "$pts" sleep 30 &
holder=$!
for _ in $(seq 600); do grep -q "FLOCK.* $holder " /proc/locks && break; sleep 0.05; done
badport "^rtbench run: serial port $pts is busy: locked by flock (pid $holder)$" --target "serial:$pts"
kill $(cat "/proc/$holder/task/$holder/children") "$holder"; wait "$holder" 2>/dev/null
(exec 9<"$pts"; flock -x 9; exec sleep 30) &
holder=$!
for _ in $(seq 600); do grep -q "FLOCK" /proc/locks && [ "$(cat /proc/$holder/comm)" = sleep ] && break; sleep 0.05; done
badport "^rtbench run: serial port $pts is busy: locked, and open in sleep (pid $holder)$" --target "serial:$pts"
kill "$holder"; wait "$holder" 2>/dev/null
sleep 30 <"$pts" &
holder=$!
for _ in $(seq 600); do [ -n "$(find "/proc/$holder/fd" -lname "$pts" 2>/dev/null)" ] && break; sleep 0.05; done
badport "^rtbench run: serial port $pts is busy: also open in sleep (pid $holder)$" --target "serial:$pts"
kill "$holder"; wait "$holder" 2>/dev/null
stop_peer

# ---- --flash / --reset that fail: their output shown ----
printf '#!/bin/sh\necho "Error: no debug probe found"\necho "(stderr too)" >&2\nexit 3\n' >"$TMP/badreset"
chmod +x "$TMP/badreset"
start_peer 60000 "$TMP/empty"
run "$RTB" run --target "serial:$pts" --db "$DB" --timeout 20 --reset "$TMP/badreset --hard"
check "failing --reset: exit 1" '[ $rc = 1 ]'
check "failing --reset: named with its status" 'has "$TMP/err" "^rtbench run: --reset '"'"'$TMP/badreset --hard'"'"' failed (exit status 3); its output:$"'
check "failing --reset: its output shown" 'has "$TMP/err" "^Error: no debug probe found$" && has "$TMP/err" "^(stderr too)$"'
check "failing --reset: settings restored" 'canonical'
stop_peer
# a --reset that hangs is stopped at the run's timeout, and named
start_peer 60000 "$TMP/empty"
run "$RTB" run --target "serial:$pts" --db "$DB" --timeout 1 --flash true --reset "sleep 30"
check "hanging --reset: exit 1, stopped at the timeout" '[ $rc = 1 ] && has "$TMP/err" "--reset '"'"'sleep 30'"'"': timeout after 1 s"'
check "hanging --reset: settings restored" 'canonical'
stop_peer
start_peer 60000 "$TMP/empty"
badport "^rtbench run: --flash: cannot start '$TMP/no-such-flasher': No such file or directory$" --target "serial:$pts" --flash "$TMP/no-such-flasher -v"
stop_peer

# ---- interrupted: what came is kept, the settings restored ----
"$FAKE" truncated 2 >"$TMP/two"
for sig in INT TERM HUP; do
    start_peer 60000 "$TMP/two"
    "$RTB" run --target "serial:$pts" --db "$DB" --timeout 30 >"$TMP/out" 2>"$TMP/err" &
    rtb=$!
    for _ in $(seq 600); do has "$TMP/err" "^\[2/2\]" && break; sleep 0.05; done
    kill -$sig "$rtb"
    wait "$rtb"
    rc=$?
    want=130; [ $sig = TERM ] && want=143; [ $sig = HUP ] && want=129
    check "SIG$sig: exit $want (rc $rc)" '[ $rc = $want ]'
    check "SIG$sig: partial run stored" 'has "$TMP/err" "stored run .* (2 metrics, incomplete: interrupted by SIG$sig; no end record: 2 of 2 records received)"'
    check "SIG$sig: settings restored" 'canonical'
    stop_peer
done

finish test_serial
