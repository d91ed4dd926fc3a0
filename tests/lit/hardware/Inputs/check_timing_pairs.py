"""Checks the before/after timing pairs (tests/hardware/timing/pairs.json)
against their sources and the H100 fixtures (tests/hardware/h100/timing/):
each launch names a kernel of its file with that kernel's parameters, its grid
and block are what the GPU run printed, ncu profiled it, the before and after
results matched, and both halves cover every rule. Prints one line per problem
(BAD ...) and a summary.

Usage: check_timing_pairs.py ROOT"""
import csv
import json
import os
import re
import sys

RULES = ["global-uncoalesced", "global-misaligned", "global-aos-field",
         "global-reuse-without-tiling", "global-rmw-in-loop", "shared-bank-conflict",
         "constant-divergent", "local-dynamic-index", "register-spill",
         "warp-divergent-branch", "occupancy-limited", "grid-underfilled",
         "readonly-not-restrict"]


def params(src, kernel):
    m = re.search(r"__global__\s+void\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?" + kernel +
                  r"\s*\(([^)]*)\)", src)
    if not m:
        return None
    return [re.findall(r"\w+", p)[-1] for p in m.group(1).split(",") if p.strip()]


def main():
    root = sys.argv[1]
    tdir = os.path.join(root, "tests", "hardware", "timing")
    hdir = os.path.join(root, "tests", "hardware", "h100", "timing")
    pairs = json.load(open(os.path.join(tdir, "pairs.json")))
    timed = {(r["pair"], r["kernel"]): r for r in csv.DictReader(open(os.path.join(hdir, "timings.csv")))}
    profiled = {(r["pair"], r["kernel"]) for r in csv.DictReader(open(os.path.join(hdir, "ncu.csv")))}
    ok = set(re.findall(r"^# check (\S+) ok", open(os.path.join(hdir, "checks.txt")).read(), re.M))
    bad = 0
    halves = {}
    for p in pairs:
        src = open(os.path.join(tdir, p["file"])).read()
        halves.setdefault(p["rule"], set()).add(p["half"])
        if p["rule"] not in RULES:
            print("BAD %s: unknown rule %s" % (p["pair"], p["rule"]))
            bad += 1
        if p["pair"] not in ok:
            print("BAD %s: no 'ok' check of the before and after results" % p["pair"])
            bad += 1
        if p["pair"] not in src:
            print("BAD %s: %s does not launch this pair" % (p["pair"], p["file"]))
            bad += 1
        for side in ["before", "after"]:
            e = p[side]
            k = e["kernel"]
            if not k.endswith("_" + side):
                print("BAD %s: %s kernel %s" % (p["pair"], side, k))
                bad += 1
            names = params(src, k)
            if names is None:
                print("BAD %s: no kernel %s in %s" % (p["pair"], k, p["file"]))
                bad += 1
                continue
            given = set(e["args"]) | set(e["buffers"])
            if given != set(names):
                print("BAD %s: %s takes %s, the launch gives %s" % (p["pair"], k, sorted(names), sorted(given)))
                bad += 1
            row = timed.get((p["pair"], k))
            if not row:
                print("BAD %s: %s not timed" % (p["pair"], k))
                bad += 1
                continue
            for dim in ["grid", "block"]:
                want = "x".join(str(v) for v in e[dim])
                if row[dim] != want:
                    print("BAD %s: %s %s %s, the GPU ran %s" % (p["pair"], k, dim, want, row[dim]))
                    bad += 1
            if float(row["median_us"]) <= 0:
                print("BAD %s: %s median %s" % (p["pair"], k, row["median_us"]))
                bad += 1
            if (p["pair"], k) not in profiled:
                print("BAD %s: %s not profiled" % (p["pair"], k))
                bad += 1
    for rule in RULES:
        if halves.get(rule) != {"fit", "holdout"}:
            print("BAD rule %s: halves %s" % (rule, sorted(halves.get(rule, []))))
            bad += 1
    print("%d pairs, %d rules, %d problems" % (len(pairs), len(halves), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
