# Shared by test_report.sh and test_browser.sh (sourced after lib.sh; the name
# must not match test_*.sh): two crafted runs whose strings carry markup, and
# the three Zephyr fixtures, in $TMP/report.db; then report_runs_write FILE
# writes the report of the two crafted runs, the Zephyr runs after them.
#
# Run A, labelled <script>alert(1)</script>, board "b</svg>", sched with a
# script: sem.<b>x</b>, sem.na (n/a, reason "</svg> not here"), sem.take
# (clamped: flagged), tm.basic (ops, higher is better), two msgq points (a
# sweep), uf.x near 2^32 (an underflow). Run B "base": the same five sem/uf/tm
# metrics measured (uf.x 100), sem.fail failed.
# Per unit view (own unit, ns) the charts then hold exactly:
#   sem: A 2 (x, take) + B 3 (x, na, take) = 5 bars   (sem.fail: none)
#   tm: 2 bars   msgq: 2 bars (A only)   uf: 2 bars
RDB=$TMP/report.db
RPT_SEM_BARS=5
RPT_TM_BARS=2
RPT_MSGQ_BARS=2
rpt_run() { # rpt_run A|B
    {
        echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=b%3C/svg%3E cpu=x" \
            "timer=tsc hz=1000000000 bits=64 unit=cycles ns_num=2 ns_den=1 clock=hw iters=10" \
            "warmup=0 overhead=0 sched=%3C/svg%3E%3Cscript%3Ealert(2)%3C/script%3E count=$2"
        echo "RTB1 R id=sem.%3Cb%3Ex%3C/b%3E n=10 min=90 max=300 mean=120.000 sd=1.000 p50=$3" \
            "p90=150 p99=200 p999=250 flags="
        if [ "$1" = A ]; then
            echo "RTB1 N id=sem.na reason=%3C/svg%3E%20not%20here"
        else
            echo "RTB1 R id=sem.na n=10 min=10 max=30 mean=20.000 sd=1.000 p50=20 p90=25" \
                "p99=29 p999=30 flags="
            echo "RTB1 F id=sem.fail err=-3 name=timeout native=0"
        fi
        echo "RTB1 R id=sem.take n=10 min=1 max=90 mean=50.000 sd=1.000 p50=50 p90=80 p99=88" \
            "p999=90 flags=$4"
        echo "RTB1 R id=uf.x n=10 min=$6 max=$6 mean=$6.000 sd=0.000 p50=$6 p90=$6 p99=$6" \
            "p999=$6 flags="
        echo "RTB1 R id=tm.basic n=3 min=$5 max=$5 mean=$5.000 sd=0.000 p50=$5 p90=$5 p99=$5" \
            "p999=$5 flags= unit=ops better=higher"
        if [ "$1" = A ]; then
            for s in 64 256; do
                echo "RTB1 R id=msgq.sync.c1.s$s n=1 min=${s}000 max=${s}000 mean=${s}000.000" \
                    "sd=0.000 p50=${s}000 p90=${s}000 p99=${s}000 p999=${s}000 flags= unit=B/s" \
                    "better=higher"
            done
        fi
        echo "RTB1 E records=$2 status=0"
    } | sign >"$TMP/run$1.log"
}
rpt_run A 7 100 clamped 1000 4294967290
rpt_run B 6 110 "" 900 100
"$RTB" import --db "$RDB" --label '<script>alert(1)</script>' "$TMP/runA.log" >/dev/null &&
    "$RTB" import --db "$RDB" --label base "$TMP/runB.log" >/dev/null &&
    for f in "$Z"/frdm_rw612.log "$Z"/rpi_pico.log "$Z"/frdm_rw612.compact.log; do
        "$RTB" import --db "$RDB" "$f" >/dev/null || exit 2
    done || exit 2
report_runs_write() { "$RTB" report 1 2 3 4 5 --db "$RDB" -o "$1"; }
# bars_of FILE FAMILY: the bars in FAMILY's charts (every unit view), one line per chart
bars_of() {
    awk -v fam="$2" 'BEGIN { RS = "<figure class=\"chart\" data-family=\"" }
        NR > 1 { split($0, a, "\""); if (a[1] == fam) { n = gsub(/<rect class="bar/, "&"); print n } }' "$1"
}
