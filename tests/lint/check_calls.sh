#!/bin/sh
# No file of the host tool calls back into a file that calls it, directly or
# through others: the files' calls (an object's undefined symbols that another
# object defines, nm) form no cycle. A table of kinds is data that names its
# entries (targets.c names each target_type); a kind is then called through
# the table's function pointers, which nm does not see and which make no cycle.
#   sh check_calls.sh OBJ...      (the objects of rtbench_host and rtbench)
# Prints each file on a cycle with the files it calls on it, and exits 1.
[ $# -gt 0 ] || { echo "check_calls: no object files given" >&2; exit 2; }
for o in "$@"; do
    [ -f "$o" ] || { echo "check_calls: no object file $o" >&2; exit 2; }
    name=$(echo "$o" | sed 's,.*\.dir/,,; s,\.o$,,')
    nm -P "$o" | awk -v f="$name" '$2 == "U" { print "U", f, $1; next }
                                    $2 ~ /^[TDRBCGSVW]$/ { print "D", f, $1 }'
done | awk '
    $1 == "D" { def[$3] = $2; files[$2] = 1; next }
    { files[$2] = 1; use[++nu] = $2 SUBSEP $3 }
    END {
        for (i = 1; i <= nu; i++) {
            split(use[i], u, SUBSEP)
            if ((u[2] in def) && def[u[2]] != u[1]) {
                e = u[1] SUBSEP def[u[2]]
                if (!(e in edge)) edge[e] = u[2]
                else if (index(" " edge[e] " ", " " u[2] " ") == 0) edge[e] = edge[e] " " u[2]
                reach[e] = 1
            }
        }
        n = 0
        for (f in files) node[++n] = f
        for (k = 1; k <= n; k++)
            for (i = 1; i <= n; i++)
                if ((node[i] SUBSEP node[k]) in reach)
                    for (j = 1; j <= n; j++)
                        if ((node[k] SUBSEP node[j]) in reach)
                            reach[node[i] SUBSEP node[j]] = 1
        bad = 0
        for (e in edge) {
            split(e, ab, SUBSEP)
            if ((ab[2] SUBSEP ab[1]) in reach) {
                printf "%s calls %s (%s), which calls back into %s\n", ab[1], ab[2], edge[e], ab[1]
                bad++
            }
        }
        printf "%d files, %d calls back\n", n, bad
        exit bad > 0
    }'
