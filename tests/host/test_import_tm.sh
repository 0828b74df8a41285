#!/bin/sh
# rtbench import of Thread-Metric's console output (host/import/thread_metric.c):
# the real fixture (tests/fixtures/thread-metric, README.md names its source),
# inputs of several periods and tests written here in the lines the Thread-Metric
# sources print, an ERROR line, a cut log, damaged copies refused.
# Usage: sh test_import_tm.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/tm.db
T=$FIX/thread-metric/threadx_stm32f746g_basic.log

run "$RTB" import --db "$DB" "$T"
check "fixture: detected, 1 metric" '[ $rc -eq 0 ] && [ "${out#imported run * from }" = "$T: thread-metric, board unknown, 1 metrics" ]'
fx=$(id_of)
check "fixture: tm.basic, one period of 30 s, ops/period, higher is better" 'json $fx | grep -q "\"id\":\"tm.basic\",\"desc\":\"Basic Single Thread Processing\",\"state\":\"ok\",\"n\":1,\"mean\":252879,\"sd\":0,\"min\":252879,\"p50\":252879,\"p90\":252879,\"p99\":252879,\"p999\":252879,\"max\":252879,.*\"unit\":\"ops/period\",\"better\":\"higher\",.*\"extra\":{\"period_ms\":\"30000\",\"per_s\":\"8429\",\"tool\":\"thread_metric\",\"foreign\":\"Basic Single Thread Processing\"}"'

# beside rtbench's own Thread-Metric (the reference kernel's committed log)
run "$RTB" import --db "$DB" "$FIX/../../results/mps2-an385/refk.log"
refk=$(id_of)
run "$RTB" compare "$fx" "$refk" --db "$DB" --format csv --metrics tm.basic --stat mean
check "compare: ThreadX's and rtbench's tm.basic on one row" '[ $rc -eq 0 ] && [ "$(echo "$out" | grep -c "^\"tm.basic \[ops/period, higher is better\]\",252879,mean,,[0-9.]*,mean,")" -eq 1 ]'

# three periods of two tests, in the lines the sources print
{
    printf '**** Thread-Metric Cooperative Scheduling Test **** Relative Time: 10\r\n'
    printf 'Time Period Total:  300\r\n\r\n'
    printf '**** Thread-Metric Cooperative Scheduling Test **** Relative Time: 20\r\n'
    printf 'Time Period Total:  100\r\n\r\n'
    printf '**** Thread-Metric Cooperative Scheduling Test **** Relative Time: 30\r\n'
    printf 'Time Period Total:  200\r\n\r\n'
    printf '**** Thread-Metric Some Vendor Test **** Relative Time: 10\r\n'
    printf 'Time Period Total:  7\r\n\r\n'
} >"$TMP/three.log"
run "$RTB" import --db "$DB" "$TMP/three.log"
check "three periods: 2 metrics, CRLF accepted" '[ $rc -eq 0 ] && echo "$out" | grep -q "thread-metric, board unknown, 2 metrics$"'
id=$(id_of)
check "three periods: n 3, mean, min, max, median of the totals" 'json $id | grep -q "\"id\":\"tm.cooperative\",\"desc\":\"Cooperative Scheduling\",\"state\":\"ok\",\"n\":3,\"mean\":200,\"sd\":81.6[0-9]*,\"min\":100,\"p50\":200,\"p90\":300,\"p99\":300,\"p999\":300,\"max\":300,"'
check "three periods: the period is the step of Relative Time" 'json $id | grep -q "\"period_ms\":\"10000\",\"per_s\":\"20\""'
check "a test the table does not know: namespaced" 'json $id | grep -q "\"id\":\"thread_metric.some_vendor\",.*\"foreign\":\"Some Vendor\""'

# an ERROR line: that test stored failed, with the line
{
    printf '**** Thread-Metric Preemptive Scheduling Test **** Relative Time: 30\n'
    printf 'ERROR: Invalid counter value(s). Preemptive counters should not be more that 1 different than the average!\n'
    printf '   Average: 10, 0: 10, 1: 10, 2: 10, 3: 10, 4: 50\n'
    printf 'Time Period Total:  90\n'
} >"$TMP/error.log"
run "$RTB" import --db "$DB" "$TMP/error.log"
id=$(id_of)
check "ERROR line: the test failed, the reason kept" '[ $rc -eq 0 ] && json $id | grep -q "\"id\":\"tm.preemptive\",\"desc\":\"Preemptive Scheduling\",\"state\":\"failed\",\"reason\":\"Thread-Metric: ERROR: Invalid counter value(s). Preemptive counters"'

# cut after a test line: incomplete
head -n 1 "$T" >"$TMP/cut.log"
printf '%s\n' "$(cat "$T")" "$(head -n 1 "$T" | sed 's/Time: 30/Time: 60/')" >"$TMP/cut.log"
run "$RTB" import --db "$DB" "$TMP/cut.log"
check "cut after a test line: stored incomplete, exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "1 metrics, INCOMPLETE (the last period of Basic Single Thread Processing has no total (log cut?))$"'

# damaged copies: an error naming the line, nothing stored
before=$(n_runs)
sed '2s/252879/252x79/' "$T" >"$TMP/bad-total.log"
refused "spoilt total: exit 2, named" "$TMP/bad-total.log" "line 2: not a Thread-Metric total (Time Period Total: <count>)"
sed '1s/Relative Time: 30/Relative Tme: 30/' "$T" >"$TMP/bad-head.log"
run "$RTB" import --db "$DB" --format thread-metric "$TMP/bad-head.log"
check "spoilt test line: exit 2, named" '[ $rc -eq 2 ] && echo "$err" | grep -q "bad-head.log: line 1: not a Thread-Metric test line" && echo "$err" | grep -q "(and 1 more bad line)$"'
sed -n 2p "$T" >"$TMP/orphan.log"
refused "a total without its test line: refused" "$TMP/orphan.log" "line 1: a total without the test line before it" --format thread-metric
printf '%s\n' "$(cat "$T")" "$(cat "$T")" >"$TMP/again.log"
refused "Relative Time that does not advance: refused" "$TMP/again.log" "line 3: Relative Time does not advance"
printf '%s\n' "$(head -n 1 "$T")" "$(cat "$T")" >"$TMP/lost.log"
refused "a period whose total is lost: refused" "$TMP/lost.log" "line 2: the total of the period before is missing"
check "damaged copies: nothing stored" '[ "$(n_runs)" -eq "$before" ]'

finish test_import_tm
