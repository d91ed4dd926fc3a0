#!/usr/bin/env python3
"""warplint's time model against the H100 timing pairs (issue 25).

For every pair of tests/hardware/timing/pairs.json (one fix, before and after,
timed on an H100 with cudaEvents, fixtures in tests/hardware/h100/timing/):

* the predicted duration of each kernel, from the execution counts (`accesses`,
  static: what `check` uses) and from the device model's run (`run`);
* the predicted saving: (before - after) / before of the predicted durations,
  and the time saved of the before kernel's finding of the pair's rule
  (`check`'s "time_saved", the fix as its rule models it);
* Nsight Compute's estimate for the matching rule (summary.py).

Prints one row per pair, then per half (fit, holdout) the mean absolute error
of each predicted saving in percentage points, Nsight Compute's beside it, and
the share of kernel durations within 30%.

Usage: bench/time.py BUILD_DIR [--source static|run|both] [--json OUT]
                     [--check-holdout PP]   (exit 1 when the held-back half's
                                              error of the finding's saving
                                              exceeds PP percentage points)
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMING = os.path.join(ROOT, "tests", "hardware", "timing")
sys.path.insert(0, TIMING)
import summary  # noqa: E402  (the measured savings and Nsight Compute's estimates)


def warplint(bin_, args):
    r = subprocess.run([bin_] + args, capture_output=True, text=True, timeout=600)
    try:
        return json.loads(r.stdout)
    except ValueError:
        return None


def launch_file(entry):
    f = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    json.dump([entry], f)
    f.close()
    return f.name


def static_time(bin_, src, entry):
    lf = launch_file(entry)
    try:
        out = warplint(bin_, ["accesses", src, "--launch-file", lf, "--kernel", entry["kernel"],
                              "--format=json", "--gpu=h100-sxm", "--no-cuda-sdk"])
    finally:
        os.unlink(lf)
    for f in (out or {}).get("files", []):
        for k in f.get("kernels", []):
            if k["name"] == entry["kernel"]:
                return (k.get("time") or {}).get("predicted_us")
    return None


def run_time(bin_, src, entry):
    lf = launch_file(entry)
    try:
        out = warplint(bin_, ["run", src, "--launch-file", lf, "--kernel", entry["kernel"],
                              "--format=json", "--gpu=h100-sxm", "--no-cuda-sdk"])
    finally:
        os.unlink(lf)
    for k in (out or {}).get("kernels", []):
        return (k.get("time") or {}).get("predicted_us")
    return None


def finding_saving(bin_, src, entry, rule):
    """The largest time saved (percent) among the before kernel's findings of rule."""
    lf = launch_file(entry)
    try:
        out = warplint(bin_, ["check", src, "--launch-file", lf, "--kernel", entry["kernel"],
                              "--format=json", "--gpu=h100-sxm", "--no-cuda-sdk"])
    finally:
        os.unlink(lf)
    best = None
    for f in (out or {}).get("files", [out or {}]):
        for d in f.get("diagnostics", []):
            t = d.get("time_saved")
            if d.get("rule") == rule and t:
                best = t["percent"] if best is None else max(best, t["percent"])
    return best


def predict(bin_, p, sources):
    src = os.path.join(TIMING, p["file"])
    r = {}
    if "static" in sources:
        r["static_before"] = static_time(bin_, src, p["before"])
        r["static_after"] = static_time(bin_, src, p["after"])
        r["finding"] = finding_saving(bin_, src, p["before"], p["rule"])
    if "run" in sources:
        r["run_before"] = run_time(bin_, src, p["before"])
        r["run_after"] = run_time(bin_, src, p["after"])
    return r


def saving(b, a):
    return None if b is None or a is None or b <= 0 else 100.0 * (b - a) / b


def mean(xs):
    xs = [x for x in xs if x is not None]
    return (sum(xs) / len(xs), len(xs)) if xs else (float("nan"), 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--source", default="both", choices=["static", "run", "both"])
    ap.add_argument("--json")
    ap.add_argument("--check-holdout", type=float)
    ap.add_argument("--jobs", type=int, default=2)
    o = ap.parse_args()
    bin_ = os.path.join(o.build, "bin", "warplint")
    sources = ["static", "run"] if o.source == "both" else [o.source]
    rows = summary.load(os.path.join(ROOT, "tests", "hardware", "h100", "timing"))
    with ThreadPoolExecutor(o.jobs) as ex:
        preds = list(ex.map(lambda p: predict(bin_, p, sources), rows))
    fmt = lambda v: "-" if v is None else "%.1f" % v
    print("%-22s %-26s %-7s %8s %8s %7s %7s %7s %7s %7s" %
          ("pair", "rule", "half", "meas_us", "pred_us", "meas%", "ncu%", "find%",
           "static%", "run%"))
    for r, q in zip(rows, preds):
        r.update(q)
        r["static_saving"] = saving(q.get("static_before"), q.get("static_after"))
        r["run_saving"] = saving(q.get("run_before"), q.get("run_after"))
        pred = q.get("static_before") or q.get("run_before")
        print("%-22s %-26s %-7s %8.1f %8s %7.1f %7.1f %7s %7s %7s" %
              (r["pair"], r["rule"], r["half"], r["before_us"], fmt(pred), r["saving"],
               r["ncu_est"], fmt(r.get("finding")), fmt(r["static_saving"]),
               fmt(r["run_saving"])))
    failed = False
    for half in ("fit", "holdout", None):
        sel = [r for r in rows if half is None or r["half"] == half]
        name = half or "all"
        ncu, n = mean(abs(r["ncu_est"] - r["saving"]) for r in sel)
        print("\n%s (%d pairs): mean absolute error of the predicted saving, percentage points"
              % (name, len(sel)))
        print("  Nsight Compute's estimate for the matching rule: %.1f pp" % ncu)
        for key, what in (("finding", "warplint, the finding's time saved (check)"),
                          ("static_saving", "warplint, before/after from the counts (accesses)"),
                          ("run_saving", "warplint, before/after from the device model (run)")):
            err, k = mean(None if r.get(key) is None else abs(r[key] - r["saving"]) for r in sel)
            if k:
                print("  %s: %.1f pp over %d pairs" % (what, err, k))
            if key == "finding" and half == "holdout" and o.check_holdout is not None:
                # A pair whose finding carries no time counts as predicting 0%.
                full, _ = mean(abs((r.get(key) or 0.0) - r["saving"]) for r in sel)
                print("  (every held-back pair, no time = 0%%: %.1f pp)" % full)
                failed = full > o.check_holdout
        for key in ("static", "run"):
            within = [abs(r[key + "_" + s] - r[s + "_us"]) / r[s + "_us"] <= 0.3
                      for r in sel for s in ("before", "after")
                      if r.get(key + "_" + s) is not None]
            if within:
                print("  kernel durations within 30%% (%s): %d of %d (%.0f%%)" %
                      (key, sum(within), len(within), 100.0 * sum(within) / len(within)))
    if o.json:
        json.dump(rows, open(o.json, "w"), indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
