#!/bin/sh
# doc-tables.sh [--check] [FILE...] - regenerate the published figure tables.
#
# A published table is a block of a markdown file (docs/architecture.md, "A
# published table"):
#
#   <!-- rtbench-table
#   import LABEL[,LABEL...] FILE [rtbench import options]
#   ...
#   compare RUN... [rtbench compare options]
#   -->
#   (generated: the output of rtbench compare --format markdown)
#   <!-- end rtbench-table -->
#
# For each block, in a scratch database of its own (removed after): every
# `import` line stores FILE (a path from the repository root) with its label;
# a FILE holding several runs (one header each) needs one label per run, in
# order. Then `rtbench compare RUN... --format markdown` with the `compare`
# line's words, and what it prints replaces the lines between `-->` and the end
# marker. Words are split at blanks, never glob-expanded or unquoted.
#
# Without --check each FILE is rewritten when a table changed. With --check
# nothing is written: each table that differs from what its logs generate is
# named (FILE:LINE, a short diff) and the exit status is 1; 0 when all match.
# Files: docs/benchmarks.md and docs/ports/*.md unless named. The tool is
# $RTBENCH, else build/rtbench.
set -eu
set -f

root=$(cd "$(dirname "$0")/.." && pwd)
rtbench=${RTBENCH:-$root/build/rtbench}
check=0
if [ "${1-}" = "--check" ]; then
    check=1
    shift
fi
case "${1-}" in
-*)
    echo "usage: scripts/doc-tables.sh [--check] [FILE...]" >&2
    exit 2
    ;;
esac
if [ ! -x "$rtbench" ]; then
    echo "doc-tables: $rtbench not found or not executable (run make all, or set RTBENCH)" >&2
    exit 2
fi
cd "$root"
set +f
[ $# -gt 0 ] || set -- docs/benchmarks.md docs/ports/*.md
set -f

tmp=$(mktemp -d "${TMPDIR:-/tmp}/doc-tables.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

die() {
    echo "doc-tables: $*" >&2
    exit 2
}

# split_runs FILE OUTPREFIX: one file per run of FILE (a run starts at its
# header record), OUTPREFIX.1, .2, ...; prints their count.
split_runs() {
    awk -v p="$2" 'BEGIN { n = 1 }
        /RTB1 H / { if (seen) { close(f); n++ } seen = 1 }
        { f = p "." n; print > f }
        END { if (!seen) n = 0; print n }' "$1"
}

# import_line SPEC DB WORDS...: one `import LABELS FILE [options]` line (sh has
# no locals: its variables are named apart from the callers' k and n).
import_line() {
    spec=$1 db=$2 labels=$3 file=$4
    shift 4
    [ -f "$file" ] || die "$spec: $file: no such log"
    nl=$(printf '%s\n' "$labels" | awk -F, '{ print NF }')
    if [ "$nl" -eq 1 ]; then
        "$rtbench" import "$file" --label "$labels" --db "$db" "$@" >/dev/null ||
            die "$spec: rtbench import $file failed"
        return
    fi
    mkdir "$tmp/runs"
    nr=$(split_runs "$file" "$tmp/runs/run")
    [ "$nr" -eq "$nl" ] || die "$spec: $file holds $nr runs but $nl labels are given"
    ri=1
    for l in $(printf '%s\n' "$labels" | tr ',' ' '); do
        "$rtbench" import "$tmp/runs/run.$ri" --label "$l" --db "$db" "$@" >/dev/null ||
            die "$spec: rtbench import $file (run $ri) failed"
        ri=$((ri + 1))
    done
    rm -rf "$tmp/runs"
}

# generate SPECFILE OUT: the table of one block.
generate() {
    db="$tmp/db.sqlite"
    rm -f "$db"
    where=$(head -n 1 "$1")
    ncmp=0
    while read -r verb rest; do
        # shellcheck disable=SC2086 # the words of the marker, split on purpose
        case "$verb" in
        import) import_line "$where" "$db" $rest ;;
        compare)
            ncmp=$((ncmp + 1))
            # shellcheck disable=SC2086
            "$rtbench" compare $rest --format markdown --db "$db" >"$2" 2>"$tmp/err" ||
                die "$where: rtbench compare failed: $(head -n 1 "$tmp/err")"
            # its warnings (a glob that matched nothing, an incomplete run)
            sed "s|^|doc-tables: $where: |" "$tmp/err" >&2
            ;;
        '') ;;
        *) die "$where: unknown line '$verb' (import or compare)" ;;
        esac
    done <<EOF
$(tail -n +2 "$1")
EOF
    [ "$ncmp" -eq 1 ] || die "$where: a table needs exactly one compare line"
    rm -f "$db"
}

status=0
for doc in "$@"; do
    [ -f "$doc" ] || die "$doc: no such file"
    rm -rf "$tmp/doc" && mkdir "$tmp/doc"
    # The blocks' specs: spec.N = "DOC:LINE" then the marker's lines.
    n=$(awk -v d="$doc" -v t="$tmp" '
        /^<!-- rtbench-table[ \t]*$/ {
            if (inb) { print d ":" FNR ": rtbench-table inside another" > "/dev/stderr"; exit 3 }
            n++; f = t "/doc/spec." n; print d ":" FNR > f; inb = 1; inspec = 1; next }
        inspec && /^-->[ \t]*$/ { inspec = 0; close(f); next }
        inspec { print > f; next }
        /^<!-- end rtbench-table -->[ \t]*$/ {
            if (!inb) { print d ":" FNR ": end marker without a table" > "/dev/stderr"; exit 3 }
            inb = 0 }
        END { if (inb) { print d ": rtbench-table not closed" > "/dev/stderr"; exit 3 }
              print n + 0 }
    ' "$doc") || exit 2
    [ "$n" -gt 0 ] || continue
    k=1
    while [ "$k" -le "$n" ]; do
        generate "$tmp/doc/spec.$k" "$tmp/doc/out.$k"
        k=$((k + 1))
    done
    # The document with each block's lines replaced by its table.
    awk -v t="$tmp" '
        /^<!-- rtbench-table[ \t]*$/ { n++; inspec = 1; print; next }
        inspec { print; if ($0 ~ /^-->[ \t]*$/) { inspec = 0; skip = 1
                     f = t "/doc/out." n; while ((getline l < f) > 0) print l; close(f) }
                 next }
        skip && /^<!-- end rtbench-table -->/ { skip = 0; print; next }
        skip { next }
        { print }
    ' "$doc" >"$tmp/new"
    if cmp -s "$doc" "$tmp/new"; then
        continue
    fi
    if [ "$check" -eq 0 ]; then
        cat "$tmp/new" >"$doc"
        echo "doc-tables: $doc: tables regenerated"
        continue
    fi
    status=1
    # Name each differing table by its marker's line.
    k=1
    while [ "$k" -le "$n" ]; do
        where=$(head -n 1 "$tmp/doc/spec.$k")
        line=${where##*:}
        awk -v s="$line" '
            NR > s && /^-->[ \t]*$/ && !go { go = 1; next }
            go && /^<!-- end rtbench-table -->/ { exit }
            go { print }' "$doc" >"$tmp/doc/old.$k"
        if ! cmp -s "$tmp/doc/old.$k" "$tmp/doc/out.$k"; then
            echo "$where: table differs from what its logs generate (scripts/doc-tables.sh $doc)"
            diff -u "$tmp/doc/old.$k" "$tmp/doc/out.$k" | sed -n '3,$p' | head -n 20
        fi
        k=$((k + 1))
    done
done
exit $status
