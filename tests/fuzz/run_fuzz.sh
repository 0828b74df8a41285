#!/bin/sh
# Runs one libFuzzer target of tests/fuzz: first every input of its
# regressions folder (tests/fuzz/regressions/<target>/: inputs that once
# crashed it, each a regression test), then SECONDS of fuzzing from its seeds
# (the fixtures and real runs of tests/fixtures, tests/fuzz/seeds/<kind>/),
# new inputs kept in CORPUS. An input that takes over 10 s (a cost that is not
# linear) or over 1 GiB counts as a crash. Prints the executions, then
# "N passed, N failed".
#   sh run_fuzz.sh BUILD/fuzz_<target> SECONDS CORPUS
set -u
bin=$1
secs=$2
corpus=$3
here=$(cd "$(dirname "$0")" && pwd)
fix=$here/../fixtures
name=$(basename "$bin")
mask=0
case $name in
fuzz_records) seeds="$fix/rtbench $here/seeds/records" ;; # records: histograms too
fuzz_cli) seeds="$here/seeds/cli" mask=3 ;; # the commands' own words: not shown
*) seeds="$fix/rtbench $here/seeds/records $fix/zephyr-latency-measure $fix/zephyr-legacy $fix/thread-metric $fix/cyclictest-hist $fix/osperf $fix/rtla-timerlat $fix/rhealstone $fix/zbus $fix/zbus-console $fix/rtos-benchmark $fix/rtems $fix/twister $fix/rtosbench" ;;
esac
mkdir -p "$corpus" "$corpus/../artifacts"
fail=0
reg=$here/regressions/$name
n_reg=0
if [ -d "$reg" ] && [ -n "$(ls -A "$reg")" ]; then
    n_reg=$(ls "$reg" | wc -l)
    if ! "$bin" -timeout=10 -rss_limit_mb=1024 -close_fd_mask=$mask "$reg"/* >"$corpus/../$name.regressions.log" 2>&1; then
        echo "$name: a regression input fails again: $corpus/../$name.regressions.log"
        fail=1
    fi
fi
dirs=""
for d in $seeds; do [ -d "$d" ] && dirs="$dirs $d"; done
# shellcheck disable=SC2086
"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 -close_fd_mask=$mask \
    -artifact_prefix="$corpus/../artifacts/$name-" "$corpus" $dirs >"$corpus/../$name.log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$corpus/../$name.log")
if [ $rc -ne 0 ]; then
    echo "$name: CRASH (exit $rc): see $corpus/../$name.log; the input is in $corpus/../artifacts/"
    echo "  (once fixed, add it to tests/fuzz/regressions/$name/)"
    tail -30 "$corpus/../$name.log"
    fail=1
fi
echo "$name: ${execs:-?} executions in $secs s, $(ls "$corpus" | wc -l) corpus inputs, $n_reg regression inputs"
echo "$((1 - fail)) passed, $fail failed"
exit $fail
