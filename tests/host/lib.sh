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
# flagged RUN FLAG: the ids of RUN's metrics flagged FLAG, space-separated
flagged() { json "$1" | grep -o "\"id\":\"[^\"]*\",[^}]*\"flags\":\[[^]]*\"$2\"" | sed 's/^"id":"\([^"]*\)".*/\1/' | tr '\n' ' '; }
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
# For the history tests (test_history.sh, test_browser_history.sh), with G, T
# and V the ids they set:
# history_log FILE CLOCK UNIT GIVE TAKE: into $TMP/FILE, one run of G and T (p50 GIVE,
# TAKE) and the value metric V (a score, higher is better, of GIVE * 10)
history_log() {
    {
        echo "RTB1 H rtbench=0.1.0 port=refk kernel=refk kver=0.1 board=mps2-an385 cpu=x" \
            "timer=t hz=25000000 bits=32 unit=$3 ns_num=1024 ns_den=1 clock=$2 iters=100" \
            "warmup=1 overhead=0 count=3"
        for m in "$G:$4" "$T:$5"; do
            id=${m%%:*} v=${m#*:}
            echo "RTB1 R id=$id n=100 min=$((v - 1)) max=$((v + 9)) mean=$v.000 sd=2.000" \
                "p50=$v p90=$v p99=$((v + 1)) p999=$((v + 2)) flags="
        done
        echo "RTB1 R id=$V n=1 min=$(($4 * 10)) max=$(($4 * 10)) mean=$(($4 * 10)).000 sd=0.000" \
            "p50=$(($4 * 10)) p90=$(($4 * 10)) p99=$(($4 * 10)) p999=$(($4 * 10)) unit=iter better=higher flags="
        echo "RTB1 E records=3 status=0"
    } | sign >"$TMP/$1"
}
# history_icount_series: five icount runs into $DB (series=icount, commits c1-c5), G
# 66 66 72 72 72: one change point, at c3
history_icount_series() {
    _i=0
    for _g in 66 66 72 72 72; do
        _i=$((_i + 1))
        history_log icount$_i.log emulated-icount insns $_g 13
        run "$RTB" import --db "$DB" --meta commit=c$_i --meta series=icount "$TMP/icount$_i.log"
    done
}
# history_noisy_series: sixteen runs with 1.5 % noise into $DB (series=noisy, commits
# n1-n16), G around 4000 then +10 % from n9 on
history_noisy_series() {
    _i=0
    for _n in 12 -40 25 -8 50 -31 3 -60 40 -15 22 -5 -47 30 8 -20; do
        _i=$((_i + 1))
        _g=$((4000 + _n))
        [ $_i -ge 9 ] && _g=$((4400 + _n))
        history_log noisy$_i.log hw cycles $_g 42
        run "$RTB" import --db "$DB" --meta commit=n$_i --meta series=noisy "$TMP/noisy$_i.log"
    done
}
