#!/usr/bin/env bash
# Runs `warplint accesses --format=json` over every .cu file of a local checkout
# of real CUDA code (a benchmark collection, NVIDIA's samples, a library) and
# prints, over every kernel: files analyzed and failed (with the reason), the
# accesses by pattern, the share labelled data-dependent, not modelled and
# without a line, and the launches resolved from host code vs assumed.
#
#   bench/realcode.sh CHECKOUT [WARPLINT] [OUT_DIR]
#
# Each file is analyzed as its build would see it, approximately: its own
# folder, the checkout's top and any Common/ or include/ folder beside it are on
# the include path. A file warplint fails on is asked of nvcc when the toolkit
# is installed (`-c` for sm_90, then with -rdc=true: as a build compiles it;
# `-ptx` alone skips the host compiler, and EDG accepts an undeclared name in a
# template it never instantiates): a file nvcc rejects too is set aside.
# JOBS=N analyzes N files at a time (default 2); TIMEOUT=S per file (default
# 300); LIMIT=N takes every k-th file so that N are analyzed; EXTRA_FLAGS are
# added to every compile (-I of a configured header folder, -D). Not run by CI (it
# needs a checkout of code that is not ours).
set -u
ROOT=$(cd "${1:?usage: $0 CHECKOUT [WARPLINT] [OUT_DIR]}" && pwd)
WARPLINT=$(realpath "${2:-$(dirname "$0")/../build/bin/warplint}")
OUT=$(mkdir -p "${3:-/tmp/warplint-realcode}" && cd "${3:-/tmp/warplint-realcode}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT/files"
echo "$ROOT" > "$OUT/root.txt"

includes() {
  f=$1
  echo -I "$ROOT" -I "$(dirname "$f")"
  for d in "$ROOT/Common" "$ROOT/common" "$ROOT/include" "$ROOT/../Common" \
           "$(dirname "$f")/../include" "$(dirname "$f")/../common"; do
    [ -d "$d" ] && echo -I "$d"
  done
  # What the code base's build adds (a configure script's include folder, -D).
  echo ${EXTRA_FLAGS:-}
}

one() {
  f=$1
  base="$OUT/files/$(echo "${f#$ROOT/}" | tr / _)"
  start=$(date +%s%N)
  # shellcheck disable=SC2046
  timeout "${TIMEOUT:-300}" "$WARPLINT" accesses "$f" --format=json \
    -- $(includes "$f") > "$base.json" 2> "$base.err"
  rc=$?
  nv=-
  if [ "$rc" -eq 2 ] || [ "$rc" -ge 124 ]; then
    if command -v nvcc >/dev/null; then
      # shellcheck disable=SC2046
      if nvcc -arch=sm_90 -c -o /dev/null $(includes "$f") "$f" >/dev/null 2>&1; then nv=ok
      elif nvcc -arch=sm_90 -rdc=true -c -o /dev/null $(includes "$f") "$f" \
           >/dev/null 2>&1; then nv=ok
      else nv=fail; fi
    else
      nv=unknown
    fi
  fi
  end=$(date +%s%N)
  printf '%s\t%s\t%s\t%s\n' "$rc" "$nv" "$(( (end - start) / 1000000 ))" "${f#$ROOT/}"
}
export -f one includes
export ROOT WARPLINT OUT TIMEOUT EXTRA_FLAGS

files=$(find "$ROOT" -name '*.cu' | sort)
total=$(echo "$files" | grep -c .)
if [ -n "${LIMIT:-}" ] && [ "$LIMIT" -lt "$total" ]; then
  files=$(echo "$files" | awk -v n="$total" -v k="$LIMIT" 'NR % int(n / k) == 0' | head -n "$LIMIT")
fi
echo "$files" | xargs -P "${JOBS:-2}" -I{} bash -c 'one "{}"' | sort -k4 > "$OUT/status.tsv"
python3 "$HERE/realcode.py" "$OUT"
