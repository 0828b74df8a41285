#!/bin/sh
# The first screen of a kernel comparison in a real browser: the report of
# the committed kernel runs on mps2-an385 (results/mps2-an385: refk,
# FreeRTOS, ThreadX, RT-Thread) opened by headless Chromium at 1280 x 1000.
# Asserted: the scorecard is drawn whole and the heatmap starts within that
# screen (element geometry noted by a script run in a copy of the page, then
# the screenshot's own pixels inside those boxes: text in the scorecard,
# heatmap colours in the heatmap), the heatmap's best cells in the legend's
# colour; no console message, no request (Chromium's logs, a control page
# proving both detectors; the page's Content-Security-Policy forbids every
# request); the page prints (--print-to-pdf) with every chart block marked
# break-inside: avoid and no taller than a printed page, so none is cut; a
# click on a run's title sorts the heatmap's families by its ratios, and a
# metric's link goes to its chart.
# The screenshot stays as an artifact: <tmpdir>/first-screen.png.
# Without Chromium: "SKIP: ..." and exit 77 (browser.sh).
# Usage: sh test_browser_kernels.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/browser.sh" test_browser_kernels
LOGS=$FIX/../../results/mps2-an385
DB=$TMP/kernels.db
H=$TMP/kernels.html
for k in refk freertos threadx rtthread; do
    "$RTB" import --db "$DB" --label "$k" "$LOGS/$k.log" >/dev/null || exit 2
done
"$RTB" report 1 2 3 4 --db "$DB" -o "$H" >/dev/null || exit 2
# The first screen (the screenshot's size; --dump-dom's window shows less,
# so its boxes are measured against these, not against innerHeight)
SCREEN_W=1280
SCREEN_H=1000
# PAGE_H: the height (CSS px) of the content of a printed A4 page (297 mm at
# 96 px per inch less Chromium's default margins of 1 cm each), which a block
# that must not be cut fits in
PAGE_H=1047
# The copy's script notes, in the view the page opens with, the boxes
# (left,top,right,bottom) of the scorecard and of the heatmap, how many
# heatmap rows are whole on the first screen, the colour of a best cell, and
# the blocks a printed page could cut (not break-inside: avoid, or taller);
# then it clicks the second run's title and notes that column's ratios in
# each family's order, then a metric's link and where the page went.
sed "s#</body>#<script>(function(){var d=document.documentElement,\
v='.v-'+document.querySelector('input.view:checked').id.slice(5)+' ';\
function box(s){var e=document.querySelector(v+s);if(!e)return 'none';var b=e.getBoundingClientRect();\
return [b.left,b.top,b.right,b.bottom].map(Math.round).join(',');}\
d.setAttribute('data-score',box('table.score'));d.setAttribute('data-heat',box('table.heat'));\
d.setAttribute('data-heat-rows',[].filter.call(document.querySelectorAll(v+'table.heat tbody tr:not(.fam)'),\
function(r){return r.getBoundingClientRect().bottom<=$SCREEN_H;}).length);\
var c=document.querySelector(v+'table.heat td.h0');d.setAttribute('data-best',c?getComputedStyle(c).backgroundColor:'none');\
d.setAttribute('data-cut',[].filter.call(document.querySelectorAll(\
'.wide,figure.distribution,figure.sweep,table.score,table.heat tbody'),function(e){\
return getComputedStyle(e).breakInside!=='avoid'||e.getBoundingClientRect().height>$PAGE_H;}).length);\
var t=document.querySelector(v+'table.heat');t.tHead.rows[0].cells[2].click();\
d.setAttribute('data-sorted',[].map.call(t.tBodies,function(b){return [].slice.call(b.rows,1).map(function(r){\
var x=r.cells[2].getAttribute('data-v');return x===null?'na':x;}).join(' ');}).join(','));\
var a=t.querySelectorAll('a')[20];a.click();\
var e=document.getElementById(a.getAttribute('href').slice(1));\
d.setAttribute('data-jump',e?Math.round(scrollY)+' '+Math.round(e.getBoundingClientRect().top):'none');\
})();</script></body>#" "$H" >"$TMP/measured.html"

control_start
chrome screen --window-size=$SCREEN_W,$SCREEN_H --screenshot="$TMP/first-screen.png" "file://$H"
chrome dom --window-size=$SCREEN_W,$SCREEN_H --dump-dom "file://$TMP/measured.html"
chrome print --print-to-pdf="$TMP/kernels.pdf" "file://$H"
wait
control_check

D=$TMP/dom.out
attr() { sed -n "s/.*<html [^>]* data-$1=\"\\([^\"]*\\)\".*/\\1/p" "$D" | head -1; }
score=$(attr score)
heat=$(attr heat)
echo "first screen: scorecard at $score, heatmap at $heat, $(attr heat-rows) heatmap rows whole"
check "the page declares a policy that forbids every request" 'grep -q "Content-Security-Policy\" content=\"default-src '"'"'none'"'"';" "$H"'
check "the scorecard is drawn whole within $SCREEN_W x $SCREEN_H" 'echo "$score" | awk -F, -v w=$SCREEN_W -v h=$SCREEN_H "NF == 4 && \$1 >= 0 && \$2 >= 0 && \$3 <= w && \$4 <= h { ok = 1 } END { exit !ok }"'
check "the heatmap starts within $SCREEN_H px, 10 rows or more whole" 'echo "$heat" | awk -F, -v h=$SCREEN_H "NF == 4 && \$2 < h { ok = 1 } END { exit !ok }" && [ "$(attr heat-rows)" -ge 10 ]'
check "a best cell in the legend's colour (#fde725)" '[ "$(attr best)" = "rgb(253, 231, 37)" ]'
# The screenshot's pixels: PNG decoded here (zlib, the five row filters)
pixels() { # pixels PNG BOX KIND: "WxH N", N the pixels in BOX that are dark text or heatmap colours
    python3 - "$@" <<'PY'
import struct, sys, zlib
png, kind = sys.argv[1], sys.argv[3]
box = [int(x) for x in sys.argv[2].split(",")] if sys.argv[2] != "none" else [0, 0, 0, 0]
data = open(png, "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, t = struct.unpack(">I4s", data[pos:pos + 8])
    c = data[pos + 8:pos + 8 + n]
    if t == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", c[:10])
        assert depth == 8 and ctype in (2, 6), "an 8-bit RGB(A) PNG"
        bpp = 4 if ctype == 6 else 3
    elif t == b"IDAT":
        idat += c
    pos += 12 + n
raw, stride, prev, rows = zlib.decompress(idat), w * bpp, bytearray(w * bpp), []
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, cc = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - cc
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - cc)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else cc)) & 255
    rows.append(line)
    prev = line
heat = {(0xfd, 0xe7, 0x25), (0xa0, 0xda, 0x39), (0x4a, 0xc1, 0x6d), (0x1f, 0xa1, 0x87),
        (0x27, 0x7f, 0x8e), (0x36, 0x5c, 0x8d), (0x46, 0x32, 0x7e)}
n = 0
for y in range(max(box[1], 0), min(box[3], h)):
    for x in range(max(box[0], 0), min(box[2], w)):
        px = tuple(rows[y][x * bpp:x * bpp + 3])
        n += (max(px) < 96) if kind == "text" else (px in heat)
print("%dx%d %d" % (w, h, n))
PY
}
st=$(pixels "$TMP/first-screen.png" "$score" text)
ht=$(pixels "$TMP/first-screen.png" "$heat" heat)
echo "screenshot: scorecard box $st dark pixels; heatmap box $ht heatmap-coloured pixels"
check "the screenshot is $SCREEN_W x $SCREEN_H" '[ "${st%% *}" = ${SCREEN_W}x$SCREEN_H ]'
# at least some lines of text (about 100 dark pixels per word), and the area
# of 10 rows x 4 runs of cells (about 80 x 18 px each) in heatmap colours
check "the scorecard's box holds text in the screenshot" '[ "${st#* }" -ge 2000 ]'
check "the heatmap's box holds its colours in the screenshot" '[ "${ht#* }" -ge $((10 * 4 * 80 * 18 / 2)) ]'
check "no console message (error, warning or log)" '[ "$(consoles screen)" -eq 0 ] && [ "$(consoles dom)" -eq 0 ] && [ "$(consoles print)" -eq 0 ]'
check "no network request" '[ -z "$(requests screen)" ] && [ -z "$(requests dom)" ] && [ -z "$(requests print)" ]'
sorted=$(attr sorted)
echo "heatmap sorted by #2: $sorted" | cut -c1-160
check "a click on a run's title sorts each family by its ratio, n/a last" 'echo "$sorted" | tr "," "\n" | awk "{ na = 0; for (k = 1; k <= NF; k++) { if (\$k == \"na\") na = 1; else if (na || (k > 1 && \$k < \$(k - 1))) bad = 1 } n++ } END { exit bad || n < 10 }"'
jump=$(attr jump)
echo "a metric's link: scrolled to $jump (scrollY, its chart's top)"
check "a metric's link scrolls to its chart below, just under the sticky nav" 'echo "$jump" | awk -v h=$SCREEN_H "NF == 2 && \$1 > h && \$2 > 0 && \$2 < h / 4 { ok = 1 } END { exit !ok }"'
check "the page prints (a PDF)" '[ "$(head -c 5 "$TMP/kernels.pdf")" = "%PDF-" ]'
check "no chart block a printed page could cut" '[ "$(attr cut)" = 0 ]'
finish test_browser_kernels
