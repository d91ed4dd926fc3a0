#!/usr/bin/env python3
"""warplint's predicted durations against the public corpus timed on an H200.

For every launch of tests/hardware/h200/corpus/<codebase>.csv (measured by
bench/corpus/measure.py), runs `warplint accesses` on the program's source at
that launch (grid and block as ncu saw them; the kernel's arguments as the
program's host code sets them, written in bench/corpus/launches/<codebase>.json,
whose "names" map a kernel ncu names otherwise, by its base name, to warplint's
name or mangled name: a library's kernel ncu writes without its namespaces, a
bool template argument ncu writes as 0 or 1)
and compares the predicted duration with the measured one (warm: the model's
default L2 assumption; --l2=cold compares with the cold figure).

    bench/corpus/compare.py BUILD_DIR CORPUS --split fit [--json OUT]

CORPUS holds the fetched sources (.corpus/<name>/). --split picks the half:
decide changes on `fit` (and `seen`, a held-back half after its one look);
`holdout` is looked at once, at the end (the split is
bench/corpus/codebases.json's, by code base). Prints one row per launch,
then per code base and for the half: launches with a time, the median and
mean absolute error, the share within 30% and within 15%, and the rank
correlation of each ladder (the program's kernels at one size).
"""
import argparse
import csv
import json
import os
import re
import statistics
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "hardware", "h200", "corpus")
HERE = os.path.dirname(os.path.abspath(__file__))


def base_name(ncu_name):
    """'void k<128u, 8>(int, float *)' -> 'k<128, 8>' (as warplint names it)."""
    n = ncu_name[5:] if ncu_name.startswith("void ") else ncu_name
    depth, cut = 0, len(n)
    for i, c in enumerate(n):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0:
            cut = i
            break
    return re.sub(r"(\d+)[uUlL]+\b", r"\1", n[:cut])


def norm(name):
    return re.sub(r"(\d+)[uUlL]+\b", r"\1", name.replace(" ", ""))


def dims(text):
    return [int(x) for x in re.findall(r"\d+", text)][:3]


def value(expr, env):
    return eval(expr, {}, env) if isinstance(expr, str) else expr  # expressions of our own launch tables


def predict(bin_, cb, prog, row, env, l2):
    src_dir = os.path.join(args.corpus, cb, prog.get("dir", "."))
    entry = {"kernel": row["wl_name"], "grid": dims(row["grid"]), "block": dims(row["block"]),
             "args": {k: value(v, env) for k, v in prog.get("args", {}).items()}}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump([entry], f)
    try:
        cmd = [bin_, "accesses", prog["source"], "--launch-file", f.name, "--kernel", entry["kernel"],
               "--format=json", "--gpu=h200"] + (["--l2=" + l2] if l2 != "warm" else []) + \
              ["--"] + prog.get("flags", [])
        r = subprocess.run(cmd, cwd=src_dir, capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(f.name)
    try:
        out = json.loads(r.stdout)
    except ValueError:
        return None, (r.stderr.strip().splitlines() or ["no output"])[-1][:160]
    for fl in out.get("files", [out]):
        for k in fl.get("kernels", []):
            if norm(k.get("name", "")) == norm(entry["kernel"]) or k.get("mangled") == entry["kernel"]:
                t = k.get("time") or {}
                return t.get("predicted_us"), t.get("why") or t.get("why_none") or t.get("reason")
    return None, "kernel not in the output"


def spearman(xs, ys):
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0] * len(v)
        for pos, i in enumerate(order):
            r[i] = pos
        return r
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    return 1 - 6 * sum((a - b) ** 2 for a, b in zip(rx, ry)) / (n * (n * n - 1))


def summarize(label, rows):
    timed = [r for r in rows if r.get("predicted_us")]
    errs = [abs(r["predicted_us"] / r["measured_us"] - 1) for r in timed]
    line = f"{label}: {len(timed)} of {len(rows)} launches timed"
    if errs:
        line += (f"; error median {100 * statistics.median(errs):.0f}%, mean {100 * statistics.mean(errs):.0f}%;"
                 f" within 30%: {100 * sum(e <= .3 for e in errs) / len(errs):.0f}%,"
                 f" within 15%: {100 * sum(e <= .15 for e in errs) / len(errs):.0f}%")
    print(line)


def main():
    global args
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("corpus")
    ap.add_argument("--split", required=True, help="fit, seen or holdout, or a comma list (fit,seen)")
    ap.add_argument("--l2", default="warm", choices=["warm", "cold"])
    ap.add_argument("--sample", type=int, default=6,
                    help="at most this many launches per kernel and run, evenly spaced (nw launches one per diagonal)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    ap.add_argument("--coverage", action="store_true",
                    help="say only which launches get a time (no measured figure, no error): checks a held-back"
                         " code base's launch table before its one look")
    args = ap.parse_args()
    bin_ = os.path.abspath(os.path.join(args.build, "bin", "warplint"))
    args.corpus = os.path.abspath(args.corpus)
    spec = json.load(open(os.path.join(HERE, "codebases.json")))
    every = []
    for cb in spec["codebases"]:
        if cb["split"] not in args.split.split(","):
            continue
        fixture = os.path.join(FIXTURES, cb["name"] + ".csv")
        table = os.path.join(HERE, "launches", cb["name"] + ".json")
        if not os.path.exists(fixture) or not os.path.exists(table):
            print(f"{cb['name']}: not measured or no launch table: skipped")
            continue
        progs = json.load(open(table))["programs"]
        rows, seen, launch = [], {}, {}
        every_row = list(csv.DictReader(open(fixture)))
        per_kernel = {}
        for row in every_row:
            per_kernel.setdefault((row["program"], row["args"], base_name(row["kernel"])), []).append(row)
        keep = set()
        for lr in per_kernel.values():  # evenly spaced, the first and the last among them
            k = min(args.sample, len(lr))
            picks = {0} if k == 1 else {round(i * (len(lr) - 1) / (k - 1)) for i in range(k)}
            keep.update(id(lr[i]) for i in picks)
        for row in every_row:
            run_key = (row["program"], row["args"])
            launch[run_key] = launch.get(run_key, -1) + 1
            key = (row["program"], row["args"], base_name(row["kernel"]))
            index = seen[key] = seen.get(key, -1) + 1
            prog = progs.get(row["program"])
            measured = row["cold_us" if args.l2 == "cold" else "warm_us"] or row["cold_us"]
            if id(row) not in keep or not prog or not measured or 0 in dims(row["grid"]):
                continue
            env = {k: v[index] if isinstance(v, list) else v for k, v in prog.get("vars", {}).items()}
            env.update({"run": row["args"], "index": index, "kernel": base_name(row["kernel"]), "launch": launch[run_key], "grid": dims(row["grid"]), "block": dims(row["block"])})
            row["wl_name"] = prog.get("names", {}).get(env["kernel"], env["kernel"])  # where warplint names it otherwise
            row["measured_us"] = float(measured)
            row["ladder"] = f"{row['program']}@{env.get('size', index)}"
            row["env"] = env
            rows.append(row)
        with ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda r: predict(bin_, cb["name"], progs[r["program"]], r, r["env"], args.l2), rows))
        for row, (p, why) in zip(rows, results):
            row["predicted_us"], row["why"] = p, why
            if args.coverage:
                print(f"{cb['name']:8} {row['program']:14} {row['wl_name'][:48]:48} {row['grid']:>16} "
                      + ("timed" if p else f"none ({why})"))
                continue
            print(f"{cb['name']:8} {row['program']:14} {row['wl_name'][:48]:48} {row['grid']:>16} "
                  f"{row['measured_us']:9.2f} " + (f"{p:9.2f} {100 * (p / row['measured_us'] - 1):+5.0f}%" if p
                                                   else f"     none ({why})"))
        if args.coverage:
            print(f"{cb['name']}: {sum(1 for r in rows if r['predicted_us'])} of {len(rows)} launches timed")
            continue
        summarize(cb["name"], rows)
        ladders = {}
        for r in rows:
            if r["predicted_us"]:
                ladders.setdefault(r["ladder"], []).append(r)
        for name, lr in sorted(ladders.items()):
            rho = spearman([r["predicted_us"] for r in lr], [r["measured_us"] for r in lr])
            if rho is not None:
                print(f"  ladder {name}: {len(lr)} kernels, rank correlation {rho:+.2f}")
        every += rows
    if not args.coverage:
        summarize(f"{args.split} half", every)
    if args.json:
        json.dump([{k: r[k] for k in ("program", "args", "wl_name", "grid", "block", "measured_us", "predicted_us", "why")}
                   for r in every], open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
