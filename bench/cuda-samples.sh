#!/usr/bin/env bash
# Runs `warplint check` over every .cu of NVIDIA's cuda-samples that nvcc compiles
# for sm_90 and counts the files warplint could not analyze (exit 2).
#
#   bench/cuda-samples.sh SAMPLES_DIR [WARPLINT] [OUT_DIR]
#
# SAMPLES_DIR is a checkout's Samples/ folder. Each file is compiled as the issue
# describes it: `-- -I Common -I <sample dir>`. nvcc (-ptx, sm_90, with -rdc=true
# when the plain compile fails) decides which files count; its verdicts are
# cached in OUT_DIR/nvcc.txt. Needs nvcc (the CUDA toolkit); not run by CI.
set -u
SAMPLES=$(cd "${1:?usage: $0 SAMPLES_DIR [WARPLINT] [OUT_DIR]}" && pwd)
WARPLINT=${2:-$(dirname "$0")/../build/warplint}
OUT=${3:-/tmp/warplint-cuda-samples}
COMMON=$SAMPLES/../Common
DIRS="0_Introduction 2_Concepts_and_Techniques 3_CUDA_Features 5_Domain_Specific 6_Performance"
mkdir -p "$OUT"
cd "$SAMPLES"
files=$(find $DIRS -name '*.cu' | sort)

if [ ! -s "$OUT/nvcc.txt" ]; then
  for f in $files; do
    d=$(dirname "$f")
    if nvcc -arch=sm_90 -ptx -o /dev/null -I "$COMMON" -I "$d" "$f" >/dev/null 2>&1; then
      echo "ok $f"
    elif nvcc -arch=sm_90 -rdc=true -ptx -o /dev/null -I "$COMMON" -I "$d" "$f" \
         >/dev/null 2>&1; then
      echo "rdc $f"
    else
      echo "fail $f"
    fi
  done > "$OUT/nvcc.txt"
fi

analyzed=0; failed=0; skipped=0; warnings=0; line0=0
: > "$OUT/failed.txt"
while read -r verdict f; do
  if [ "$verdict" = fail ]; then skipped=$((skipped + 1)); continue; fi
  d=$(dirname "$f")
  log="$OUT/$(echo "$f" | tr / _).log"
  timeout 120 "$WARPLINT" check "$f" -- -I "$COMMON" -I "$d" > "$log" 2>&1
  rc=$?
  if [ $rc -eq 2 ] || [ $rc -ge 124 ]; then
    failed=$((failed + 1)); echo "$rc $f" >> "$OUT/failed.txt"
  else
    analyzed=$((analyzed + 1))
  fi
  warnings=$((warnings + $(grep -c ': warning: ' "$log")))
  line0=$((line0 + $(grep -Ec '^[^ :]*:0:' "$log")))
done < "$OUT/nvcc.txt"
echo "nvcc compiles: $((analyzed + failed)) (nvcc rejects $skipped)"
echo "analyzed: $analyzed   could not do its job (exit 2 or timeout): $failed"
echo "warnings: $warnings   on line 0: $line0"
echo "failures: $OUT/failed.txt"
