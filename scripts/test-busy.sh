#!/bin/sh
# test-busy.sh [N] [LOG] - run the README's `make test` N times in a row (default
# 10) while one CPU-bound job (a shell busy loop) keeps a core busy, and write
# one line per run to LOG (default results/host/make-test-busy.txt): exit status,
# seconds, load average, ctest's summary. Stops at the first failing run (its
# whole output is kept beside LOG as LOG.runK) and exits 1; 0 when all N
# passed. Extra make arguments come from $MAKEFLAGS_TEST (e.g. KERNELS=...).
# Issue 28: CI must not fail because the machine was busy.
set -u
cd "$(dirname "$0")/.." || exit 2
n=${1:-10}
log=${2:-results/host/make-test-busy.txt}
case $n in '' | *[!0-9]*) echo "test-busy.sh: N must be a number of runs, not: $n" >&2; exit 2 ;; esac
( while :; do :; done ) &
burn=$!
trap 'kill $burn 2>/dev/null' EXIT INT TERM
{
    echo "tree $(git log -1 --format='%h %s' 2>/dev/null)"
    echo "$(nproc) cores; burner pid $burn (sh busy loop) from $(date -u +%FT%TZ); make test ${MAKEFLAGS_TEST-}"
} >"$log"
i=1
while [ "$i" -le "$n" ]; do
    s=$(date +%s)
    # shellcheck disable=SC2086
    make test ${MAKEFLAGS_TEST-} >"$log.out" 2>&1
    rc=$?
    e=$(date +%s)
    echo "run $i: exit $rc, $((e - s)) s, load $(cut -d' ' -f1-3 /proc/loadavg), $(grep -E 'tests passed|tests failed' "$log.out" | tail -n 1)" >>"$log"
    if [ "$rc" -ne 0 ]; then
        mv "$log.out" "$log.run$i"
        echo "stopped at run $i: its output is $log.run$i" >>"$log"
        exit 1
    fi
    i=$((i + 1))
done
rm -f "$log.out"
echo "all $n passed, $(date -u +%FT%TZ)" >>"$log"
