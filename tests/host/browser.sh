# Shared by the browser tests (sourced after lib.sh; the name must not match
# test_*.sh): Debian's headless Chromium, or "SKIP: NAME: ..." and exit 77
# (ctest shows the test skipped; scripts/deps.sh all installs it, so CI
# always runs them). Then:
#   chrome NAME ARGS...  Chromium on its own profile, in the background
#                        (wait for it): stdout in $TMP/NAME.out, its log (the
#                        console messages) in $TMP/NAME.log, its net log in
#                        $TMP/NAME.netlog
#   consoles NAME        the number of console messages NAME's page logged
#   requests NAME        the URLs NAME's page asked for
#   control_start, control_check
#                        a page with a console.error and an http image, to
#                        prove that consoles and requests see what they look for
# Usage: . browser.sh NAME (the test's name, for the skip line)
CHROMIUM=${RTBENCH_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ]; then
    echo "SKIP: $1: chromium not installed (apt-get install chromium, or scripts/deps.sh all)"
    exit 77
fi
chrome() {
    name=$1
    shift
    timeout 90 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-background-networking --disable-component-update --hide-scrollbars \
        --user-data-dir="$TMP/profile-$name" --enable-logging=stderr --v=0 \
        --log-net-log="$TMP/$name.netlog" --net-log-capture-mode=Everything \
        "$@" >"$TMP/$name.out" 2>"$TMP/$name.log" &
}
# console: Chromium logs each console message as INFO:CONSOLE
consoles() { grep -c ":CONSOLE" "$TMP/$1.log"; }
# requests: the URLs the page asked for (the net log's requests made for a
# file:// site; Chromium's own background requests are made for no site)
requests() { grep '"url":"' "$TMP/$1.netlog" | grep 'site=file://' | grep -o '"url":"[^"]*"' | sort -u; }
control_start() {
    cat >"$TMP/control.html" <<'HTML'
<!DOCTYPE html><html><body><img src="http://127.0.0.1:9/control.png"><script>console.error("control-console-error")</script></body></html>
HTML
    chrome control --dump-dom "file://$TMP/control.html"
}
control_check() {
    check "control: the console error is seen" 'grep -q "control-console-error" "$TMP/control.log"'
    check "control: the http request is seen" 'requests control | grep -q "127.0.0.1:9/control.png"'
}
