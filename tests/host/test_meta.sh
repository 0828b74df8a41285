#!/bin/sh
# What was measured: --meta KEY=VALUE on import (and its refusals: one line,
# exit 2, nothing stored), the meta rtbench fills in (build_hash), shown by
# show and list (text, json), --where and --latest selecting runs for list,
# compare, check and report, and a database of the schema before run_meta
# migrated with its runs kept.
# Usage: sh test_meta.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/meta.db

# log FILE BOARD P50: one run of two metrics (valid CRCs)
log() {
    {
        echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=$2 cpu=x timer=tsc" \
            "hz=1000000000 bits=64 unit=cycles ns_num=1 ns_den=1 clock=hw cc=gcc%2012 cflags=-O2" \
            "iters=1000 warmup=10 overhead=0 count=2"
        for id in semaphore.give.immediate.kernel mutex.lock.immediate.recursive.kernel; do
            echo "RTB1 R id=$id n=1000 min=$(($3 - 1)) max=$((2 * $3)) mean=$3.000 sd=1.000" \
                "p50=$3 p90=$3 p99=$(($3 + 1)) p999=$(($3 + 2)) flags="
        done
        echo "RTB1 E records=2 status=0"
    } | sign >"$TMP/$1"
}
log a.log board-a 100
log b.log board-b 130

# ---- --meta refused: one line, exit 2, nothing stored ----
for bad in 'nokey' '=v' 'Key=v' 'k=' 'k=a b' 'k=a,b' "k=$(printf 'a\tb')" \
    "$(printf '%065d' 0)=v" "k=$(printf '%0257d' 0)"; do
    run "$RTB" import --db "$DB" --meta "$bad" "$TMP/a.log"
    check "--meta '$bad' refused in one line, exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "^rtbench import: --meta"'
done
check "refused --meta: no database made" '[ ! -e "$DB" ]'
run "$RTB" import --db "$DB" --meta k=1 --meta k=2 "$TMP/a.log"
check "a key given twice: refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "given twice" && [ ! -e "$DB" ]'
run "$RTB" run --db "$DB" --meta 'bad key=1' --target cmd:true
check "run --meta refused before anything runs" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && [ ! -e "$DB" ]'
run "$RTB" sweep --db "$DB" --meta 'x' --target host
check "sweep --meta refused before anything runs" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && [ ! -e "$DB" ]'

# ---- stored, shown, filled in ----
run "$RTB" import --db "$DB" --meta commit=abc123 --meta branch=main --meta config=v1.2_x-y \
    "$TMP/a.log"
check "import --meta: stored" '[ $rc -eq 0 ]'
run "$RTB" import --db "$DB" --meta commit=def456 --meta branch=main "$TMP/b.log"
run "$RTB" import --db "$DB" --meta commit=abc999 --meta branch=dev "$TMP/a.log"
run "$RTB" show --db "$DB" 1
check "show: the meta, in the order given" 'echo "$out" | sed -n "/^meta:/,/^header:/p" | grep -q "commit *abc123" && [ "$(echo "$out" | sed -n "/^meta:/,/^header:/p" | sed -n 2p | awk "{print \$1}")" = commit ] && echo "$out" | grep -q "config *v1.2_x-y"'
check "show: build_hash filled in from cc and cflags" 'echo "$out" | grep -Eq "^  build_hash +[0-9a-f]{16}$"'
h1=$(echo "$out" | sed -n 's/^  build_hash *//p')
run "$RTB" show --db "$DB" 2 --format json
check "show --format json: meta object" 'echo "$out" | grep -q "\"commit\":.*\"def456\""'
check "same cc and cflags: the same build_hash" 'echo "$out" | grep -q "\"build_hash\":.*\"$h1\""'
run "$RTB" import --db "$DB" --meta build_hash=mine "$TMP/a.log"
run "$RTB" show --db "$DB" 4
check "a build_hash given with --meta is kept" 'echo "$out" | grep -q "^  build_hash *mine$"'
run "$RTB" list --db "$DB"
check "list: a meta column" 'echo "$out" | head -1 | grep -q "meta$" && echo "$out" | grep "^ *2 " | grep -q "commit=def456 branch=main build_hash="'
run "$RTB" list --db "$DB" --format csv
check "list csv: a meta column, the pairs in one field" 'echo "$out" | head -1 | grep -q ",metrics,meta$" && echo "$out" | grep "^2," | grep -q ",commit=def456 branch=main build_hash=[0-9a-f]*$"'
run "$RTB" list --db "$DB" --format markdown
check "list markdown: a meta column" 'echo "$out" | head -1 | grep -q "| metrics | meta |$" && echo "$out" | grep "^| 2 |" | grep -q "| commit=def456 branch=main build\\\\_hash=[0-9a-f]* |$"'

# ---- --where and --latest ----
run "$RTB" list --db "$DB" --where branch=main
check "list --where branch=main: runs 1 and 2" '[ "$(echo "$out" | awk "NR>1{print \$1}" | tr "\n" " ")" = "1 2 " ]'
run "$RTB" list --db "$DB" --where 'commit=abc*'
check "list --where commit=abc*: runs 1 and 3" '[ "$(echo "$out" | awk "NR>1{print \$1}" | tr "\n" " ")" = "1 3 " ]'
run "$RTB" list --db "$DB" --where 'commit=abc*,board=board-a' --where branch=dev
check "list --where: every pair (meta and header field) must match" '[ "$(echo "$out" | awk "NR>1{print \$1}" | tr "\n" " ")" = "3 " ]'
run "$RTB" list --db "$DB" --where board=board-b --format json
check "list --where board= (a header field), json meta" '[ $rc -eq 0 ] && echo "$out" | grep -q "\"run\":.*2" && ! echo "$out" | grep -q "\"run\":.*1,"'
run "$RTB" list --db "$DB" --where branch=main --latest 1
check "list --where --latest 1: the newest of the series" '[ "$(echo "$out" | awk "NR>1{print \$1}" | tr "\n" " ")" = "2 " ]'
run "$RTB" list --db "$DB" --where nosuch=x
check "list --where matching nothing: says so" '[ $rc -eq 0 ] && echo "$err" | grep -q "no runs matching --where"'
for bad in 'x' 'k=' 'k=v,' ',k=v' 'K=v'; do
    run "$RTB" list --db "$DB" --where "$bad"
    check "--where '$bad' refused in one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "^rtbench list: --where"'
done
run "$RTB" compare --db "$DB" --where branch=main
check "compare --where: the selected runs, oldest first" '[ $rc -eq 0 ] && echo "$out" | head -1 | grep -q "#1 board-a *#2 board-b"'
run "$RTB" compare --db "$DB" 1 2 --where branch=main
check "compare: RUN and --where together refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "not both"'
run "$RTB" check --db "$DB" --where branch=main --threshold 10
check "check --where (two runs): baseline the older, +30 % a regression" '[ $rc -eq 1 ] && echo "$out" | grep -q "^baseline  #1" && echo "$out" | grep -q "^candidate #2"'
run "$RTB" check --db "$DB" --where 'commit=abc*' --latest 1
check "check: one selected run refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "check needs two"'
run "$RTB" check --db "$DB" --latest 3
check "check: three selected runs refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "more than two"'
run "$RTB" check --db "$DB" --latest 2
check "check --latest 2: the two newest runs" '[ $rc -eq 0 ] && echo "$out" | grep -q "^baseline  #3" && echo "$out" | grep -q "^candidate #4"'
# several runs a side (check --baseline/--candidate, --baseline-where/--candidate-where)
run "$RTB" check --db "$DB" --baseline-where branch=main --candidate-where branch=dev
check "check --baseline-where/--candidate-where: the sides' runs named, the medians compared" '[ $rc -eq 0 ] && echo "$out" | grep -q "^baseline  2 runs: #1 board-a, #2 board-b" && echo "$out" | grep -q "^candidate #3 board-a" && echo "$out" | grep -q "115 -> *100 *-13.0 %" && echo "$out" | grep -q "^not tested for noise: no metric has the figures of 2 runs or more on each side"'
run "$RTB" check --db "$DB" --baseline 1 --baseline 2 --candidate 3 --candidate 4
check "check --baseline x2 --candidate x2: too few runs for significance, said" '[ $rc -eq 0 ] && echo "$out" | grep -q "^candidate 2 runs: #3 board-a, #4 board-a" && echo "$out" | grep -q "too few runs: no change can be significant"'
for args in "1 2 --baseline 3:not both" "--baseline 1:the candidate side needs" \
    "--baseline 1 --baseline-where branch=main --candidate 2:the baseline side needs" \
    "--baseline 1 --baseline 2 --candidate 2:run #2 is on both sides" \
    "--baseline-where commit=zzz --candidate 1:no stored run matches --baseline-where"; do
    want=${args#*:}
    # shellcheck disable=SC2086
    run "$RTB" check --db "$DB" ${args%%:*}
    check "check ${args%%:*}: refused in one line ($want)" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "$want"'
done
run "$RTB" report --db "$DB" --where branch=main -o "$TMP/r.html"
check "report --where: the selected runs" '[ $rc -eq 0 ] && echo "$out" | grep -q "(2 runs,"'
run "$RTB" compare --db "$DB" --where commit=zzz
check "compare --where matching nothing: one line, exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "no stored run matches --where"'

# ---- a database of the previous schema (no run_meta) is migrated, its runs kept ----
SQ=$(command -v sqlite3)
if [ -n "$SQ" ]; then
    cp "$DB" "$TMP/old.db"
    v=$("$SQ" "$TMP/old.db" "PRAGMA user_version")
    # schema 5 is the last one without run_meta (6); 7 (metric_samples) and 8 (runs.uuid) came after it
    "$SQ" "$TMP/old.db" "DROP TABLE run_meta; DROP TABLE IF EXISTS metric_samples; DROP INDEX runs_uuid; ALTER TABLE runs DROP COLUMN uuid; PRAGMA user_version=5"
    run "$RTB" list --db "$TMP/old.db"
    check "previous schema: a reading command refuses it" '[ $rc -eq 2 ] && echo "$err" | grep -q "older schema"'
    run "$RTB" import --db "$TMP/old.db" --meta commit=new "$TMP/a.log"
    check "previous schema: import migrates it" '[ $rc -eq 0 ] && [ "$("$SQ" "$TMP/old.db" "PRAGMA user_version")" = "$v" ]'
    run "$RTB" list --db "$TMP/old.db" --where commit=new
    check "after the migration: the old runs kept, the new one's meta stored" '[ "$("$RTB" list --db "$TMP/old.db" | awk "NR>1" | wc -l)" -eq 5 ] && [ "$(echo "$out" | awk "NR>1{print \$1}")" = 5 ]'
else
    ko "sqlite3 not installed (scripts/deps.sh all)"
fi

finish test_meta
