#!/bin/sh
# rtbench import of Zephyr twister's twister.json (host/import/twister.c): the real
# fixture (tests/fixtures/twister, twister 4.3.0 run here on latency_measure; README.md
# names the commands): one run per testsuite with a recording, the rows under the ids
# of the zephyr importer of the same console, beside rtbench's own Zephyr log on the
# shared rows; a suite not passed incomplete; cut or damaged copies refused, naming the
# line, nothing stored.
# Usage: sh test_import_twister.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/twister.db
T=$FIX/twister/twister.json
run "$RTB" import --db "$DB" "$T"
check "fixture: detected, three suites, three complete runs of 47, 124, 47 rows, exit 0" \
    '[ $rc -eq 0 ] && [ "$(echo "$out" | sed -n "s/^imported run [0-9]* from \(.*\)$/\1/p" | sed "s/, [0-9]* flagged$//" | tr "\n" "|")" = "$T: twister, mps2/an385, 47 metrics|$T: twister, mps2/an385, 124 metrics|$T: twister, mps2/an385, 47 metrics|" ]'
a=$(id_of | sed -n 1p) u=$(id_of | sed -n 2p)
check "header: the suite, its status, the platform, the clock from the rows; no kver for twister's \"Unknown\"" \
    'json $a | grep -q "\"status\":\"complete\",\"status_detail\":null,\"unit\":\"cycles\",\"ns_per_unit\":40,\"header\":{\"kernel\":\"Zephyr\",\"board\":\"mps2/an385\",\"unit\":\"cycles\",\"clock\":\"hw\",\"bench\":\"latency_measure\",\"testsuite\":\"benchmark.kernel.latency\",\"twister_status\":\"passed\",\"hz\":\"25000000\",\"hz_source\":\"derived\",\"count\":\"47\"}"'
check "a row: its own id, cycles the mean, ns kept, mean-only, tool and foreign name" \
    'json $a | grep -q "{\"id\":\"thread.yield.preemptive.ctx.k_to_k\",\"desc\":\"Context switch via k_yield\",\"state\":\"ok\",\"n\":0,\"mean\":323,\"mean_ns\":12922,\"flags\":\[\"mean-only\"\],\"extra\":{\"tool\":\"latency_measure\",\"foreign\":\"thread.yield.preemptive.ctx.k_to_k\"}"'
check "the userspace suite: its own run, user-thread ids" \
    'json $u | grep -q "\"testsuite\":\"benchmark.kernel.latency.userspace\".*\"id\":\"semaphore.give.immediate.user\""'

# the same run's console through the zephyr importer: the same ids and figures
run "$RTB" import --db "$DB" "$FIX/twister/benchmark.kernel.latency.handler.log"
z=$(id_of)
run "$RTB" compare "$z" "$a" --db "$DB" --format csv --stat mean
check "as the zephyr importer reads the console: 47 rows, each the same figure" \
    '[ $rc -eq 0 ] && [ "$(echo "$out" | sed 1d | awk -F, "\$2 != \"\" && \$2 == \$5" | wc -l)" -eq 47 ]'
# beside rtbench's own Zephyr run on the same board: every row shared
run "$RTB" import --db "$DB" "$(dirname "$FIX")/../results/mps2-an385/zephyr.log"
r=$(id_of)
run "$RTB" compare "$r" "$a" --db "$DB" --format csv --unit ns --stat mean
check "beside rtbench's Zephyr log: 47 operations on one row" \
    '[ $rc -eq 0 ] && [ "$(echo "$out" | sed 1d | awk -F, "\$2 != \"n/a\" && \$2 != \"\" && \$5 != \"n/a\" && \$5 != \"\"" | wc -l)" -eq 47 ]' || echo "$out" >&2

# a suite that did not pass: incomplete, with twister's status and reason
sed '0,/"status":"passed"/s//"status":"failed",\n            "reason":"Timeout"/' "$T" >"$TMP/failed.json"
run "$RTB" import --db "$DB" --board mps2-an385 "$TMP/failed.json"
check "status failed: incomplete with twister's reason, exit 1; --board replaces the platform" \
    '[ $rc -eq 1 ] && echo "$out" | grep -q "^imported run [0-9]* from $TMP/failed.json: twister, mps2-an385, 47 metrics, .*INCOMPLETE (twister status \"failed\": Timeout)$" && [ "$(echo "$out" | grep -c INCOMPLETE)" -eq 1 ]'
# a suite whose first row is not latency_measure's: another test's recording, skipped
awk '/"metric"/ && ++n == 48 { sub(/"metric"/, "\"name\"") } { print }' "$T" >"$TMP/other.json"
run "$RTB" import --db "$DB" "$TMP/other.json"
check "another test's recording: skipped, said on stderr, the others stored" \
    '[ $rc -eq 0 ] && [ "$(echo "$out" | grep -c "^imported run")" -eq 2 ] && echo "$err" | grep -q "1 testsuite(s) of another test.s recording ignored"'

before=$(n_runs)
refused "failed builds (twister's -Werror default): no recordings" "$FIX/twister/twister-werror.json" \
    "no latency_measure recordings (testsuites: 3 without a recording, 0 whose recording is another test's)"
head -n 300 "$T" >"$TMP/cut.json"
refused "cut: refused, the last line named" "$TMP/cut.json" \
    "line 300: the JSON ends before its last '}' (twister.json cut?)" --format twister
awk '/"cycles"/ && ++n == 60 { next } { print }' "$T" >"$TMP/nocycles.json"
refused "a later row without its cycles: refused, the row named" "$TMP/nocycles.json" \
    "line 425: a twister recording row without \"metric\", \"cycles\" and \"nanoseconds\""
sed '0,/"cycles":"323"/s//"cycles":"32x3"/' "$T" >"$TMP/figure.json"
refused "a figure that is not a number: refused" "$TMP/figure.json" \
    "line 49: a twister recording row whose cycles or nanoseconds is not a whole number"
sed '100s/",$/"/' "$T" >"$TMP/comma.json"
refused "a comma lost: refused, the line named" "$TMP/comma.json" \
    "line 101: not JSON: ',' or a closing bracket expected, found '\"' (twister.json damaged?)"
{ cat "$T"; echo '{'; } >"$TMP/more.json"
refused "more after the document: refused" "$TMP/more.json" \
    "line 1404: not JSON: more after the end of the document: '{' (twister.json damaged?)"
refused "not JSON: refused with --format twister" "$Z/$(ls "$Z" | grep '\.log$' | head -n 1)" \
    "line 1: not a twister.json (a JSON object): it does not start with '{'" --format twister
: >"$TMP/empty.json"
refused "an empty file: refused with --format twister" "$TMP/empty.json" \
    "no JSON (an empty twister.json?)" --format twister
check "refused copies: nothing stored" '[ "$(n_runs)" -eq "$before" ]'
finish test_import_twister
