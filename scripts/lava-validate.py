#!/usr/bin/env python3
"""Check LAVA job definitions against LAVA's own job schema, offline.

   scripts/lava-validate.py JOB.yaml...

Runs lava_common.schemas.validate (the schema lava-server checks a submitted
job against, from Debian's lava-common) in strict mode: an unknown key is an
error as well as a missing or mistyped one. One line per job; exit 1 when any
is invalid, 2 when lava_common is missing or a file cannot be read.
"""
import sys

try:
    import yaml
    from lava_common.schemas import validate
    from voluptuous import Invalid
except ImportError as exc:
    print("lava-validate: %s (apt-get install lava-common)" % exc, file=sys.stderr)
    sys.exit(2)


def check(path):
    """0 if the job at PATH is valid, 1 if not, 2 if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as stream:
            job = yaml.safe_load(stream)
    except OSError as exc:
        print("lava-validate: %s: cannot open: %s" % (path, exc.strerror), file=sys.stderr)
        return 2
    except yaml.YAMLError as exc:
        print("lava-validate: %s: not YAML: %s" % (path, str(exc).replace("\n", " ")),
              file=sys.stderr)
        return 1
    if not isinstance(job, dict):
        print("lava-validate: %s: not a job definition (no mapping at the top)" % path,
              file=sys.stderr)
        return 1
    try:
        validate(job, strict=True)
    except Invalid as exc:
        where = "/".join(str(p) for p in exc.path) or "(top)"
        print("lava-validate: %s: invalid at %s: %s" % (path, where, exc.msg), file=sys.stderr)
        return 1
    print("%s: valid LAVA job" % path)
    return 0


def main(argv):
    if len(argv) < 2:
        print("usage: lava-validate.py JOB.yaml...", file=sys.stderr)
        return 2
    return max(check(path) for path in argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
