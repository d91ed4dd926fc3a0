#!/usr/bin/env python3
"""Per pair: the measured saving (before - after) / before of the cudaEvent
medians, and Nsight Compute's estimated speedup for the rule that matches the
pair's warplint rule (the largest estimate among the ncu rules listed in
MATCH for it, on the before kernel; 0 when none fired), and the mean absolute
error of those estimates in percentage points, over all pairs and per half.

Usage: summary.py [--markdown] [H100_TIMING_DIR]   (default ../h100/timing)"""
import csv
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

COALESCING = ["UncoalescedGlobalAccess", "MemoryCacheAccessPattern(global-loads)",
              "MemoryCacheAccessPattern(global-stores)"]
LOCAL = ["MemoryCacheAccessPattern(local-loads)", "MemoryCacheAccessPattern(local-stores)"]
# The Nsight Compute rules (name, with the memory its description names) that
# speak of the same waste as each warplint rule. Rules that name no cause
# (CPIStall, IssueSlotUtilization, HighPipeUtilization, ...) match none.
MATCH = {
    "global-uncoalesced": COALESCING,
    "global-misaligned": COALESCING,
    "global-aos-field": COALESCING,
    "global-reuse-without-tiling": ["MemoryCacheAccessPattern(global-loads)"],
    "global-rmw-in-loop": ["MemoryCacheAccessPattern(global-stores)"],
    "shared-bank-conflict": ["SharedMemoryConflicts(shared-loads)",
                             "SharedMemoryConflicts(shared-stores)", "UncoalescedSharedAccess"],
    "constant-divergent": [],
    "local-dynamic-index": LOCAL,
    "register-spill": LOCAL,
    "warp-divergent-branch": ["ThreadDivergence"],
    "occupancy-limited": ["TheoreticalOccupancy"],
    "grid-underfilled": ["LaunchConfiguration"],
    "readonly-not-restrict": [],
}


def load(d):
    P = json.load(open(os.path.join(HERE, "pairs.json")))
    t = {(r["pair"], r["kernel"]): r for r in csv.DictReader(open(os.path.join(d, "timings.csv")))}
    n = {}  # Nsight Compute's estimates, where the fixture has them (not the H200's)
    if os.path.exists(os.path.join(d, "ncu.csv")):
        n = {(r["pair"], r["kernel"]): r for r in csv.DictReader(open(os.path.join(d, "ncu.csv")))}
    rep = {}
    if os.path.exists(os.path.join(d, "timings_repeat.csv")):
        rep = {(r["pair"], r["kernel"]): float(r["median_us"])
               for r in csv.DictReader(open(os.path.join(d, "timings_repeat.csv")))}
    out = []
    for p in P:
        b, a = p["before"]["kernel"], p["after"]["kernel"]
        tb, ta = float(t[(p["pair"], b)]["median_us"]), float(t[(p["pair"], a)]["median_us"])
        nb, na = n.get((p["pair"], b)), n.get((p["pair"], a))
        est, which = 0.0, "no rule fired"
        if nb:
            for item in nb["rules"].split(";"):
                if "=" not in item:
                    continue
                name, v = item.rsplit("=", 1)
                v = v.split(":")[0]
                if name in MATCH[p["rule"]] and float(v) > est:
                    est, which = float(v), name
        ncu_saving = None
        if nb and na:
            db, da = float(nb["ncu_duration_us"]), float(na["ncu_duration_us"])
            ncu_saving = 100.0 * (db - da) / db
        saving2 = None
        if (p["pair"], b) in rep and (p["pair"], a) in rep:
            rb, ra = rep[(p["pair"], b)], rep[(p["pair"], a)]
            saving2 = 100.0 * (rb - ra) / rb
        out.append(dict(p, before_us=tb, after_us=ta, saving=100.0 * (tb - ta) / tb, saving2=saving2,
                        ncu_est=est, ncu_rule=which, ncu_saving=ncu_saving))
    return out


def mae(rows):
    return sum(abs(r["ncu_est"] - r["saving"]) for r in rows) / len(rows) if rows else float("nan")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    md = "--markdown" in sys.argv
    d = args[0] if args else os.path.join(HERE, "..", "h100", "timing")
    R = load(d)
    if md:
        print("| pair | rule | half | kind | before µs | after µs | saving % | run 2 % | ncu saving % | ncu estimate % (rule) | error pp |")
        print("|---|---|---|---|---:|---:|---:|---:|---:|---|---:|")
    for r in R:
        ns = "%.1f" % r["ncu_saving"] if r["ncu_saving"] is not None else "-"
        s2 = "%.1f" % r["saving2"] if r["saving2"] is not None else "-"
        est = "%.1f (%s)" % (r["ncu_est"], r["ncu_rule"]) if r["ncu_rule"] != "no rule fired" else "no rule fired"
        err = abs(r["ncu_est"] - r["saving"])
        if md:
            print("| %s | %s | %s | %s | %.1f | %.1f | %.1f | %s | %s | %s | %.1f |" % (
                r["pair"], r["rule"], r["half"], r["compute_or_memory"], r["before_us"], r["after_us"],
                r["saving"], s2, ns, est, err))
        else:
            print("%-18s %-28s %-7s %9.1f %9.1f %7.1f%% %7s %7s  %-55s %5.1f" % (
                r["pair"], r["rule"], r["half"], r["before_us"], r["after_us"], r["saving"], s2, ns, est, err))
    hold = [r for r in R if r["half"] == "holdout"]
    fit = [r for r in R if r["half"] == "fit"]
    print()
    print("Nsight Compute's estimate vs the measured saving, mean absolute error: "
          "all %d pairs %.1f pp; holdout %d pairs %.1f pp; fit %d pairs %.1f pp" % (
              len(R), mae(R), len(hold), mae(hold), len(fit), mae(fit)))
    rr = [r for r in R if r["saving2"] is not None]
    if rr:
        print("Run to run (timings_repeat.csv, another machine of the same kind): mean |saving - saving run 2| "
              "%.1f pp over %d pairs; %.1f pp over the %d whose before kernel takes 10 us or more" % (
                  sum(abs(r["saving"] - r["saving2"]) for r in rr) / len(rr), len(rr),
                  sum(abs(r["saving"] - r["saving2"]) for r in rr if r["before_us"] >= 10) /
                  max(1, len([r for r in rr if r["before_us"] >= 10])),
                  len([r for r in rr if r["before_us"] >= 10])))
    big = [r for r in R if r["before_us"] >= 10]
    hb = [r for r in big if r["half"] == "holdout"]
    print("Pairs whose before kernel takes 10 us or more: %d, ncu error %.1f pp; holdout %d, %.1f pp" % (
        len(big), mae(big), len(hb), mae(hb)))
    rules = sorted(set(r["rule"] for r in R))
    for rule in rules:
        rr = [r for r in R if r["rule"] == rule]
        print("  %-28s %2d pairs  mean saving %5.1f%%  mean ncu estimate %5.1f%%  error %5.1f pp" % (
            rule, len(rr), sum(r["saving"] for r in rr) / len(rr),
            sum(r["ncu_est"] for r in rr) / len(rr), mae(rr)))


if __name__ == "__main__":
    main()
