"""Each kernel's predicted time from `warplint accesses --format=json`, one line each:
`kernel NAME time=known` or `kernel NAME time=null why=...` (the figure itself is the time
model's, checked by the time-model test; here only whether there is one)."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for f in doc["files"]:
    for k in f["kernels"]:
        t = k.get("time") or {}
        if t.get("predicted_us") is None:
            print("kernel %s time=null why=%s" % (k["name"], t.get("why", "")))
        else:
            print("kernel %s time=known" % k["name"])
