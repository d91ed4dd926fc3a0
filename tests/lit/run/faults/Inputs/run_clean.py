"""Runs every kernel of the given .cu files on the device model, through
`warplint run` and `warplint check --confirm`, with the launch each file
declares (annotation or host launch, as `accesses` reads it; scalar arguments
from the file's X.launch.json or from --arg), and prints each fault either
reports: `run` errors and leak notes, check's errors and device-fault notes. These kernels run cleanly on a GPU, so a test expects no
such line.

`run` runs 16 blocks of each launch (spread over the grid), check --confirm
its usual sample.

Usage: run_clean.py WARPLINT [--arg KERNEL:NAME=VALUE]... FILE...
"""
import json
import os
import re
import subprocess
import sys
import tempfile

def launches(warplint, path, extra_args):
    out = subprocess.run([warplint, "accesses", "--no-cuda-sdk", "--format=json", path],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{path}: accesses failed ({out.returncode}): {out.stderr.strip()}")
    declared = {}
    side = os.path.splitext(path)[0] + ".launch.json"
    if os.path.exists(side):
        for entry in json.load(open(side)):
            declared[entry["kernel"]] = entry
    entries = []
    for f in json.loads(out.stdout)["files"]:
        for k in f["kernels"]:
            launch = k["launch"]
            if not launch.get("grid") or not launch.get("block"):
                print(f"{path}: kernel '{k['name']}' has no launch: not run")
                continue
            entry = {"kernel": k["name"], "grid": launch["grid"], "block": launch["block"]}
            args = dict(declared.get(k["name"], {}).get("args", {}))
            args.update(extra_args.get(k["name"], {}))
            if args:
                entry["args"] = args
            entries.append(entry)
    return entries


def faults(lines):
    """Errors, and the notes that are faults (leaks); not the notes about
    sizes warplint guessed."""
    for line in lines:
        if re.search(r"\berror: ", line) or "[heap-leak]" in line:
            yield line
        elif "note: " in line and "[device-fault]" in line:
            yield line


def main():
    warplint, rest = sys.argv[1], sys.argv[2:]
    extra_args, files = {}, []
    while rest:
        if rest[0] == "--arg":
            kernel, assignment = rest[1].split(":", 1)
            name, value = assignment.split("=", 1)
            extra_args.setdefault(kernel, {})[name] = int(value)
            rest = rest[2:]
        else:
            files.append(rest.pop(0))
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            entries = launches(warplint, path, extra_args)
            launch_file = os.path.join(tmp, os.path.basename(path) + ".launch.json")
            json.dump(entries, open(launch_file, "w"))
            found = []
            for cmd in (["run", "--blocks", "16"], ["check", "--confirm"]):
                out = subprocess.run([warplint] + cmd + ["--no-cuda-sdk", path,
                                                          "--launch-file", launch_file],
                                     capture_output=True, text=True)
                if out.returncode not in (0, 1):
                    found.append(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr.strip()}")
                found += [f"{cmd[0]}: {line}" for line in
                          faults(out.stdout.splitlines() + out.stderr.splitlines())]
            for line in found:
                print(line)
            print(f"{os.path.basename(path)}: {len(entries)} kernels run, {len(found)} faults")


if __name__ == "__main__":
    main()
