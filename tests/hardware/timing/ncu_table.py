#!/usr/bin/env python3
"""Reads the Nsight Compute exports measure.sh writes (ncu/X.log, X.details.csv,
X.raw.csv) and writes ncu.csv: one row per profiled (pair, kernel) with ncu's
duration and every rule that fired with an estimated speedup: NAME(MEMORY)=PCT,
where MEMORY is the memory the rule's text names (global-loads, local-stores,
...) and a trailing ":local" marks ncu's "Est. Local Speedup" (of one part of
the kernel) rather than its global one.

Usage: ncu_table.py MEASURE_OUTDIR > ncu.csv
       ncu_table.py --metrics MEASURE_OUTDIR > ncu_metrics.csv
         (every section metric of the details page, one row per
          pair, kernel, section, metric: unit and value)

The profiled run prints one timing CSV line per launch (PAIRS_PROFILE=1: one
launch per kernel), so the N-th such line of X.log is ncu's kernel ID N."""
import csv
import glob
import os
import sys

def launches(log):
    out = []
    for line in open(log, errors="replace"):
        line = line.strip()
        if not line or line.startswith("==") or line.startswith("#"):
            continue
        f = line.split(",")
        if len(f) == 7:
            out.append((f[0], f[1]))
    return out

def metrics(root):
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(["pair", "kernel", "section", "metric", "unit", "value"])
    for log in sorted(glob.glob(os.path.join(root, "ncu", "*.log"))):
        order = launches(log)
        for r in csv.reader(open(log[:-4] + ".details.csv")):
            if len(r) < 15 or not r[0].isdigit() or not r[12]:
                continue
            i = int(r[0])
            if i < len(order):
                w.writerow([order[i][0], order[i][1], r[11], r[12], r[13], r[14].replace(",", "")])

def main():
    if sys.argv[1] == "--metrics":
        return metrics(sys.argv[2])
    root = sys.argv[1]
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(["pair", "kernel", "ncu_duration_us", "sm_clock_ghz", "rules"])
    for log in sorted(glob.glob(os.path.join(root, "ncu", "*.log"))):
        base = log[:-4]
        order = launches(log)
        dur, clk = {}, {}
        raw = list(csv.reader(open(base + ".raw.csv")))
        hdr = raw[0]
        for r in raw[2:]:
            if len(r) == len(hdr) and r[0].isdigit():
                d = dict(zip(hdr, r))
                dur[int(r[0])] = float(d["gpu__time_duration.sum"].replace(",", ""))
                clk[int(r[0])] = float(d["sm__cycles_elapsed.avg.per_second"].replace(",", ""))
        rules = {}
        det = list(csv.reader(open(base + ".details.csv")))
        hdr = det[0]
        for r in det[1:]:
            if len(r) != len(hdr) or not r[0].isdigit():
                continue
            d = dict(zip(hdr, r))
            if not d["Rule Name"] or d["Rule Type"] != "OPT" or not d["Estimated Speedup"]:
                continue
            # Which memory the rule speaks of, where it says (global/local/shared loads/stores).
            desc = d["Rule Description"]
            tag = ""
            for space in ["global loads", "global stores", "local loads", "local stores",
                          "shared loads", "shared stores"]:
                if space in desc:
                    tag = "(" + space.replace(" ", "-") + ")"
                    break
            est = float(d["Estimated Speedup"].replace(",", ""))
            kind = ":local" if d["Estimated Speedup Type"] == "local" else ""
            rules.setdefault(int(r[0]), []).append("%s%s=%.2f%s" % (d["Rule Name"], tag, est, kind))
        for i, (pair, kernel) in enumerate(order):
            if i not in dur:
                continue
            w.writerow([pair, kernel, "%.3f" % dur[i], "%.3f" % clk[i], ";".join(rules.get(i, []))])

if __name__ == "__main__":
    main()
