#!/usr/bin/env bash
# Parse + lift throughput of the PTX frontend on large PTX files: the kernels
# of every fixture under tests/lit/ptx/Inputs concatenated N times (symbols
# renamed per copy), at three sizes. Throughput should stay flat as the size
# grows 4x and 16x (time linear in size). Also reports the NVPTX IR pipeline
# (the O2 passes both frontends run) for scale.
#
# usage: bench/ptx.sh [BUILD_DIR]   (default: build; needs libwarplint_frontend.a)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
llvm=/usr/lib/llvm-22
"$cxx" -std=c++17 -O2 -fno-rtti -fno-exceptions -I"$root" -I"$llvm/include" \
  "$root/bench/ptx_bench.cpp" -o "$work/ptx_bench" \
  "$build/frontend/libwarplint_frontend.a" -L"$llvm/lib" -lclang-cpp -lLLVM \
  -Wl,-rpath,"$llvm/lib"

# One copy: the module header once, then every fixture's functions and
# variables with _Z* symbols and demoted/global names suffixed by the copy.
python3 - "$root/tests/lit/ptx/Inputs" "$work" <<'PY'
import glob, os, re, sys
inputs, work = sys.argv[1], sys.argv[2]
bodies = []
for i, path in enumerate(sorted(glob.glob(os.path.join(inputs, "*.ptx")))):
    text = open(path).read()
    text = re.sub(r"^\s*\.(version|target|address_size|file)\b.*$", "", text, flags=re.M)
    text = re.sub(r"\.section\s+\.debug\w*\s*\{.*?\n\s*\}", "", text, flags=re.S)
    # Make every global name unique per fixture (f{i}) and per copy (@C@).
    names = set(re.findall(r"\.(?:entry|func|global|const|shared)\s+(?:\([^)]*\)\s*)?"
                           r"(?:\.\w+\s+(?:\d+\s+)?)*([A-Za-z_$][\w$]*)", text))
    names |= set(re.findall(r"\b(_Z\w+)", text))
    names = {n for n in names if not n.startswith(".")}
    for n in sorted(names, key=len, reverse=True):
        text = re.sub(r"(?<![\w$%])" + re.escape(n) + r"(?![\w$])", f"{n}_f{i}_@C@", text)
    bodies.append(text)
one = "\n".join(bodies)
open(os.path.join(work, "one.ptx"), "w").write(one)
PY
make_file() { # COPIES OUT
  { printf '.version 8.0\n.target sm_90\n.address_size 64\n'
    for ((c = 0; c < $1; c++)); do sed "s/@C@/c$c/g" "$work/one.ptx"; done; } > "$2"
}
echo "PTX frontend throughput (best of 3), $(uname -m), $(nproc) cores"
for copies in 8 32 128; do
  make_file "$copies" "$work/big.ptx"
  "$work/ptx_bench" "$work/big.ptx" 3
done
