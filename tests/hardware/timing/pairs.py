#!/usr/bin/env python3
"""Writes pairs.json, the manifest of the before/after timing pairs, and with
--warplint=BINARY fills in what warplint reports for each kernel of each pair.

Each pair's launches are written here exactly as the .cu file's main() makes
them (grid, block, scalar arguments, buffer sizes in elements)."""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RAND = "random:0:1"


def launch(kernel, grid, block, args, buffers):
    def dim(d):
        d = list(d) if isinstance(d, (list, tuple)) else [d]
        return d + [1] * (3 - len(d))
    return {"kernel": kernel, "grid": dim(grid), "block": dim(block),
            "args": args, "buffers": buffers}


def pair(name, file, rule, kind, expect, before, after, note=""):
    p = {"pair": name, "file": file, "rule": rule, "compute_or_memory": kind,
         "before": before, "after": after, "expect_gain": expect}
    if note:
        p["note"] = note
    return p


def both(prefix, grid, block, args, buffers, **kw):
    return (launch(prefix + "_before", grid, block, args, buffers),
            launch(prefix + "_after", grid, block, args, buffers))


def pairs():
    P = []
    # colmajor.cu
    for name, n, exp in [("colmajor-256", 256, True), ("colmajor-1k", 1024, True),
                         ("colmajor-4k", 4096, True), ("colmajor-8k", 8192, True)]:
        c = n * n
        b, a = both("colmajor", [n // 32, n // 8], [32, 8], {"n": n},
                    {"in": f"{c}:{RAND}", "out": f"{c}"})
        P.append(pair(name, "colmajor.cu", "global-uncoalesced", "memory", exp, b, a))
    # rowsum.cu
    for name, rows, cols in [("rowsum-4k-x256", 4096, 256), ("rowsum-16k-x1k", 16384, 1024)]:
        bufs = {"m": f"{rows * cols}:{RAND}", "sums": f"{rows}"}
        args = {"rows": rows, "cols": cols}
        P.append(pair(name, "rowsum.cu", "global-uncoalesced", "memory", True,
                      launch("rowsum_before", rows // 256, 256, args, bufs),
                      launch("rowsum_after", rows * 32 // 256, 256, args, bufs)))
    # misaligned.cu
    for name, n in [("shift-1M", 1 << 20), ("shift-16M", 1 << 24), ("shift-64M", 1 << 26)]:
        b, a = both("shift", n // 256, 256, {"n": n},
                    {"in": f"{n + 32}:{RAND}", "out": f"{n}"})
        P.append(pair(name, "misaligned.cu", "global-misaligned", "memory", False, b, a,
                      "the extra sector of each request is the neighbouring warp's: an L1/L2 hit"))
    for name, w, h, p in [("pitch-1001x1024", 1001, 1024, 1024), ("pitch-4001x4096", 4001, 4096, 4032)]:
        grid = [(w + 255) // 256, h]
        P.append(pair(name, "misaligned.cu", "global-misaligned", "memory", False,
                      launch("pitch_before", grid, 256, {"width": w, "height": h},
                             {"img": f"{w * h}:{RAND}", "out": f"{w * h}"}),
                      launch("pitch_after", grid, 256, {"width": w, "height": h, "pitch": p},
                             {"img": f"{p * h}:{RAND}", "out": f"{p * h}"}),
                      "row y starts (4 * width * y) mod 32 bytes into a sector: 7 of 8 rows are misaligned"))
    n = 1 << 26
    b, a = both("bytes", n // 256, 256, {"n": n},
                {"in": f"{n + 128}:random:0:255", "out": f"{n}"})
    P.append(pair("bytes-64M", "misaligned.cu", "global-misaligned", "memory", False, b, a,
                  "2 sectors per request where 1 would do, but the extra sector is the next warp's"))
    # aos.cu
    for name, n, exp in [("mass-64K", 1 << 16, False), ("mass-1M", 1 << 20, True), ("mass-16M", 1 << 24, True)]:
        P.append(pair(name, "aos.cu", "global-aos-field", "memory", exp,
                      launch("mass_before", n // 256, 256, {"n": n}, {"p": f"{n}:{RAND}", "out": f"{n}"}),
                      launch("mass_after", n // 256, 256, {"n": n}, {"mass": f"{n}:{RAND}", "out": f"{n}"})))
    for name, n in [("allfields-1M", 1 << 20), ("allfields-16M", 1 << 24)]:
        P.append(pair(name, "aos.cu", "global-aos-field", "memory", False,
                      launch("allfields_before", n // 256, 256, {"n": n}, {"p": f"{n}:{RAND}", "out": f"{n}"}),
                      launch("allfields_after", n // 256, 256, {"n": n}, {"p": f"{n}:{RAND}", "out": f"{n}"}),
                      "all four fields are read: the other three loads hit L1, DRAM bytes are the same"))
    n = 1 << 24
    P.append(pair("float3x-16M", "aos.cu", "global-aos-field", "memory", True,
                  launch("float3x_before", n // 256, 256, {"n": n}, {"v": f"{n}:{RAND}", "out": f"{n}"}),
                  launch("float3x_after", n // 256, 256, {"n": n}, {"vx": f"{n}:{RAND}", "out": f"{n}"})))
    # matmul.cu
    for name, n in [("matmul-256", 256), ("matmul-512", 512), ("matmul-1024", 1024), ("matmul-2048", 2048)]:
        c = n * n
        b, a = both("matmul", [n // 16, n // 16], [16, 16], {"n": n},
                    {"A": f"{c}:{RAND}", "B": f"{c}:{RAND}", "C": f"{c}"})
        P.append(pair(name, "matmul.cu", "global-reuse-without-tiling", "compute", True, b, a))
    for name, n in [("nbody-4k", 4096), ("nbody-16k", 16384)]:
        b, a = both("nbody", n // 256, 256, {"n": n}, {"body": f"{n}:{RAND}", "acc": f"{n}"})
        P.append(pair(name, "matmul.cu", "global-reuse-without-tiling", "compute", False, b, a,
                      "every lane reads the same body: a broadcast that hits L1"))
    # conv.cu
    for name, n in [("conv-1M", 1 << 20), ("conv-16M", 1 << 24), ("conv-64M", 1 << 26)]:
        b, a = both("conv", n // 256, 256, {"n": n, "taps": 9},
                    {"in": f"{n + 9}:{RAND}", "w": f"9:{RAND}", "out": f"{n}"})
        P.append(pair(name, "conv.cu", "global-reuse-without-tiling", "memory", False, b, a,
                      "9 filter weights read by every thread: broadcasts that hit L1 on a DRAM-bound kernel"))
    # rmw.cu
    for name, n, k, exp in [("rmw-8k-k256", 8192, 256, True), ("rmw-64k-k64", 65536, 64, True),
                            ("rmw-1M-k16", 1 << 20, 16, True)]:
        b, a = both("rmw", n // 256, 256, {"n": n, "k": k},
                    {"a": f"{n * k}:{RAND}", "out": f"{n}"})
        P.append(pair(name, "rmw.cu", "global-rmw-in-loop", "memory", exp, b, a))
    n = 1 << 20
    b, a = both("rmwpoly", n // 256, 256, {"n": n, "k": 64}, {"x": f"{n}:{RAND}", "out": f"{n}"})
    P.append(pair("rmwpoly-1M-k64", "rmw.cu", "global-rmw-in-loop", "compute", False, b, a,
                  "my mistake, kept as a silent case: with no other memory access in the loop the compiler "
                  "promotes out[i] to a register itself (the PTX has no store in the loop), so warplint is right to say nothing"))
    # transpose.cu
    for name, n in [("transpose-1k", 1024), ("transpose-4k", 4096), ("transpose-8k", 8192)]:
        c = n * n
        b, a = both("transpose", [n // 32, n // 32], [32, 8], {"n": n},
                    {"in": f"{c}:{RAND}", "out": f"{c}"})
        P.append(pair(name, "transpose.cu", "shared-bank-conflict", "memory", True, b, a))
    # reduce.cu
    for name, n in [("reduce-1M", 1 << 20), ("reduce-16M", 1 << 24), ("reduce-64M", 1 << 26)]:
        b, a = both("reduce", n // 1024, 256, {"n": n},
                    {"in": f"{n}:random:0:999", "sums": f"{n // 1024}"})
        P.append(pair(name, "reduce.cu", "shared-bank-conflict", "memory", True, b, a))
    for name, n, it in [("once-1M-i256", 1 << 20, 256), ("once-4M-i16", 1 << 22, 16)]:
        b, a = both("once", n // 1024, 1024, {"iters": it}, {"in": f"{n}:{RAND}", "out": f"{n}"})
        P.append(pair(name, "reduce.cu", "shared-bank-conflict", "compute", False, b, a,
                      "a 32-way conflicting store (and read) that runs once per thread"))
    # constant.cu
    for name, n in [("weight-1M", 1 << 20), ("weight-16M", 1 << 24)]:
        P.append(pair(name, "constant.cu", "constant-divergent", "memory", False,
                      launch("weight_before", n // 256, 256, {"n": n}, {"in": f"{n}:{RAND}", "out": f"{n}"}),
                      launch("weight_after", n // 256, 256, {"n": n},
                             {"in": f"{n}:{RAND}", "w": f"16:{RAND}", "out": f"{n}"}),
                      "16 constant-cache passes once per element of a DRAM-bound kernel"))
    for name, n in [("poly-64K", 1 << 16), ("poly-1M", 1 << 20), ("poly-16M", 1 << 24)]:
        P.append(pair(name, "constant.cu", "constant-divergent", "compute", True,
                      launch("poly_before", n // 256, 256, {"n": n, "degree": 64},
                             {"x": f"{n}:{RAND}", "out": f"{n}"}),
                      launch("poly_after", n // 256, 256, {"n": n, "degree": 64},
                             {"x": f"{n}:{RAND}", "coef": f"2048:{RAND}", "out": f"{n}"})))
    # localidx.cu
    for prefix in ["hist", "lookup"]:
        for threads in [65536, 262144]:
            per = 64
            name = f"{prefix}-{threads // 1024}k-p{per}"
            src = "vals" if prefix == "hist" else "idx"
            b, a = both(prefix, threads // 128, 128, {"per": per},
                        {src: f"{threads * per}:random:0:1048575", "out": f"{threads}"})
            P.append(pair(name, "localidx.cu", "local-dynamic-index", "memory", True, b, a))
    # spill.cu
    for name, n, it, kind, exp in [("spill-1M-i64", 1 << 20, 64, "compute", True),
                                   ("spill-4M-i16", 1 << 22, 16, "compute", True),
                                   ("spill-16M-i1", 1 << 24, 1, "memory", False)]:
        b, a = both("spill", n // 256, 256, {"n": n, "iters": it}, {"in": f"{n}:{RAND}", "out": f"{n}"})
        P.append(pair(name, "spill.cu", "register-spill", kind, exp, b, a))
    # divergent.cu
    for name, n, it in [("heavy-1M-i64", 1 << 20, 64), ("heavy-4M-i16", 1 << 22, 16)]:
        b, a = both("heavy", n // 256, 256, {"iters": it}, {"in": f"{n}:{RAND}", "out": f"{n}"})
        P.append(pair(name, "divergent.cu", "warp-divergent-branch", "compute", True, b, a,
                      "the fix's remap makes the accesses stride 2 (8 sectors per request where 4 would do)"))
    n = 1 << 24
    b, a = both("light", n // 256, 256, {"n": n}, {"in": f"{n}:{RAND}", "out": f"{n}"})
    P.append(pair("light-16M", "divergent.cu", "warp-divergent-branch", "memory", False, b, a,
                  "one multiply per path: the compiler selects, no branch is left"))
    # occupancy.cu
    for name, n in [("stage-1M", 1 << 20), ("stage-16M", 1 << 24), ("stage-64M", 1 << 26)]:
        b, a = both("stage", n // 128, 128, {"n": n}, {"in": f"{n}:{RAND}", "out": f"{n}"})
        P.append(pair(name, "occupancy.cu", "occupancy-limited", "memory", True, b, a))
    n = 1 << 22
    b, a = both("stagefma", n // 128, 128, {"iters": 256}, {"in": f"{n}:{RAND}", "out": f"{n}"})
    P.append(pair("stagefma-4M-i256", "occupancy.cu", "occupancy-limited", "compute", False, b, a,
                  "4 independent FMA chains per thread: ILP hides latency at 25% occupancy"))
    # gridstride.cu
    for name, n, few in [("saxpy-1M-g64", 1 << 20, 64), ("saxpy-16M-g64", 1 << 24, 64),
                         ("saxpy-64M-g132", 1 << 26, 132)]:
        bufs = {"x": f"{n}:{RAND}", "y": f"{n}"}
        args = {"a": 2.5, "n": n}
        P.append(pair(name, "gridstride.cu", "grid-underfilled", "memory", True,
                      launch("saxpy_before", few, 256, args, bufs),
                      launch("saxpy_after", 1056, 256, args, bufs)))
    n = 1 << 22
    bufs = {"x": f"{n}:{RAND}", "y": f"{n}"}
    args = {"n": n, "iters": 64}
    P.append(pair("sumsq-4M-i64", "gridstride.cu", "grid-underfilled", "compute", True,
                  launch("sumsq_before", 132, 256, args, bufs),
                  launch("sumsq_after", 1056, 256, args, bufs)))
    # restrict.cu
    n = 1 << 24
    b, a = both("twice", n // 256, 256, {"n": n}, {"x": f"{n}:{RAND}", "y": f"{2 * n}"})
    P.append(pair("twice-16M", "restrict.cu", "readonly-not-restrict", "memory", False, b, a,
                  "the second load of x[i] hits L1"))
    for name, n, k in [("bcast-64k-k64", 65536, 64), ("bcast-1M-k16", 1 << 20, 16)]:
        b, a = both("bcast", n // 256, 256, {"n": n, "k": k},
                    {"x": f"{n}:{RAND}", "b": f"{n}:{RAND}", "c": f"{k}:{RAND}", "y": f"{n * k}"})
        P.append(pair(name, "restrict.cu", "readonly-not-restrict", "memory", True, b, a))
    # half: alternate within each rule, in pair order, so both halves cover every rule
    seen = {}
    for p in P:
        i = seen.get(p["rule"], 0)
        p["half"] = "fit" if i % 2 == 0 else "holdout"
        seen[p["rule"]] = i + 1
    return P


def findings(warplint, file, entry):
    """warplint's findings on one kernel at one launch: 'rule: message' lines."""
    lf = os.path.join("/tmp", "pairs-launch-%d.json" % os.getpid())
    with open(lf, "w") as f:
        json.dump([entry], f)
    r = subprocess.run([warplint, "check", os.path.join(HERE, file), "--ptxas",
                        "--launch-file", lf, "--kernel", entry["kernel"], "--format=json"],
                       capture_output=True, text=True)
    try:
        d = json.loads(r.stdout)
    except json.JSONDecodeError:
        return ["error: " + r.stderr.strip()[:300]]
    out = []
    for diag in d.get("diagnostics", []):
        if diag.get("kernel") != entry["kernel"]:
            continue
        msg = diag["message"].replace("kernel '%s': " % entry["kernel"], "").replace(lf, "pairs.json")
        out.append("%s (%s, line %d): %s" % (diag["rule"], diag["severity"], diag["line"], msg))
    return out


def measuredGain(P):
    """expect_gain from the H100 fixtures: the fix saved at least 5% in both
    timing runs (timings.csv and timings_repeat.csv); the guess made before
    measuring stays as expect_gain_prior."""
    d = os.path.join(HERE, "..", "h100", "timing")
    runs = []
    for f in ["timings.csv", "timings_repeat.csv"]:
        path = os.path.join(d, f)
        if os.path.exists(path):
            import csv
            runs.append({(r["pair"], r["kernel"]): float(r["median_us"]) for r in csv.DictReader(open(path))})
    for p in P:
        p["expect_gain_prior"] = p["expect_gain"]
        kb, ka = (p["pair"], p["before"]["kernel"]), (p["pair"], p["after"]["kernel"])
        savings = [(r[kb] - r[ka]) / r[kb] for r in runs if kb in r and ka in r]
        if savings:
            p["expect_gain"] = all(s >= 0.05 for s in savings)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warplint", help="warplint binary: fill warplint_before/after")
    ap.add_argument("-o", default=os.path.join(HERE, "pairs.json"))
    opts = ap.parse_args()
    P = pairs()
    measuredGain(P)
    old = {}
    if os.path.exists(opts.o):
        old = {p["pair"]: p for p in json.load(open(opts.o))}
    for p in P:
        for side in ["before", "after"]:
            key = "warplint_" + side
            if opts.warplint:
                f = findings(opts.warplint, p["file"], p[side])
                p[key] = f if f else "none"
            elif p["pair"] in old and key in old[p["pair"]]:
                p[key] = old[p["pair"]][key]
        if not opts.warplint and "warplint_as_expected" in old.get(p["pair"], {}):
            p["warplint_as_expected"] = old[p["pair"]]["warplint_as_expected"]
        if opts.warplint:
            hit = lambda v: v != "none" and any(s.startswith(p["rule"] + " ") for s in v)
            p["warplint_as_expected"] = hit(p["warplint_before"]) and not hit(p["warplint_after"])
    order = ["pair", "file", "rule", "compute_or_memory", "half", "expect_gain", "expect_gain_prior", "before", "after",
             "warplint_before", "warplint_after", "warplint_as_expected", "note"]
    P = [{k: p[k] for k in order if k in p} for p in P]
    with open(opts.o, "w") as f:
        json.dump(P, f, indent=1)
        f.write("\n")
    print("%d pairs -> %s" % (len(P), opts.o), file=sys.stderr)


if __name__ == "__main__":
    main()
