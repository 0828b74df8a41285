#!/bin/sh
# The artifact flags "unresolved" (every sample below one count of the tool's declared
# resolution) and "inflated" (a mean pulled far above its p50 by a few long windows,
# its siblings' not): host/artifact.c, flag_unresolved and flag_inflated, on imported
# runs and rtbench's own; shown by show, compare and report; no clean fixture flagged.
# Usage: sh test_import_flags.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/flags.db
ROOT=$(cd "$FIX/../.." && pwd)
# tl NAME UNIT COLUMNS ROWS...: an rtla timerlat hist output (UNIT us or ns), COLUMNS
# its Index line's names, each ROW "<index> <count per column>"; the summary derived
# from the rows as rtla prints it (avg an integer division)
tl() {
    _n=$1 _u=$2 _c=$3
    shift 3
    {
        printf '# RTLA timerlat histogram\n'
        [ "$_u" = us ] && printf '# Time unit is microseconds (us)\n' || printf '# Time unit is nanoseconds (ns)\n'
        printf 'Index %s\n' "$_c"
        for r in "$@"; do echo "$r"; done
    } >"$TMP/$_n.txt"
    printf '%s\n' "$@" | awk '{ for (c = 2; c <= NF; c++) { k = $c; n[c] += k; s[c] += k * $1
            if (k && !(c in lo)) lo[c] = $1; if (k) hi[c] = $1 } if (NF > m) m = NF }
        END { for (i = 0; i < 5; i++) { printf "%s", i == 0 ? "over:" : i == 1 ? "count:" : i == 2 ? "min:" : i == 3 ? "avg:" : "max:"
              for (c = 2; c <= m; c++) printf " %d", i == 0 ? 0 : i == 1 ? n[c] : i == 2 ? lo[c] : i == 3 ? int(s[c] / n[c]) : hi[c]
              printf "\n" } }' >>"$TMP/$_n.txt"
}

# unresolved: a column whose every sample read 0 us; one whose p50 is 0 us but max not
tl zero us "IRQ-000 IRQ-001 Thr-000" "0 100 60 0" "1 0 30 0" "4 0 10 90" "6 0 0 10"
run "$RTB" import --db "$DB" "$TMP/zero.txt"
z=$(id_of)
check "unresolved: the column of 0 us samples alone (p50 0 with a 4 us max is resolved)" '[ "$(flagged $z unresolved)" = "timerlat.irq_000 " ]'
check "unresolved: show names it" 'json $z | grep -q "\"id\":\"timerlat.irq_000\",.*\"max\":0,\"mean_ns\":0,\"flags\":\[\"unresolved\"\]"'
tl zerons ns "IRQ-000 Thr-000" "0 5 0" "800 0 4" "900 0 1"
run "$RTB" import --db "$DB" "$TMP/zerons.txt"
check "unresolved, -n (1 ns a count): the 0 ns column" '[ "$(flagged $(id_of) unresolved)" = "timerlat.irq_000 " ]'
printf '# Histogram\n000000 000010\n000001 000000\n# Total: 000000010\n# Min Latencies: 00000\n# Avg Latencies: 00000\n# Max Latencies: 00000\n# Histogram Overflows: 00000\n' >"$TMP/cth0.txt"
run "$RTB" import --db "$DB" "$TMP/cth0.txt"
check "unresolved, cyclictest -h: every sample 0 us" '[ "$(flagged $(id_of) unresolved)" = "timer.deviation " ]'

# inflated: Thr-001 as its siblings but for 5 windows of 500 us among 1000 of 5 us
tl tick us "Thr-000 Thr-001 Thr-002 Thr-003" "5 1000 1000 0 0" "6 20 0 1000 20" "7 0 0 20 1000" "500 0 5 0 0"
run "$RTB" import --db "$DB" "$TMP/tick.txt"
t=$(id_of)
check "inflated: the one row with the long windows, nothing else flagged" '[ "$(flagged $t inflated)" = "timerlat.thr_001 " ] && echo "$out" | grep -q "4 metrics, 1 flagged$"'
tl alike us "Thr-000 Thr-001 Thr-002" "5 1000 1000 1000" "500 5 5 5"
run "$RTB" import --db "$DB" "$TMP/alike.txt"
check "inflated: every sibling skewed alike, none flagged" '[ -z "$(flagged $(id_of) inflated)" ]'
tl tail us "Thr-000 Thr-001 Thr-002" "5 1000 900 1000" "40 0 100 0" "500 0 5 0"
run "$RTB" import --db "$DB" "$TMP/tail.txt"
check "inflated: a long tail of its own (p99 far up) not flagged" '[ -z "$(flagged $(id_of) inflated)" ]'

# check judges at p50 where both runs have percentiles: "inflated" (about the mean)
# does not take the row out of the gate; its p50 equals the clean run's
tl base us "Thr-000 Thr-001 Thr-002 Thr-003" "5 1000 1005 0 0" "6 20 0 1000 20" "7 0 0 20 1000"
run "$RTB" import --db "$DB" "$TMP/base.txt"
b=$(id_of)
run "$RTB" check "$b" "$t" --threshold 10 --db "$DB"
check "check: the inflated row judged at its p50, not set apart" '[ $rc -eq 0 ] && echo "$out" | grep "timerlat.thr_001" | grep -qv flagged && ! echo "$out" | grep -q "^flagged"'

run "$RTB" compare "$z" "$t" --db "$DB"
check "compare: the markers and what they mean" 'echo "$out" | grep "^timerlat.irq_000 " | grep -q "0?" && echo "$out" | grep "^timerlat.thr_001 " | grep -q "[0-9]^" && echo "$out" | grep -q "? unresolved: every sample below one count" && echo "$out" | grep -q "\^ inflated: mean pulled far above p50"'
run "$RTB" report "$z" "$t" -o "$TMP/r.html" --db "$DB"
check "report: the flags named" '[ $rc -eq 0 ] && grep -q "unresolved" "$TMP/r.html" && grep -q "inflated" "$TMP/r.html"'

# every fixture and committed log: none flagged but the three rows of the 20 host runs
# taken at a load average of 14 (docs/cli.md, "history"), each one window of 17,000 to
# 2,270,000 cycles among 500 of 21 or 4,074
rm -f "$DB"
for f in $(find "$FIX" "$ROOT/results" -type f ! -name '*.md' | sort); do
    run "$RTB" import --db "$DB" "$f"
    echo "$out" | grep -q "flagged$" || continue
    for id in $(id_of); do
        for k in unresolved inflated; do
            for m in $(flagged "$id" $k); do echo "${f#"$ROOT"/} $m $k"; done
        done
    done
done >"$TMP/all.txt"
check "fixtures and results: only the loaded host runs' three rows" '[ "$(sort -u "$TMP/all.txt" | tr "\n" ";")" = "results/host/posix-repeat20.log semaphore.take.blocking.k_to_k inflated;results/host/posix-repeat20.log semaphore.take.immediate.kernel inflated;" ] && [ "$(wc -l <"$TMP/all.txt")" -eq 3 ]'

finish test_import_flags
