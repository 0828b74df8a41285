# Sourced by the tests of tests/kernels after tests/lib.sh:
#   records LOG                the records of a log (from the first "RTB1 " of each line)
#   same_as_committed NAME RUN LOG
#       ok when RUN is byte-identical to the committed LOG; one line naming both
#       compilers (and ok) when LOG was built by another compiler than RUN (the
#       header's cc); else a diff and ko: a change that moves a figure updates
#       the log in the same commit.
records() { sed -n 's/.*\(RTB1 .*\)$/\1/p' "$1" | tr -d '\r'; }
cc_of() { records "$1" | sed -n 's/^RTB1 H .* cc=\([^ ]*\).*/\1/p' | head -n 1 | sed 's/%20/ /g'; }
same_as_committed() {
    if [ ! -f "$3" ]; then
        ko "no committed log $3: after checking this run, commit it (rtbench run ... --log $3)"
    elif cmp -s "$2" "$3"; then
        ok
    elif [ "$(cc_of "$2")" != "$(cc_of "$3")" ]; then
        echo "$1: comparison with $3 skipped: it was built by gcc $(cc_of "$3"), this run by gcc $(cc_of "$2")"
    else
        diff "$3" "$2" | head -n 20 >&2
        ko "this run differs from $3 (same compiler): a change that moves a figure updates the log (and scripts/doc-tables.sh's tables) in the same commit"
    fi
}
