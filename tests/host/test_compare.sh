#!/bin/sh
# rtbench compare: the acceptance figures (FRDM-RW612 vs Raspberry Pi Pico,
# latency_measure logs) in all four formats, flags on the Pico outliers,
# row order, n/a cells, bad arguments.
# Usage: sh test_compare.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/compare.db

run "$RTB" import --db "$DB" --label rw612 "$Z/frdm_rw612.log"
check "import rw612" '[ $rc -eq 0 ]'
RW=$(id_of)
run "$RTB" import --db "$DB" --label pico "$Z/rpi_pico.log"
check "import pico" '[ $rc -eq 0 ]'
PI=$(id_of)
check "run ids" '[ -n "$RW" ] && [ -n "$PI" ]'

M=thread.yield.preemptive.ctx.k_to_k,mutex.lock.immediate.recursive.kernel,semaphore.take.blocking.k_to_k,heap.malloc.immediate,thread.create.kernel.from.kernel
EXP_IDS="thread.yield.preemptive.ctx.k_to_k mutex.lock.immediate.recursive.kernel semaphore.take.blocking.k_to_k heap.malloc.immediate thread.create.kernel.from.kernel"
EXP_RW="699 286 1089 2017 1061"
EXP_PI="2165 740 3205 8830 2870"

# ---- text ----
run "$RTB" compare "$RW" "$PI" --db "$DB" --metrics "$M" --unit ns
check "text exit 0" '[ $rc -eq 0 ] && [ -z "$err" ]'
rows=$(echo "$out" | awk '$1 ~ /\./ && NF >= 4')
check "text: 5 rows" '[ "$(lines "$rows")" -eq 5 ]'
check "text: ids in --metrics order" '[ "$(echo $(echo "$rows" | awk "{print \$1}"))" = "$EXP_IDS" ]'
check "text: RW612 column" '[ "$(echo $(echo "$rows" | awk "{print \$2}"))" = "$EXP_RW" ]'
check "text: Pico column" '[ "$(echo $(echo "$rows" | awk "{print \$3}"))" = "$EXP_PI" ]'
check "text: ratios" '[ "$(echo $(echo "$rows" | awk "{print \$4}"))" = "3.10 2.59 2.94 4.38 2.70" ]'
check "text: header names the runs and the unit" 'echo "$out" | head -1 | grep -q "#$RW rw612.*#$PI pico" && echo "$out" | sed -n 2p | grep -q "mean ns.*mean ns"'

# ---- Markdown ----
run "$RTB" compare "$RW" "$PI" --db "$DB" --metrics "$M" --unit ns --format markdown
check "markdown exit 0" '[ $rc -eq 0 ]'
mrows=$(echo "$out" | grep '^| `')
check "markdown: RW612 column" '[ "$(echo $(echo "$mrows" | awk -F"|" "{print \$3}"))" = "$EXP_RW" ]'
check "markdown: Pico column" '[ "$(echo $(echo "$mrows" | awk -F"|" "{print \$4}"))" = "$EXP_PI" ]'
check "markdown: ids in order" '[ "$(echo $(echo "$mrows" | awk -F"|" "{print \$2}" | tr -d "\` "))" = "$EXP_IDS" ]'
check "markdown: alignment row" 'echo "$out" | sed -n 2p | grep -q "^|:---|---:|---:|---:|$"'

# ---- CSV ----
run "$RTB" compare "$RW" "$PI" --db "$DB" --metrics "$M" --unit ns --format csv
check "csv exit 0" '[ $rc -eq 0 ]'
crows=$(echo "$out" | sed 1d)
check "csv: 5 rows" '[ "$(lines "$crows")" -eq 5 ]'
check "csv: RW612 column" '[ "$(echo $(echo "$crows" | cut -d, -f2))" = "$EXP_RW" ]'
check "csv: Pico column" '[ "$(echo $(echo "$crows" | cut -d, -f5))" = "$EXP_PI" ]'
check "csv: stat and flags columns" '[ "$(echo "$crows" | head -1)" = "thread.yield.preemptive.ctx.k_to_k,699,mean,,2165,mean,,3.097" ]'

# ---- JSON ----
run "$RTB" compare "$RW" "$PI" --db "$DB" --metrics "$M" --unit ns --format json
check "json exit 0" '[ $rc -eq 0 ]'
printf '%s' "$out" >"$TMP/a.json"
run python3 -c '
import json, sys
rows = json.load(open(sys.argv[1]))
ids = sys.argv[2].split(); rw = [int(x) for x in sys.argv[3].split()]; pi = [int(x) for x in sys.argv[4].split()]
assert [r["metric"] for r in rows] == ids, [r["metric"] for r in rows]
assert [r["runs"][0]["value"] for r in rows] == rw
assert [r["runs"][1]["value"] for r in rows] == pi
for r in rows:
    a, b = r["runs"]
    assert a["unit"] == b["unit"] == "ns" and a["stat"] == "mean"
    assert a["label"] == "rw612" and b["label"] == "pico"
    assert a["flags"] == [] and b["flags"] == []
    assert a["ratio"] == 1 and abs(b["ratio"] - b["value"] / a["value"]) < 1e-3
' "$TMP/a.json" "$EXP_IDS" "$EXP_RW" "$EXP_PI"
check "json: figures, labels, units, ratios ($err)" '[ $rc -eq 0 ]'

# ---- flags: the four Pico rows of ~235000 cycles, in every format ----
BAD="fifo.get.blocking.k_to_k lifo.put.immediate.kernel events.wait.blocking.k_to_k condvar.signal.wake+ctx.k_to_k"
run "$RTB" compare "$RW" "$PI" --db "$DB" --format json
printf '%s' "$out" >"$TMP/all.json"
run python3 -c '
import json, sys
rows = json.load(open(sys.argv[1]))
bad = set(sys.argv[2].split())
assert len(rows) == 47
for r in rows:
    a, b = r["runs"]
    assert a["flags"] == [], r          # nothing in the RW612 log
    if r["metric"] in bad:
        assert b["flags"] == ["outlier"], r
        assert b["value"] > 200000, r   # shown, not dropped
    else:
        assert b["flags"] == [], r
' "$TMP/all.json" "$BAD"
check "json: exactly the four Pico outliers flagged ($err)" '[ $rc -eq 0 ]'
run "$RTB" compare "$RW" "$PI" --db "$DB"
for id in $BAD; do
    check "text: $id marked" 'echo "$out" | grep -E "^$(echo "$id" | sed "s/+/\\\\+/") " | grep -q "[0-9]\*"'
done
check "text: 4 markers" '[ "$(echo "$out" | grep -c "[0-9]\*")" -eq 4 ]'
check "text: legend" 'echo "$out" | grep -q "^  \* outlier"'
run "$RTB" compare "$RW" "$PI" --db "$DB" --format markdown
check "markdown: 4 markers + legend" '[ "$(echo "$out" | grep -c "[0-9] \\\\\*")" -eq 4 ] && echo "$out" | grep -q "^- \`\*\` outlier"'
run "$RTB" compare "$RW" "$PI" --db "$DB" --format csv
check "csv: 4 outlier flags, all on Pico" '[ "$(echo "$out" | grep -c ",outlier,")" -eq 4 ] && [ "$(echo "$out" | grep ",outlier," | cut -d, -f7 | sort -u)" = "outlier" ]'
check "csv: fifo.get.blocking" 'echo "$out" | grep -q "^fifo.get.blocking.k_to_k,312,mean,,235406,mean,outlier,754.506$"'

# ---- cycles, stats, n/a ----
run "$RTB" compare "$RW" "$PI" --db "$DB" --metrics heap.malloc.immediate --format csv
check "default unit is the runs' own (cycles)" '[ "$(echo "$out" | sed -n 2p)" = "heap.malloc.immediate,524,mean,,1103,mean,,2.105" ]'
run "$RTB" compare "$RW" "$PI" --db "$DB" --metrics heap.malloc.immediate --stat p99 --format json
printf '%s' "$out" >"$TMP/p99.json"
run python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))[0]["runs"]
assert r[0]["value"] is None and r[1]["value"] is None and "mean only" in r[0]["na"] and r[1]["ratio"] is None
' "$TMP/p99.json"
check "p99 of a mean-only log is n/a, not a number" '[ $rc -eq 0 ]'
run "$RTB" compare pico rw612 latest --db "$DB" --metrics 'heap.*' --format csv
check "refs by label and latest; glob" '[ $rc -eq 0 ] && [ "$(echo "$out" | sed 1d | cut -d, -f1 | tr "\n" " ")" = "heap.malloc.immediate heap.free.immediate " ]'

# an rtbench run with percentiles next to a mean-only log: p50 vs mean, marked
sign >"$TMP/synth.log" <<'EOF'
RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=synth cpu=x timer=tsc hz=1000000000 bits=64 unit=cycles ns_num=1 ns_den=1 clock=hw iters=1000 warmup=10 overhead=0 count=2
RTB1 R id=heap.malloc.immediate n=1000 min=400 max=900 mean=455.250 sd=3.000 p50=450 p90=460 p99=470 p999=480 flags=nosched
RTB1 N id=heap.free.immediate reason=no%20heap%20in%20this%20port
RTB1 E records=2 status=0
EOF
run "$RTB" import --db "$DB" "$TMP/synth.log"
SY=$(id_of)
run "$RTB" compare "$SY" "$RW" --db "$DB" --metrics 'heap.*' --format csv
check "p50 for the rtbench run, mean for the log" '[ "$(echo "$out" | sed -n 2p)" = "heap.malloc.immediate,450,p50,nosched,524,mean,,1.164" ]'
check "n/a with the port reason" '[ "$(echo "$out" | sed -n 3p)" = "heap.free.immediate,n/a,,,587,mean,,n/a" ]'
run "$RTB" compare "$SY" "$RW" --db "$DB" --metrics 'heap.*'
check "text: nosched marker and n/a reason" 'echo "$out" | grep -q "^heap.malloc.immediate  *450~" && echo "$out" | grep -q "no heap in this port"'
run "$RTB" compare "$SY" --db "$DB" --stat mean --unit ns --format csv
check "--stat mean --unit ns on an rtbench run" '[ "$(echo "$out" | sed -n 2p)" = "heap.malloc.immediate,455,mean,nosched" ]'

# ---- reading never creates a database ----
check_no_database compare

# ---- bad arguments: one line on stderr, exit 2, nothing on stdout ----
for args in "" "$RW --unit parsecs" "$RW --stat p42" "$RW --format xml" "$RW --metrics" "$RW --bogus" \
    "999" "nosuchlabel" "$RW --metrics no.such.metric" "$RW --db"; do
    # shellcheck disable=SC2086
    run "$RTB" compare --db "$DB" $args
    check "bad args '$args': exit 2, one-line error, no output" '[ $rc -eq 2 ] && [ -z "$out" ] && [ "$(lines "$err")" -eq 1 ]'
done

echo "test_compare: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
