#!/bin/sh
# rtbench history: one row per run of a series (revision, figure, change,
# change point); under QEMU -icount any change is a change point, else the
# two-window median test (history.h) finds a +10 % step in noisy runs and
# nothing in 20 real repeated POSIX runs of one build
# (results/host/posix-repeat20.log); the github-action-benchmark and
# Bencher Metric Format writers of history and compare against their
# documented shapes; bad arguments.
# Usage: sh test_history.sh <rtbench> <fixtures-dir> <tmpdir>
. "$(dirname "$0")/lib.sh"
DB=$TMP/h.db
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
G=semaphore.give.wake+ctx.k_to_k T=semaphore.take.immediate.kernel
V=tm.preemptive.score


# ---- icount: any change is a change point ----
history_icount_series
run "$RTB" history --db "$DB" --where series=icount "$G" "$T"
check "icount history: exit 0" '[ $rc -eq 0 ]'
check "icount: one row per run, revisions in order" '[ "$(echo "$out" | grep "^ *#" | head -5 | awk "{print \$2}" | tr "\n" " ")" = "c1 c2 c3 c4 c5 " ]'
check "icount: the change point at c3, +9.09 %, and only there" '[ "$(echo "$out" | grep -c "change point$")" -eq 1 ] && echo "$out" | grep "change point$" | grep -q " c3 .*72 *+9.09%"'
check "icount: says how change points are found" 'echo "$out" | grep "^$G" | grep -q "any change (QEMU -icount"'
check "icount: a constant metric has none" 'echo "$out" | grep "^$T" | grep -q "0 found"'

# ---- noisy: a +10 % step in runs with 1.5 % noise is found at its run, once ----
history_noisy_series
run "$RTB" history --db "$DB" --where series=noisy "$G"
check "noisy: the two-window test named" 'echo "$out" | head -1 | grep -q "two-window median test"'
check "noisy: one change point, at the step (n9)" '[ "$(echo "$out" | grep -c "change point$")" -eq 1 ] && echo "$out" | grep "change point$" | grep -q " n9 "'
run "$RTB" history --db "$DB" --where series=noisy --latest 8 "$G"
check "noisy --latest 8: after the step only, nothing" '[ $rc -eq 0 ] && [ "$(echo "$out" | grep -c "#")" -eq 8 ] && ! echo "$out" | grep -q "change point$"'

# ---- 20 real repeated POSIX runs of one build: no change point ----
run "$RTB" import --db "$TMP/real.db" "$ROOT/results/host/posix-repeat20.log"
run "$RTB" history --db "$TMP/real.db" '*'
check "real runs: every metric tested, none with a change point" '[ $rc -eq 0 ] && [ "$(echo "$out" | grep -c "two-window")" -ge 5 ] && [ "$(echo "$out" | grep -c "; 0 found)")" -eq "$(echo "$out" | grep -c "found)")" ] && ! echo "$out" | grep -q "change point$"'

# ---- JSON, github-action-benchmark, Bencher Metric Format ----
run "$RTB" history --db "$DB" --where series=icount "$G" "$V" --format json
printf '%s' "$out" >"$TMP/h.json"
run python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [r["revision"] for r in d["runs"]] == ["c1", "c2", "c3", "c4", "c5"]
assert all(r["deterministic"] for r in d["runs"])
g = d["metrics"][0]
assert g["metric"] == sys.argv[2] and g["stat"] == "p50" and g["unit"] == "insns" and g["better"] == "lower"
assert [p["value"] for p in g["points"]] == [66, 66, 72, 72, 72]
assert [p["change_point"] for p in g["points"]] == [False, False, True, False, False]
assert g["points"][0]["change"] is None and g["points"][2]["change"] == 9.091
' "$TMP/h.json" "$G"
check "history --format json: runs, points, change points ($err)" '[ $rc -eq 0 ]'

# github-action-benchmark: [{name, unit, value, range?, extra?}], one direction per file
cat >"$TMP/gab.py" <<'EOF'
import json, sys
a = json.load(open(sys.argv[1]))
want = json.loads(sys.argv[2])
assert isinstance(a, list)
for e in a:
    assert set(e) <= {"name", "unit", "value", "range", "extra"}, e
    assert isinstance(e["name"], str) and isinstance(e["unit"], str)
    assert isinstance(e["value"], (int, float)) and not isinstance(e["value"], bool)
    assert all(isinstance(e[k], str) for k in ("range", "extra") if k in e)
assert {e["name"]: e["value"] for e in a} == want, a
EOF
for dir in smaller bigger; do
    run "$RTB" history --db "$DB" --where series=icount "$G" "$T" "$V" --format gab-$dir
    printf '%s' "$out" >"$TMP/gab-$dir.json"
    if [ $dir = smaller ]; then want="{\"$G\": 72, \"$T\": 13}"; else want="{\"$V\": 720}"; fi
    run python3 "$TMP/gab.py" "$TMP/gab-$dir.json" "$want"
    check "history --format gab-$dir: the newest run, its direction only ($err)" '[ $rc -eq 0 ]'
done
run "$RTB" compare --db "$DB" --where series=icount --latest 2 --format gab-smaller
printf '%s' "$out" >"$TMP/gab-c.json"
run python3 "$TMP/gab.py" "$TMP/gab-c.json" "{\"$G\": 72, \"$T\": 13}"
check "compare --format gab-smaller: the newest run ($err)" '[ $rc -eq 0 ] && grep -q "\"range\":.*\"± 2.000\"" "$TMP/gab-c.json" && grep -q "1.000x of #4" "$TMP/gab-c.json"'

# Bencher Metric Format: {benchmark: {measure: {value, lower_value?, upper_value?}}}
cat >"$TMP/bmf.py" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
want = json.loads(sys.argv[2])
assert isinstance(d, dict)
got = {}
for name, measures in d.items():
    assert isinstance(measures, dict) and measures, name
    for measure, m in measures.items():
        assert set(m) <= {"value", "lower_value", "upper_value"} and "value" in m, m
        assert all(isinstance(v, (int, float)) for v in m.values())
        if "lower_value" in m:
            assert m["lower_value"] <= m["value"] <= m["upper_value"], m
        got[name] = [measure, m["value"]] + ([m["lower_value"], m["upper_value"]] if "lower_value" in m else [])
assert got == want, got
EOF
run "$RTB" history --db "$DB" --where series=icount "$G" "$V" --format bmf
printf '%s' "$out" >"$TMP/bmf-h.json"
run python3 "$TMP/bmf.py" "$TMP/bmf-h.json" "{\"$G\": [\"insns\", 72], \"$V\": [\"iter\", 720]}"
check "history --format bmf: the newest run, measure = unit ($err)" '[ $rc -eq 0 ]'
run "$RTB" compare --db "$DB" --where series=icount --latest 1 --metrics "$G" --format bmf
printf '%s' "$out" >"$TMP/bmf-c.json"
run python3 "$TMP/bmf.py" "$TMP/bmf-c.json" "{\"$G\": [\"insns\", 72, 71, 81]}"
check "compare --format bmf: value, lower (min), upper (max) ($err)" '[ $rc -eq 0 ]'
run "$RTB" check --db "$DB" --latest 2 --format bmf
check "check --format bmf refused: not a check format" '[ $rc -eq 2 ] && echo "$err" | grep -q "format must be"'

# ---- errors ----
run "$RTB" history --db "$DB"
check "no METRIC: one line, exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "which metric"'
run "$RTB" history --db "$DB" ""
check "an empty METRIC: one line, exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ]'
run "$RTB" history --db "$DB" 'nosuch.*'
check "a METRIC no run has: one line, exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "no metric of the 21 run(s) matches nosuch"'
run "$RTB" history --db "$DB" --where series=none "$G"
check "--where matching nothing: one line, exit 2" '[ $rc -eq 2 ] && [ "$(lines "$err")" -eq 1 ] && echo "$err" | grep -q "no stored run matches --where"'
run "$RTB" history --db "$DB" --latest 0 "$G"
check "--latest 0 refused" '[ $rc -eq 2 ] && echo "$err" | grep -q "latest must be a positive integer"'
run "$RTB" history --db "$DB" --format markdown "$G"
check "--format markdown refused, the history formats named" '[ $rc -eq 2 ] && echo "$err" | grep -q "text, json, gab-smaller, gab-bigger or bmf"'
check_no_database history

finish test_history
