"""What the hardware tests' comparison scripts read: Nsight Compute's
`--csv --metrics` output and the metric lines `warplint run` prints."""
import csv
import re


def launches(path):
    """The launches in an ncu CSV, in launch order: (kernel name, {metric:
    value}) each, values as numbers (ncu writes 16,257 with a comma)."""
    lines = open(path).read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    by_id = {}
    for r in csv.DictReader(lines[start:]):
        name, metrics = by_id.setdefault(int(r["ID"]), (r["Kernel Name"], {}))
        metrics[r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
    return [by_id[i] for i in sorted(by_id)]


def run_metrics(text):
    """The kernel's `name.sum value` lines of `warplint run`'s output."""
    return {k: float(v) for k, v in re.findall(r"^\s+(\S+\.sum)\s+(\S+)$", text, re.M)}
