#!/bin/sh
# compare --summary: the scorecard's figures (geometric mean of the ratios to
# the baseline, geometric standard deviation, counts) checked against the same
# figures computed here by awk from `compare --format csv` of the same runs;
# n/a and absent metrics, flagged figures, a higher-is-better metric, a run in
# another unit, --baseline and its errors; and the same scorecard in the
# HTML report (rtbench report [--baseline RUN]).
# Usage: sh test_scorecard.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/score.db

# hdr BOARD UNIT COUNT: a run's header record
hdr() {
    echo "RTB1 H rtbench=0.1.0 port=posix kernel=K board=$1 cpu=x timer=tsc hz=1000000000 bits=64 unit=$2 ns_num=1 ns_den=1 clock=hw iters=100 warmup=0 overhead=0 count=$3"
}
# res ID P50 [FLAGS [EXTRA]]: a result record (the mean differs from the p50)
res() {
    echo "RTB1 R id=$1 n=100 min=$(($2 - 3)) max=$(($2 * 2)) mean=$(($2 + 7)).500 sd=1.000 p50=$2 p90=$(($2 + 5)) p99=$(($2 + 9)) p999=$(($2 + 11)) flags=${3:-}${4:+ $4}"
}
# base: the baseline run; other: a run with an n/a row, a flagged row, an
# absent row, a row only it has and its own figures; insns: another unit
{
    hdr base cycles 10
    res thread.create.immediate 1210
    res thread.switch.k_to_k 955
    res thread.yield.k_to_k 1433
    res semaphore.give.immediate 301
    res semaphore.take.immediate 287
    res semaphore.take.blocking.k_to_k 1130
    res mutex.lock.immediate 412
    res mutex.unlock.immediate 398
    res fifo.put.immediate 522
    res tm.preempt.period 51234 "" "unit=ops better=higher"
    echo "RTB1 E records=10 status=0"
    hdr other cycles 10
    res thread.create.immediate 1017
    res thread.switch.k_to_k 1311
    res thread.yield.k_to_k 1122
    res semaphore.give.immediate 277
    res semaphore.take.immediate 350
    echo "RTB1 N id=semaphore.take.blocking.k_to_k reason=not%20here"
    res mutex.lock.immediate 390 nosched
    res fifo.put.immediate 611
    res fifo.get.immediate 640
    res tm.preempt.period 60111 "" "unit=ops better=higher"
    echo "RTB1 E records=10 status=0"
    hdr insns insns 2
    res thread.create.immediate 800
    res semaphore.give.immediate 200
    echo "RTB1 E records=2 status=0"
} | sign >"$TMP/runs.log"
run "$RTB" import --db "$DB" "$TMP/runs.log"
check "three runs imported" '[ $rc -eq 0 ] && [ "$(id_of | wc -l)" -eq 3 ]'
B=$(id_of | sed -n 1p)
O=$(id_of | sed -n 2p)
I=$(id_of | sed -n 3p)

# expect A B: the scorecard lines of run B against A ("family gmean gsd
# metrics n/a flagged", overall first), computed from compare's csv: a ratio is
# B/A, A/B where higher is better; n/a or absent in either run, or <= 0: n/a;
# a flag in either run: flagged
expect() {
    "$RTB" compare "$1" "$2" --db "$DB" --format csv | awk -F, '
        NR == 1 { next }
        {
            hi = index($0, "higher is better") > 0
            if ($0 ~ /^"/) {   # a quoted label ("id [unit, ...]"): its commas are not fields
                id = substr($0, 2, index($0, " ") - 2)
                $0 = id substr($0, index(substr($0, 2), "\"") + 2)
            }
            id = $1; sub(/ .*/, "", id)
        }
        { fam = substr(id, 1, index(id ".", ".") - 1) }
        !(fam in seen) { seen[fam] = 1; order[++nf] = fam }
        {
            for (k = 0; k < 2; k++) {
                f = k ? fam : "overall"
                if ($2 == "n/a" || $5 == "n/a" || $2 <= 0 || $5 <= 0) na[f]++
                else if ($4 != "" || $7 != "") fl[f]++
                else { n[f]++; r = hi ? $2 / $5 : $5 / $2; lr[f, n[f]] = log(r); s[f] += log(r) }
            }
        }
        function line(f,   m, d, i) {
            if (n[f] == 0) { printf "%s - - %d %d %d\n", f, 0, na[f], fl[f]; return }
            m = s[f] / n[f]; d = 0
            for (i = 1; i <= n[f]; i++) d += (lr[f, i] - m) ^ 2
            printf "%s %.3f %.3f %d %d %d\n", f, exp(m), exp(sqrt(d / n[f])), n[f], na[f], fl[f]
        }
        END { line("overall"); for (i = 1; i <= nf; i++) line(order[i]) }'
}
# got RUN OUT: the scorecard lines of RUN in the text output OUT, as expect prints them
got() {
    echo "$2" | awk -v run="#$1" '$1 == run { print $3, $4, $5, $6, $7, $8 }'
}

E=$(expect "$B" "$O")
run "$RTB" compare "$B" "$O" --db "$DB" --summary
check "summary: exit 0" '[ $rc -eq 0 ] && [ -z "$err" ]'
check "the scorecard as computed from the csv" '[ "$(got "$O" "$out")" = "$E" ]'
check "the csv has the n/a, absent and flagged rows" '[ "$(echo "$E" | sed -n 1p | cut -d" " -f4-)" = "7 3 1" ]'
check "a family with nothing covered: no figures" 'echo "$E" | grep -q "^mutex - - 0 1 1$" && got "$O" "$out" | grep -q "^mutex - - 0 1 1$"'
check "the baseline has no line of its own" '[ -z "$(got "$B" "$out")" ]'
check "the direction said" 'echo "$out" | grep -q "< 1 is cheaper (better) than the baseline"'
# a figure where higher is better is inverted: the tm family's one ratio is 51234/60111
check "higher is better: inverted" 'got "$O" "$out" | grep -q "^tm 0.852 1.000 1 0 0$"'

# --baseline: the second run as the baseline, same as comparing it first
E2=$(expect "$O" "$B")
run "$RTB" compare "$B" "$O" --db "$DB" --summary --baseline "$O"
check "--baseline: the other run against it" '[ $rc -eq 0 ] && [ "$(got "$B" "$out")" = "$E2" ] && [ "$E2" != "$E" ]'

# another unit: said, not mixed
run "$RTB" compare "$B" "$O" "$I" --db "$DB" --summary
check "a run in insns beside cycles: cannot compare" '[ $rc -eq 0 ] && echo "$out" | grep -q "^#$I .*cannot compare: its figures are in insns, the baseline.s in cycles$" && [ "$(got "$O" "$out")" = "$E" ]'

# Markdown and JSON carry the same figures
run "$RTB" compare "$B" "$O" "$I" --db "$DB" --summary --format markdown
MD=$(echo "$out" | awk -F'|' -v run="#$O" 'index($2, run) { s = $3; for (k = 4; k <= 8; k++) s = s " " $k; gsub(/`/, "", s); gsub(/  */, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); print s }')
check "markdown: the same scorecard" '[ $rc -eq 0 ] && [ "$MD" = "$E" ] && echo "$out" | grep -q "cannot compare"'
run "$RTB" compare "$B" "$O" "$I" --db "$DB" --summary --format json
printf '%s' "$out" >"$TMP/s.json"
run python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
o, i = d["runs"]
assert d["baseline"]["run"] == int(sys.argv[2]) and d["unit"] == "cycles" and d["stat"] == "p50"
assert not i["comparable"] and i["unit"] == "insns" and i["scores"] == []
for s in o["scores"]:
    g = "-" if s["gmean"] is None else "%.3f" % s["gmean"]
    v = "-" if s["gsd"] is None else "%.3f" % s["gsd"]
    print(s["family"], g, v, s["metrics"], s["na"], s["flagged"])
' "$TMP/s.json" "$B"
check "json: the same scorecard" '[ $rc -eq 0 ] && [ "$out" = "$E" ]'

# the report's scorecard (each unit view; the own unit here): the same figures
# score_html FILE: the scorecard lines of the one scored run in FILE's own-unit view
score_html() {
    python3 - "$1" <<'PY'
import re, sys
h = open(sys.argv[1]).read()
t = h[h.index('<div class="v-native">\n<div class="scroll"><table class="score">'):]
t = t[:t.index("</table>")]
for row in re.findall(r"<tr[^>]*><th>([^<]*)</th>(.*?)</tr>", t):
    for c in re.findall(r'<td class="n"[^>]*>(.*?)</td>', row[1]):
        m = re.match(r"<b>([0-9.]+)</b> ×÷([0-9.]+) <small>(\d+)/(\d+)/(\d+)</small>$", c)
        n = re.match(r"n/a <small>0/(\d+)/(\d+)</small>$", c)
        print(row[0], *(m.groups() if m else ("-", "-", "0") + n.groups()))
PY
}
run "$RTB" report "$B" "$O" "$I" --db "$DB" -o "$TMP/s.html"
check "report: exit 0" '[ $rc -eq 0 ]'
check "report: the same scorecard" '[ "$(score_html "$TMP/s.html")" = "$E" ]'
check "report: the run in insns cannot be compared" 'grep -q "cannot compare: its figures are insns, the baseline.s cycles" "$TMP/s.html"'
# the heatmap (own-unit view): heat ID: the classes of ID's cells, one per run
heat() {
    sed -n '/<div class="v-native">/,/<\/table>/p' "$TMP/s.html" | grep "<a href=\"#m-native-[0-9]*\" title=\"$1[\" ]" |
        grep -o '<td class="[^"]*"' | sed 's/<td class="\([^"]*\)"/\1/' | tr '\n' ' '
}
check "heatmap: the best h0, 1210/1017 in <= 1.25x, insns not in the row's cycles" '[ "$(heat thread.create.immediate)" = "h2 h0 nc " ]'
check "heatmap: higher is better: 60111 best, 51234 in <= 1.25x" '[ "$(heat tm.preempt.period)" = "h2 h0 na " ]'
check "heatmap: a flagged figure outlined, marked, never the best" '[ "$(heat mutex.lock.immediate)" = "h0 h0 fl na " ] && grep -q "title=\"#$O other: p50 390 cycles; 0.947x the best; flagged: nosched\">390 ~</td>" "$TMP/s.html"'
check "heatmap: n/a grey with the reason on hover" 'grep -q "<td class=\"na\" title=\"#$O other: n/a: not here\">n/a</td>" "$TMP/s.html"'
check "heatmap: a tbody per family (5: thread, semaphore, mutex, fifo, tm)" '[ "$(sed -n "/<div class=\"v-native\">/,/<\/table>/p" "$TMP/s.html" | grep -c "<tbody><tr class=\"fam\">")" -eq 5 ]'
check "heatmap: every row links to its chart" 'for a in $(grep -o "<a href=\"#m-[a-z]*-[0-9]*\"" "$TMP/s.html" | cut -d"#" -f2 | tr -d "\""); do grep -q "id=\"$a\"" "$TMP/s.html" || exit 1; done'
run "$RTB" report "$B" "$O" --db "$DB" --baseline "$O" -o "$TMP/s2.html"
check "report --baseline: the other run against it" '[ $rc -eq 0 ] && [ "$(score_html "$TMP/s2.html")" = "$E2" ] && grep -q "#$O other (baseline)</th>" "$TMP/s2.html"'
run "$RTB" report "$B" "$O" --db "$DB" --baseline "$I" -o "$TMP/s3.html"
check "report --baseline not reported: one line, no page" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "^rtbench report: --baseline $I (run #$I) is not one of the compared runs" && [ ! -e "$TMP/s3.html" ]'

# errors: one line, exit 2
run "$RTB" compare "$B" "$O" --db "$DB" --summary --baseline "$I"
check "--baseline not compared: one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "is not one of the compared runs" && [ -z "$out" ]'
run "$RTB" compare "$B" "$O" --db "$DB" --summary --baseline 999
check "--baseline not stored: one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "^rtbench compare: --baseline 999"'
run "$RTB" compare "$B" "$O" --db "$DB" --baseline "$O"
check "--baseline without --summary: one line" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "give --summary"'
run "$RTB" compare "$B" "$O" --db "$DB" --summary --format csv
check "--summary in csv: one line naming the formats" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "text, markdown or json"'
finish test_scorecard
