#!/usr/bin/env python3
"""Check one rtbench-posix output (stdin) against the record format
(docs/records.md).  Usage: check_records.py CATALOG_DEF MODE [ARGS]
  MODE default        the 47 latency_measure ids, each once, nothing FAILED
  MODE fallback       the same without strict priority scheduling (not root): the
                      header says SCHED_OTHER, results needing it are flagged nosched
  MODE filter PREFIX N  exactly the catalog ids starting with PREFIX, n == N
  MODE filter-fallback PREFIX N  the same, without strict priority scheduling
Prints one line per failed check and 'N passed, N failed'; exit 1 if any failed."""
import re
import sys
import zlib

catalog_def, mode = sys.argv[1], sys.argv[2]
fallback = mode.endswith("fallback")
mode = mode.replace("-fallback", "")
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what)


def unescape(v):
    return re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m.group(1), 16)), v)


entries = re.findall(r'^RTB_BENCH\(\w+, "([^"]+)",.*, (\w+)\)\s*$', open(catalog_def).read(), re.M)
ids = [i for i, _ in entries]
needs_rt = {i for i, flags in entries if "RTB_NEEDS_RT" in flags}
latency_ids = [i for i in ids if not i.startswith("calib.")]

records = []
for line in sys.stdin.read().split("\n"):
    pos = line.find("RTB1 ")
    if pos < 0:
        continue
    rec = line[pos:].rstrip("\r")
    m = re.match(r"^(RTB1 ([HRNFE])( [a-z0-9_]+=[^ ]*)* )\*([0-9a-f]{8})$", rec)
    check(m is not None, "malformed record: " + rec)
    if m is None:
        continue
    crc = zlib.crc32(m.group(1).encode()) & 0xFFFFFFFF
    check("%08x" % crc == m.group(4), "bad CRC: " + rec)
    fields = dict(kv.split("=", 1) for kv in m.group(1).split()[2:])
    records.append((m.group(2), {k: unescape(v) for k, v in fields.items()}))

types = [t for t, _ in records]
check(len(records) >= 2 and types[0] == "H", "the first record is not H")
check(len(records) >= 2 and types[-1] == "E", "the last record is not E")
check(types.count("H") == 1 and types.count("E") == 1, "not exactly one H and one E")
hdr = records[0][1] if records and types[0] == "H" else {}
for key in ("rtbench", "port", "kernel", "kver", "board", "cpu", "timer", "hz", "bits", "unit",
            "ns_num", "ns_den", "clock", "cc", "cflags", "iters", "warmup", "overhead", "sched",
            "filter", "count"):
    check(key in hdr, "header lacks " + key)
check(hdr.get("port") == "posix", "header port is not posix")
check(hdr.get("hz", "0").isdigit() and int(hdr.get("hz", "0")) > 0, "header hz not > 0")
check(hdr.get("bits") == "64", "header bits is not 64")
check(hdr.get("unit") in ("cycles", "ns"), "header unit is not cycles or ns")

body = [(t, f) for t, f in records if t in "RNF"]
end = records[-1][1] if records and types[-1] == "E" else {}
check(end.get("records") == str(len(body)), "E records=%s but %d R/N/F records arrived"
      % (end.get("records"), len(body)))
check(hdr.get("count") == str(len(body)), "H count=%s but %d R/N/F records arrived"
      % (hdr.get("count"), len(body)))
failed_ids = [f.get("id") for t, f in body if t == "F"]
check(end.get("status") == "0", "E status is %s, not 0" % end.get("status"))
check(not failed_ids, "FAILED benchmarks: %s" % failed_ids)
if fallback:
    # Without SCHED_FIFO: the header says so, and what ran anyway is flagged.
    check("SCHED_OTHER" in hdr.get("sched", ""), "header sched does not say SCHED_OTHER")
    for t, f in body:
        if t == "R" and f["id"] in needs_rt:
            check("nosched" in f.get("flags", "").split(","), "%s lacks the nosched flag" % f["id"])
else:
    check("SCHED_FIFO" in hdr.get("sched", ""), "header sched does not say SCHED_FIFO")

# No value near 2^32 or 2^64 (an underflowed subtraction).
for t, f in body:
    for k in ("n", "min", "max", "p50", "p90", "p99", "p999", "mean", "sd"):
        if k in f:
            v = float(f[k])
            check(v < 2**32 - 2**24, "%s %s=%s is near 2^32 or beyond" % (f.get("id"), k, f[k]))
    if t == "R":
        check(int(f["min"]) <= int(f["p50"]) <= int(f["p99"]) <= int(f["max"]),
              "%s: min <= p50 <= p99 <= max does not hold" % f["id"])
    if t == "N":
        check(f.get("reason", "") != "", "%s: n/a without a reason" % f.get("id"))

got = [f.get("id") for _, f in body]
if mode in ("default", "fallback"):
    check(len(body) == 47, "%d R/N/F records, not 47" % len(body))
    check(sorted(got) == sorted(latency_ids) and len(set(got)) == len(got),
          "ids are not the 47 latency_measure ids once each: missing %s, extra %s"
          % (sorted(set(latency_ids) - set(got)), sorted(set(got) - set(latency_ids))))
    res = {f["id"]: f for t, f in body if t == "R"}
    blk, imm = "semaphore.take.blocking.k_to_k", "semaphore.take.immediate.kernel"
    if mode == "default":
        check(blk in res and imm in res, "no figures for %s and %s" % (blk, imm))
    if blk in res and imm in res:
        check(float(res[blk]["mean"]) > float(res[imm]["mean"]),
              "%s mean %s is not above %s mean %s" % (blk, res[blk]["mean"], imm, res[imm]["mean"]))
    # What POSIX lacks is n/a, what it has is measured.
    for i in ("semaphore.give.immediate.kernel", "semaphore.take.immediate.kernel",
              "mutex.lock.immediate.recursive.kernel", "heap.malloc.immediate",
              "isr.resume.interrupted.thread.kernel"):
        check(i in res, "%s has no figure" % i)
    na = {f["id"] for t, f in body if t == "N"}
    for i in ("events.post.immediate.kernel", "fifo.put.immediate.kernel",
              "stack.push.immediate.kernel", "thread.suspend.kernel.from.kernel",
              "thread.yield.cooperative.ctx.k_to_k"):
        check(i in na, "%s is not n/a" % i)
elif mode == "filter":
    prefix, n = sys.argv[3], sys.argv[4]
    want = [i for i in ids if i.startswith(prefix)]
    check(sorted(got) == sorted(want), "filter %s ran %s, not %s" % (prefix, got, want))
    check(hdr.get("iters") == n, "header iters=%s, not %s" % (hdr.get("iters"), n))
    for t, f in body:
        if t == "R":
            check(f["n"] == n, "%s n=%s, not %s" % (f["id"], f["n"], n))
else:
    check(False, "unknown mode " + mode)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
