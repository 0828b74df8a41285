#!/bin/sh
# zbus-log-csv.sh LOG... - the rows Zephyr's zbus benchmark script
# (samples/subsys/zbus/benchmark/benchmark_256KB.robot) writes, from the
# logs scripts/zephyr-own.sh zbus keeps (the link step's memory table, then
# the sample's console), one row per LOG in the order given, on stdout:
#
#   style,consumers,message_size,duration_ns,ram_bytes,rom_bytes
#
# which `rtbench import` reads as zbus-style CSV (host/import/zbus.c). From
# the console: the consumers, the observer and the message size of its line
# "Benchmark 1 to <C> using <OBSERVER> to transmit with message size: <S>
# bytes" (LISTENERS written SYNC, SUBSCRIBERS ASYNC: the names of the
# sample's Kconfig before MSG_SUBSCRIBERS came, which the importer reads),
# the duration of its line "Duration: <s>.<ns>s" in nanoseconds (the sample
# prints it to the nanosecond; its "@" line, which the script averages over
# three runs, is the same duration in microseconds in this Zephyr, truncated;
# one run suffices under -icount, where every run is the same). RAM and ROM:
# the "Used Size" of the memory table's RAM and FLASH rows (the script asks
# `west build -t ram_report` / `rom_report`, which count the ELF's symbols:
# not the same totals). A log without one of these lines: an error naming
# it, exit 1, nothing written.
set -eu
[ $# -gt 0 ] || {
    echo "usage: scripts/zbus-log-csv.sh LOG..." >&2
    exit 2
}
out=$(for log in "$@"; do
    [ -f "$log" ] || {
        echo "zbus-log-csv: $log: no such file" >&2
        exit 1
    }
    awk -v f="$log" '
        function size(v, u) { return u == "KB" ? v * 1024 : u == "MB" ? v * 1048576 : v }
        /^ +FLASH: / { rom = size($2, $3) }
        /^ +RAM: / { ram = size($2, $3) }
        /Benchmark 1 to [0-9]+ using [A-Z_]+ to transmit with message size: [0-9]+ bytes/ {
            for (i = 1; i <= NF; i++) {
                if ($i == "to" && $(i - 1) == "1") c = $(i + 1)
                if ($i == "using") obs = $(i + 1)
                if ($i == "size:") s = $(i + 1)
            }
        }
        /Duration: [0-9]+\.[0-9]+s/ {
            d = $0
            sub(/.*Duration: /, "", d)
            sub(/s.*/, "", d)
            split(d, p, ".")
            ns = p[1] * 1000000000 + p[2]  # seconds and the 9-digit fraction; past 2^31: %.0f below, not %d (mawk clamps %d at 2^31-1)
        }
        END {
            style = obs == "LISTENERS" ? "SYNC" : obs == "SUBSCRIBERS" ? "ASYNC" : ""
            why = rom == "" ? "no FLASH row of the memory table" : ram == "" ? "no RAM row of the memory table" : \
                  c == "" ? "no \"Benchmark 1 to\" line" : style == "" ? "observer " obs " is not LISTENERS or SUBSCRIBERS" : \
                  ns == "" ? "no \"Duration:\" line" : ""
            if (why != "") { print "zbus-log-csv: " f ": " why > "/dev/stderr"; exit 1 }
            printf "%s,%d,%d,%.0f,%d,%d\n", style, c, s, ns, ram, rom
        }' "$log" || exit 1
done) || exit 1
printf '%s\n' "$out"
