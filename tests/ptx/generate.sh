#!/usr/bin/env bash
# Regenerates the PTX fixtures under tests/lit/ptx/Inputs from the kernels in
# samples/, tests/hardware/ and tests/ptx/kernels/: one PTX written by nvcc
# (-lineinfo, so .loc points at the CUDA source) and one by LLVM's NVPTX
# backend (clang with warplint's prelude), without and with line tables, per
# source file.
# Paths in .file directives are made relative to the repository root.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/tests/lit/ptx/Inputs
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
clang=${CLANG:-clang++-22}
arch=${ARCH:-sm_90}
mkdir -p "$out"
cd "$root"
for src in samples/*.cu tests/hardware/patterns.cu tests/ptx/kernels/*.cu; do
  name=$(basename "$src" .cu)
  "$nvcc" -ptx -lineinfo -arch="$arch" "$src" -o "$out/$name.nvcc.ptx"
  "$clang" -x cuda --cuda-device-only --cuda-gpu-arch="$arch" -nocudainc -nocudalib \
    -Wno-unknown-cuda-version -I"$root/frontend/cuda/prelude" -include __warplint_prelude.h \
    -O2 -S "$src" -o "$out/$name.clang.ptx"
  # With line tables, LLVM's .loc carries Clang's expression columns.
  "$clang" -x cuda --cuda-device-only --cuda-gpu-arch="$arch" -nocudainc -nocudalib \
    -Wno-unknown-cuda-version -I"$root/frontend/cuda/prelude" -include __warplint_prelude.h \
    -O2 -gline-tables-only -S "$src" -o "$out/$name.clang-g.ptx"
  # nvcc writes absolute paths; keep fixtures independent of the checkout.
  sed -i "s|\"$root/|\"|" "$out/$name.nvcc.ptx" "$out/$name.clang-g.ptx"
done
echo "wrote $(ls "$out"/*.ptx | wc -l) fixtures to $out"
