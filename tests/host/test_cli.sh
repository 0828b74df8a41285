#!/bin/sh
# Tests of the rtbench command line: run (fake targets that hang, crash,
# print garbage or corrupted records, Ctrl-C, two runs at once, the real
# POSIX target), list, show, and bad arguments of every subcommand.
#   sh test_cli.sh <build/rtbench> <fixtures-dir> <tmpdir>
# The fake target comes from $RTBENCH_FAKE_TARGET, else the build tree.
. "$(dirname "$0")/lib.sh"
POSIX=$(dirname "$RTB")/rtbench-posix
DB=$TMP/cli.db
export RTBENCH_DB="$TMP/default.db"
# number of runs stored in $DB
nruns() { "$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l | tr -d ' '; }

[ -x "$RTB" ] || { echo "test_cli: no rtbench at $RTB"; echo "0 passed, 1 failed"; exit 1; }
[ -x "$FAKE" ] || { echo "test_cli: no fake target at $FAKE"; echo "0 passed, 1 failed"; exit 1; }

# ---- general ------------------------------------------------------------
run "$RTB" --version
check "--version" '[ $rc = 0 ]'
check "--version text" 'has "$TMP/out" "^rtbench [0-9]"'
run "$RTB" --help
check "--help" '[ $rc = 0 ]'
cp "$TMP/out" "$TMP/help"
for s in run list show import compare check; do
    check "--help lists $s" 'has "$TMP/help" "^  $s "'
    run "$RTB" $s --help
    check "$s --help exit" '[ $rc = 0 ]'
    check "$s --help usage" 'has "$TMP/out" "usage: rtbench $s"'
done
run "$RTB" frobnicate
check "unknown subcommand exit 2" '[ $rc = 2 ]'
check "unknown subcommand one line" '[ "$(lines "$err")" = 1 ]'
check "unknown subcommand named" 'has "$TMP/err" "frobnicate"'

# ---- bad arguments: exit 2, one line on stderr, nothing on stdout ---------
badarg() { # badarg EXPECTED-TEXT ARGS...
    want=$1; shift
    run "$RTB" "$@"
    if [ $rc = 2 ] && [ "$(lines "$err")" = 1 ] && [ ! -s "$TMP/out" ] && has "$TMP/err" "$want"; then
        ok
    else
        ko "rtbench $* -> rc $rc, stderr: $err"
    fi
}
badarg "iterations" run --db "$DB" --iterations 0
badarg "iterations" run --db "$DB" --iterations 12x
badarg "timeout" run --db "$DB" --timeout -1
badarg "timeout" run --db "$DB" --timeout
badarg "--bogus" run --db "$DB" --bogus
badarg "unknown target 'nosuch:x'" run --db "$DB" --target nosuch:x
badarg "needs a command" run --db "$DB" --target cmd:
badarg "needs a board" run --db "$DB" --target qemu:
badarg "unexpected argument" run --db "$DB" extra
badarg "not passed to a cmd: target" run --db "$DB" --target "cmd:$FAKE good" --filter 'x*'
badarg "tm-period wants seconds from 0.001 to 2000" run --db "$DB" --tm-period 0
badarg "tm-period wants seconds from 0.001 to 2000" run --db "$DB" --tm-period 1.2345
badarg "tm-period wants seconds from 0.001 to 2000" run --db "$DB" --tm-period 30s
badarg "give the period twice" run --db "$DB" --tm-period 1 --params tm_periods=2,tm_period_ms=5
badarg "tm-period is not passed to a cmd: target" run --db "$DB" --target "cmd:$FAKE good" --tm-period 1
badarg "^rtbench run: --no-icount applies to qemu: targets only, not 'cmd:$FAKE good'\$" run --db "$DB" --target "cmd:$FAKE good" --no-icount
badarg "^rtbench run: --no-icount applies to qemu: targets only, not 'host'\$" run --db "$DB" --no-icount
badarg "qemu: targets only, not 'host'" run --db "$DB" --target host --no-icount
# a target's runner refusing the run before any header ("rtbench: error: ..."): one line, exit 2
badarg "^rtbench run: cmd:echo rtbench: error: filter 'x' selects no benchmark: filter 'x' selects no benchmark\$" run --db "$DB" --target "cmd:echo rtbench: error: filter 'x' selects no benchmark"
badarg "cannot start" run --db "$DB" --target "cmd:$TMP/no-such-program"
badarg "no/such/dir" run --db "$TMP/no/such/dir/x.db" --target "cmd:$FAKE good 3"
badarg "limit" list --db "$DB" --limit 0
badarg "--bogus" list --bogus
badarg "unexpected argument" list --db "$DB" extra
badarg "which run" show --db "$DB"
badarg "unexpected argument" show --db "$DB" 1 2
badarg "--bogus" show --bogus 1
badarg "no database at $TMP/never.db" show --db "$TMP/never.db" latest
badarg "no database at $TMP/never.db" list --db "$TMP/never.db"
badarg "--bogus" import --bogus
badarg "--bogus" compare --bogus
badarg "--bogus" check --bogus
# an empty --db is the same one-line error everywhere (never a temporary database)
for a in run list "show 1" "import $TMP/none.log" "compare 1 2" "check 1 2"; do
    s=${a%% *}
    badarg "^rtbench $s: empty --db path\$" $a --db ''
    badarg "^rtbench $s: empty --db path\$" $a --db=
done
# one style for an unknown option in every subcommand, naming where to look
for s in run list show import compare check; do
    badarg "^rtbench $s: unknown option '--bogus' (see rtbench $s --help)\$" $s --bogus
done
"$RTB" run --db "$TMP/empty.db" --target "cmd:$FAKE garbage" 2>/dev/null
badarg "no runs stored" show --db "$TMP/empty.db" latest
printf 'not a database, just text\n%.0s' $(seq 1 100) >"$TMP/garbage.db"
badarg "garbage.db" list --db "$TMP/garbage.db"
check "bad arguments stored nothing" '[ "$(nruns)" = 0 ]'
# reading the default database creates no directory; storing creates it
run env -u RTBENCH_DB XDG_DATA_HOME="$TMP/xdg" "$RTB" list
check "list of a missing default database: exit 2" '[ $rc = 2 ]'
check "list of a missing default database: no directory made" '[ ! -e "$TMP/xdg/rtbench" ]'
run env -u RTBENCH_DB XDG_DATA_HOME="$TMP/xdg" "$RTB" run --target "cmd:$FAKE good 3"
check "run into the default database: directory made" '[ -f "$TMP/xdg/rtbench/rtbench.db" ]'

# ---- a good run -----------------------------------------------------------
run "$RTB" run --db "$DB" --target "cmd:$FAKE good 3" --label first
check "good run exit 0" '[ $rc = 0 ]'
check "good run table" 'has "$TMP/out" "^fake.op2.k_to_k *300.2 *300 *320 *350 *cycles"'
check "good run flags" 'has "$TMP/out" "fake.op1.k_to_k .*nosched,clamped"'
check "good run says where" 'has "$TMP/err" "stored run 1 (3 metrics, complete) in $DB"'
check "plain progress when not a tty" 'has "$TMP/err" "^\[2/3\] fake.op1.k_to_k$"'
run "$RTB" run --db "$DB" --target "cmd:$FAKE good 5" --label second
check "failed benchmark -> exit 1" '[ $rc = 1 ]'
check "n/a with reason" 'has "$TMP/out" "fake.op2.k_to_k *n/a  no such object"'
check "FAILED with name" 'has "$TMP/out" "fake.op3.k_to_k *FAILED  timeout (-3)"'
check "two runs stored" '[ "$(nruns)" = 2 ]'

run "$RTB" list --db "$DB"
check "list exit 0" '[ $rc = 0 ]'
check "list header" 'has "$TMP/out" "^id  date .*label .*source/port .*board .*kernel .*status .*metrics  meta$"'
check "list row" 'has "$TMP/out" "^ 2  20[0-9-]*T[0-9:]*Z  second  cmd:.*/fake  test-board  FakeOS 1.2 beta  complete  *5  -$"'
run "$RTB" list --db "$DB" --label first
check "list --label" '[ "$(lines "$out")" = 2 ]'
run "$RTB" show --db "$DB" first
check "show by label" '[ $rc = 0 ]'
check "show header key" 'has "$TMP/out" "^  kver       1.2 beta$"'
check "show unit" 'has "$TMP/out" "^unit:     cycles (0.5 ns per cycle)$"'
check "show full row" 'has "$TMP/out" "^fake.op0.k_to_k *100 *100.250 *3.500 *90 *100 *105 *120 *150 *150 *50.1 *cycles"'
# the same in other formats
run "$RTB" list --db "$DB" --format csv
check "list csv" '[ $rc = 0 ] && [ "$(lines "$out")" = 3 ] && echo "$out" | grep -q "^2,20[^,]*,second,cmd:[^,]*,fake,test-board,FakeOS,1.2 beta,complete,,5,$"'
run "$RTB" list --db "$DB" --format markdown
check "list markdown" '[ $rc = 0 ] && echo "$out" | grep -q "^| 2 | .* | second | .* | fake | test-board | FakeOS 1.2 beta | complete | 5 | - |$"'
run "$RTB" list --db "$DB" --format json
check "list json" '[ $rc = 0 ] && echo "$out" | grep -q "\"label\":	\"second\""'
run "$RTB" show --db "$DB" --format json first
check "show json" '[ $rc = 0 ] && echo "$out" | grep -q "\"kver\":	\"1.2 beta\"" && echo "$out" | grep -q "\"flags\":	\[\"nosched\", \"clamped\"\]"'
badarg "^rtbench show: --format must be text, json, zbus or svg, not: csv$" show --db "$DB" --format csv first
badarg "^rtbench list: --format must be text, markdown, csv or json, not: xml$" list --db "$DB" --format xml
run "$RTB" show --db "$DB" latest
check "show latest" 'has "$TMP/out" "^label:    second$"'
run "$RTB" show --db "$DB" 1
check "show by id" 'has "$TMP/out" "^status:   complete$"'

# ---- a target that hangs --------------------------------------------------
# (wall times: the lower bound is exact, load only adds to it; the upper one is
# a margin that a shared machine cannot use up, still far below the default
# --timeout of 300 s that a lost --timeout would fall back to)
start=$(date +%s)
run "$RTB" run --db "$DB" --target "cmd:$FAKE hang 3" --timeout 2 --label hang
el=$(( $(date +%s) - start ))
check "hang -> exit 1" '[ $rc = 1 ]'
check "hang killed at the timeout ($el s)" '[ $el -ge 2 ] && [ $el -le 60 ]'
check "hang reported" 'has "$TMP/err" "timeout after 2 s"'
run "$RTB" show --db "$DB" hang
check "hang partial run kept" 'has "$TMP/out" "^metrics:  3$"'
check "hang marked incomplete, the hung benchmark named" 'has "$TMP/out" "^status:   incomplete - timeout after 2 s while running fake.op3.k_to_k; no end record: 3 of 3 records received$"'

start=$(date +%s)
run "$RTB" run --db "$DB" --target "cmd:$FAKE stubborn 2 0 stub$$" --timeout 1 --label stubborn
el=$(( $(date +%s) - start ))
check "SIGTERM ignored -> SIGKILL, exit 1" '[ $rc = 1 ]'
check "SIGKILL after the grace period ($el s: 1 s timeout + 2 s grace)" '[ $el -ge 3 ] && [ $el -le 60 ]'
stub_target() { ps -eo args | grep -q "[r]tbench-fake-target stubborn 2 0 stub$$\$"; }
i=0
while [ $i -lt 300 ] && stub_target; do sleep 0.1; i=$((i + 1)); done
check "stubborn target gone" '! stub_target'
run "$RTB" show --db "$DB" stubborn
check "stubborn partial run kept" 'has "$TMP/out" "^metrics:  2$"'

# ---- a target that crashes -------------------------------------------------
run "$RTB" run --db "$DB" --target "cmd:$FAKE crash 2" --label crash
check "crash -> exit 1" '[ $rc = 1 ]'
check "crash signal reported" 'has "$TMP/err" "killed by signal 11"'
run "$RTB" show --db "$DB" crash
check "crash partial run kept" 'has "$TMP/out" "^metrics:  2$"'
check "crash marked incomplete" 'has "$TMP/out" "^status:   incomplete - target killed by signal 11"'

# ---- exit status after a complete run ---------------------------------------
run "$RTB" run --db "$DB" --target "cmd:$FAKE exit3 3" --label exit3
check "nonzero exit -> exit 1" '[ $rc = 1 ]'
check "nonzero exit reported" 'has "$TMP/err" "target exited with status 3"'

# ---- garbage, corrupted and truncated output --------------------------------
before=$(nruns)
run "$RTB" run --db "$DB" --target "cmd:$FAKE garbage"
check "garbage -> exit 1" '[ $rc = 1 ]'
check "garbage reported" 'has "$TMP/err" "no rtbench records in the target.s output (4 lines"'
check "garbage stored nothing" '[ "$(nruns)" = "$before" ]'
run "$RTB" run --db "$DB" --target "cmd:head -c 3000000 /dev/urandom"
check "binary garbage -> exit 1" '[ $rc = 1 ]'
check "binary garbage: one printable line" '[ "$(lines "$err")" = 1 ] && ! grep -q "[^ -~]" "$TMP/err"'
check "binary garbage stored nothing" '[ "$(nruns)" = "$before" ]'
run "$RTB" run --db "$DB" --target "cmd:$FAKE corrupt 3" --label corrupt
check "corrupt -> exit 1" '[ $rc = 1 ]'
check "corrupt line named" 'has "$TMP/err" "target output line 6: checksum mismatch, skipped"'
run "$RTB" show --db "$DB" corrupt
check "corrupt: good records kept" 'has "$TMP/out" "^metrics:  2$"'
check "corrupt: incomplete, the lost result named by its number" 'has "$TMP/out" "^status:   incomplete - 1 of 3 results missing (number 2)$"'
run "$RTB" run --db "$DB" --target "cmd:$FAKE truncated 3" --label trunc
check "truncated -> exit 1" '[ $rc = 1 ]'
check "truncated reported" 'has "$TMP/err" "incomplete: no end record: 3 of 3 records received"'
run "$RTB" run --db "$DB" --target "cmd:$FAKE two 3" --label two
check "two runs in one stream" '[ $rc = 0 ]'
check "two runs in one stream stored" '[ "$("$RTB" list --db "$DB" --label two | tail -n +2 | grep -c complete)" = 2 ]'

# ---- Ctrl-C ---------------------------------------------------------------
# (the waits poll for the state, up to 30 s; the target would run 100 s alone,
# so a target still there after the wait was not killed)
"$RTB" run --db "$DB" --target "cmd:$FAKE good 500 200 intr$$" --label intr >"$TMP/out" 2>"$TMP/err" &
pid=$!
i=0
while [ $i -lt 300 ] && ! grep -q '^\[3/500\]' "$TMP/err"; do sleep 0.1; i=$((i + 1)); done
kill -INT $pid
wait $pid
rc=$?
check "Ctrl-C -> exit 130" '[ $rc = 130 ]'
check "Ctrl-C reported" 'has "$TMP/err" "interrupted by SIGINT"'
intr_target() { ps -eo args | grep -q "[r]tbench-fake-target good 500 200 intr$$\$"; }
i=0
while [ $i -lt 300 ] && intr_target; do sleep 0.1; i=$((i + 1)); done
check "Ctrl-C killed the target" '! intr_target'
run "$RTB" show --db "$DB" intr
check "Ctrl-C partial run kept" 'has "$TMP/out" "^status:   incomplete - interrupted by SIGINT; no end record: [0-9]* of 500 records received$"'
n=$(sed -n 's/^metrics:  //p' "$TMP/out")
check "Ctrl-C kept what was measured ($n)" '[ "${n:-0}" -ge 3 ] && [ "${n:-0}" -lt 500 ]'

# ---- SIGTERM, and rtbench itself killed mid-run -----------------------------
"$RTB" run --db "$DB" --target "cmd:$FAKE good 50 200" --label term >"$TMP/out" 2>"$TMP/err" &
pid=$!
i=0
while [ $i -lt 300 ] && ! grep -q '^\[2/50\]' "$TMP/err"; do sleep 0.1; i=$((i + 1)); done
kill -TERM $pid
wait $pid
rc=$?
check "SIGTERM -> exit 143" '[ $rc = 143 ]'
run "$RTB" show --db "$DB" term
check "SIGTERM partial run kept" 'has "$TMP/out" "^status:   incomplete - interrupted by SIGTERM"'

"$RTB" run --db "$DB" --target "cmd:$FAKE good 50 200" --label killed >"$TMP/out" 2>"$TMP/err" &
pid=$!
i=0
while [ $i -lt 300 ] && ! grep -q '^\[3/50\]' "$TMP/err"; do sleep 0.1; i=$((i + 1)); done
kill -KILL $pid
wait $pid
run "$RTB" show --db "$DB" killed
check "killed rtbench: database readable" '[ $rc = 0 ]'
check "killed rtbench: run left incomplete, said why" 'has "$TMP/out" "^status:   incomplete - unfinished: rtbench (pid $pid) ended before it finished the run (killed, or its database failed)$"'
n=$(sed -n 's/^metrics:  //p' "$TMP/out")
check "killed rtbench: committed metrics kept ($n)" '[ "${n:-0}" -ge 3 ]'
run "$RTB" run --db "$DB" --target "cmd:$FAKE good 3" --label after-kill
check "killed rtbench: database still writable" '[ $rc = 0 ]'

# ---- host target missing next to the executable ------------------------------
mkdir -p "$TMP/lonely"
cp "$RTB" "$TMP/lonely/rtbench"
run "$TMP/lonely/rtbench" run --db "$DB"
check "missing host target -> exit 2" '[ $rc = 2 ]'
check "missing host target named" 'has "$TMP/err" "$TMP/lonely/rtbench-posix not found"'

# ---- two runs into one database at once -------------------------------------
"$RTB" run --db "$TMP/conc.db" --target "cmd:$FAKE good 40 5" --label c1 >/dev/null 2>"$TMP/c1" &
p1=$!
"$RTB" run --db "$TMP/conc.db" --target "cmd:$FAKE good 40 5" --label c2 >/dev/null 2>"$TMP/c2" &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
check "concurrent runs exit 1 (one FAILED each)" '[ $r1 = 1 ] && [ $r2 = 1 ]'
for l in c1 c2; do
    run "$RTB" show --db "$TMP/conc.db" $l
    check "concurrent $l complete" 'has "$TMP/out" "^status:   complete$"'
    check "concurrent $l all metrics" 'has "$TMP/out" "^metrics:  40$"'
done

# ---- the real POSIX target --------------------------------------------------
if [ -x "$POSIX" ]; then
    run "$RTB" run --db "$DB" --filter 'semaphore.*,mutex.*' --iterations 50 --label posix
    check "host run exit 0 ($(tail -n 1 "$TMP/err"))" '[ $rc = 0 ]'
    run "$RTB" show --db "$DB" posix
    check "host run complete" 'has "$TMP/out" "^status:   complete$"'
    check "host run source" 'has "$TMP/out" "^source:   host$"'
    check "host run port" 'has "$TMP/out" "^  port  *posix$"'
    check "host run iterations passed" 'has "$TMP/out" "^  iters  *50$"'
    check "host run filter passed" 'has "$TMP/out" "^  filter  *semaphore.\*,mutex.\*$"'
    cnt=$(sed -n 's/^  count  *//p' "$TMP/out")
    check "host run: every selected benchmark stored" 'has "$TMP/out" "^metrics:  $cnt$"'
    check "host run: semaphore row" 'has "$TMP/out" "^semaphore.give.immediate.kernel *50 "'
    # a filter that selects nothing: rtbench-posix's own one-line usage error, exit 2, nothing stored
    before=$(nruns)
    run "$RTB" run --db "$DB" --filter nomatch
    check "host filter selecting nothing: exit 2" '[ $rc = 2 ]'
    check "host filter selecting nothing: one line" '[ "$(lines "$err")" = 1 ]'
    check "host filter selecting nothing: named" 'has "$TMP/err" "selects no benchmark.*nomatch"'
    check "host filter selecting nothing: no stdout" '[ ! -s "$TMP/out" ]'
    check "host filter selecting nothing: nothing stored" '[ "$(nruns)" = "$before" ]'
    run "$RTB" run --db "$DB" --iterations 200000
    check "host --iterations above the target's limit: exit 2, one line" '[ $rc = 2 ] && [ "$(lines "$err")" = 1 ]'
    # options without a subcommand belong to run; the database from $RTBENCH_DB
    run "$RTB" --filter 'semaphore.give.immediate.kernel' --iterations 20
    check "default subcommand is run" '[ $rc = 0 ]'
    check "RTBENCH_DB used" 'has "$TMP/err" "stored run 1 (1 metrics, complete) in $RTBENCH_DB"'
else
    ko "no POSIX target at $POSIX (build it)"
fi

echo "test_cli: $pass passed, $fail failed"
[ $fail = 0 ]
