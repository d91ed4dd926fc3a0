"""Compares warplint's verdict on each launch of tests/hardware/launchlimits.cu
with what an H100 did (tests/hardware/h100/launchlimits.csv), case by case.

Usage: compare_launchlimits.py FIXTURE SOURCE CHECK_JSON [COOP_SOURCE COOP_JSON]

A case's GPU verdict is its CUDA error (cudaSuccess: it ran); warplint's is
the launch-fails error naming that launch's line and the CUDA error it names
(none: it runs). For the idle case the GPU's verdict is its time (64 blocks
over 1024) and warplint's is a grid-underfilled warning on that launch.
Prints one line per case and exits 1 on any disagreement.
"""
import json
import re
import sys


def read_fixture(path):
    cases, times, capacity = {}, {}, None
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(",")
        if parts[0] in ("attr", "setattr"):
            continue
        if parts[0] == "coop" and parts[1] == "capacity":
            capacity = (int(parts[2]), int(parts[3]))
        elif parts[0] == "idle" and parts[1] == "reduce":
            times[int(parts[2])] = float(parts[3])
        else:
            cases[(parts[0], parts[1])] = parts[3]
    return cases, times, capacity


def launch_lines(source):
    """(case, variant) -> the line of the launch that R("case", "variant") reports."""
    lines = {}
    for number, text in enumerate(open(source), 1):
        m = re.search(r'R\("([a-z_0-9]+)", "([a-z]+)"\)', text)
        if m:
            # The launch is on the same line, or (cooperative) the line above.
            same = "<<<" in text or "cudaLaunchCooperativeKernel" in text
            lines[(m.group(1), m.group(2))] = number if same else number - 1
    return lines


def verdicts(check_json, file_name):
    """line -> (launch-fails error or None, grid-underfilled warned)."""
    out = {}
    diagnostics = json.load(open(check_json))["diagnostics"]
    for d in diagnostics:
        # The launch line, then the calls it is reached through (" from main at f.cu:184 (case)").
        m = re.search(re.escape(file_name) + r":(\d+)(?: from .*?)? (fails with (\w+)|runs a grid-stride)",
                      d["message"])
        if not m:
            continue
        line = int(m.group(1))
        error, idle = out.get(line, (None, False))
        if d["rule"] == "launch-fails" and d["severity"] == "error":
            error = error or m.group(3)
        if d["rule"] == "grid-underfilled":
            idle = True
        out[line] = (error, idle)
    return out


def main():
    fixture, source, check_json = sys.argv[1:4]
    cases, times, capacity = read_fixture(fixture)
    lines = launch_lines(source)
    got = verdicts(check_json, source.rsplit("/", 1)[-1])
    coop = {}
    if len(sys.argv) > 5:
        coop_lines = launch_lines(sys.argv[4])
        coop_got = verdicts(sys.argv[5], sys.argv[4].rsplit("/", 1)[-1])
        coop = {k: coop_got.get(v, (None, False)) for k, v in coop_lines.items()}
    bad = 0
    for (case, variant), gpu in sorted(cases.items()):
        if case == "idle":
            continue
        if case == "cooperative":
            if (case, variant) not in coop:
                print(f"MISSING {case} {variant}: no cooperative source given")
                bad += 1
                continue
            mine = coop[(case, variant)][0] or "cudaSuccess"
        else:
            if (case, variant) not in lines:
                print(f"MISSING {case} {variant}: no launch in {source}")
                bad += 1
                continue
            mine = got.get(lines[(case, variant)], (None, False))[0] or "cudaSuccess"
        ok = mine == gpu
        bad += not ok
        print(f"{'agree' if ok else 'DISAGREE'} {case} {variant}: gpu {gpu}, warplint {mine}")
    # The idle case: the GPU's 64-block launch is much slower than 1024.
    slow = times[64] / times[1024] > 2
    for variant, blocks in (("fail", 64), ("ok", 1024)):
        warned = got.get(lines[("idle", variant)], (None, False))[1]
        gpu_idle = slow and blocks == 64
        ok = warned == gpu_idle
        bad += not ok
        print(f"{'agree' if ok else 'DISAGREE'} idle {variant}: gpu {times[blocks]} ms "
              f"({times[blocks] / times[1024]:.1f}x 1024 blocks), warplint "
              f"{'grid-underfilled' if warned else 'silent'}")
    if capacity:
        print(f"cooperative capacity on the gpu: {capacity[0]} SMs x {capacity[1]} blocks")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
