#!/bin/sh
# rtbench-posix end to end: records, CRCs, counts, the 47 ids, filter and bad
# arguments; as root also the fallback path as an unprivileged user.
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

# --list prints the catalog as selected: by default the 47 latency ids, calib on request.
n=$("$bin" --list | grep -c '^[a-z]')
if [ "$n" = 47 ]; then ok; else ko "--list printed $n ids, not 47"; fi
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

# Without root: SCHED_FIFO refused, the run falls back and says so.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
    cp "$bin" "$tmp/rtbench-posix-user" && chmod 755 "$tmp" "$tmp/rtbench-posix-user"
    setpriv --reuid=nobody --regid=nogroup --clear-groups "$tmp/rtbench-posix-user" \
        --iterations 100 >"$tmp/user.out" 2>"$tmp/user.err"
    rc=$?
    if [ "$rc" = 0 ]; then ok; else ko "unprivileged run exit $rc: $(head -c 300 "$tmp/user.err")"; fi
    if "$chk" fallback <"$tmp/user.out"; then ok; else ko "unprivileged run records"; fi
elif [ "$(id -u)" = 0 ]; then
    echo "note: setpriv not found, fallback path not checked"
fi

finish test_posix
