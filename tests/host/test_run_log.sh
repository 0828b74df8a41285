#!/bin/sh
# rtbench run --log FILE: every byte of the target's stdout written to FILE,
# byte for byte (lines the parser rejects, a line past RTBH_LINE_MAX, CR LF,
# bytes that are not text, a last line without newline), for a cmd: target
# and for the host target; a FILE that cannot be opened is one line, exit 2,
# nothing run or stored.
#   sh test_run_log.sh <build/rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
POSIX=$(dirname "$RTB")/rtbench-posix
DB=$TMP/log.db
nruns() { "$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l | tr -d ' '; }

# ---- cmd: the target is `cat` of a stream whose bytes are known ---------
sign <<'SPEC' >"$TMP/records"
RTB1 H rtbench=0.1.0 port=fake kernel=fake kver=1 board=test unit=ns hz=1000000000 bits=64 ns_num=1 ns_den=1 clock=fake count=2 iters=3
RTB1 R seq=1 id=calib.a n=3 mean=10 sd=0 min=10 max=10 p50=10 p90=10 p99=10 p999=10 unit=ns
RTB1 R seq=2 id=calib.b n=3 mean=20 sd=0 min=20 max=20 p50=20 p90=20 p99=20 p999=20 unit=ns
RTB1 E status=ok count=2
SPEC
{
    echo "boot banner of the target"
    head -n 2 "$TMP/records"
    echo "RTB1 R seq=9 id=calib.x mean=1 *deadbeef" # rejected: bad checksum
    printf 'a line with CR LF\r\n'
    printf 'bytes \001\002\377 not text\n'
    awk 'BEGIN { for (i = 0; i < 70000; i++) printf "x"; printf "\n" }' # past RTBH_LINE_MAX
    tail -n +3 "$TMP/records"
    printf 'a last line without newline'
} >"$TMP/stream"
run "$RTB" run --db "$DB" --target "cmd:cat $TMP/stream" --log "$TMP/cmd.log"
check "cmd: run exits 1 (a rejected line)" '[ $rc -eq 1 ]'
check "cmd: a run stored" 'has "$TMP/err" "stored run 1"'
check "cmd: the parser rejected a line" 'has "$TMP/err" "record line(s) rejected"'
check "cmd: --log is byte-exact" 'cmp -s "$TMP/stream" "$TMP/cmd.log"'
# an existing log is truncated, not appended to
printf 'only this\n' >"$TMP/short"
run "$RTB" run --db "$DB" --target "cmd:cat $TMP/short" --log "$TMP/cmd.log"
check "cmd: a second --log to the same file truncates it" 'cmp -s "$TMP/short" "$TMP/cmd.log"'

# ---- host: rtbench-posix behind a wrapper that keeps its own output ------
# (a copy of rtbench next to a "rtbench-posix" that tees the real one's stdout)
mkdir -p "$TMP/bin"
cp "$RTB" "$TMP/bin/rtbench"
cat >"$TMP/bin/rtbench-posix" <<WRAP
#!/bin/sh
"$POSIX" "\$@" | tee "$TMP/posix.out"
WRAP
chmod +x "$TMP/bin/rtbench-posix"
run "$TMP/bin/rtbench" run --db "$DB" --filter 'calib.*' --iterations 20 --log "$TMP/host.log"
check "host: run exits 0" '[ $rc -eq 0 ]'
check "host: the target printed records" 'has "$TMP/posix.out" "^RTB1 H "'
check "host: --log is byte-exact" 'cmp -s "$TMP/posix.out" "$TMP/host.log"'

# ---- a log that cannot be opened: one line, exit 2, nothing run or stored
n0=$(nruns)
rm -f "$TMP/posix.out"
for bad in "$TMP/no-such-dir/x.log" "$TMP"; do
    run "$TMP/bin/rtbench" run --db "$DB" --filter 'calib.*' --log "$bad"
    check "--log $bad: exit 2" '[ $rc -eq 2 ]'
    check "--log $bad: one line naming the file and why" \
        '[ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "^rtbench run: cannot open --log file $bad: \(No such file or directory\|Is a directory\)$"'
    check "--log $bad: nothing on stdout" '[ ! -s "$TMP/out" ]'
done
check "--log unwritable: the target never ran" '[ ! -e "$TMP/posix.out" ]'
check "--log unwritable: no run stored" '[ "$(nruns)" -eq "$n0" ]'
run "$RTB" run --db "$DB" --target "cmd:cat $TMP/short" --log ""
check "--log '': one line, exit 2" '[ $rc -eq 2 ] && [ "$err" = "rtbench run: --log needs a file name" ]'

finish test_run_log
