# The one library of the shell tests (sourced, never run by itself). After
#   . "$(dirname "$0")/../lib.sh"
# a test has:
#   ok [MSG]             count a passed check (MSG is for the reader of the script)
#   ko MSG               count a failed check, MSG on stderr
#   check DESC TEST      eval TEST: ok, or ko DESC
#   run CMD...           run CMD; sets rc, out (stdout), err (stderr); needs TMP
#   lines TEXT           number of non-empty lines in TEXT
#   finish NAME          print "NAME: N passed, N failed"; status 0 when none failed
#   same_figures RTBENCH DB A B DIR  runs A and B of DB hold the whole catalog with equal
#                        figures (every statistic; `show --format json` in DIR/showA, its
#                        metrics in DIR/mA)
# tests/host/lib.sh adds the host tool's fixtures and helpers on top of this.
set -u
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() { if eval "$2"; then ok; else ko "$1"; fi; }
run() {
    "$@" >"$TMP/out" 2>"$TMP/err"
    rc=$?
    out=$(cat "$TMP/out")
    err=$(cat "$TMP/err")
}
lines() { printf '%s\n' "$1" | grep -c .; }
finish() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
same_figures() {
    for r in "$3" "$4"; do
        "$1" show "$r" --db "$2" --format json >"$5/show$r" 2>&1
        sed -n '/"metrics":/,$p' "$5/show$r" >"$5/m$r"
    done
    n1=$(grep -c '"id":' "$5/m$3") n2=$(grep -c '"id":' "$5/m$4")
    check "runs $3 and $4: $n1 and $n2 metrics (the whole catalog)" '[ "$n1" -gt 50 ] && [ "$n1" -eq "$n2" ]'
    if cmp -s "$5/m$3" "$5/m$4"; then ok; else ko "runs $3 and $4: figures differ"; diff "$5/m$3" "$5/m$4" | head -20; fi
}
