#!/usr/bin/env python3
"""A whole project's lint step against its build's device compiles.

Reads a CMake build directory's compile_commands.json (a CUDA project whose
CUDA compiler is nvcc), takes its .cu files (every K-th with --every K) and
measures, round after round and interleaved so that a change in the
machine's load falls on both:

  nvcc      every compile command as the build runs it (`nvcc ... -c`),
            JOBS at a time, objects written to a scratch folder; with
            --one-arch ARCH, the same commands keeping only that arch's
            --generate-code (a build for one GPU; the project's own list of
            architectures is the default);
  warplint  `warplint check -p BUILD -j JOBS --no-cache FILES`: cold, as on
            a fresh CI runner, nothing read from or written to a cache.

Prints wall and processor seconds (user + system of the children) per round,
their medians and the ratio warplint / nvcc. Goal (issue 26): the cold
whole-project check at most the time nvcc -c takes (ratio <= 1.0x).

  bench/project.py BUILD [--every K] [--rounds N] [--jobs J] [--one-arch 90]
                   [--warplint PATH]
"""
import argparse
import json
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(fn):
    cpu, wall = children_cpu(), time.monotonic()
    fn()
    return time.monotonic() - wall, children_cpu() - cpu


def one_arch(args, arch):
    """The command with only ARCH's --generate-code kept."""
    out = []
    for a in args:
        if a.startswith("--generate-code=") and "compute_%s," % arch not in a:
            continue
        out.append(a)
    return out


def nvcc_commands(entries, scratch, arch):
    cmds = []
    for i, e in enumerate(entries):
        args = shlex.split(e["command"]) if "command" in e else list(e["arguments"])
        if arch:
            args = one_arch(args, arch)
        if "-o" in args:
            args[args.index("-o") + 1] = os.path.join(scratch, "%d.o" % i)
        cmds.append((e["directory"], args))
    return cmds


def run_nvcc(cmds, jobs):
    def one(c):
        d, args = c
        r = subprocess.run(args, cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        return r.returncode, args[-1] if r.returncode else ""

    with ThreadPoolExecutor(jobs) as pool:
        failed = [f for rc, f in pool.map(one, cmds) if rc]
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--one-arch", default="")
    ap.add_argument("--warplint", default=os.path.join(ROOT, "build/bin/warplint"))
    a = ap.parse_args()
    db = json.load(open(os.path.join(a.build, "compile_commands.json")))
    cu = [e for e in db if e["file"].endswith(".cu")]
    cu.sort(key=lambda e: e["file"])
    cu = cu[:: a.every]
    files = [e["file"] for e in cu]
    scratch = tempfile.mkdtemp(prefix="project-bench-")
    cmds = nvcc_commands(cu, scratch, a.one_arch)
    lint = [a.warplint, "check", "-p", a.build, "-j", str(a.jobs), "--no-cache",
            "--format=json"] + files
    out_json = os.path.join(scratch, "lint.json")
    archs = sorted(set(re.findall(r"compute_(\d+),", " ".join(" ".join(c[1]) for c in cmds))))
    print("files: %d .cu of %d compile commands (every %d-th), %d at a time; nvcc for sm_%s"
          % (len(cu), len(db), a.every, a.jobs, ", sm_".join(archs)))
    rows = {"nvcc": [], "warplint": []}
    failed = []
    for r in range(a.rounds):
        wall, cpu = timed(lambda: failed.extend(run_nvcc(cmds, a.jobs)))
        rows["nvcc"].append((wall, cpu))
        with open(out_json, "w") as out:
            wall2, cpu2 = timed(lambda: subprocess.run(lint, stdout=out,
                                                       stderr=subprocess.DEVNULL))
        rows["warplint"].append((wall2, cpu2))
        print("round %d: nvcc %.1f s wall, %.1f s cpu | warplint check %.1f s wall, %.1f s cpu"
              % (r + 1, wall, cpu, wall2, cpu2), flush=True)
    if failed:
        print("nvcc failed on %d compiles (counted as they ran): %s"
              % (len(set(failed)), ", ".join(sorted(set(failed))[:5])))
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
           for k, v in rows.items()}
    print("median: nvcc %.1f s wall, %.1f s cpu; warplint check %.1f s wall, %.1f s cpu"
          % (med["nvcc"] + med["warplint"]))
    print("ratio warplint/nvcc: %.2fx wall, %.2fx cpu (goal <= 1.0x)"
          % (med["warplint"][0] / med["nvcc"][0], med["warplint"][1] / med["nvcc"][1]))
    try:
        res = json.load(open(out_json))
        s = res.get("summary", {})
        print("warplint: %d files (%d not analyzed), %d kernels analyzed (%d not), %d diagnostics"
              % (len(files), s.get("files_not_analyzed", 0), s.get("kernels_analyzed", 0),
                 s.get("kernels_not_analyzed", 0), len(res.get("diagnostics", []))))
    except (OSError, ValueError):
        print("warplint: no JSON result")
    return 0


if __name__ == "__main__":
    sys.exit(main())
