"""Reads the YAML of `warplint check --export-fixes` as clang-apply-replacements
does (tidy-export-fixes.test).

usage: apply_fixes.py FIXES.yaml [OUT]

Prints, for each diagnostic, "diagnostic NAME LEVEL at=TEXT" (the bytes of its
file from FileOffset), and for each replacement "replacement FILE old=TEXT
new=TEXT before=TEXT" (the bytes it replaces and the 12 before them, read at
its byte offset). With OUT, applies every replacement of the main file (in
reverse order of offset, as clang-apply-replacements does) and writes the
result to OUT. Exits 1 when a replacement runs past its file.
"""
import os
import sys

import yaml


def main():
    doc = yaml.safe_load(open(sys.argv[1]))
    main_file = doc["MainSourceFile"]
    print(f"main {os.path.basename(main_file)}")
    edits = {}
    for d in doc["Diagnostics"]:
        m = d["DiagnosticMessage"]
        data = open(m["FilePath"], "rb").read()
        at = data[m["FileOffset"]:m["FileOffset"] + 17].decode("utf-8", "replace")
        print(f"diagnostic {d['DiagnosticName']} {d.get('Level')} at={at!r}")
        for r in m["Replacements"]:
            data = open(r["FilePath"], "rb").read()
            off, length = r["Offset"], r["Length"]
            if off + length > len(data):
                print(f"replacement past the end of {r['FilePath']}")
                return 1
            old = data[off:off + length].decode()
            before = data[max(0, off - 12):off].decode("utf-8", "replace")
            print(f"replacement {os.path.basename(r['FilePath'])} old={old!r}"
                  f" new={r['ReplacementText']!r} before={before!r}")
            edits.setdefault(r["FilePath"], set()).add((off, length, r["ReplacementText"]))
    if len(sys.argv) > 2:
        data = open(main_file, "rb").read()
        for off, length, text in sorted(edits.get(main_file, ()), reverse=True):
            data = data[:off] + text.encode() + data[off + length:]
        open(sys.argv[2], "wb").write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
