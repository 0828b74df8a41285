#!/bin/sh
# test_zbus_logs.sh: the zbus CSV the published comparison imports
# (results/mps2-an385/zephyr-zbus.csv, docs/benchmarks.md) is what
# scripts/zbus-log-csv.sh gives from the committed raw logs of Zephyr's zbus
# benchmark sample (results/mps2-an385/zephyr-zbus/*.log, in the order of
# their names), row for row; a log cut before its duration line is refused
# with one line naming it (exit 1, nothing on stdout). Rebuilds nothing.
. "$(dirname "$0")/../lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/zbus-logs.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
csv=$root/results/mps2-an385/zephyr-zbus.csv
set -- "$root"/results/mps2-an385/zephyr-zbus/*.log
first=$1 n=$#
check "raw logs committed" '[ -f "$first" ] && [ -f "$csv" ]'
run sh "$root/scripts/zbus-log-csv.sh" "$@"
check "the logs convert (exit 0)" '[ $rc -eq 0 ]' || echo "$err" >&2
check "one row per log" '[ "$(lines "$out")" -eq "$n" ]'
printf '%s\n' "$out" >"$TMP/csv"
check "the committed CSV is what the logs give" 'cmp -s "$TMP/csv" "$csv"' || diff "$TMP/csv" "$csv" >&2
sed '/Duration:/,$d' "$first" >"$TMP/cut.log"
run sh "$root/scripts/zbus-log-csv.sh" "$first" "$TMP/cut.log"
check "a log without its duration: exit 1, one line naming it, nothing on stdout" \
    '[ $rc -eq 1 ] && [ "$err" = "zbus-log-csv: $TMP/cut.log: no \"Duration:\" line" ] && [ -z "$out" ]'
finish test_zbus_logs
