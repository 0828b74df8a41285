#!/bin/sh
# test_edited_table.sh RTBENCH DOC: scripts/doc-tables.sh --check passes on a
# copy of DOC, fails on a copy with one figure of its first generated table
# edited (naming the copy and the table's line), and without --check puts the
# figure back.
set -eu
rtbench=$1 doc=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/docs-edited.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
export RTBENCH="$rtbench"
gen="$root/scripts/doc-tables.sh"
copy="$tmp/$(basename "$doc")"
cp "$doc" "$copy"
sh "$gen" --check "$copy" >"$tmp/out" 2>&1 || fail "the unedited copy does not match: $(cat "$tmp/out")"

# The first figure cell (a number after '| ') of the first table row after the
# header and the separator of the first generated table: add 1 to it.
awk '
    /^<!-- rtbench-table/ { if (!done) marker = NR }
    marker && !done && /^-->/ { intable = 1; rows = 0 }
    intable && /^\|/ && !done {
        rows++
        if (rows >= 3 && match($0, /\| [0-9]+ /)) {
            v = substr($0, RSTART + 2, RLENGTH - 3)
            $0 = substr($0, 1, RSTART + 1) (v + 1) substr($0, RSTART + RLENGTH - 1)
            done = 1
            print marker > "/dev/stderr"
        }
    }
    { print }
' "$copy" >"$tmp/edited" 2>"$tmp/line"
line=$(cat "$tmp/line")
[ -n "$line" ] || fail "$doc has no generated table with a figure"
cmp -s "$copy" "$tmp/edited" && fail "the edit changed nothing"
cp "$tmp/edited" "$copy"

rc=0
sh "$gen" --check "$copy" >"$tmp/out" 2>&1 || rc=$?
cat "$tmp/out"
[ "$rc" -eq 1 ] || fail "--check exited $rc on an edited cell (expected 1)"
grep -q "^$copy:$line: table differs" "$tmp/out" || fail "--check did not name $copy:$line"
cmp -s "$tmp/edited" "$copy" || fail "--check wrote the file"

sh "$gen" "$copy" >/dev/null || fail "regeneration failed"
cmp -s "$doc" "$copy" || fail "regeneration did not restore the table"
echo "ok: an edited cell of $(basename "$doc"):$line fails --check, regeneration restores it"
