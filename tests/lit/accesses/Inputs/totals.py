"""Launch totals, one line each, for tests to check inline.

  totals.py accesses A.json       the predicted totals of `warplint accesses --format=json`
  totals.py run R.json            the device model's totals of `warplint run --format=json`
  totals.py compare A.json R.json predicted against measured, per access; exits 1 when
                                  one is more than 5% apart (--tolerance to change it)
"""
import json
import sys

COST_KEYS = ("sectors", "wavefronts", "passes")


def num(v):
    if v is None:
        return "null"
    if abs(v - round(v)) < 1e-6 * max(1.0, abs(v)):
        return str(int(round(v)))
    return "%.3f" % v


def kernels(doc):
    """The kernels of `run` ({"kernels"}) or `accesses` ({"files": [{"kernels"}]})."""
    if "files" in doc:
        return [k for f in doc["files"] for k in f["kernels"]]
    return doc["kernels"]


def predicted(doc):
    out = {}
    for k in kernels(doc):
        for a in k["accesses"]:
            out[(k["name"], a["line"], a["column"], a["space"], a["op"])] = a["totals"]
    return out


def measured(doc):
    out = {}
    for k in kernels(doc):
        for s in k["sites"]:
            m = s["metrics"]
            req = sum(v for n, v in m.items() if "requests" in n or "inst_executed_op_shared" in n)
            cost = sum(v for n, v in m.items()
                       if ("sectors" in n or "wavefronts" in n) and "bank_conflicts" not in n)
            if s["space"] == "const":
                cost = sum(v for n, v in m.items() if "replays" in n) + req
            out[(k["name"], s["line"], s["column"], s["space"], s["op"])] = (req, cost)
    return out


def show_accesses(doc):
    for k in kernels(doc):
        t = k["totals"]
        print("kernel %s warps=%s warp_instructions=%s" % (k["name"], num(t["warps"]),
                                                          num(t["warp_instructions"])))
        for b in t["buffers"]:
            print("  buffer %s read=%s written=%s reuse=%s%s" % (
                b["name"], num(b["read_sectors"]), num(b["written_sectors"]),
                num(b["read_reuse"]), "" if b["known"] else " (unknown)"))
        for a in t["assumptions"]:
            print("  assumes: " + a)
        for a in k["accesses"]:
            t = a["totals"]
            head = "  %d:%d %s %s" % (a["line"], a["column"], a["space"], a["op"])
            if t.get("known") is False:
                req = " requests=%s" % num(t["requests"]) if "requests" in t else ""
                print("%s unknown%s: %s" % (head, req, t["why"]))
                continue
            unit = [u for u in COST_KEYS if u in t][0]
            formula = " formula=%s" % t["formula"] if t.get("formula") else ""
            print("%s requests=%s %s=%s ideal=%s%s" % (head, num(t["requests"]), unit,
                                                      num(t[unit]), num(t["ideal"]), formula))


def main():
    args = sys.argv[1:]
    tolerance = 0.05
    if "--tolerance" in args:
        i = args.index("--tolerance")
        tolerance = float(args[i + 1])
        del args[i:i + 2]
    mode = args[0]
    docs = [json.load(open(p)) for p in args[1:]]
    if mode == "accesses":
        show_accesses(docs[0])
    elif mode == "run":
        for key, (req, cost) in sorted(measured(docs[0]).items()):
            print("%s %d:%d %s %s requests=%s cost=%s" % (key[0], key[1], key[2], key[3],
                                                          key[4], num(req), num(cost)))
    elif mode == "compare":
        pred, meas = predicted(docs[0]), measured(docs[1])
        worst, bad, n = 0.0, 0, 0
        for key, t in sorted(pred.items()):
            if key not in meas or "requests" not in t:
                continue
            req, cost = meas[key]
            pairs = [("requests", t["requests"], req)]
            unit = [u for u in COST_KEYS if u in t]
            if unit:
                pairs.append((unit[0], t[unit[0]], cost))
            for what, p, m in pairs:
                n += 1
                off = abs(p - m) / max(m, 1.0)
                worst = max(worst, off)
                if off > tolerance:
                    bad += 1
                    print("%s %d:%d %s: predicted %s, measured %s" % (key[0], key[1], key[2],
                                                                     what, num(p), num(m)))
        print("compared %d totals: %d more than %g%% apart, worst %.2f%%" % (
            n, bad, tolerance * 100, worst * 100))
        sys.exit(1 if bad or not n else 0)


main()
