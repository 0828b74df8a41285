#!/bin/sh
# rtbench import of RTOSBench's console (host/import/rtosbench.c): the real
# fixtures (tests/fixtures/rtosbench, twelve of its tests on FreeRTOS under QEMU;
# README.md names the build and the commands), counts unless --cpu-hz, the
# mapped rows beside rtbench's own FreeRTOS run, a cut log incomplete, damaged
# copies refused.
# Usage: sh test_import_rtosbench.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/rtosbench.db
F=$FIX/rtosbench
S=$F/sem.log
run "$RTB" import --db "$DB" "$S"
check "sem.log: detected, 2 rows, complete, exit 0" \
    '[ $rc -eq 0 ] && [ "$out" = "imported run 1 from $S: rtosbench, board unknown, 2 metrics" ]'
check "Sem: Signal unblock: the give that wakes the waiter, counts, mean-only, min and max kept" 'json 1 | grep -q "\"id\":\"semaphore.give.wake+ctx.k_to_k\",\"desc\":\"Sem: Signal unblock\",\"state\":\"ok\",\"n\":0,\"mean\":6608,\"flags\":\[\"mean-only\"\],\"extra\":{\"tool\":\"rtosbench\",\"foreign\":\"Sem: Signal unblock\",\"test\":\"semaphore/sem.c\",\"min_count\":\"6272\",\"max_count\":\"7168\"}"'
check "header: unit count, no clock" 'json 1 | grep -q "\"unit\":\"count\",\"ns_per_unit\":null,\"header\":{\"bench\":\"rtosbench\",\"unit\":\"count\",\"clock\":\"hw\",\"count\":\"2\"}"'

# every fixture but the two whose port failed: complete; 16 rows, 5 of them mapped;
# 25 MHz given: ns
for f in "$F"/*.log; do case $f in *mutex_workload.log | *mq_workload.log) ;; *) cat "$f" ;; esac; done >"$TMP/all.log"
run "$RTB" import --db "$DB" --cpu-hz 25000000 --iters 1000 "$TMP/all.log"
a=$(id_of)
check "ten tests in one log: 16 rows, complete" '[ $rc -eq 0 ] && echo "$out" | grep -q ": rtosbench, board unknown, 16 metrics$"'
check "mapped: the five operations rtbench times the same way" '[ "$(json $a | grep -o "\"id\":\"[a-z]*\.[^\"]*\",\"desc\"" | grep -vc "\"id\":\"rtosbench\.")" -eq 5 ]'
check "--cpu-hz: ns from the counts, hz in the header; --iters: n" 'json $a | grep -q "\"id\":\"thread.yield.preemptive.ctx.k_to_k\",\"desc\":\"round robin context switch results\",\"state\":\"ok\",\"n\":1000,\"mean\":1786,\"mean_ns\":71440," && json $a | grep -q "\"hz\":\"25000000\",\"hz_source\":\"given\""'
check "unmapped: namespaced by its title (\"--- Mutex PIP---\")" 'json $a | grep -q "\"id\":\"rtosbench.mutex_pip\",\"desc\":\"Mutex PIP\",\"state\":\"ok\",\"n\":1000,\"mean\":15239,"'

# beside rtbench's own FreeRTOS run on the same board: the mapped rows on one row
run "$RTB" import --db "$DB" "$(dirname "$FIX")/../results/mps2-an385/freertos.log"
z=$(id_of)
run "$RTB" compare "$z" "$a" --db "$DB" --format csv --unit ns --stat mean
check "beside rtbench's FreeRTOS log: 5 operations on one row" '[ $rc -eq 0 ] && [ "$(echo "$out" | sed 1d | awk -F, "\$2 != \"n/a\" && \$2 != \"\" && \$5 != \"n/a\" && \$5 != \"\"" | wc -l)" -eq 5 ]' || echo "$out" >&2

# cut logs: incomplete (exit 1), the reason named
sed '$d' "$S" >"$TMP/cut.log"
run "$RTB" import --db "$DB" "$TMP/cut.log"
check "cut in a section: incomplete, the title's line named" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE (line 5: \"Sem: Signal unblock\" without its three figures (log cut))$"'
head -n 4 "$S" >"$TMP/half.log"
run "$RTB" import --db "$DB" "$TMP/half.log"
check "cut between sections: incomplete, the missing section named" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE (semaphore/sem.c printed \"Sem: Wait block\" but not \"Sem: Signal unblock\" (log cut, or the test did not end))$"'
sed 's/Sem: Signal unblock/Sem: my own test/' "$S" >"$TMP/own.log"
run "$RTB" import --db "$DB" "$TMP/own.log"
check "a title RTOSBench does not print: kept, incomplete" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE (\"Sem: my own test\" is not a title of RTOSBench" && json $(id_of) | grep -q "\"id\":\"rtosbench.sem_my_own_test\""'
run "$RTB" import --db "$DB" "$F/mutex_workload.log"
check "mutex_workload.log (9 of its 50 tasks not created: the heap ran out): incomplete" '[ $rc -eq 1 ] && echo "$out" | grep -q ": rtosbench, board unknown, 1 metrics, INCOMPLETE (line 1: the port reported \"create_task: error\")$"'
sed "5i sem_wait: error" "$S" >"$TMP/porterr.log"
run "$RTB" import --db "$DB" "$TMP/porterr.log"
check "the port's error line: incomplete, named" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE (line 5: the port reported \"sem_wait: error\")$"'
printf -- '-- Sem: Wait block --\nmax=0\nmin=1879048191\naverage=0\n-- Sem: Signal unblock --\nmax=7\nmin=6\naverage=6\n' >"$TMP/none.log"
run "$RTB" import --db "$DB" "$TMP/none.log"
check "no window kept (max 0, min its initial value): n/a, not a figure" '[ $rc -eq 0 ] && json $(id_of) | grep -q "\"id\":\"semaphore.take.blocking.k_to_k\",\"desc\":\"Sem: Wait block\",\"state\":\"na\",\"reason\":\"no window kept"'

# --counter: the fixtures' 32-bit FPGAIO counter never wraps in a window (none
# flagged); a max of 2^24 - 500 ticks with a 24-bit counter (a down-counter's
# wrap read as its difference) flagged underflow, its sibling not
run "$RTB" import --db "$DB" --counter 32@25000000 "$TMP/all.log"
check "--counter 32@25000000 on the fixtures: none flagged" '[ $rc -eq 0 ] && echo "$out" | grep -q ": rtosbench, board unknown, 16 metrics$" && json $(id_of) | grep -q "\"wrap\":\"4294967296\""'
sed 's/^max=13364$/max=16776716/' "$S" >"$TMP/wrap.log"
run "$RTB" import --db "$DB" --counter 24@25000000 "$TMP/wrap.log"
check "--counter 24@25000000: a max at 2^24 - 500 flagged, its sibling not" '[ $rc -eq 0 ] && [ "$(flagged $(id_of) underflow)" = "semaphore.take.blocking.k_to_k " ]'
run "$RTB" import --db "$DB" "$TMP/wrap.log"
check "the same without --counter: not flagged" '[ $rc -eq 0 ] && [ -z "$(flagged $(id_of) underflow)" ]'

before=$(n_runs)
head -n 1 "$S" >"$TMP/title.log"
refused "a title alone: exit 2, named" "$TMP/title.log" 'line 1: "Sem: Wait block" without its three figures (log cut)'
sed '3d' "$S" >"$TMP/nomin.log"
refused "a figure missing mid-log: refused, named" "$TMP/nomin.log" 'line 3: "Sem: Wait block" (line 1) without its three figures: no min= here'
sed 's/^min=12057$/min=12857/' "$S" >"$TMP/order.log"
refused "min above average: refused" "$TMP/order.log" 'line 1: "Sem: Wait block": max=13364, min=12857, average=12665 are out of order'
sed 's/^max=7168$/max=-7168/' "$S" >"$TMP/neg.log"
refused "a negative figure: refused" "$TMP/neg.log" 'line 5: "Sem: Signal unblock": a negative figure (2^31 or more, printed as a 32-bit int)'
sed 's/^average=12665$/average=126x5/' "$S" >"$TMP/spoilt.log"
refused "a spoilt figure: refused" "$TMP/spoilt.log" 'line 4: not an RTOSBench figure (average=<decimal>)'
{ cat "$S"; printf '812\n790\n'; } >"$TMP/bare.log"
refused "bare figures (the per-sample layout): refused" "$TMP/bare.log" 'line 9: a bare figure: RTOSBench'"'"'s per-sample output (NO_VERBOSE_RESULTS, partition/jitter.c) names no test, not imported (and 1 more bad line)'
{ printf 'max=5\n'; cat "$S"; } >"$TMP/orphan.log"
refused "a figure before any title: refused" "$TMP/orphan.log" 'line 1: an RTOSBench figure with no title before it'
check "damaged copies: nothing stored" '[ "$(n_runs)" -eq "$before" ]'
finish test_import_rtosbench
