#!/bin/sh
# rtbench import: every fixture, aligned vs compact, rtbench logs (corrupt,
# truncated), bad inputs and bad arguments.
# Usage: sh test_import.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/import.db

# ---- Zephyr fixtures ----
run "$RTB" import --db "$DB" "$Z/frdm_rw612.log"
check "import rw612 exit 0" '[ $rc -eq 0 ]'
check "import rw612 prints its id" 'echo "$out" | grep -q "^imported run 1 from .*frdm_rw612.log: zephyr, frdm_rw612, 47 metrics$"'
run "$RTB" import --db "$DB" "$Z/rpi_pico.log"
check "import pico exit 0" '[ $rc -eq 0 ]'
check "import pico: 4 flagged" 'echo "$out" | grep -q "^imported run 2 from .*: zephyr, rpi_pico, 47 metrics, 4 flagged$"'
run "$RTB" import --db "$DB" "$Z/frdm_rw612.compact.log"
check "import compact exit 0" '[ $rc -eq 0 ]'
check "import compact: no board in the log" 'echo "$out" | grep -q "^imported run 3 .*board unknown, 47 metrics$"'
run "$RTB" import --db "$DB" --board frdm_rw612 --label compact "$Z/frdm_rw612.compact.log"
check "import compact --board" 'echo "$out" | grep -q "^imported run 4 .*zephyr, frdm_rw612, 47 metrics$"'

# aligned and compact forms store identical figures (values, ns, flags, order)
# identical_rows: rows of the CSV comparison in $out whose two runs agree
# (the same figure, no flags, ratio 1)
identical_rows() {
    echo "$out" | sed 1d |
        awk -F, '$2 != "n/a" && $2 == $5 && $4 == "" && $7 == "" && $8 == "1.000"' | wc -l
}
run "$RTB" compare 1 4 --db "$DB" --format csv --stat mean
check "compare aligned/compact exit 0" '[ $rc -eq 0 ]'
check "aligned and compact identical" '[ "$(identical_rows)" -eq 47 ]'
run "$RTB" compare 1 4 --db "$DB" --format csv --unit ns
check "aligned and compact identical in ns" '[ "$(identical_rows)" -eq 47 ]'

# the label finds the run
run "$RTB" compare compact --db "$DB" --metrics heap.malloc.immediate --format csv
check "compare by label" 'echo "$out" | grep -q "^heap.malloc.immediate,524,mean,$"'

# ---- a file that no importer reads (Rhealstone and cyclictest: test_families.sh,
# zbus: test_sweep.sh) ----
printf 'boot\nhello world\n' >"$TMP/other.log"
for f in "$TMP/other.log"; do
    run "$RTB" import --db "$DB" "$f"
    check "import $(basename "$f") exit 2" '[ $rc -eq 2 ]'
    check "import $(basename "$f") one-line error" '[ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "no rtbench records, no latency_measure results, no zbus-style CSV rows, no Rhealstone results, no cyclictest JSON, no older latency_measure or timing_info results, no Thread-Metric results, no cyclictest histogram, no osperf results, no rtla timerlat histogram, no zbus benchmark console output, no rtos-benchmark results, no RTEMS timing results, no twister recordings and no RTOSBench results$"'
    check "import $(basename "$f") stores nothing" '[ -z "$out" ]'
    run "$RTB" import --db "$DB" --format zephyr "$f"
    check "import --format zephyr $(basename "$f")" '[ $rc -eq 2 ] && [ "$err" = "rtbench import: $f: no latency_measure results" ]'
done

# ---- bad files ----
run "$RTB" import --db "$DB" "$TMP/does-not-exist.log"
check "missing file exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "does-not-exist.log: cannot open: No such file"'
run "$RTB" import --db "$DB" "$TMP"
check "directory exit 2" '[ $rc -eq 2 ] && echo "$err" | grep -q "is a directory"'
: >"$TMP/empty.log"
run "$RTB" import --db "$DB" "$TMP/empty.log"
check "empty file exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ]'
head -c 20000 /dev/urandom >"$TMP/random.bin"
run "$RTB" import --db "$DB" "$TMP/random.bin"
check "random bytes: clean error" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ]'
if [ -r /dev/null ] && [ "$(id -u)" -ne 0 ]; then
    : # unreadable-file check only meaningful without root
fi
# one bad file does not stop the others
run "$RTB" import --db "$DB" "$TMP/nope.log" "$Z/rpi_pico.log"
check "mixed: exit 2" '[ $rc -eq 2 ]'
check "mixed: the good file is stored" 'echo "$out" | grep -q "^imported run 5 from .*rpi_pico.log"'
check "mixed: the bad file is named" 'echo "$err" | grep -q "nope.log: cannot open"'

# ---- rtbench logs (valid CRCs computed here) ----
# synth_run END: a run of four metrics after a boot line, with its end
# record when END is "end"
synth_run() {
    echo "[boot] hello"
    echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=synth cpu=x timer=tsc" \
        "hz=2000000000 bits=64 unit=cycles ns_num=1 ns_den=2 clock=hw iters=1000 warmup=10" \
        "overhead=0 count=4"
    for m in semaphore.give.immediate.kernel:100 semaphore.take.immediate.kernel:110 \
        mutex.lock.immediate.recursive.kernel:50 heap.malloc.immediate:500; do
        id=${m%:*} v=${m#*:}
        echo "RTB1 R id=$id n=1000 min=$((v - 1)) max=$((2 * v)) mean=$v.500 sd=1.000 p50=$v" \
            "p90=$v p99=$((v + 1)) p999=$((v + 2)) flags="
    done
    [ "$1" = end ] && echo "RTB1 E records=4 status=0"
}
synth_run end | sign >"$TMP/good.log"
synth_run no | sign >"$TMP/trunc.log"
# line 4 corrupted in transit
sed '4s/mean=110.500/mean=910.500/' "$TMP/good.log" >"$TMP/corrupt.log"
run "$RTB" import --db "$DB" "$TMP/good.log"
check "rtbench log exit 0" '[ $rc -eq 0 ] && echo "$out" | grep -q "^imported run 6 from .*good.log: rtbench, synth, 4 metrics$"'
run "$RTB" import --db "$DB" --label cut "$TMP/trunc.log"
check "truncated rtbench log: stored, incomplete, exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "^imported run 7 .*4 metrics, INCOMPLETE"'
run "$RTB" import --db "$DB" "$TMP/corrupt.log"
check "corrupt line: exit 1 (run incomplete)" '[ $rc -eq 1 ]'
check "corrupt line reported as FILE:LINE" '[ "$err" = "$TMP/corrupt.log:4: checksum mismatch, skipped" ]'
check "corrupt line: the rest stored" 'echo "$out" | grep -q "^imported run 8 .*3 metrics, INCOMPLETE"'
run "$RTB" compare 6 8 --db "$DB" --format csv --stat mean
check "corrupt metric missing, the others intact" 'echo "$out" | grep -q "^semaphore.take.immediate.kernel,110,mean,,n/a,,,n/a$" && echo "$out" | grep -q "^heap.malloc.immediate,500,mean,,500,mean,,1.000$"'
# ---- a header whose clock makes no sense: that run is skipped, named by FILE:LINE ----
# clock_run CLOCK: a run of one metric whose header has the clock CLOCK
clock_run() {
    echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=synth cpu=x timer=tsc" \
        "$1 unit=cycles clock=hw iters=1000 warmup=10 overhead=0 count=1"
    echo "RTB1 R id=semaphore.give.immediate.kernel n=1000 min=9 max=20 mean=10.000 sd=1.000" \
        "p50=10 p90=10 p99=11 p999=12 flags="
    echo "RTB1 E records=1 status=0"
}
clock_run "hz=0 bits=32 ns_num=1 ns_den=1" | sign >"$TMP/bad_hz0.log"
clock_run "hz=1000 bits=0 ns_num=1 ns_den=1" | sign >"$TMP/bad_bits0.log"
clock_run "hz=1000 bits=65 ns_num=1 ns_den=1" | sign >"$TMP/bad_bits65.log"
clock_run "hz=1000 bits=32 ns_num=0 ns_den=1" | sign >"$TMP/bad_num0.log"
clock_run "hz=1000 bits=32 ns_num=1 ns_den=0" | sign >"$TMP/bad_den0.log"
clock_run "hz=fast bits=32 ns_num=1 ns_den=1" | sign >"$TMP/bad_hzx.log"
{
    clock_run "hz=0 bits=32 ns_num=1 ns_den=1"
    clock_run "hz=1000 bits=32 ns_num=1000000 ns_den=1"
} | sign >"$TMP/bad_then_good.log"
n_before=$("$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l)
for k in hz0:hz=0 bits0:bits=0 bits65:bits=65 num0:ns_num=0 den0:ns_den=0 hzx:hz=fast; do
    f=$TMP/bad_${k%%:*}.log
    run "$RTB" import --db "$DB" "$f"
    check "invalid header ${k#*:}: exit 2, nothing on stdout" '[ $rc -eq 2 ] && [ -z "$out" ]'
    check "invalid header ${k#*:}: FILE:LINE named" 'echo "$err" | grep -q "^$f:1: invalid header: ${k#*:} (must be .*), run skipped$"'
    check "invalid header ${k#*:}: its records not reported one by one" '[ "$(lines "$err")" -eq 2 ]'
done
check "invalid headers: nothing stored" '[ "$("$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l)" -eq "$n_before" ]'
run "$RTB" import --db "$DB" "$TMP/bad_then_good.log"
check "invalid then valid run: exit 0, the valid one stored" '[ $rc -eq 0 ] && [ "$(lines "$out")" -eq 1 ] && echo "$out" | grep -q "1 metrics$"'
check "invalid then valid run: the invalid one named" '[ "$err" = "$TMP/bad_then_good.log:1: invalid header: hz=0 (must be an integer of at least 1), run skipped" ]'
n_before=$("$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l)
# the same validation in run
run "$RTB" run --db "$DB" --target "cmd:cat $TMP/bad_bits65.log"
check "run: invalid header: exit 1, nothing stored" '[ $rc -eq 1 ] && [ "$("$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l)" -eq "$n_before" ]'
check "run: invalid header named" 'echo "$err" | grep -q "^rtbench run: target output line 1: invalid header: bits=65 (must be an integer from 1 to 64), run skipped$"'
run "$RTB" run --db "$DB" --target "cmd:cat $TMP/bad_then_good.log"
check "run: invalid then valid: the valid run stored" '[ $rc -eq 1 ] && echo "$err" | grep -q "stored run .* (1 metrics, complete: judged by the record count only" && echo "$err" | grep -q "line 1: invalid header: hz=0"'

run "$RTB" import --db "$DB" --format zephyr "$TMP/good.log"
check "--format zephyr on an rtbench log" '[ $rc -eq 2 ] && echo "$err" | grep -q "no latency_measure results"'
run "$RTB" import --db "$DB" --format rtbench "$Z/rpi_pico.log"
check "--format rtbench on a Zephyr log" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "no valid rtbench run"'

# ---- standard input; a terminal's timestamp prefix on every line ----
run sh -c '"$0" import --db "$1" --label stdin - <"$2"' "$RTB" "$DB" "$Z/rpi_pico.log"
check "import - (stdin)" '[ $rc -eq 0 ] && echo "$out" | grep -q "^imported run [0-9]* from -: zephyr, rpi_pico, 47 metrics, 4 flagged$"'
sed 's/^/[00:00:01.000,000] /' "$Z/frdm_rw612.log" >"$TMP/stamped.log"
run "$RTB" import --db "$DB" --label stamped "$TMP/stamped.log"
check "timestamped log" '[ $rc -eq 0 ] && echo "$out" | grep -q "zephyr, frdm_rw612, 47 metrics$"'
run "$RTB" check 1 stamped --db "$DB" --threshold 0
check "timestamped log: same figures as the plain one" '[ $rc -eq 0 ] && echo "$out" | grep -q "^summary: 47 compared, 0 regressions, 0 faster, 0 flagged"'

# ---- truncated and damaged logs through the whole command: never a crash ----
cat "$TMP/good.log" "$Z/rpi_pico.log" >"$TMP/both.log"
size=$(wc -c <"$TMP/both.log")
crashes=0
i=0
while [ $i -lt 40 ]; do
    n=$(( (i * 7919 + 13) % size ))
    head -c "$n" "$TMP/both.log" >"$TMP/cut.log"
    # damage one byte in the middle of what is left
    if [ "$n" -gt 10 ]; then
        mid=$((n / 2))
        byte=$(od -An -tu1 -j "$mid" -N1 "$TMP/cut.log" | tr -d ' ')
        printf "$(printf '\\%03o' $((byte ^ 0x5a)))" |
            dd of="$TMP/cut.log" bs=1 seek="$mid" conv=notrunc 2>/dev/null
    fi
    "$RTB" import --db "$TMP/fuzz.db" "$TMP/cut.log" >/dev/null 2>"$TMP/fuzz.err"
    r=$?
    if [ $r -gt 2 ]; then crashes=$((crashes + 1)); echo "cut at $n: exit $r" >&2; fi
    i=$((i + 1))
done
check "40 truncated/damaged logs: exit 0, 1 or 2, never a crash" '[ $crashes -eq 0 ]'

# ---- bad arguments: one line, exit 2, nothing stored ----
for args in "" "--format" "--format xml $Z/rpi_pico.log" "--cpu-hz abc $Z/rpi_pico.log" "--cpu-hz 0 $Z/rpi_pico.log" \
    "--iters 0 $Z/rpi_pico.log" "--iters -5 $Z/rpi_pico.log" "--bogus $Z/rpi_pico.log" "$Z/rpi_pico.log --label" \
    "--db"; do
    # shellcheck disable=SC2086
    run "$RTB" import --db "$DB" $args
    check "bad args '$args': exit 2, one line, nothing stored" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && [ -z "$out" ]'
done
run "$RTB" import --db "$TMP/no/such/dir/x.db" "$Z/rpi_pico.log"
check "unusable database path: exit 2" '[ $rc -eq 2 ] && [ -n "$err" ]'

# --cpu-hz and --iters are stored
run "$RTB" import --db "$DB" --cpu-hz 133000000 --iters 500 "$Z/rpi_pico.log"
check "--cpu-hz accepted" '[ $rc -eq 0 ]'

echo "test_import: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
