"""The time of each kernel of `warplint accesses --format=json`, one line each:
`kernel NAME limiter=L tensor_us=T issue_us=I shared_us=S predicted_us=P`, and
`bounded` where the prediction is at least the tensor part plus the launch."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for f in doc["files"]:
    for k in f["kernels"]:
        t = k.get("time") or {}
        parts = t.get("parts_us", {})
        us = t.get("predicted_us")
        if us is None:
            print("kernel %s time=null" % k["name"])
            continue
        tensor = parts.get("tensor", 0)
        print("kernel %s limiter=%s tensor_us=%.1f issue_us=%.1f shared_us=%.1f predicted_us=%.1f"
              % (k["name"], t["limiter"], tensor, parts.get("issue", 0), parts.get("shared", 0), us))
        if tensor > 0 and us >= tensor + parts.get("launch", 0):
            print("kernel %s bounded" % k["name"])
