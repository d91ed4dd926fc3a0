#!/usr/bin/env bash
# Runs `warplint check` over every .cu of NVIDIA's cuda-samples and counts the
# files warplint could not analyze (exit 2 or a timeout), among those nvcc
# compiles for sm_90.
#
#   bench/cuda-samples.sh SAMPLES_DIR [WARPLINT] [OUT_DIR]
#
# SAMPLES_DIR is a checkout's Samples/ folder. Each file is compiled as the issue
# describes it: `-- -I Common -I <sample dir>`. nvcc is asked only about the
# files warplint fails on (-ptx for sm_90, then with -rdc=true): a file nvcc
# rejects too is set aside, not counted as a failure. Its verdicts are cached
# in OUT_DIR/nvcc.txt. JOBS=N runs N files at a time (default 1). Needs nvcc
# (the CUDA toolkit); not run by CI.
set -u
SAMPLES=$(cd "${1:?usage: $0 SAMPLES_DIR [WARPLINT] [OUT_DIR]}" && pwd)
WARPLINT=$(realpath "${2:-$(dirname "$0")/../build/bin/warplint}")
OUT=$(mkdir -p "${3:-/tmp/warplint-cuda-samples}" && cd "${3:-/tmp/warplint-cuda-samples}" && pwd)
COMMON=$SAMPLES/../Common
DIRS="0_Introduction 2_Concepts_and_Techniques 3_CUDA_Features 5_Domain_Specific 6_Performance"
cd "$SAMPLES"
touch "$OUT/nvcc.txt"

# One file: its warplint exit status and log.
check_one() {
  f=$1
  log="$OUT/$(echo "$f" | tr / _).log"
  timeout 300 "$WARPLINT" check "$f" -- -I "$COMMON" -I "$(dirname "$f")" > "$log" 2>&1
  echo "$? $f"
}
export -f check_one
export WARPLINT OUT COMMON
find $DIRS -name '*.cu' | sort |
  xargs -P "${JOBS:-1}" -I{} bash -c 'check_one {}' | sort -k2 > "$OUT/status.txt"

# nvcc's verdict on a file warplint failed on: ok, rdc or fail (cached).
nvcc_verdict() {
  f=$1
  v=$(awk -v f="$f" '$2 == f { print $1 }' "$OUT/nvcc.txt")
  if [ -z "$v" ]; then
    d=$(dirname "$f")
    if nvcc -arch=sm_90 -ptx -o /dev/null -I "$COMMON" -I "$d" "$f" >/dev/null 2>&1; then v=ok
    elif nvcc -arch=sm_90 -rdc=true -ptx -o /dev/null -I "$COMMON" -I "$d" "$f" \
         >/dev/null 2>&1; then v=rdc
    else v=fail; fi
    echo "$v $f" >> "$OUT/nvcc.txt"
  fi
  echo "$v"
}

analyzed=0; failed=0; setaside=0; warnings=0; line0=0
: > "$OUT/failed.txt"; : > "$OUT/setaside.txt"
while read -r rc f; do
  log="$OUT/$(echo "$f" | tr / _).log"
  if [ "$rc" -eq 2 ] || [ "$rc" -ge 124 ]; then
    if [ "$(nvcc_verdict "$f")" = fail ]; then
      setaside=$((setaside + 1)); echo "$f" >> "$OUT/setaside.txt"; continue
    fi
    failed=$((failed + 1)); echo "$rc $f" >> "$OUT/failed.txt"
  else
    analyzed=$((analyzed + 1))
  fi
  warnings=$((warnings + $(grep -c ': warning: ' "$log")))
  line0=$((line0 + $(grep -Ec '^[^ :]*:0:' "$log")))
done < "$OUT/status.txt"
echo "files: $((analyzed + failed + setaside)) (nvcc rejects $setaside of them: $OUT/setaside.txt)"
echo "analyzed: $analyzed   could not do its job (exit 2 or timeout): $failed"
echo "warnings: $warnings   on line 0: $line0"
echo "failures: $OUT/failed.txt"
