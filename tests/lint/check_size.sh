#!/bin/sh
# Size limits of the C sources: no function longer than 80 lines (from the
# line of its name to its closing brace), no C file over 600 lines, in every
# folder given. Functions are found as clang-format lays them out
# (.clang-format, BreakBeforeBraces: Linux): a '{' alone at the start of a
# line opens a function body and a '}' alone at the start of a line closes
# it; the name is on the line before the '{' (or the lines before, when the
# parameters wrap).
#   sh check_size.sh [--max-file N] DIR...   (default: host)
max_fn=80
max_file=600
if [ "$1" = "--max-file" ]; then
    max_file=$2
    shift 2
fi
[ $# -gt 0 ] || set -- host
pass=0
fail=0
for f in $(for d in "$@"; do ls "$d"/*.c 2>/dev/null; done); do
    n=$(wc -l <"$f")
    if [ "$n" -gt $max_file ]; then
        echo "$f: $n lines (at most $max_file)"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
    out=$(awk -v max=$max_fn -v file="$f" '
        /^[A-Za-z_].*\(/ { start = NR; name = $0 }
        /^\{$/ && start { open = 1 }
        /^\}$/ && open {
            len = NR - start + 1
            if (len > max) {
                sub(/\(.*/, "", name)
                n = split(name, w, /[ *]+/)
                printf "%s:%d: %s is %d lines (at most %d)\n", file, start, w[n], len, max
            }
            open = 0; start = 0
        }' "$f")
    if [ -n "$out" ]; then
        echo "$out"
        fail=$((fail + $(echo "$out" | wc -l)))
    else
        pass=$((pass + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
