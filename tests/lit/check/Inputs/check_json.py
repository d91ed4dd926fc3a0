"""Checks `warplint check --format=json` against DESIGN.md's contract.

usage: check_json.py FILE

{"diagnostics":[{"file","line","column","severity":"note|warning|error",
"rule","kernel","message","fixits":[...],"confirmed":{...}|null}]}: every
field present with its type (fields may be added). Prints one line per
diagnostic and fix-it for FileCheck; exits 1 on a violation.
"""
import json
import sys

FIELDS = {"file": str, "line": int, "column": int, "severity": str, "rule": str,
          "kernel": str, "message": str, "fixits": list, "confirmed": (dict, type(None))}


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    problems = []
    diags = doc.get("diagnostics")
    if not isinstance(diags, list):
        problems.append("no 'diagnostics' list")
        diags = []
    for i, d in enumerate(diags):
        for name, kind in FIELDS.items():
            if not isinstance(d.get(name, KeyError), kind) or isinstance(d.get(name), bool):
                problems.append(f"diagnostics[{i}].{name}: missing or not {kind}")
        if d.get("severity") not in ("note", "warning", "error"):
            problems.append(f"diagnostics[{i}].severity: {d.get('severity')!r}")
        if str(d.get("message", "")).endswith("]"):
            problems.append(f"diagnostics[{i}].message carries the rule id")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    for d in diags:
        name = d["file"].rsplit("/", 1)[-1]
        print(f"{name}:{d['line']}:{d['column']} {d['severity']} {d['rule']} "
              f"kernel={d['kernel']} confirmed={json.dumps(d['confirmed'])}: {d['message']}")
        for x in d["fixits"]:
            print(f"  fixit {x['file'].rsplit('/', 1)[-1]}:{x['line']}:{x['column']} "
                  f"remove {x['remove_columns']} insert {json.dumps(x['insert'])}")


if __name__ == "__main__":
    main()
