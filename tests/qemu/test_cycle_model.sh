#!/bin/sh
# rtbench run --target qemu:BOARD --cycle-model CORE end to end (docs/cycle-model.md):
# both units stored, the same run twice gives the same figures, the instruction
# counts are those of a run without the model, model-cycles are sane (never
# below the instruction count; the calib NOP windows cost one cycle per NOP on
# these cores); compare --unit model-cycles and show print them; every way it
# can fail is one line, exit 2, nothing stored.
#   sh test_cycle_model.sh <build/rtbench> <board> <core> <tmpdir>
. "$(dirname "$0")/../lib.sh"
rtbench=$1
board=$2
core=$3
tmp=$4
rm -rf "$tmp" && mkdir -p "$tmp" || exit 2
db="$tmp/cm.db"
stored() { "$rtbench" list --db "$db" 2>/dev/null | tail -n +2 | wc -l; }

# two runs with the model, one without: every timed benchmark (Thread-Metric's tm.* and
# the msgq.* throughput points are values, not windows, and take long) but the
# Rhealstone/OSEK/timer families, which the marks do not cover yet (docs/cycle-model.md:
# computed samples, and a 2-instruction difference on interrupt entry)
sel='*,-tm.*,-msgq.*,-rhealstone.*,-osek.*,-timer.*'
for i in 1 2; do
    "$rtbench" run --target qemu:$board --cycle-model $core --filter "$sel" --iterations 20 \
        --db "$db" >"$tmp/out$i" 2>"$tmp/err$i"
    rc=$?
    check "run $i with --cycle-model $core exits 0" '[ $rc -eq 0 ]'
    [ $rc -eq 0 ] || cat "$tmp/err$i" >&2
done
"$rtbench" run --target qemu:$board --filter "$sel" --iterations 20 --db "$db" >"$tmp/out3" \
    2>"$tmp/err3"
check "run 3 without the model exits 0" '[ $? -eq 0 ]'
check "three runs stored" '[ "$(stored)" -eq 3 ]'
check "run prints the model-cycles table" 'grep -q "^model-cycles (cycle model $core,ws=0" "$tmp/out1"'

"$rtbench" show --db "$db" 1 >"$tmp/show1"
check "show: header names the model" 'grep -q "cycle_model  *$core,ws=0" "$tmp/show1"'
check "show: header has the model's parameters" 'grep -q "cycle_model_params  *core=$core ws=0 p=" "$tmp/show1"'
check "show: header has the model's overhead" 'grep -q "cycle_model_overhead  *[0-9]" "$tmp/show1"'
check "show: the model-cycles table" 'grep -q "^model-cycles (cycle model $core,ws=0" "$tmp/show1"'

# both units: every measured metric has model-cycles (json: one "model-cycles" object each)
for i in 1 2 3; do
    "$rtbench" show --db "$db" --format json $i >"$tmp/json$i"
done
n_ok=$(grep -c '"state":	"ok"' "$tmp/json1")
n_model=$(grep -c '"model-cycles":	{' "$tmp/json1")
check "every measured metric ($n_ok) has model-cycles ($n_model)" '[ "$n_ok" -gt 40 ] && [ "$n_ok" -eq "$n_model" ]'
check "the run without the model has none" '! grep -q model-cycles "$tmp/json3"'

# deterministic: the two model runs are the same run but for their identity
strip() { grep -v '"run":\|"uuid":\|"created":\|"host":' "$1"; }
strip "$tmp/json2" >"$tmp/json2.s"
check "two runs with the model: identical figures in both units" 'strip "$tmp/json1" | cmp -s - "$tmp/json2.s"'
# the stored instruction counts are those of the plain run: show's first table
# (the run's own unit) of run 1 is that of run 3
"$rtbench" show --db "$db" 3 >"$tmp/show3"
first_table() { awk '/^id  / { t++ } t == 1 && /^$/ { exit } t == 1' "$1"; }
first_table "$tmp/show1" >"$tmp/t1"
first_table "$tmp/show3" >"$tmp/t3"
check "instruction counts identical to the run without the model" \
    '[ "$(wc -l <"$tmp/t1")" -gt 40 ] && cmp -s "$tmp/t1" "$tmp/t3"'

# compare in model-cycles: run 1 against run 2 (all 1.000), the calib windows
"$rtbench" compare --db "$db" 1 2 --unit model-cycles --format csv >"$tmp/cmp12"
check "compare --unit model-cycles exits 0" '[ $? -eq 0 ]'
check "compare: the columns say model-cycles" 'head -1 "$tmp/cmp12" | grep -q "p50 model-cycles"'
check "compare: every ratio of run 2 to run 1 is 1.000 (or 0/0)" \
    '! tail -n +2 "$tmp/cmp12" | awk -F, "\$NF != \"1.000\" && !(\$2 == 0 && \$5 == 0)" | grep -q .'
cell() { awk -F, -v id="$2" '$1 == id { print $2 }' "$1"; }
check "calib.empty is 0 model cycles" '[ "$(cell "$tmp/cmp12" calib.empty)" = 0 ]'
check "calib.nop10 is 10 model cycles (NOP: 1 cycle)" '[ "$(cell "$tmp/cmp12" calib.nop10)" = 10 ]'
check "calib.nop100 is 100 model cycles" '[ "$(cell "$tmp/cmp12" calib.nop100)" = 100 ]'
"$rtbench" compare --db "$db" 3 --unit model-cycles --format csv >"$tmp/cmp3"
check "compare --unit model-cycles of a run without the model: n/a" \
    '[ "$(cell "$tmp/cmp3" calib.nop10)" = "n/a" ]'

# sane: for every metric, model-cycles >= instructions (each instruction costs >= 1 cycle)
for u in insns model-cycles; do
    unit=$u
    [ $u = insns ] && unit=cycles
    for s in min p50 max; do
        "$rtbench" compare --db "$db" 1 --unit $unit --stat $s --format csv | tail -n +2 |
            cut -d, -f1,2 | sort >"$tmp/$u.$s"
    done
done
for s in min p50 max; do
    below=$(join -t, "$tmp/insns.$s" "$tmp/model-cycles.$s" | awk -F, '$3 < $2' | head -3)
    check "$s: model-cycles >= insns for every metric${below:+ (not: $below)}" '[ -z "$below" ]'
done
check "some metric costs more cycles than instructions" \
    'join -t, "$tmp/insns.p50" "$tmp/model-cycles.p50" | awk -F, "\$3 > \$2" | grep -q .'

# every way to fail: one line, exit 2, nothing stored
before=$(stored)
fails() { # name expected-message-pattern command...
    name=$1 pat=$2
    shift 2
    "$@" >"$tmp/fo" 2>"$tmp/fe"
    rc=$?
    check "$name: exit 2" '[ $rc -eq 2 ]'
    check "$name: one line naming it" '[ "$(grep -c . "$tmp/fe")" -eq 1 ] && grep -q -- "$pat" "$tmp/fe"'
    [ "$(grep -c . "$tmp/fe")" -eq 1 ] || cat "$tmp/fe" >&2
    check "$name: nothing on stdout, nothing stored" '[ ! -s "$tmp/fo" ] && [ "$(stored)" -eq "$before" ]'
}
fails "unknown core" "unknown core 'cortex-m9'" \
    "$rtbench" run --target qemu:$board --cycle-model cortex-m9 --db "$db"
case $core in # a model of the other architecture profile than the board's
cortex-m0*) other=cortex-m3 other_isa="ARMv7-M/ARMv8-M Mainline" ;;
*) other=cortex-m0 other_isa="ARMv6-M" ;;
esac
fails "wrong profile" "prices $other_isa code" \
    "$rtbench" run --target qemu:$board --cycle-model $other --db "$db"
fails "bad wait states" "'ws=99' is not ws=N" \
    "$rtbench" run --target qemu:$board --cycle-model $core,ws=99 --db "$db"
fails "not a qemu target" "--cycle-model applies to qemu: targets only" \
    "$rtbench" run --target host --cycle-model $core --db "$db"
fails "without icount" "--cycle-model needs -icount" \
    "$rtbench" run --target qemu:$board --cycle-model $core --no-icount --db "$db"
RTBENCH_CYCLE_PLUGIN=$tmp/none.so
export RTBENCH_CYCLE_PLUGIN
fails "plugin missing" "cycle-model plugin $tmp/none.so not found" \
    "$rtbench" run --target qemu:$board --cycle-model $core --db "$db"
echo "not a shared object" >"$tmp/bad.so"
RTBENCH_CYCLE_PLUGIN=$tmp/bad.so
mkdir -p "$tmp/tmpdir" # this test's own TMPDIR: other runs on the machine use /tmp
TMPDIR=$tmp/tmpdir fails "QEMU refuses the plugin" "QEMU refused the cycle-model plugin: .*bad.so" \
    "$rtbench" run --target qemu:$board --cycle-model $core --filter calib.empty --db "$db"
unset RTBENCH_CYCLE_PLUGIN
check "no temporary directory left" '[ -z "$(ls -A "$tmp/tmpdir")" ]'

finish test_cycle_model
