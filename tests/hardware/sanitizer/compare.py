#!/usr/bin/env python3
"""warplint run's faults against compute-sanitizer's, case by case (issue 24 item 6).

Usage: compare.py WARPLINT REPO-ROOT FIXTURE-DIR [--table]

FIXTURE-DIR holds what compute-sanitizer reported on a GPU (cases.tsv and
sanitizer.txt, written by run.sh) and differences.tsv: every case where
warplint's verdict and the sanitizer's differ on purpose, with the reason.

Each side's report is reduced to a set of verdicts:
  oob            an invalid (out-of-bounds, misaligned or null) access
  heap           a device-heap misuse: double free, free of an interior pointer
  leak           device-heap memory never freed
  uninit         a read of memory never written
  race           a data race (racecheck: shared memory; warplint: shared or global)
  barrier        a barrier not reached by every thread that should
  trap           the kernel stopped: trap, failed assert, a store the hardware refuses
  hang           the kernel does not finish (warplint: or not within --max-instructions)
For every case the sets must be equal, except the verdicts differences.tsv
lists for that case (`+V` warplint only, `-V` compute-sanitizer only). A
difference not listed fails, and so does a listed one that no longer occurs.
Exit 0 when every case agrees; 1 with one line per disagreement.
"""
import json
import os
import subprocess
import sys

TOOL_VERDICT = {"racecheck": "race", "synccheck": "barrier", "initcheck": "uninit"}
WARPLINT_VERDICT = {
    "out-of-bounds": "oob", "misaligned": "oob", "heap-use-after-free": "oob",
    "heap-double-free": "heap", "heap-invalid-free": "heap", "heap-leak": "leak",
    "uninitialized-read": "uninit", "shared-race": "race", "global-race": "race",
    "barrier-divergent": "barrier", "trap": "trap", "constant-store": "trap",
    "hang": "hang", "runaway": "hang",
}


def memcheck_verdicts(errors, exit_code, first):
    """What memcheck's summary and first report line say."""
    if exit_code == "124":
        return {"hang"}
    out = set()
    if first.startswith("Invalid "):
        out.add("oob")
    elif first.startswith("Malloc/Free Error"):
        out.add("heap")
    elif "on the device heap" in first:
        out.add("leak")
    elif first.startswith("Program hit") or (errors not in ("0", "?") and not first):
        out.add("trap")
    return out


def sanitizer_verdicts(lines):
    out = set()
    for tool, errors, exit_code, first in lines:
        errors = errors.removeprefix("errors=")
        exit_code = exit_code.removeprefix("exit=")
        if tool == "memcheck":
            out |= memcheck_verdicts(errors, exit_code, first)
        elif exit_code != "124" and errors not in ("0", "?"):
            out.add(TOOL_VERDICT[tool])
    return out


def warplint_verdicts(warplint, root, source, args):
    argv = [warplint, "run"] + [os.path.join(root, source) if a == "%s" else a
                                for a in args.split()] + ["--format=json"]
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=root, timeout=300)
    if proc.returncode not in (0, 1):
        return None, "exit %d: %s" % (proc.returncode, proc.stderr.strip()[:200])
    out = set()
    for kernel in json.loads(proc.stdout).get("kernels", []):
        errors = kernel.get("errors", [])
        for error in errors:
            kind = error["kind"]
            if kind not in WARPLINT_VERDICT:
                return None, "unknown fault kind " + kind
            if error.get("severity") == "error":
                out.add(WARPLINT_VERDICT[kind])
        # A leak is a note; memcheck's leak check runs only when the kernel
        # did not fault (a fault ends the context before the check).
        if not any(e.get("severity") == "error" for e in errors) and any(
                e["kind"] == "heap-leak" for e in errors):
            out.add("leak")
    return out, ""


def read_tsv(path):
    with open(path) as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()
                and not line.startswith("#")]


def main():
    warplint, root, fixture = sys.argv[1:4]
    table = "--table" in sys.argv
    cases = read_tsv(os.path.join(fixture, "cases.tsv"))
    measured = {}
    for row in read_tsv(os.path.join(fixture, "sanitizer.txt")):
        if row[1] != "-":
            measured.setdefault(row[0], []).append(row[1:5] + [""] * (5 - len(row)))
    expected = {}
    for row in read_tsv(os.path.join(fixture, "differences.tsv")):
        expected.setdefault(row[0], set()).update(row[1].split(","))
    failures, compared = [], 0
    for row in cases:
        name = row[0]
        if len(row) < 4 or name not in measured:
            continue
        theirs = sanitizer_verdicts(measured[name])
        ours, why = warplint_verdicts(warplint, root, row[1], row[3])
        if ours is None:
            failures.append("%s: warplint run failed: %s" % (name, why))
            continue
        compared += 1
        diff = {"+" + v for v in ours - theirs} | {"-" + v for v in theirs - ours}
        want = expected.pop(name, set())
        if table:
            print("%-45s sanitizer=%-18s warplint=%-18s %s" % (
                name, ",".join(sorted(theirs)) or "clean", ",".join(sorted(ours)) or "clean",
                " ".join(sorted(diff))))
        if diff != want:
            failures.append("%s: compute-sanitizer %s, warplint %s; differences %s, "
                            "differences.tsv lists %s" % (
                                name, sorted(theirs) or "clean", sorted(ours) or "clean",
                                sorted(diff) or "none", sorted(want) or "none"))
    for name in expected:
        failures.append("%s: listed in differences.tsv but not measured" % name)
    for line in failures:
        print("MISMATCH " + line)
    print("compared %d cases, %d disagree" % (compared, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
