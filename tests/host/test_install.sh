#!/bin/sh
# The install step (cmake/install.cmake): `cmake --install` of this build tree
# into a scratch prefix P puts P/bin/rtbench, the plugin and the images' folder
# in P/lib/rtbench, and the man page generated from --help (a section per
# subcommand of --help) in P/share/man/man1; the installed rtbench, with no
# build tree around it, looks for its images in P/lib/rtbench and builds
# nothing (an image missing there is named there); without P/lib/rtbench it
# says where it looked. (A fresh clone's install, with images, is the commit's
# check: it builds the Cortex-M images, minutes.)
#   sh test_install.sh <build/rtbench> <fixtures> <tmpdir>
. "$(dirname "$0")/../lib.sh"
rtbench=$1
build=$(cd "$(dirname "$rtbench")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/rtbench-install.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
P=$TMP/prefix

run cmake --install "$build" --prefix "$P"
check "cmake --install exits 0" '[ $rc -eq 0 ]'
[ $rc -eq 0 ] || echo "$err" >&2
check "P/bin/rtbench is installed" '[ -x "$P/bin/rtbench" ]'
check "the plugin in P/lib/rtbench" '[ -f "$P/lib/rtbench/librtbench-cycle-model.so" ]'
check "the images' folder P/lib/rtbench/cortex-m" '[ -d "$P/lib/rtbench/cortex-m" ]'
page=$P/share/man/man1/rtbench.1
check "the man page in P/share/man/man1" '[ -f "$page" ]'

run "$P/bin/rtbench" --help
check "installed rtbench --help exits 0" '[ $rc -eq 0 ]'
check "installed rtbench --help prints the usage" 'echo "$out" | grep -q "^usage: rtbench "'
subs=$(echo "$out" | sed -n '/^subcommands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')
check "--help lists subcommands" '[ -n "$subs" ]'
for s in $subs; do
    check "man page: a section for rtbench $s" 'grep -q "^\.SH \"rtbench $s\"" "$page"'
done
check "man page: the top help's text" 'grep -q "^Exit status: 0 ok" "$page"'
if command -v man >/dev/null 2>&1; then
    check "man renders the page" 'man -l "$page" 2>/dev/null | grep -q "rtbench run"'
fi

# the installed rtbench's images: where it looks, and no build
mv "$P/lib/rtbench/cortex-m" "$TMP/images"
mkdir "$P/lib/rtbench/cortex-m"
run "$P/bin/rtbench" run --target qemu:mps2-an385 --filter 'calib.*' --db "$TMP/r.db"
check "a missing installed image: exit 2" '[ $rc -eq 2 ]'
check "a missing installed image is named in P/lib/rtbench" \
    'echo "$err" | grep -q "$P/lib/rtbench/cortex-m/rtbench-mps2-an385.elf was not built"'
check "nothing built (no cmake output)" '! echo "$err" | grep -q "cmake --build"'
rmdir "$P/lib/rtbench/cortex-m"
run "$P/bin/rtbench" run --target qemu:mps2-an385 --filter 'calib.*' --db "$TMP/r.db"
check "no images folder: exit 2" '[ $rc -eq 2 ]'
check "no images folder: says where it looked" \
    'echo "$err" | grep -q "nor the ../lib/rtbench/cortex-m of an installed one"'
check "one line" '[ "$(lines "$err")" -eq 1 ]'
finish test_install
