#!/usr/bin/env bash
# Device-model throughput (DESIGN.md, "Speed lives in bench/"; issue 12.3):
#  1. lane-instructions per second on one core, from `run --time-report` (the
#     device model's own time, front end excluded): an arithmetic loop, a
#     memory-bound kernel and shared-memory tiles (observer cost per access);
#  2. what the sanitizer's shadow state (uninitialized reads) costs: the same
#     runs with and without it;
#  3. the naive NxN matrix multiply (N=512 unless MATMUL_N says otherwise),
#     every block, end to end (`warplint run` from the .cu, compile included)
#     against Oclgrind (Debian package oclgrind) on an OpenCL twin of the same
#     kernel with the same sizes, both on THREADS threads (default: all cores);
#     warplint twice: with the preamble cache cold (an empty cache directory:
#     the SDK's headers are parsed, and the preamble stored) and warm (the
#     stored preamble reused).
# Usage: bench/devicemodel.sh [BUILD_DIR]   (ratios are from one run, side by side)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
warplint=$build/bin/warplint
k=$root/bench/devicemodel/kernels.cu
threads=${THREADS:-$(nproc)}
n=${MATMUL_N:-512}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Preambles go to a cache of the bench's own, not the user's.
export XDG_CACHE_HOME=$tmp/xdg

# From "time: KERNEL: device model W s (P s processor), N lane-instructions, R M ...":
model_line() { sed -n 's/^time: .*: device model \(.*\)$/\1/p'; }
model_seconds() { sed -n 's/^time: .*: device model .* (\([0-9.]*\) s processor).*/\1/p'; }
# One core, device model only: prints its --time-report line.
rate() { # name, warplint run args...
  local name=$1; shift
  printf "%-16s %s\n" "$name" "$(WARPLINT_THREADS=1 "$warplint" run "$k" --time-report "$@" \
    2>&1 >/dev/null | model_line)"
}
# Processor seconds of the device model with the shadow checks on, then off;
# the fastest of three interleaved runs of each.
shadow_cost() { # name, warplint run args...
  local name=$1; shift
  local on=() off=()
  local out
  for _ in 1 2 3; do
    for mode in on off; do
      local flags=()
      [ "$mode" = off ] && flags=(--no-shadow-checks)
      # A run that fails (a finding, a usage error) says why instead of
      # ending the bench without a word.
      if ! out=$(WARPLINT_THREADS=1 "$warplint" run "$k" --time-report "${flags[@]}" "$@" \
                 2>&1 >/dev/null); then
        printf "%-22s warplint run failed:\n%s\n" "$name" "$(grep -v '^time:' <<< "$out")"
        return
      fi
      if [ "$mode" = on ]; then on+=("$(model_seconds <<< "$out")")
      else off+=("$(model_seconds <<< "$out")"); fi
    done
  done
  awk -v on="$(printf '%s\n' "${on[@]}" | sort -g | head -1)" \
      -v off="$(printf '%s\n' "${off[@]}" | sort -g | head -1)" -v name="$name" 'BEGIN {
    printf "%-22s checks on %6.3f s, off %6.3f s of processor time: ratio %.2f\n",
           name, on, off, on / (off > 0 ? off : 1e-9) }'
}

echo "== device model throughput, one core (device model time only)"
rate "arithmetic loop" --kernel arith --grid 64 --block 256 --arg iters=20000 --blocks=all
rate "memory-bound" --kernel membound --grid 64 --block 256 --arg n=16777216 \
  --buffer in=16777216 --buffer out=16777216 --blocks=all
rate "shared tiles" --kernel tiled --grid 32,32 --block 16,16 --arg N=512 \
  --buffer A=262144:const:1 --buffer B=262144:const:1 --buffer C=262144 --blocks=all

echo "== cost of the sanitizer's shadow checks (one core)"
shadow_cost "global, --init-check" --kernel membound --grid 64 --block 256 --arg n=16777216 \
  --buffer in=16777216:const:1 --buffer out=16777216 --init-check --blocks=all
shadow_cost "shared tiles" --kernel tiled --grid 16,16 --block 16,16 --arg N=256 \
  --buffer A=65536:const:1 --buffer B=65536:const:1 --buffer C=65536 --blocks=all
shadow_cost "local array" --kernel private_sum --grid 64 --block 256 --arg iters=2000 \
  --buffer out=16384 --blocks=all

echo "== naive matmul ${n}x${n}, every block, end to end, $threads thread(s)"
elems=$((n * n)) tiles=$(((n + 15) / 16))
# Runs a command with its output dropped (stderr kept) and prints /usr/bin/time's
# "wall user system" (the last line of its output).
timed() { /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" > /dev/null; tail -n 1 "$tmp/time"; }
matmul() { # which (cold or warm)
  WARPLINT_THREADS=$threads timed "$warplint" run "$k" --time-report --cache-dir="$tmp/cache" \
    --kernel matmul --grid "$tiles,$tiles" --block 16,16 --arg "N=$n" \
    --buffer "A=$elems:const:1" --buffer "B=$elems:const:1" --buffer "C=$elems" \
    --blocks=all 2>"$tmp/err" > "$tmp/$1"
  echo "device model ($1 cache): $(model_line < "$tmp/err")"
  local wall user sys
  read -r wall user sys < "$tmp/$1"
  echo "warplint run, preamble cache $1: ${wall} s end to end (${user} s user, ${sys} s system; $(sed -n 's/^preamble: .*: //p' "$tmp/err"))"
}
matmul cold
matmul warm
if ! command -v oclgrind-kernel > /dev/null; then
  echo "oclgrind-kernel not found (apt-get install oclgrind): no ratio"
  exit 0
fi
cp "$root/bench/devicemodel/matmul.cl" "$tmp/"
cat > "$tmp/matmul.sim" <<SIM
matmul.cl
matmul
$n $n 1
16 16 1
<size=$((elems * 4)) fill=1 float>
<size=$((elems * 4)) fill=1 float>
<size=$((elems * 4)) fill=0 float>
<size=4 int>
$n
SIM
(cd "$tmp" && timed oclgrind-kernel --num-threads "$threads" matmul.sim) > "$tmp/theirs"
read -r their_wall their_user their_sys < "$tmp/theirs"
# Wall time is what a user waits; processor time is the fairer figure on a
# machine that other work shares (both tools run on the same threads).
echo "oclgrind: $their_wall s end to end ($their_user s user, $their_sys s system)"
for which in cold warm; do
  read -r ours_wall ours_user ours_sys < "$tmp/$which"
  awk -v ow="$ours_wall" -v ou="$ours_user" -v os="$ours_sys" -v tw="$their_wall" \
      -v tu="$their_user" -v ts="$their_sys" -v which="$which" 'BEGIN {
    op = ou + os; tp = tu + ts
    printf "preamble cache %s: warplint is %.1fx faster by wall time, %.1fx by processor time (goal: >= 50x)\n",
           which, tw / ow, tp / op }'
done
