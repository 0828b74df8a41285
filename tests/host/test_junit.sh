#!/bin/sh
# rtbench check --junit FILE (and --format junit): valid JUnit XML (against
# tests/host/junit.xsd with xmllint, which scripts/deps.sh installs), one test
# case per metric, one failure per regression and per benchmark failed in the
# candidate with the figures in its message, n/a, missing and flagged metrics
# skipped, markup in ids escaped, the file written whatever the verdict, and a
# one-line error for a file that cannot be written.
# Usage: sh test_junit.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/junit.db
XSD=$(dirname "$0")/junit.xsd
J=$TMP/check.xml

# jrun NAME SLOW TAKE: a run; SLOW is sem.slow's mean (100 in the baseline),
# TAKE the flags of sem.take; the candidate has sem.fail failed, sem.na n/a and
# no sem.gone
jrun() {
    {
        echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=$1 cpu=x timer=tsc" \
            "hz=1000000000 bits=64 unit=cycles ns_num=1 ns_den=1 clock=hw iters=10 warmup=0" \
            "overhead=0 count=7"
        for m in "sem.slow $2" "sem.same 50" "sem.%3Ci%3Ek%26r%3C/i%3E 70" "sem.take 30"; do
            set -- "$1" "$2" "$3" $m
            f=
            [ "$4" = sem.take ] && f=$3
            echo "RTB1 R id=$4 n=10 min=$5 max=$5 mean=$5.000 sd=0.000 p50=$5 p90=$5 p99=$5" \
                "p999=$5 flags=$f"
        done
        if [ "$1" = cand ]; then
            echo "RTB1 F id=sem.fail err=-3 name=timeout native=0"
            echo "RTB1 N id=sem.na reason=no%20such%20object"
            echo "RTB1 R id=sem.new n=1 min=1 max=1 mean=1.000 sd=0 p50=1 p90=1 p99=1 p999=1 flags="
        else
            for m in sem.fail sem.na sem.gone; do
                echo "RTB1 R id=$m n=1 min=9 max=9 mean=9.000 sd=0 p50=9 p90=9 p99=9 p999=9 flags="
            done
        fi
        echo "RTB1 E records=7 status=0"
    } | sign >"$TMP/$1.log"
}
jrun base 100 ""
jrun cand 150 clamped
"$RTB" import --db "$DB" --label base "$TMP/base.log" >/dev/null &&
    "$RTB" import --db "$DB" --label cand "$TMP/cand.log" >/dev/null || exit 2

run "$RTB" check base cand --db "$DB" --junit "$J"
check "check --junit: the verdict's exit status (1: a regression), the text report on stdout" '[ $rc -eq 1 ] && echo "$out" | grep -q "^REGRESSION"'
check "JUnit file written" '[ -s "$J" ]'
if command -v xmllint >/dev/null 2>&1; then
    check "valid against the JUnit schema (xmllint --schema junit.xsd)" 'xmllint --noout --schema "$XSD" "$J" 2>"$TMP/xmllint.err"'
    # the schema can fail: a testcase without its name is refused
    sed 's/<testcase classname="rtbench.sem" name="sem.same"/<testcase classname="rtbench.sem"/' "$J" >"$TMP/bad.xml"
    check "the schema refuses a test case without a name" '! xmllint --noout --schema "$XSD" "$TMP/bad.xml" 2>/dev/null'
else
    ko "xmllint missing: apt-get install libxml2-utils (scripts/deps.sh all installs it)"
fi
# metrics: base 7 (slow same <i>k&r</i> take fail na gone) + cand's new = 8
check "one test case per metric (8)" '[ "$(grep -c "<testcase " "$J")" -eq 8 ]'
check "suite counts: 8 tests, 2 failures, 4 skipped" 'grep -q "<testsuite name=\"rtbench check #2 cand vs #1 base\" tests=\"8\" failures=\"2\" errors=\"0\" skipped=\"4\"" "$J"'
check "the regression is a failure with its figures" 'grep "name=\"sem.slow\"" "$J" | grep -q "<failure type=\"regression\" message=\"regression: p50 100 -&gt; 150 cycles (+50.0 %, threshold +10 %)\"/>"'
check "a benchmark failed in the candidate is a failure" 'grep "name=\"sem.fail\"" "$J" | grep -q "<failure type=\"failed\" message=\"failed in the candidate: timeout\"/>"'
check "exactly two failures" '[ "$(grep -c "<failure" "$J")" -eq 2 ]'
check "n/a is skipped with its reason" 'grep "name=\"sem.na\"" "$J" | grep -q "<skipped message=\"n/a (baseline ok, candidate n/a): no such object\"/>"'
check "missing on a side is skipped" 'grep "name=\"sem.gone\"" "$J" | grep -q "<skipped message=\"missing in the candidate\"/>" && grep "name=\"sem.new\"" "$J" | grep -q "<skipped message=\"missing in the baseline\"/>"'
check "a flagged figure is skipped (not judged), saying its flags" 'grep "name=\"sem.take\"" "$J" | grep -q "<skipped message=\"flagged, not judged: .*candidate flags clamped\"/>"'
check "an ok metric passes, its figures as output" 'grep "name=\"sem.same\"" "$J" | grep -q "<system-out>ok: p50 50 -&gt; 50 cycles"'
check "markup in an id escaped" 'grep -q "name=\"sem.&lt;i&gt;k&amp;r&lt;/i&gt;\"" "$J"'
check "properties: baseline, candidate, threshold, unit" 'grep -q "<property name=\"threshold_percent\" value=\"10\"/>" "$J" && grep -q "<property name=\"unit\" value=\"cycles\"/>" "$J"'

run "$RTB" check base base --db "$DB" --format junit
check "--format junit on stdout; a pass has no failure" '[ $rc -eq 0 ] && echo "$out" | grep -q "failures=\"0\"" && ! echo "$out" | grep -q "<failure"'

cp "$J" "$TMP/before.xml"
run "$RTB" check base cand --db "$DB" --junit "$TMP/no/such/dir/j.xml"
check "unwritable --junit file: exit 2, one line naming it" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "cannot write the JUnit file.*no/such/dir"'
run "$RTB" check base cand --db "$DB" --junit ""
check "--junit without a name: exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ]'
run "$RTB" check base nosuchrun --db "$DB" --junit "$J"
check "a bad run leaves the JUnit file as it was" '[ $rc -eq 2 ] && cmp -s "$J" "$TMP/before.xml"'
check "no temporary file left" '[ -z "$(find "$TMP" -name "*.tmp*")" ]'
finish test_junit
