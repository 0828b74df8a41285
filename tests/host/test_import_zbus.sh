#!/bin/sh
# rtbench import of Zephyr's zbus benchmark (samples/subsys/zbus/benchmark): the
# CSV of both generations of styles (host/import/zbus.c; SYNC/ASYNC in ns,
# LISTENERS/SUBSCRIBERS/MSG_SUBSCRIBERS in us) and the console output of its
# three layouts (host/import/zbus_console.c), real fixtures (tests/fixtures/zbus,
# tests/fixtures/zbus-console: README.md names their sources); the two
# generations on one row of compare; cut and damaged consoles.
# Usage: sh test_import_zbus.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/zbus.db
C=$FIX/zbus-console
NEW=$FIX/zbus/nrf52dk_nrf52832.csv

# ---- the CSV of the renamed styles ----
run "$RTB" import --db "$DB" --label lis "$NEW"
check "CSV, LISTENERS/SUBSCRIBERS/MSG_SUBSCRIBERS: 45 points, complete" '[ $rc -eq 0 ] && [ "${out#imported run * from }" = "$NEW: zbus, board unknown, 45 metrics" ]'
n=$(id_of)
check "LISTENERS is msgq.sync, the duration in us (x 1000 in ns), B/s = 262144 / it" 'json $n | grep -q "\"id\":\"msgq.sync.c1.s2\",\"desc\":\"Message throughput (zbus benchmark CSV)\",\"state\":\"ok\",\"n\":1,\"mean\":294283.48[0-9]*,\"flags\":\[\"mean-only\"\],\"unit\":\"B/s\",\"better\":\"higher\",\"extra\":{\"duration_ns\":\"890787333\",\"duration_us\":\"890787.3333333334\",\"ram\":\"9247\",\"rom\":\"23091\",\"tool\":\"zbus\",\"foreign\":\"LISTENERS\",\"bytes\":\"262144\",\"messages\":\"131072\",\"payload\":\"262144\",\"msgs_per_s\":\"147142\"}"'
check "SUBSCRIBERS is msgq.async" 'json $n | grep -q "\"id\":\"msgq.async.c8.s512\",[^}]*\"foreign\":\"SUBSCRIBERS\""'
check "MSG_SUBSCRIBERS keeps its own name: zbus.msg_subscribers" 'json $n | grep -q "\"id\":\"zbus.msg_subscribers.c4.s128\",[^}]*\"mean\":2074536.78[0-9]*,[^}]*\"foreign\":\"MSG_SUBSCRIBERS\""'
check "15 points of each style" '[ "$(json $n | grep -o "\"id\":\"msgq.sync\.[^\"]*\"" | wc -l)" -eq 15 ] && [ "$(json $n | grep -o "\"id\":\"msgq.async\.[^\"]*\"" | wc -l)" -eq 15 ] && [ "$(json $n | grep -o "\"id\":\"zbus.msg_subscribers\.[^\"]*\"" | wc -l)" -eq 15 ]'
run "$RTB" import --db "$DB" --label sync "$FIX/zbus/nrf52833dk_sync.csv"
o=$(id_of)
run "$RTB" compare "$o" "$n" --db "$DB" --format csv --metrics 'msgq.*'
check "SYNC (Zephyr 3.3, ns) beside LISTENERS (us): the shared points on one row" '[ $rc -eq 0 ] && [ "$(echo "$out" | grep -c "^\"msgq.sync.c[18].s\(8\|32\|128\) .*,[0-9]*,mean,,[0-9]*,mean,,1\.[0-9]*$")" -eq 6 ]'
sed '3s/^LISTENERS/MSG_SUBSCRIBER/' "$NEW" >"$TMP/style.csv"
refused "CSV, a style that is none of the five: refused" "$TMP/style.csv" "line 3: not a zbus-style CSV row: the style is not SYNC, ASYNC, LISTENERS, SUBSCRIBERS or MSG_SUBSCRIBERS"
{ cat "$NEW"; sed -n 31p "$NEW"; } >"$TMP/dup.csv"
refused "CSV, a point twice: refused" "$TMP/dup.csv" "line 46: MSG_SUBSCRIBERS,1,2 is on line 31 already"

# ---- the console, three layouts ----
run "$RTB" import --db "$DB" "$C/qemu_cortex_m3-listeners-v4.3.0.log"
check "console, Zephyr 4.3.0 README: detected, 1 point, complete" '[ $rc -eq 0 ] && echo "$out" | grep -q ": zbus-console, board unknown, 1 metrics$"'
c4=$(id_of)
check "console 4.3.0: @ in us, the CSV id, the placeholder version not stored" 'json $c4 | grep -q "\"status\":\"complete\",\"status_detail\":null,\"unit\":\"ns\",\"ns_per_unit\":1,\"header\":{\"kernel\":\"Zephyr\",\"bench\":\"zbus\",\"sweep\":\"msgq\",\"unit\":\"ns\",\"count\":\"1\"},\"meta\":{},\"metrics\":\[{\"id\":\"msgq.sync.c1.s512\",\"desc\":\"Message throughput (zbus benchmark console)\",\"state\":\"ok\",\"n\":1,\"mean\":13236253.47[0-9]*,\"flags\":\[\"mean-only\"\],\"unit\":\"B/s\",\"better\":\"higher\",\"extra\":{\"duration_printed\":\"0.019805908s\",\"tool\":\"zbus\",\"foreign\":\"LISTENERS\",\"bytes\":\"262144\",\"messages\":\"512\",\"payload\":\"262144\",\"msgs_per_s\":\"25852\",\"duration_ns\":\"19805000\",\"runs\":\"1\"}}\]}"'
run "$RTB" import --db "$DB" "$C/sync-v3.3.0.log"
c3=$(id_of)
check "console 3.3.0: @ in ns (its Duration line as printed), kver" '[ $rc -eq 0 ] && json $c3 | grep -q "\"kver\":\"zephyr-v3.3.0\".*\"id\":\"msgq.sync.c1.s1\",[^}]*\"mean\":64376.89[0-9]*,[^}]*\"duration_printed\":\"4.72020167s\",[^}]*\"duration_ns\":\"4072020167\""'
run "$RTB" import --db "$DB" "$C/zbus-project-v3.0.0.log"
c0=$(id_of)
check "console, zbus before Zephyr: @ in ms, 8 consumers" '[ $rc -eq 0 ] && json $c0 | grep -q "\"id\":\"msgq.sync.c8.s32\",[^}]*\"mean\":560136.75[0-9]*,[^}]*\"payload\":\"32768\",[^}]*\"duration_ns\":\"468000000\""'

# the script flashes each point three times: one metric, the mean duration
{ cat "$C/sync-v3.3.0.log"; sed 's/20167/20170/' "$C/sync-v3.3.0.log"; sed 's/20167/20173/' "$C/sync-v3.3.0.log"; } >"$TMP/three.log"
run "$RTB" import --db "$DB" "$TMP/three.log"
t=$(id_of)
check "a point booted three times: one metric, runs 3, the mean of the durations" '[ $rc -eq 0 ] && echo "$out" | grep -q ", 1 metrics$" && json $t | grep -q "\"duration_ns\":\"4072020170\",\"runs\":\"3\""'
# a console beside the CSV: the same operation on one row
run "$RTB" compare "$n" "$c4" --db "$DB" --format csv --metrics 'msgq.sync.c1.s512'
check "console beside CSV: one row" '[ "$(echo "$out" | grep -c "^\"msgq.sync.c1.s512 .*,[0-9]*,mean,,[0-9]*,mean,,")" -eq 1 ]'

# ---- cut and damaged ----
before=$(n_runs)
{ cat "$C/sync-v3.3.0.log"; head -4 "$C/qemu_cortex_m3-listeners-v4.3.0.log"; } >"$TMP/cut.log"
run "$RTB" import --db "$DB" "$TMP/cut.log"
check "a point cut before its @: the run is incomplete, naming the point's line" '[ $rc -eq 1 ] && cut=$(id_of) && json $cut | grep -q "\"status\":\"incomplete\",\"status_detail\":\"line 9: the point has no @ line (log cut?)\""'
head -6 "$C/qemu_cortex_m3-listeners-v4.3.0.log" >"$TMP/cut1.log"
refused "the only point cut: nothing whole, refused" "$TMP/cut1.log" "no whole zbus benchmark point (line 2: the point has no @ line (log cut?))" --format zbus-console
{ sed -n '3,$p' "$C/qemu_cortex_m3-listeners-v4.3.0.log"; cat "$C/sync-v3.3.0.log"; } >"$TMP/head.log"
run "$RTB" import --db "$DB" "$TMP/head.log"
check "a log whose first Benchmark line is cut: incomplete" '[ $rc -eq 1 ] && h=$(id_of) && json $h | grep -q "\"status_detail\":\"line 1: a \\\\\"Bytes sent = \\\\\" line outside a point (its Benchmark line cut?)\""'
sed '5s/0.019805908s/0.01980x908s/' "$C/qemu_cortex_m3-listeners-v4.3.0.log" >"$TMP/bad.log"
refused "a damaged Duration line: refused, named" "$TMP/bad.log" "line 5: not a zbus benchmark line: Duration: <s>s or <ms>ms"
sed 's/@19805/@1980/' "$C/qemu_cortex_m3-listeners-v4.3.0.log" >"$TMP/at.log"
run "$RTB" import --db "$DB" "$TMP/at.log"
check "an @ that is not the Duration line's: refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "at.log: line 7: the @ figure is not the Duration line.s us (0.019805908s)$"'
sed 's/received = 262144/received = 261632/' "$C/qemu_cortex_m3-listeners-v4.3.0.log" >"$TMP/lost.log"
refused "bytes lost: refused" "$TMP/lost.log" "line 3: 261632 bytes received of 262144 sent"
check "damaged copies: nothing stored but the incomplete runs" '[ "$(n_runs)" -eq "$((before + 2))" ]'

finish test_import_zbus
