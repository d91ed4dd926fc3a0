#!/usr/bin/env bash
# Lint latency and peak memory: `warplint accesses` and `warplint check`
# (without --confirm) against Clang's own device-side -O2 compile of the same
# file, measured side by side in one run, best of 3.
#
# Inputs (bench/inputs/nolaunch.cu: 54 kernels of our own, every size an
# argument, no launch annotations, no constant host launches):
#   1x   the file as a build's lint step sees it: no launch information;
#   3x   the same kernels three times over in namespaces (does the cost grow
#        faster than the file?);
#   and each again with a launch file giving every kernel its grid, block and
#   integer arguments ("with launch information").
# Headers: the embedded prelude (--no-cuda-sdk; clang gets the same prelude)
# and, when a toolkit is found, the CUDA SDK's (clang gets --cuda-path).
# The main table runs warplint with --no-cache (every run parses its
# includes, as before the preamble cache); a second table shows `check` of
# a 7-line file and of the 1x file with the preamble cache cold (an empty
# cache directory each run: the preamble is built and stored) and warm (the
# stored preamble is reused), next to --no-cache.
#
# Usage: bench/lint.sh [--quick]   (--quick: 1x only, prelude only)
#        WARPLINT=/path/to/warplint bench/lint.sh   (another build, e.g. a
#        baseline, measured the same way)
# Goal (issue 12): every check/clang and accesses/clang ratio <= 1.0x; peak
# resident memory of a 2,000-line file under 400 MB. Where the time goes:
# bench/README.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
quick=${1:-}
warplint=${WARPLINT:-$root/build/bin/warplint}
clang=/usr/lib/llvm-22/bin/clang
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
input=$root/bench/inputs/nolaunch.cu

# The 3x file: the kernels in three namespaces, the shared prologue once.
first=$(grep -n '^struct Particle' "$input" | cut -d: -f1)
{
  head -n $((first - 1)) "$input"
  for c in 1 2 3; do
    echo "namespace copy$c {"
    tail -n +"$first" "$input"
    echo "} // namespace copy$c"
  done
} > "$work/nolaunch3x.cu"
cp "$input" "$work/nolaunch.cu"

# A launch file for every kernel of a file: 2-D kernels (they read
# threadIdx.y) get block (32,8) on a 64x64 grid, the others block 256 on a
# 1024-block grid; every integer argument gets a value.
launch_file() {
  python3 - "$1" <<'EOF'
import json, re, sys
src = open(sys.argv[1]).read()
small = {"taps": 7, "degree": 8, "r": 3, "stride": 2, "offset": 1, "k": 64, "width": 16,
         "batch": 16, "nz": 64}
entries, ns = [], []
depth = 0
for m in re.finditer(r'namespace (\w+) \{|\} // namespace|__global__ void (\w+)\(([^)]*)\)\s*\{', src):
    if m.group(1):
        ns.append(m.group(1)); continue
    if m.group(0).startswith('}'):
        ns.pop(); continue
    name, params = m.group(2), m.group(3)
    body = src[m.end():src.find('\n}\n', m.end())]
    args = {}
    for p in params.split(','):
        words = re.split(r'[\s*]+', p.strip())
        if len(words) >= 2 and words[-2] in ("int", "unsigned") and '*' not in p:
            args[words[-1]] = small.get(words[-1], 1024)
    two_d = "threadIdx.y" in body
    entries.append({"kernel": "::".join(ns + [name]),
                    "grid": [64, 64, 1] if two_d else [1024, 1, 1],
                    "block": [32, 8, 1] if two_d else [256, 1, 1], "args": args})
json.dump(entries, sys.stdout, indent=1)
EOF
}

# "SECONDS CPU_SECONDS KB" of one run (CPU: user + system, children
# included: clang's driver runs cc1 as a child); exit status ignored (check
# exits 1 when it warns).
run_once() {
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" > /dev/null 2> /dev/null || true
  tail -n 1 "$work/time" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }'
}
# Best wall time and best CPU time of 3, and the largest peak RSS seen:
# "SECONDS CPU_SECONDS KB". On a shared machine the wall time waits for a
# core; the CPU time is the steadier figure, so both ratios are printed.
best() {
  local b=999999 c=999999 m=0 t u k
  for _ in 1 2 3; do
    read -r t u k < <(run_once "$@")
    b=$(echo "if ($t < $b) $t else $b" | bc -l)
    c=$(echo "if ($u < $c) $u else $c" | bc -l)
    ((k > m)) && m=$k
  done
  echo "$b $c $m"
}
ratio() { if [ "$(echo "$2 > 0" | bc -l)" = 1 ]; then printf '%.2fx' "$(echo "$1 / $2" | bc -l)"; else printf 'n/a'; fi; }

# Sets clang_hdr and wl_hdr, the header flags of clang and of warplint for a
# mode: prelude (warplint's embedded headers) or sdk (the CUDA toolkit's).
headers_for() {
  if [ "$1" = prelude ]; then
    clang_hdr=(-nocudainc -nocudalib -I"$root/frontend/cuda/prelude" -include __warplint_prelude.h)
    wl_hdr=(--no-cuda-sdk)
  else
    clang_hdr=(--cuda-path=/usr/local/cuda -Wno-unknown-cuda-version)
    wl_hdr=(--cuda-path=/usr/local/cuda)
  fi
}
# clang's own device-side -O2 compile of a file, with clang_hdr: best's figures.
time_clang() {
  best "$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 "${clang_hdr[@]}" -O2 -S \
    -o /dev/null "$1"
}

modes=(prelude)
if [ -z "$quick" ] && [ -f /usr/local/cuda/include/cuda_runtime.h ]; then
  modes+=(sdk)
fi
files=(nolaunch.cu)
[ -z "$quick" ] && files+=(nolaunch3x.cu)

printf '%-8s %-15s %6s %13s | %-32s | %-32s | %-32s | %s\n' headers file lines 'clang (cpu)' \
  'accesses s (ratio, cpu ratio, MB)' 'check s (ratio, cpu ratio, MB)' \
  'check+launch s (ratio, cpu, MB)' findings
for mode in "${modes[@]}"; do
  headers_for "$mode"
  for f in "${files[@]}"; do
    src=$work/$f
    launch_file "$src" > "$work/$f.launch.json"
    read -r tc cc _ < <(time_clang "$src")
    read -r ta ca ma < <(best "$warplint" accesses --no-cache "${wl_hdr[@]}" "$src")
    read -r tk ck mk < <(best "$warplint" check --no-cache "${wl_hdr[@]}" "$src")
    read -r tl cl ml < <(best "$warplint" check --no-cache "${wl_hdr[@]}" \
      --launch-file "$work/$f.launch.json" "$src")
    findings=$("$warplint" check --no-cache "${wl_hdr[@]}" --format=json "$src" | grep -c '"rule"' || true)
    printf '%-8s %-15s %6d %5.2fs (%4.2fs) | %6.2fs (%s, %s, %4d MB) | %6.2fs (%s, %s, %4d MB) | %6.2fs (%s, %s, %4d MB) | %d\n' \
      "$mode" "$f ($(grep -c __global__ "$src")k)" "$(wc -l < "$src")" "$tc" "$cc" \
      "$ta" "$(ratio "$ta" "$tc")" "$(ratio "$ca" "$cc")" $((ma / 1024)) \
      "$tk" "$(ratio "$tk" "$tc")" "$(ratio "$ck" "$cc")" $((mk / 1024)) \
      "$tl" "$(ratio "$tl" "$tc")" "$(ratio "$cl" "$cc")" $((ml / 1024)) "$findings"
  done
done
echo "goal: every ratio <= 1.00x; peak memory of the 1x file < 400 MB"

# The preamble cache: a 7-line file (what an edit-compile loop checks) and
# the 1x file, check against clang as above.
cat > "$work/small.cu" <<'EOF'
#include <cuda_runtime.h>
__global__ void strided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}
int main() { strided<<<4096, 256>>>(nullptr, nullptr); }
EOF
# Cold: an empty cache directory before each run (it builds and stores).
cold=(bash -c 'rm -rf "$1"; shift; exec "$@"' cold "$work/cold-cache")
echo
printf '%-8s %-12s %13s | %-26s | %-26s | %-26s\n' headers file 'clang (cpu)' \
  'check --no-cache (ratios)' 'cache cold (ratios)' 'cache warm (ratios)'
for mode in "${modes[@]}"; do
  headers_for "$mode"
  for f in small.cu nolaunch.cu; do
    src=$work/$f
    read -r tc cc _ < <(time_clang "$src")
    read -r tn cn _ < <(best "$warplint" check --no-cache "${wl_hdr[@]}" "$src")
    read -r tw0 cw0 _ < <(best "${cold[@]}" "$warplint" check --cache-dir="$work/cold-cache" \
      "${wl_hdr[@]}" "$src")
    rm -rf "$work/warm-cache"
    "$warplint" check --cache-dir="$work/warm-cache" "${wl_hdr[@]}" "$src" > /dev/null 2>&1 || true
    read -r tw cw _ < <(best "$warplint" check --cache-dir="$work/warm-cache" "${wl_hdr[@]}" "$src")
    printf '%-8s %-12s %5.2fs (%4.2fs) | %5.2fs (%s, %s) | %5.2fs (%s, %s) | %5.2fs (%s, %s)\n' \
      "$mode" "$f" "$tc" "$cc" "$tn" "$(ratio "$tn" "$tc")" "$(ratio "$cn" "$cc")" \
      "$tw0" "$(ratio "$tw0" "$tc")" "$(ratio "$cw0" "$cc")" \
      "$tw" "$(ratio "$tw" "$tc")" "$(ratio "$cw" "$cc")"
  done
done
echo "(ratios: wall, then CPU; cold = an empty cache directory each run, warm = the preamble stored)"
