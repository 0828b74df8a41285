#!/bin/sh
# Kill and fault tests of storage: rtbench killed with SIGKILL at random
# points (a fixed seed) during `import` and `run`, many times, into one
# database; after each kill the database passes PRAGMA integrity_check, no
# run that an rtbench reported stored is lost or changed, and no run is
# complete without all its results. Then the faults of a target that the
# other tests do not cover: one that keeps its stdout open after its end
# record, and one that floods its output.
#   sh test_kill.sh <build/rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/k.db
export RTBENCH_DB="$TMP/default.db"
SQ=$(command -v sqlite3 || true)
[ -n "$SQ" ] || { echo "test_kill: sqlite3 not installed (scripts/deps.sh all)"; echo "0 passed, 1 failed"; exit 1; }
KILLS=${RTB_KILLS:-40}

"$FAKE" good 600 >"$TMP/big.log"
: >"$TMP/reported" # "<id> <metrics>" of every run an rtbench said it stored, complete
# random delays in ms, from a fixed seed
awk -v n="$KILLS" 'BEGIN { srand(14); for (i = 0; i < n; i++) print int(rand() * 400) }' >"$TMP/delays"
i=0
while read -r ms; do
    i=$((i + 1))
    if [ $((i % 2)) -eq 0 ]; then
        "$RTB" import --db "$DB" "$TMP/big.log" >"$TMP/o" 2>"$TMP/e" &
    else
        "$RTB" run --db "$DB" --target "cmd:$FAKE good 80 5" >"$TMP/o" 2>"$TMP/e" &
    fi
    pid=$!
    # from the moment it has the database open (a shared machine starts it slowly)
    w=0
    while [ $w -lt 400 ] && kill -0 $pid 2>/dev/null && ! ls -l /proc/$pid/fd 2>/dev/null | grep -q "k.db"; do
        sleep 0.05
        w=$((w + 1))
    done
    sleep "$(echo "$ms" | awk '{ printf "%.3f", $1 / 1000 }')"
    kill -KILL $pid 2>/dev/null
    wait $pid 2>/dev/null
    # what it said it stored before it died (a run it finished, an import it committed)
    sed -n 's/^imported run \([0-9]*\) .*: rtbench, test-board, \([0-9]*\) metrics.*/\1 \2/p' "$TMP/o" >>"$TMP/reported"
    sed -n 's/^rtbench run: stored run \([0-9]*\) (\([0-9]*\) metrics, complete) .*/\1 \2/p' "$TMP/e" >>"$TMP/reported"
    # every 5th time it is left to finish: a run it reports, kept through the later kills
    if [ $((i % 5)) -eq 0 ]; then
        "$RTB" run --db "$DB" --target "cmd:$FAKE good 7" >/dev/null 2>"$TMP/e"
        sed -n 's/^rtbench run: stored run \([0-9]*\) (\([0-9]*\) metrics, complete) .*/\1 \2/p' "$TMP/e" >>"$TMP/reported"
    fi
    if [ -f "$DB" ]; then
        ic=$("$SQ" "$DB" "PRAGMA integrity_check" 2>&1)
        [ "$ic" = ok ] || ko "kill $i (after $ms ms): integrity_check: $ic"
    fi
done <"$TMP/delays"
ok
check "every kill left an intact database ($KILLS kills)" '[ "$fail" -eq 0 ]'
n_rep=$(wc -l <"$TMP/reported")
lost=0
while read -r id n; do
    got=$("$SQ" "$DB" "SELECT status || ' ' || (SELECT count(*) FROM metrics WHERE run_id=$id) FROM runs WHERE id=$id")
    [ "$got" = "complete $n" ] || { lost=$((lost + 1)); echo "run $id reported stored with $n metrics, now: '$got'" >&2; }
done <"$TMP/reported"
check "no run reported stored is lost or changed ($n_rep reported)" '[ "$n_rep" -ge $((KILLS / 5)) ] && [ $lost -eq 0 ]'
half=$("$SQ" "$DB" "SELECT count(*) FROM runs r WHERE status='complete' AND (SELECT count(*) FROM metrics m WHERE m.run_id=r.id) != (SELECT CAST(value AS INTEGER) FROM run_header h WHERE h.run_id=r.id AND h.key='count')")
check "no half-run is complete" '[ "$half" -eq 0 ]'
left=$("$SQ" "$DB" "SELECT count(*) FROM runs WHERE status='incomplete'")
run "$RTB" list --db "$DB"
check "list names the runs the kills left ($left)" '[ $rc -eq 0 ] && [ "$(echo "$out" | grep -c "incomplete (unfinished: rtbench (pid")" -eq "$left" ]'
echo "test_kill: $KILLS kills, $n_rep runs reported stored, $left runs left unfinished"

# ---- a target that keeps its stdout open after its end record ----
# (its tag: other sessions on a shared machine run this test too)
start=$(date +%s)
run "$RTB" run --db "$DB" --timeout 120 --target "cmd:$FAKE linger 3 0 linger$$" --label linger
el=$(($(date +%s) - start))
check "linger: exit 0, the run complete" '[ $rc -eq 0 ] && echo "$err" | grep -q "stored run [0-9]* (3 metrics, complete)"'
check "linger: said, stopped in 5 s, not at the timeout ($el s)" 'echo "$err" | grep -q "^rtbench run: the target went on 5 s after its end record; rtbench stopped it$" && [ $el -lt 60 ]'
i=0
while [ $i -lt 300 ] && pgrep -f "linger$$\$" >/dev/null; do sleep 0.1; i=$((i + 1)); done
check "linger: the target is gone" '! pgrep -f "linger$$\$" >/dev/null'

# ---- a target that floods its output ----
run "$RTB" run --db "$DB" --timeout 2 --target "cmd:$FAKE flood 3" --label flood
check "flood: exit 1, stopped at the timeout" '[ $rc -eq 1 ] && echo "$err" | grep -q "rtbench run: [0-9]* record line(s) rejected"'
run "$RTB" show --db "$DB" flood
check "flood: the run kept, incomplete, with why" '[ $rc -eq 0 ] && echo "$out" | grep -q "^status:   incomplete - timeout after 2 s; no end record: 0 of 3 records received$"'

echo "test_kill: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
