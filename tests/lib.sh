# The one library of the shell tests (sourced, never run by itself). After
#   . "$(dirname "$0")/../lib.sh"
# a test has:
#   ok [MSG]             count a passed check (MSG is for the reader of the script)
#   ko MSG               count a failed check, MSG on stderr
#   check DESC TEST      eval TEST: ok, or ko DESC
#   run CMD...           run CMD; sets rc, out (stdout), err (stderr); needs TMP
#   lines TEXT           number of non-empty lines in TEXT
#   finish NAME          print "NAME: N passed, N failed"; status 0 when none failed
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
