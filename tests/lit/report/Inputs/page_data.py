"""Checks a `warplint report` page against `check --format=json` and
`accesses --format=json` of the same files: the page embeds exactly those
two documents (once), the text of the sources they name, and nothing that
reaches the network. Prints what it found; exits 1 on a difference.

usage: page_data.py PAGE CHECK_JSON ACCESSES_JSON
"""
import json
import re
import sys

page, check_path, accesses_path = sys.argv[1:]
html = open(page, encoding="utf-8").read()
blocks = re.findall(r'<script type="application/json" id="warplint-data">(.*?)</script>', html,
                    re.S)
failed = False


def expect(ok, what):
    global failed
    print(("ok: " if ok else "FAIL: ") + what)
    failed |= not ok


expect(len(blocks) == 1, "one data block")
data = json.loads(blocks[0])
check = json.load(open(check_path, encoding="utf-8"))
accesses = json.load(open(accesses_path, encoding="utf-8"))
expect(data["check"] == check, "check = check --format=json")
expect(data["accesses"] == accesses, "accesses = accesses --format=json")
named = {d["file"] for d in check["diagnostics"]}
named |= {a["file"] for f in accesses["files"] for k in f["kernels"] for a in k["accesses"]}
expect(set(data["sources"]) == named, "a source for every file named")
expect(all(data["sources"][f] == open(f, encoding="utf-8").read() for f in named),
       "sources are the files' text")
# Outside the data: no URL that loads anything (links to rule pages are file:).
outside = html.replace(blocks[0], "")
expect(not re.search(r'(src|href)\s*=\s*["\']?(https?:)?//', outside), "nothing from the network")
expect(" src=" not in outside, "no external script, style or image")
print("kernels %d, accesses %d, findings %d" % (
    sum(len(f["kernels"]) for f in accesses["files"]),
    sum(len(k["accesses"]) for f in accesses["files"] for k in f["kernels"]),
    len(check["diagnostics"])))
sys.exit(1 if failed else 0)
