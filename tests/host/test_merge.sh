#!/bin/sh
# One history from many runners: `rtbench import` of other rtbench databases
# (host/db_merge.c). Two databases with overlapping runs (B is a copy of A
# plus runs of its own) merged into one: each run once, every row of every
# table compared with sqlite3, keyed by the run's uuid; the same database
# again: a no-op that says so; a run whose uuid is there with other content:
# refused in one line, nothing changed; a source of an older schema read
# through a migrated copy (the file untouched, twice the same ids), a newer
# one, a foreign one and one with an unknown table refused; four collectors
# at once into one database; SIGKILLs during a merge leave whole runs only,
# and the next import copies the rest.
#   sh test_merge.sh <build/rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
SQ=$(command -v sqlite3 || true)
[ -n "$SQ" ] || { echo "test_merge: sqlite3 not installed (scripts/deps.sh all)"; echo "0 passed, 1 failed"; exit 1; }
POSIX=$(dirname "$RTB")/rtbench-posix

# dump DB: every row of every table (runs, and each table a run owns, found in
# the schema), one line per row, the run's uuid in place of each database's
# own ids; each value with its type, text in hex: sorted
dump() {
    for t in $("$SQ" "$1" "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite%' ORDER BY name"); do
        key=run_id
        [ "$t" = runs ] && key=id
        cols=$("$SQ" "$1" "SELECT group_concat('CASE typeof(t.\"'||name||'\") WHEN ''real'' THEN ''r''||printf(''%.17e'',t.\"'||name||'\") WHEN ''integer'' THEN ''i''||t.\"'||name||'\" WHEN ''null'' THEN ''n'' ELSE ''t''||hex(t.\"'||name||'\") END', '||''|''||') FROM pragma_table_info('$t') WHERE name<>'$key' AND name<>'uuid'")
        "$SQ" "$1" "SELECT '$t|'||r.uuid||'|'||$cols FROM \"$t\" t JOIN runs r ON r.id=t.$key"
    done | LC_ALL=C sort
}
# tables DB: the tables of DB with at least one row, one line
tables() {
    for t in $("$SQ" "$1" "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite%' ORDER BY name"); do
        [ "$("$SQ" "$1" "SELECT count(*) FROM \"$t\"")" -gt 0 ] && printf '%s ' "$t"
    done
}
uuids() { "$SQ" "$1" "SELECT count(*), count(DISTINCT uuid) FROM runs"; }

# ---- two runners' databases: A, and B = A's runs plus its own ----
# a run with a histogram, samples and extra figures (header CRC in hdr=)
h=$(echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=b1 cpu=x timer=tsc" \
    "hz=1000000000 bits=64 unit=cycles ns_num=1 ns_den=1 clock=hw cc=gcc%2012 cflags=-O2" \
    "iters=4 warmup=1 overhead=0 samples=1 count=2 seq=1" | sign)
c=${h##*\*}
echo "$h" >"$TMP/s.log"
{
    for i in 1 2; do
        echo "RTB1 R id=semaphore.give.immediate.kernel$i n=4 min=10 max=13 mean=11.500" \
            "sd=1.291 p50=11 p90=13 p99=13 p999=13 hist=2 flags= extra1=5 seq=$i hdr=$c"
        echo "RTB1 G id=semaphore.give.immediate.kernel$i lo=10 width=2 first=0 c=2,2"
        echo "RTB1 S id=semaphore.give.immediate.kernel$i first=0 v=KBBB seq=$i hdr=$c"
    done
    echo "RTB1 E records=2 status=0 hdr=$c"
} | sign >>"$TMP/s.log"
A=$TMP/a.db B=$TMP/b.db
"$RTB" import --db "$A" --meta commit=abc "$TMP/s.log" "$FIX/rtbench/posix-vm.log" \
    "$FIX/cyclictest-hist/vm_t2_h400.txt" >/dev/null 2>&1
"$RTB" run --db "$A" --target "cmd:$FAKE good 6" >/dev/null 2>&1
"$RTB" run --db "$A" --target "cmd:$FAKE truncated 3" >/dev/null 2>&1 # incomplete
if [ -x "$POSIX" ]; then
    "$RTB" sweep --db "$A" --sizes 16 --consumers 1 --styles sync --payload 1K >/dev/null 2>&1
else
    echo "test_merge: no $POSIX: the sweep's run left out"
fi
# a metric's figures in a second unit (what run --cycle-model stores), by hand
"$SQ" "$A" "INSERT INTO metric_other_units VALUES(1,1,'model-cycles',4,11.5,1.25,10,13,11,13,13,13)"
cp "$A" "$B"
"$RTB" import --db "$B" "$Z/rpi_pico.log" >/dev/null 2>&1
"$RTB" run --db "$B" --target "cmd:$FAKE good 4" --label 'l|b' >/dev/null 2>&1
na=$("$SQ" "$A" "SELECT count(*) FROM runs") nb=$("$SQ" "$B" "SELECT count(*) FROM runs")
check "sources: every table holds rows, $na and $nb runs" '[ "$(tables "$A")" = "metric_extra metric_hist metric_other_units metric_samples metrics run_header run_meta runs " ] && [ "$na" -ge 6 ] && [ "$nb" -eq $((na + 2)) ]'
check "every run stored by run, import, sweep has a random (version 4) uuid" '[ "$("$SQ" "$B" "SELECT count(*) FROM runs WHERE uuid GLOB '"'"'*-4???-[89ab]*'"'"' AND length(uuid)=36")" -eq "$nb" ]'
{ dump "$A"; dump "$B"; } | LC_ALL=C sort -u >"$TMP/want"

# ---- merged: each run once, every row of every table ----
C=$TMP/c.db
run "$RTB" import --db "$C" "$A" "$B"
check "A then B: $na runs, then 2 (A's already here); an incomplete one: exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "^imported $na runs from $A: #1 to #$na here, 1 INCOMPLETE$" && echo "$out" | grep -q "^imported 2 runs from $B: #$((na + 1)) to #$((na + 2)) here; $na already here$"'
dump "$C" >"$TMP/got"
check "merged: row by row, all tables, the union of A and B" 'cmp -s "$TMP/want" "$TMP/got" && [ "$(uuids "$C")" = "$nb|$nb" ]'
cmp -s "$TMP/want" "$TMP/got" || diff "$TMP/want" "$TMP/got" | head -5
check "the sources are left as they were" '[ "$(uuids "$A")" = "$na|$na" ] && [ "$(uuids "$B")" = "$nb|$nb" ]'
run "$RTB" show --db "$C" 1 --format json
u1=$("$SQ" "$A" "SELECT uuid FROM runs WHERE id=1")
check "show: the run's uuid, the one it had in A" 'echo "$out" | grep -q "\"uuid\":[[:space:]]*\"$u1\""'

# ---- the same again: a no-op that says so ----
run "$RTB" import --db "$C" "$B"
check "B again: nothing imported, said, exit 0" '[ $rc -eq 0 ] && [ "$out" = "nothing to import from $B: its $nb run(s) are all in $C already" ] && [ -z "$err" ]'
check "B again: not a row changed" '[ "$(dump "$C")" = "$(cat "$TMP/got")" ]'

# ---- a run there with other content: refused in one line ----
cp "$A" "$TMP/d.db"
"$SQ" "$TMP/d.db" "UPDATE metric_hist SET counts='3,1' WHERE run_id=1 AND seq=1"
run "$RTB" import --db "$C" "$TMP/d.db"
check "a run whose histogram differs: refused, one line, exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && [ "$err" = "rtbench import: $TMP/d.db: run #1 ($u1) is run #1 here with other content: not copied, left as it is" ] && [ -z "$out" ]'
check "refused: not a row changed" '[ "$(dump "$C")" = "$(cat "$TMP/got")" ]'
run "$RTB" import --db "$C" --label x "$A"
check "--label with a database: refused in one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "copied as they are"'
run "$RTB" import --db "$C" "$C"
check "the database itself: refused" '[ $rc -eq 2 ] && [ "$err" = "rtbench import: $C: database $C is the one imported into" ]'

# ---- sources of other schema versions, and not rtbench's ----
O=$TMP/old.db
cp "$A" "$O"
"$SQ" "$O" "DROP INDEX runs_uuid; ALTER TABLE runs DROP COLUMN uuid; PRAGMA user_version=7"
sum=$(cksum <"$O")
run "$RTB" import --db "$TMP/f.db" "$O"
check "schema 7: read through a migrated copy, said" '[ $rc -eq 1 ] && echo "$out" | grep -q "^imported $na runs from" && [ "$err" = "rtbench import: $O: note: schema version 7, read through a migrated copy (the file is left as it is)" ]'
run "$RTB" import --db "$TMP/f.db" "$O"
check "schema 7 again: its runs the same ids, nothing imported" '[ $rc -eq 0 ] && echo "$out" | grep -q "^nothing to import from $O: its $na run(s)"'
check "schema 7: the file untouched, still version 7" '[ "$(cksum <"$O")" = "$sum" ] && [ "$("$SQ" "$O" "PRAGMA user_version")" = 7 ] && [ ! -e "$O-wal" ]'
check "schema 7: its old runs get version 8 uuids, every row copied" '[ "$("$SQ" "$TMP/f.db" "SELECT count(*) FROM runs WHERE substr(uuid,15,1)='"'"'8'"'"'")" -eq "$na" ] && [ "$(dump "$TMP/f.db" | cut -d"|" -f1,3- | sort)" = "$(dump "$A" | cut -d"|" -f1,3- | sort)" ]'
cp "$A" "$TMP/new.db"
"$SQ" "$TMP/new.db" "PRAGMA user_version=999"
run "$RTB" import --db "$C" "$TMP/new.db"
check "a newer schema: refused in one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "schema version 999, newer than"'
"$SQ" "$TMP/foreign.db" "CREATE TABLE x(a)"
run "$RTB" import --db "$C" "$TMP/foreign.db"
check "a foreign database: refused in one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "of something else"'
cp "$A" "$TMP/extra.db"
"$SQ" "$TMP/extra.db" "CREATE TABLE notes(text TEXT)"
run "$RTB" import --db "$C" "$TMP/extra.db"
check "a table that is not a run's: refused, nothing imported" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "table notes is neither the runs nor a run" && [ "$(dump "$C")" = "$(cat "$TMP/got")" ]'
check "after all that: the merged database whole" '[ "$("$SQ" "$C" "PRAGMA integrity_check")" = ok ]'

# ---- four collectors at once into one database ----
E=$TMP/e.db
pids=
for i in 1 2 3 4; do
    "$RTB" import --db "$E" "$A" "$B" >"$TMP/o$i" 2>"$TMP/e$i" &
    pids="$pids $!"
done
bad=0 i=0
for p in $pids; do
    i=$((i + 1))
    wait "$p"
    r=$?
    [ $r -le 1 ] || bad=$((bad + 1))
    [ -s "$TMP/e$i" ] && bad=$((bad + 1)) && head -2 "$TMP/e$i" >&2
done
check "4 collectors at once: no error" '[ $bad -eq 0 ]'
check "4 collectors at once: each run once, row by row the union" '[ "$(uuids "$E")" = "$nb|$nb" ] && [ "$(dump "$E")" = "$(cat "$TMP/want")" ]'
ncopied=$(cat "$TMP"/o[1-4] | sed -n 's/^imported \([0-9]*\) runs\{0,1\} from.*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
check "4 collectors at once: $ncopied runs said copied in all, as many as stored" '[ "$ncopied" -eq "$nb" ]'

# ---- SIGKILL during a merge: whole runs only; the next import copies the rest ----
G=$TMP/g.db H=$TMP/h.db
"$FAKE" good 40 >"$TMP/one.log"
awk 'NR == FNR { l[FNR] = $0; n = FNR; next } END { for (k = 0; k < 150; k++) for (i = 1; i <= n; i++) print l[i] }' \
    "$TMP/one.log" "$TMP/one.log" >"$TMP/many.log" # 150 runs
"$RTB" import --db "$G" "$TMP/many.log" >/dev/null 2>&1
dump "$G" >"$TMP/gall"
ng=$("$SQ" "$G" "SELECT count(*) FROM runs")
# held: the runs H holds (0 before it has its tables)
held() { "$SQ" "$H" "SELECT count(*) FROM runs" 2>/dev/null || echo 0; }
kills=0 whole=0
for k in 1 2 3; do
    before=$(held)
    "$RTB" import --db "$H" "$G" >/dev/null 2>&1 &
    pid=$!
    # killed once it has committed a run (a kill at a random point of the next one)
    w=0
    while [ $w -lt 600 ] && kill -0 $pid 2>/dev/null && [ "$(held)" -le "$before" ]; do
        sleep 0.02
        w=$((w + 1))
    done
    kill -KILL $pid 2>/dev/null && kills=$((kills + 1))
    wait $pid 2>/dev/null
    [ -e "$H" ] || { whole=$((whole + 1)) && continue; }
    "$SQ" "$H" "SELECT uuid FROM runs" 2>/dev/null | sort >"$TMP/have"
    # G's rows of the runs H holds: exactly H's rows
    awk -F'|' 'NR == FNR { u[$1] = 1; next } ($2 in u)' "$TMP/have" "$TMP/gall" >"$TMP/part"
    if [ "$("$SQ" "$H" "PRAGMA integrity_check")" = ok ] && [ "$(dump "$H" 2>/dev/null)" = "$(cat "$TMP/part")" ]; then
        whole=$((whole + 1))
    else
        echo "kill $k: $(wc -l <"$TMP/have") runs, rows not G's" >&2
    fi
done
nh=$(held)
check "$kills SIGKILLs during an import of $ng runs: each left whole runs only ($nh held)" '[ $kills -eq 3 ] && [ $whole -eq 3 ] && [ "$nh" -gt 0 ] && [ "$nh" -lt "$ng" ]'
run "$RTB" import --db "$H" "$G"
tail=
[ "$nh" -gt 0 ] && tail="; $nh already here"
check "then the import: the rest copied, the runs there said" '[ $rc -eq 0 ] && echo "$out" | grep -q "^imported $((ng - nh)) runs\{0,1\} from $G: [#0-9 to]* here$tail$"'
check "then: row by row G's" '[ "$(dump "$H")" = "$(cat "$TMP/gall")" ]'

finish test_merge
