#!/usr/bin/env bash
# Configures and builds warplint into build/ (Release, Ninja; through ccache
# where it is installed). With target names, only those (the demo builds the
# warplint command alone); without, everything the tests need.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
targets=()
for t in "$@"; do targets+=(--target "$t"); done
echo "build: ${*:-every target} in $root/build with $(nproc) jobs"
cmake --build "$root/build" -j "$(nproc)" "${targets[@]}"
