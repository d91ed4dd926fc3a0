#!/usr/bin/env bash
# Times and profiles the physics families (physics.cu) on a machine with an
# NVIDIA GPU, nvcc and Nsight Compute.
# Usage: tests/hardware/physics/measure.sh OUTDIR
# Writes OUTDIR/device.txt (nvidia-smi, nvcc), timings.csv (cudaEvents: 3 warm-up
# launches, median of 20), checks.txt (the "# ..." lines), and ncu-warm.csv /
# ncu-cold.csv: one launch of each kernel (PAIRS_PROFILE=1) under Nsight Compute
# with --cache-control none (what the previous launches left in L2) and all
# (caches flushed), the duration and the memory counters the terms use.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?output directory}
mkdir -p "$out"
out=$(cd "$out" && pwd)
export PATH=$PATH:/usr/local/cuda/bin
{
  nvidia-smi --query-gpu=name,compute_cap,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
  nvcc --version | tail -2
} > "$out/device.txt" 2>&1
nvcc -arch="${ARCH:-sm_90}" -O3 -lineinfo -o "$out/physics" "$here/physics.cu" || exit 1
"$out/physics" > "$out/run.txt" 2>&1
grep -v '^#' "$out/run.txt" > "$out/timings.csv"
grep '^#' "$out/run.txt" > "$out/checks.txt"
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio
for cache in none all; do
  name=$([ $cache = none ] && echo warm || echo cold)
  PAIRS_PROFILE=1 ncu --csv --page raw --print-units base --cache-control $cache --clock-control none \
    --metrics "$metrics" "$out/physics" > "$out/ncu-$name.csv" 2> "$out/ncu-$name.err"
done
