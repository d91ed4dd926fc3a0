"""Validates SARIF logs against the SARIF 2.1.0 schema and prints a summary.

usage: validate_sarif.py SCHEMA LOG

Besides the schema, checks what the schema cannot: each result's ruleIndex
names a rule with the result's ruleId, and each artifact index names the
artifact with that URI. Prints one line per rule, result, related location,
fix, invocation and tool notification, for FileCheck. Exits 1 on any violation.
"""
import json
import sys

import jsonschema


def region(loc):
    phys = loc.get("physicalLocation", {})
    uri = phys.get("artifactLocation", {}).get("uri", "?")
    r = phys.get("region", {})
    end = r.get("endColumn", "eol")
    return f"{uri.rsplit('/', 1)[-1]}:{r.get('startLine')}:{r.get('startColumn')}-{end}"


def check_indices(run, problems):
    rules = run["tool"]["driver"].get("rules", [])
    uris = [a["location"]["uri"] for a in run.get("artifacts", [])]

    def walk(node):
        if isinstance(node, dict):
            art = node.get("artifactLocation")
            if isinstance(art, dict) and "index" in art:
                i = art["index"]
                if i >= len(uris) or uris[i] != art.get("uri"):
                    problems.append(f"artifact index {i} does not name {art.get('uri')}")
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for res in run.get("results", []):
        i = res.get("ruleIndex")
        if i is None or i >= len(rules) or rules[i]["id"] != res.get("ruleId"):
            problems.append(f"ruleIndex {i} does not name rule {res.get('ruleId')}")
        walk(res)


def summarize(run):
    driver = run["tool"]["driver"]
    print(f"tool {driver['name']} {driver.get('version')} info {driver.get('informationUri')}")
    for rule in driver.get("rules", []):
        level = rule.get("defaultConfiguration", {}).get("level")
        print(f"rule {rule['id']} {level} help {rule.get('helpUri')}: "
              f"{rule.get('shortDescription', {}).get('text')}")
    for res in run.get("results", []):
        where = ", ".join(region(l) for l in res.get("locations", []))
        print(f"result {res['ruleId']} {res.get('level')} {where}: {res['message']['text']}")
        for rel in res.get("relatedLocations", []):
            print(f"  related {region(rel)}: {rel.get('message', {}).get('text')}")
        for fix in res.get("fixes", []):
            for change in fix["artifactChanges"]:
                for rep in change["replacements"]:
                    loc = {"physicalLocation": {"artifactLocation": change["artifactLocation"],
                                                "region": rep["deletedRegion"]}}
                    text = rep.get("insertedContent", {}).get("text")
                    print(f"  fix {region(loc)} -> {json.dumps(text)}: "
                          f"{fix.get('description', {}).get('text')}")
    for inv in run.get("invocations", []):
        print(f"invocation executionSuccessful={inv.get('executionSuccessful')}")
        for n in inv.get("toolExecutionNotifications", []):
            where = ", ".join(region(l) for l in n.get("locations", []))
            rule = n.get("descriptor", {}).get("id")
            print(f"  notification {n.get('level')} {rule} {where}: {n['message']['text']}")


def main():
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    with open(sys.argv[2]) as f:
        log = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
                for e in validator.iter_errors(log)]
    for run in log.get("runs", []) if not problems else []:
        check_indices(run, problems)
    if problems:
        for p in problems:
            print(f"{sys.argv[2]}: invalid: {p}")
        sys.exit(1)
    print(f"valid SARIF {log['version']}: {len(log['runs'])} run(s)")
    for run in log["runs"]:
        summarize(run)


if __name__ == "__main__":
    main()
