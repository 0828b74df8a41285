#!/bin/sh
# rtbench report: the page's sections, its bars per chart, every string from
# a log or a label escaped (a label <script>alert(1)</script>, a metric id
# with markup, a header and an n/a reason with </svg>), nothing fetched from
# anywhere, the size, and one-line errors that leave an existing report as it
# was. Also compare --format html. The browser test (test_browser.sh) opens
# the same page in Chromium.
# Usage: sh test_report.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report_runs.sh"
H=$TMP/r.html

run report_runs_write "$H"
check "report: exit 0, says where it wrote" '[ $rc -eq 0 ] && echo "$out" | grep -q "^wrote $H (5 runs, [0-9]* metrics, [0-9]* bytes)$"'
size=$(wc -c <"$H")
check "report of 5 runs under 1 MB ($size bytes)" '[ "$size" -gt 10000 ] && [ "$size" -lt 1000000 ]'

# sections
for id in runs headers families flags distributions table sweeps; do
    check "section #$id" 'grep -q "id=\"$id\"" "$H"'
done
check "header table: one column per run" '[ "$(sed -n "/<table id=\"headers\">/,/<\/thead>/p" "$H" | grep -o "<th>" | wc -l)" -eq 6 ]'
check "header table: kernel, board, CPU, clock, compiler, flags, date, label rows" 'for r in kernel board CPU clock compiler "compiler flags" date label; do grep -q "<tr><th>$r</th>" "$H" || exit 1; done'
check "clock kind in words" 'grep -q "silicon cycles; unit cycles, counter 1GHz" "$H"'
check "two unit views (own unit, ns), no model-cycles view without the cycle model" 'grep -q "id=\"view-native\" checked" "$H" && grep -q "id=\"view-ns\"" "$H" && ! grep -q "id=\"view-model\"" "$H"'

# bars per chart: each family's chart once per unit view
check "sem: $RPT_SEM_BARS bars in each of the 2 views" '[ "$(bars_of "$H" sem | tr "\n" " ")" = "$RPT_SEM_BARS $RPT_SEM_BARS " ]'
check "tm (ops): $RPT_TM_BARS bars per view" '[ "$(bars_of "$H" tm | tr "\n" " ")" = "$RPT_TM_BARS $RPT_TM_BARS " ]'
check "msgq (B/s): $RPT_MSGQ_BARS bars per view" '[ "$(bars_of "$H" msgq | tr "\n" " ")" = "$RPT_MSGQ_BARS $RPT_MSGQ_BARS " ]'
check "thread (Zephyr): 3 runs x 7 metrics per view" '[ "$(bars_of "$H" thread | tr "\n" " ")" = "21 21 " ]'
check "a value family says its unit and direction" 'grep -q "<b>tm</b> — ops (higher is better)" "$H"'
check "a flagged bar is outlined and marked, the legend explains the marker" 'grep -q "<rect class=\"bar flagged\"" "$H" && grep -q "<li><code>&lt;</code> clamped: " "$H"'
check "a flagged figure beyond the others' scale is cut at its end and says so" 'grep -q "<rect class=\"bar flagged beyond\"[^>]*width=\"632.0\"" "$H" && grep -q ", beyond the scale</title></rect><text [^>]*>» [0-9]* \*</text>" "$H"'
check "n/a with its reason on hover" 'grep -q "<title>#1 &lt;script&gt;alert(1)&lt;/script&gt;: n/a: &lt;/svg&gt; not here</title>" "$H"'
check "failed with its reason on hover" 'grep -q ": failed: timeout</title><text [^>]*>failed</text>" "$H"'
check "distribution of a metric with percentiles" 'grep -q "<g class=\"dist\"><title>#2 base: min 90, p50 110, p90 150, p99 200, p99.9 250, max 300</title>" "$H"'
check "sweep plot of run A" 'grep -q "<figure class=\"sweep\">" "$H" && grep -q "Message throughput" "$H"'
check "comparison table: ratio to the first run" 'grep -q "<th>#2 / #1</th>" "$H" && grep -q "data-v=\"1.1000000000000001\">1.100</td>" "$H"'
check "comparison table: no ratio to an underflow figure (marked !)" 'grep -Eq "<tr><td>uf.x</td><td class=\"n\" data-v=\"4294967290\" title=\"p50\">4294967290 !</td><td class=\"n\" data-v=\"100\" title=\"p50\">100</td>(<td class=\"n\" title=\"absent\">n/a</td>){3}<td class=\"n\">n/a</td>" "$H"'
check "comparison table: n/a with its reason" 'grep -q "<td class=\"n\" title=\"&lt;/svg&gt; not here\">n/a</td>" "$H"'

# escaping: nothing from a log or a label is markup
check "exactly one script element (the page's own)" '[ "$(grep -o "<script" "$H" | wc -l)" -eq 1 ]'
check "the label shown as text" 'grep -q "&lt;script&gt;alert(1)&lt;/script&gt;" "$H" && ! grep -q "alert(1)</script>" "$H"'
check "a metric id with markup shown as text" 'grep -q "sem.&lt;b&gt;x&lt;/b&gt;" "$H" && ! grep -q "<b>x</b>" "$H"'
check "</svg> from a log never closes a chart" '[ "$(grep -o "<svg" "$H" | wc -l)" -eq "$(grep -o "</svg>" "$H" | wc -l)" ] && grep -q "b&lt;/svg&gt;" "$H"'
check "outside the script, every < starts a tag (markers < and > escaped too)" '! sed "/^<script>/,/^<\/script>/d" "$H" | grep -q "<[^a-zA-Z/!]"'
check "self-contained: no src, no outside href, no url(), no @import" '! grep -Eq "src=|href=\"[^#]|url\(|@import" "$H"'
check "self-contained: the only URL is the SVG namespace" '[ -z "$(grep -o "https\?://[^\"]*" "$H" | grep -v "^http://www.w3.org/2000/svg$")" ]'

# runs in different units of their own (cycles, ns) that all have a clock: the page opens in ns
{
    echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=os cpu=x timer=clock" \
        "hz=1000000000 bits=64 unit=ns ns_num=1 ns_den=1 clock=os iters=10 warmup=0 overhead=0" \
        "count=1"
    echo "RTB1 R id=sem.take n=10 min=1 max=9 mean=5.000 sd=0.000 p50=5 p90=8 p99=9 p999=9 flags="
    echo "RTB1 E records=1 status=0"
} | sign >"$TMP/ns.log"
"$RTB" import --db "$RDB" "$TMP/ns.log" >/dev/null
run "$RTB" report 1 6 --db "$RDB" -o "$TMP/mixed.html"
check "mixed own units: the page opens in ns" '[ $rc -eq 0 ] && grep -q "id=\"view-ns\" checked" "$TMP/mixed.html" && ! grep -q "id=\"view-native\" checked" "$TMP/mixed.html"'
{
    echo "RTB1 H rtbench=0.1.0 port=refk kernel=refk kver=1 board=mps2-an385 cpu=Cortex-M3" \
        "timer=fpgaio hz=25000000 bits=32 unit=insns ns_num=1024 ns_den=1 clock=emulated-icount" \
        "iters=10 warmup=0 overhead=0 count=1"
    echo "RTB1 R id=sem.take n=10 min=30 max=30 mean=30.000 sd=0 p50=30 p90=30 p99=30 p999=30 flags="
    echo "RTB1 E records=1 status=0"
} | sign >"$TMP/icount.log"
"$RTB" import --db "$RDB" "$TMP/icount.log" >/dev/null
run "$RTB" report 1 6 7 --db "$RDB" -o "$TMP/emulated.html"
check "mixed units with an emulated clock (QEMU -icount): the page opens in the runs' own units" '[ $rc -eq 0 ] && grep -q "id=\"view-native\" checked" "$TMP/emulated.html"'
check "mixed own units: the own-unit chart says so" 'grep -q "<b>sem</b> — mixed units (each run" "$TMP/mixed.html"'

# compare --format html: the same page on stdout
run "$RTB" compare 1 2 --db "$RDB" --format html
check "compare --format html" '[ $rc -eq 0 ] && echo "$out" | head -1 | grep -q "^<!DOCTYPE html>" && echo "$out" | tail -1 | grep -q "</html>"'

# compare --format markdown stays fit to paste into a pull request: a '|' or a
# backtick in an id or a label never splits or shifts a table cell
{
    echo "RTB1 H rtbench=0.1.0 port=posix kernel=L kver=1 board=b cpu=x timer=tsc hz=1000000000" \
        "bits=64 unit=cycles ns_num=1 ns_den=1 clock=hw iters=10 warmup=0 overhead=0 count=1"
    echo "RTB1 R id=sem.a%7Cb%60c n=10 min=1 max=9 mean=5.000 sd=0 p50=5 p90=8 p99=9 p999=9 flags="
    echo "RTB1 E records=1 status=0"
} | sign >"$TMP/pipe.log"
"$RTB" import --db "$RDB" --label 'a|b' "$TMP/pipe.log" >/dev/null
# cells LINES: the number of cell separators (unescaped '|') of each line, once each
cells() { echo "$1" | grep "^|" | sed 's/\\|//g' | awk '{ print gsub(/\|/, "|") }' | sort -u; }
run "$RTB" compare 1 8 --db "$RDB" --format markdown
check "compare markdown: every row has the header's 4 cells" '[ $rc -eq 0 ] && [ "$(cells "$out")" = 5 ] && echo "$out" | grep -q "^| \`\`sem.a\\\\|b\`c\`\` | n/a | 5 | n/a |$"'
check "compare markdown: the label's markup escaped" 'echo "$out" | head -1 | grep -q "#1 \\\\<script\\\\>alert(1)\\\\</script\\\\>"'
run "$RTB" check 8 8 --db "$RDB" --format markdown
check "check markdown: the id in one cell" '[ $rc -eq 0 ] && [ "$(cells "$(echo "$out" | grep "^| ok")")" = 8 ]'

# errors: one line, exit 2, an existing report left as it was
cp "$H" "$TMP/before.html"
run "$RTB" report --db "$RDB" -o "$H"
check "no run: exit 2, one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "^rtbench report: no run given"'
run "$RTB" report 1 99 --db "$RDB" -o "$H"
check "unknown run: exit 2, one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "99"'
run "$RTB" report 1 2 --db "$RDB" -o "$H" --metrics "nothing.*"
check "nothing selected: exit 2, one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "no metric to report matches --metrics nothing"'
check "the report before the errors is untouched" 'cmp -s "$H" "$TMP/before.html"'
run "$RTB" report 1 2 --db "$RDB" -o "$TMP/no/such/dir/r.html"
check "unwritable output: exit 2, one line naming it" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "cannot write the report.*no/such/dir"'
run "$RTB" report 1 2 --db "$RDB" --bogus
check "unknown option: exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ]'
(cd "$TMP" && "$RTB" report 1 --db "$RDB" >/dev/null)
check "default file name" '[ -s "$TMP/rtbench-report.html" ]'
check "no temporary file left" '[ -z "$(find "$TMP" -name "*.tmp*")" ]'
# a run that stored a histogram (G records): its bars, one per bucket, in the
# own-unit and ns views, each bucket's range and count on hover
sign >"$TMP/hist.log" <<'EOF2'
RTB1 H rtbench=0.1.0 port=refk kernel=refk kver=0.1.0 board=b cpu=c timer=t hz=1000 bits=32 unit=insns ns_num=1024 ns_den=1 clock=emulated-icount iters=10 warmup=0 overhead=0 count=1
RTB1 R id=timer.deviation n=10 min=122 max=309 mean=160.000 sd=1.000 p50=122 p90=270 p99=309 p999=309 flags= hist=4
RTB1 G id=timer.deviation lo=122 width=50 first=0 c=6,0,3,1
RTB1 E records=1 status=0
EOF2
"$RTB" import --db "$TMP/hist.db" "$TMP/hist.log" >/dev/null 2>&1
run "$RTB" report 1 --db "$TMP/hist.db" -o "$TMP/hist.html"
check "histogram: 4 buckets in each of the 2 views" '[ $rc -eq 0 ] && [ "$(grep -o "class=\"hbar\"" "$TMP/hist.html" | wc -l)" -eq 8 ]'
check "histogram: a bucket's range and count on hover" 'grep -q "<title>222 .. 272: 3</title>" "$TMP/hist.html" && grep -q "<title>272 and above: 1</title>" "$TMP/hist.html"'
check "no histogram: said so" 'grep -q "Histogram: none stored" "$H"'

check_no_database report
finish test_report
