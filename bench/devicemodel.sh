#!/usr/bin/env bash
# Device-model throughput (DESIGN.md, "Speed lives in bench/"):
#  1. lane-instructions per second on one core: an arithmetic loop, a
#     memory-bound kernel and shared-memory tiles (observer cost per access);
#  2. the naive 256x256 matrix multiply through `warplint run --blocks=all`
#     against Oclgrind (Debian package oclgrind) on an OpenCL twin of the same
#     kernel with the same sizes, on the same number of threads.
# Usage: bench/devicemodel.sh [BUILD_DIR]   (ratios are from one run)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
warplint=$build/bin/warplint
k=$root/bench/devicemodel/kernels.cu
threads=${THREADS:-1}

now() { date +%s.%N; }
lane_insts() { sed -n 's/.*smsp__thread_inst_executed.sum *\([0-9]*\).*/\1/p'; }

run_rate() { # name, warplint args...
  local name=$1; shift
  # The compile is timed separately and subtracted.
  local t0 t1 t2 n
  t0=$(now); "$warplint" accesses "$k" > /dev/null; t1=$(now)
  n=$(WARPLINT_THREADS=1 "$warplint" run "$k" "$@" | lane_insts)
  t2=$(now)
  awk -v n="$n" -v a="$t0" -v b="$t1" -v c="$t2" -v name="$name" 'BEGIN {
    run = (c - b) - (b - a); if (run <= 0) run = 1e-9;
    printf "%-22s %12d lane-instructions in %6.2f s: %7.1f M lane-instructions/s (one core)\n",
           name, n, run, n / run / 1e6 }'
}

echo "== device model throughput"
run_rate "arithmetic loop" --kernel arith --grid 64 --block 256 --arg iters=20000 --blocks=all
run_rate "memory-bound" --kernel membound --grid 64 --block 256 --arg n=16777216 \
  --buffer in=16777216 --buffer out=16777216 --blocks=all
run_rate "shared tiles" --kernel tiled --grid 32,32 --block 16,16 --arg N=512 \
  --buffer A=262144:const:1 --buffer B=262144:const:1 --buffer C=262144 --blocks=all

# The sanitizer's shadow state (uninitialized reads) on and off: the same
# run twice, compile subtracted; the ratio is what the checks cost.
shadow_cost() { # name, warplint args...
  local name=$1; shift
  local t0 t1 t2 t3
  t0=$(now); "$warplint" accesses "$k" > /dev/null; t1=$(now)
  WARPLINT_THREADS=1 "$warplint" run "$k" "$@" > /dev/null; t2=$(now)
  WARPLINT_THREADS=1 "$warplint" run "$k" "$@" --no-shadow-checks > /dev/null; t3=$(now)
  awk -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" -v name="$name" 'BEGIN {
    compile = b - a; on = (c - b) - compile; off = (d - c) - compile
    if (on <= 0) on = 1e-9; if (off <= 0) off = 1e-9
    printf "%-22s checks on %6.2f s, off %6.2f s: ratio %.2f\n", name, on, off, on / off }'
}

echo "== cost of the sanitizer's shadow checks (one core)"
shadow_cost "memory-bound" --kernel membound --grid 64 --block 256 --arg n=16777216 \
  --buffer in=16777216 --buffer out=16777216 --blocks=all
shadow_cost "shared tiles" --kernel tiled --grid 32,32 --block 16,16 --arg N=512 \
  --buffer A=262144:const:1 --buffer B=262144:const:1 --buffer C=262144 --blocks=all
shadow_cost "local array" --kernel private_sum --grid 64 --block 256 --arg iters=200 \
  --buffer out=16384 --blocks=all

echo "== naive matmul 256x256, $threads thread(s)"
t0=$(now); "$warplint" accesses "$k" > /dev/null; t1=$(now)
WARPLINT_THREADS=$threads "$warplint" run "$k" --kernel matmul --grid 16,16 --block 16,16 \
  --arg N=256 --buffer A=65536:const:1 --buffer B=65536:const:1 --buffer C=65536 \
  --blocks=all > /dev/null
t2=$(now)
ours=$(awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN { print (c - b) - (b - a) }')
if ! command -v oclgrind-kernel > /dev/null; then
  echo "warplint: ${ours}s; oclgrind-kernel not found (apt-get install oclgrind)"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root/bench/devicemodel/matmul.cl" "$tmp/"
cat > "$tmp/matmul.sim" <<SIM
matmul.cl
matmul
256 256 1
16 16 1
<size=262144 fill=1 float>
<size=262144 fill=1 float>
<size=262144 fill=0 float>
<size=4 int>
256
SIM
t0=$(now)
(cd "$tmp" && oclgrind-kernel --num-threads "$threads" matmul.sim > /dev/null)
t1=$(now)
awk -v ours="$ours" -v a="$t0" -v b="$t1" 'BEGIN {
  theirs = b - a
  printf "warplint run: %.2f s   oclgrind: %.2f s   speedup: %.0fx\n", ours, theirs, theirs / ours }'
