#!/usr/bin/env bash
# Configures and builds warplint into build/ (Release, Ninja; through ccache
# where it is installed). With target names, only those, and only the
# packages the build needs (the demo builds the warplint command alone);
# without, everything the tests need. Says up front what it builds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -gt 0 ]; then
  bash "$root/scripts/setup.sh" --build
else
  bash "$root/scripts/setup.sh"
fi
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
targets=()
for t in "$@"; do targets+=(--target "$t"); done
# Every step the targets need (ninja -t commands: a dry run, ninja -n, stops at
# the glob check's CMake re-run and counted 0 on a fresh build directory).
steps=$(ninja -C "$root/build" -t commands "$@" 2>/dev/null | wc -l || true)
cache=$(command -v ccache >/dev/null && echo "through ccache" || echo "without ccache (not installed)")
echo "build: ${*:-every target} in $root/build: $steps compile and link steps (those already built are skipped), $(nproc) jobs, $cache"
cmake --build "$root/build" -j "$(nproc)" "${targets[@]}"
