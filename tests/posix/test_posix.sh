#!/bin/sh
# rtbench-posix end to end: records, CRCs, counts, the 47 ids, filter and bad
# arguments; as root also the fallback path as an unprivileged user; the
# Thread-Metric self-tests, and Thread-Metric threads the scheduler never runs
# (RTB_POSIX_TEST_HOLD): an F with strict priorities, n/a without them.
#   sh test_posix.sh <rtbench-posix> <check_records> <tmpdir>
. "$(dirname "$0")/../lib.sh"
bin=$1 chk=$2 tmp=$3
mkdir -p "$tmp" || exit 1

# The default run (fewer iterations to keep it short): a figure or n/a for
# every id; as root with SCHED_FIFO, otherwise on the fallback path.
mode=default
[ "$(id -u)" = 0 ] || mode=fallback
"$bin" --iterations 200 >"$tmp/default.out" 2>"$tmp/default.err"
rc=$?
if [ "$rc" = 0 ]; then ok; else ko "default run exit $rc: $(head -c 300 "$tmp/default.err")"; fi
if "$chk" $mode <"$tmp/default.out"; then ok; else ko "default run records"; fi

# --filter runs exactly what it selects.
"$bin" --filter 'semaphore.*' --iterations 200 >"$tmp/sem.out" 2>"$tmp/sem.err"
rc=$?
if [ "$rc" = 0 ]; then ok; else ko "filter run exit $rc"; fi
fmode=filter
[ "$mode" = fallback ] && fmode=filter-fallback
if "$chk" $fmode semaphore. 200 <"$tmp/sem.out"; then ok; else ko "filter run records"; fi

# --list prints the catalog as selected: by default every id but calib.* and msgq.*
# (the 47 latency ids, Thread-Metric's 8 and the Rhealstone/OSEK/timer families),
# calib and msgq on request.
n=$("$bin" --list | grep -c '^[a-z]')
all=$("$bin" --list --filter '*' | grep -c '^[a-z]')
calib=$("$bin" --list --filter '*' | grep -c '^calib\.')
msgq=$("$bin" --list --filter '*' | grep -c '^msgq\.')
if [ "$n" -ge 74 ] && [ "$n" = $((all - calib - msgq)) ] && [ "$calib" -gt 0 ] && [ "$msgq" -gt 0 ]; then ok; else
    ko "--list printed $n ids, not $all - $calib - $msgq"; fi
if "$bin" --list --filter 'calib.*' | grep -q '^calib.empty '; then ok; else ko "--list --filter 'calib.*'"; fi

# Bad arguments: exit 2, one line on stderr naming the problem, nothing on stdout.
for args in "--iterations 0" "--iterations abc" "--iterations 12x" "--iterations 100000000" \
            "--warmup -1" "--bogus" "--filter" "extra" "--filter=" "--filter nomatch"; do
    # shellcheck disable=SC2086
    "$bin" $args >"$tmp/bad.out" 2>"$tmp/bad.err"
    rc=$?
    lines=$(wc -l <"$tmp/bad.err")
    if [ "$rc" = 2 ] && [ "$lines" = 1 ] && [ ! -s "$tmp/bad.out" ]; then ok; else
        ko "'$args': exit $rc, $lines stderr lines: $(cat "$tmp/bad.err")"; fi
done

# Thread-Metric (tm.*). A field of the record of id $2 in file $1: rec FILE ID KEY
rec() { grep "^RTB1 [RFN] id=$2 " "$1" | tr ' ' '\n' | sed -n "s/^$3=//p"; }

# The n/a of a period in which no test thread counted, without strict
# priorities (the scheduler gave the period to other work: its choice on a
# shared machine, not the kernel's failure). starved FILE ID: 0 if ID's record is it.
starved() {
    rec "$1" "$2" reason |
        grep -q '^no%20strict%20priority%20scheduling%20now:%20a%20test%20thread%20completed%20no%20iteration%20in%20a%20period'
}

# tm.basic runs for the period asked and scores: both periods give a score
# (in fallback mode a starved period's n/a passes too; an F never does).
# That 100 ms scores about twice what 50 ms does is a timing ratio, not
# asserted here (a shared machine makes it anything: 4413 vs 14079 once);
# scripts/bench-tm-period.sh prints it. scored FILE MS: 0 if tm.basic scored
# with period_ms=MS, or is that n/a in fallback mode.
scored() {
    s=$(rec "$1" tm.basic p50)
    if [ -n "$s" ]; then [ "$s" -gt 0 ] && [ "$(rec "$1" tm.basic period_ms)" = "$2" ]; else
        [ "$mode" = fallback ] && starved "$1" tm.basic; fi
}
"$bin" --filter tm.basic --params tm_period_ms=50 >"$tmp/tm50.out" 2>&1
"$bin" --filter tm.basic --tm-period 0.1 >"$tmp/tm100.out" 2>&1
if scored "$tmp/tm50.out" 50 && scored "$tmp/tm100.out" 100; then ok; else
    ko "tm.basic 50 ms, 100 ms: not a positive score each: $(grep -h '^RTB1 [RFN] ' "$tmp/tm50.out" "$tmp/tm100.out")"; fi
if grep -q '^RTB1 H .* params=tm_period_ms%3D100 ' "$tmp/tm100.out"; then ok; else
    ko "--tm-period 0.1 is not tm_period_ms=100"; fi

# The self-tests: an injected imbalance fails the counter check (as root: with
# strict scheduling), threads that never run fail the progress check; each is an
# F record naming its check, and the run exits 1.
short=tm_period_ms=20,tm_periods=1
if [ "$(id -u)" = 0 ]; then
    "$bin" --filter 'tm.cooperative,tm.interrupt' --params $short,tm_inject=skew >"$tmp/skew.out" 2>/dev/null
    rc=$?
    c1=$(rec "$tmp/skew.out" tm.cooperative check) c2=$(rec "$tmp/skew.out" tm.interrupt check)
    if [ "$rc" = 1 ] && echo "$c1" | grep -q 'cooperative%20counters%20differ' &&
       echo "$c2" | grep -q 'counters%20differ%20from%20their%20average'; then ok; else
        ko "tm_inject=skew: exit $rc, checks '$c1' '$c2'"; fi
fi
"$bin" --filter 'tm.synchronization' --params $short,tm_inject=stall >"$tmp/stall.out" 2>/dev/null
rc=$?
c1=$(rec "$tmp/stall.out" tm.synchronization check)
if [ "$rc" = 1 ] && [ "$c1" = "no%20iteration%20completed%20in%20a%20period" ]; then ok; else
    ko "tm_inject=stall: exit $rc, check '$c1'"; fi
# Threads started that the scheduler never runs (the port's test-only
# RTB_POSIX_TEST_HOLD=rtb-tm holds them before their entry until joined):
# with strict priorities (root: SCHED_FIFO) the progress check's F, exit 1;
# without them (fallback) that n/a, exit 0. starve WANT(F|N) LABEL CMD...:
# runs CMD, checks tm.basic (its result as tm_period() returns it) and
# tm.cooperative (through tm_result()).
starve() {
    want=$1 what=$2
    shift 2
    RTB_POSIX_TEST_HOLD=rtb-tm "$@" --filter 'tm.basic,tm.cooperative' --params $short >"$tmp/starve.out" 2>/dev/null
    rc=$?
    good=1
    for id in tm.basic tm.cooperative; do
        if [ "$want" = F ]; then
            [ "$(rec "$tmp/starve.out" $id check)" = "no%20iteration%20completed%20in%20a%20period" ] || good=0
        else
            starved "$tmp/starve.out" $id || good=0
        fi
    done
    status=0
    [ "$want" = F ] && status=1
    if [ "$rc" = $status ] && [ $good = 1 ]; then ok; else
        ko "tm.* held $what: exit $rc, not $want records: $(grep '^RTB1 [RFN] ' "$tmp/starve.out")"; fi
}
if [ "$mode" = default ]; then starve F "(SCHED_FIFO)" "$bin"; else starve N "(fallback)" "$bin"; fi
# and the tm.basic check above takes that n/a in fallback mode, never the F
if { [ "$mode" = default ] && ! scored "$tmp/starve.out" 20; } ||
   { [ "$mode" = fallback ] && scored "$tmp/starve.out" 20; }; then ok; else
    ko "tm.basic's check ($mode mode) on a starved record: $(grep '^RTB1 [RFN] id=tm.basic' "$tmp/starve.out")"; fi
# The records check in fallback mode takes that n/a and refuses the F: whole
# runs whose tm.* all starve or all stall. starve_whole LABEL CMD...
starve_whole() {
    what=$1
    shift
    RTB_POSIX_TEST_HOLD=rtb-tm "$@" --iterations 100 --params $short >"$tmp/wstarve.out" 2>/dev/null
    rc=$?
    "$chk" fallback <"$tmp/wstarve.out" >"$tmp/wstarve.chk"
    c=$?
    if [ "$rc" = 0 ] && [ "$c" = 0 ]; then ok; else
        ko "tm.* held $what, whole run: exit $rc, records check $c: $(grep -m3 FAIL "$tmp/wstarve.chk")"; fi
    "$@" --iterations 100 --params $short,tm_inject=stall >"$tmp/wstall.out" 2>/dev/null
    "$chk" fallback <"$tmp/wstall.out" >"$tmp/wstall.chk"
    rc=$?
    if [ "$rc" = 1 ] && grep -q 'FAIL .* tm\.basic: ' "$tmp/wstall.chk" &&
       ! grep 'FAIL' "$tmp/wstall.chk" | grep -v ' tm\.' | grep -qv 'E status=0 (-10)'; then ok; else
        ko "tm_inject=stall $what, whole run: records check exit $rc, not tm.*'s F alone: $(grep -m3 FAIL "$tmp/wstall.chk")"; fi
}
[ "$mode" = fallback ] && starve_whole "(fallback)" "$bin"
"$bin" --filter 'tm.memory' --params tm_period_ms=0 >"$tmp/tmbad.out" 2>/dev/null
rc=$?
if [ "$rc" = 1 ] && [ "$(rec "$tmp/tmbad.out" tm.memory name)" = inval ] &&
   rec "$tmp/tmbad.out" tm.memory check | grep -q '^tm_period_ms'; then ok; else
    ko "tm_period_ms=0: exit $rc, not an F inval naming tm_period_ms"; fi
for args in "--tm-period 0.0001" "--tm-period 2001" "--tm-period x" "--tm-period 1 --params tm_period_ms=5"; do
    # shellcheck disable=SC2086
    "$bin" $args >"$tmp/bad.out" 2>"$tmp/bad.err"
    rc=$?
    if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/bad.err")" = 1 ] && [ ! -s "$tmp/bad.out" ]; then ok; else
        ko "'$args': exit $rc: $(cat "$tmp/bad.err")"; fi
done

# Without root: SCHED_FIFO refused, the run falls back and says so.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
    cp "$bin" "$tmp/rtbench-posix-user" && chmod 755 "$tmp" "$tmp/rtbench-posix-user"
    setpriv --reuid=nobody --regid=nogroup --clear-groups "$tmp/rtbench-posix-user" \
        --iterations 100 >"$tmp/user.out" 2>"$tmp/user.err"
    rc=$?
    if [ "$rc" = 0 ]; then ok; else ko "unprivileged run exit $rc: $(head -c 300 "$tmp/user.err")"; fi
    if "$chk" fallback <"$tmp/user.out"; then ok; else ko "unprivileged run records"; fi
    starve N "(unprivileged)" setpriv --reuid=nobody --regid=nogroup --clear-groups \
        "$tmp/rtbench-posix-user"
    starve_whole "(unprivileged)" setpriv --reuid=nobody --regid=nogroup --clear-groups \
        "$tmp/rtbench-posix-user"
elif [ "$(id -u)" = 0 ]; then
    echo "note: setpriv not found, fallback path not checked"
fi

finish test_posix
