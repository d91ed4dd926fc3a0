"""Summarizes `warplint diff` output for FileCheck, one line per fact.

usage: summarize.py json LOG
       summarize.py sarif SCHEMA LOG

json: the first key of the document and the "analysis" object (what a
revision did not analyze: "not-analyzed SIDE RULE FILE:LINE" lines), "kernel
NAME STATUS faster|slower|same" and "finding STATE RULE KERNEL FILE:LINE"
lines, then the summary's counts.
sarif: validates LOG against the SARIF 2.1.0 schema (jsonschema), checks
version and $schema, that every result has a baselineState of SARIF's four
and that the results are in the order of the findings, then prints
"result STATE RULE FILE:LINE" lines, the invocation and a "notification
LEVEL RULE FILE:LINE MESSAGE" line for each of its notifications. Exits 1 on
any problem.
"""
import json
import sys


def speed(kernel):
    ratio = kernel.get("ratio")
    if ratio is None:
        return "no-time"
    if abs(ratio - 1) < 0.005:
        return "same"
    return "slower" if ratio > 1 else "faster"


def summarize_json(path):
    doc = json.load(open(path))
    print(f"first-key {next(iter(json.load(open(path), object_pairs_hook=lambda p: dict(p[:1]))))}")
    a = doc["analysis"]
    print(f"analysis complete={a['complete']} summary={a['summary']!r}")
    for f in a["not_analyzed"]:
        print(f"not-analyzed {f['side']} {f['revision']} {f['rule']} {f['file']}:{f['line']}"
              f" kernel={f['kernel']}")
    print(f"base {doc['base']['revision']} head {doc['head']['revision']}"
          f" head-commit {'yes' if doc['head']['commit'] else 'none'}")
    for k in doc["kernels"]:
        print(f"kernel {k['name']} {k['status']} {speed(k)}"
              f" new={k['new_findings']} fixed={k['fixed_findings']}")
    for f in doc["findings"]:
        print(f"finding {f['state']} {f['rule']} {f['kernel']} {f['file']}:{f['line']}")
        if "before" in f:
            print(f"  before {f['before']['file']}:{f['before']['line']}: {f['before']['message']}")
    s = doc["summary"]
    print(f"summary new={s['new']} fixed={s['fixed']} updated={s['updated']}"
          f" unchanged={s['unchanged']}")


def summarize_sarif(schema_path, path):
    import jsonschema
    doc = json.load(open(path))
    jsonschema.validate(doc, json.load(open(schema_path)))
    problems = []
    if doc.get("version") != "2.1.0":
        problems.append(f"version {doc.get('version')}")
    if "sarif-schema-2.1.0" not in doc.get("$schema", ""):
        problems.append(f"$schema {doc.get('$schema')}")
    print("valid SARIF 2.1.0")
    for run in doc["runs"]:
        for res in run.get("results", []):
            state = res.get("baselineState")
            if state not in ("new", "unchanged", "updated", "absent"):
                problems.append(f"result without a baselineState: {res.get('ruleId')}")
            loc = res.get("locations", [{}])[0].get("physicalLocation", {})
            uri = loc.get("artifactLocation", {}).get("uri", "?").rsplit("/", 1)[-1]
            line = loc.get("region", {}).get("startLine")
            print(f"result {state} {res.get('ruleId')} {uri}:{line}")
        for inv in run.get("invocations", []):
            print(f"invocation executionSuccessful={inv.get('executionSuccessful')}"
                  f" notifications={len(inv.get('toolExecutionNotifications', []))}")
            for n in inv.get("toolExecutionNotifications", []):
                loc = n.get("locations", [{}])[0].get("physicalLocation", {})
                uri = loc.get("artifactLocation", {}).get("uri", "?").rsplit("/", 1)[-1]
                line = loc.get("region", {}).get("startLine")
                print(f"notification {n['level']} {n['descriptor']['id']} {uri}:{line}"
                      f" {n['message']['text']}")
        if "analysisIncomplete" in run.get("properties", {}):
            print(f"incomplete {run['properties']['analysisIncomplete']}")
        for p in run.get("versionControlProvenance", []):
            print(f"provenance {p.get('revisionTag')} {'commit' if p.get('revisionId') else 'no-commit'}")
    for p in problems:
        print("problem:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1] == "json":
        summarize_json(sys.argv[2])
        sys.exit(0)
    sys.exit(summarize_sarif(sys.argv[2], sys.argv[3]))
