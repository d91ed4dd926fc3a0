#!/usr/bin/env python3
"""Sums up bench/realcode.sh's run: OUT/status.tsv (rc, nvcc verdict, ms, file)
and each file's JSON and stderr under OUT/files/."""
import collections
import json
import os
import re
import sys

out = sys.argv[1]
rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(out, "status.tsv"))]

analyzed, failed, setaside = [], [], []
reasons = collections.Counter()
patterns = collections.Counter()
spaces = collections.Counter()
no_line = []
launch = collections.Counter()
kernels = 0
stopped = 0
unmodelled_sites = collections.Counter()
budget_sites = 0
ms_total = 0


def first_error(text):
    for line in text.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            return re.sub(r"'[^']*'", "'...'", m.group(1))[:110]
    return text.strip().splitlines()[-1][:110] if text.strip() else "no output"


root = open(os.path.join(out, "root.txt")).read().strip()


def source_text(f):
    try:
        return open(os.path.join(root, f), errors="replace").read()
    except OSError:
        return ""


for rc, nv, ms, f in rows:
    rc = int(rc)
    ms_total += int(ms)
    base = os.path.join(out, "files", f.replace("/", "_"))
    err = open(base + ".err", errors="replace").read() if os.path.exists(base + ".err") else ""
    if rc == 2 or rc >= 124:
        if nv == "fail":
            setaside.append(f)
            continue
        failed.append(f)
        reasons["timeout" if rc >= 124 else first_error(err)] += 1
        continue
    analyzed.append(f)
    try:
        data = json.load(open(base + ".json"))
    except (ValueError, OSError):
        reasons["unreadable JSON"] += 1
        continue
    for k in (k for entry in data.get("files", []) for k in entry.get("kernels", [])):
        kernels += 1
        stopped += "analysis_stopped" in k
        src = k["launch"]["source"]
        kind = ("command line" if src.startswith("command") else
                "host launch" if src.startswith("host") else
                "annotation" if src.startswith("annotation") else
                "__launch_bounds__" if "launch_bounds" in src else "assumed")
        grid = k["launch"]["grid"]
        said = " ".join(k["launch"].get("assumptions", []))
        if "is not known from the host code" in said:
            kind += " (host launch found, its block unknown: said so)"
        elif kind in ("assumed", "__launch_bounds__"):
            # Does the file launch it (`name<<<`) where warplint did not follow?
            short = re.sub(r"<.*", "", k["name"]).split("::")[-1]
            text = source_text(f)
            if re.search(r"\b" + re.escape(short) + r"\s*(<[^<>;]*>)?\s*<<<", text):
                kind += " (the file launches it)"
        launch[kind + (", grid unknown" if grid is None and kind == "host launch" else "")] += 1
        for a in k["accesses"]:
            patterns[a["pattern"]] += 1
            spaces[a["space"]] += 1
            if not a.get("line") or not a.get("file"):
                no_line.append((f, k["name"]))
            if a["pattern"] == "unmodelled" and a["space"] in ("global", "generic"):
                if "budget" in a.get("depends_on", ""):
                    budget_sites += 1
                else:
                    unmodelled_sites[f] += 1

total = sum(patterns.values())
glob = sum(v for s, v in spaces.items() if s in ("global", "generic"))
print(f"files: {len(rows)}  analyzed: {len(analyzed)}  failed: {len(failed)}  "
      f"set aside (nvcc rejects them too): {len(setaside)}")
print(f"kernels: {kernels} (analysis stopped by its budget: {stopped});  "
      f"warplint time: {ms_total / 1000:.0f} s")
print("failures by reason:")
for r, n in reasons.most_common():
    print(f"  {n:4d}  {r}")
print(f"accesses: {total}")
for p, n in patterns.most_common():
    print(f"  {n:6d}  {100.0 * n / max(total, 1):5.1f}%  {p}")
dd = patterns["data-dependent"]
un = sum(unmodelled_sites.values())
print(f"data-dependent: {100.0 * dd / max(total, 1):.1f}% of accesses")
print(f"not modelled: {100.0 * un / max(glob, 1):.2f}% of global accesses ({un} of {glob}); "
      f"{budget_sites} more where a kernel's analysis budget ran out")
print(f"without a line: {len(no_line)}")
print("launches:")
for k, n in launch.most_common():
    print(f"  {n:5d}  {k}")
if unmodelled_sites:
    print("files with the most global accesses not modelled:")
    for f, n in unmodelled_sites.most_common(10):
        print(f"  {n:4d}  {f}")
if failed:
    with open(os.path.join(out, "failed.txt"), "w") as fh:
        fh.write("\n".join(failed) + "\n")
