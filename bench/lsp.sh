#!/usr/bin/env bash
# Editor latency: `warplint lsp` driven over JSON-RPC like an editor (bench/lsp.py)
# on a ~1,000-line .cu that includes the CUDA SDK's headers (warplint's prelude
# where no SDK is installed; the first line says which): full-text didChange
# every 0.6 s, each changing one kernel. Prints the time to the first diagnostics
# and didChange -> publishDiagnostics p50/p95, for the server as it runs
# (preamble, per-kernel cache, debounce) and, side by side, for the server with
# --sync --full-checks (every change compiled and analyzed whole on the message
# thread: what `warplint lsp` did before); then a burst of 10 edits in one second.
# Usage: bench/lsp.sh [EDITS] [LINES]   (defaults 20 edits, 1000 lines)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
edits=${1:-20}
target=${2:-1000}
warplint=${WARPLINT:-$root/build/bin/warplint}
sdk=${CUDA_PATH:-/usr/local/cuda}
if [ -e "$sdk/include/cuda_runtime.h" ]; then
  headers="the CUDA SDK's headers from $sdk"
  server=("--cuda-path=$sdk")
else
  headers="warplint's embedded prelude (no CUDA SDK at $sdk; set CUDA_PATH)"
  server=(--no-cuda-sdk)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src="$work/editor.cu"
# Kernels of tests/hardware/patterns.cu, renamed per copy; every other copy
# without its launch annotations (no launch information, as files often are).
body=$(sed -n '/^struct F4/,/^int main/p' "$root/tests/hardware/patterns.cu" | sed '$d')
printf '#include <cuda_runtime.h>\n#include <cstdint>\n#define N (1 << 18)\n' > "$src"
c=0
while [ "$(wc -l < "$src")" -lt "$target" ]; do
  c=$((c + 1))
  {
    echo "namespace copy$c {"
    if [ $((c % 2)) = 0 ]; then echo "$body" | grep -v 'warplint: launch'; else echo "$body"; fi
    echo "}"
  } >> "$src"
done
printf 'file: %d lines, %d kernels, headers: %s; machine: %s cores, load %s\n' \
  "$(wc -l < "$src")" "$(grep -c __global__ "$src")" "$headers" "$(nproc)" \
  "$(cut -d' ' -f1 /proc/loadavg)"
echo "== before: --sync --full-checks (whole file compiled and analyzed per change)"
python3 "$root/bench/lsp.py" latency "$warplint" "$src" --edits 5 -- "${server[@]}" --sync --full-checks
echo "== after: preamble + per-kernel cache + debounce 150 ms (the first change after a pause at once) + checks off the message thread"
python3 "$root/bench/lsp.py" latency "$warplint" "$src" --edits "$edits" -- "${server[@]}"
echo "== burst: 10 edits in 1 s"
python3 "$root/bench/lsp.py" burst "$warplint" "$src" --edits 10 --window 1.0 -- "${server[@]}"
