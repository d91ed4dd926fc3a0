#!/usr/bin/env bash
# Sets up, builds and runs warplint on every kernel under samples/: the
# accesses it sees, then the findings of `warplint check`.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
echo "demo: installs (apt, where missing) the compiler, CMake, Ninja, LLVM/Clang 22, Boost,"
echo "demo: GoogleTest, zstd, lld and ccache; builds the warplint command only (not the"
echo "demo: unit tests); then runs 'warplint accesses' and 'warplint check' on samples/*.cu."
# The warplint command alone: the unit tests and benchmarks wait for scripts/test.sh.
bash "$root/scripts/build.sh" warplint || exit 2
cd "$root"
build/bin/warplint accesses samples/*.cu || exit $?
echo
build/bin/warplint check samples/*.cu
status=$?
# check exits 1 when it reports findings, which the samples are written to have.
[ "$status" -le 1 ] || exit "$status"
