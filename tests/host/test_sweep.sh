#!/bin/sh
# rtbench sweep on the host target (rtbench-posix next to rtbench), as root and
# as an unprivileged user (nosched), its CSV, plot and stored run; the
# zbus-style CSV importer (the real nRF52833 file, both halves, a malformed
# row); compare of an imported zbus run beside a sweep. The same on QEMU:
# tests/qemu/test_sweep_qemu.sh.
# Usage: sh test_sweep.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/sweep.db
ZB=$FIX/zbus/nrf52833dk_sync.csv

# ---- a small grid on the host ----
run "$RTB" sweep --db "$DB" --sizes 32,8 --consumers 2,1 --payload 4K --label small \
    --csv "$TMP/small.csv" --plot "$TMP/small.svg"
check "host sweep: exit 0" '[ $rc -eq 0 ]'
check "host sweep: a line of progress per point (not a terminal)" '[ "$(echo "$err" | grep -c "^\[[0-9]/8\] msgq\.")" -eq 8 ]'
check "host sweep: the table, a row per style and consumer count" 'echo "$out" | grep -q "^style consumers  *8  *32$" && [ "$(echo "$out" | grep -c "^\(sync\|async\)  *[12] ")" -eq 4 ]'
check "host sweep: 8 CSV rows, in grid order" '[ "$(wc -l <"$TMP/small.csv")" -eq 8 ] && [ "$(cut -d, -f1-3 "$TMP/small.csv" | tr "\n" " ")" = "SYNC,1,8 SYNC,1,32 SYNC,2,8 SYNC,2,32 ASYNC,1,8 ASYNC,1,32 ASYNC,2,8 ASYNC,2,32 " ]'
check "host sweep: RAM and ROM are n/a on the host, figures positive" '! awk -F, "\$5 != \"n/a\" || \$6 != \"n/a\" || !(\$4 > 0) || !(\$7 > 0) || !(\$8 > 0) || NF != 8" "$TMP/small.csv" | grep -q .'
check "host sweep: bytes/s = consumers x payload / duration" '! awk -F, "{ r = \$2 * 4096 * 1e9 / \$4; if (\$7 < r * 0.999 - 1 || \$7 > r * 1.001 + 1) print }" "$TMP/small.csv" | grep -q .'
run "$RTB" show small --db "$DB"
check "host sweep: one run, 8 points with their parameters in the id" '[ "$(echo "$out" | grep -c "^msgq\.\(a\)\{0,1\}sync\.c[12]\.s\(8\|32\)\.p4096 ")" -eq 8 ] && echo "$out" | grep -q "^status:   complete"'
check "host sweep: the header says what was swept" 'echo "$out" | grep -q "^  sweep  *msgq" && echo "$out" | grep -q "^  sweep_sizes 8,32" && echo "$out" | grep -q "^  count  *8"'
check "host sweep: every consumer got the payload (checksums passed)" '[ "$(echo "$out" | grep -c " bytes=4096 messages=\(512\|128\) ")" -eq 4 ] && [ "$(echo "$out" | grep -c " bytes=8192 messages=\(1024\|256\) ")" -eq 4 ] && ! echo "$out" | grep -q FAILED'
check "host sweep: the plot is an SVG with a line per style and consumer count" 'head -c 5 "$TMP/small.svg" | grep -q "<svg" && tail -1 "$TMP/small.svg" | grep -q "</svg>" && [ "$(grep -c "<polyline" "$TMP/small.svg")" -eq 4 ] && grep -q ">async, 2 consumers, payload 4096<" "$TMP/small.svg"'
if command -v xmllint >/dev/null 2>&1; then
    check "host sweep: the plot is well-formed XML" 'xmllint --noout "$TMP/small.svg"'
fi
run "$RTB" sweep --db "$DB" --sizes 16 --consumers 1 --styles sync --payload 1K --csv "$TMP/h.csv" --csv-header
check "--csv-header: the column names first" '[ $rc -eq 0 ] && [ "$(head -1 "$TMP/h.csv")" = "style,consumers,message_size,duration_ns,ram_bytes,rom_bytes,bytes_per_s,msgs_per_s" ] && [ "$(wc -l <"$TMP/h.csv")" -eq 2 ]'

# ---- as an unprivileged user: no SCHED_FIFO, the points are flagged nosched ----
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
    U=$TMP/user
    mkdir -p "$U" && cp "$RTB" "$(dirname "$RTB")/rtbench-posix" "$U/" && chmod 777 "$U"
    run setpriv --reuid=nobody --regid=nogroup --clear-groups "$U/rtbench" sweep --db "$U/u.db" \
        --sizes 4,16 --consumers 1,2 --payload 1K --csv "$U/u.csv"
    check "as a user: exit 0, 8 rows" '[ $rc -eq 0 ] && [ "$(wc -l <"$U/u.csv")" -eq 8 ]'
    run "$U/rtbench" show latest --db "$U/u.db"
    check "as a user: SCHED_OTHER in the header, every point nosched" 'echo "$out" | grep -q "^  sched .*SCHED_OTHER" && [ "$(echo "$out" | grep "^msgq\." | grep -c nosched)" -eq 8 ]'
    msgmax=$(cat /proc/sys/fs/mqueue/msg_max 2>/dev/null || echo 10)
    if [ "$msgmax" -lt 64 ]; then
        run setpriv --reuid=nobody --regid=nogroup --clear-groups "$U/rtbench" sweep --db "$U/u.db" \
            --sizes 16 --consumers 2 --styles async --depth 64 --payload 1K --csv "$U/d.csv"
        check "a queue the kernel refuses: n/a with the reason, exit 0, no CSV row" '[ $rc -eq 0 ] && echo "$err" | grep -q "msgq.async.c2.s16.p1024.d64: n/a: the kernel refused a message queue" && [ ! -s "$U/d.csv" ]'
    fi
else
    echo "note: not root or no setpriv: the unprivileged sweep is not checked"
fi

# ---- interrupted: what was measured stays stored ----
# (SIGTERM once point 1 is shown: the three points after it take about 3.6 s
# here, ASan build at load 8; with --payload 32K they took 1.3 s, which a
# loaded machine's delay in the polling shell could use up: the sweep's
# points run at SCHED_FIFO as root, the shell does not)
"$RTB" sweep --db "$TMP/int.db" --sizes 1,2,4,8 --consumers 8 --styles sync --payload 128K \
    >"$TMP/int.out" 2>"$TMP/int.err" &
pid=$!
i=0
while [ $i -lt 600 ] && ! grep -q "^\[1/4\]" "$TMP/int.err"; do
    sleep 0.1
    i=$((i + 1))
done
kill -TERM $pid
wait $pid
int_rc=$?
run "$RTB" show latest --db "$TMP/int.db"
check "SIGTERM: exit 143, the run stored incomplete with the point measured before" '[ $int_rc -eq 143 ] && echo "$out" | grep -q "^status:   incomplete - [0-9] of 4 points without a result (interrupted)" && echo "$out" | grep -q "^msgq.sync.c8.s1.p131072  *1 "'

# ---- bad usage: one line, exit 2, nothing run ----
badsweep() {
    run "$RTB" sweep --db "$TMP/bad.db" "$@"
    check "sweep $*: exit 2, one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "^rtbench sweep: " && [ -z "$out" ]'
}
badsweep --target cmd:/bin/true
badsweep --target host --jobs 2
badsweep --sizes 0
badsweep --sizes 1,,2
badsweep --consumers 65
badsweep --sizes 64 --payload 1000
badsweep --payload 5G
badsweep --styles sync,fast
badsweep --no-icount
badsweep --csv "$TMP/no/such/dir/x.csv"
badsweep extra
check "bad usage stores nothing" '[ ! -e "$TMP/bad.db" ] || [ -z "$("$RTB" list --db "$TMP/bad.db")" ]'

# ---- the zbus-style importer ----
run "$RTB" import --db "$DB" --board nrf52833dk --label zbus-sync "$ZB"
check "zbus CSV: 36 points stored" '[ $rc -eq 0 ] && echo "$out" | grep -q "^imported run [0-9]* from .*: zbus, nrf52833dk, 36 metrics$"'
run "$RTB" show zbus-sync --db "$DB"
check "zbus CSV: value metrics in B/s, duration and RAM/ROM kept as written" 'echo "$out" | grep -q "^msgq.sync.c1.s1 .* B/s .*duration_ns=2312815348.3333335 ram=7286 rom=23752 " && echo "$out" | grep -q "^msgq.sync.c8.s256 "'
check "zbus CSV: B/s is 256 KiB over the duration" 'echo "$out" | grep -q "^msgq.sync.c1.s1  *1 113344.111 "'
run "$RTB" show zbus-sync --db "$DB" --format zbus
check "zbus CSV: written back, the first six columns as read" '[ "$(echo "$out" | cut -d, -f1-6)" = "$(cat "$ZB")" ]'
{ cat "$ZB"; sed 's/^SYNC/ASYNC/' "$ZB"; } >"$TMP/both.csv"
run "$RTB" import --db "$DB" --label zbus-both "$TMP/both.csv"
check "zbus CSV with both halves: 72 points" '[ $rc -eq 0 ] && echo "$out" | grep -q ", 72 metrics$"'
{ echo "style,consumers,message_size,duration_ns,ram_bytes,rom_bytes"; echo; head -3 "$ZB" | sed 's/$/\r/'; } >"$TMP/hdr.csv"
run "$RTB" import --db "$DB" "$TMP/hdr.csv"
check "zbus CSV: a header row, blank lines and CRLF are fine" '[ $rc -eq 0 ] && echo "$out" | grep -q ", 3 metrics$"'
bad_import() { # FILE LINE WHAT
    bad_line=$2
    run "$RTB" import --db "$DB" "$1"
    check "zbus CSV, $3: exit 2, one error naming line $2, nothing stored" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q ": line $bad_line: " && [ -z "$out" ]'
}
sed '5s/.*/SYNC,1,x,1.0,1,1/' "$ZB" >"$TMP/bad1.csv"
bad_import "$TMP/bad1.csv" 5 "a size that is no number"
sed '7s/,[0-9.]*,\([0-9]*\),\([0-9]*\)$/,-3,\1,\2/' "$ZB" >"$TMP/bad2.csv"
bad_import "$TMP/bad2.csv" 7 "a negative duration"
{ head -4 "$ZB"; sed -n 2p "$ZB"; } >"$TMP/dup.csv"
bad_import "$TMP/dup.csv" 5 "a point twice"
check "zbus CSV: the repeat names the first line" 'echo "$err" | grep -q "SYNC,1,2 is on line 2 already"'
{ head -2 "$ZB"; sed -n 3p "$ZB" | sed 's/$/,5,6/'; } >"$TMP/cols.csv"
bad_import "$TMP/cols.csv" 3 "a row with other columns"
sed '3s/^SYNC/MAYBE/' "$ZB" >"$TMP/style.csv"
bad_import "$TMP/style.csv" 3 "an unknown style"
run "$RTB" import --db "$DB" --format zbus "$Z/rpi_pico.log"
check "not a zbus CSV: exit 2, the first line named" '[ $rc -eq 2 ] && echo "$err" | grep -q ": line 1: not a zbus-style CSV row"'
run "$RTB" show small --db "$DB" --format zbus
run "$RTB" import --db "$DB" --label again "$TMP/small.csv"
check "an rtbench sweep CSV imports back: its B/s as written" '[ $rc -eq 0 ] && echo "$out" | grep -q ", 8 metrics$"'
run "$RTB" show again --db "$DB" --format zbus
check "... and is written back the same" '[ "$out" = "$(cat "$TMP/small.csv")" ]'

# ---- compare: an imported zbus run beside a sweep, lined up by point ----
run "$RTB" sweep --db "$DB" --sizes 64,256 --consumers 1 --styles sync --label host-sync
check "default-payload sweep: ids without .p" '[ $rc -eq 0 ]'
run "$RTB" compare zbus-sync host-sync --db "$DB" --format csv
check "compare: the points of both line up by id, B/s in both columns" 'echo "$out" | grep -q "^\"msgq.sync.c1.s64 \[B/s, higher is better\]\",3837076,mean,[^,]*,[0-9][0-9]*,p50," && echo "$out" | grep -q "^\"msgq.sync.c1.s256 \[B/s, higher is better\]\",6292992,mean,[^,]*,[0-9][0-9]*,p50,"'
check "compare: points only zbus has are n/a in the sweep's column" 'echo "$out" | grep -q "^\"msgq.sync.c8.s1 \[B/s, higher is better\]\",[0-9]*,mean,[^,]*,n/a,"'

# ---- show --format svg/zbus of a run that is no sweep ----
{
    echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=b<&>\" cpu=x timer=tsc" \
        "hz=1000000000 bits=64 unit=cycles ns_num=1 ns_den=1 clock=hw iters=1 warmup=0 overhead=0 count=1"
    echo "RTB1 R id=semaphore.give.immediate.kernel n=1 min=1 max=1 mean=1.000 sd=0.000 p50=1" \
        "p90=1 p99=1 p999=1 flags="
    echo "RTB1 E records=1 status=0"
} | sign >"$TMP/plain.log"
run "$RTB" import --db "$DB" --label plain "$TMP/plain.log"
run "$RTB" show plain --db "$DB" --format svg
check "svg of a run without points: an empty chart, text escaped" '[ $rc -eq 0 ] && echo "$out" | grep -q ">no data<" && echo "$out" | grep -q "b&lt;&amp;&gt;&quot;"'
run "$RTB" show plain --db "$DB" --format zbus
check "zbus CSV of a run without points: no rows, a warning" '[ $rc -eq 0 ] && [ -z "$out" ] && echo "$err" | grep -q "no measured msgq point"'

finish test_sweep
