#!/usr/bin/env python3
"""Times the public code bases of bench/corpus/codebases.json on a GPU.

Run on the `device` machine with the sources under CORPUS (.corpus/<name>/,
fetched, never committed):

    python3 bench/corpus/measure.py CORPUS OUT [--only NAME,...] [--programs NAME,...]

Builds every program with nvcc as its entry says, then runs each of its runs
under Nsight Compute twice, profiling the second launch of every distinct
launch configuration (kernel, grid, block: `--filter-mode
per-launch-config`) at the GPU's own clocks:

* cold: the first launch of each configuration, `--cache-control all`
  (caches flushed before it: a first call, or a benchmark that flushes L2);
* warm: its second launch, `--cache-control none` (what the program's
  previous launches left); empty where a configuration is launched once.

Writes OUT/<codebase>.csv: one row per profiled launch with the program, the
run's arguments, the kernel, grid, block, the two durations and the counters
the time model predicts (DRAM bytes, sectors, instructions). A program that
does not build or run is recorded in OUT/<codebase>.log and skipped.
"""
import csv
import io
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

METRICS = [
    "gpu__time_duration.sum",
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "smsp__inst_executed.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "lts__t_sectors_srcunit_tex_op_read.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
    "launch__registers_per_thread",
    "sm__warps_active.avg.pct_of_peak_sustained_active",
]
LLMC_BUILD = "nvcc -O3 --use_fast_math -arch=sm_90 -lineinfo -std=c++17 {name}.cu -lcublas -lcublasLt -o {name}"


def number(text):
    return float(str(text).replace(",", ""))


def ncu(exe, args, cwd, cache, timeout, raw):
    cmd = ["ncu", "--csv", "--page", "raw", "--filter-mode", "per-launch-config",
           "--launch-skip", "0" if cache == "all" else "1", "--launch-count", "1", "--cache-control", cache,
           "--clock-control", "none", "--print-units", "base", "--metrics", ",".join(METRICS), exe] + args
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    with open(raw, "w") as f:
        f.write(r.stdout)
    lines = r.stdout.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')), None)
    if start is None:
        return [], r.returncode, (r.stderr or r.stdout)[-600:]
    rows = list(csv.DictReader(io.StringIO("\n".join(lines[start:]))))
    return [x for x in rows[1:] if x.get("Kernel Name")], r.returncode, ""  # rows[0] holds the units


def main():
    corpus, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    only = programs = None
    if "--only" in sys.argv:
        only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    if "--programs" in sys.argv:  # a part of a code base (a device call's time is bounded)
        programs = set(sys.argv[sys.argv.index("--programs") + 1].split(","))
    spec = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "codebases.json")))
    os.makedirs(os.path.join(out, "raw"), exist_ok=True)
    chosen = [cb for cb in spec["codebases"] if not only or cb["name"] in only]
    for cb in chosen:
        cb["programs"] = [p for p in cb["programs"] if not programs or p["name"] in programs]
    jobs = [(cb, p) for cb in chosen for p in cb["programs"]]

    def build(job):
        cb, p = job
        cwd = os.path.join(corpus, cb["name"], p.get("dir", cb.get("dir", ".")))
        cmd = p.get("build", LLMC_BUILD.format(name=p["name"]))
        return subprocess.run(cmd, shell=True, cwd=cwd, capture_output=True, text=True)

    with ThreadPoolExecutor(12) as pool:  # builds in parallel, profiles one at a time
        built = dict(zip([id(p) for _, p in jobs], pool.map(build, jobs)))
    for cb in chosen:
        log = open(os.path.join(out, cb["name"] + ".log"), "w")
        fields = ["program", "args", "kernel", "grid", "block", "cold_us", "warm_us"] + METRICS
        table = open(os.path.join(out, cb["name"] + ".csv"), "w", newline="")
        w = csv.DictWriter(table, fieldnames=fields)
        w.writeheader()
        for p in cb["programs"]:
            cwd = os.path.join(corpus, cb["name"], p.get("dir", cb.get("dir", ".")))
            build = p.get("build", LLMC_BUILD.format(name=p["name"]))
            b = built[id(p)]
            exe = os.path.join(cwd, build.split(" -o ")[1].split()[0])
            if b.returncode or not os.path.exists(exe):
                log.write(f"{p['name']}: build failed: {b.stderr[-800:]}\n")
                continue
            for args in p["runs"]:
                try:
                    tag = "_".join([cb["name"], p["name"]] + args).replace("/", "_").replace("=", "")
                    runs = {c: ncu(exe, args, cwd, c, 240, os.path.join(out, "raw", f"{tag}.{c}.csv"))
                            for c in ("all", "none")}
                except subprocess.TimeoutExpired:
                    log.write(f"{p['name']} {args}: timed out\n")
                    continue
                cold, warm = runs["all"][0], runs["none"][0]
                for c in ("all", "none"):
                    if runs[c][2] or runs[c][1]:
                        log.write(f"{p['name']} {args} cache={c}: exit {runs[c][1]} {runs[c][2]}\n")
                warm_by = {(r["Kernel Name"], r["Grid Size"], r["Block Size"]): r for r in warm}
                for r in cold:
                    key = (r["Kernel Name"], r["Grid Size"], r["Block Size"])
                    wr = warm_by.get(key, {})
                    row = {"program": p["name"], "args": " ".join(args), "kernel": key[0], "grid": key[1], "block": key[2],
                           "cold_us": number(r["gpu__time_duration.sum"]) / 1000.0,
                           "warm_us": number(wr["gpu__time_duration.sum"]) / 1000.0 if wr else ""}
                    row.update({m: r.get(m, "") for m in METRICS})
                    w.writerow(row)
                log.write(f"{p['name']} {args}: {len(cold)} launches\n")
                log.flush()
                table.flush()  # a run cut short keeps what it measured


if __name__ == "__main__":
    main()
