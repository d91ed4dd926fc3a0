#!/usr/bin/env python3
"""Compares `warplint accesses --format=json` of a .cu file and of its PTX.

usage: compare_accesses.py SOURCE.json PTX.json [--lines [--columns]]

Per kernel (by name) the two must list the same state spaces and
operations. With --lines (PTX with .loc line info, as nvcc -lineinfo writes
it) the accesses are grouped by source line, space and op, and each group
must agree on the line, the bytes and every prediction (pattern, sectors,
wavefronts, addresses per request). Columns are compared only with
--columns: nvcc's .loc gives statement columns, Clang's expression columns.
PTX carries no struct types, so a source access labelled "struct-field" is
compared as the "strided" access it is in the PTX (at the same cost).
Prints each difference and exits 1 when there is one.
"""
import json
import os
import sys


def kernels(path):
    # Tolerate bytes that are not UTF-8 in fields we do not read.
    with open(path, "rb") as f:
        data = json.loads(f.read().decode("utf-8", errors="replace"))
    out = {}
    for file in data["files"]:
        for k in file["kernels"]:
            out[k["name"]] = k["accesses"]
    return out


def prediction(a):
    p = a.get("predicted") or {}
    pattern = a.get("pattern")
    if pattern == "struct-field":
        pattern = "strided"  # What the PTX, without struct types, can say.
    return (pattern,
            p.get("sectors_per_request"),
            p.get("wavefronts_per_request"),
            p.get("addresses_per_request"))


def groups(accesses, by_line, by_column):
    out = {}
    for a in accesses:
        key = (a["space"], a["op"])
        if by_column:
            key = (a["column"],) + key
        if by_line:
            key = (os.path.basename(a["file"]), a["line"]) + key
        g = out.setdefault(key, {"bytes": set(), "predicted": set()})
        g["bytes"].add(a["bytes"])
        g["predicted"].add(prediction(a))
    return out


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    by_line = "--lines" in argv[3:]
    by_column = by_line and "--columns" in argv[3:]
    src, ptx = kernels(argv[1]), kernels(argv[2])
    diffs = []
    for name in sorted(set(src) | set(ptx)):
        if name not in ptx:
            diffs.append(f"{name}: kernel missing from the PTX")
            continue
        if name not in src:
            diffs.append(f"{name}: kernel only in the PTX")
            continue
        gs = groups(src[name], by_line, by_column)
        gp = groups(ptx[name], by_line, by_column)
        for key in sorted(set(gs) | set(gp), key=str):
            what = " ".join(str(k) for k in key)
            if key not in gp:
                diffs.append(f"{name}: {what}: missing from the PTX")
            elif key not in gs:
                diffs.append(f"{name}: {what}: only in the PTX")
            elif by_line:
                for field in ("bytes", "predicted"):
                    if gs[key][field] != gp[key][field]:
                        diffs.append(f"{name}: {what}: {field} {sorted(gs[key][field], key=str)}"
                                     f" in the source, {sorted(gp[key][field], key=str)} in the PTX")
    for d in diffs:
        print(d)
    print(f"{len(src)} kernels, {len(diffs)} differences")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
