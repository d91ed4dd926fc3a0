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

--fit prints, for the one constant the model fits (LoadedLatency in
analyzer/time/TimeModel.cpp), the value that best predicts the durations of
the "fit" half's kernels, from the terms each prediction reports; the model's
other figures are measured (GpuProfile) or fixed by its equations.

Usage: bench/time.py BUILD_DIR [--source static|run|both] [--json OUT] [--fit]
                     [--check-holdout PP]   (exit 1 when the held-back half's
                                              error of the finding's saving
                                              exceeds PP percentage points)
                     [--check-durations PCT] (exit 1 when fewer than PCT% of
                                              the held-back half's kernel
                                              durations are within 30%)
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPU = ["h100-sxm"]  # --gpu: the profile priced and the fixture compared with
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


def kernel_time(out, name):
    """The "time" object of kernel name in accesses or run JSON."""
    for f in (out or {}).get("files", [out or {}]):
        for k in f.get("kernels", []):
            if k.get("name") == name:
                return k.get("time")
    return None


def duration(t, factor):
    """The model's combination (TimeModel.cpp) with LoadedLatency = factor."""
    p, lat = t["parts_us"], t["latency_terms_us"]
    busy = max([p[k] for k in ("dram", "l2", "l1", "shared", "constant", "issue")] +
               [factor * lat["loads_unloaded"] + lat.get("barriers", 0) + lat["block_launch"], lat["scheduling"]])
    return p["launch"] + busy + t.get("overlap_us", 0)


def on_launch(bin_, command, src, entry):
    """warplint COMMAND's JSON for src at one launch-file entry."""
    lf = launch_file(entry)
    try:
        return warplint(bin_, [command, src, "--launch-file", lf, "--kernel", entry["kernel"],
                               "--format=json", "--gpu=" + GPU[0], "--no-cuda-sdk"])
    finally:
        os.unlink(lf)


def static_time(bin_, src, entry):
    return kernel_time(on_launch(bin_, "accesses", src, entry), entry["kernel"])


def run_time(bin_, src, entry):
    return kernel_time(on_launch(bin_, "run", src, entry), entry["kernel"])


def finding_saving(bin_, src, entry, rule):
    """The largest time saved (percent) among the before kernel's findings of rule."""
    out = on_launch(bin_, "check", src, entry)
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


def fit(rows, sources):
    """LoadedLatency minimizing the mean |log(predicted / measured)| of the fit
    half's kernel durations (before and after), per source."""
    import math
    for src in sources:
        samples = [(r[src + "_" + s + "_time"], r[s + "_us"]) for r in rows if r["half"] == "fit"
                   for s in ("before", "after") if r.get(src + "_" + s + "_time")
                   and r[src + "_" + s + "_time"].get("latency_terms_us")]
        if not samples:
            continue
        best = min((sum(abs(math.log(duration(t, f / 20) / m)) for t, m in samples), f / 20)
                   for f in range(10, 81))
        print("fit (%s, %d kernels of the fit half): LoadedLatency = %.2f "
              "(mean |log error| %.3f)" % (src, len(samples), best[1], best[0] / len(samples)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--source", default="both", choices=["static", "run", "both"])
    ap.add_argument("--json")
    ap.add_argument("--check-holdout", type=float)
    ap.add_argument("--check-durations", type=float)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--gpu", default="h100-sxm", choices=["h100-sxm", "h200"],
                    help="the GPU whose timings (tests/hardware/h100|h200/timing) are compared")
    o = ap.parse_args()
    GPU[0] = o.gpu
    bin_ = os.path.join(o.build, "bin", "warplint")
    sources = ["static", "run"] if o.source == "both" else [o.source]
    rows = summary.load(os.path.join(ROOT, "tests", "hardware", o.gpu.split("-")[0], "timing"))
    with ThreadPoolExecutor(o.jobs) as ex:
        preds = list(ex.map(lambda p: predict(bin_, p, sources), rows))
    fmt = lambda v: "-" if v is None else "%.1f" % v
    print("%-22s %-26s %-7s %8s %8s %7s %7s %7s %7s %7s" %
          ("pair", "rule", "half", "meas_us", "pred_us", "meas%", "ncu%", "find%",
           "static%", "run%"))
    # The pairs are timed with cudaEvents in a stream: a launch there takes at
    # least the stream's launch rate (stream_floor_us), whatever the GPU's
    # duration of the kernel (predicted_us, what Nsight Compute measures).
    us = lambda t: None if not t or t.get("predicted_us") is None else \
        max(t["predicted_us"], t.get("stream_floor_us", 0))
    for r, q in zip(rows, preds):
        for k in list(q):
            if k.endswith("_before") or k.endswith("_after"):
                q[k + "_time"] = q[k]
                q[k] = us(q[k])
        r.update(q)
        r["static_saving"] = saving(q.get("static_before"), q.get("static_after"))
        r["run_saving"] = saving(q.get("run_before"), q.get("run_after"))
        pred = q.get("static_before") or q.get("run_before")
        print("%-22s %-26s %-7s %8.1f %8s %7.1f %7.1f %7s %7s %7s" %
              (r["pair"], r["rule"], r["half"], r["before_us"], fmt(pred), r["saving"],
               r["ncu_est"], fmt(r.get("finding")), fmt(r["static_saving"]),
               fmt(r["run_saving"])))
    if o.fit:
        fit(rows, sources)
    failed = False
    for half in ("fit", "holdout", None):
        sel = [r for r in rows if half is None or r["half"] == half]
        name = half or "all"
        ncu, n = mean(abs(r["ncu_est"] - r["saving"]) for r in sel)
        print("\n%s (%d pairs): mean absolute error of the predicted saving, percentage points"
              % (name, len(sel)))
        if any(r["ncu_rule"] != "no rule fired" for r in sel):
            print("  Nsight Compute's estimate for the matching rule: %.1f pp" % ncu)
        else:
            print("  (no Nsight Compute estimates in this GPU's fixture)")
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
                failed |= full > o.check_holdout
        for key in ("static", "run"):
            within = [abs(r[key + "_" + s] - r[s + "_us"]) / r[s + "_us"] <= 0.3
                      for r in sel for s in ("before", "after")
                      if r.get(key + "_" + s) is not None]
            if within:
                share = 100.0 * sum(within) / len(within)
                print("  kernel durations within 30%% (%s): %d of %d (%.0f%%)" %
                      (key, sum(within), len(within), share))
                if half == "holdout" and o.check_durations is not None:
                    failed |= share < o.check_durations
    if o.json:
        json.dump(rows, open(o.json, "w"), indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
