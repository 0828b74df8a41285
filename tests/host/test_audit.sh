#!/bin/sh
# Regression tests of the defects of issue 28 (the second reliability
# audit), one section each, numbered as in the issue. Each failed on the
# tree before its fix (the commit that fixed it says so).
#   sh test_audit.sh <build/rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/a.db
export RTBENCH_DB="$TMP/default.db"
unsign() { sed 's/ \*[0-9a-f]\{8\}$//'; }
# metrics_of DB REF: the ids of a run's results, one per line
metrics_of() { "$RTB" show --db "$1" "$2" 2>/dev/null | sed -n 's/^\(fake\.[a-z0-9_.]*\) .*/\1/p'; }

"$FAKE" good 3 >"$TMP/good3.log"

# ---- 1. a restarted target: the run ends at the first number that goes back ----
# results 1-2, then (the new boot's header lost) results 1-3 with other values
{
    grep -v '^RTB1 [RE] ' "$TMP/good3.log"
    grep '^RTB1 R .* seq=[12] ' "$TMP/good3.log"
    grep '^RTB1 R ' "$TMP/good3.log" | sed 's/p50=\([0-9]*\)0 /p50=\11 /' | unsign | sign
    grep '^RTB1 E ' "$TMP/good3.log"
} >"$TMP/restart.log"
run "$RTB" import --db "$DB" "$TMP/restart.log" --label restart
check "1: restart: exit 1, incomplete, said" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE (no end record: the target restarted"'
check "1: restart: nothing of the second boot stored" '[ "$(metrics_of "$DB" latest | tr "\n" " ")" = "fake.op0.k_to_k fake.op1.k_to_k " ]'

# ---- 2. a refused R record's extra keys are freed (an ASan build's LeakSanitizer) ----
# a conflicting record and one of another run, both with extra figures
{
    grep -v '^RTB1 E ' "$TMP/good3.log"
    grep '^RTB1 R .* seq=3 ' "$TMP/good3.log" | sed 's/p50=300 /p50=301 bytes=4096 extra2=x /' | unsign | sign
    grep '^RTB1 R .* seq=2 ' "$TMP/good3.log" | sed 's/hdr=d0cd8360/bytes=1 hdr=00000000/' | unsign | sign
    grep '^RTB1 E ' "$TMP/good3.log"
} >"$TMP/refused_extra.log"
run "$RTB" import --db "$DB" "$TMP/refused_extra.log"
check "2: refused records with extra keys: exit 1, two refused" '[ $rc -eq 1 ] && echo "$err" | grep -q "a second, different record for fake.op2.k_to_k" && echo "$err" | grep -q "record of another run"'
check "2: refused records with extra keys: nothing leaked" '! echo "$err" | grep -q "LeakSanitizer"'

# ---- 3. parallel first writes to a database that does not exist yet ----
# eight imports at once, twelve times: every one stores its run
bad=0
for round in 1 2 3 4 5 6 7 8 9 10 11 12; do
    rm -f "$TMP/par.db" "$TMP/par.db-wal" "$TMP/par.db-shm"
    for i in 1 2 3 4 5 6 7 8; do
        "$RTB" import --db "$TMP/par.db" "$TMP/good3.log" >/dev/null 2>"$TMP/par$i.err" &
    done
    wait
    for i in 1 2 3 4 5 6 7 8; do
        [ -s "$TMP/par$i.err" ] && { bad=$((bad + 1)); sed -n 1p "$TMP/par$i.err" >&2; }
    done
    n=$("$RTB" list --db "$TMP/par.db" 2>/dev/null | grep -c 'test-board')
    [ "$n" -eq 8 ] || { bad=$((bad + 1)); echo "round $round: $n of 8 runs stored" >&2; }
done
check "3: 96 imports, eight at a time, into new databases: every one stored, no error" '[ $bad -eq 0 ]'

# ---- 4. another run's histogram lines are refused ----
# result 1 announces 2 buckets; its own G line: 70 samples in [90,130), 30 above
hist_log() { # hist_log G-LINES...: good3 with result 1's histogram lines as given
    awk -v g="$1" '/^RTB1 R .* seq=1 / { sub(/ seq=1 /, " hist=2 seq=1 "); print; n = split(g, l, "|"); for (i = 1; i <= n; i++) print l[i]; next } { print }' \
        "$TMP/good3.log" | unsign | sign
}
own='RTB1 G id=fake.op0.k_to_k lo=90 width=40 first=0 c=70,30'
foreign='RTB1 G id=fake.op0.k_to_k lo=1000 width=10 first=0 c=50,50'
json_hist() { "$RTB" show --db "$DB" latest --format json 2>/dev/null | tr -d ' \t\n' | grep -o '"histogram":{[^}]*}'; }
hist_log "$own" >"$TMP/h_own.log"
run "$RTB" import --db "$DB" "$TMP/h_own.log"
check "4: own histogram: complete, stored" '[ $rc -eq 0 ] && json_hist | grep -q "\"lo\":90,"'
# a foreign G line first, then the run's own
hist_log "$foreign|$own" >"$TMP/h_foreign.log"
run "$RTB" import --db "$DB" "$TMP/h_foreign.log"
check "4: another run's buckets before its own: refused, the own kept" '[ $rc -eq 0 ] && echo "$err" | grep -q "G record for fake.op0.k_to_k: its buckets are not those of the result" && json_hist | grep -q "\"lo\":90,"'
# a foreign G line after another result's record: not tied to its result
awk -v g="$foreign" '/^RTB1 R .* seq=1 / { sub(/ seq=1 /, " hist=2 seq=1 "); print; print g; next } /^RTB1 R .* seq=2 / { print; print g; next } { print }' \
    "$TMP/good3.log" | unsign | sign >"$TMP/h_far.log"
run "$RTB" import --db "$DB" "$TMP/h_far.log"
check "4: a G line not right after its result: refused" 'echo "$err" | grep -q "G record for fake.op0.k_to_k not right after its result" && ! json_hist | grep -q "\"lo\":1000,"'
check "4: a foreign histogram alone: the run incomplete, none stored" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE (histogram of fake.op0.k_to_k: 0 of 2 buckets received)" && [ -z "$(json_hist)" ]'

# ---- 5. a histogram's counts that add up to n only modulo 2^64 ----
hist_log 'RTB1 G id=fake.op0.k_to_k lo=90 width=40 first=0 c=18446744073709551615,101' >"$TMP/h_wrap.log"
run "$RTB" import --db "$DB" "$TMP/h_wrap.log"
check "5: counts summing past 2^64: dropped, the run incomplete" '[ $rc -eq 1 ] && echo "$err" | grep -q "do not add up" && echo "$out" | grep -q "INCOMPLETE (histogram of fake.op0.k_to_k" && [ -z "$(json_hist)" ]'

# ---- 6. a histogram size out of range refuses its result ----
for h in 0 4097 99999999999999999999 x; do
    sed "/^RTB1 R /s/ seq=1 / hist=$h seq=1 /" "$TMP/good3.log" | unsign | sign >"$TMP/h_size.log"
    run "$RTB" import --db "$DB" "$TMP/h_size.log"
    check "6: hist=$h: the result refused, said, the run incomplete" '[ $rc -eq 1 ] && echo "$err" | grep -q "malformed R record for fake.op0.k_to_k: bad .hist. (1 to 4096 buckets)" && echo "$out" | grep -q "INCOMPLETE (1 of 3 results missing (number 1))"'
done

# ---- 10. imported Zephyr logs: a damaged row makes the run incomplete ----
F=$Z/frdm_rw612.log
sed '/^fifo.get.immediate.kernel/s/ cycles ,/ cyclxs ,/' "$F" >"$TMP/z_damaged.log"
run "$RTB" import --db "$DB" "$TMP/z_damaged.log"
check "10: a damaged row: 46 of 47 stored, the run incomplete, exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "46 metrics.*INCOMPLETE (1 damaged result row"'
sed 's/^events.wait.immediate.kernel /events.wait>immediate.kernel /' "$F" >"$TMP/z_prompt.log"
run "$RTB" import --db "$DB" "$TMP/z_prompt.log"
check "10: events.wait>immediate.kernel: not stored as immediate.kernel, the run incomplete" '[ $rc -eq 1 ] && ! "$RTB" show --db "$DB" latest | grep -q "^immediate.kernel " && echo "$out" | grep -q "INCOMPLETE (1 damaged result row"'
run "$RTB" import --db "$DB" "$F"
check "10: the undamaged log: complete, 47 metrics" '[ $rc -eq 0 ] && echo "$out" | grep -q "47 metrics"'

# ---- 11. small messages ----
# a conflict's message says "skipped" once
awk '/^RTB1 R .*seq=2 / { print; sub(/p50=200/, "p50=201"); print; next } { print }' \
    "$TMP/good3.log" | unsign | sign >"$TMP/conflict.log"
run "$RTB" import --db "$DB" "$TMP/conflict.log"
check "11: a conflict: 'skipped' said once" 'echo "$err" | grep -q "a second, different record for fake.op1.k_to_k (the run is incomplete), skipped$" && ! echo "$err" | grep -q "skipped.*skipped"'
# the run row itself cannot be written (a reader keeps the WAL, a file size limit of 0)
SQ=$(command -v sqlite3 || true)
if [ -n "$SQ" ]; then
    "$RTB" import --db "$TMP/full.db" "$Z/rpi_pico.log" >/dev/null 2>&1
    # (the reader holds its transaction until told: its input waits on a FIFO;
    # it has begun once it has printed its count)
    mkfifo "$TMP/hold"
    { echo "BEGIN; SELECT count(*) FROM sqlite_master;"; cat "$TMP/hold"; } | "$SQ" "$TMP/full.db" >"$TMP/reader.out" &
    reader=$!
    i=0
    while [ ! -s "$TMP/reader.out" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
    # (the limit on rtbench alone: its stderr through a pipe, which the limit does not cover)
    { (ulimit -f 0; exec "$RTB" run --db "$TMP/full.db" --target "cmd:$FAKE good 5") 2>&1 >/dev/null; echo "rc=$?"; } | cat >"$TMP/runrow.err"
    err=$(cat "$TMP/runrow.err")
    rc=$(sed -n 's/^rc=//p' "$TMP/runrow.err")
    : >"$TMP/hold"
    wait $reader 2>/dev/null
    check "11: run row not written: exit 2, 'holds nothing of it', no 'complete'" '[ $rc -eq 2 ] && echo "$err" | grep -q "run NOT stored: .*full.db holds nothing of it (5 metrics received, not kept)$" && ! echo "$err" | grep -q "NOT stored.*complete"'
else
    ko "11: sqlite3 not installed (scripts/deps.sh all)"
fi
# a closed pipe (| head) is not an error to report
"$FAKE" good 3000 >"$TMP/g3000.log"
"$RTB" import --db "$TMP/big.db" "$TMP/g3000.log" >/dev/null 2>&1
for c in "show latest" "show latest --format json" "compare 1 1" "list"; do
    { "$RTB" $c --db "$TMP/big.db" 2>"$TMP/pipe.err"; echo $? >"$TMP/pipe.rc"; } | head -c 10 >/dev/null
    check "11: $c | head: nothing said, exit 0" '[ ! -s "$TMP/pipe.err" ] && [ "$(cat "$TMP/pipe.rc")" = 0 ]'
done

# ---- 9. bidirectional controls never reach the terminal raw ----
RLO=$(printf '\342\200\256') # U+202E
"$FAKE" old 3 | sed "s/kver=1.2%20beta/kver=1.2%E2%80%AEbeta/" | unsign | sign >"$TMP/bidi.log"
"$RTB" import --db "$TMP/bidi.db" "$TMP/bidi.log" --label "a${RLO}b" >/dev/null 2>&1
"$RTB" import --db "$TMP/bidi.db" "$TMP/bidi.log" --label "c$(printf '\342\201\246')d" >/dev/null 2>&1
for c in "list" "list --format csv" "show 1" "show 1 --format svg" "compare 1 2" "compare 1 2 --format markdown" \
    "compare 1 2 --format csv" "check 1 2" "check 1 2 --format markdown" "check 1 2 --format junit"; do
    run "$RTB" $c --db "$TMP/bidi.db"
    check "9: $c: no bidi control raw, escaped (\\xe2\\x80\\xae)" '[ $rc -le 1 ] && ! printf "%s%s" "$out" "$err" | grep -q "$RLO" && ! printf "%s%s" "$out" "$err" | grep -q "$(printf "\342\201\246")" && printf "%s%s" "$out" "$err" | grep -q "xe2.*x80.*xae"'
done

# ---- 8. a killed run stays unfinished when its PID is reused ----
if [ -n "$SQ" ]; then
    status_now() { "$RTB" show --db "$TMP/pid.db" latest 2>/dev/null | sed -n 's/^status: *//p'; }
    "$RTB" run --db "$TMP/pid.db" --target "cmd:$FAKE hang" >/dev/null 2>&1 &
    rp=$!
    i=0
    until status_now | grep -q "running: rtbench pid $rp"; do
        i=$((i + 1))
        [ $i -lt 100 ] || break
        sleep 0.2
    done
    check "8: a run in progress: running" 'status_now | grep -q "running: rtbench pid $rp$"'
    kill -9 $rp
    wait $rp 2>/dev/null
    check "8: killed: unfinished" 'status_now | grep -q "unfinished: rtbench (pid $rp) ended"'
    # its PID taken by another process (a live one that is not that rtbench)
    sleep 60 &
    sp=$!
    "$SQ" "$TMP/pid.db" "UPDATE runs SET status_detail = replace(status_detail, 'pid $rp ', 'pid $sp ') WHERE id = (SELECT max(id) FROM runs)"
    check "8: its PID reused: still unfinished" 'status_now | grep -q "unfinished: rtbench (pid $sp) ended"'
    # a run of an older rtbench (no start time stored): a PID that is not an rtbench
    "$SQ" "$TMP/pid.db" "UPDATE runs SET status_detail = 'running: rtbench pid $sp on $(uname -n)' WHERE id = (SELECT max(id) FROM runs)"
    check "8: older detail, its PID reused: unfinished" 'status_now | grep -q "unfinished: rtbench (pid $sp) ended"'
    kill $sp
    wait $sp 2>/dev/null
fi

# ---- 7. format detection does not keep the input: junk costs its lines, not its bytes ----
# 2 MB and 20 MB of base64 junk: the same peak memory within 4 MB (the
# cyclictest importer's look-ahead kept up to 64 MiB of it)
rss_of() { sed -n 's/^maxrss_kb=//p' "$TMP/err"; }
export ASAN_OPTIONS=quarantine_size_mb=1:detect_leaks=0 # an ASan build: freed memory not held
head -c 1500000 /dev/urandom | base64 -w 120 >"$TMP/junk2.log"
head -c 15000000 /dev/urandom | base64 -w 120 >"$TMP/junk20.log"
run "$FAKE" maxrss "$RTB" import --db "$TMP/junk.db" "$TMP/junk2.log"
r2=$(rss_of)
run "$FAKE" maxrss "$RTB" import --db "$TMP/junk.db" "$TMP/junk20.log"
r20=$(rss_of)
check "7: 10x the junk, the same memory within 4 MB (${r2:-?} KB, ${r20:-?} KB)" '[ $rc -eq 2 ] && [ -n "$r2" ] && [ -n "$r20" ] && [ $((r20 - r2)) -lt 4096 ]'
unset ASAN_OPTIONS

finish test_audit
