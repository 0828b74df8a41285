#!/bin/sh
# The host side of the Rhealstone, OSEK and timer families: histograms (G
# records: stored, shown, refused when duplicated, a run incomplete when one
# is missing), the Rhealstone importer (the TenonOS fixture) and the
# cyclictest importer (a --json file written on this machine), both stored
# and compared with rtbench runs of the same ids.
# Usage: sh test_families.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/families.db
RH=$FIX/rhealstone/tenonos_rk3568.log
CT=$FIX/cyclictest/vm_t1_h10000.json

# ---- histograms --------------------------------------------------------------
# hlog G...: a run of one timed result announcing 4 buckets, then the G lines given
HDR="RTB1 H rtbench=0.1.0 port=refk kernel=refk kver=0.1.0 board=b cpu=c timer=t hz=1000 bits=32 unit=insns ns_num=1024 ns_den=1 clock=emulated-icount iters=10 warmup=0 overhead=0 count=1"
RES="RTB1 R id=timer.deviation n=10 min=122 max=309 mean=160.000 sd=1.000 p50=122 p90=270 p99=309 p999=309 flags= interval_us=1000 hist=4"
hlog() {
    {
        echo "$HDR"
        echo "$RES"
        for g in "$@"; do echo "RTB1 G id=timer.deviation lo=122 width=50 $g"; done
        echo "RTB1 E records=1 status=0"
    } | sign
}
hlog "first=0 c=6,0" "first=2 c=3,1" >"$TMP/h_ok.log"
hlog "first=0 c=6,0" >"$TMP/h_missing.log"
hlog "first=0 c=6,0" "first=2 c=3,1" "first=2 c=3,1" >"$TMP/h_dup.log"
hlog "first=0 c=6,0" "first=2 c=3,1" "first=0 c=6,0" >"$TMP/h_again.log"
hlog "first=0 c=6,0" "first=2 c=3,2" >"$TMP/h_sum.log"
hlog "first=0 c=6,0" "first=2 c=3,1,0" >"$TMP/h_beyond.log"

run "$RTB" import --db "$DB" --label hok "$TMP/h_ok.log"
check "histogram: imported, complete" '[ $rc -eq 0 ] && echo "$out" | grep -q "1 metrics$"'
run "$RTB" show hok --db "$DB"
check "show draws it: header line" 'echo "$out" | grep -q "^histogram of timer.deviation (insns; 10 samples; 4 buckets of 50 from 122):$"'
check "show draws it: the fullest bucket has the longest bar" 'echo "$out" | grep -q "^  122\.\.171 *|#\{50\} 6$"'
check "show draws it: the last bucket is open" 'echo "$out" | grep -q "^  272 and up *|#\{9\} *1$"'
check "show draws it: every count" '[ "$(echo "$out" | grep -c "^  [0-9].*|")" -eq 4 ]'
run "$RTB" show hok --db "$DB" --format json
check "show json: the histogram, exactly" '[ "$(echo "$out" | tr -d " \t\n" | grep -o "\"histogram\":{[^}]*}")" = "\"histogram\":{\"lo\":122,\"width\":50,\"counts\":[6,0,3,1]}" ]'

run "$RTB" import --db "$DB" "$TMP/h_missing.log"
check "a missing G record: stored, INCOMPLETE, exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE (histogram of timer.deviation: 2 of 4 buckets received)"'
run "$RTB" import --db "$DB" --label hdup "$TMP/h_dup.log"
# a line repeated as it is (a UART repeating a line) is said and ignored before
# the histogram sees it (the record parser's rule for every record)
check "a duplicated G record: named as FILE:LINE, ignored" '[ $rc -eq 0 ] && [ "$err" = "$TMP/h_dup.log:5: repeated record line, ignored" ]'
run "$RTB" import --db "$DB" --label hagain "$TMP/h_again.log"
check "a G record for buckets already received: named as FILE:LINE, skipped" '[ $rc -eq 0 ] && echo "$err" | grep -q "^$TMP/h_again.log:5: G record for timer.deviation: .*skipped$"'
run "$RTB" show hdup --db "$DB" --format json
check "a duplicated G record: the first kept" 'echo "$out" | tr -d " \t\n" | grep -q "\"counts\":\[6,0,3,1\]"'
run "$RTB" import --db "$DB" --label hsum "$TMP/h_sum.log"
check "counts that do not add up to n: histogram dropped, run incomplete" '[ $rc -eq 1 ] && echo "$err" | grep -q "do not add up" && echo "$out" | grep -q INCOMPLETE'
run "$RTB" show hsum --db "$DB" --format json
check "a dropped histogram is not stored" '! echo "$out" | grep -q "\"histogram\":"'
run "$RTB" import --db "$DB" "$TMP/h_beyond.log"
check "buckets beyond those announced: refused" '[ $rc -eq 1 ] && echo "$err" | grep -q "more buckets than its result announced"'
{
    echo "$HDR"
    echo "RTB1 G id=timer.deviation lo=122 width=50 first=0 c=6,0"
    echo "RTB1 R id=timer.deviation n=10 min=122 max=309 mean=160.000 sd=1.000 p50=122 p90=270 p99=309 p999=309 flags="
    echo "RTB1 G id=timer.deviation lo=122 width=50 first=0 c=6,0,3,1"
    echo "RTB1 E records=1 status=0"
} | sign >"$TMP/h_orphan.log"
run "$RTB" import --db "$DB" "$TMP/h_orphan.log"
check "G records of a result that announced none: refused, both" '[ $rc -eq 0 ] && [ "$(lines "$err")" -eq 2 ] && echo "$err" | grep -q "without a result announcing a histogram"'

# a live run stores the histogram when its last bucket arrives
run "$RTB" run --db "$DB" --label hlive --target "cmd:cat $TMP/h_ok.log"
check "run: complete" '[ $rc -eq 0 ]'
run "$RTB" show hlive --db "$DB" --format json
check "run: histogram stored with the live run" 'echo "$out" | tr -d " \t\n" | grep -q "\"counts\":\[6,0,3,1\]"'
run "$RTB" run --db "$DB" --target "cmd:cat $TMP/h_missing.log"
check "run: a missing G record makes the run incomplete" '[ $rc -eq 1 ] && echo "$err" | grep -q "incomplete: histogram of timer.deviation: 2 of 4 buckets received"'

# ---- Rhealstone importer ----------------------------------------------------------
run "$RTB" import --db "$DB" --label rk3568 "$RH"
check "rhealstone: detected, 6 metrics" '[ $rc -eq 0 ] && [ "$out" = "imported run $(echo "$out" | sed -n "s/^imported run \([0-9]*\).*/\1/p") from $RH: rhealstone, board unknown, 6 metrics" ]'
run "$RTB" show rk3568 --db "$DB" --format json
J=$(echo "$out" | tr -d " \t\n")
for m in task_switch:166 task_switch.50:596 preemption:420 semaphore_shuffle:983 interrupt_latency:1937; do
    check "rhealstone.${m%:*} = ${m#*:} cycles, mean only" 'echo "$J" | grep -q "\"id\":\"rhealstone.${m%:*}\",\"desc\":\"[^\"]*\",\"state\":\"ok\",\"n\":0,\"mean\":${m#*:},\"flags\":\[\"mean-only\"\]}"'
done
check "the run's unit is cycles" 'echo "$J" | grep -q "\"unit\":\"cycles\",\"ns_per_unit\":null"'
check "the timer row keeps its own unit" 'echo "$J" | grep -q "\"id\":\"timer.deviation.interference\",[^}]*\"mean\":7,\"flags\":\[\"mean-only\"\],\"unit\":\"generic-timer-counts\",\"better\":\"lower\""'
check "what the log lacks is absent, not zero" '! echo "$J" | grep -q "deadlock_break\|message_latency\|composite"'
run "$RTB" import --db "$DB" --label rkhz --cpu-hz 1992000000 "$RH"
run "$RTB" compare rk3568 rkhz --db "$DB" --unit ns --format csv
check "--cpu-hz gives ns to the cycles, not to the counts" 'echo "$out" | grep -q "^rhealstone.task_switch,n/a,,,83,mean,,n/a$" && echo "$out" | grep -q "^timer.deviation.interference \[generic-timer-counts\],7,mean,,7,mean,"'
printf 'Rhealstone Benchmark Start\nRST: task switch benchmark\nR-Rhealstone: average task switch time, in cpu cycles - 100 cycle\nR-Rhealstone: something new, in cpu cycles - 5 cycle\nRhealstone Benchmark Start\nR-Rhealstone: average task switch time, in cpu cycles - 900 cycle\n' >"$TMP/rh2.log"
run "$RTB" import --db "$DB" "$TMP/rh2.log"
check "rhealstone: unknown rows and a second start ignored, said once" '[ $rc -eq 0 ] && echo "$out" | grep -q "1 metrics$" && [ "$err" = "rtbench import: $TMP/rh2.log: note: 2 Rhealstone row(s) ignored (unknown, repeated, after a second start, or not \"<what>, in <unit> - <number>\")" ]'
printf 'Rhealstone Benchmark Start\nR-Rhealstone: average task switch time, in cpu cycles - lots\n' >"$TMP/rh3.log"
run "$RTB" import --db "$DB" "$TMP/rh3.log"
check "rhealstone: no figure at all is an error" '[ $rc -eq 2 ] && echo "$err" | grep -q "no Rhealstone results$"'

# beside a run of the same ids (an rtbench log of a QEMU run)
{
    echo "$HDR" | sed 's/count=1/count=3/'
    echo "RTB1 R id=rhealstone.task_switch n=10 min=28 max=28 mean=28.000 sd=0.000 p50=28 p90=28 p99=28 p999=28 flags="
    echo "RTB1 R id=rhealstone.interrupt_latency n=10 min=12 max=12 mean=12.000 sd=0.000 p50=12 p90=12 p99=12 p999=12 flags="
    echo "RTB1 R id=timer.deviation.interference n=10 min=122 max=309 mean=160.000 sd=1.000 p50=122 p90=270 p99=309 p999=309 flags="
    echo "RTB1 E records=3 status=0"
} | sign >"$TMP/q.log"
run "$RTB" import --db "$DB" --label q "$TMP/q.log"
run "$RTB" compare rk3568 q --db "$DB" --stat mean
check "compare: the figures side by side" 'echo "$out" | grep -q "^rhealstone.task_switch  *166  *28  *0.17$"'
check "compare: no outlier flag across different mechanisms" '! echo "$out" | grep -q "\*"'
check "compare: counts beside instructions: the unit named, no ratio" 'echo "$out" | grep -q "^timer.deviation.interference \[generic-timer-counts in #[0-9]*\]  *7  *160  *n/a$"'

# ---- cyclictest importer ------------------------------------------------------------
run "$RTB" import --db "$DB" --label ct "$CT"
check "cyclictest: detected, 1 metric" '[ $rc -eq 0 ] && echo "$out" | grep -q ": cyclictest, vm, 1 metrics$"'
run "$RTB" show ct --db "$DB" --format json
J=$(echo "$out" | tr -d " \t\n")
check "cyclictest: n, min, max from the file, in ns" 'echo "$J" | grep -q "\"id\":\"timer.deviation\",[^}]*\"n\":1000,\"mean\":163500,\"sd\":[0-9.]*,\"min\":19000,\"p50\":[0-9]*,\"p90\":[0-9]*,\"p99\":[0-9]*,\"p999\":[0-9]*,\"max\":5768000"'
check "cyclictest: percentiles from the histogram, whole microseconds" 'for k in p50 p90 p99 p999; do v=$(echo "$J" | sed -n "s/.*\"$k\":\([0-9]*\).*/\1/p"); [ $((v % 1000)) -eq 0 ] || exit 1; done'
check "cyclictest: the run is in ns, interval and header kept" 'echo "$J" | grep -q "\"unit\":\"ns\",\"ns_per_unit\":1" && echo "$J" | grep -q "\"interval_us\":\"1000\"" && echo "$J" | grep -q "\"rt_tests\":\"2.40\""'
run "$RTB" show ct --db "$DB"
check "cyclictest: the histogram is drawn" 'echo "$out" | grep -q "^histogram of timer.deviation (ns; 1000 samples; "'
# beside a host run of the same id (in cycles of a 2 GHz TSC)
{
    echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=vm cpu=x timer=tsc hz=2000000000 bits=64 unit=cycles ns_num=1 ns_den=2 clock=hw iters=10 warmup=0 overhead=0 count=1"
    echo "RTB1 R id=timer.deviation n=10 min=100000 max=400000 mean=200000.000 sd=1.000 p50=160000 p90=300000 p99=400000 p999=400000 flags= interval_us=1000"
    echo "RTB1 E records=1 status=0"
} | sign >"$TMP/host.log"
run "$RTB" import --db "$DB" --label host "$TMP/host.log"
run "$RTB" compare ct host --db "$DB" --unit ns --format csv
check "cyclictest beside the host's timer.deviation, in ns" 'echo "$out" | grep -q "^timer.deviation,[0-9]*,p50,,80000,p50,,[0-9.]*$"'

# edge cases, written here in the form cyclictest writes
ctj() { # THREADS RETURN_CODE: a cyclictest --json file
    printf '{\n  "file_version": 1,\n  "cmdline:": "cyclictest -t2 -i500 --json=x",\n  "rt_test_version:": "2.40",\n  "return_code": %s,\n  "sysinfo": {"sysname": "Linux", "nodename": "box", "release": "6.1", "machine": "x86_64"},\n  "thread": {%s}\n}\n' "$2" "$1"
}
ctj '"0": {"histogram": {}, "cycles": 10, "min": 5, "max": 90, "avg": 20.5}, "1": {"histogram": {"7": 9, "8": 1}, "cycles": 10, "min": 7, "max": 8, "avg": 7.1}' 0 >"$TMP/ct2.json"
run "$RTB" import --db "$DB" --label ct2 "$TMP/ct2.json"
check "two threads: two metrics" '[ $rc -eq 0 ] && echo "$out" | grep -q ": cyclictest, box, 2 metrics$"'
run "$RTB" show ct2 --db "$DB" --format json
J=$(echo "$out" | tr -d " \t\n")
check "no histogram: mean only, min and max as extras, interval from -i" 'echo "$J" | grep -q "\"id\":\"timer.deviation\",[^}]*\"n\":10,\"mean\":20500,\"mean_ns\":20500,\"flags\":\[\"mean-only\"\],\"extra\":{\"min_ns\":\"5000\",\"max_ns\":\"90000\",\"interval_us\":\"500\"}"'
check "a whole histogram: exact percentiles" 'echo "$J" | grep -q "\"id\":\"timer.deviation.thread1\",[^}]*\"min\":7000,\"p50\":7000,\"p90\":7000,\"p99\":8000,\"p999\":8000,\"max\":8000"'
ctj '"0": {"histogram": {}, "cycles": 10, "min": 5, "max": 90, "avg": 20.5}' 1 >"$TMP/ct3.json"
run "$RTB" import --db "$DB" "$TMP/ct3.json"
check "return_code 1: stored INCOMPLETE, exit 1" '[ $rc -eq 1 ] && echo "$out" | grep -q "INCOMPLETE (cyclictest.s return_code is not 0)"'
head -c 300 "$CT" >"$TMP/ct_cut.json"
run "$RTB" import --db "$DB" "$TMP/ct_cut.json"
check "a cut JSON file: one-line error, exit 2" '[ $rc -eq 2 ] && [ "$err" = "rtbench import: $TMP/ct_cut.json: not JSON (cyclictest --json output expected)" ]'
ctj '"0": {"histogram": {}, "cycles": 10, "min": 95, "max": 90, "avg": 20.5}' 0 >"$TMP/ct4.json"
run "$RTB" import --db "$DB" "$TMP/ct4.json"
check "min above max: refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "thread \"0\": cycles, min, max or avg missing or not sane$"'
ctj '"0": {"histogram": {"x": 1}, "cycles": 1, "min": 5, "max": 5, "avg": 5}' 0 >"$TMP/ct5.json"
run "$RTB" import --db "$DB" "$TMP/ct5.json"
check "a bad histogram bucket: refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "histogram is not"'

finish test_families
