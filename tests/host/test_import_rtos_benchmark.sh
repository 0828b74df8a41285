#!/bin/sh
# rtbench import of zephyrproject-rtos/rtos-benchmark output
# (host/import/rtos_benchmark.c): the real fixture (tests/fixtures/rtos-benchmark,
# its Zephyr port run here; README.md names the commands), incomplete without its
# "*** Done! ***" line, n/a rows kept n/a, the mapped rows beside a Zephyr log,
# damaged copies refused; with --counter, the rows whose max reached a wrap of the
# port's counter flagged.
# Usage: sh test_import_rtos_benchmark.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/rtosb.db
B=$FIX/rtos-benchmark/zephyr-mps2-an385.log
run "$RTB" import --db "$DB" "$B"
check "fixture: detected, 31 rows, incomplete (the interrupt test faults), exit 1" \
    '[ $rc -eq 1 ] && [ "${out#imported run * from }" = "$B: rtos-benchmark, board unknown, 31 metrics, INCOMPLETE (no \"*** Done! ***\" line after the last row (log cut, or a test that did not end))" ]'
b=$(id_of)
check "Give (no context switch): the immediate give, ns, mean-only, min and max kept" 'json $b | grep -q "\"id\":\"semaphore.give.immediate.kernel\",\"desc\":\"Semaphore stats: Give (no context switch)\",\"state\":\"ok\",\"n\":0,\"mean\":280240,\"mean_ns\":280240,\"flags\":\[\"mean-only\"\],\"extra\":{\"tool\":\"rtos_benchmark\",\"foreign\":\"Semaphore stats: Give (no context switch)\",\"min_ns\":\"78840\",\"max_ns\":\"671634960\"}"'
check "an unmapped row: namespaced by its title and name" 'json $b | grep -q "\"id\":\"rtos_benchmark.yield_stats_yield_context_switch\",\"desc\":\"Yield stats: Yield (context switch)\",\"state\":\"ok\",\"n\":0,\"mean\":3664640,"'
check "n/a rows: n/a, no figure" '[ "$(json $b | grep -o "\"id\":\"rtos_benchmark.message_queue_stats_[a-z_]*\",\"desc\":\"[^\"]*\",\"state\":\"na\"" | wc -l)" -eq 5 ]'
check "header: Zephyr 4.3.0 from the boot line, ns" 'json $b | grep -q "\"header\":{\"bench\":\"rtos_benchmark\",\"unit\":\"ns\",\"clock\":\"hw\",\"kernel\":\"Zephyr\",\"kver\":\"4.3.0\",\"count\":\"31\"}"'

# the same log with its end line (as a run whose interrupt test did not fault): complete
sed '/Interrupt Stats/,$d' "$B" >"$TMP/done.log"
printf '\n *** Done! ***\n' >>"$TMP/done.log"
run "$RTB" import --db "$DB" --iters 10000 "$TMP/done.log"
check "with *** Done! ***: complete, exit 0, n from --iters" '[ $rc -eq 0 ] && json $(id_of) | grep -q "\"status\":\"complete\".*\"id\":\"heap.malloc.immediate\",\"desc\":\"Allocation stats: Malloc\",\"state\":\"ok\",\"n\":10000,"'
# a log cut in a section, after an end line of an earlier run: incomplete
sed '/Yield (context switch)/,$d' "$TMP/done.log" >"$TMP/cut.log"
run "$RTB" import --db "$DB" "$TMP/cut.log"
check "cut mid-table: incomplete, exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE"'

# beside rtbench's own Zephyr run on the same board: the mapped rows on one row
run "$RTB" import --db "$DB" "$(dirname "$FIX")/../results/mps2-an385/zephyr.log"
z=$(id_of)
run "$RTB" compare "$z" "$b" --db "$DB" --format csv --unit ns --stat mean
check "beside rtbench's Zephyr log: 6 operations on one row" '[ $rc -eq 0 ] && [ "$(echo "$out" | sed 1d | awk -F, "\$2 != \"n/a\" && \$2 != \"\" && \$5 != \"n/a\" && \$5 != \"\"" | wc -l)" -eq 6 ]' || echo "$out" >&2

# --counter 24@25000000 (the port's SysTick): every row whose max reaches one wrap of
# it (2^24 / 25 MHz = 671088640 ns) flagged underflow, with the reason; the others not
run "$RTB" import --db "$DB" --counter 24@25000000 "$B"
w=$(id_of)
check "--counter: 24 rows flagged (of 26 measured)" 'echo "$out" | grep -q ": rtos-benchmark, board unknown, 31 metrics, 24 flagged, INCOMPLETE" && [ "$(flagged $w underflow | wc -w)" -eq 24 ]'
check "--counter: the two rows with a max under one wrap unflagged" '! echo " $(flagged $w underflow)" | grep -q " rtos_benchmark.thread_stats_resume_no_context_switch \| rtos_benchmark.thread_stats_terminate_context_switch "'
check "--counter: the period in the header, the reason in the row" 'json $w | grep -q "\"counter\":\"24@25000000\",\"wrap\":\"671088640\"" && json $w | grep -q "\"id\":\"semaphore.give.immediate.kernel\",[^}]*\"flags\":\[\"underflow\", \"mean-only\"\],[^}]*\"wrap\":\"max 671634960 >= 63/64 of one counter wrap (671088640 ns, counter 24@25000000)\""'
check "without --counter: nothing flagged" '[ -z "$(flagged $b underflow)" ]'
run "$RTB" import --db "$DB" --counter 24@25000000 "$(dirname "$FIX")/../results/mps2-an385/zephyr.log"
check "--counter on a format without a counter of its own: a note, not used" '[ $rc -eq 0 ] && [ "$err" = "rtbench import: $(dirname "$FIX")/../results/mps2-an385/zephyr.log: note: --counter applies to rtos-benchmark and rtosbench logs; not used" ] && ! json $(id_of) | grep -q "\"wrap\":"'
run "$RTB" import --db "$DB" --counter 24 "$B"
check "--counter without @HZ: exit 2, one line" '[ $rc -eq 2 ] && [ "$err" = "rtbench import: --counter must be BITS@HZ, the counter'"'"'s width and clock (e.g. 24@25000000), not: 24" ]'
run "$RTB" import --db "$DB" --counter 65@25000000 "$B"
check "--counter over 64 bits: exit 2" '[ $rc -eq 2 ] && echo "$err" | grep -q "not: 65@25000000$"'

before=$(n_runs)
# the port prints "\n\r" after each line, which Zephyr's console makes CR LF CR: an
# empty line (a CR-only end) between two rows, counted (lines.h), so the line
# named is the 31st, as rtbench counts lines, of what an editor shows as the 17th
sed 's/360760,  92160/360760,  92x60/' "$B" >"$TMP/bad.log"
refused "spoilt row: exit 2, named" "$TMP/bad.log" "line 31: not an rtos-benchmark row (<name> : <avg>, <min>, <max>)"
sed 's/360760,  92160/ 92160, 360760/' "$B" >"$TMP/order.log"
refused "min above avg: refused" "$TMP/order.log" "line 31: an rtos-benchmark row whose avg, min and max are out of order"
sed '/Create  *: *n\/a/s/n\/a,/ 12,/' "$B" >"$TMP/half.log"
refused "n/a beside figures: refused" "$TMP/half.log" "line 73: not an rtos-benchmark row (<name> : <avg>, <min>, <max>)"
check "damaged copies: nothing stored" '[ "$(n_runs)" -eq "$before" ]'
finish test_import_rtos_benchmark
