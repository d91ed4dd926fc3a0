#!/usr/bin/env bash
# Ground truth for the device model's fault and race corpus (issue 24 item 6):
# on a machine with the CUDA toolkit and a GPU, builds a host driver for every
# `warplint run` case of tests/lit/run/faults/, tests/lit/run/races/ and the
# race, barrier and bounds tests of tests/lit/run/ (harness.py: buffers, args
# and launch as the RUN line gives them), compiles each with nvcc for sm_90,
# and runs it under compute-sanitizer's memcheck (with --leak-check full),
# racecheck, synccheck and initcheck. Writes one line per case and tool to
# $OUT/sanitizer.txt:
#   CASE<TAB>TOOL<TAB>errors=N<TAB>exit=RC<TAB>FIRST-ERROR-LINE
# (errors=? when the tool printed no summary: a timeout, a crash), and the
# full logs under $OUT/logs/. Cases that spin forever on a GPU (hang.cu's)
# are cut by TIMEOUT seconds per run (default 60).
# Usage: OUT=DIR tests/hardware/sanitizer/run.sh   (ARCH=sm_90 by default)
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
OUT=${OUT:-$PWD/sanitizer-out}
ARCH=${ARCH:-sm_90}
TIMEOUT=${TIMEOUT:-60}
CUDA=${CUDA_PATH:-/usr/local/cuda}
NVCC=${NVCC:-$CUDA/bin/nvcc}
SAN=${SANITIZER:-$CUDA/bin/compute-sanitizer}
JOBS=${JOBS:-$(nproc)}
work=$OUT/build
mkdir -p "$work" "$OUT/logs"
cases=$OUT/cases.tsv
python3 "$root/tests/hardware/sanitizer/harness.py" "$work" \
  "$root"/tests/lit/run/faults/*.cu "$root"/tests/lit/run/races/*.cu \
  "$root"/tests/lit/run/race.cu "$root"/tests/lit/run/barrier.cu \
  "$root"/tests/lit/run/out-of-bounds.cu > "$cases"
result=$OUT/sanitizer.txt
: > "$result"
# Compile in parallel; a case that does not compile is recorded as such.
compile() {
  local name=$1
  "$NVCC" -arch="$ARCH" -lineinfo -g -w -o "$work/$name" "$work/$name.cu" \
    > "$OUT/logs/$name.nvcc.txt" 2>&1 || echo "nvcc failed" >> "$OUT/logs/$name.nvcc.txt"
}
export -f compile
export NVCC ARCH work OUT
cut -f1,2 "$cases" | grep -v $'\tskipped:' | cut -f1 | xargs -P "$JOBS" -I{} bash -c 'compile {}'
# Each case under the four tools; PAR cases at a time (one GPU is shared, the
# tools serialize kernels anyway), each into its own file, joined in case order.
run_case() {
  local name=$1 rest=$2 part=$OUT/parts/$1.txt
  : > "$part"
  if [[ $rest == skipped:* ]]; then
    printf '%s\t-\t%s\n' "$name" "$rest" >> "$part"
    return
  fi
  if [[ ! -x $work/$name ]]; then
    printf '%s\t-\tnvcc failed: %s\n' "$name" "$(grep -m1 error "$OUT/logs/$name.nvcc.txt")" >> "$part"
    return
  fi
  for tool in memcheck racecheck synccheck initcheck; do
    extra=()
    [[ $tool == memcheck ]] && extra=(--leak-check full)
    [[ $tool == racecheck ]] && extra=(--racecheck-report all)
    log=$OUT/logs/$name.$tool.txt
    timeout "$TIMEOUT" "$SAN" --tool "$tool" "${extra[@]}" --print-limit 20 "$work/$name" > "$log" 2>&1
    rc=$?
    errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) error.*/\1/p; s/.*RACECHECK SUMMARY: \([0-9]*\) hazard.*/\1/p' "$log" | head -1)
    first=$(grep -m1 -E '^========= (Invalid|Error|Race|Barrier|Uninitialized|Leaked|Program hit|Malloc|Free|Warning|Divergent|Address)' "$log" | sed 's/^========= //')
    printf '%s\t%s\terrors=%s\texit=%s\t%s\n' "$name" "$tool" "${errors:-?}" "$rc" "$first" >> "$part"
  done
}
export -f run_case
export SAN TIMEOUT
mkdir -p "$OUT/parts"
PAR=${PAR:-8}
cut -f1,2 "$cases" | tr '\t' '\n' | xargs -d '\n' -n 2 -P "$PAR" bash -c 'run_case "$0" "$1"'
cut -f1 "$cases" | while read -r name; do cat "$OUT/parts/$name.txt"; done > "$result"
echo "wrote $result ($(wc -l < "$result") lines)"
