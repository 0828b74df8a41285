#!/bin/sh
# The extension points: rtbench-extended (extensions.c) is rtbench with a
# test-only importer ("kv"), writer ("tsv"), target kind ("replay:") and
# subcommand ("hello") added to the four tables and nothing else. Each works
# end to end through every command that uses its table, and the product
# itself knows none of them.
# Usage: sh test_extensions.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
EXT=$(dirname "$FAKE")/rtbench-extended
DB=$TMP/ext.db
[ -x "$EXT" ] || { echo "test_extensions: no $EXT"; echo "0 passed, 1 failed"; exit 1; }

printf 'boot\nkvbench sem.give 100\nkvbench sem.take 120\n' >"$TMP/a.kv"
printf 'kvbench sem.give 130\nkvbench sem.take 118\n' >"$TMP/b.kv"

# the importer: found by auto-detection, and by name
run "$EXT" import --db "$DB" --label a "$TMP/a.kv"
check "kv auto-detected" '[ $rc -eq 0 ] && [ "$out" = "imported run 1 from $TMP/a.kv: kv, kvboard, 2 metrics" ]'
run "$EXT" import --db "$DB" --format kv --label b --board other "$TMP/b.kv"
check "kv by name" '[ $rc -eq 0 ] && echo "$out" | grep -q "^imported run 2 .*: kv, other, 2 metrics$"'
run "$EXT" import --db "$DB" --format kv "$Z/rpi_pico.log"
check "kv: its own error" '[ $rc -eq 2 ] && [ "$err" = "rtbench import: $Z/rpi_pico.log: no kvbench lines" ]'
run "$EXT" import --db "$DB" "$FIX/zbus/nrf52833dk_sync.csv"
check "nothing detected: the table names all three" 'echo "$err" | grep -q "no rtbench records, no latency_measure results and no kvbench lines$"'
run "$EXT" import --db "$DB" "$Z/rpi_pico.log"
check "the product importers still work" '[ $rc -eq 0 ] && echo "$out" | grep -q ": zephyr, rpi_pico, 47 metrics, 4 flagged$"'
run "$EXT" import --db "$DB" --format nope "$TMP/a.kv"
check "--format lists the table" '[ $rc -eq 2 ] && echo "$err" | grep -q "auto, rtbench, zephyr or kv, not: nope$"'

# the writer, in every command that prints results
run "$EXT" list --db "$DB" --format tsv
check "tsv list" '[ $rc -eq 0 ] && [ "$(printf "%s" "$out" | head -1)" = "$(printf "run\t1\ta\tkvboard")" ]'
run "$EXT" show --db "$DB" --format tsv a
check "tsv show" '[ $rc -eq 0 ] && [ "$out" = "$(printf "metric\tsem.give\t100\nmetric\tsem.take\t120")" ]'
run "$EXT" compare --db "$DB" --format tsv a b
check "tsv compare" '[ $rc -eq 0 ] && [ "$out" = "$(printf "row\tsem.give\t100\t130\nrow\tsem.take\t120\t118")" ]'
run "$EXT" check --db "$DB" --format tsv a b
check "tsv check" '[ $rc -eq 1 ] && [ "$out" = "$(printf "verdict\tsem.give\tregression\nverdict\tsem.take\tok\nresult\tFAIL")" ]'
run "$EXT" compare --db "$DB" a b
check "text is still the default" '[ $rc -eq 0 ] && echo "$out" | head -1 | grep -q "^metric"'

# the target kind: resolved, run, stored; listed by run --help and the error
sign >"$TMP/replay.log" <<'SPEC'
RTB1 H rtbench=0.1.0 port=fake kernel=fake kver=1 board=test unit=ns hz=1000000000 bits=64 ns_num=1 ns_den=1 clock=fake count=1 iters=3
RTB1 R seq=1 id=calib.a n=3 mean=10 sd=0 min=10 max=10 p50=10 p90=10 p99=10 p999=10 unit=ns
RTB1 E records=1 status=0
SPEC
run "$EXT" run --db "$DB" --label r --target "replay:$TMP/replay.log"
check "replay: run and stored" '[ $rc -eq 0 ] && grep -q "^rtbench run: stored run [0-9]* (1 metrics, complete" "$TMP/err"'
run "$EXT" show --db "$DB" --format tsv r
check "replay: the run's figures" '[ $rc -eq 0 ] && [ "$out" = "$(printf "metric\tcalib.a\t10")" ]'
run "$EXT" run --help
check "replay: in run --help" '[ $rc -eq 0 ] && echo "$out" | grep -q "^  replay:FILE  *FILE.s lines"'
run "$EXT" run --db "$DB" --target "nope:x"
check "replay: in the unknown-target message" '[ $rc -eq 2 ] && echo "$err" | grep -q "unknown target .nope:x. (host, cmd:PROG ARGS..., replay:FILE)$"'
run "$EXT" run --db "$DB" --target "replay:"
check "replay: its own error" '[ $rc -eq 2 ] && echo "$err" | grep -q "replay: needs a file"'

# the subcommand: dispatched, listed by --help and the unknown-subcommand message
run "$EXT" hello a b
check "hello: dispatched with its arguments" '[ $rc -eq 0 ] && [ "$out" = "hello a b" ]'
run "$EXT" --help
check "hello: in --help" '[ $rc -eq 0 ] && echo "$out" | grep -q "^  hello  *say hello"'
run "$EXT" nope
check "hello: in the unknown-subcommand message" '[ $rc -eq 2 ] && echo "$err" | grep -q "(run, list, show, import, compare, check, hello; see rtbench --help)$"'

# the product has none of them
run "$RTB" import --db "$TMP/product.db" --format kv "$TMP/a.kv"
check "rtbench has no kv importer" '[ $rc -eq 2 ] && echo "$err" | grep -q "must be auto, rtbench, zephyr, zbus, rhealstone, cyclictest, zephyr-legacy, thread-metric, cyclictest-hist, osperf, rtla-timerlat, zbus-console, rtos-benchmark, rtems, twister or rtosbench, not: kv$"'
run "$RTB" list --db "$DB" --format tsv
check "rtbench has no tsv writer" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ]'
run "$RTB" run --db "$TMP/product.db" --target "replay:$TMP/replay.log"
check "rtbench has no replay: target" '[ $rc -eq 2 ] && echo "$err" | grep -q "unknown target"'
run "$RTB" hello
check "rtbench has no hello subcommand" '[ $rc -eq 2 ] && echo "$err" | grep -q "unknown subcommand .hello."'

echo "test_extensions: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
