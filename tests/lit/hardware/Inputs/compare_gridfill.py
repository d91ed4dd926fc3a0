"""grid-underfilled against an H200's timings of tests/hardware/gridfill.cu.

For each one-wave launch of the fixture (grid at most the resident blocks;
more waves are the last-wave case, not this comparison), warplint checks the
kernel at that grid and block; the GPU's verdict is the launch's time against
the fastest grid at the same block size. Prints one line per launch:
"agree" where warplint warns on a launch at least SLOW times slower than the
best and is silent on one within FAST of it, "DISAGREE" where it warns on a
launch within FAST or is silent on one SLOW or more slower, "between" else.
Usage: compare_gridfill.py WARPLINT CSV SOURCE
"""
import csv
import subprocess
import sys

SLOW, FAST = 1.25, 1.10


def main():
    warplint, table, source = sys.argv[1:4]
    rows = [r for r in csv.DictReader(l for l in open(table) if not l.startswith("#"))]
    best = {}
    for r in rows:
        key = (r["kernel"], r["block"])
        best[key] = min(best.get(key, 1e30), float(r["median_us"]))
    for r in rows:
        block, grid = int(r["block"]), int(r["grid"])
        if grid > 132 * int(r["blocks_per_sm_resident"]):
            continue
        ratio = float(r["median_us"]) / best[(r["kernel"], r["block"])]
        out = subprocess.run([warplint, "check", "--no-cuda-sdk", "--no-cache", "--checks=grid-underfilled",
                              "--kernel", r["kernel"], "--grid", str(grid), "--block", str(block),
                              "--arg", "n=134217728", "--arg", "n4=33554432", source],
                             capture_output=True, text=True)
        warns = "[grid-underfilled]" in out.stderr + out.stdout
        if (warns and ratio >= SLOW) or (not warns and ratio <= FAST):
            verdict = "agree"
        elif (warns and ratio <= FAST) or (not warns and ratio >= SLOW):
            verdict = "DISAGREE"
        else:
            verdict = "between"
        print(f"{verdict} {r['kernel']} {grid}x{block}: {ratio:.2f}x the best grid, "
              f"warplint {'warns' if warns else 'silent'}")


main()
