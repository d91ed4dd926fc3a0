#!/usr/bin/env bash
# Times and profiles the before/after pairs on a machine with an NVIDIA GPU,
# nvcc and Nsight Compute.
# Usage: tests/hardware/timing/measure.sh OUTDIR [NAME...]   (default: every X.cu here)
# Environment: ARCH (default sm_90); BINDIR: a folder of binaries built already
# (with the same nvcc flags) used instead of compiling; NCU_BUDGET: seconds
# after which no further file is profiled (default 420); NCU_FILE_TIMEOUT: the
# most seconds one file's profiling may take (default 150).
# Writes to OUTDIR:
#   device.txt             nvidia-smi (name, clocks), nvcc and ncu versions
#   timings.csv            pair,kernel,grid,block,median_us,min_us,max_us (3 warm-up
#                          launches, median of 20 timed ones, one cudaEvent pair each)
#   checks.txt             the "# check PAIR ok|MISMATCH" lines (before vs after results)
#   ncu/X.log              the profiled run (PAIRS_PROFILE=1: one launch per kernel,
#                          so ncu's N-th kernel is the N-th CSV line printed)
#   ncu/X.details.csv      ncu --page details --csv --print-rule-details (sections,
#                          rules, "Estimated Speedup")
#   ncu/X.details.txt      the same as text
#   ncu/X.raw.csv          gpu__time_duration.sum and launch figures per kernel
#   ncu/X.ncu-rep          the report (ncu --set full)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?output directory}
shift
mkdir -p "$out/ncu" "$out/bin"
out=$(cd "$out" && pwd)
arch=${ARCH:-sm_90}
budget=${NCU_BUDGET:-420}
start=$SECONDS
export PATH=$PATH:/usr/local/cuda/bin

{
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit,persistence_mode --format=csv
  nvidia-smi -q -d CLOCK,PERFORMANCE | sed -n '/Clocks/,$p'
  nvcc --version
  ncu --version
} > "$out/device.txt" 2>&1

names=("$@")
[ ${#names[@]} -gt 0 ] || names=($(cd "$here" && ls *.cu | sed 's/\.cu$//'))

for name in "${names[@]}"; do
  if [ -n "${BINDIR:-}" ] && [ -x "$BINDIR/$name" ]; then
    cp "$BINDIR/$name" "$out/bin/$name"
  else
    nvcc -arch="$arch" -O3 -lineinfo -o "$out/bin/$name" "$here/$name.cu" || echo "# build failed: $name" >&2
  fi
done

echo "pair,kernel,grid,block,median_us,min_us,max_us" > "$out/timings.csv"
: > "$out/checks.txt"
for name in "${names[@]}"; do
  [ -x "$out/bin/$name" ] || continue
  "$out/bin/$name" > "$out/bin/$name.out" 2> "$out/bin/$name.err" || echo "# run failed: $name rc=$?" >> "$out/checks.txt"
  grep -v '^#' "$out/bin/$name.out" >> "$out/timings.csv"
  grep '^#' "$out/bin/$name.out" >> "$out/checks.txt"
  cat "$out/bin/$name.err" >> "$out/checks.txt"
done
echo "# timings done after $((SECONDS - start)) s" >> "$out/checks.txt"

for name in "${names[@]}"; do
  [ -x "$out/bin/$name" ] || continue
  if [ $((SECONDS - start)) -gt "$budget" ]; then
    echo "# ncu skipped (budget): $name" >> "$out/checks.txt"
    continue
  fi
  rep="$out/ncu/$name"
  PAIRS_PROFILE=1 timeout "${NCU_FILE_TIMEOUT:-150}" ncu --set full -k 'regex:_(before|after)$' -f -o "$rep" "$out/bin/$name" > "$rep.log" 2>&1
  ncu -i "$rep.ncu-rep" --page details --csv --print-rule-details > "$rep.details.csv" 2> "$rep.err" ||
    ncu -i "$rep.ncu-rep" --page details --csv > "$rep.details.csv" 2>> "$rep.err"
  ncu -i "$rep.ncu-rep" --page details --print-details all --print-rule-details > "$rep.details.txt" 2>> "$rep.err" ||
    ncu -i "$rep.ncu-rep" --page details > "$rep.details.txt" 2>> "$rep.err"
  ncu -i "$rep.ncu-rep" --page raw --csv --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size,sm__cycles_elapsed.avg.per_second > "$rep.raw.csv" 2>> "$rep.err"
  echo "# ncu $name done after $((SECONDS - start)) s" >> "$out/checks.txt"
done
