# Shared by the shell tests of the host tool (sourced, not a test itself:
# the name must not match test_*.sh). In a test:
#   . "$(dirname "$0")/lib.sh"
# with the test's own arguments <rtbench> <fixtures-dir> <tmpdir>; sets RTB,
# FIX, TMP (emptied), Z (the Zephyr fixtures), FAKE and the helpers below, on
# top of tests/lib.sh (ok, ko, check, run, lines, finish).
. "$(dirname "$0")/../lib.sh"
RTB=$1
FIX=$2
TMP=$3
rm -rf "$TMP" && mkdir -p "$TMP" || exit 2
Z=$FIX/zephyr-latency-measure
# id_of: the run id in the last output's "imported run <id> from ..." line(s)
id_of() { echo "$out" | sed -n 's/^imported run \([0-9]*\) .*/\1/p'; }
# has FILE PATTERN: FILE has a line matching PATTERN (grep)
has() { grep -q -- "$2" "$1"; }
# The fake target (tests/host/fake_target.c), which also writes records.
FAKE=${RTBENCH_FAKE_TARGET:-$(dirname "$RTB")/tests/host/rtbench-fake-target}
# sign <SPEC >LOG: the one way the tests write records. Each line of SPEC
# that starts with "RTB1 " gets its checksum (" *<crc32>", computed by the
# target's record code); other lines are copied as they are.
sign() { "$FAKE" sign; }
# check_no_database SUBCOMMAND: reading a database that is not there is one
# error line and exit 2, and does not create it
check_no_database() {
    run "$RTB" "$1" 1 2 --db "$TMP/none.db"
    check "missing database: exit 2, one line, not created" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "no database at" && [ ! -e "$TMP/none.db" ]'
}
# For the import tests (test_import*.sh), on the database DB the test sets:
# json RUN: the run as one line of JSON
json() { "$RTB" show "$1" --format json --db "$DB" | tr -d '\t\n'; }
# n_runs: the number of runs in DB
n_runs() { "$RTB" list --db "$DB" 2>/dev/null | tail -n +2 | wc -l; }
# refused DESC FILE WHY [OPTION...]: importing FILE is refused, exit 2, with
# the one line "rtbench import: FILE: WHY"
refused() {
    _d=$1 _f=$2 _w=$3
    shift 3
    run "$RTB" import --db "$DB" "$@" "$_f"
    check "$_d" '[ $rc -eq 2 ] && [ "$err" = "rtbench import: $_f: $_w" ]'
}
