"""Runs `warplint merge` on malformed shards and checks that it never crashes.

usage: malformed.py OUTDIR SHARD1 SHARD2 -- WARPLINT...

SHARD1 and SHARD2 are the two shards of one `check --shard=I/2` run (JSON or
SARIF). Each member that merge reads is in turn deleted or replaced by a
value of every other JSON type, in the first shard and in the second (so
that it is both the shard merged into and the one merged from), and each
shard is cut short at ten places. Every variant is written to OUTDIR and
merged with the other, good, shard. Each run must exit 0 with a JSON
document on stdout, or exit 2 with an error that names the variant's file;
anything else (a signal, another exit code, no name) is printed as BAD.
The named cases of the issue are printed with their first line of stderr.
"""
import concurrent.futures
import copy
import json
import os
import subprocess
import sys

# What merge reads ([0]: the first element of a list).
SARIF_PATHS = [
    [], ["runs"], ["runs", 0], ["runs", 0, "properties"],
    ["runs", 0, "properties", "shard"], ["runs", 0, "properties", "shard", "index"],
    ["runs", 0, "properties", "shard", "count"], ["runs", 0, "tool"],
    ["runs", 0, "tool", "driver"], ["runs", 0, "tool", "driver", "rules"],
    ["runs", 0, "tool", "driver", "rules", 0], ["runs", 0, "tool", "driver", "rules", 0, "id"],
    ["runs", 0, "results"], ["runs", 0, "results", 0], ["runs", 0, "results", 0, "ruleId"],
    ["runs", 0, "results", 0, "locations"], ["runs", 0, "results", 0, "locations", 0],
    ["runs", 0, "results", 0, "locations", 0, "physicalLocation"],
    ["runs", 0, "results", 0, "locations", 0, "physicalLocation", "artifactLocation"],
    ["runs", 0, "results", 0, "locations", 0, "physicalLocation", "artifactLocation", "uri"],
    ["runs", 0, "results", 0, "locations", 0, "physicalLocation", "artifactLocation", "index"],
    ["runs", 0, "results", 0, "locations", 0, "physicalLocation", "region"],
    ["runs", 0, "artifacts"], ["runs", 0, "artifacts", 0], ["runs", 0, "artifacts", 0, "location"],
    ["runs", 0, "artifacts", 0, "location", "uri"], ["runs", 0, "artifacts", 0, "location", "index"],
    ["runs", 0, "invocations"], ["runs", 0, "invocations", 0],
    ["runs", 0, "invocations", 0, "executionSuccessful"],
]
JSON_PATHS = [
    [], ["diagnostics"], ["diagnostics", 0], ["not_analyzed"], ["summary"],
    ["summary", "kernels_analyzed"], ["shard"], ["shard", "index"], ["shard", "count"],
]
VALUES = {"delete": None, "null": None, "number": 7, "string": "x", "array": [], "object": {},
          "empty": []}

# The cases: variant name -> label.
NAMED = {
    "sarif-2-document-array": "a list, not an object",
    "sarif-2-runs-number": "runs not an array",
    "sarif-2-runs-empty": "runs empty",
    "sarif-2-runs.0.results-null": "results null",
    "sarif-1-runs.0.results.0.locations-delete": "locations missing",
    "sarif-2-runs.0.artifacts-string": "artifacts of the wrong type",
    "sarif-1-runs.0.artifacts.0.location-delete": "an artifact without a location",
    "sarif-2-runs.0.results.0.locations.0.physicalLocation-string": "physicalLocation a string",
    "sarif-1-runs.0.tool.driver.rules.0.id-number": "a rule id a number",
    "sarif-1-runs.0.tool.driver-delete": "no driver",
    "sarif-2-runs.0.invocations-empty": "invocations empty",
    "sarif-2-cut-50": "SARIF cut short",
    "json-2-diagnostics-object": "diagnostics an object",
    "json-1-cut-50": "JSON cut short",
}


def kind(v):
    return {type(None): "null", bool: "bool", int: "number", float: "number", str: "string",
            list: "array", dict: "object"}[type(v)]


def mutate(doc, path, what):
    """doc with the member at path deleted or replaced; None when it has no such member."""
    doc = copy.deepcopy(doc)
    if not path:
        return copy.deepcopy(VALUES[what])
    holder = doc
    for step in path[:-1]:
        try:
            holder = holder[step]
        except (KeyError, IndexError, TypeError):
            return None
    last = path[-1]
    try:
        original = holder[last]
    except (KeyError, IndexError, TypeError):
        return None
    if what == "delete":
        del holder[last]
    elif what == "empty":
        if not isinstance(original, list) or not original:
            return None
        holder[last] = []
    elif what == kind(original):
        return None
    else:
        holder[last] = None if what == "null" else copy.deepcopy(VALUES[what])
    return doc


def label(path):
    """The variant's name for a path: its members' names and indices."""
    return ".".join(str(s) for s in path) or "document"


def main():
    sep = sys.argv.index("--")
    out, shards, warplint = sys.argv[1], sys.argv[2:sep], sys.argv[sep + 1:]
    texts = [open(s, encoding="utf-8").read() for s in shards]
    docs = [json.loads(t) for t in texts]
    fmt = "sarif" if "runs" in docs[0] else "json"
    ext = ".sarif" if fmt == "sarif" else ".json"
    paths = SARIF_PATHS if fmt == "sarif" else JSON_PATHS
    variants = []  # (name, shard index, text)
    for which in (0, 1):
        for path in paths:
            for what in VALUES:
                if not path and what in ("delete", "empty"):
                    continue
                doc = mutate(docs[which], path, what)
                if doc is None and path:
                    continue
                name = "%s-%d-%s-%s" % (fmt, which + 1, label(path), what)
                variants.append((name, which, json.dumps(doc, indent=2)))
        text = texts[which]
        for percent in (1, 10, 25, 50, 75, 90, 99):
            variants.append(("%s-%d-cut-%d" % (fmt, which + 1, percent), which,
                             text[:len(text) * percent // 100]))
    os.makedirs(out, exist_ok=True)

    def run(variant):
        name, which, text = variant
        file = os.path.join(out, name + ext)
        with open(file, "w", encoding="utf-8") as f:
            f.write(text)
        args = list(shards)
        args[which] = file
        p = subprocess.run(warplint + ["merge"] + args, capture_output=True, text=True)
        problem = None
        if p.returncode == 0:
            try:
                json.loads(p.stdout)
            except ValueError:
                problem = "exit 0 without a JSON document"
        elif p.returncode != 2:
            problem = "exit %d" % p.returncode
        elif (name + ext) not in p.stderr:
            problem = "an error that does not name the shard"
        elif p.stdout:
            problem = "output on stdout after an error"
        first = (p.stderr.splitlines() or [""])[0].replace(out + os.sep, "")
        return name, p.returncode, first, problem

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(run, variants))
    counts = {0: 0, 2: 0}
    bad = 0
    for name, code, first, problem in results:
        if problem:
            bad += 1
            print("BAD %s: %s: %s" % (name, problem, first))
        counts[code] = counts.get(code, 0) + 1
        if name in NAMED:
            print("%s (%s): exit=%d: %s" % (NAMED[name], name, code, first))
    print("%s: %d variants, %d bad" % (fmt, len(results), bad))


if __name__ == "__main__":
    main()
