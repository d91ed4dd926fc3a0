"""Reads `accesses --format=json`; prints how many accesses there are, how
many assumptions repeat within one access, and every distinct assumption."""
import json
import sys

data = json.load(sys.stdin)
accesses = [a for f in data["files"] for k in f["kernels"] for a in k["accesses"]]
repeated = sum(len(a["assumptions"]) - len(set(a["assumptions"])) for a in accesses)
print(f"accesses: {len(accesses)} repeated assumptions: {repeated}")
for text in sorted({s for a in accesses for s in a["assumptions"]}):
    print(text)
