#!/usr/bin/env bash
# Captures real SASS listings of the register/spill test kernels with the CUDA
# toolkit's cuobjdump and nvdisasm (run on a machine that has them; no GPU is
# needed). Usage: tests/sass/capture.sh OUTDIR [ARCH...]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:?usage: capture.sh OUTDIR [ARCH...]}"; shift || true
archs=("${@:-sm_90}")
mkdir -p "$out"
cuda="${CUDA_PATH:-/usr/local/cuda}/bin"
for arch in "${archs[@]}"; do
  for src in "$root"/tests/lit/registers/Inputs/*.cu; do
    name="$(basename "$src" .cu)"
    base="$out/$name.$arch"
    "$cuda/nvcc" -arch="$arch" -cubin -lineinfo -Xptxas -v -o "$base.cubin" "$src" \
      > "$base.ptxas.txt" 2>&1
    "$cuda/cuobjdump" -sass "$base.cubin" > "$base.cuobjdump.sass"
    "$cuda/cuobjdump" -res-usage "$base.cubin" > "$base.res-usage.txt"
    "$cuda/nvdisasm" "$base.cubin" > "$base.nvdisasm.sass"
    "$cuda/nvdisasm" -c -g "$base.cubin" > "$base.nvdisasm-g.sass"
    "$cuda/nvdisasm" -c -gi "$base.cubin" > "$base.nvdisasm-gi.sass"
    "$cuda/nvdisasm" -cfg "$base.cubin" > "$base.nvdisasm-cfg.dot" 2>&1 || true
    rm -f "$base.cubin"
  done
done
"$cuda/nvcc" --version > "$out/nvcc-version.txt"
