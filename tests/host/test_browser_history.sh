#!/bin/sh
# The report's history section in headless Chromium: two series imported
# with --meta (an icount one, any change a change point, and a noisy one
# with a +10 % step at its 9th run, the series of test_history.sh), each
# reported with --where (a series: the page has its history), opened from a
# file; on the DOM after the page's script ran (--dump-dom): the page
# rendered, one chart per metric (3), each chart's change-point markers as
# many as `rtbench history` finds (icount: 1, 0, 1; noisy: 1 at n9), the
# caption naming the run, the line drawn through every run; no console
# message and no network request (Chromium's logs, as test_browser.sh). A
# report of runs given by id has no history section.
# Without Chromium: "SKIP: ..." and exit 77 (browser.sh).
# Usage: sh test_browser_history.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/browser.sh" test_browser_history
DB=$TMP/h.db
G=semaphore.give.wake+ctx.k_to_k T=semaphore.take.immediate.kernel
V=tm.preemptive.score

history_icount_series
history_noisy_series
run "$RTB" report --db "$DB" --where series=icount -o "$TMP/icount.html"
check "icount report written" '[ $rc -eq 0 ]'
run "$RTB" report --db "$DB" --where series=noisy -o "$TMP/noisy.html"
check "noisy report written" '[ $rc -eq 0 ]'
run "$RTB" report --db "$DB" 1 2 3 -o "$TMP/plain.html"
check "runs given by id: no history section" '[ $rc -eq 0 ] && ! grep -q "id=\"history\"" "$TMP/plain.html"'

control_start
chrome icount --window-size=1280,1800 --dump-dom "file://$TMP/icount.html"
chrome noisy --window-size=1280,1800 --dump-dom "file://$TMP/noisy.html"
wait
control_check

# cps FILE: each history chart's change-point markers (the paths in its
# <g class="change-point">), in order
cps() {
    awk '/<figure class="history"/ { f = 1; n = 0 } f && /<g class="change-point">/ { g = 1; next }
         g && /<\/g>/ { g = 0 } g && /<path/ { n++ } f && /<\/figure>/ { printf "%d ", n; f = 0 }' "$1"
}
# points FILE: each history line's points (the pairs of its polyline)
points() {
    awk '/<figure class="history"/ { f = 1 } f && /<g class="history-line">/ { g = 1; next }
         g && /<polyline/ { s = $0; sub(/.*points="/, "", s); sub(/".*/, "", s); printf "%d ", split(s, p, " ") }
         g && /<\/g>/ { g = 0 } /<\/figure>/ { f = 0 }' "$1"
}
for s in icount noisy; do
    D=$TMP/$s.out
    check "$s: the page rendered (its script ran)" 'grep -q "<html lang=\"en\" data-rendered=\"yes\"" "$D"'
    check "$s: no console message, no network request" '[ "$(consoles $s)" -eq 0 ] && [ -z "$(requests $s)" ]'
    check "$s: the history section and its link" 'grep -q "<h2 id=\"history\">History</h2>" "$D" && grep -q "href=\"#history\"" "$D"'
    check "$s: one chart per metric (3)" '[ "$(grep -c "<figure class=\"history\"" "$D")" -eq 3 ]'
done
check "icount: change points drawn 1 0 1 ($(cps "$TMP/icount.out"))" '[ "$(cps "$TMP/icount.out")" = "1 0 1 " ]'
check "icount: each line through the 5 runs ($(points "$TMP/icount.out"))" '[ "$(points "$TMP/icount.out")" = "5 5 5 " ]'
check "icount: the caption names run #3 (c3), +9.1 %" 'grep -o "<figcaption>[^<]*<span class=\"cp\">[^<]*" "$TMP/icount.out" | head -1 | grep -q "run #3 (c3) +9.1 %"'
check "noisy: change points drawn 1 0 1 ($(cps "$TMP/noisy.out"))" '[ "$(cps "$TMP/noisy.out")" = "1 0 1 " ]'
check "noisy: the caption names n9" 'grep -q "<span class=\"cp\">run #[0-9]* (n9)" "$TMP/noisy.out"'
check "noisy: the data attribute agrees" '[ "$(grep -o "data-change-points=\"[0-9]*\"" "$TMP/noisy.out" | tr "\n" " ")" = "data-change-points=\"1\" data-change-points=\"0\" data-change-points=\"1\" " ]'
run "$RTB" history --db "$DB" --where series=noisy "$G"
check "noisy: rtbench history finds the same one (n9)" '[ "$(echo "$out" | grep -c "change point$")" -eq 1 ] && echo "$out" | grep "change point$" | grep -q " n9 "'
finish test_browser_history
