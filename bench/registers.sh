#!/usr/bin/env bash
# Register-pressure calibration: the IR estimate (analyzer/RegisterPressure)
# next to ptxas's "Used N registers" for every kernel of
# tests/lit/registers/Inputs, tests/hardware/registers.cu and
# tests/lit/rules/register-spill.cu, and whether the
# spill predictions agree. Needs ptxas (CUDA toolkit); run by hand.
# Usage: bench/registers.sh [BUILD_DIR]   (default: build)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
cd "$root"
out="$("$build/bin/warplint_unittests" --gtest_filter='PtxasRun.CalibrationTable' 2>&1)"
if grep -q SKIPPED <<<"$out"; then
  echo "no ptxas found: nothing to calibrate"; exit 0
fi
grep '^calibration:' <<<"$out" | awk '
  { for (i = 2; i <= NF; ++i) { split($i, kv, "="); v[kv[1]] = kv[2] } name = $2
    capped = (v["ptxas"] >= v["cap"])   # ptxas hit the cap: the count is the cap
    err = v["estimate"] - v["ptxas"]
    printf "%-16s live %4d  estimate %4d  ptxas %4d  cap %4d  %s  spill predicted %s, ptxas %s\n",
           name, v["live"], v["estimate"], v["ptxas"], v["cap"],
           capped ? "(capped)      " : sprintf("error %+5d", err),
           v["predicted_spill"] ? "yes" : "no", v["ptxas_spill"] ? "yes" : "no"
    n++; agree += (v["predicted_spill"] == v["ptxas_spill"])
    if (!capped) { m++; abs += (err < 0 ? -err : err); sum += err; rel += (err < 0 ? -err : err) / v["ptxas"] } }
  END { printf "\nspill predictions agree with ptxas on %d of %d kernels\n", agree, n
        printf "register estimate on %d uncapped kernels: mean error %+.1f, mean |error| %.1f registers (%.0f%%)\n",
               m, sum / m, abs / m, 100 * rel / m }'
