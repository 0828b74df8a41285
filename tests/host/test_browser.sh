#!/bin/sh
# The report in a real browser: Debian's headless Chromium opens the page of
# report_runs.sh from a file and the test asserts, on the DOM after the
# page's script ran (--dump-dom): the page rendered, the bars per chart, the
# header table, nothing injected by a label or a log (one script element, no
# alert), the comparison table sorts on a click (both ways, n/a last), the
# page fits 1280 px and a 390 px phone without a horizontal
# scroll; on Chromium's own logs: no console message at all (--enable-logging)
# and no network request made for the page (--log-net-log: the requests
# whose site is file://; Chromium's own background traffic is not the page's).
# A control page with a console.error and an http image proves that both
# detectors see what they look for. Screenshots stay as artifacts:
# <tmpdir>/report.png (1280 px) and report-phone.png (390 px).
# Without Chromium: "SKIP: ..." and exit 77 (browser.sh).
# Usage: sh test_browser.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/browser.sh" test_browser
. "$(dirname "$0")/report_runs.sh"
H=$TMP/report.html
report_runs_write "$H" >/dev/null || exit 2

# Each start of Chromium takes seconds: the three run at once.
control_start
# The phone opens a copy with a script after the page's that clicks the first
# run's column title twice and notes the order of the cells each time.
sed 's#</body>#<script>(function(){var t=document.querySelector(".v-native table.cmp"),\
th=t.tHead.rows[0].cells[1],d=document.documentElement;function col(){return [].map.call(\
t.tBodies[0].rows,function(r){var v=r.cells[1].getAttribute("data-v");return v===null?"na":v;}).join(" ");}\
th.click();d.setAttribute("data-up",col());th.click();d.setAttribute("data-down",col());})();\
</script></body>#' "$H" >"$TMP/sorted.html"
chrome wide --window-size=1280,1800 --screenshot="$TMP/report.png" --dump-dom "file://$H"
chrome phone --window-size=390,1400 --screenshot="$TMP/report-phone.png" --dump-dom "file://$TMP/sorted.html"
wait

control_check

D=$TMP/wide.out
check "the page rendered (its script ran)" 'grep -q "<html lang=\"en\" data-rendered=\"yes\"" "$D"'
check "no console message (error, warning or log)" '[ "$(consoles wide)" -eq 0 ] && [ "$(consoles phone)" -eq 0 ]'
check "no network request" '[ -z "$(requests wide)" ] && [ -z "$(requests phone)" ]'
check "fits 1280 px without horizontal scroll" 'grep -q "data-fits=\"yes\"" "$D"'
check "fits a 390 px phone without horizontal scroll" 'grep -q "data-fits=\"yes\"" "$TMP/phone.out"'
check "header table: a column per run (5) and the kernel row" '[ "$(sed -n "/<table id=\"headers\">/,/<\/thead>/p" "$D" | grep -o "<th>" | wc -l)" -eq 6 ] && grep -q "<tr><th>kernel</th><td>Linux 6.1</td>" "$D"'
check "bars: sem $RPT_SEM_BARS per view" '[ "$(bars_of "$D" sem | tr "\n" " ")" = "$RPT_SEM_BARS $RPT_SEM_BARS " ]'
check "bars: tm $RPT_TM_BARS, msgq $RPT_MSGQ_BARS per view" '[ "$(bars_of "$D" tm | tr "\n" " ")" = "$RPT_TM_BARS $RPT_TM_BARS " ] && [ "$(bars_of "$D" msgq | tr "\n" " ")" = "$RPT_MSGQ_BARS $RPT_MSGQ_BARS " ]'
check "bars: thread 21 per view (3 Zephyr runs x 7)" '[ "$(bars_of "$D" thread | tr "\n" " ")" = "21 21 " ]'
check "one script element in the live DOM, the label as text" '[ "$(grep -o "<script" "$D" | wc -l)" -eq 1 ] && grep -q "&lt;script&gt;alert(1)&lt;/script&gt;" "$D"'
check "the sweep plot and the sortable table are there" 'grep -q "<figure class=\"sweep\">" "$D" && grep -q "<table class=\"sortable cmp\">" "$D"'
# sorted: the numbers in order, the n/a cells last, both ways
up=$(sed -n 's/.* data-up="\([^"]*\)".*/\1/p' "$TMP/phone.out" | head -1)
down=$(sed -n 's/.* data-down="\([^"]*\)".*/\1/p' "$TMP/phone.out" | head -1)
echo "first run's column sorted up: $up"
sorted() { # sorted ASC|DESC LIST: numbers ordered, then only "na"
    echo "$2" | tr ' ' '\n' | awk -v dir="$1" '$1 == "na" { na = 1; next }
        na || (NR > 1 && (dir == "ASC" ? $1 < prev : $1 > prev)) { bad = 1 } { prev = $1; n++ }
        END { exit bad || n < 5 }'
}
check "a click on a column title sorts by its numbers, n/a last" 'sorted ASC "$up" && echo "$up" | grep -q "^50 100 1000 64000 256000 4294967290 na"'
check "a second click sorts the other way, n/a still last" 'sorted DESC "$down" && echo "$down" | grep -q "^4294967290 256000 64000 1000 100 50 na"'
check "screenshots kept: $TMP/report.png, report-phone.png" '[ "$(wc -c <"$TMP/report.png")" -gt 20000 ] && [ "$(wc -c <"$TMP/report-phone.png")" -gt 10000 ]'
finish test_browser
