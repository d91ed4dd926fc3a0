#!/usr/bin/env bash
# Lint latency and peak memory: `warplint accesses` and `warplint check`
# (without --confirm) against Clang's own device-side -O2 compile of the same
# file, measured side by side in one run: each figure is the median of
# several runs (--rounds, 5 by default), the commands of a row interleaved
# round by round so that a change in the machine's load falls on all of them.
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
# a 7-line file, of the 1x file and of the FILEs given, cold (`--no-cache`,
# as on a fresh CI runner; and an empty cache directory each run: the
# preamble is built and stored) and warm (the stored preamble is reused),
# against clang's -O2 compile to PTX (-S) and to a cubin (-c, which runs
# ptxas), and ends with the cold and warm ratios over those files. Clang
# gets the header flags warplint uses (the prelude; or the SDK with its
# include/cccl and assert.h, as frontend/cuda/CudaSdk.cpp adds them); a FILE
# clang cannot compile is left out.
#
# Usage: bench/lint.sh [--quick] [--rounds N] [FILE...]
#          --quick: 1x only, prelude only (and the FILEs)
#          FILE: more files for the cold/warm table (real code), compiled
#          with -I of their folder and $LINT_FLAGS (e.g.
#          LINT_FLAGS=-I.../cuda-samples/Common) by clang and warplint alike
#        WARPLINT=/path/to/warplint bench/lint.sh   (another build, e.g. a
#        baseline, measured the same way)
# Goals: every check/clang and accesses/clang ratio <= 1.0x, peak resident
# memory of a 2,000-line file under 400 MB (issue 12); cold `check
# --no-cache` <= 1.0x clang's device-side -O2 compile (issue 26). Where the
# time goes: bench/README.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
quick=
rounds=5
extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --rounds) rounds=$2; shift ;;
    *) extra+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")") ;;
  esac
  shift
done
read -r -a user_flags <<< "${LINT_FLAGS:-}"
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
# Runs the commands in the arrays cmd_NAME for each NAME given, one after
# the other, $rounds times over (interleaved: a change in the load falls on
# all of them), then sets med_NAME to "SECONDS CPU_SECONDS KB": the median
# wall time, the median CPU time and the largest peak RSS. On a shared
# machine the wall time waits for a core; the CPU time is the steadier
# figure, so both ratios are printed.
interleave() {
  local n r
  for n in "$@"; do : > "$work/$n.runs"; done
  for ((r = 0; r < rounds; r++)); do
    for n in "$@"; do
      local -n c=cmd_$n
      run_once "${c[@]}" >> "$work/$n.runs"
      unset -n c
    done
  done
  for n in "$@"; do
    printf -v "med_$n" '%s' "$(python3 -c '
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
print("%.3f %.3f %d" % (statistics.median(r[0] for r in rows),
                        statistics.median(r[1] for r in rows), max(r[2] for r in rows)))
' "$work/$n.runs")"
  done
}
ratio() { if [ "$(echo "$2 > 0" | bc -l)" = 1 ]; then printf '%.2fx' "$(echo "$1 / $2" | bc -l)"; else printf 'n/a'; fi; }

# Sets clang_hdr and wl_hdr, the header flags of clang and of warplint for a
# mode: prelude (warplint's embedded headers) or sdk (the CUDA toolkit's,
# with what warplint adds to them: include/cccl, searched as nvcc does, and
# assert.h).
headers_for() {
  if [ "$1" = prelude ]; then
    clang_hdr=(-nocudainc -nocudalib -I"$root/frontend/cuda/prelude" -include __warplint_prelude.h)
    wl_hdr=(--no-cuda-sdk)
  else
    clang_hdr=(--cuda-path=/usr/local/cuda -Wno-unknown-cuda-version)
    if [ -d /usr/local/cuda/include/cccl ]; then
      clang_hdr+=(-isystem /usr/local/cuda/include/cccl)
    fi
    clang_hdr+=(-include assert.h)
    wl_hdr=(--cuda-path=/usr/local/cuda)
  fi
}
# Sets cmd_clang, clang's own device-side -O2 compile of FILE to PTX with
# clang_hdr and FLAGS, and cmd_clangc, the same to a cubin (-c: ptxas too).
clang_cmds() {
  local f=$1; shift
  cmd_clang=("$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 "${clang_hdr[@]}" "$@"
             -O2 -S -o /dev/null "$f")
  cmd_clangc=("$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 "${clang_hdr[@]}" "$@"
              -O2 -c -o "$work/clang.o" "$f")
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
    clang_cmds "$src"
    cmd_acc=("$warplint" accesses --no-cache "${wl_hdr[@]}" "$src")
    cmd_chk=("$warplint" check --no-cache "${wl_hdr[@]}" "$src")
    cmd_lch=("$warplint" check --no-cache "${wl_hdr[@]}" --launch-file "$work/$f.launch.json" "$src")
    interleave clang acc chk lch
    read -r tc cc _ <<< "$med_clang"
    read -r ta ca ma <<< "$med_acc"
    read -r tk ck mk <<< "$med_chk"
    read -r tl cl ml <<< "$med_lch"
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
# "SECONDS (CPU ratio to clang -S, to clang -c)" of a med_ value.
col() {
  local t c
  read -r t c _ <<< "$1"
  printf '%5.2fs (%s, %s)' "$t" "$(ratio "$c" "$2")" "$(ratio "$c" "$3")"
}
echo
printf '%-8s %-24s %-15s | %-22s | %-22s | %-22s\n' headers file 'clang -S / -c' \
  'check --no-cache' 'cache cold' 'cache warm'
: > "$work/ratios"
# One row: MODE FILE NAME [FLAGS...] (FLAGS for clang and warplint alike).
row() {
  local mode=$1 src=$2 name=$3
  shift 3
  headers_for "$mode"
  clang_cmds "$src" "$@"
  if ! "${cmd_clang[@]}" > /dev/null 2>&1; then
    printf '%-8s %-24s clang does not compile it: left out\n' "$mode" "$name"
    return
  fi
  local wl_flags=()
  [ $# -gt 0 ] && wl_flags=(-- "$@")
  cmd_nocache=("$warplint" check --no-cache "${wl_hdr[@]}" "$src" "${wl_flags[@]}")
  cmd_cold=("${cold[@]}" "$warplint" check --cache-dir="$work/cold-cache" "${wl_hdr[@]}" "$src"
            "${wl_flags[@]}")
  rm -rf "$work/warm-cache"
  "$warplint" check --cache-dir="$work/warm-cache" "${wl_hdr[@]}" "$src" "${wl_flags[@]}" \
    > /dev/null 2>&1 || true
  cmd_warm=("$warplint" check --cache-dir="$work/warm-cache" "${wl_hdr[@]}" "$src" "${wl_flags[@]}")
  interleave clang clangc nocache cold warm
  local cs cc n w d
  read -r _ cs _ <<< "$med_clang"
  read -r _ cc _ <<< "$med_clangc"
  read -r _ n _ <<< "$med_nocache"
  read -r _ w _ <<< "$med_warm"
  read -r _ d _ <<< "$med_cold"
  printf '%-8s %-24s %5.2fs / %5.2fs | %s | %s | %s\n' "$mode" "$name" "$cs" "$cc" \
    "$(col "$med_nocache" "$cs" "$cc")" "$(col "$med_cold" "$cs" "$cc")" \
    "$(col "$med_warm" "$cs" "$cc")"
  echo "$mode:$name $n $w $cs $cc $d" >> "$work/ratios"
}
for mode in "${modes[@]}"; do
  for f in small.cu nolaunch.cu; do
    row "$mode" "$work/$f" "$f"
  done
done
# Real code includes the toolkit's headers: the SDK where there is one.
real_mode=prelude
[ -f /usr/local/cuda/include/cuda_runtime.h ] && real_mode=sdk
for f in "${extra[@]}"; do
  row "$real_mode" "$f" "$(basename "$(dirname "$f")")/$(basename "$f")" \
    -I"$(dirname "$f")" "${user_flags[@]}"
done
echo "(seconds: median wall time; ratios: of median CPU times (user + system), to clang -S, then"
echo " to clang -c; cold = --no-cache, as on a fresh CI runner, or an empty cache directory each"
echo " run; warm = the preamble stored; $rounds runs of each, interleaved)"
python3 - "$work/ratios" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
for what, num, den in (("cold (--no-cache) / clang -S", 1, 3), ("cold (--no-cache) / clang -c", 1, 4),
                       ("cache cold / clang -S", 5, 3), ("cache cold / clang -c", 5, 4),
                       ("warm / clang -S", 2, 3), ("warm / clang -c", 2, 4)):
    v = sorted((float(r[num]) / float(r[den]), r[0]) for r in rows if float(r[den]) > 0)
    if v:
        print(f"{what:30s} median {statistics.median(x for x, _ in v):.2f}x, "
              f"worst {v[-1][0]:.2f}x ({v[-1][1]}), {len(v)} files")
EOF
echo "goal: cold <= 1.00x (issue 26)"
