#!/usr/bin/env bash
# Lint latency: `warplint accesses` and `warplint check` (without --confirm) on
# a large kernel file against Clang's own device-side -O2 compile of the same
# file, measured side by side in one run.
# Usage: bench/lint.sh [COPIES]   (default 9 copies of the fixture kernels,
# about 2,000 lines of kernels)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
copies=${1:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src="$work/large.cu"
# Kernels of tests/hardware/patterns.cu, renamed per copy (host code dropped).
body=$(sed -n '/^struct F4/,/^int main/p' "$root/tests/hardware/patterns.cu" | sed '$d')
{
  echo '#include <cuda_runtime.h>'
  echo '#define N (1 << 18)'
  for c in $(seq 1 "$copies"); do
    echo "namespace copy$c {"
    echo "$body"
    echo "}"
  done
} > "$src"
lines=$(wc -l < "$src")
clang=/usr/lib/llvm-22/bin/clang
prelude=(-nocudainc -nocudalib -I"$root/frontend/cuda/prelude" -include __warplint_prelude.h)
# check exits 1 when it warns: the time counts, the status does not.
time_of() { local s e; s=$(date +%s.%N); "$@" > /dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
best() { local b=999999 t; for _ in 1 2 3; do t=$(time_of "$@"); b=$(echo "if ($t < $b) $t else $b" | bc -l); done; echo "$b"; }
t_clang=$(best "$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 "${prelude[@]}" -O2 -S -o /dev/null "$src")
t_lint=$(best "$root/build/bin/warplint" accesses --no-cuda-sdk "$src")
t_check=$(best "$root/build/bin/warplint" check --no-cuda-sdk "$src")
findings=$("$root/build/bin/warplint" check --no-cuda-sdk --format=json "$src" | grep -c '"rule"' || true)
printf 'file: %d lines, %d kernels\n' "$lines" "$(grep -c __global__ "$src")"
printf 'clang device -O2 compile (PTX): %.3f s\n' "$t_clang"
printf 'warplint accesses:              %.3f s\n' "$t_lint"
printf 'warplint check:                 %.3f s (%d findings)\n' "$t_check" "$findings"
printf 'ratio accesses/clang:           %.2fx (goal <= 1.5x)\n' "$(echo "$t_lint / $t_clang" | bc -l)"
printf 'ratio check/clang:              %.2fx (goal <= 1.5x)\n' "$(echo "$t_check / $t_clang" | bc -l)"
