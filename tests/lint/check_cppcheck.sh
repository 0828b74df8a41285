#!/bin/sh
# cppcheck (warning + portability) is clean on each part of the tree.
cc=${1:-cppcheck}
pass=0
fail=0
run() {
    name=$1
    shift
    if out=$("$cc" --quiet --error-exitcode=1 --enable=warning,portability \
        --suppress=missingIncludeSystem "$@" 2>&1); then
        pass=$((pass + 1))
    else
        echo "cppcheck: $name:"
        echo "$out"
        fail=$((fail + 1))
    fi
}
run suite+posix --std=c99 -I suite/include -I ports/posix suite ports/posix
run template --std=c99 -I suite/include -I ports/template ports/template
run common --std=c99 -I suite/include -I ports/posix ports/common
run cortex-m --std=c99 -I suite/include -I ports/cortex-m -I ports/cortex-m/include \
    -I ports/cortex-m/refk -I ports/cortex-m/boards/mps2-an385 ports/cortex-m
run host --std=c11 -I host -I suite/include host
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
