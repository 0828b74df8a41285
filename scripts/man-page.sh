#!/bin/sh
# The rtbench(1) man page, generated from the command's own help (rtbench
# --help and each subcommand's --help, the subcommand list taken from the
# first): nothing in it is written twice. The build runs it (the target
# rtbench-man); `cmake --install` puts the page in share/man/man1.
#   sh scripts/man-page.sh path/to/rtbench rtbench.1
set -u
rtbench=$1
out=$2
tmp=$out.tmp
# text as roff: backslashes doubled, a leading . or ' made literal
roff() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
help=$("$rtbench" --help) || { echo "man-page.sh: $rtbench --help failed" >&2; exit 2; }
version=$("$rtbench" --version 2>/dev/null | head -n 1)
subs=$(echo "$help" | sed -n '/^subcommands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')
[ -n "$subs" ] || { echo "man-page.sh: no subcommands in $rtbench --help" >&2; exit 2; }
{
    echo ".TH RTBENCH 1 \"\" \"$version\" \"User Commands\""
    echo ".SH NAME"
    echo "rtbench \\- benchmark suite for real-time kernels: run, store, compare"
    echo ".SH SYNOPSIS"
    echo ".nf"
    echo "$help" | sed -n '1,/^$/p' | sed '/^$/d' | roff
    echo ".fi"
    echo ".SH DESCRIPTION"
    echo ".nf"
    echo "$help" | sed '1,/^$/d' | roff
    echo ".fi"
    for s in $subs; do
        sub=$("$rtbench" "$s" --help) || { echo "man-page.sh: $rtbench $s --help failed" >&2; exit 2; }
        echo ".SH \"rtbench $s\""
        echo ".nf"
        echo "$sub" | roff
        echo ".fi"
    done
    echo ".SH FILES"
    echo "The Cortex-M images and the cycle-model plugin of an installed rtbench are in"
    echo ".I PREFIX/lib/rtbench"
    echo "beside"
    echo ".IR PREFIX/bin/rtbench ."
    echo ".SH SEE ALSO"
    echo "docs/cli.md in the rtbench source tree."
} >"$tmp" && mv "$tmp" "$out"
