#!/bin/sh
# Every C source and header is formatted as .clang-format says.
cf=${1:-clang-format}
files=$(find suite ports arch boards host emu tests -name '*.[ch]' | sort)
bad=0
for f in $files; do
    if ! "$cf" --dry-run --Werror "$f" >/dev/null 2>&1; then
        echo "not formatted: $f (run: make format)"
        bad=$((bad + 1))
    fi
done
n=$(echo "$files" | wc -w)
echo "$((n - bad)) passed, $bad failed"
[ "$bad" -eq 0 ]
