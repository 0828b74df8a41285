#!/usr/bin/env python3
"""The figures of scripts/signif-study.sh's runs (OUTDIR/runs.txt and the
logs): per statistic of a run's samples, its spread over the runs of one
build (A and B) and the shift of S (the slowed give) against them, and the
changes check would see between two single runs, and between pools of the
samples of 2 and 4 rounds. Usage: signif-study.py OUTDIR"""
import itertools
import math
import os
import statistics
import sys

DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
INDEX = {c: i for i, c in enumerate(DIGITS)}
GIVE = "semaphore.give.wake+ctx.k_to_k"
REF = "thread.yield.preemptive.ctx.k_to_k"  # the reference of /ref


def numbers(v):
    out, cur, shift = [], 0, 0
    for ch in v:
        d = INDEX[ch]
        cur |= (d & 31) << shift
        shift += 5
        if d < 32:
            out.append(cur)
            cur = shift = 0
    return out


def samples(path):
    """Every S record of the log, decoded: {id: ascending samples}."""
    res = {}
    for line in open(path):
        if not line.startswith("RTB1 S "):
            continue
        f = dict(kv.split("=", 1) for kv in line.split()[2:] if "=" in kv)
        got = res.setdefault(f["id"], [])
        if int(f["first"]) != len(got):
            sys.exit(f"{path}: chunk from {f['first']} when {len(got)} was next")
        for k, x in enumerate(numbers(f["v"])):
            got.append(x if k == 0 else got[-1] + x)
    return res


def q(v, p):
    """The p-quantile of ascending v (the nearest rank, as the runner's)."""
    return v[min(len(v) - 1, max(0, math.ceil(p * len(v)) - 1))]


def trimmed(v, lo, hi):
    part = v[int(lo * len(v)) : max(int(lo * len(v)) + 1, int(hi * len(v)))]
    return sum(part) / len(part)


def hsm(v):
    """The half-sample mode (Bickel and Fruehwirth 2006): the shortest half,
    again and again, until 2 or 3 values are left; their mean."""
    lo, n = 0, len(v)
    while n > 3:
        h = (n + 1) // 2
        best = min(range(lo, lo + n - h + 1), key=lambda i: v[i + h - 1] - v[i])
        lo, n = best, h
    return sum(v[lo : lo + n]) / n


def shorth(v):
    """The middle of the shortest interval holding half the samples."""
    h = (len(v) + 1) // 2
    i = min(range(len(v) - h + 1), key=lambda i: v[i + h - 1] - v[i])
    return (v[i] + v[i + h - 1]) / 2


STATS = [
    ("min", lambda v: v[0]),
    ("p1", lambda v: q(v, 0.01)),
    ("p5", lambda v: q(v, 0.05)),
    ("p10", lambda v: q(v, 0.10)),
    ("p25", lambda v: q(v, 0.25)),
    ("p50", lambda v: q(v, 0.50)),
    ("mean0-20", lambda v: trimmed(v, 0, 0.2)),
    ("mean0-50", lambda v: trimmed(v, 0, 0.5)),
    ("mean10-90", lambda v: trimmed(v, 0.1, 0.9)),
    ("mean", lambda v: sum(v) / len(v)),
    ("hsm", hsm),
    ("shorth", shorth),
]
# a change of every quantile of QUANTS in one direction: the least of them
# (0 when they disagree in sign), the rule "the whole distribution moved"
QUANTS = ("p5", "p10", "p25", "p50")


def pct(x):
    return f"{100 * (x - 1):+6.1f}"


def main(out):
    runs = [line.split() for line in open(os.path.join(out, "runs.txt")) if line.strip()]
    data = {}  # run name -> {metric: {stat: value}}
    for name, side, slow, load, when in runs:
        s = samples(os.path.join(out, name + ".log"))
        data[name] = {m: {st: f(v) for st, f in STATS} for m, v in s.items()}
    metrics = sorted({m for d in data.values() for m in d})
    one = [r[0] for r in runs if r[1] in "ab"]
    slowed = [r[0] for r in runs if r[1] == "s"]
    loads = [float(r[3]) for r in runs]
    per = len(samples(os.path.join(out, one[0] + ".log"))[metrics[0]])
    print(f"{len(one)} runs of one build (A, B), {len(slowed)} slowed (S, PCT {runs[-1][2]}), "
          f"{per} samples a benchmark; "
          f"load average {min(loads):.2f} to {max(loads):.2f} (median {statistics.median(loads):.2f})")
    print("\nper statistic: A+B median; spread over A+B (sd of ln, %; range % of the median); "
          "S against A+B (median shift %, its least and most)")
    for m in metrics:
        print(f"\n{m}")
        for st, _ in STATS:
            v = [data[r][m][st] for r in one]
            med = statistics.median(v)
            sd = 100 * statistics.pstdev([math.log(x) for x in v])
            sv = [data[r][m][st] / med for r in slowed]
            print(f"  {st:10} {med:9.1f}  sd {sd:5.1f}  range {pct(min(v) / med)} {pct(max(v) / med)}"
                  f"   S {pct(statistics.median(sv))} ({pct(min(sv))} .. {pct(max(sv))})")
    pairs(data, runs, metrics)
    rates(data, runs, metrics)
    for k in (2, 4):
        pooled(out, runs, metrics, k)
    common(data, one, metrics)
    print("\nper run: load, and each metric's p10 / p50")
    for name, side, slow, load, when in runs:
        cells = "  ".join(f"{data[name][m]['p10']:7.0f}/{data[name][m]['p50']:7.0f}" for m in metrics)
        print(f"  {name:5} {when} load {load:5}  {cells}")


def least(cs):
    """The change nearest 0 of CS when all have one sign, else 0."""
    if all(c > 0 for c in cs):
        return min(cs)
    if all(c < 0 for c in cs):
        return max(cs)
    return 0.0


def changes(data, x, y, metrics, st, norm):
    """{metric: y's statistic / x's}, divided by the median of those ratios
    over the metrics when NORM (the run's common factor taken out)."""
    if st == "all":
        per = [changes(data, x, y, metrics, q, norm) for q in QUANTS]
        return {m: least([c[m] for c in per]) for m in per[0]}
    c = {m: data[y][m][st] / data[x][m][st] for m in metrics}
    if norm == "ref":
        f = c[REF]
        return {m: v / f - 1 for m, v in c.items() if m != REF}
    f = statistics.median(c.values()) if norm else 1
    return {m: v / f - 1 for m, v in c.items()}


def pairs(data, runs, metrics):
    """check between two single runs: the change of each statistic. Of one
    build: every pair of A+B runs; slowed: each round's A and B against its S."""
    one = [r[0] for r in runs if r[1] in "ab"]
    rounds = {}
    for name, side, *_ in runs:
        rounds.setdefault(name[1:], {})[side] = name
    print("\ncheck of two single runs, the change of a statistic: over all pairs of A+B runs "
          "the largest |change| of any metric (and the share of pairs beyond 5 %); "
          "A and B against their round's S: the least change of give, the largest |change| of another; "
          "then the same divided by the median ratio over the metrics (/run), "
          "and divided by the ratio of the reference, thread.yield (/ref, the others only)")
    for norm in (False, True, "ref"):
        for st in [st for st, _ in STATS] + ["all"]:
            worst, beyond, n = 0.0, 0, 0
            for x, y in itertools.combinations(one, 2):
                for c in changes(data, x, y, metrics, st, norm).values():
                    worst = max(worst, abs(c))
                    beyond += abs(c) > 0.05
                    n += 1
            least_give, worst_other = math.inf, 0.0
            for r in rounds.values():
                for base in ("a", "b"):
                    if "s" not in r or base not in r:
                        continue
                    for m, c in changes(data, r[base], r["s"], metrics, st, norm).items():
                        if m == GIVE:
                            least_give = min(least_give, c)
                        else:
                            worst_other = max(worst_other, abs(c))
            name = st + {False: "", True: "/run", "ref": "/ref"}[norm]
            print(f"  {name:14} one build: {100 * worst:5.1f} % ({100 * beyond / n:4.1f} % of {n} beyond 5 %)"
                  f"   slowed: give {100 * least_give:+5.1f} %, other {100 * worst_other:5.1f} %")


def rates(data, runs, metrics):
    """Per threshold T: the share of pairs of A+B runs where check would see
    a metric beyond +-T (a false alarm), and of (A or B, S) pairs of a round
    where it sees give beyond +T and no other metric beyond +-T (found)."""
    one = [r[0] for r in runs if r[1] in "ab"]
    rounds = {}
    for name, side, *_ in runs:
        rounds.setdefault(name[1:], {})[side] = name
    ts = (4, 5, 6, 7, 8)
    print("\nper threshold T %: false alarms over pairs of A+B runs / slowed give found (and nothing else)")
    print("  " + " " * 14 + "".join(f"   T {t:2}        " for t in ts))
    for norm in (False, True, "ref"):
        for st in ["min", "p5", "p10", "p50", "hsm", "all"]:
            fa = [0] * len(ts)
            found = [0] * len(ts)
            n = ns = 0
            for x, y in itertools.combinations(one, 2):
                c = changes(data, x, y, metrics, st, norm)
                n += 1
                for k, t in enumerate(ts):
                    fa[k] += any(abs(v) > t / 100 for v in c.values())
            for r in rounds.values():
                for base in ("a", "b"):
                    if "s" not in r or base not in r:
                        continue
                    c = changes(data, r[base], r["s"], metrics, st, norm)
                    ns += 1
                    for k, t in enumerate(ts):
                        found[k] += c[GIVE] > t / 100 and all(
                            abs(v) <= t / 100 for m, v in c.items() if m != GIVE)
            name = st + {False: "", True: "/run", "ref": "/ref"}[norm]
            print(f"  {name:14}" + "".join(f" {100 * f / n:5.1f}/{100 * d / ns:5.1f}   " for f, d in zip(fa, found)))


def pooled(out, runs, metrics, k):
    """The samples of K successive rounds' runs of a side pooled (as one run
    of K passes): the same counts over the pools, and the largest |change|
    of one build against the least change of give when slowed."""
    smp = {r[0]: samples(os.path.join(out, r[0] + ".log")) for r in runs}
    rounds = sum(r[1] == "a" for r in runs)
    pools = {}
    for g in range(rounds // k):
        for side in "abs":
            names = [f"{side}{r}" for r in range(g * k + 1, g * k + k + 1)]
            pools[f"{side}{g}"] = {m: sorted(x for n in names for x in smp[n][m]) for m in metrics}
    data = {n: {m: {st: f(v) for st, f in STATS} for m, v in p.items()} for n, p in pools.items()}
    one = [n for n in pools if n[0] in "ab"]
    print(f"\nthe samples of {k} rounds' runs of a side pooled: {len(one)} pools of one build, "
          f"{rounds // k} slowed; false alarms (pairs of pools of one build with a metric beyond +-T) "
          "and found (give alone beyond +T, each pool of A and B against its rounds' S)")
    for st in ("min", "p5", "p10", "p50", "all"):
        cells, worst, least = [], 0.0, math.inf
        pairs = list(itertools.combinations(one, 2))
        for t in (5, 7):
            fa = found = 0
            for x, y in pairs:
                c = changes(data, x, y, metrics, st, False)
                fa += any(abs(v) > t / 100 for v in c.values())
                worst = max([worst] + [abs(v) for v in c.values()])
            for g in range(rounds // k):
                for base in "ab":
                    c = changes(data, f"{base}{g}", f"s{g}", metrics, st, False)
                    least = min(least, c[GIVE])
                    found += c[GIVE] > t / 100 and all(abs(v) <= t / 100 for m, v in c.items() if m != GIVE)
            cells.append(f"T {t}: false {fa}/{len(pairs)}, found {found}/{2 * (rounds // k)}")
        print(f"  {st:5} " + "   ".join(cells) +
              f"   one build at most {100 * worst:.1f} %, slowed give at least {100 * least:+.1f} %")


def common(data, one, metrics):
    """How much of the spread is common to a run's metrics: the share of the
    squared ln spread that one factor per run (the mean ln deviation of its
    metrics) removes."""
    print("\ncommon to a run: the share of the squared ln spread over A+B removed by one factor per run")
    for st, _ in STATS:
        dev = {}
        for m in metrics:
            lv = [math.log(data[r][m][st]) for r in one]
            mu = statistics.mean(lv)
            for r, x in zip(one, lv):
                dev[(r, m)] = x - mu
        total = sum(d * d for d in dev.values())
        left = 0.0
        for r in one:
            f = statistics.mean(dev[(r, m)] for m in metrics)
            left += sum((dev[(r, m)] - f) ** 2 for m in metrics)
        share = 1 - left / total if total else 0
        print(f"  {st:10} {100 * share:5.1f} %")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: signif-study.py OUTDIR")
    main(sys.argv[1])
