"""Prints, sorted and once each, every file name an output of warplint gives:
the locations of text diagnostics (warning, note and error lines), every
"file" field of JSON, every artifact URI of SARIF, and a report page's
sources and the "file" fields of its data. A name printed twice in two forms
is one file under two names (issue 41, item 6).

usage: file_names.py text|json|sarif|report FILE
"""
import json
import re
import sys


def fields(value, key):
    """Every value of `key` anywhere in a JSON document."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == key and isinstance(v, str):
                yield v
            else:
                yield from fields(v, key)
    elif isinstance(value, list):
        for v in value:
            yield from fields(v, key)


kind, path = sys.argv[1:]
text = open(path, encoding="utf-8").read()
if kind == "text":
    names = set(re.findall(r"^(\S+?):\d+:\d+: (?:warning|note|error):", text, re.M))
elif kind == "json":
    names = set(fields(json.loads(text), "file"))
elif kind == "sarif":
    names = set(fields(json.loads(text), "uri"))
else:
    block = re.search(r'<script type="application/json" id="warplint-data">(.*?)</script>',
                      text, re.S).group(1)
    data = json.loads(block)
    names = set(data["sources"]) | set(fields(data, "file"))
for name in sorted(names):
    print(kind + ": " + name)
