#!/usr/bin/env bash
# Measures h100/launchlimits.csv on a machine with an NVIDIA GPU and nvcc:
# every case of launchlimits.cu (a refused launch and its fixed twin), each
# group in a process of its own, plus ptxas's report of the kernels.
# Usage: tests/hardware/launchlimits.sh OUTDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?output directory}
mkdir -p "$out"
arch=${ARCH:-sm_90}
nvcc -arch="$arch" -O3 -lineinfo -Xptxas -v -o "$out/launchlimits" "$here/launchlimits.cu" \
  > "$out/launchlimits.ptxas.txt" 2>&1 || { cat "$out/launchlimits.ptxas.txt"; exit 1; }
{
  "$out/launchlimits"
  for group in block grid shared resource coop idle; do
    "$out/launchlimits" "$group"
  done
} > "$out/launchlimits.csv" 2>&1
rm -f "$out/launchlimits"
cat "$out/launchlimits.csv"
