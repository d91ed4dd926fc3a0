#!/usr/bin/env python3
"""Predicted (warplint's time model) against measured H200 durations of the
Triton fixtures: every case of tests/hardware/h200/triton/timings.json is
checked at its own grid and integer arguments (a launch file per case) with
--gpu h200, and the warm duration it measured is set beside the prediction.
Nothing here tunes the model; it prints a Markdown table.

    bench/triton/compare.py [--warplint build/bin/warplint] [--fixtures DIR]
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import tempfile


def args_of(kernel, size):
    """The integer arguments bench/triton/kernels.py passes, by name."""
    if kernel in ("vadd", "vadd_f16_acc32"):
        return {"n": int(size.split("=")[1])}
    if kernel == "vadd_strided":
        return {"n": int(size.split("=")[1]), "stride": 4}
    if kernel in ("row_softmax", "layernorm"):
        cols = int(size.split("x")[1])
        return {"n_cols": cols, "row_stride": cols}
    s = int(size.split("^")[0])
    if kernel == "matmul":
        return {"M": s, "N": s, "K": s, "sam": s, "sbk": s, "scm": s}
    if kernel == "matmul_tma":
        return {"M": s, "N": s, "K": s}
    raise SystemExit(f"unknown kernel {kernel}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warplint", default="build/bin/warplint")
    ap.add_argument("--fixtures", default="tests/hardware/h200/triton")
    o = ap.parse_args()
    root = pathlib.Path(o.fixtures)
    timings = json.loads((root / "timings.json").read_text())
    # The cases' "hash" is not the one in the cache's .json: a kernel is
    # matched by what it was compiled with (name, num_warps, num_stages, the
    # element type of its first pointer, its BLOCK as the widest tt.make_range).
    compiled = []
    for meta in root.glob("**/*.json"):
        if meta.name.startswith("__grp__") or meta.name == "timings.json":
            continue
        j = json.loads(meta.read_text())
        ttgir = meta.with_suffix(".ttgir").read_text() if meta.with_suffix(".ttgir").exists() else ""
        elem = re.search(r"!tt\.ptr<(\w+)>", ttgir)
        ends = [int(e) for e in re.findall(r"tt\.make_range \{end = (\d+)", ttgir)]
        compiled.append({"name": j.get("name"), "num_warps": j.get("num_warps"),
                         "num_stages": j.get("num_stages"), "elem": elem.group(1) if elem else None,
                         "block": max(ends) if ends else None, "ptx": meta.with_suffix(".ptx")})

    def find(c):
        want_elem = "f16" if ("float16" in c["case"] or c["kernel"].startswith("matmul")
                              or c["kernel"] == "vadd_f16_acc32") else "f32"
        for k in compiled:
            if (k["name"] == c["kernel"] and k["num_warps"] == c["num_warps"]
                    and (c["num_stages"] is None or k["num_stages"] == c["num_stages"])
                    and k["elem"] == want_elem
                    and ("BLOCK" not in c["constexprs"] or k["block"] == c["constexprs"]["BLOCK"])):
                return k["ptx"]
        return None

    print("| case | size | grid | block | PTX | predicted us | measured us (warm) | predicted/measured |")
    print("|---|---|---|---|---|---:|---:|---:|")
    for c in timings["cases"]:
        ptx = find(c)
        if not ptx or not ptx.exists():
            print(f"| {c['case']} | {c['size']} | no PTX compiled so | | | | |")
            continue
        launch = [{"kernel": c["kernel"], "grid": c["grid"], "args": args_of(c["kernel"], c["size"])}]
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(launch, f)
        r = subprocess.run([o.warplint, "accesses", "--no-cuda-sdk", "--gpu", "h200",
                            "--format=json", "--launch-file", f.name, str(ptx)],
                           capture_output=True, text=True)
        pathlib.Path(f.name).unlink()
        try:
            k = json.loads(r.stdout)["files"][0]["kernels"][0]
            pred = k["time"]["predicted_us"]
            block = k.get("launch", {}).get("block")
        except (ValueError, KeyError, IndexError, TypeError):
            print(f"| {c['case']} | {c['size']} | {c['grid']} | | {ptx.parent.name[:6]} | no prediction (exit {r.returncode}) | {c['warm_us']:.2f} | |")
            continue
        grid = "x".join(map(str, c["grid"]))
        blk = "x".join(map(str, block[:1])) if block else "?"
        print(f"| {c['case']} | {c['size']} | {grid} | {blk} | {ptx.parent.name[:6]} | {pred:.2f} | {c['warm_us']:.2f} | "
              f"{pred / c['warm_us']:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
