#!/bin/sh
# rtbench import of NuttX osperf output (host/import/osperf.c): the real fixture
# (tests/fixtures/osperf, README.md names its source), the mapped rows beside a
# Zephyr log, -d samples, damaged copies refused.
# Usage: sh test_import_osperf.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/osperf.db
O=$FIX/osperf/samv7_c1000.log
run "$RTB" import --db "$DB" "$O"
check "fixture: detected, 8 metrics, complete" '[ $rc -eq 0 ] && [ "${out#imported run * from }" = "$O: osperf, board unknown, 8 metrics" ]'
op=$(id_of)
check "pthread-switch: a give waking a more urgent waiter, ns, mean-only" 'json $op | grep -q "\"id\":\"semaphore.give.wake+ctx.k_to_k\",\"desc\":\"pthread-switch\",\"state\":\"ok\",\"n\":1000,\"mean\":2918,\"mean_ns\":2918,\"flags\":\[\"mean-only\"\],\"extra\":{\"min_ns\":\"2386\",\"max_ns\":\"4156\",\"tool\":\"osperf\",\"foreign\":\"pthread-switch\"}"'
check "context-switch: no counterpart, namespaced" 'json $op | grep -q "\"id\":\"osperf.context_switch\",\"desc\":\"context-switch\",\"state\":\"ok\",\"n\":1000,\"mean\":2274,"'
check "header: NuttX, ns, the count" 'json $op | grep -q "\"unit\":\"ns\",\"ns_per_unit\":1,\"header\":{\"bench\":\"osperf\",\"kernel\":\"NuttX\",\"unit\":\"ns\",\"clock\":\"hw\",\"count\":\"8\",\"iters\":\"1000\"}"'

# beside the current Zephyr log: the three mapped rows on one row each, in ns
run "$RTB" import --db "$DB" "$FIX/zephyr-latency-measure/frdm_rw612.log"
z=$(id_of)
run "$RTB" compare "$z" "$op" --db "$DB" --format csv --unit ns --stat mean
check "beside Zephyr: 3 operations shared" '[ $rc -eq 0 ] && [ "$(echo "$out" | sed 1d | awk -F, "\$2 != \"n/a\" && \$5 != \"n/a\" && \$5 != \"\"" | wc -l)" -eq 3 ]'

# -d: the samples before their row give percentiles (input written here)
printf 'OS performance args: count:3, detail:true\n===\nDescribe Max Min Avg\n\t0: 500\n\t1: 700\n\t2: 600\nsemwait 700 500 600\nnsh> \n' >"$TMP/detail.log"
run "$RTB" import --db "$DB" "$TMP/detail.log"
d=$(id_of)
check "-d: n 3, sd, percentiles of the samples" '[ $rc -eq 0 ] && json $d | grep -q "\"id\":\"semaphore.take.immediate.kernel\",\"desc\":\"semwait\",\"state\":\"ok\",\"n\":3,\"mean\":600,\"sd\":81.6[0-9]*,\"min\":500,\"p50\":600,\"p90\":700,\"p99\":700,\"p999\":700,\"max\":700,"'

before=$(n_runs)
sed '6s/2386/23x6/' "$O" >"$TMP/bad.log"
refused "spoilt row: exit 2, named" "$TMP/bad.log" "line 6: not an osperf row (<name> <max> <min> <avg>)"
sed '11s/610        675/675        610/' "$O" >"$TMP/order.log"
refused "min above avg: refused" "$TMP/order.log" "line 11: an osperf row whose min, avg and max are out of order"
sed 's/^semwait 700 500 600$/semwait 700 500 601/' "$TMP/detail.log" >"$TMP/disagree.log"
run "$RTB" import --db "$DB" "$TMP/disagree.log"
check "a row that disagrees with its samples: refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "disagree.log: line 7: an osperf row that disagrees with its samples"'
sed '5d' "$TMP/detail.log" >"$TMP/gap.log"
run "$RTB" import --db "$DB" "$TMP/gap.log"
check "a sample lost: refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "gap.log: line 5: not an osperf sample line"'
check "damaged copies: nothing stored" '[ "$(n_runs)" -eq "$before" ]'

finish test_import_osperf
