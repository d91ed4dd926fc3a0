#!/usr/bin/env bash
# Measures the hardware fixtures on a machine with an NVIDIA GPU, nvcc and ncu.
# Usage: tests/hardware/measure.sh OUTDIR [NAME...]   (default: every fixture)
# Writes, for each fixture X.cu: X.ncu.csv (Nsight Compute, one row per kernel
# and metric), X.sass (cuobjdump -sass), X.nvdisasm.txt (nvdisasm -g -c),
# X.ptxas.txt (ptxas -v), X.ptx (nvcc -ptx -lineinfo), and device.txt.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?output directory}
mkdir -p "$out"
arch=${ARCH:-sm_90}
metrics=$(tr '\n' ',' < "$here/metrics.txt" | sed 's/,$//')
nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv > "$out/device.txt" 2>&1
nvcc --version >> "$out/device.txt"
ncu --version >> "$out/device.txt"
shift
fixtures=("$@")
[ ${#fixtures[@]} -gt 0 ] || fixtures=($(cd "$here" && ls *.cu | sed 's/\.cu$//'))
for name in "${fixtures[@]}"; do
  src="$here/$name.cu"
  nvcc -arch="$arch" -O3 -lineinfo -o "$out/$name" "$src" || continue
  nvcc -arch="$arch" -O3 -lineinfo -ptx -o "$out/$name.ptx" "$src"
  nvcc -arch="$arch" -O3 -lineinfo -cubin -o "$out/$name.cubin" "$src"
  ptxas -arch="$arch" -v "$out/$name.ptx" -o /dev/null > "$out/$name.ptxas.txt" 2>&1
  cuobjdump -sass "$out/$name.cubin" > "$out/$name.sass" 2>&1
  nvdisasm -g -c "$out/$name.cubin" > "$out/$name.nvdisasm.txt" 2>&1
  ncu --csv --metrics "$metrics" "$out/$name" 2> "$out/$name.ncu.err" | grep '^"' > "$out/$name.ncu.csv"
  rm -f "$out/$name" "$out/$name.cubin"
done
