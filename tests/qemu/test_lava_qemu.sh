#!/bin/sh
# LAVA (docs/farms.md, "LAVA"): the committed job definitions of farms/lava/
# against LAVA's own job schema (scripts/lava-validate.py, lava_common from
# Debian's lava-common), broken copies of them refused; then, when lava-run
# (lava-dispatcher) is installed and this is root, the QEMU job run by
# lava-run on this machine with farms/lava/qemu-mps2-an385.yaml as the
# device, its console taken out of the job log (scripts/lava-console.py) and
# imported: a complete run of the whole catalog, one LAVA test case per
# record; a job whose end record never comes fails in LAVA, a console cut
# before the end record is stored incomplete.
#   sh test_lava_qemu.sh <build/rtbench> <source dir> <rtbench-mps2-an385.elf> <tmpdir>
# Without lava_common: one SKIP line, exit 77. Without lava-run (or as
# non-root, which lava-run refuses): the schema checks, then one line saying so.
. "$(dirname "$0")/../lib.sh"
rtbench=$1 src=$2 elf=$3 TMP=$4
rm -rf "$TMP" && mkdir -p "$TMP" || exit 2
py=
for p in /usr/bin/python3 $(command -v python3); do
    "$p" -c 'import lava_common.schemas, yaml' 2>/dev/null && { py=$p; break; }
done
[ -n "$py" ] || { echo "SKIP: lava-common (lava_common.schemas) not installed (scripts/deps.sh all)"; exit 77; }
jobs=$src/farms/lava
qjob=$jobs/rtbench-qemu-mps2-an385.yaml
validate() { run "$py" "$src/scripts/lava-validate.py" "$@"; }

# the committed jobs are valid LAVA jobs
for j in "$qjob" "$jobs/rtbench-nrf52840dk.yaml"; do
    validate "$j"
    check "$(basename "$j") is not a valid LAVA job: $err" '[ $rc = 0 ] && [ "$out" = "$j: valid LAVA job" ]'
done

# broken copies are refused, naming where: SED applied to the QEMU job
refused() { # DESC SED WHERE
    where=$3
    sed "$2" "$qjob" >"$TMP/bad.yaml"
    cmp -s "$qjob" "$TMP/bad.yaml" && { ko "$1: the edit changed nothing"; return; }
    validate "$TMP/bad.yaml"
    check "$1: rc $rc, '$err'" '[ $rc = 1 ] && [ -z "$out" ] && case $err in *"invalid at $where"*) true ;; *) false ;; esac'
}
refused "monitor key misspelt (patern)" 's/^      pattern:/      patern:/' "actions[2]/test/monitor/monitors/0/"
refused "unknown monitor key" 's/^      start:/      begin:/' "actions[2]/test/monitor/monitors/0/"
refused "fixupdict to a result LAVA lacks" 's/^        N: skip/        N: skipped/' \
    "actions[2]/test/monitor/monitors/0/fixupdict/N"
refused "no job timeout" 's/^  job:/  jobs:/' "timeouts/"
refused "deploy to nowhere" 's/^    to: tmpfs/    to: tmpfsx/' "actions/deploy/tmpfsx"
printf 'just: [a\n' >"$TMP/notyaml.yaml"
validate "$TMP/notyaml.yaml"
check "not YAML: rc $rc, '$err'" '[ $rc = 1 ] && case $err in *"not YAML"*) true ;; *) false ;; esac'

# the console out of a LAVA log: LAVA's escape of a console '"' undone (the
# console line a "q" \"b is logged as "a \\\"q\\\" \\\\\"b"),
# other levels left out, a line that is not LAVA's refused
console() { run "$py" "$src/scripts/lava-console.py" "$@"; }
printf '%s\n' '- {"dt": "t", "lvl": "info", "msg": "Boot command"}' \
    '- {"dt": "t", "lvl": "target", "msg": "a \\\"q\\\" \\\\\"b"}' >"$TMP/q.log"
console "$TMP/q.log"
check "quotes: rc $rc, out '$out' (want: a \"q\" \\\"b)" '[ $rc = 0 ] && [ "$out" = "a \"q\" \\\"b" ]'
printf 'RTB1 E records=0 status=0\n' >"$TMP/plain.log"
console "$TMP/plain.log"
check "a plain console taken for a LAVA log: rc $rc, '$err'" \
    '[ $rc = 2 ] && [ "$err" = "lava-console: $TMP/plain.log: line 1: not a LAVA log line (a {dt, lvl, msg} mapping)" ]'
head -n 1 "$TMP/q.log" >"$TMP/none.log"
console "$TMP/none.log"
check "a log without console lines: rc $rc, '$err'" \
    '[ $rc = 2 ] && [ "$err" = "lava-console: $TMP/none.log: no console (target) lines in the log" ]'

if ! command -v lava-run >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "lava-run: not run ($(command -v lava-run >/dev/null 2>&1 && echo 'not root' || echo 'lava-dispatcher not installed'))"
    finish "lava"
    exit
fi

# the QEMU job run by lava-run, the image given by file://
cp "$elf" "$TMP/rtbench-mps2-an385.elf" || exit 2
sed "s|url: file:///srv/rtbench/rtbench-mps2-an385.elf|url: file://$TMP/rtbench-mps2-an385.elf|" "$qjob" >"$TMP/job.yaml"
check "the test could not point the job at its image" '! cmp -s "$qjob" "$TMP/job.yaml"'
lava() { # JOB NAME: lava-run of JOB, its log in $TMP/NAME.log
    t0=$(date +%s)
    timeout 300 lava-run --job-id "rtbench-$$-$2" --output-dir "$TMP/$2" \
        --device "$jobs/qemu-mps2-an385.yaml" "$1" 2>"$TMP/$2.log" >/dev/null
    rc=$?
    echo "lava-run $2: rc $rc, $(( $(date +%s) - t0 )) s"
}
lava "$TMP/job.yaml" job
check "lava-run: rc $rc (want 0; log $TMP/job.log)" '[ $rc = 0 ]'
check "lava-run: the job did not pass" \
    'tail -n 1 "$TMP/job.log" | grep -q "\"case\": \"job\", \"definition\": \"lava\", \"result\": \"pass\""'
console "$TMP/job.log"
printf '%s\n' "$out" >"$TMP/console.log"
db=$TMP/lava.db
run "$rtbench" import "$TMP/console.log" --db "$db" --label lava
check "import of the LAVA console: rc $rc, '$out' '$err'" \
    '[ $rc = 0 ] && case $out in "imported run 1 from $TMP/console.log: rtbench, mps2-an385, "*) true ;; *) false ;; esac'
count=$(sed -n 's/^RTB1 H .* count=\([0-9]*\) .*/\1/p' "$TMP/console.log")
records=$(grep -c '^RTB1 [RNF] ' "$TMP/console.log")
run "$rtbench" show 1 --db "$db" --format json
check "stored run: not complete" 'printf "%s" "$out" | grep -Eq "\"status\":[[:space:]]*\"complete\""'
metrics=$(printf '%s\n' "$out" | grep -Ec '"id":[[:space:]]*"')
check "stored run: $metrics metrics, header count ${count:-none}, $records records" \
    '[ -n "$count" ] && [ "$count" -gt 50 ] && [ "$metrics" = "$count" ] && [ "$records" = "$count" ]'
cases=$(grep '"lvl": "results"' "$TMP/job.log" | grep -c '"definition": "rtbench"')
check "LAVA's test cases: $cases, records: $records" '[ "$cases" = "$records" ]'

# a console cut before the end record: stored incomplete
sed '/^RTB1 E /,$d' "$TMP/console.log" >"$TMP/cut.log"
run "$rtbench" import "$TMP/cut.log" --db "$db"
run "$rtbench" show 2 --db "$db" --format json
check "cut console: not stored incomplete" 'printf "%s" "$out" | grep -Eq "\"status\":[[:space:]]*\"incomplete\""'

# a monitor whose end never comes: QEMU exits, LAVA fails the job
sed "s|end: 'RTB1 E records='|end: 'RTB1 Z '|" "$TMP/job.yaml" >"$TMP/never.yaml"
lava "$TMP/never.yaml" never
check "lava-run, no end: rc $rc (want 1)" '[ $rc = 1 ]'
check "lava-run, no end: the job did not fail" \
    'tail -n 1 "$TMP/never.log" | grep -q "\"definition\": \"lava\", .*\"result\": \"fail\""'
finish "lava"
