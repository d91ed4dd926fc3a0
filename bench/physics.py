#!/usr/bin/env python3
"""The time model's terms against the physics families measured on an H200.

tests/hardware/physics/physics.cu holds kernels of our own, each family varying
one thing (a store-to-load dependency in a loop, a structure read field by
field, barrier-separated shared rounds, resident blocks capped by shared
memory, L2 warm or cold, the launch); tests/hardware/h200/physics/timings.csv
their cudaEvents durations (median of 20, warm). This prices each kernel with
`warplint accesses --gpu=h200` at its fixture launch and prints measured,
predicted (at least the stream's launch rate: cudaEvents in a stream) and the
ratio, then the share within 30%.

    bench/physics.py BUILD_DIR [--check PCT]   (exit 1 when a kernel is more
                                                than PCT% off)
"""
import argparse
import csv
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "tests", "hardware", "physics", "physics.cu")
FIXTURE = os.path.join(ROOT, "tests", "hardware", "h200", "physics", "timings.csv")

# The arguments main() of physics.cu passes each family (read from the source).
ARGS = {
    "dep-32b-k256": {"n": 8192, "k": 256},
    "dep-1wave-k256": {"n": 33792, "k": 256},
    "dep-8wave-k64": {"n": 270336, "k": 64},
    "dep-64k-k64": {"n": 65536, "k": 64},
    "dep-1M-k16": {"n": 1 << 20, "k": 16},
    "fields-1M": {"n": 1 << 20},
    "fields-16M": {"n": 1 << 24},
    "rounds-1perSM-r64": {"r": 64},
    "rounds-1perSM-r256": {"r": 256},
    "rounds-8perSM-r256": {"r": 256},
    "l2-16M": {"n": (16 << 20) // 16},
    "l2-64M": {"n": (64 << 20) // 16},
}
# occ-R: 540672 threads, 64 loads each, the dynamic shared memory physics.cu
# asks for so that R blocks are resident (its "# occ" lines).
SHARED = {"occ-1": 204800, "occ-2": 115456, "occ-4": 57088, "occ-8": 27904, "occ-16": 13312}
for fam in SHARED:
    ARGS[fam] = {"n": 540672, "k": 64}
KERNEL = {"l2_read_warm": "l2_read"}
# The cold read and the launch family are measured for the L2 and launch
# terms' own figures (GpuProfile: LaunchUs, LaunchFloorUs), not launches the
# model prices (a launch timed alone, synchronized, is not one in a stream).
SKIP = {"l2_read_cold", "empty_x100", "empty", "one_block"}


def price(bin_, fam, kernel, grid, block):
    cmd = [bin_, "accesses", SOURCE, "--kernel", kernel, "--grid", grid.replace("x", ","),
           "--block", block.replace("x", ","), "--gpu=h200", "--format=json", "--no-cuda-sdk"]
    for k, v in ARGS.get(fam, {}).items():
        cmd += ["--arg", f"{k}={v}"]
    if fam in SHARED:
        cmd.append(f"--shared-bytes={SHARED[fam]}")
    r = subprocess.run(cmd + ["--", "-I" + os.path.join(ROOT, "tests", "hardware")],
                       capture_output=True, text=True, timeout=300)
    out = json.loads(r.stdout)
    for f in out.get("files", [out]):
        for k in f.get("kernels", []):
            t = k.get("time") or {}
            if t.get("predicted_us") is not None:
                return max(t["predicted_us"], t.get("stream_floor_us", 0)), t.get("limiter")
    return None, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--check", type=float)
    o = ap.parse_args()
    bin_ = os.path.join(o.build, "bin", "warplint")
    errs, worst = [], 0.0
    for row in csv.reader(open(FIXTURE)):
        fam, kernel, grid, block, med = row[:5]
        if kernel in SKIP:
            continue
        pred, limiter = price(bin_, fam, KERNEL.get(kernel, kernel), grid, block)
        meas = float(med)
        if pred is None:
            print(f"{fam:20} {kernel:14} {meas:9.2f}      none")
            errs.append(float("inf"))
            continue
        e = pred / meas - 1
        errs.append(abs(e))
        print(f"{fam:20} {kernel:14} {meas:9.2f} {pred:9.2f} {100 * e:+5.0f}%  {limiter}")
    within = sum(e <= 0.3 for e in errs)
    worst = max(errs) if errs else 0
    print(f"\n{within} of {len(errs)} physics kernels within 30% of the H200; worst {100 * worst:.0f}%")
    return 1 if o.check is not None and worst * 100 > o.check else 0


if __name__ == "__main__":
    sys.exit(main())
