#!/bin/sh
# A counter that did not run, and a figure that wrapped its 32-bit counter, are
# flagged on import in every format that carries timed figures (host/artifact.c:
# "constant", "underflow"): a copy of each real fixture with every figure set to 0
# has every row flagged; a copy with one row's figure set to 2^32 - 6 has that row
# flagged "underflow" and no other row. The clean fixtures themselves are checked
# unflagged by test_import_flags.sh.
# Usage: sh test_import_damaged.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/damaged.db
# n_metrics RUN
n_metrics() { json "$1" | grep -o '"id":"' | wc -l; }
# damage NAME FIXTURE PERL: FIXTURE through PERL (a perl -pe expression) into
# $TMP/NAME, imported; _id its run (1, and ko, when PERL changed nothing)
damage() {
    perl -pe "$3" "$FIX/$2" >"$TMP/$1"
    cmp -s "$TMP/$1" "$FIX/$2" && { ko "$1: the damage changed nothing"; return 1; }
    run "$RTB" import --db "$DB" "$TMP/$1"
    _id=$(id_of)
}
# zero NAME FIXTURE PERL [ID]: every figure of FIXTURE set to 0 by PERL (a perl -pe
# expression): each of the run's metrics flagged constant, but ID (a deviation,
# where 0 is a measurement, not a counter that did not run)
zero() {
    damage "$1" "$2" "$3" || return
    _n=$(n_metrics "$_id") _f=$(flagged "$_id" constant) _x=${4:-none} _k=0
    [ -n "${4-}" ] && _k=1
    check "$1: every figure 0: all $_n rows flagged constant${4:+ but $4} ($(echo $_f | wc -w))" \
        '[ -n "$_id" ] && [ "$_n" -gt 0 ] && [ "$(echo $_f | wc -w)" -eq $((_n - _k)) ] && ! echo " $_f" | grep -q " $_x "'
}
# wrap NAME FIXTURE ID PERL: PERL sets one row's figure to 4294967290 (a small
# negative difference read as unsigned 32-bit): ID alone flagged underflow
wrap() {
    damage "$1" "$2" "$4" || return
    _want=$3
    check "$1: one figure wrapped: $3 alone flagged underflow ($(flagged "$_id" underflow))" '[ "$(flagged "$_id" underflow)" = "$_want " ]'
}
lm='s/:\s+\d+ cycles ,\s+\d+ ns/: 0 cycles , 0 ns/'
zero lm-zero zephyr-latency-measure/frdm_rw612.log "$lm"
zero lm-pico-zero zephyr-latency-measure/rpi_pico.log "$lm"
wrap lm-wrap zephyr-latency-measure/frdm_rw612.log events.set.immediate.kernel \
    '/^events\.set\.immediate\.kernel / and s/:\s+\d+ cycles ,\s+\d+ ns/: 4294967290 cycles , 4294967290 ns/'
zero legacy-2.6-zero zephyr-legacy/latency_measure-v2.6.0.log 's/\b\d+ cycles/0 cycles/g; s/\b\d+ ns/0 ns/g'
zero legacy-1.7-zero zephyr-legacy/latency_measure-v1.7.99.log 's/\b\d+ tcs = \d+ nsec/0 tcs = 0 nsec/g'
zero timing-info-zero zephyr-legacy/timing_info-v2.2.0-mec15xxevb.log 's/\b\d+ cycles/0 cycles/g; s/\b\d+ ns/0 ns/g'
zero osperf-zero osperf/samv7_c1000.log 's/^(\S+\s+)\d+(\s+)\d+(\s+)\d+$/${1}0${2}0${3}0/'
wrap osperf-wrap osperf/samv7_c1000.log osperf.pthread_create 's/^(pthread-create\s+)\d+(\s+)\d+(\s+)\d+$/${1}4294967290${2}4294967290${3}4294967290/'
zero rhealstone-zero rhealstone/tenonos_rk3568.log 's/- \d+ (cycle|count)/- 0 $1/' timer.deviation.interference
zero rtems-zero rtems/psxtmmq01.scn 's/ \d+$/ 0/'
# put_time() prints its uint32_t with PRId32: 2^32 - 6 is printed "-6"
wrap rtems-wrap rtems/psxtmmq01.scn rtems.psxtmmq01.mq_notify 's/^mq_notify 13$/mq_notify - -6/'
finish test_import_damaged
