#!/usr/bin/env python3
"""warplint run on GPUVerify's CUDA tests: the races a verifier expects, the
alarms it does not, and the tests that cannot run (issue 42, item 8).

    bench/gpuverify.py WARPLINT TESTSUITE_CUDA [--legal] [-j N] [--tsv FILE]
                       [--tests NAME...]

TESTSUITE_CUDA is GPUVerify's testsuite/CUDA directory (github.com/mc-imperial/
gpuverify; nothing of it is in this repository: fetch it and extract the
directory with `git archive HEAD testsuite/CUDA | tar x`). Each kernel.cu
says `//pass` or `//xfail:...` on its first line and GPUVerify's flags on its
second; the launch (`--blockDim`, `--gridDim`) and `-D` macros are taken from
them, GPUVerify's annotations (`__requires`, `__invariant`, `__axiom`, ...)
are defined away so the run sees the kernel as a CUDA compiler does.
--legal halves a block of more than 1024 threads until CUDA can launch it.
A function-pointer argument the kernel calls through (warplint stops for it:
`give it with --arg f=FUNCTION`) that the test constrains with `__requires(f
== a | f == b)` is given each device function it names in turn (`--arg
f=a`, then `--arg f=b`; every combination where several are): the test's
reports are the union of those runs'. One no `__requires` constrains may be
any value, null among them, and is given null (`--arg f=0`): a call through
it is the run's `invalid-call` at the call's line, the fault a GPU reports
and the null pointer access a verifier expects.

Prints, for the 30 failing tests whose failure is a race or a barrier
divergence, how many are reported (an error or a benign-race note of kind
global-race, shared-race or barrier-divergent, or the hang of a grid barrier
some blocks skip); for the passing tests, every
race report; and the tests that cannot run (exit 2) with the first line of
why. Exit 0.
"""
import argparse
import concurrent.futures
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile

# The failing tests whose expected failure is a race or a barrier divergence
# (from each test's comments and expected messages); the others fail for a
# null pointer, an assertion, a loop invariant or an unsupported construct.
EXPECT_RACE = """
atomics/add_tid atomics/add_zero
cooperative_groups/fail/block_divergence_grid_group
cooperative_groups/fail/divergence_grid_group
cooperative_groups/fail/divergence_thread_block cooperative_groups/fail/race
curand_tests/fail/curand_mtgp32_block_race curand_tests/fail/curand_mtgp32_race
curand_tests/fail/curand_race curand_tests/fail/init_race
fail_tests/race_on_shared fail_tests/shared_int
fresh_arrays/fail/array fresh_arrays/fail/inherit fresh_arrays/fail/struct_char
fresh_arrays/fail/struct_float fresh_arrays/fail/struct_nested
loop_unwind memcpy/fail_arrayofstruct memcpy/fail_overstep memcpy/lentoobig
memcpy/notexactdiv misc/fail/miscfail3 misc/fail/miscfail4
param_values/value_causing_race pointeranalysistests/testbasicaliasing
pointertests/cast warpsync/bad_inter_group warpsync/broken_shuffle
warpsync/equality_abstraction_issue
""".split()

RACE_KINDS = {"global-race", "shared-race", "barrier-divergent"}
# A grid barrier some blocks skip: the blocks that reach it wait for ever,
# which the device model reports as the cooperative launch's hang.
DIVERGENCE = {"cooperative_groups/fail/block_divergence_grid_group",
              "cooperative_groups/fail/divergence_grid_group",
              "cooperative_groups/fail/divergence_thread_block"}

ANNOTATIONS = """// GPUVerify's specification annotations, gone as a CUDA compiler sees them.
#define GV_NONE(...) ((void)0)
#define __requires GV_NONE
#define __ensures GV_NONE
#define __invariant GV_NONE
#define __global_invariant GV_NONE
#define __function_wide_invariant GV_NONE
#define __assert GV_NONE
#define __global_assert GV_NONE
#define __assume GV_NONE
#define __requires_fresh_array GV_NONE
#define __axiom(...) static_assert(true, "")
// GPUVerify's own cuda.h brings cuRAND's device API and cooperative groups in,
// with the early spelling of a group's barrier.
#include <curand_kernel.h>
#include <cooperative_groups.h>
namespace cooperative_groups {
template <class Group> __device__ void synchronize(Group &G) { G.sync(); }
}
"""


def dims(text):
    """'[64,64]' or '64' as the comma list warplint takes."""
    return ",".join(p.strip() for p in text.strip("[]").split(","))


def legal(block):
    """Halves the largest dimension until the block has at most 1024 threads."""
    b = [int(x) for x in block.split(",")]
    while b[0] * (b[1] if len(b) > 1 else 1) * (b[2] if len(b) > 2 else 1) > 1024:
        i = b.index(max(b))
        b[i] //= 2
    return ",".join(map(str, b))


def parse(path):
    with open(path, errors="replace") as f:
        first = f.readline().strip()
        second = f.readline().strip()
    expect = "pass" if first.lower().startswith("//pass") else "fail"
    flags = second.lstrip("/").split()
    block, grid, defines = "1", "1", []
    for fl in flags:
        if fl.startswith("--blockDim="):
            block = dims(fl.split("=", 1)[1])
        elif fl.startswith("--gridDim="):
            grid = dims(fl.split("=", 1)[1])
        elif fl.startswith("-D"):
            defines.append(fl)
    return expect, block, grid, defines


def candidates(path):
    """The device functions each function-pointer parameter may be, from the
    test's `__requires(f == multiplyByTwo | f == divideByTwo)`: a compiler
    never sees a __requires, so the host's choice is the bench's to make.
    Returns {parameter: [function, ...]} in the order the test names them."""
    with open(path, errors="replace") as f:
        text = f.read()
    functions = set(re.findall(r"__device__[^;{}()]*?\b(\w+)\s*\(", text))
    out = {}
    for req in re.findall(r"__requires\s*\((.*)\)\s*;", text):
        for var, name in re.findall(r"\b(\w+)\s*==\s*(\w+)\b", req):
            if name in functions and name not in out.setdefault(var, []):
                out[var].append(name)
    return out


def run_once(args, header, path, block, grid, defines, extra, name):
    cmd = [args.warplint, "run", "--format=json", "--blocks=all",
           "--block=" + block, "--grid=" + grid] + extra + [path, "--",
           "-I", os.path.dirname(header), "-include", os.path.basename(header)] + defines
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = 124, "", "timed out"
    reports, why = [], ""
    try:
        doc = json.loads(out) if out.strip() else {}
    except json.JSONDecodeError:
        doc = {}
    for k in doc.get("kernels", []):
        for e in k.get("errors", []):
            if e.get("kind") in RACE_KINDS or (name in DIVERGENCE and e.get("kind") == "hang"):
                reports.append((e["kind"], e.get("severity", "error"), e.get("line", 0),
                                e.get("message", "")))
    if rc not in (0, 1):
        stops = [e.get("message", "") for k in doc.get("kernels", [])
                 for e in k.get("errors", []) if e.get("kind") == "unsupported"]
        lines = stops + [l for l in err.splitlines() if "error" in l or "cannot" in l]
        why = (lines or err.splitlines() or [""])[0][:200]
    return rc, reports, why, err


NEEDS_FUNCTION = re.compile(r"argument '(\w+)' of kernel '[^']*' is a pointer to a device "
                            r"function: give it with --arg")


def run_one(args, header, name):
    """The test's run; where it stops for a function-pointer argument the
    test names candidates for (warplint says which argument: one the kernel
    never calls through needs none; one it names none for is null), one run
    per choice of those arguments,
    each with --arg NAME=FUNCTION: the union of their reports, the worst
    exit (one choice that cannot run makes the test one that cannot) and its
    reason."""
    path = os.path.join(args.suite, name, "kernel.cu")
    expect, block, grid, defines = parse(path)
    if args.legal:
        block = legal(block)
    given = candidates(path)
    needed = {}
    while True:
        fixed = [f"--arg={var}={fns[0]}" for var, fns in needed.items()]
        rc, reports, why, err = run_once(args, header, path, block, grid, defines, fixed, name)
        m = NEEDS_FUNCTION.search(err)
        if rc != 2 or not m or m.group(1) in needed:
            break
        needed[m.group(1)] = given.get(m.group(1), ["0"])  # Unconstrained: null.
    if not needed:
        return name, expect, rc, reports, why
    rc, reports, why = 0, [], ""
    for pick in itertools.product(*needed.values()):
        extra = [f"--arg={var}={fn}" for var, fn in zip(needed, pick)]
        r, rep, w, _ = run_once(args, header, path, block, grid, defines, extra, name)
        reports += [x for x in rep if x not in reports]
        if r > rc or (r == rc and w and not why):
            rc, why = r, f"{w} ({' '.join(extra)})" if w else ""
    return name, expect, rc, reports, why


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("warplint")
    ap.add_argument("suite")
    ap.add_argument("--legal", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--tsv")
    ap.add_argument("--tests", nargs="*", help="only these tests (their directories)")
    args = ap.parse_args()
    names = sorted(os.path.relpath(os.path.dirname(os.path.join(d, "kernel.cu")), args.suite)
                   for d, _, fs in os.walk(args.suite) if "kernel.cu" in fs)
    if args.tests:
        names = [n for n in names if n in args.tests]
    with tempfile.TemporaryDirectory() as tmp:
        header = os.path.join(tmp, "gpuverify-annotations.h")
        with open(header, "w") as f:
            f.write(ANNOTATIONS)
        with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
            results = list(pool.map(lambda n: run_one(args, header, n), names))
    found = [r for r in results if r[0] in EXPECT_RACE and r[3]]
    passing = [r for r in results if r[1] == "pass"]
    false_err = [r for r in passing if any(s == "error" for _, s, _, _ in r[3])]
    false_note = [r for r in passing if r[3] and r not in false_err]
    cannot = [r for r in results if r[2] not in (0, 1)]
    print(f"tests: {len(results)} ({len(passing)} passing)")
    print(f"expected races and barrier divergences reported: {len(found)} of {len(EXPECT_RACE)}")
    for n in EXPECT_RACE:
        r = next((r for r in results if r[0] == n), None)
        state = "missing" if r is None else ("reported" if r[3] else f"missed (exit {r[2]})")
        print(f"  {n}: {state}" + (f": {r[4]}" if r and r[4] and not r[3] else ""))
    print(f"passing tests with a race error: {len(false_err)}; with only a note: {len(false_note)}")
    for r in false_err + false_note:
        kinds = sorted({f"{k} {s}" for k, s, _, _ in r[3]})
        print(f"  {r[0]}: {', '.join(kinds)} (line {r[3][0][2]}): {r[3][0][3][:160]}")
    print(f"cannot run (exit other than 0 or 1): {len(cannot)}")
    for r in cannot:
        print(f"  {r[0]} ({r[1]}, exit {r[2]}): {r[4]}")
    if args.tsv:
        with open(args.tsv, "w") as f:
            for r in results:
                f.write("\t".join([r[0], r[1], str(r[2]), str(len(r[3])), r[4]]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
