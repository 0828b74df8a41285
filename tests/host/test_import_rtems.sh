#!/bin/sh
# rtbench import of RTEMS's timing tests (host/import/rtems.c): the real screens
# (tests/fixtures/rtems, RTEMS's own .scn files; README.md names them) in both row
# forms and every marker form, a whole suite in one log, the runs that are
# incomplete (an end missing, another test's end, the start cut), damaged rows
# refused, the mapped rows, the tests not read.
# Usage: sh test_import_rtems.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/rtems.db
R=$FIX/rtems
# row RUN ID: RUN's metric ID as JSON, up to its extras' end
row() { json "$1" | grep -o "\"id\":\"$2\",[^}]*}"; }

run "$RTB" import --db "$DB" "$R/psxtmkey01.scn"
check "psxtmkey01 (\"<op> <N>\"): detected, 2 rows, complete, exit 0" \
    '[ $rc -eq 0 ] && [ "${out#imported run * from }" = "$R/psxtmkey01.scn: rtems, board unknown, 2 metrics" ]'
k=$(id_of)
check "a row: rtems.<test>.<op>, the figure as printed, mean-only, foreign name and test" '[ "$(row $k rtems.psxtmkey01.pthread_key_create)" = "\"id\":\"rtems.psxtmkey01.pthread_key_create\",\"desc\":\"PSXTMKEY01: pthread_key_create\",\"state\":\"ok\",\"n\":0,\"mean\":86,\"flags\":[\"mean-only\"],\"extra\":{\"tool\":\"rtems\",\"foreign\":\"pthread_key_create\",\"test\":\"PSXTMKEY01\"}" ]'
check "header: RTEMS, counts of benchmark_timer_read, no clock given" 'json $k | grep -q "\"unit\":\"counts\",\"ns_per_unit\":null,\"header\":{\"bench\":\"rtems\",\"kernel\":\"RTEMS\",\"unit\":\"counts\",\"clock\":\"hw\",\"timer\":\"benchmark_timer_read\",\"tests\":\"1\",\"count\":\"2\"}"'

run "$RTB" import --db "$DB" "$R/psxtmmutex03.scn"
m=$(id_of)
check "psxtmmutex03 (\"<op> - <N>\"): 11 rows, complete" '[ $rc -eq 0 ] && echo "$out" | grep -q ": rtems, board unknown, 11 metrics, 1 flagged$"'
check "the dash and a message's own trailing blank are not the name" 'row $m rtems.psxtmmutex03.pthread_mutex_clocklock_available_clock_monotonic | grep -q "\"mean\":4,.*\"foreign\":\"pthread_mutex_clocklock: available CLOCK_MONOTONIC\","'
check "an operation printed five times: five rows, .2 to .5, rows=5 on the first" '[ "$(json $m | grep -o "\"id\":\"rtems.psxtmmutex03.pthread_mutex_unlock_no_threads_waiting[.0-9]*\",[^}]*\"mean\":[0-9]*" | sed "s/\"id\":\"rtems.psxtmmutex03.pthread_mutex_unlock_no_threads_waiting//; s/\",.*\"mean\":/=/" | tr "\n" " ")" = "=3 .2=2 .3=3 .4=2 .5=3 " ] && row $m rtems.psxtmmutex03.pthread_mutex_unlock_no_threads_waiting | grep -q "\"rows\":\"5\""'
run "$RTB" import --db "$DB" "$R/psxtmkey02.scn"
check "psxtmkey02 (three rows, all 11, a clean run): not flagged constant" '[ $rc -eq 0 ] && echo "$out" | grep -q ": rtems, board unknown, 3 metrics$"'
run "$RTB" import --db "$DB" "$R/psxtmbarrier02.scn"
check "\"*** POSIX TIME <name> ***\" and a dash inside the name" '[ $rc -eq 0 ] && row $(id_of) rtems.psxtmbarrier02.pthread_barrier_wait_blocking | grep -q "\"mean\":95,.*\"foreign\":\"pthread_barrier_wait - blocking\",\"test\":\"PSXTMBARRIER 02\""'
run "$RTB" import --db "$DB" --cpu-hz 1000000 --iters 1 "$R/psxtmkey01.scn"
check "--cpu-hz (the timer's rate): ns; --iters: n" 'row $(id_of) rtems.psxtmkey01.pthread_key_delete | grep -q "\"n\":1,\"mean\":79,\"mean_ns\":79000," && json $(id_of) | grep -q "\"hz\":\"1000000\",\"hz_source\":\"given\""'
run "$RTB" import --db "$DB" "$R/psxtmmutex06.scn"
check "psxtmmutex06 (begins PSXTMMUTEX02, ends PSXTMMUTEX07): incomplete, exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "1 metrics, INCOMPLETE (line 3: the end of PSXTMMUTEX07 in PSXTMMUTEX02 (begun line 1))$"'
tr -d '\r' <"$R/psxtmmq01.scn" | sed 's/$/\r/' >"$TMP/crlf.log"
run "$RTB" import --db "$DB" "$TMP/crlf.log"
check "CRLF line ends: the same 10 rows, complete" '[ $rc -eq 0 ] && echo "$out" | grep -q "10 metrics$" && row $(id_of) rtems.psxtmmq01.mq_close_close_of_first | grep -q "\"mean\":21,"'

# every screen in one log, as a console running the suite shows it: one run
cat "$R"/*.scn >"$TMP/all.log"
run "$RTB" import --db "$DB" "$TMP/all.log"
a=$(id_of)
check "all screens in one log: one run of 39 rows, incomplete by psxtmmutex06's end" '[ $rc -eq 1 ] && [ "$(lines "$out")" -eq 1 ] && echo "$out" | grep -q "39 metrics, INCOMPLETE (line 61: the end of PSXTMMUTEX07 in PSXTMMUTEX02 (begun line 59))"'
check "what was not read: a note (tmonetoone, the second PSXTMMUTEX02, JSON)" '[ "$err" = "rtbench import: $TMP/all.log: note: not read: 1 test(s) not of times (no psxtm, tm or rh name, or tmonetoone'"'"'s counts), 1 test(s) run again, the JSON data of 1 test(s)" ]'
check "the version from tmcontext01's TEST VERSION line, 14 tests" 'json $a | grep -q "\"kver\":\"6.0.0.aa07dc10645c3dc855c3df2b53520aebc2751b06\",.*\"tests\":\"14\",\"count\":\"39\""'
cat $(ls "$R"/*.scn | grep -v mutex06) >"$TMP/all5.log"
run "$RTB" import --db "$DB" "$TMP/all5.log"
check "without psxtmmutex06: complete, exit 0" '[ $rc -eq 0 ] && echo "$out" | grep -q "39 metrics$"'

# cut logs: incomplete, the test named
sed '/END OF/d' "$R/psxtmmq01.scn" >"$TMP/noend.log"
run "$RTB" import --db "$DB" "$TMP/noend.log"
check "no end line: incomplete, the test and its line named, its rows kept" '[ $rc -eq 1 ] && echo "$out" | grep -q "10 metrics, INCOMPLETE (PSXTMMQ01 (line 1) has no end (log cut, or a test that did not end))$"'
head -n 4 "$R/psxtmmq01.scn" >"$TMP/cut.log"
run "$RTB" import --db "$DB" "$TMP/cut.log"
check "cut mid-test: incomplete" '[ $rc -eq 1 ] && echo "$out" | grep -q "3 metrics, INCOMPLETE (PSXTMMQ01 (line 1)"'
{ sed 1d "$R/psxtmkey01.scn"; cat "$R/psxtmmq01.scn"; } >"$TMP/headless.log"
run "$RTB" import --db "$DB" "$TMP/headless.log"
check "start cut (a test's end without its begin): incomplete" '[ $rc -eq 1 ] && echo "$out" | grep -q "10 metrics, INCOMPLETE (line 3: the end of PSXTMKEY01 without its begin (log cut?))$"'
{ cat "$R/psxtmkey01.scn"; sed '$d' "$R/psxtmmq01.scn"; cat "$R/psxtmkey02.scn"; } >"$TMP/noend2.log"
run "$RTB" import --db "$DB" "$TMP/noend2.log"
check "a test without its end before the next test: incomplete" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE (line 16: PSXTMMQ01 (line 5) has no end before the next test)$"'

# a wrapped figure: put_time() prints uint32_t with PRId32
sed 's/^mq_notify 13$/mq_notify - -6/' "$R/psxtmmq01.scn" >"$TMP/neg.log"
run "$RTB" import --db "$DB" "$TMP/neg.log"
check "\"- -6\": 2^32 - 6, printed kept, flagged underflow" '[ $rc -eq 0 ] && row $(id_of) rtems.psxtmmq01.mq_notify | grep -q "\"mean\":4294967290,\"flags\":\[\"underflow\", \"mean-only\"\],.*\"printed\":\"-6\"}"'

before=$(n_runs)
sed 's/^mq_notify 13$/mq_notify 1x3/' "$R/psxtmmq01.scn" >"$TMP/bad.log"
refused "damaged row: exit 2, the line and test named" "$TMP/bad.log" "line 9: not an RTEMS timing row (<operation> - <N>) in PSXTMMQ01"
sed 's/^mq_notify 13$/13/' "$R/psxtmmq01.scn" >"$TMP/noname.log"
refused "a figure without a name: refused" "$TMP/noname.log" "line 9: not an RTEMS timing row (<operation> - <N>) in PSXTMMQ01"
sed 's/^mq_notify 13$/mq_notify - -2147483649/' "$R/psxtmmq01.scn" >"$TMP/big.log"
refused "below INT32_MIN (not PRId32): refused" "$TMP/big.log" "line 9: not an RTEMS timing row (<operation> - <N>) in PSXTMMQ01"
{ cat "$R/psxtmkey01.scn" "$R/psxtmmq01.scn"; } | sed 's/^mq_unlink 46$/mq_unlink 46\n*** FOO ***/' >"$TMP/star.log"
refused "another *** line in a test: refused" "$TMP/star.log" "line 11: not an RTEMS timing line in PSXTMMQ01"
{ sed '$d' "$R/psxtmkey01.scn"; seq 99999 | sed 's/^/pthread_key_create /'; } >"$TMP/many.log"
refused "more rows than a run holds: refused, named" "$TMP/many.log" "line 100002: more than 100000 RTEMS timing rows in one log"
check "damaged copies: nothing stored" '[ "$(n_runs)" -eq "$before" ]'
refused "tmonetoone (counts, not times): not read" "$R/tmonetoone.scn" "no RTEMS timing results (not read: 1 test(s) not of times (no psxtm, tm or rh name, or tmonetoone's counts))" --format rtems
refused "tmcontext01 (JSON only): nothing to store" "$R/tmcontext01.scn" "no RTEMS timing results (not read: the JSON data of 1 test(s))"

# The mapped rows. Not RTEMS output: no screen of psxtmsem02, tm01 or the
# Rhealstone tests exists (README.md); the markers and messages are those the
# tests' sources print (put_time()), the figures this test's own.
{
    printf '*** BEGIN OF TEST PSXTMSEM 02 ***\nsem_wait: available - 7\n'
    printf 'sem_post: no threads waiting - 5\nsem_trywait: available - 6\n'
    printf 'sem_post: no threads waiting - 4\n*** END OF TEST PSXTMSEM 02 ***\n'
    printf '*** BEGIN OF TEST TIME TEST ***\nrtems_semaphore_release: no waiting tasks - 3\n'
    printf 'rtems_semaphore_obtain: available - 2\n*** END OF TEST TIME TEST ***\n'
    printf '*** BEGIN OF TEST TIME TEST 2 ***\n'
    printf 'rtems_semaphore_obtain: counting/FIFO not available caller blocks - 11\n'
    printf '*** END OF TEST TIME TEST 2 ***\n'
    for t in 'RHILATENCY:Interrupt Latency:9' 'RHSEMSHUFFLE:Semaphore Shuffle:8' \
        'RHTASKSWITCH:Task switch:1'; do
        IFS=: read -r n o v <<EOF
$t
EOF
        printf '*** BEGIN OF TEST %s ***\nRhealstone: %s - %s\n*** END OF TEST %s ***\n' \
            "$n" "$o" "$v" "$n"
    done
} >"$TMP/mapped.log"
run "$RTB" import --db "$DB" "$TMP/mapped.log"
p=$(id_of)
ids=$(json $p | grep -o '"id":"[^"]*","desc":"[^"]*","state":"ok","n":0,"mean":[0-9]*' | sed 's/"id":"\([^"]*\)".*"mean":/\1=/' | tr '\n' ' ')
check "mapped: psxtmsem02's post and trywait, tm01's release and obtain (another id when taken), rhilatency, rhsemshuffle; rhtaskswitch not; \"TIME TEST 2\" is tm02" '[ $rc -eq 0 ] && [ "$ids" = "rtems.psxtmsem02.sem_wait_available=7 semaphore.give.immediate.kernel=5 semaphore.take.immediate.kernel=6 rtems.psxtmsem02.sem_post_no_threads_waiting.2=4 rtems.tm01.rtems_semaphore_release_no_waiting_tasks=3 rtems.tm01.rtems_semaphore_obtain_available=2 rtems.tm02.rtems_semaphore_obtain_counting_fifo_not_available_caller_blocks=11 rhealstone.interrupt_latency=9 rhealstone.semaphore_shuffle=8 rtems.rhtaskswitch.rhealstone_task_switch=1 " ]' || echo "$ids" >&2
check "a mapped row keeps its foreign name and test" 'row $p semaphore.give.immediate.kernel | grep -q "\"desc\":\"PSXTMSEM 02: sem_post: no threads waiting\",.*\"tool\":\"rtems\",\"foreign\":\"sem_post: no threads waiting\",\"test\":\"PSXTMSEM 02\",\"rows\":\"2\"}"'
# beside rtbench's own run, the counts read as ns (--cpu-hz 1e9): the mapped rows on one row
run "$RTB" import --db "$DB" --cpu-hz 1000000000 "$TMP/mapped.log"
p1=$(id_of)
run "$RTB" import --db "$DB" "$(dirname "$FIX")/../results/mps2-an385/zephyr.log"
run "$RTB" compare "$p1" "$(id_of)" --db "$DB" --format csv --unit ns --stat mean
check "beside rtbench's Zephyr log: the 4 mapped operations on one row" '[ $rc -eq 0 ] && [ "$(echo "$out" | sed 1d | awk -F, "\$2 != \"n/a\" && \$2 != \"\" && \$5 != \"n/a\" && \$5 != \"\" { print \$1 }" | tr "\n" " ")" = "semaphore.give.immediate.kernel semaphore.take.immediate.kernel rhealstone.interrupt_latency rhealstone.semaphore_shuffle " ]'
sed -n '/TIME TEST/,/END OF TEST TIME/p' "$TMP/mapped.log" >"$TMP/tm01.log"
run "$RTB" import --db "$DB" "$TMP/tm01.log"
check "tm01 (its source names it \"TIME TEST\") alone: its rows mapped" 'json $(id_of) | grep -q "\"id\":\"semaphore.give.immediate.kernel\",\"desc\":\"TIME TEST: rtems_semaphore_release: no waiting tasks\""'
finish test_import_rtems
