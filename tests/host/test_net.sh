#!/bin/sh
# rtbench run --target tcp:HOST:PORT and rfc2217://HOST:PORT: a board's
# serial port behind ser2net on loopback (its YAML made here, on free ports,
# started and stopped by this test) in front of rtbench-pty-peer (a board that
# prints what it is given once its port is made raw): complete runs raw and
# by RFC 2217 (the line set by COM-PORT-OPTION, bytes 0xFF in the data, which
# Telnet doubles, arrive as they were sent: the --log copy equals the board's
# output), a port already held by another client, a connection dropped
# mid-run (ser2net killed), a refused connection, and the spec's errors.
#   sh test_net.sh <build/rtbench> <fixtures-dir> <tmpdir>
# Without ser2net (scripts/deps.sh all) the ser2net cases are skipped, one line.
. "$(dirname "$0")/lib.sh"
PEER=${RTBENCH_PTY_PEER:-$(dirname "$RTB")/tests/host/rtbench-pty-peer}
DB=$TMP/net.db
nruns() { "$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l | tr -d ' '; }
S2N_PID=
PEER_PID=
cleanup() {
    [ -n "$S2N_PID" ] && kill "$S2N_PID" 2>/dev/null
    [ -n "$PEER_PID" ] && kill "$PEER_PID" 2>/dev/null
}
trap cleanup EXIT

# listening PORT: something listens on 127.0.0.1:PORT (/proc/net/tcp, hex)
listening() { grep -qi "^ *[0-9]*: 0100007F:$(printf %04X "$1") 00000000:0000 0A" /proc/net/tcp; }
# free_port: a port nothing uses on this machine now
free_port() {
    p=$(( $$ % 20000 + 30000 ))
    while grep -qi ":$(printf %04X "$p") " /proc/net/tcp /proc/net/tcp6 2>/dev/null; do p=$((p + 1)); done
    echo "$p"
}

# ---- the spec and the options: exit 2, one line (nothing stored: checked after) ----
badspec() { # badspec EXPECTED-TEXT ARGS...
    want=$1; shift
    run "$RTB" run --db "$DB" "$@"
    if [ $rc = 2 ] && [ "$(lines "$err")" = 1 ] && has "$TMP/err" "$want"; then
        ok
    else
        ko "rtbench run $* -> rc $rc, stderr: $err"
    fi
}
badspec "tcp:: needs HOST:PORT (a port number 1-65535)" --target tcp:
badspec "tcp:localhost: needs HOST:PORT" --target tcp:localhost
badspec "tcp:localhost:0: needs HOST:PORT" --target tcp:localhost:0
badspec "tcp:localhost:70000: needs HOST:PORT" --target tcp:localhost:70000
badspec "rfc2217://:4000: needs HOST:PORT" --target rfc2217://:4000
badspec "'@9600' is not allowed after the port (a raw port's rate is the server's" --target tcp:localhost:4000@9600
badspec "rfc2217://localhost:4000@fast: '@fast' is not @BAUD" --target rfc2217://localhost:4000@fast
badspec "cannot reach a board over its serial port" --target tcp:localhost:4000 --filter 'x*'
badspec "^rtbench run: --flash needs a command" --target rfc2217://localhost:4000 --flash ' '
badspec "unknown target 'rfc2217:localhost:1' (.*tcp:HOST:PORT, rfc2217://HOST:PORT\[@BAUD\])" --target rfc2217:localhost:1
run "$RTB" run --help
check "run --help lists both kinds" 'has "$TMP/out" "tcp:HOST:PORT" && has "$TMP/out" "rfc2217://HOST:PORT\[@BAUD\]"'

# ---- nothing listens: refused, one line, nothing stored ----
port=$(free_port)
badspec "^rtbench run: connection to 127.0.0.1:$port refused (nothing listens there: is ser2net or the exporter running, with this port?)$" --target "tcp:127.0.0.1:$port"
badspec "^rtbench run: connection to \[::1\]:$port refused\|cannot connect to \[::1\]:$port" --target "rfc2217://[::1]:$port"
badspec "^rtbench run: cannot resolve rtbench-no-such-host.invalid:$port (" --target "tcp:rtbench-no-such-host.invalid:$port"
check "refused specs and connections: nothing stored" '[ "$(nruns)" = 0 ]'

if ! command -v ser2net >/dev/null 2>&1 && [ ! -x /usr/sbin/ser2net ]; then
    echo "SKIP: ser2net cases (ser2net not installed: scripts/deps.sh all)"
    finish test_net
    exit $?
fi
SER2NET=$(command -v ser2net || echo /usr/sbin/ser2net)
[ -x "$PEER" ] || { ko "no pty peer at $PEER"; finish test_net; exit 1; }

# board DATA: a board printing DATA behind ser2net once "--reset $GO" has
# run: a raw port on $RAW and a telnet(rfc2217) one on $TEL, both of its pty
GO="touch $TMP/go"
board() {
    rm -f "$TMP/pty" "$TMP/go"
    "$PEER" 60000 20000 "$TMP/go" <"$1" >"$TMP/pty" 2>"$TMP/peer.err" &
    PEER_PID=$!
    for _ in $(seq 600); do [ -s "$TMP/pty" ] && break; sleep 0.05; done
    pts=$(head -n 1 "$TMP/pty")
    RAW=$(free_port)
    TEL=$((RAW + 1))
    while listening "$TEL"; do TEL=$((TEL + 1)); done
    cat >"$TMP/ser2net.yaml" <<EOF
connection: &raw
  accepter: tcp,127.0.0.1,$RAW
  connector: serialdev,$pts,115200n81,local
connection: &rfc2217
  accepter: telnet(rfc2217),tcp,127.0.0.1,$TEL
  connector: serialdev,$pts,115200n81,local
EOF
    "$SER2NET" -n -c "$TMP/ser2net.yaml" -P "$TMP/ser2net.pid" 2>"$TMP/ser2net.err" &
    S2N_PID=$!
    for _ in $(seq 600); do listening "$RAW" && listening "$TEL" && break; sleep 0.05; done
    listening "$TEL" || { ko "ser2net does not listen on $RAW and $TEL"; cat "$TMP/ser2net.err" >&2; }
}
unboard() {
    kill "$S2N_PID" "$PEER_PID" 2>/dev/null
    wait "$S2N_PID" "$PEER_PID" 2>/dev/null
    S2N_PID= PEER_PID=
}

# ---- complete runs: raw, then RFC 2217 (0xFF bytes before the header) ----
{ printf 'boot: \377\377 two bytes 0xFF, one \377 alone\r\n'; "$FAKE" good 4; echo "rtbench: exit 000"; } >"$TMP/good"
board "$TMP/good"
run "$RTB" run --target "tcp:127.0.0.1:$RAW" --db "$DB" --timeout 20 --flash true --reset "$GO" --log "$TMP/raw.log"
check "tcp: run exits 1 (the fake's FAILED result; rc $rc)" '[ $rc = 1 ]'
check "tcp: stored complete" 'has "$TMP/err" "stored run 1 (4 metrics, complete)"'
check "tcp: the board's bytes as they were sent" 'cmp -s "$TMP/raw.log" "$TMP/good"'
unboard
board "$TMP/good"
run "$RTB" run --target "rfc2217://127.0.0.1:$TEL@57600" --db "$DB" --timeout 20 --reset "$GO" --log "$TMP/tel.log"
check "rfc2217: stored complete" 'has "$TMP/err" "stored run 2 (4 metrics, complete)"'
check "rfc2217: 0xFF undoubled, nothing of Telnet in the data" 'cmp -s "$TMP/tel.log" "$TMP/good"'
run "$RTB" show 2 --db "$DB" --format json
check "rfc2217: source names host, port and rate" 'has "$TMP/out" "\"source\":.*\"rfc2217://127.0.0.1:$TEL@57600\""'
unboard

# ---- a port already held: ser2net refuses a second client ----
"$FAKE" truncated 1 >"$TMP/one"
for kind in tcp rfc2217; do
    board "$TMP/one"
    n0=$(nruns)
    rm -f "$TMP/hold.err" # (not an earlier case's, which the wait below would take)
    "$RTB" run --target "tcp:127.0.0.1:$RAW" --db "$DB" --timeout 30 --reset "$GO" >"$TMP/hold.out" 2>"$TMP/hold.err" &
    holder=$!
    for _ in $(seq 600); do has "$TMP/hold.err" "^\[1/1\]" && break; sleep 0.05; done
    spec="tcp:127.0.0.1:$RAW"
    [ $kind = rfc2217 ] && spec="rfc2217://127.0.0.1:$TEL"
    name=${spec#tcp:}; name=${name#rfc2217://}
    run "$RTB" run --target "$spec" --db "$DB" --timeout 20
    check "$kind: port in use: exit non-zero, one line naming it (rc $rc: $err)" '[ $rc != 0 ] && [ "$(lines "$err")" = 1 ] && has "$TMP/err" "^rtbench run: .*$name: port already in use (another client holds it)"'
    kill "$holder"; wait "$holder" 2>/dev/null
    check "$kind: port in use: nothing stored but the holder's interrupted run" '[ "$(nruns)" = $((n0 + 1)) ]'
    unboard
done

# ---- the connection dropped mid-run (ser2net killed): what came is kept ----
"$FAKE" truncated 3 >"$TMP/trunc"
for kind in tcp rfc2217; do
    board "$TMP/trunc"
    spec="tcp:127.0.0.1:$RAW"
    [ $kind = rfc2217 ] && spec="rfc2217://127.0.0.1:$TEL"
    name=${spec#tcp:}; name=${name#rfc2217://}
    n0=$(nruns)
    rm -f "$TMP/err"
    "$RTB" run --target "$spec" --db "$DB" --timeout 60 --reset "$GO" >"$TMP/out" 2>"$TMP/err" &
    rtb=$!
    for _ in $(seq 600); do has "$TMP/err" "^\[3/3\]" && break; sleep 0.05; done
    kill "$S2N_PID"
    wait "$rtb"
    rc=$?
    check "$kind: dropped: exit 1 (rc $rc: $(tail -n 2 "$TMP/err"))" '[ $rc = 1 ]'
    check "$kind: dropped: stored incomplete, the reason named" 'has "$TMP/err" "stored run .* (3 metrics, incomplete: connection to $name dropped (closed by the server); no end record: 3 of 3 records received)"'
    check "$kind: dropped: one run more" '[ "$(nruns)" = $((n0 + 1)) ]'
    unboard
done
run "$RTB" list --db "$DB"
check "the dropped runs are listed incomplete" '[ "$(grep -c incomplete "$TMP/out")" -ge 2 ]'

finish test_net
