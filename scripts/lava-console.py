#!/usr/bin/env python3
"""The board's console out of a LAVA job log, for `rtbench import`.

   scripts/lava-console.py LOG > console.log && rtbench import console.log

LOG is what `lava-run` writes on stderr, or a LAVA server's log of the job
(`lavacli jobs logs --raw ID`: the same lines, each starting "- "); `-` is
standard input. Every line is one YAML mapping {dt, lvl, msg}; the console is
the msg of the lines whose lvl is "target", in order. LAVA's shell logger
writes a console '"' as '\\"' before dumping the line, which is undone here,
so a record arrives byte for byte (its CRC is checked by rtbench import); it
also drops '\\r', ESC and empty lines, which no record holds. A log that is
not a LAVA log, or has no console line, is refused (exit 2).
"""
import sys

import yaml

try:
    LOADER = yaml.CSafeLoader
except AttributeError:  # PyYAML without libyaml
    LOADER = yaml.SafeLoader


def console(name, stream):
    """Yield the console lines of the LAVA log STREAM (named NAME)."""
    for number, line in enumerate(stream, 1):
        text = line.rstrip("\n")
        if text.startswith("- "):
            text = text[2:]
        if not text.strip() or text == "---":
            continue
        try:
            entry = yaml.load(text, Loader=LOADER)
        except yaml.YAMLError:
            entry = None
        if not isinstance(entry, dict) or "lvl" not in entry or "msg" not in entry:
            raise ValueError("%s: line %d: not a LAVA log line (a {dt, lvl, msg} mapping)"
                             % (name, number))
        if entry["lvl"] == "target" and isinstance(entry["msg"], str):
            yield entry["msg"].replace('\\"', '"')


def main(argv):
    if len(argv) != 2:
        print("usage: lava-console.py LOG (lava-run's stderr or lavacli jobs logs --raw)",
              file=sys.stderr)
        return 2
    name = argv[1]
    try:
        stream = sys.stdin if name == "-" else open(name, encoding="utf-8", errors="replace")
    except OSError as exc:
        print("lava-console: %s: cannot open: %s" % (name, exc.strerror), file=sys.stderr)
        return 2
    count = 0
    try:
        with stream:
            for text in console(name, stream):
                sys.stdout.write(text + "\n")
                count += 1
    except ValueError as exc:
        print("lava-console: %s" % exc, file=sys.stderr)
        return 2
    if count == 0:
        print("lava-console: %s: no console (target) lines in the log" % name, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
