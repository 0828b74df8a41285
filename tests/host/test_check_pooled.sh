#!/bin/sh
# rtbench check --pooled pQ: each side's figure the quantile Q of its runs'
# samples pooled (S records written here with valid CRCs, in the records'
# own encoding), judged by the threshold alone; a run without samples makes
# that metric fall back to the median, with a note; every format names it.
# Usage: sh test_check_pooled.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/pooled.db
X=semaphore.give.immediate.kernel Y=semaphore.take.immediate.kernel
Z=mutex.lock.immediate.recursive.kernel

# records HDR ID=V,V,... : an R record per metric (its figures from the
# values, nearest rank as the target takes them) and, when HDR (the header's
# CRC) is not "-", an S record of the values (docs/records.md's encoding)
records() {
    tag=$1
    shift
    seq=0
    for m in "$@"; do
        seq=$((seq + 1))
        echo "${m%%=*} ${m#*=}" | awk -v tag="$tag" -v seq="$seq" '
        function rank(pm) { r = int((pm * n + 999) / 1000); return v[r < 1 ? 1 : r] }
        function enc(d,   s) {
            s = ""
            while (d >= 32) { s = s substr(A, 32 + d % 32 + 1, 1); d = int(d / 32) }
            return s substr(A, d + 1, 1)
        }
        {
            A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
            n = split($2, v, ",")
            sum = 0; for (i = 1; i <= n; i++) sum += v[i]
            mean = sum / n; sq = 0; for (i = 1; i <= n; i++) sq += (v[i] - mean) ^ 2
            num = tag == "-" ? "" : sprintf(" seq=%d hdr=%s", seq, tag)
            printf "RTB1 R id=%s n=%d min=%d max=%d mean=%.3f sd=%.3f p50=%d p90=%d p99=%d p999=%d flags=%s\n",
                $1, n, v[1], v[n], mean, sqrt(sq / (n - 1)), rank(500), rank(900), rank(990),
                rank(999), num
            if (tag == "-") next
            s = ""; prev = 0
            for (i = 1; i <= n; i++) { s = s enc(v[i] - prev); prev = v[i] }
            printf "RTB1 S id=%s first=0 v=%s seq=%d hdr=%s\n", $1, s, seq, tag
        }'
    done
}
# log FILE SAMPLES(1|0) ID=V,V,...: a run of those metrics, with samples or not
log() {
    f=$1 smp=$2
    shift 2
    h=$(echo "RTB1 H rtbench=0.1.0 port=posix kernel=Linux kver=6.1 board=b cpu=x timer=tsc" \
        "hz=1000000000 bits=64 unit=cycles ns_num=1 ns_den=1 clock=hw iters=10 warmup=1" \
        "overhead=0${smp:+ samples=1 seq=1} count=$#" | sign)
    tag=-
    [ -n "$smp" ] && tag=${h##*\*}
    {
        echo "$h"
        records "$tag" "$@" | sign
        echo "RTB1 E records=$# status=0${smp:+ hdr=$tag}" | sign
    } >"$TMP/$f"
}
# 10 samples a run: p10 is the lowest (rank 1 of 10), p50 the 5th; pooled
# over 2 runs, p10 is the 2nd of 20
low2() { echo "$1,$1,200,200,200,200,200,200,200,200"; }
# the baseline: X, Y p10 100, p50 200; Z p10 100 and 150, pooled 100
log b1.log 1 "$X=$(low2 100)" "$Y=$(low2 100)" "$Z=$(low2 100)"
log b2.log 1 "$X=$(low2 100)" "$Y=$(low2 100)" "$Z=$(low2 150)"
# the candidate: X p10 +20 % (p50 the same); Y p10 the same, p50 +50 %;
# Z p10 112: +12 % on the pool (100), -10.4 % on the median of the runs' p10s
cand="$X=$(low2 120) $Y=100,100,300,300,300,300,300,300,300,300 $Z=$(low2 112)"
# shellcheck disable=SC2086 # the metrics, one word each
log c1.log 1 $cand
# shellcheck disable=SC2086
log c2.log 1 $cand
# the baseline's figures without samples
log b3.log "" "$X=$(low2 100)" "$Y=$(low2 100)" "$Z=$(low2 100)"
for f in b1 b2 c1 c2 b3; do
    run "$RTB" import --db "$DB" --label "$f" "$TMP/$f.log"
    check "$f imported, samples accepted" '[ $rc -eq 0 ] && [ -n "$(id_of)" ] && ! echo "$err" | grep -q refused'
    eval "ID_$f=\$(id_of)"
done
SIDES="--baseline b1 --baseline b2 --candidate c1 --candidate c2"
row() { echo "$out" | grep "^$1 *$2 "; }

# shellcheck disable=SC2086
run "$RTB" check $SIDES --pooled p10 --db "$DB"
check "pooled: a regression, exit 1" '[ $rc -eq 1 ]'
check "pooled p10 +20 %: REGRESSION" 'row REGRESSION $X | grep -q "pooled p10  *100 ->  *120  *+20.0 %"'
check "pooled p10 +0 % (median +50 %): ok" 'row ok $Y | grep -q "pooled p10  *100 ->  *100  *+0.0 %"'
check "the union's p10, not the runs' median: +12 %" 'row REGRESSION $Z | grep -q "pooled p10  *100 ->  *112  *+12.0 %"'
check "two regressions" 'echo "$out" | grep -q "summary: 3 compared, 2 regressions"'
check "the threshold line names the pooled quantile" 'echo "$out" | grep -q "^threshold +10 % on the p10 of each side.s samples pooled over its runs (the median where a run has none), unit cycles$"'
check "no test of noise on them, said" 'echo "$out" | grep -q "^3 metric(s) judged on the p10 of each side.s samples pooled over its runs, by the threshold alone: no test of noise$"'
check "no p-value on the pooled rows" '! echo "$out" | grep -q "U p="'

# below the threshold: ok
# shellcheck disable=SC2086
run "$RTB" check $SIDES --pooled p10 --threshold 25 --db "$DB"
check "threshold 25 %: +20 % ok, exit 0" '[ $rc -eq 0 ] && row ok $X | grep -q "+20.0 %"'

# without --pooled: the medians, as before (X ok at +0 %)
# shellcheck disable=SC2086
run "$RTB" check $SIDES --db "$DB"
check "without --pooled: the median, X ok" 'row ok $X | grep -q "p50  *200 ->  *200"'

# one run a side: that run's p10 (rank 1 of 10)
run "$RTB" check b1 c1 --pooled p10 --db "$DB"
check "one run a side: its p10, REGRESSION, not tested" '[ $rc -eq 1 ] && row REGRESSION $X | grep -q "pooled p10  *100 ->  *120" && ! echo "$out" | grep -q "U p="'

# a run without samples: that metric falls back to the median, with a note
run "$RTB" check --baseline b1 --baseline b3 --candidate c1 --candidate c2 \
    --pooled p10 --db "$DB"
check "fallback: exit 0, X on p50 with a note naming the run" '[ $rc -eq 0 ] && row ok $X | grep -q "p50  *200 ->  *200 .*(not pooled: #$ID_b3 b3 has no samples of it (run --samples): judged on p50)"'
check "fallback: nothing pooled" 'echo "$out" | grep -q "^0 metric(s) judged on the p10 .*: no test of noise; the others: tested for noise over the runs" && ! echo "$out" | grep -q "pooled p10  "'
run "$RTB" check --baseline b1 --baseline b3 --candidate c1 --candidate c2 --pooled p10 \
    --format json --db "$DB"
check "fallback JSON: stat p50 and the note" 'echo "$out" | tr -d "\t\n" | grep -q "\"metric\":\"$X\",\"verdict\":\"ok\",\"stat\":\"p50\",[^}]*\"note\":\"not pooled: #$ID_b3 b3 has no samples"'
run "$RTB" check --baseline b1 --baseline b3 --candidate c1 --candidate c2 --pooled p10 \
    --format csv --db "$DB"
check "fallback CSV: the note column" 'echo "$out" | grep -q "^$X,ok,p50,200.000,200.000,0.000,,,not pooled: #$ID_b3 b3 has no samples"'

# every format names the statistic
# shellcheck disable=SC2086
run "$RTB" check $SIDES --pooled p10 --format json --db "$DB"
j=$(echo "$out" | tr -d '\t\n')
check "JSON: stat pooled p10, pooled named at the top" 'echo "$j" | grep -q "\"pooled\":\"p10\"" && echo "$j" | grep -q "\"metric\":\"$X\",\"verdict\":\"regression\",\"stat\":\"pooled p10\",\"baseline\":100,\"candidate\":120"'
# shellcheck disable=SC2086
run "$RTB" check $SIDES --pooled p10 --format csv --db "$DB"
check "CSV: stat pooled p10" 'echo "$out" | grep -q "^$X,regression,pooled p10,100.000,120.000,20.000,,,$"'
# shellcheck disable=SC2086
run "$RTB" check $SIDES --pooled p10 --format markdown --db "$DB"
check "Markdown: stat pooled p10" 'echo "$out" | grep "$X" | grep -q "| pooled p10 | 100 | 120 | +20.0 % |"'
# shellcheck disable=SC2086
run "$RTB" check $SIDES --pooled p10 --format junit --db "$DB"
check "JUnit: the failure names pooled p10, the property the test" 'echo "$out" | grep -q "message=\"regression: pooled p10 100 -&gt; 120 cycles (+20.0 %" && echo "$out" | grep -q "name=\"noise_test\" value=\"3 metric(s) judged on the p10 of each side"'

# bad values: one line, exit 2
for v in 10 p0 p100 p10.55 px ""; do
    # shellcheck disable=SC2086
    run "$RTB" check $SIDES --pooled "$v" --db "$DB"
    check "--pooled '$v': exit 2, one line naming it" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "^rtbench check: --pooled must be pQ"'
done
finish test_check_pooled
