#!/bin/sh
# rtbench import of Zephyr's benchmark logs before the ids (importer_zephyr_legacy.c):
# latency_measure of Zephyr 1.7, 2.3, 2.6, 3.5 and 3.6, timing_info of 1.13 and
# recording.csv (tests/fixtures/zephyr-legacy, README.md names their sources):
# ids from the mapping table (host/metric_map.c), figures, units, the tool and
# foreign name, the shared rows beside a current log, and damaged copies refused.
# Usage: sh test_import_legacy.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/legacy.db
L=$FIX/zephyr-legacy

# metric RUN ID MEAN MEAN_NS TOOL FOREIGN: the stored figure of ID, mean-only,
# named after the tool's own row
metric() {
    "$RTB" show "$1" --format json --db "$DB" | tr -d '\t\n' |
        grep -q "\"id\":\"$2\",\"desc\":\"[^\"]*\",\"state\":\"ok\",\"n\":0,\"mean\":$3,\"mean_ns\":$4,\"flags\":\[\"mean-only\"\],\"extra\":{\"tool\":\"$5\",\"foreign\":\"$6\"}"
}
# header RUN KEY VALUE
header() {
    "$RTB" show "$1" --format json --db "$DB" | tr -d '\t\n' | grep -q "\"$2\":\"$3\""
}
# import_ok FILE METRICS [STATUS]: stored as one zephyr-legacy run of METRICS
# metrics (STATUS: ", INCOMPLETE (...)" when given)
import_ok() {
    run "$RTB" import --db "$DB" "$L/$1"
    want="$L/$1: zephyr-legacy, board unknown, $2 metrics${3:-}"
    want_rc=0
    [ -n "${3:-}" ] && want_rc=1
    check "$1: imported, $2 metrics${3:+, incomplete}" '[ $rc -eq $want_rc ] && [ "${out#imported run * from }" = "$want" ]'
    id=$(id_of)
}

# ---- each generation: ids, figures, clock ----
import_ok latency_measure-v1.7.99.log 8
v1=$id
check "1.7: ISR return mapped, tcs and ns" 'metric $v1 isr.resume.interrupted.thread.kernel 12591 125910 latency_measure "switching time is"'
check "1.7: coop switch mapped" 'metric $v1 thread.yield.cooperative.ctx.k_to_k 88 882 latency_measure "Average context switch time is"'
check "1.7: kernel version, clock from the rows (1 tcs is 10 nsec)" 'header $v1 kver v1.7.99 && header $v1 hz 100000000 && header $v1 hz_source derived'

import_ok latency_measure-v2.3.0.log 15
v23=$id
check "2.3: sem give with a switch mapped" 'metric $v23 semaphore.give.wake+ctx.k_to_k 845 7041 latency_measure "Semaphore give time (context switch)"'
check "2.3: 120 MHz derived" 'header $v23 hz 120000000 && header $v23 bench latency_measure'

import_ok latency_measure-v2.6.0.log 17
v26=$id
check "2.6: heap free mapped" 'metric $v26 heap.free.immediate 7776 7776 latency_measure "Average time for heap free"'

import_ok latency_measure-v3.5.0-rc1.log 17
v35=$id
check "3.5: mutex unlock mapped" 'metric $v35 mutex.unlock.immediate.recursive.kernel 24 200 latency_measure "Unlock a mutex from kernel thread"'

import_ok latency_measure-v3.5.0-rc1-user.log 48
v35u=$id
check "3.5 user: U -> K give onto its current id" 'metric $v35u semaphore.give.wake+ctx.u_to_k 1800 15000 latency_measure "Give a semaphore (context switch U -> K)"'
check "3.5 user: user thread from user thread" 'metric $v35u thread.abort.user.from.user 3000 25000 latency_measure "Abort user thread from user thread"'

import_ok latency_measure-v3.5.0-3537.log 41
v36=$id
check "3.6: the spelled id read" 'metric $v36 fifo.put.alloc.wake+ctx.k_to_k 670 5583 latency_measure "FIFO put.alloc.wake+ctx.(K -> K)"'

import_ok timing_info-v1.13.0-sam_e70.log 16 ", INCOMPLETE (no PROJECT EXECUTION SUCCESSFUL line (log truncated?))"
ti=$id
check "timing_info: tool from its header, one call mapped" 'header $ti bench timing_info && metric $ti semaphore.take.immediate.kernel 81 270 timing_info "Semaphore Take without context switch"'
check "timing_info: an operation of its own, namespaced" 'metric $ti timing_info.context_switch 154 513 timing_info "Context switch"'
check "timing_info: 300 MHz" 'header $ti hz 300000000'

run "$RTB" import --db "$DB" "$L/recording-v2.6.csv"
check "recording.csv: complete (no end line in the format)" '[ $rc -eq 0 ] && echo "$out" | grep -q "zephyr-legacy, board unknown, 15 metrics$"'
rec=$(id_of)
check "recording.csv: the row and its id" 'metric $rec isr.resume.interrupted.thread.kernel 4928 4927 latency_measure "Switch from ISR back to interrupted thread" && header $rec bench latency_measure-recording.csv'

run "$RTB" show "$ti" --db "$DB"
check "show names the tool and the foreign name" 'echo "$out" | grep -q "^heap.malloc.immediate .* mean-only tool=timing_info foreign=Heap Malloc$"'

# ---- artifacts: a wrapped 32-bit figure is flagged, the clean fixtures are not ----
run "$RTB" import --db "$DB" "$L/timing_info-v1.14.0-rc1-quark_se_c1000.log"
check "wrapped context switch: the one row flagged" '[ $rc -eq 1 ] && echo "$out" | grep -q "12 metrics, 1 flagged, INCOMPLETE"'
wrap=$(id_of)
check "wrapped context switch: flagged underflow, figure kept as printed" '"$RTB" show "$wrap" --format json --db "$DB" | tr -d "\t\n" | grep -q "\"id\":\"timing_info.context_switch\",\"desc\":\"Context switch\",\"state\":\"ok\",\"n\":0,\"mean\":4294367854,\"mean_ns\":1055009261,\"flags\":\[\"underflow\", \"mean-only\"\]"'
flagged=0
for f in "$L"/latency_measure-*.log "$L"/timing_info-v1.13.0-sam_e70.log "$L"/recording-v2.6.csv; do
    "$RTB" import --db "$TMP/clean.db" "$f" 2>/dev/null | grep -q "flagged" && flagged=$((flagged + 1))
done
check "the clean fixtures: no row flagged" '[ $flagged -eq 0 ]'
# a counter that never ran: every figure of the 2.3 log 0, or one constant (derived here)
sed -E 's/: +[0-9]+ cycles , +[0-9]+ ns$/:       0 cycles ,        0 ns/' "$L/latency_measure-v2.3.0.log" >"$TMP/zero.log"
sed -E 's/: +[0-9]+ cycles , +[0-9]+ ns$/:      42 cycles ,      350 ns/' "$L/latency_measure-v2.3.0.log" >"$TMP/const.log"
for k in zero const; do
    run "$RTB" import --db "$DB" "$TMP/$k.log"
    check "$k.log: every row flagged" '[ $rc -eq 0 ] && echo "$out" | grep -q "15 metrics, 15 flagged$"'
    eval "$k=\$(id_of)"
done
check "constant: named in show" '[ "$(json $const | grep -o "\"flags\":\[\"mean-only\", \"constant\"\]" | wc -l)" -eq 15 ]'
run "$RTB" compare "$v23" "$zero" --db "$DB"
check "constant: compare marks each row and says why" '[ "$(echo "$out" | grep -c "0=")" -eq 15 ] && echo "$out" | grep -q "= constant: every figure of the run is one value, no counter ran"'
sed -E '4s/: +[0-9]+ cycles , +[0-9]+ ns$/:      43 cycles ,      358 ns/' "$TMP/const.log" >"$TMP/one-off.log"
run "$RTB" import --db "$DB" "$TMP/one-off.log"
check "one row of another value: nothing flagged" '[ $rc -eq 0 ] && echo "$out" | grep -q "15 metrics$"'

# ---- beside a current log: the shared operations on one row ----
run "$RTB" import --db "$DB" "$FIX/zephyr-latency-measure/frdm_rw612.log"
cur=$(id_of)
# shared RUN: rows of `compare CUR RUN` with a figure in both runs
shared() {
    "$RTB" compare "$cur" "$1" --db "$DB" --format csv --stat mean | sed 1d |
        awk -F, '$2 != "n/a" && $2 != "" && $5 != "n/a" && $5 != ""' | wc -l
}
check "1.7 beside 4.3: 8 rows shared" '[ "$(shared $v1)" -eq 8 ]'
check "2.3 beside 4.3: 15 rows shared" '[ "$(shared $v23)" -eq 15 ]'
check "2.6 beside 4.3: 17 rows shared" '[ "$(shared $v26)" -eq 17 ]'
check "3.5 beside 4.3: 17 rows shared" '[ "$(shared $v35)" -eq 17 ]'
check "3.6 beside 4.3: 41 rows shared" '[ "$(shared $v36)" -eq 41 ]'
check "timing_info beside 4.3: the 5 mapped rows shared" '[ "$(shared $ti)" -eq 5 ]'

# ---- damaged copies: an error naming the line, nothing stored ----
before=$(n_runs)
sed '8s/ tcs = 125910/ tcs = 12x910/' "$L/latency_measure-v1.7.99.log" >"$TMP/v1-bad.log"
refused "spoilt tcs row: exit 2, one line naming line 8" "$TMP/v1-bad.log" "line 8: not a latency_measure or timing_info row (<name> : <N> cycles , <M> ns, or | <name> <N> tcs = <M> nsec |)"
sed '6s/cycles ,     5583/cycles ,     55#3/; 9s/ns$/n/' "$L/latency_measure-v2.3.0.log" >"$TMP/v23-bad.log"
run "$RTB" import --db "$DB" "$TMP/v23-bad.log"
check "two spoilt rows: the first named, the other counted" '[ $rc -eq 2 ] && echo "$err" | grep -q "v23-bad.log: line 6: not a latency_measure .* (and 1 more bad line)$"'
head -c 1018 "$L/latency_measure-v2.6.0.log" >"$TMP/v26-cut.log"
run "$RTB" import --db "$DB" "$TMP/v26-cut.log"
check "a row cut in its figures: refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "v26-cut.log: line 13: not a latency_measure"'
sed '5s/,3872,/,38a72,/' "$L/recording-v2.6.csv" >"$TMP/rec-bad.csv"
refused "spoilt recording.csv row: refused, named" "$TMP/rec-bad.csv" "line 5: not a recording.csv row (<name>,<cycles>,<nanoseconds>)"
check "damaged copies: nothing stored" '[ "$(n_runs)" -eq "$before" ]'
head -n 12 "$L/latency_measure-v3.5.0-rc1.log" >"$TMP/v35-trunc.log"
run "$RTB" import --db "$DB" "$TMP/v35-trunc.log"
check "cut at the end: stored incomplete, exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "9 metrics, INCOMPLETE (no PROJECT EXECUTION SUCCESSFUL line (log truncated?))$"'

# ---- the current layout is not this importer's ----
run "$RTB" import --db "$DB" --format zephyr-legacy "$FIX/zephyr-latency-measure/rpi_pico.log"
check "--format zephyr-legacy on a current log: refused, says which reads it" '[ $rc -eq 2 ] && [ "$err" = "rtbench import: $FIX/zephyr-latency-measure/rpi_pico.log: no older latency_measure or timing_info results (47 rows of the current layout: --format zephyr reads them)" ]'

finish test_import_legacy
