"""Prints one line per access of `warplint accesses --format=json` (a file
name, or - for stdin): kernel, file:line:column, space, op, bytes, pattern,
so that two runs over one source can be compared for the same accesses."""
import json
import os
import sys

data = json.load(sys.stdin if sys.argv[1] == "-" else open(sys.argv[1]))
for f in data.get("files", [data]):
    for k in f.get("kernels", []):
        for a in k.get("accesses", []):
            print(k["name"], "%s:%d:%d" % (os.path.basename(a["file"]), a["line"], a["column"]),
                  a["space"], a["op"], a["bytes"], a["pattern"])
