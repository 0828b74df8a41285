#!/bin/sh
# rtbench run --target qemu:BOARD end to end, and its one-line errors.
#   sh test_run_qemu.sh <build/rtbench> <board> <tmpdir> <max samples> [full]
# (max samples: RTB_CONFIG_MAX_SAMPLES of the board's images). Without `full`
# only what depends on the board: a run at its sample limit stored with its
# header keys, and one more iteration refused; with `full` also the
# board-independent paths (stale image rebuilt, build failures, bad filter,
# unknown board, no QEMU, no build tree).
. "$(dirname "$0")/../lib.sh"
rtbench=$1
board=$2
tmp=$3
max=$4
mode=${5:-board}
rm -rf "$tmp" && mkdir -p "$tmp" || exit 2

db="$tmp/qemu.db"
"$rtbench" run --target qemu:$board --filter 'calib.*,semaphore.*' --iterations "$max" --db "$db" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok "run qemu:$board --iterations $max (the limit) exits 0" ||
    { ko "run qemu:$board exits $rc"; cat "$tmp/err"; }
grep -q 'calib.nop100' "$tmp/out" && ok "table lists calib.nop100" || ko "calib.nop100 missing from the table"
grep -q "^calib.nop10 .* 10 .*insns" "$tmp/out" && ok "calib.nop10 = 10 insns" ||
    { ko "calib.nop10 is not 10"; cat "$tmp/out"; }
grep -q 'stored run' "$tmp/err" && ok "run stored" || ko "run not stored"
"$rtbench" show --db "$db" 1 >"$tmp/show" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "show of the stored run exits 0" || ko "show exits $rc"
for key in icount rom ram; do
    grep -q "$key" "$tmp/show" && ok "stored header has $key" || ko "stored header lacks $key"
done
grep -q 'emulated-icount' "$tmp/show" && ok "stored run is labelled emulated-icount" ||
    ko "stored run not labelled emulated-icount"

"$rtbench" run --target qemu:$board --iterations $((max + 1)) --db "$db" >"$tmp/out4" 2>"$tmp/err4"
rc=$?
[ $rc -ne 0 ] && ok "--iterations $((max + 1)) exits $rc" || ko "--iterations $((max + 1)) exits 0"
grep -q "more than a QEMU image of $board keeps samples for ($max, RTB_CONFIG_MAX_SAMPLES)" "$tmp/err4" &&
    ok "--iterations $((max + 1)): names the board's limit ($max)" ||
    { ko "--iterations $((max + 1)) message"; cat "$tmp/err4"; }
[ ! -s "$tmp/out4" ] && ok "--iterations $((max + 1)): refused before QEMU (no output)" ||
    ko "--iterations $((max + 1)): stdout"
if [ "$mode" != full ]; then
    finish "test_run_qemu $board"
    exit
fi

# the images are always brought up to date before QEMU starts (a stale image
# is never run): an image older than its sources is rebuilt by the run
elf=$(dirname "$rtbench")/cortex-m/rtbench-$board.elf
touch -d '2000-01-01' "$elf"
"$rtbench" run --target qemu:$board --filter 'calib.empty' --iterations 10 --db "$db" >"$tmp/out7" 2>"$tmp/err7"
rc=$?
[ $rc -eq 0 ] && ok "stale image: run exits 0" || { ko "stale image: run exits $rc"; cat "$tmp/err7"; }
[ "$(find "$elf" -newermt '2001-01-01' | wc -l)" -eq 1 ] && ok "stale image rebuilt before the run" ||
    ko "stale image not rebuilt"
! grep -q -i "built target\|cross-building" "$tmp/out7" && ok "stale image: no build output on stdout" ||
    ko "build output on stdout"
# with a cmake that records its arguments: called every run, even with the image present;
# its output never reaches stdout; a failing build is one error line, exit 2
mkdir -p "$tmp/fakebin"
cat >"$tmp/fakebin/cmake" <<EOF
#!/bin/sh
echo "\$*" >>"$tmp/cmake-args"
echo "FAKE-CMAKE-OUTPUT"
echo "FAKE-CMAKE-ERROR" >&2
exit \${FAKE_CMAKE_RC:-0}
EOF
chmod +x "$tmp/fakebin/cmake"
rm -f "$tmp/cmake-args"
PATH="$tmp/fakebin:$PATH" "$rtbench" run --target qemu:$board --filter 'calib.empty' --iterations 10 --db "$db" \
    >"$tmp/out8" 2>"$tmp/err8"
rc=$?
[ $rc -eq 0 ] && ok "image present: run exits 0" || { ko "image present: run exits $rc"; cat "$tmp/err8"; }
[ "$(cat "$tmp/cmake-args" 2>/dev/null)" = "--build $(cd "$(dirname "$rtbench")" && pwd -P) --target cortex-m-images" ] &&
    ok "image present: cmake --build <build> --target cortex-m-images still run" ||
    { ko "image present: cmake not run as expected: $(cat "$tmp/cmake-args" 2>/dev/null)"; }
! grep -q FAKE-CMAKE "$tmp/out8" && ok "build output not on stdout" || ko "build output on stdout"
FAKE_CMAKE_RC=1 PATH="$tmp/fakebin:$PATH" "$rtbench" run --target qemu:$board --db "$db" >"$tmp/out9" 2>"$tmp/err9"
rc=$?
[ $rc -eq 2 ] && ok "failing build exits 2" || ko "failing build exits $rc"
[ ! -s "$tmp/out9" ] && ok "failing build: nothing on stdout" || ko "failing build: stdout"
[ "$(grep -c '^rtbench run:' "$tmp/err9")" -eq 1 ] &&
    grep -q "^rtbench run: building the Cortex-M images failed (cmake --build .* --target cortex-m-images)$" "$tmp/err9" &&
    ok "failing build: one error line" || { ko "failing build message"; cat "$tmp/err9"; }
grep -q FAKE-CMAKE-ERROR "$tmp/err9" && ok "failing build: its output shown on stderr" || ko "failing build: output not shown"

# a filter that selects nothing: the image's one error line, as one line of rtbench, exit 2
n1=$("$rtbench" list --db "$db" 2>/dev/null | tail -n +2 | wc -l)
"$rtbench" run --target qemu:$board --filter nomatch --db "$db" >"$tmp/out6" 2>"$tmp/err6"
rc=$?
[ $rc -eq 2 ] && ok "filter selecting nothing exits 2" || ko "filter selecting nothing exits $rc"
[ "$(cat "$tmp/err6")" = "rtbench run: qemu:$board: filter 'nomatch' selects no benchmark" ] &&
    ok "filter selecting nothing: one line naming it" || { ko "filter selecting nothing message"; cat "$tmp/err6"; }
[ ! -s "$tmp/out6" ] && ok "filter selecting nothing: no stdout" || ko "filter selecting nothing: stdout"
n2=$("$rtbench" list --db "$db" 2>/dev/null | tail -n +2 | wc -l)
[ "$n1" -eq "$n2" ] && ok "filter selecting nothing: nothing stored" || ko "filter selecting nothing: stored a run"

# Thread-Metric: --tm-period reaches the image as tm_period_ms; eight scores
# per period with their normalised figures are stored
"$rtbench" run --target qemu:$board --filter 'tm.*' --tm-period 0.05 --db "$db" >"$tmp/outtm" 2>"$tmp/errtm"
rc=$?
[ $rc -eq 0 ] && ok "tm.* --tm-period 0.05 exits 0" || { ko "tm.* exits $rc"; cat "$tmp/errtm"; }
[ "$(grep -c '^tm\.[a-z_]* .* ops/period' "$tmp/outtm")" -eq 8 ] && ok "eight tm.* scores in ops/period" ||
    ko "tm.* table: $(grep -c '^tm' "$tmp/outtm") rows"
"$rtbench" show --db "$db" latest --format json >"$tmp/showtm" 2>&1
grep -q '"params":[[:space:]]*"tm_period_ms=50"' "$tmp/showtm" && ok "stored params tm_period_ms=50" ||
    ko "stored params lack tm_period_ms=50"
[ "$(grep -c '"per_minsn":' "$tmp/showtm")" -eq 8 ] && [ "$(grep -c '"period_ms":[[:space:]]*"50"' "$tmp/showtm")" -eq 8 ] &&
    ok "per_minsn and period_ms=50 stored for the eight" || ko "per_minsn/period_ms not stored for the eight"

"$rtbench" run --target qemu:no-such-board --db "$db" >"$tmp/out2" 2>"$tmp/err2"
rc=$?
[ $rc -ne 0 ] && ok "unknown board exits $rc" || ko "unknown board exits 0"
grep -q "unknown QEMU board 'no-such-board'.*$board" "$tmp/err2" && ok "unknown board error lists the boards" ||
    { ko "unknown board message"; cat "$tmp/err2"; }
[ "$(wc -l <"$tmp/err2")" -eq 1 ] && ok "unknown board: one line" || ko "unknown board: not one line"


PATH=/nonexistent "$rtbench" run --target qemu:$board --db "$db" >"$tmp/out3" 2>"$tmp/err3"
rc=$?
[ $rc -ne 0 ] && ok "no qemu on PATH exits $rc" || ko "no qemu on PATH exits 0"
grep -q 'qemu-system-arm not found: apt-get install qemu-system-arm' "$tmp/err3" && ok "no qemu: names the package" ||
    { ko "no qemu message"; cat "$tmp/err3"; }

# an rtbench outside any build tree names its own path, not /proc/self/exe
# (in a directory of its own under /tmp: no build tree above it)
alone=$(mktemp -d /tmp/rtbench-alone.XXXXXX) && cp "$rtbench" "$alone/rtbench"
"$alone/rtbench" run --target qemu:$board --db "$db" >"$tmp/out5" 2>"$tmp/err5"
rc=$?
[ $rc -eq 2 ] && ok "no build tree exits 2" || ko "no build tree exits $rc"
grep -q "no CMakeCache.txt in the directory of $alone/rtbench or" "$tmp/err5" && ! grep -q /proc/self "$tmp/err5" &&
    ok "no build tree: names $alone/rtbench" || { ko "no build tree message"; cat "$tmp/err5"; }
[ "$(wc -l <"$tmp/err5")" -eq 1 ] && ok "no build tree: one line" || ko "no build tree: not one line"
rm -rf "$alone"

# a benchmark that hangs on the board (--params hang_at=ID): the host's
# timeout names it, and keeps every result before it
"$rtbench" run --db "$db" --timeout 10 --label hung --target qemu:$board --filter 'semaphore.*' \
    --params hang_at=semaphore.take.blocking.k_to_k >"$tmp/out6" 2>"$tmp/err6"
rc=$?
[ $rc -eq 1 ] && ok "a hung benchmark: exit 1" || ko "a hung benchmark exits $rc"
"$rtbench" show --db "$db" hung >"$tmp/out7" 2>&1
grep -q "^status:   incomplete - timeout after 10 s while running semaphore.take.blocking.k_to_k; no end record: 2 of 4 records received$" "$tmp/out7" &&
    ok "a hung benchmark: named by the host's timeout, the results before it kept" || { ko "hung benchmark status"; cat "$tmp/out7" "$tmp/err6"; }

finish "test_run_qemu $board"
